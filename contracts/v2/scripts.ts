// FROZEN v2 (contracts 2.0.0), kept only so that bench/tournament.ts can price v2 next to v2.1 in
// the same run, and so that contracts/test/v2-weaknesses.test.ts can show on chain what v2
// accepted. No service code imports it; do not extend it. The tournament script comes from
// contracts/v2/plutus.json and each tournament's registration validator is compiled from
// contracts/v2/src with its two parameters set by changeParam and its trace sentences swapped for
// the codes of src/tournament/traces.ts (codes are stable: v2.1 only added codes at the end).
import { readFileSync } from "node:fs";
import { Program } from "@helios-lang/compiler";
import { makeByteArrayData } from "@helios-lang/uplc";
import { resolveScriptHash } from "@meshsdk/core";
import type { CompiledScript } from "../../src/tournament/contracts.js";
import { withTraceCodes } from "../../src/tournament/traces.js";

const V2_DIR = new URL("./", import.meta.url);
const source = (name: string): string => withTraceCodes(readFileSync(new URL(`src/${name}.hl`, V2_DIR), "utf8"), `v2/${name}.hl`);
const hexOf = (bytes: readonly number[]): string => Buffer.from(bytes).toString("hex");

/** The CBOR byte-string header of `n` bytes (major type 2). */
function bytesHeader(n: number): string {
  if (n < 24) return (0x40 + n).toString(16).padStart(2, "0");
  if (n < 0x100) return `58${n.toString(16).padStart(2, "0")}`;
  if (n < 0x10000) return `59${n.toString(16).padStart(4, "0")}`;
  return `5a${n.toString(16).padStart(8, "0")}`;
}

let tournament: CompiledScript | undefined;

/** The v2 tournament script (NFT policy + validator), from the frozen v2 blueprint. */
export function v2TournamentScript(): CompiledScript {
  if (tournament === undefined) {
    const blueprint = JSON.parse(readFileSync(new URL("plutus.json", V2_DIR), "utf8")) as {
      preamble: { version: string };
      validators: { title: string; compiledCode: string; hash: string }[];
    };
    const v = blueprint.validators.find((x) => x.title.startsWith("tournament.tournament"));
    if (blueprint.preamble.version !== "2.0.0" || v === undefined) throw new Error("contracts/v2/plutus.json is not the v2 blueprint");
    const code = bytesHeader(v.compiledCode.length / 2) + v.compiledCode;
    if (resolveScriptHash(code, "V2") !== v.hash) throw new Error("contracts/v2/plutus.json: the tournament hash does not match its code");
    tournament = { code, compiledCode: v.compiledCode, hash: v.hash, version: "V2" };
  }
  return tournament;
}

const registrations = new Map<string, CompiledScript>();

/** The v2 registration validator of tournament `id` (32 bytes hex); a Helios compile, ~2 s, then cached. */
export function v2RegistrationScript(id: string): CompiledScript {
  const cached = registrations.get(id);
  if (cached !== undefined) return cached;
  const program = new Program(source("registration"), { moduleSources: [source("types")], isTestnet: false });
  const params = {
    "registration::TOURNAMENT_POLICY": makeByteArrayData(v2TournamentScript().hash),
    "registration::TOURNAMENT_ID": makeByteArrayData(id),
  };
  for (const [name, value] of Object.entries(params)) {
    if (!program.changeParam(name, value)) throw new Error(`changeParam(${name}) did not apply`);
  }
  const uplc = program.compile({ optimize: { keepTracing: true } });
  const code = hexOf(uplc.toCbor());
  const hash = hexOf(uplc.hash());
  if (resolveScriptHash(code, "V2") !== hash) throw new Error("v2 registration: Helios and Mesh disagree on the script hash");
  const header = code.startsWith("59") ? 6 : code.startsWith("58") ? 4 : 2;
  const script: CompiledScript = { code, compiledCode: code.slice(header), hash, version: "V2" };
  registrations.set(id, script);
  return script;
}
