// A small Plutus V2 validator for devnet tests, compiled with Helios: it accepts a spend whose
// redeemer is 3 × datum + 1 (integer arithmetic, comparison and a trace: several cost-model
// entries take part, so a cost-model mismatch between evaluator and ledger would show).
import { resolvePlutusScriptAddress, resolveScriptHash } from "@meshsdk/core";

// Compiled without optimization so that the trace stays in the script.
const SOURCE = `spending sum_check

func main(datum: Int, redeemer: Int) -> Bool {
    (redeemer == datum * 3 + 1).trace_if_false("wrong redeemer")
}
`;

export interface PlutusFixture {
  /** The script as Mesh takes it (CBOR hex). */
  readonly code: string;
  readonly hash: string;
  /** Its testnet address. */
  readonly address: string;
}

interface HeliosCompiler {
  Program: new (source: string, options: { isTestnet: boolean }) => {
    compile(options: { optimize: boolean }): { toCbor(): number[] | Uint8Array; hash(): number[] | Uint8Array };
  };
}

export async function sumCheckValidator(): Promise<PlutusFixture> {
  // The compiler ships without type declarations: typed here by the little this helper uses.
  const compilerModule: string = "@helios-lang/compiler";
  const { Program } = (await import(compilerModule)) as HeliosCompiler;
  const uplc = new Program(SOURCE, { isTestnet: true }).compile({ optimize: false });
  const code = Buffer.from(uplc.toCbor()).toString("hex");
  const hash = Buffer.from(uplc.hash()).toString("hex");
  if (resolveScriptHash(code, "V2") !== hash) throw new Error("Helios and Mesh disagree on the script hash");
  return { code, hash, address: resolvePlutusScriptAddress({ code, version: "V2" }, 0) };
}
