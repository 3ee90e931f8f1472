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
import { fromHex, toHex } from "../cardano/tx-cbor.js";
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

const refsOf = (set: { values(): readonly InstanceType<typeof Serialization.TransactionInput>[] } | undefined): InputRef[] =>
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

/** Decodes a transaction (CBOR hex); throws when it does not decode. */
export function decodeTransaction(txCbor: string, eraHistory: EraHistory): DecodedTransaction & { readonly txHash: string } {
  const tx = Serialization.Transaction.fromCbor(TxCBOR(txCbor.toLowerCase()));
  const body = tx.body();
  const txHash = tx.getId().toString();
  const metadata = tx.auxiliaryData()?.metadata()?.toCore();
  return {
    txHash,
    inputs: refsOf(body.inputs()),
    referenceInputs: refsOf(body.referenceInputs()),
    collateral: refsOf(body.collateral()),
    outputs: body.outputs().map((output, index) => decodedUtxo(utxoOfOutput(txHash, index, fromHex(output.toCbor())))),
    mint: [...(body.mint() ?? new Map<string, bigint>()).entries()].map(([unit, quantity]) => decodedAsset(String(unit), quantity)),
    metadata: metadata && metadata.size > 0 ? Object.fromEntries([...metadata].map(([label, value]) => [label.toString(), metadatumJson(value as Metadatum)])) : null,
    fee: body.fee().toString(),
    validity: { from: boundOf(body.validityStartInterval(), eraHistory), until: boundOf(body.ttl(), eraHistory) },
    requiredSigners: (body.requiredSigners()?.values() ?? []).map((h) => String(h.value())),
    signers: (tx.witnessSet().vkeys()?.values() ?? []).map((w) => blake2b.hash(HexBlob(w.vkey()), 28)),
  };
}
