// v3's seat tree evaluated by Helios, shared by measure.ts and seat-tree.test.ts: a `testing`
// program per seat-tree function, compiled (src/tournament/contracts.ts's compileWithModules: v3's
// modules as the contracts compile them) optimized and unoptimized (V3-DESIGN §10 item 6), evaluated
// by Helios under the devnet's Plutus V2 cost model; and the data helpers the v3 plans share.
import {
  makeByteArrayData,
  makeIntData,
  makeListData,
  makeUplcDataValue,
  type UplcData,
  type UplcProgramV2,
} from "@helios-lang/uplc";
import { DEVNET_COST_MODELS } from "../../../src/chain/protocol-params.js";
import { compileWithModules, treeParams, V3_CONTRACT } from "../../../src/tournament/contracts.js";
import type { Hash, ProofOp, TreeShape } from "../../../src/tournament/seat-tree.js";

const V2_COST_MODEL = [...(DEVNET_COST_MODELS[1] ?? [])];

export const hex = (b: Uint8Array | readonly number[]): string => Buffer.from(b).toString("hex");

/** The seat tree's build-time constants for another shape (the small tree), as changeParam takes them. */
export const shapeParams = (shape: TreeShape): Record<string, UplcData> => treeParams(shape);

/** Compiles a main source with v3's modules; optimized as the contracts are (traces kept), or not. */
export function compileDraft(main: string, optimize: boolean, params: Record<string, UplcData> = {}): UplcProgramV2 {
  return compileWithModules(V3_CONTRACT, main, params, optimize) as unknown as UplcProgramV2;
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
  return [compileDraft(src, false, params), compileDraft(src, true, params)];
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
