// FROZEN v1 (contracts 1.0.0), kept only so that bench/tournament.ts can price v1 next to v2 in the
// same run. No service code imports it; do not extend it. The tournament script comes from
// contracts/v1/plutus.json and each tournament's registration validator is compiled from
// contracts/v1/src with its two parameters set by changeParam, as the service did at v1
// (git history: src/tournament/contracts.ts).
import { readFileSync } from "node:fs";
import { Program } from "@helios-lang/compiler";
import { makeByteArrayData } from "@helios-lang/uplc";
import { resolveScriptHash } from "@meshsdk/core";
import type { CompiledScript } from "../../src/tournament/contracts.js";

const V1_DIR = new URL("./", import.meta.url);
const source = (name: string): string => readFileSync(new URL(`src/${name}.hl`, V1_DIR), "utf8");
const hexOf = (bytes: readonly number[]): string => Buffer.from(bytes).toString("hex");

/** The CBOR byte-string header of `n` bytes (major type 2). */
function bytesHeader(n: number): string {
  if (n < 24) return (0x40 + n).toString(16).padStart(2, "0");
  if (n < 0x100) return `58${n.toString(16).padStart(2, "0")}`;
  if (n < 0x10000) return `59${n.toString(16).padStart(4, "0")}`;
  return `5a${n.toString(16).padStart(8, "0")}`;
}

let tournament: CompiledScript | undefined;

/** The v1 tournament script (NFT policy + validator), from the frozen v1 blueprint. */
export function v1TournamentScript(): CompiledScript {
  if (tournament === undefined) {
    const blueprint = JSON.parse(readFileSync(new URL("plutus.json", V1_DIR), "utf8")) as {
      preamble: { version: string };
      validators: { title: string; compiledCode: string; hash: string }[];
    };
    const v = blueprint.validators.find((x) => x.title.startsWith("tournament.tournament"));
    if (blueprint.preamble.version !== "1.0.0" || v === undefined)
      throw new Error("contracts/v1/plutus.json is not the v1 blueprint");
    const code = bytesHeader(v.compiledCode.length / 2) + v.compiledCode;
    if (resolveScriptHash(code, "V2") !== v.hash)
      throw new Error("contracts/v1/plutus.json: the tournament hash does not match its code");
    tournament = { code, compiledCode: v.compiledCode, hash: v.hash, version: "V2" };
  }
  return tournament;
}

/** The v1 registration validator of tournament `id` (32 bytes hex); a Helios compile, ~2 s. */
export function v1RegistrationScript(id: string): CompiledScript {
  const program = new Program(source("registration"), { moduleSources: [source("types")], isTestnet: false });
  const params = {
    "registration::TOURNAMENT_POLICY": makeByteArrayData(v1TournamentScript().hash),
    "registration::TOURNAMENT_ID": makeByteArrayData(id),
  };
  for (const [name, value] of Object.entries(params)) {
    if (!program.changeParam(name, value)) throw new Error(`changeParam(${name}) did not apply`);
  }
  const uplc = program.compile({ optimize: { keepTracing: true } });
  const code = hexOf(uplc.toCbor());
  const hash = hexOf(uplc.hash());
  if (resolveScriptHash(code, "V2") !== hash)
    throw new Error("v1 registration: Helios and Mesh disagree on the script hash");
  const header = code.startsWith("59") ? 6 : code.startsWith("58") ? 4 : 2;
  return { code, compiledCode: code.slice(header), hash, version: "V2" };
}
