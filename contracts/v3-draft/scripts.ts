// The v3 draft compiled as the service would compile v3 (contracts.ts does it for v2.1): the
// tournament script (NFT policy + pool validator), the batch validator and a tournament's
// registration validator (v2.1's source, unchanged, with the v3 tournament hash), each optimized
// with its traces as short codes (traces.ts), the limits from src/tournament/limits.ts and the
// tree's constants by changeParam, so that tests may compile a small tree (depth 4).
//
// Helios' optimizer takes some 35 s of CPU for a tournament script (v2.1's too), so the compiled
// programs are kept in compiled.json, as v2.1's are in plutus.json: `node --import tsx
// contracts/v3-draft/scripts.ts` rebuilds it (about 1.5 min), and loadV3 refuses a file whose
// sources digest differs from the sources now (a source changed without a rebuild).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { makeByteArrayData, makeIntData, type UplcData, type UplcProgramV2 } from "@helios-lang/uplc";
import { plutusScriptHashOfCode } from "../../src/cardano/script-hash.js";
import type { CompiledScript } from "../../src/tournament/contracts.js";
import * as limits from "../../src/tournament/limits.js";
import { PRODUCTION_TREE, type TreeShape } from "../../src/tournament/seat-tree.js";
import { withTraceCodes } from "../../src/tournament/traces.js";
import { draftSource, hex, SEAT_TREE, shapeParams } from "./helios.js";
import { withDraftTraceCodes } from "./traces.js";

const require = createRequire(import.meta.url);
const { Program } = require("@helios-lang/compiler") as typeof import("@helios-lang/compiler");

/** The least lovelace a batch UTxO holds (tournament.hl's BATCH_MIN_LOVELACE, V3-DESIGN §5.5). */
export const BATCH_MIN_LOVELACE = 1_400_000n;

const coded = (name: string): string => withDraftTraceCodes(draftSource(name), name);
const TYPES = withTraceCodes(draftSource("../v2.1/src/types.hl"), "types.hl");
const MODULES = (): string[] => [TYPES, coded("v3_types.hl"), withDraftTraceCodes(SEAT_TREE, "seat_tree.hl")];

function compile(main: string, params: Record<string, UplcData>): CompiledScript {
  const program = new Program(main, { moduleSources: MODULES(), isTestnet: false });
  for (const [name, value] of Object.entries(params)) {
    if (!program.changeParam(name, value)) throw new Error(`changeParam(${name}) did not apply`);
  }
  const uplc = program.compile({ optimize: { keepTracing: true } }) as unknown as UplcProgramV2;
  const code = hex(uplc.toCbor());
  const hash = hex(uplc.hash());
  if (plutusScriptHashOfCode(code, "V2") !== hash) throw new Error("script hash disagreement");
  const outer = Buffer.from(code, "hex");
  const info = outer[0]! & 0x1f;
  const skip = info < 24 ? 1 : info === 24 ? 2 : info === 25 ? 3 : 5;
  return { code, compiledCode: outer.subarray(skip).toString("hex"), hash, version: "V2" };
}

export interface V3Scripts {
  readonly shape: TreeShape;
  readonly tournament: CompiledScript;
  readonly batch: CompiledScript;
  /** The registration validator of one tournament (compiled once per id). */
  readonly registration: (tournamentId: string) => CompiledScript;
}

/** A fixed tournament ID compiled into the registration template, replaced by each tournament's (registration-script.ts's shortcut). */
const MARKER = createHash("sha256").update("v3 draft registration template").digest("hex");

interface Compiled {
  readonly tournament: CompiledScript;
  readonly batch: CompiledScript;
  /** The registration validator compiled with MARKER as the tournament ID. */
  readonly registration: CompiledScript;
}

/** Compiles the draft's validators for a tree shape (some 40 s of CPU). */
/** The tournament script's limits (src/tournament/limits.ts) and the batch minimum, as changeParam takes them. */
const LIMITS: Record<string, bigint> = {
  "tournament::MIN_BRACKET": BigInt(limits.MIN_BRACKET),
  "tournament::MAX_PLACEMENTS": BigInt(limits.MAX_PLACEMENTS),
  "tournament::MAX_FIXED_PAYOUTS": BigInt(limits.MAX_FIXED_PAYOUTS),
  "tournament::MAX_NAME_BYTES": BigInt(limits.MAX_NAME_BYTES),
  "tournament::MAX_LOVELACE": limits.MAX_LOVELACE,
  "tournament::MAX_SETTLE_WINDOW_MS": BigInt(limits.CONTRACT_MAX_SETTLE_WINDOW_MS),
  "tournament::MIN_PAYOUT_LOVELACE": limits.MIN_PAYOUT_LOVELACE,
  "tournament::BATCH_MIN_LOVELACE": BATCH_MIN_LOVELACE,
};
const REGISTRATION = (): string => withTraceCodes(draftSource("../v2.1/src/registration.hl"), "registration.hl");

/** Compiles the draft's validators for a tree shape (some 40 s of CPU). */
function compileShape(shape: TreeShape): Compiled {
  const tree = shapeParams(shape);
  const batch = compile(coded("batch.hl"), tree);
  const tournament = compile(coded("tournament.hl"), {
    ...tree,
    ...Object.fromEntries(Object.entries(LIMITS).map(([name, value]) => [name, makeIntData(value)])),
    "tournament::BATCH_HASH": makeByteArrayData(batch.hash),
  });
  const registration = compile(REGISTRATION(), {
    "registration::TOURNAMENT_POLICY": makeByteArrayData(tournament.hash),
    "registration::TOURNAMENT_ID": makeByteArrayData(MARKER),
  });
  return { tournament, batch, registration };
}

const COMPILED_PATH = fileURLToPath(new URL("compiled.json", import.meta.url));
const SHAPES: readonly TreeShape[] = [PRODUCTION_TREE, { depth: 4, batchHeight: 2 }];
const keyOf = (shape: TreeShape): string => `depth ${shape.depth}, batch height ${shape.batchHeight}`;

/**
 * What the compiled file was built from: the sources as compiled (trace codes in) and the
 * parameters' values. A change elsewhere (a comment in limits.ts, a code added to traces.ts for
 * another message) leaves it as it is.
 */
function sourcesDigest(): string {
  const h = createHash("sha256");
  for (const text of [coded("tournament.hl"), coded("batch.hl"), ...MODULES(), REGISTRATION()]) h.update(text);
  h.update(JSON.stringify(Object.entries(LIMITS).map(([name, value]) => [name, value.toString()])));
  h.update(JSON.stringify(SHAPES));
  return h.digest("hex");
}

interface CompiledFile {
  readonly digest: string;
  readonly shapes: Record<string, Compiled>;
}

const cache = new Map<string, V3Scripts>();
let file: CompiledFile | undefined;

/** The draft's three validators for a tree shape (the production one by default), from compiled.json. */
export function loadV3(shape: TreeShape = PRODUCTION_TREE): V3Scripts {
  const key = keyOf(shape);
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  file ??= JSON.parse(readFileSync(COMPILED_PATH, "utf8")) as CompiledFile;
  if (file.digest !== sourcesDigest())
    throw new Error("contracts/v3-draft/compiled.json is stale: run node --import tsx contracts/v3-draft/scripts.ts");
  const compiled = file.shapes[key];
  if (compiled === undefined) throw new Error(`compiled.json has no build for ${key}`);
  const registrations = new Map<string, CompiledScript>();
  const template = compiled.registration;
  const registration = (id: string): CompiledScript => {
    if (!/^[0-9a-f]{64}$/.test(id)) throw new Error("tournament ID must be 32 bytes of lowercase hex");
    let script = registrations.get(id);
    if (script === undefined) {
      const code = template.code.replace(MARKER, id);
      const compiledCode = template.compiledCode.replace(MARKER, id);
      script = { code, compiledCode, hash: plutusScriptHashOfCode(code, "V2"), version: "V2" };
      registrations.set(id, script);
    }
    return script;
  };
  const scripts: V3Scripts = { shape, tournament: compiled.tournament, batch: compiled.batch, registration };
  cache.set(key, scripts);
  return scripts;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const shapes: Record<string, Compiled> = {};
  for (const shape of SHAPES) {
    const c = compileShape(shape);
    // The template shortcut holds only if the marker occurs once, byte-aligned.
    const at = c.registration.code.indexOf(MARKER);
    if (at < 0 || at % 2 !== 0 || c.registration.code.indexOf(MARKER, at + 1) >= 0)
      throw new Error("the registration template's marker is not unique");
    const other = "ab".repeat(32);
    const full = compile(withTraceCodes(draftSource("../v2.1/src/registration.hl"), "registration.hl"), {
      "registration::TOURNAMENT_POLICY": makeByteArrayData(c.tournament.hash),
      "registration::TOURNAMENT_ID": makeByteArrayData(other),
    });
    if (full.code !== c.registration.code.replace(MARKER, other))
      throw new Error("the registration template differs from a compile");
    shapes[keyOf(shape)] = c;
    console.log(
      keyOf(shape),
      c.tournament.compiledCode.length / 2,
      c.batch.compiledCode.length / 2,
      c.registration.compiledCode.length / 2,
    );
  }
  writeFileSync(COMPILED_PATH, `${JSON.stringify({ digest: sourcesDigest(), shapes }, null, 2)}\n`);
}
