// The tournament contracts as the service uses them: compiled scripts, their hashes and
// addresses per network. The tournament script (NFT policy + validator) comes from the committed
// CIP-57 blueprint, contracts/plutus.json; a registration validator is compiled per tournament
// from the Helios source with its parameters set by changeParam (contracts/README.md).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { makeByteArrayData, makeIntData, type UplcData } from "@helios-lang/uplc";
import { shelleyAddress, shelleyAddressOf } from "../cardano/credential-address.js";
import type { Address } from "../cardano/addresses.js";
import { plutusScriptHashOfCode } from "../cardano/script-hash.js";
import type { Network } from "../config.js";
import * as limits from "./limits.js";
import { withTraceCodes } from "./traces.js";

const CONTRACTS_DIR = new URL("../../contracts/", import.meta.url);

/** A compiled Plutus V2 script in the shapes Mesh takes. */
export interface CompiledScript {
  /** CBOR hex as Mesh takes it (the script bytes wrapped in one more CBOR byte string). */
  readonly code: string;
  /** The blueprint's compiledCode: CBOR byte string of the flat-encoded program. */
  readonly compiledCode: string;
  /** blake2b-224 script hash, hex (the policy id, for the tournament script). */
  readonly hash: string;
  readonly version: "V2";
}

export interface BlueprintValidator {
  readonly title: string;
  readonly compiledCode: string;
  readonly hash: string;
  readonly [key: string]: unknown;
}

export interface Blueprint {
  readonly preamble: { readonly title: string; readonly version: string; readonly [key: string]: unknown };
  readonly validators: readonly BlueprintValidator[];
  readonly definitions?: Record<string, unknown>;
}

export const TOURNAMENT_TITLE = "tournament.tournament";
export const REGISTRATION_TITLE = "registration.registration";

/** A Helios source as compiled: its trace messages swapped for their codes (traces.ts). */
const source = (name: string): string =>
  withTraceCodes(readFileSync(new URL(`src/${name}.hl`, CONTRACTS_DIR), "utf8"), `${name}.hl`);

const hexOf = (bytes: readonly number[] | Uint8Array): string => Buffer.from(bytes).toString("hex");

/** Removes one CBOR byte-string header (major type 2) from hex. */
function unwrapCborBytes(cborHex: string): string {
  const b = Buffer.from(cborHex, "hex");
  const head = b[0] ?? 0;
  if (head >> 5 !== 2) throw new Error("not a CBOR byte string");
  const info = head & 0x1f;
  const skip = info < 24 ? 1 : info === 24 ? 2 : info === 25 ? 3 : info === 26 ? 5 : 0;
  if (skip === 0) throw new Error("unsupported CBOR byte string length");
  return b.subarray(skip).toString("hex");
}

/**
 * Helios' compiler (about 0.4 s to load), loaded at its first use: only a registration validator's
 * compile (registrationScript, once per process through registration-script.ts's template) and
 * contracts/build.ts need it, so a start that serves no registration never loads it. Loaded
 * synchronously (Node's require of an ES module) because the paths that read a tournament are.
 */
let compiler: typeof import("@helios-lang/compiler") | undefined;
const heliosCompiler = (): typeof import("@helios-lang/compiler") =>
  (compiler ??= createRequire(import.meta.url)("@helios-lang/compiler") as typeof import("@helios-lang/compiler"));

function compileProgram(name: string, params: Record<string, UplcData> = {}): CompiledScript {
  const { Program } = heliosCompiler();
  const program = new Program(source(name), { moduleSources: [source("types")], isTestnet: false });
  for (const [param, value] of Object.entries(params)) {
    // changeParam needs the module-qualified name; it returns false and applies nothing otherwise.
    if (!program.changeParam(param, value)) throw new Error(`changeParam(${param}) did not apply`);
  }
  // Traces stay in: a rejected transaction then says which rule it broke (they run only on failure paths).
  const uplc = program.compile({ optimize: { keepTracing: true } });
  const code = hexOf(uplc.toCbor());
  const hash = hexOf(uplc.hash());
  const ownHash = plutusScriptHashOfCode(code, "V2");
  if (ownHash !== hash) throw new Error(`script hash disagreement for ${name}: Helios ${hash}, ours ${ownHash}`);
  return { code, compiledCode: unwrapCborBytes(code), hash, version: "V2" };
}

/** The tournament script's limits, from src/tournament/limits.ts: the service and the contract share them. */
const TOURNAMENT_LIMITS: Record<string, UplcData> = {
  "tournament::MIN_BRACKET": makeIntData(limits.MIN_BRACKET),
  "tournament::MAX_BRACKET": makeIntData(limits.MAX_BRACKET),
  "tournament::MAX_PLACEMENTS": makeIntData(limits.MAX_PLACEMENTS),
  "tournament::MAX_FIXED_PAYOUTS": makeIntData(limits.MAX_FIXED_PAYOUTS),
  "tournament::MAX_NAME_BYTES": makeIntData(limits.MAX_NAME_BYTES),
  "tournament::MAX_LOVELACE": makeIntData(limits.MAX_LOVELACE),
  "tournament::MAX_SETTLE_WINDOW_MS": makeIntData(limits.CONTRACT_MAX_SETTLE_WINDOW_MS),
  "tournament::MIN_PAYOUT_LOVELACE": makeIntData(limits.MIN_PAYOUT_LOVELACE),
};

/** Compiles the two unparameterized programs (what the blueprint records). */
export function compileContracts(): { tournament: CompiledScript; registration: CompiledScript } {
  return { tournament: compileProgram("tournament", TOURNAMENT_LIMITS), registration: compileProgram("registration") };
}

let blueprintCache: Blueprint | undefined;

export function loadBlueprint(): Blueprint {
  blueprintCache ??= JSON.parse(readFileSync(new URL("plutus.json", CONTRACTS_DIR), "utf8")) as Blueprint;
  return blueprintCache;
}

function fromBlueprint(titlePrefix: string): CompiledScript {
  const v = loadBlueprint().validators.find((x) => x.title.startsWith(titlePrefix));
  if (v === undefined) throw new Error(`plutus.json has no validator ${titlePrefix}`);
  const code = `${cborBytesHeader(v.compiledCode.length / 2)}${v.compiledCode}`;
  const hash = plutusScriptHashOfCode(code, "V2");
  if (hash !== v.hash) throw new Error(`plutus.json hash of ${v.title} does not match its code`);
  return { code, compiledCode: v.compiledCode, hash, version: "V2" };
}

function cborBytesHeader(n: number): string {
  if (n < 24) return (0x40 + n).toString(16).padStart(2, "0");
  if (n < 0x100) return `58${n.toString(16).padStart(2, "0")}`;
  if (n < 0x10000) return `59${n.toString(16).padStart(4, "0")}`;
  return `5a${n.toString(16).padStart(8, "0")}`;
}

let tournamentCache: CompiledScript | undefined;

/** The tournament script: NFT minting policy and tournament validator in one (policy id = hash). */
export function tournamentScript(): CompiledScript {
  tournamentCache ??= fromBlueprint(TOURNAMENT_TITLE);
  return tournamentCache;
}

const registrationCache = new Map<string, CompiledScript>();

/** The registration validator of one tournament (compiled once per tournament ID, then cached). */
export function registrationScript(tournamentId: string): CompiledScript {
  if (!/^[0-9a-f]{64}$/.test(tournamentId)) throw new Error("tournamentId must be 32 bytes of lowercase hex");
  let script = registrationCache.get(tournamentId);
  if (script === undefined) {
    script = compileProgram("registration", {
      "registration::TOURNAMENT_POLICY": makeByteArrayData(tournamentScript().hash),
      "registration::TOURNAMENT_ID": makeByteArrayData(tournamentId),
    });
    registrationCache.set(tournamentId, script);
  }
  return script;
}

export const networkIdOf = (network: Network): 0 | 1 => (network === "mainnet" ? 1 : 0);

/** The enterprise address (no stake part) of a script on a network. */
export function scriptAddress(script: CompiledScript, network: Network): string {
  return shelleyAddress({ hash: script.hash, isScript: true }, undefined, networkIdOf(network));
}

/** scriptAddress as an Address (bytes and bech32), made from its bytes: what outputs to it carry. */
export const scriptAddressOf = (hash: string, network: Network): Address =>
  shelleyAddressOf({ hash, isScript: true }, undefined, networkIdOf(network));

export const tournamentAddress = (network: Network): string => scriptAddress(tournamentScript(), network);
export const registrationAddress = (tournamentId: string, network: Network): string =>
  scriptAddress(registrationScript(tournamentId), network);
/** Policy id of tournament NFTs (= the tournament script hash). */
export const tournamentPolicyId = (): string => tournamentScript().hash;
