// A small Plutus V2 validator for devnet tests, compiled with Helios: it accepts a spend whose
// redeemer is 3 × datum + 1 (integer arithmetic, comparison and a trace: several cost-model
// entries take part, so a cost-model mismatch between evaluator and ledger would show). Outputs
// are locked at it (optionally with the validator as a reference script) and spent through it here.
//
// Its compiled code is kept below with the digest of what it was compiled from (the source and the
// compiler's version), so the tests do not load and run Helios (some 0.85 s of CPU per process):
// sumCheckValidator refuses a digest that differs from the source now, and
// test/slow/contracts-compile.test.ts compiles it again (compileSumCheck) and compares.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type { UTxO } from "@meshsdk/common";
import { MeshTxBuilder, resolvePlutusScriptAddress, resolveScriptHash } from "@meshsdk/core";
import type { ChainPort } from "../../src/chain/port.js";
import { packageVersion } from "../../src/tournament/contracts.js";
import type { TestWallet } from "./wallets.js";

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
  Program: new (
    source: string,
    options: { isTestnet: boolean },
  ) => {
    compile(options: { optimize: boolean }): { toCbor(): number[] | Uint8Array; hash(): number[] | Uint8Array };
  };
}

/** SOURCE compiled (compileSumCheck), and the digest of what it was compiled from (sourceDigest). */
const COMPILED = {
  sourceDigest: "7b529c329d556e787d2ee29a5e51b82a54a720514188c6bbeedfbe437d5c8528",
  code:
    "587b5879010000222323232323232325333573466002600e014600e0122930980324811976616c69646174696f6e2072657475726e65642066616c73" +
    "650022330063300500133004330030024801920024910e77726f6e672072656465656d657200704e01c3912999ab9a002100213357380020044a66ae" +
    "7000459d69",
};

/** The digest of what compileSumCheck reads: the source and the compiler's version. */
export const sourceDigest = (): string =>
  createHash("sha256")
    .update(SOURCE)
    .update(`@helios-lang/compiler@${packageVersion("@helios-lang/compiler")}`)
    .digest("hex");

/** Compiles SOURCE with Helios (what COMPILED records). */
export async function compileSumCheck(): Promise<{ code: string; hash: string }> {
  // The compiler ships without type declarations: typed here by the little this helper uses.
  const compilerModule: string = "@helios-lang/compiler";
  const { Program } = (await import(compilerModule)) as HeliosCompiler;
  const uplc = new Program(SOURCE, { isTestnet: true }).compile({ optimize: false });
  const code = Buffer.from(uplc.toCbor()).toString("hex");
  const hash = Buffer.from(uplc.hash()).toString("hex");
  if (resolveScriptHash(code, "V2") !== hash) throw new Error("Helios and Mesh disagree on the script hash");
  return { code, hash };
}

/** The validator, from its committed code. */
export async function sumCheckValidator(): Promise<PlutusFixture> {
  if (COMPILED.sourceDigest !== sourceDigest())
    throw new Error(
      "test/support/plutus-fixture.ts: SOURCE or the compiler changed since COMPILED was written: set COMPILED to compileSumCheck()'s code and sourceDigest()",
    );
  const code = COMPILED.code;
  const hash = resolveScriptHash(code, "V2");
  return Promise.resolve({ code, hash, address: resolvePlutusScriptAddress({ code, version: "V2" }, 0) });
}

/**
 * Pays 5 ADA to `script` with the inline datum 7 (output 0) from `wallet`, through `port`; with
 * `reference`, also 30 ADA back to the wallet carrying the script as a reference script (output 1).
 * The outputs are read back from `ledger` (the port, or the ledger behind it).
 */
async function lock(
  port: ChainPort,
  wallet: TestWallet,
  script: PlutusFixture,
  reference: boolean,
  ledger: Pick<ChainPort, "utxosByRef">,
) {
  let builder = new MeshTxBuilder({ params: await port.protocolParameters() })
    .txOut(script.address, [{ unit: "lovelace", quantity: "5000000" }])
    .txOutInlineDatumValue(7);
  if (reference)
    builder = builder
      .txOut(wallet.address, [{ unit: "lovelace", quantity: "30000000" }])
      .txOutReferenceScript(script.code, "V2");
  const unsigned = await builder
    .changeAddress(wallet.address)
    .selectUtxosFrom(await port.utxosAt(wallet.address))
    .complete();
  const txHash = await port.submit(await wallet.sign(unsigned));
  const indexes = reference ? [0, 1] : [0];
  return { txHash, outputs: await ledger.utxosByRef(indexes.map((index) => ({ txHash, index }))) };
}

/** An output locked at the validator with the inline datum 7 (output 0 of `txHash`), read back from `ledger`. */
export async function lockAtScript(
  port: ChainPort,
  wallet: TestWallet,
  script: PlutusFixture,
  ledger: Pick<ChainPort, "utxosByRef"> = port,
): Promise<{ txHash: string; locked: UTxO }> {
  const { txHash, outputs } = await lock(port, wallet, script, false, ledger);
  const [locked] = outputs;
  assert.ok(locked);
  return { txHash, locked };
}

/** The locked output of lockAtScript and, in the same transaction, the validator as a reference script (output 1, the wallet's). */
export async function lockWithReference(
  port: ChainPort,
  wallet: TestWallet,
  script: PlutusFixture,
  ledger: Pick<ChainPort, "utxosByRef"> = port,
): Promise<{ txHash: string; locked: UTxO; reference: UTxO }> {
  const { txHash, outputs } = await lock(port, wallet, script, true, ledger);
  const [locked, reference] = outputs;
  assert.ok(
    locked?.output.plutusData && reference?.output.scriptRef,
    "the ledger holds the datum and the reference script",
  );
  return { txHash, locked, reference };
}

/** What a spend of a locked output through a reference script needs. */
export interface ReferenceSpend {
  readonly port: ChainPort;
  readonly script: PlutusFixture;
  /** The output locked at the script with an inline datum. */
  readonly locked: UTxO;
  /** The output carrying the script as a reference script. */
  readonly reference: UTxO;
  /** Pays the fee and the collateral, and signs. */
  readonly wallet: TestWallet;
}

/** A signed spend of `locked` through the reference script, with the given redeemer and budget. */
export async function spendThroughReference(
  s: ReferenceSpend,
  redeemer: number,
  budget: { mem: number; steps: number },
): Promise<string> {
  const params = await s.port.protocolParameters();
  const utxos = (await s.port.utxosAt(s.wallet.address)).filter((u) => !u.output.scriptRef);
  const collateral = utxos[0];
  if (!collateral) throw new Error(`${s.wallet.address} holds no UTxO for collateral`);
  const { locked, reference, script } = s;
  const builder = new MeshTxBuilder({ params })
    .spendingPlutusScriptV2()
    .txIn(locked.input.txHash, locked.input.outputIndex, locked.output.amount, locked.output.address, 0)
    .txInInlineDatumPresent()
    .txInRedeemerValue(redeemer, "Mesh", budget)
    .spendingTxInReference(
      reference.input.txHash,
      reference.input.outputIndex,
      String(script.code.length / 2),
      script.hash,
    )
    .txInCollateral(
      collateral.input.txHash,
      collateral.input.outputIndex,
      collateral.output.amount,
      collateral.output.address,
    )
    .changeAddress(s.wallet.address)
    .selectUtxosFrom(utxos);
  return s.wallet.sign(await builder.complete());
}
