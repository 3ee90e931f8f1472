// Plutus data codecs of contracts v3 (contracts/V3-DESIGN.md §5.2): the pool's datum
// [config, count, peaks], a batch UTxO's datum [id, j, subroot, n, pay, extra] and v3's redeemers.
// The configuration, the registration datum, the payout tag and the mint redeemers are v2.1's
// (datum.ts). As there, encoders return CBOR hex and decoders are tolerant: malformed data gives
// null, never a throw (anyone may pay an output with a datum of their own to a script address).
import { makeByteArrayData, makeConstrData, makeIntData, makeListData, type UplcData } from "@helios-lang/uplc";
import {
  configFromData,
  configToData,
  dataBytesHex,
  dataInt,
  dataItems,
  decodedData,
  listItems,
  type TournamentConfig,
} from "./datum.js";
import type { TournamentId } from "./id.js";
import { popcount, type Hash, type ProofOp } from "./seat-tree.js";

/** The most seats a v3 pool can hold (2^TREE_DEPTH of the production tree). */
const MAX_COUNT = 1024;

const hex = (bytes: readonly number[] | Uint8Array): string => Buffer.from(bytes).toString("hex");
const bytesData = (h: Hash): UplcData => makeByteArrayData([...h]);
const hashOf = (data: UplcData | undefined): Hash | null => {
  const h = dataBytesHex(data);
  return h !== null && h.length === 64 ? Uint8Array.from(Buffer.from(h, "hex")) : null;
};

// ---------------------------------------------------------------- pool datum

/** A v3 pool's inline datum: the configuration, how many seats are taken, the seat tree's peaks. */
export interface PoolDatum {
  readonly config: TournamentConfig;
  readonly count: number;
  /** The accumulator's peaks, lowest height first (popcount(count) of them). */
  readonly peaks: readonly Hash[];
}

export function poolDatumToData(d: PoolDatum): UplcData {
  return makeListData([configToData(d.config), makeIntData(BigInt(d.count)), makeListData(d.peaks.map(bytesData))]);
}

export function encodePoolDatum(d: PoolDatum): string {
  return hex(poolDatumToData(d).toCbor());
}

/**
 * Decodes a pool datum (CBOR hex); null unless it is exactly [config, count, peaks] with 0 ≤ count ≤
 * 1,024 and popcount(count) peaks of 32 bytes, which is what the contract lets a pool hold.
 */
export function decodePoolDatum(cborHex: string, mainnet: boolean): PoolDatum | null {
  const top = dataItems(cborHex);
  if (top === null || top.length !== 3) return null;
  const config = configFromData(top[0], mainnet);
  const count = dataInt(top[1]);
  const peakItems = listItems(top[2]);
  if (config === null || count === null || peakItems === null) return null;
  if (count < 0n || count > BigInt(MAX_COUNT) || peakItems.length !== popcount(Number(count))) return null;
  const peaks = peakItems.map(hashOf);
  if (peaks.some((p) => p === null)) return null;
  return { config, count: Number(count), peaks: peaks as Hash[] };
}

// ---------------------------------------------------------------- batch datum

/** A batch UTxO's inline datum: batch `batch` pays `count` seats from 64·batch, `pay` each, `extra` more to the first. */
export interface BatchDatum {
  readonly tournamentId: TournamentId;
  readonly batch: number;
  /** The root of the batch's subtree of seats (the leaves of their addresses). */
  readonly subroot: Hash;
  readonly count: number;
  readonly pay: bigint;
  readonly extra: bigint;
}

export function encodeBatchDatum(d: BatchDatum): string {
  return hex(
    makeListData([
      makeByteArrayData(d.tournamentId),
      makeIntData(BigInt(d.batch)),
      bytesData(d.subroot),
      makeIntData(BigInt(d.count)),
      makeIntData(d.pay),
      makeIntData(d.extra),
    ]).toCbor(),
  );
}

/** Decodes a batch datum (CBOR hex); null unless it is exactly the six items with sane ranges. */
export function decodeBatchDatum(cborHex: string): BatchDatum | null {
  const top = dataItems(cborHex);
  if (top === null || top.length !== 6) return null;
  const id = dataBytesHex(top[0]);
  const batch = dataInt(top[1]);
  const subroot = hashOf(top[2]);
  const count = dataInt(top[3]);
  const pay = dataInt(top[4]);
  const extra = dataInt(top[5]);
  if (id === null || id.length !== 64 || batch === null || subroot === null || count === null) return null;
  if (pay === null || extra === null || pay < 0n || extra < 0n) return null;
  if (batch < 0n || batch >= BigInt(MAX_COUNT) || count < 1n || count > BigInt(MAX_COUNT)) return null;
  return { tournamentId: id as TournamentId, batch: Number(batch), subroot, count: Number(count), pay, extra };
}

// ---------------------------------------------------------------- redeemers

// The tournament script is a "mixed" Helios script, as v2.1's: a spending redeemer is Constr 1
// [SpendAction]. AddParticipants (Constr 0 []) is v2.1's ADD_PARTICIPANTS_REDEEMER, unchanged.
const asSpend = (action: UplcData): string => hex(makeConstrData(1, [action]).toCbor());

/** A multiproof as Settle carries it: ints (a leaf pushed, −1 a join) and byte strings (a sibling). */
const proofData = (ops: readonly ProofOp[]): UplcData =>
  makeListData(ops.map((op) => (typeof op === "number" ? makeIntData(BigInt(op)) : bytesData(op))));

/** Settle{winners, proof}: seats in placement order and their multiproof (seat-tree.ts buildMultiproof). */
export function poolSettleRedeemer(winners: readonly number[], proof: readonly ProofOp[]): string {
  return asSpend(makeConstrData(1, [makeListData(winners.map((w) => makeIntData(BigInt(w)))), proofData(proof)]));
}

/** Cancel{subroots} (the admin, any time) or Refund{subroots} (anyone, after the deadline); no subroots for an inline close. */
export function poolCloseRedeemer(how: "cancel" | "refund", subroots: readonly Hash[]): string {
  return asSpend(makeConstrData(how === "cancel" ? 2 : 3, [makeListData(subroots.map(bytesData))]));
}

/** The batch validator's one redeemer, PayBatch: plain Constr 0 [] (the batch script is a spending script only). */
export const PAY_BATCH_REDEEMER = hex(makeConstrData(0, []).toCbor());

/** A v3 pool's spending redeemer, decoded: what the transaction that spent a pool output did. */
export type PoolSpendAction =
  | { readonly action: "add" }
  | { readonly action: "settle"; readonly winners: readonly number[] }
  | { readonly action: "cancel" | "refund"; readonly batches: number };

/** Decodes a pool's spending redeemer (CBOR hex); null when it is none. */
export function decodePoolSpendRedeemer(cborHex: string): PoolSpendAction | null {
  const outer = decodedData(cborHex);
  if (outer === null || outer.kind !== "constr" || outer.tag !== 1 || outer.fields.length !== 1) return null;
  const inner = outer.fields[0];
  if (inner === undefined || inner.kind !== "constr") return null;
  if (inner.tag === 0) return inner.fields.length === 0 ? { action: "add" } : null;
  if (inner.fields.length !== (inner.tag === 1 ? 2 : 1)) return null;
  const first = listItems(inner.fields[0]);
  if (first === null) return null;
  if (inner.tag === 1) {
    const winners = first.map(dataInt);
    if (winners.some((w) => w === null || w < 0n || w >= BigInt(MAX_COUNT))) return null;
    return { action: "settle", winners: (winners as bigint[]).map(Number) };
  }
  if (inner.tag === 2 || inner.tag === 3)
    return { action: inner.tag === 2 ? "cancel" : "refund", batches: first.length };
  return null;
}
