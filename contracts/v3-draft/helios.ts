// The v3 draft's Helios sources compiled and evaluated, shared by measure.ts and seat-tree.test.ts:
// a `testing` program per seat-tree function, compiled optimized and unoptimized (V3-DESIGN §10
// item 6), evaluated by Helios under the devnet's Plutus V2 cost model.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  makeByteArrayData,
  makeIntData,
  makeListData,
  makeUplcDataValue,
  type UplcData,
  type UplcProgramV2,
} from "@helios-lang/uplc";
import { DEVNET_COST_MODELS } from "../../src/chain/protocol-params.js";
import type { Hash, ProofOp, TreeShape } from "../../src/tournament/seat-tree.js";

const require = createRequire(import.meta.url);
const { Program } = require("@helios-lang/compiler") as typeof import("@helios-lang/compiler");

/** A source of this folder (or, with ../v2.1/src/, a v2.1 one read as is). */
export const draftSource = (name: string): string => readFileSync(new URL(name, import.meta.url), "utf8");
const TYPES = draftSource("../v2.1/src/types.hl");
const V3_TYPES = draftSource("v3_types.hl");
export const SEAT_TREE = draftSource("seat_tree.hl");
const V2_COST_MODEL = [...(DEVNET_COST_MODELS[1] ?? [])];

export const hex = (b: Uint8Array | readonly number[]): string => Buffer.from(b).toString("hex");

/** The seat tree's build-time constants for another shape (the fuzzer's small tree), as changeParam takes them. */
export const shapeParams = (shape: TreeShape): Record<string, UplcData> => ({
  "seat_tree::TREE_DEPTH": makeIntData(BigInt(shape.depth)),
  "seat_tree::BATCH_HEIGHT": makeIntData(BigInt(shape.batchHeight)),
  "seat_tree::FIRST_LEAF": makeIntData(2n ** BigInt(shape.depth)),
  "seat_tree::BATCH_SEATS": makeIntData(2n ** BigInt(shape.batchHeight)),
});

/** Compiles a main source with the v2.1 types and the draft's seat tree; optimized as the service does (traces kept). */
export function compileDraft(
  main: string,
  optimize: boolean,
  seatTree = SEAT_TREE,
  params: Record<string, UplcData> = {},
): UplcProgramV2 {
  const program = new Program(main, { moduleSources: [TYPES, V3_TYPES, seatTree], isTestnet: false });
  for (const [name, value] of Object.entries(params)) {
    if (!program.changeParam(name, value)) throw new Error(`changeParam(${name}) did not apply`);
  }
  return program.compile(
    optimize ? { optimize: { keepTracing: true } } : { optimize: false },
  ) as unknown as UplcProgramV2;
}

export interface Evaluated {
  /** The result as data; null when the program failed. */
  readonly value: UplcData | null;
  readonly error: string | null;
  readonly mem: bigint;
  readonly cpu: bigint;
}

export function evaluate(program: UplcProgramV2, args: readonly UplcData[]): Evaluated {
  const r = program.eval(
    args.map((a) => makeUplcDataValue(a)),
    { costModelParams: V2_COST_MODEL },
  );
  const cost = { mem: r.cost.mem, cpu: r.cost.cpu };
  if ("left" in r.result) return { value: null, error: r.result.left.error, ...cost };
  const v = r.result.right;
  const value = typeof v === "string" ? null : "value" in v ? (v.value as UplcData) : null;
  return { value, error: null, ...cost };
}

/** A `testing` program calling seat_tree's `imports`, compiled unoptimized then optimized. */
export function testingPrograms(
  signature: string,
  body: string,
  imports: string,
  params: Record<string, UplcData> = {},
): [UplcProgramV2, UplcProgramV2] {
  const src = `testing check\nimport { ${imports} } from seat_tree\nfunc main(${signature} { ${body} }`;
  return [compileDraft(src, false, SEAT_TREE, params), compileDraft(src, true, SEAT_TREE, params)];
}

export const bytesOf = (d: UplcData | null): string =>
  d !== null && d.kind === "bytes" ? hex(d.bytes) : `not bytes: ${String(d)}`;
export const listBytes = (d: UplcData | null): string[] =>
  d !== null && d.kind === "list" ? d.items.map(bytesOf) : [];
/** Helios' true as data (Constr 1 []). */
export const isTrue = (d: UplcData | null): boolean => d !== null && d.kind === "constr" && d.tag === 1;
export const bytesData = (h: Hash): UplcData => makeByteArrayData([...h]);
export const intsData = (xs: readonly number[]): UplcData => makeListData(xs.map((x) => makeIntData(BigInt(x))));
/** A multiproof as the Settle redeemer carries it: a list of ints (pushes, −1 joins) and byte strings (siblings). */
export const opsData = (ops: readonly ProofOp[]): UplcData =>
  makeListData(ops.map((op) => (typeof op === "number" ? makeIntData(BigInt(op)) : bytesData(op))));
