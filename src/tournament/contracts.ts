// The tournament contracts as the service uses them: compiled scripts, their hashes and
// addresses per network. Each contract version is a descriptor (ContractDescriptor): the folder of
// its Helios sources, its committed CIP-57 blueprint (the tournament script: NFT policy +
// validator; v3's batch validator) and its committed registration template, from which a
// tournament's registration validator is made with its ID put in (registration-script.ts), so the
// service never compiles Helios. v2.1 is frozen in contracts/v2.1/ (V2_1_CONTRACT), the service's
// default deployment (deployment.ts); v3 is contracts/src/ (V3_CONTRACT: contracts/plutus.json
// 3.0.0). compileContracts and registrationScript, the full compiles with changeParam
// (contracts/README.md), are for the builds (contracts/build.ts, contracts/v2.1/build.ts) and the
// checks that the committed files stand in for them; compileWithModules for v3's seat-tree tests.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { CompiledProgram } from "@helios-lang/compiler";
import { makeByteArrayData, makeIntData, type UplcData } from "@helios-lang/uplc";
import { shelleyAddress, shelleyAddressOf } from "../cardano/credential-address.js";
import type { Address } from "../cardano/addresses.js";
import { plutusScriptHashOfCode } from "../cardano/script-hash.js";
import type { Network } from "../config.js";
import * as limits from "./limits.js";
import { PRODUCTION_TREE, type TreeShape } from "./seat-tree.js";
import { withTraceCodes } from "./traces.js";

const CONTRACTS_DIR = new URL("../../contracts/", import.meta.url);

/** A contract version: where its sources and committed compiled files are, and how to rebuild them. */
export interface ContractDescriptor {
  /** The blueprint's preamble version. */
  readonly version: string;
  /** The folder of its Helios sources. */
  readonly sources: URL;
  /** The sources compiled as programs (validators), and the modules every program compiles with. */
  readonly validators: readonly string[];
  readonly modules: readonly string[];
  /** Its committed CIP-57 blueprint (plutus.json). */
  readonly blueprint: URL;
  /** Its committed registration template (registration-script.ts). */
  readonly template: URL;
  /** What a message about a stale committed file tells to run. */
  readonly rebuild: string;
  /** v3: the seat tree's shape its blueprint is compiled for (tests compile a smaller one). */
  readonly tree?: TreeShape;
}

/** Contracts v2.1 (issue #19), frozen in contracts/v2.1/: the service's default deployment. */
export const V2_1_CONTRACT: ContractDescriptor = {
  version: "2.1.0",
  sources: new URL("v2.1/src/", CONTRACTS_DIR),
  validators: ["tournament", "registration"],
  modules: ["types"],
  blueprint: new URL("v2.1/plutus.json", CONTRACTS_DIR),
  template: new URL("v2.1/registration-template.json", CONTRACTS_DIR),
  rebuild: "run npx tsx contracts/v2.1/build.ts",
};

/**
 * Contracts v3 (issue #23, contracts/V3-DESIGN.md): contracts/src, compiled by contracts/build.ts
 * into contracts/plutus.json (tournament, registration, batch) and contracts/registration-template.json.
 * v2.1's types.hl and registration.hl are compiled unchanged beside v3's modules.
 */
export const V3_CONTRACT: ContractDescriptor = {
  version: "3.0.0",
  sources: new URL("src/", CONTRACTS_DIR),
  validators: ["tournament", "batch", "registration"],
  modules: ["types", "v3_types", "seat_tree"],
  blueprint: new URL("plutus.json", CONTRACTS_DIR),
  template: new URL("registration-template.json", CONTRACTS_DIR),
  rebuild: "run npm run contracts:build",
  tree: PRODUCTION_TREE,
};

/**
 * The descriptor these helpers take when none is named: v2.1, for the v2.1-era callers (its attack
 * suite, fuzzer, bench). The service's default deployment is deployment.ts' DEPLOYMENTS[0],
 * and the service's code always names the contract it means.
 */
export const DEFAULT_CONTRACT = V2_1_CONTRACT;

/** A path relative to the repository, for messages: contracts/v2.1/plutus.json. */
export const repoPath = (url: URL): string => url.pathname.slice(new URL("../../", import.meta.url).pathname.length);

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
/** v3's batch validator. */
export const BATCH_TITLE = "batch.batch";

/** A Helios source of a contract as compiled: its trace messages swapped for their codes (traces.ts). */
const source = (contract: ContractDescriptor, name: string): string =>
  withTraceCodes(readFileSync(new URL(`${name}.hl`, contract.sources), "utf8"), `${name}.hl`);

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
 * Helios' compiler (about 0.4 s to load), loaded at its first use: only contracts/build.ts and the
 * checks that compile (registrationScript, compileContracts) need it; the service never loads it.
 * Loaded synchronously (Node's require of an ES module) because registrationScript is synchronous.
 */
let compiler: typeof import("@helios-lang/compiler") | undefined;
const heliosCompiler = (): typeof import("@helios-lang/compiler") =>
  (compiler ??= createRequire(import.meta.url)("@helios-lang/compiler") as typeof import("@helios-lang/compiler"));

/**
 * Compiles a Helios program `main` (a source text) with a contract's modules (as compiled: trace
 * codes in) and `params` set by changeParam, optimized as the contracts are (traces kept) or not at
 * all. The contracts' compile, and v3's seat-tree tests (a `testing` program per function, both ways).
 */
export function compileWithModules(
  contract: ContractDescriptor,
  main: string,
  params: Record<string, UplcData> = {},
  optimize = true,
): CompiledProgram {
  const { Program } = heliosCompiler();
  const moduleSources = contract.modules.map((m) => source(contract, m));
  const program = new Program(main, { moduleSources, isTestnet: false });
  for (const [param, value] of Object.entries(params)) {
    // changeParam needs the module-qualified name; it returns false and applies nothing otherwise.
    if (!program.changeParam(param, value)) throw new Error(`changeParam(${param}) did not apply`);
  }
  // Traces stay in: a rejected transaction then says which rule it broke (they run only on failure paths).
  return program.compile(optimize ? { optimize: { keepTracing: true } } : { optimize: false });
}

function compileProgram(
  contract: ContractDescriptor,
  name: string,
  params: Record<string, UplcData> = {},
): CompiledScript {
  const uplc = compileWithModules(contract, source(contract, name), params);
  const code = hexOf(uplc.toCbor());
  const hash = hexOf(uplc.hash());
  const ownHash = plutusScriptHashOfCode(code, "V2");
  if (ownHash !== hash) throw new Error(`script hash disagreement for ${name}: Helios ${hash}, ours ${ownHash}`);
  return { code, compiledCode: unwrapCborBytes(code), hash, version: "V2" };
}

/** v2.1's tournament script limits, from src/tournament/limits.ts: the service and the contract share them. */
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

/** The seat tree's build-time constants for a shape, as changeParam takes them (v3's seat_tree.hl). */
export const treeParams = (shape: TreeShape): Record<string, UplcData> => ({
  "seat_tree::TREE_DEPTH": makeIntData(BigInt(shape.depth)),
  "seat_tree::BATCH_HEIGHT": makeIntData(BigInt(shape.batchHeight)),
  "seat_tree::FIRST_LEAF": makeIntData(2n ** BigInt(shape.depth)),
  "seat_tree::BATCH_SEATS": makeIntData(2n ** BigInt(shape.batchHeight)),
});

/**
 * v3's tournament script limits, from src/tournament/limits.ts (its largest bracket is the tree's:
 * FIRST_LEAF seats, limits.V3_MAX_BRACKET at the production shape).
 */
const V3_LIMITS: Record<string, UplcData> = {
  "tournament::MIN_BRACKET": makeIntData(limits.MIN_BRACKET),
  "tournament::MAX_PLACEMENTS": makeIntData(limits.MAX_PLACEMENTS),
  "tournament::MAX_FIXED_PAYOUTS": makeIntData(limits.MAX_FIXED_PAYOUTS),
  "tournament::MAX_NAME_BYTES": makeIntData(limits.MAX_NAME_BYTES),
  "tournament::MAX_LOVELACE": makeIntData(limits.MAX_LOVELACE),
  "tournament::MAX_SETTLE_WINDOW_MS": makeIntData(limits.CONTRACT_MAX_SETTLE_WINDOW_MS),
  "tournament::MIN_PAYOUT_LOVELACE": makeIntData(limits.MIN_PAYOUT_LOVELACE),
  "tournament::BATCH_MIN_LOVELACE": makeIntData(limits.BATCH_MIN_LOVELACE),
};

/**
 * The tournament ID compiled into the registration template (registration-script.ts puts each
 * tournament's ID in its place): 32 bytes no tournament ID will ever be.
 */
export const REGISTRATION_MARKER = createHash("sha256")
  .update("cardano-tx-service: registration template")
  .digest("hex");

/** What a contract's build compiles: the blueprint's programs and the registration template. */
export interface CompiledContracts {
  /** The tournament script (its limits set). */
  readonly tournament: CompiledScript;
  /** v3's batch validator (its hash is compiled into the tournament script); absent for v2.1. */
  readonly batch?: CompiledScript;
  /** The registration validator with placeholder parameters (all-zero bytes), as the blueprint records it. */
  readonly registration: CompiledScript;
  /** The registration validator of `tournament` with REGISTRATION_MARKER as its tournament ID. */
  readonly registrationTemplate: CompiledScript;
}

/** The parameters of a contract's registration validator for a tournament script and ID. */
const registrationParams = (policy: string, id: string): Record<string, UplcData> => ({
  "registration::TOURNAMENT_POLICY": makeByteArrayData(policy),
  "registration::TOURNAMENT_ID": makeByteArrayData(id),
});

/**
 * Compiles a contract's programs as its build writes them: v2.1's some 15 s of CPU, v3's some 40 s
 * (the tournament script's optimizer), for its tree or another shape (v3's small-tree test build).
 */
export function compileContracts(
  contract: ContractDescriptor = DEFAULT_CONTRACT,
  shape: TreeShape | undefined = contract.tree,
): CompiledContracts {
  const registration = (policy: string): CompiledScript =>
    compileProgram(contract, "registration", registrationParams(policy, REGISTRATION_MARKER));
  if (shape === undefined) {
    const tournament = compileProgram(contract, "tournament", TOURNAMENT_LIMITS);
    const registrationTemplate = registration(tournament.hash);
    return { tournament, registration: compileProgram(contract, "registration"), registrationTemplate };
  }
  const tree = treeParams(shape);
  const batch = compileProgram(contract, "batch", tree);
  const tournament = compileProgram(contract, "tournament", {
    ...tree,
    ...V3_LIMITS,
    "tournament::BATCH_HASH": makeByteArrayData(batch.hash),
  });
  const registrationTemplate = registration(tournament.hash);
  return { tournament, batch, registration: compileProgram(contract, "registration"), registrationTemplate };
}

/** The version of an installed package (its package.json, found from the compiler's folder). */
export function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  // @helios-lang/compiler's exports hide its package.json: go up from its entry (src/index.js).
  const compilerDir = dirname(dirname(require.resolve("@helios-lang/compiler")));
  const path =
    name === "@helios-lang/compiler"
      ? join(compilerDir, "package.json")
      : require.resolve(`${name}/package.json`, { paths: [compilerDir] });
  return (JSON.parse(readFileSync(path, "utf8")) as { version: string }).version;
}

/**
 * A digest of what compileContracts reads: the sources as compiled (their trace sentences swapped
 * for codes), the parameters' values (the limits, the marker) and the versions of the compiler and
 * of the packages that optimize and encode its output. The build records it in the contract's
 * registration-template.json; a fast test fails when it differs from the sources now (a source
 * changed without a rebuild). A change that does not reach the compile (a comment in limits.ts, a
 * code added to traces.ts for another message) leaves it as it is.
 */
export function contractsDigest(
  contract: ContractDescriptor = DEFAULT_CONTRACT,
  shape: TreeShape | undefined = contract.tree,
): string {
  const h = createHash("sha256");
  for (const name of [...contract.validators, ...contract.modules]) h.update(`${name}.hl\n${source(contract, name)}\n`);
  const params = shape === undefined ? TOURNAMENT_LIMITS : { ...treeParams(shape), ...V3_LIMITS };
  h.update(JSON.stringify(Object.entries(params).map(([name, value]) => [name, value.toString()])));
  h.update(REGISTRATION_MARKER);
  for (const name of ["@helios-lang/compiler", "@helios-lang/ir", "@helios-lang/uplc"])
    h.update(`${name}@${packageVersion(name)}`);
  return h.digest("hex");
}

const blueprints = new Map<ContractDescriptor, Blueprint>();

/** A contract's committed blueprint, read once. */
export function loadBlueprint(contract: ContractDescriptor = DEFAULT_CONTRACT): Blueprint {
  let blueprint = blueprints.get(contract);
  if (blueprint === undefined) {
    blueprint = JSON.parse(readFileSync(contract.blueprint, "utf8")) as Blueprint;
    if (blueprint.preamble.version !== contract.version)
      throw new Error(`${repoPath(contract.blueprint)} is not version ${contract.version}: ${contract.rebuild}`);
    blueprints.set(contract, blueprint);
  }
  return blueprint;
}

/** A validator of a contract's committed blueprint, its hash checked against its code. */
export function fromBlueprint(titlePrefix: string, contract: ContractDescriptor = DEFAULT_CONTRACT): CompiledScript {
  const file = repoPath(contract.blueprint);
  const v = loadBlueprint(contract).validators.find((x) => x.title.startsWith(titlePrefix));
  if (v === undefined) throw new Error(`${file} has no validator ${titlePrefix}`);
  return scriptOfCompiledCode(v.compiledCode, v.hash, `${file}: the hash of ${v.title}`);
}

/** A script from a blueprint's compiledCode, its recorded hash checked (`what` names it in the error). */
export function scriptOfCompiledCode(compiledCode: string, recordedHash: string, what: string): CompiledScript {
  const code = `${cborBytesHeader(compiledCode.length / 2)}${compiledCode}`;
  const hash = plutusScriptHashOfCode(code, "V2");
  if (hash !== recordedHash) throw new Error(`${what} does not match its code`);
  return { code, compiledCode, hash, version: "V2" };
}

/** The CBOR header of a byte string of `n` bytes (major type 2). */
export function cborBytesHeader(n: number): string {
  if (n < 24) return (0x40 + n).toString(16).padStart(2, "0");
  if (n < 0x100) return `58${n.toString(16).padStart(2, "0")}`;
  if (n < 0x10000) return `59${n.toString(16).padStart(4, "0")}`;
  return `5a${n.toString(16).padStart(8, "0")}`;
}

const tournamentScripts = new Map<ContractDescriptor, CompiledScript>();

/** A contract's tournament script: NFT minting policy and tournament validator in one (policy id = hash). */
export function tournamentScript(contract: ContractDescriptor = DEFAULT_CONTRACT): CompiledScript {
  let script = tournamentScripts.get(contract);
  if (script === undefined) {
    script = fromBlueprint(TOURNAMENT_TITLE, contract);
    tournamentScripts.set(contract, script);
  }
  return script;
}

let batch: CompiledScript | undefined;

/** v3's batch validator (one address for every tournament), from contracts/plutus.json. */
export function batchScript(): CompiledScript {
  batch ??= fromBlueprint(BATCH_TITLE, V3_CONTRACT);
  return batch;
}

const registrationCache = new Map<string, CompiledScript>();

/**
 * The registration validator of one tournament of a contract, compiled in full (some 2 s, then
 * cached): what the template of registration-script.ts stands in for. The service uses registrationScriptOf.
 */
export function registrationScript(
  tournamentId: string,
  contract: ContractDescriptor = DEFAULT_CONTRACT,
): CompiledScript {
  if (!/^[0-9a-f]{64}$/.test(tournamentId)) throw new Error("tournamentId must be 32 bytes of lowercase hex");
  const key = `${contract.version} ${tournamentId}`;
  let script = registrationCache.get(key);
  if (script === undefined) {
    script = compileProgram(
      contract,
      "registration",
      registrationParams(tournamentScript(contract).hash, tournamentId),
    );
    registrationCache.set(key, script);
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
/** Policy id of tournament NFTs (= the tournament script hash). */
export const tournamentPolicyId = (): string => tournamentScript().hash;
