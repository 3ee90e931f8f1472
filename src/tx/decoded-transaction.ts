// A whole transaction (CBOR hex) as a person reads it: what it spends and reads, its outputs
// decoded as UTxOs are (./decoded-view.ts), what it mints and burns, its metadata as JSON, its
// fee, its validity interval in slots and UTC, and the keys it requires and carries signatures of.
// Decoding goes through core-cst (Mesh's Cardano serialisation); outputs through our UTxO reader,
// from the bytes the transaction holds.
//
// Metadata JSON is cardano-cli's "no schema" mapping: text as strings, integers as numbers
// (decimal strings beyond 2^53), bytes as "0x" + hex, lists as arrays, maps as objects when every
// key is text or an integer (keys as strings), else as [{k, v}] pairs.
import { blake2b, HexBlob, Serialization, TxCBOR } from "@meshsdk/core-cst";
import type { EraHistory } from "../cardano/era-history.js";
import { CborReader, CborWriter } from "../cardano/cbor.js";
import { withinCborLimits } from "../cardano/cbor-limits.js";
import { fromHex, toHex, txIdOfBody } from "../cardano/tx-cbor.js";
import { utxoOfOutput } from "../cardano/utxo.js";
import { decodedAsset, decodedUtxo, jsonInteger, type DecodedAsset, type DecodedUtxo } from "./decoded-view.js";

export interface InputRef {
  readonly txHash: string;
  readonly index: number;
}

/** A validity bound: its slot and the UTC instant that slot starts (null when the era history cannot place it). */
export interface ValidityBound {
  readonly slot: number;
  readonly time: string | null;
}

export interface DecodedTransaction {
  readonly inputs: InputRef[];
  readonly referenceInputs: InputRef[];
  readonly collateral: InputRef[];
  readonly outputs: DecodedUtxo[];
  readonly mint: DecodedAsset[];
  /** Metadata by label (decimal string keys); null when the transaction carries none. */
  readonly metadata: Readonly<Record<string, unknown>> | null;
  readonly fee: string;
  readonly validity: { readonly from: ValidityBound | null; readonly until: ValidityBound | null };
  /** The key hashes the body requires signatures of (required_signers). */
  readonly requiredSigners: string[];
  /** The key hashes of the vkey witnesses the transaction carries. */
  readonly signers: string[];
}

type Metadatum = bigint | string | Uint8Array | Metadatum[] | Map<Metadatum, Metadatum>;

/** One metadatum as JSON (the header says how). */
export function metadatumJson(value: Metadatum): unknown {
  if (typeof value === "bigint") return jsonInteger(value);
  if (typeof value === "string") return value;
  if (value instanceof Uint8Array) return `0x${toHex(value)}`;
  if (Array.isArray(value)) return value.map(metadatumJson);
  const entries = [...value.entries()];
  const keys = entries.map(([k]) => (typeof k === "string" ? k : typeof k === "bigint" ? k.toString() : null));
  if (keys.every((k) => k !== null)) return Object.fromEntries(entries.map(([, v], i) => [keys[i], metadatumJson(v)]));
  return entries.map(([k, v]) => ({ k: metadatumJson(k), v: metadatumJson(v) }));
}

const refsOf = (
  set: { values(): readonly InstanceType<typeof Serialization.TransactionInput>[] } | undefined,
): InputRef[] =>
  (set?.values() ?? []).map((input) => ({ txHash: input.transactionId().toString(), index: Number(input.index()) }));

function boundOf(slot: number | bigint | undefined, eraHistory: EraHistory): ValidityBound | null {
  if (slot === undefined) return null;
  const n = Number(slot);
  let time: string | null = null;
  try {
    time = new Date(eraHistory.slotToTime(n)).toISOString();
  } catch {
    time = null; // beyond what milliseconds can hold: the slot alone
  }
  return { slot: n, time };
}

/**
 * The parts of a transaction cardano-sdk decodes for the view, and the outputs we decode
 * ourselves. A transaction read from the chain may hold CBOR over the limits (src/cardano/
 * cbor-limits.ts: a datum nested thousands deep, which cardano-sdk decodes in time cubic in the
 * depth), so cardano-sdk sees its body without outputs, its witness set with the vkey witnesses
 * only, and its auxiliary data only when that is within the limits. Outputs are read by our
 * reader from their bytes (an over-limit datum is then shown raw). Throws when it does not decode.
 */
function viewParts(txCbor: string): { tx: Serialization.Transaction; txHash: string; outputs: Uint8Array[] } {
  const reader = new CborReader(fromHex(txCbor));
  const parts: Uint8Array[] = [];
  reader.each(reader.arrayLength(), () => parts.push(reader.raw()));
  if (!reader.done) throw new Error("there are bytes after the transaction");
  const [body, witnessSet, ...rest] = parts;
  if (body === undefined || witnessSet === undefined) throw new Error("a transaction is an array of 3 or 4 items");
  const outputs: Uint8Array[] = [];
  const shallowBody = rewriteMap(body, (key, value) => {
    if (key !== OUTPUTS) return value;
    const list = new CborReader(value);
    list.each(list.arrayLength(), () => outputs.push(list.raw()));
    return EMPTY_ARRAY;
  });
  const vkeysOnly = rewriteMap(witnessSet, (key, value) => (key === VKEY_WITNESSES ? value : null));
  const tx = new CborWriter()
    .array(2 + rest.length)
    .raw(shallowBody)
    .raw(vkeysOnly);
  for (const item of rest) tx.raw(withinCborLimits(toHex(item)) ? item : NULL);
  return { tx: Serialization.Transaction.fromCbor(TxCBOR(toHex(tx.finish()))), txHash: txIdOfBody(body), outputs };
}

const OUTPUTS = 1;
const VKEY_WITNESSES = 0;
const EMPTY_ARRAY = Uint8Array.of(0x80);
const NULL = Uint8Array.of(0xf6);

/** A CBOR map with integer keys, each value replaced by `change` (null drops the entry). */
function rewriteMap(map: Uint8Array, change: (key: number, value: Uint8Array) => Uint8Array | null): Uint8Array {
  const reader = new CborReader(map);
  const entries: Array<[number, Uint8Array]> = [];
  reader.each(reader.mapLength(), () => {
    const key = reader.smallUint();
    const value = change(key, reader.raw());
    if (value !== null) entries.push([key, value]);
  });
  const w = new CborWriter().map(entries.length);
  for (const [key, value] of entries) w.uint(key).raw(value);
  return w.finish();
}

/** Decodes a transaction (CBOR hex); throws when it does not decode. */
export function decodeTransaction(
  txCbor: string,
  eraHistory: EraHistory,
): DecodedTransaction & { readonly txHash: string } {
  const { tx, txHash, outputs } = viewParts(txCbor.toLowerCase());
  const body = tx.body();
  const metadata = tx.auxiliaryData()?.metadata()?.toCore();
  return {
    txHash,
    inputs: refsOf(body.inputs()),
    referenceInputs: refsOf(body.referenceInputs()),
    collateral: refsOf(body.collateral()),
    outputs: outputs.map((output, index) => decodedUtxo(utxoOfOutput(txHash, index, output))),
    mint: [...(body.mint() ?? new Map<string, bigint>()).entries()].map(([unit, quantity]) =>
      decodedAsset(String(unit), quantity),
    ),
    metadata:
      metadata && metadata.size > 0
        ? Object.fromEntries(
            [...metadata].map(([label, value]) => [label.toString(), metadatumJson(value as Metadatum)]),
          )
        : null,
    fee: body.fee().toString(),
    validity: { from: boundOf(body.validityStartInterval(), eraHistory), until: boundOf(body.ttl(), eraHistory) },
    requiredSigners: (body.requiredSigners()?.values() ?? []).map((h) => String(h.value())),
    signers: (tx.witnessSet().vkeys()?.values() ?? []).map((w) => blake2b.hash(HexBlob(w.vkey()), 28)),
  };
}
