// A whole transaction (CBOR hex) as a person reads it: what it spends and reads, its outputs
// decoded as UTxOs are (./decoded-view.ts), what it mints and burns, its metadata as JSON, its
// fee, its validity interval in slots and UTC, and the keys it requires and carries signatures of.
// Decoding goes through our transaction view (src/cardano/tx-view.ts); outputs through our UTxO
// reader, from the bytes the transaction holds.
//
// Metadata JSON is cardano-cli's "no schema" mapping: text as strings, integers as numbers
// (decimal strings beyond 2^53), bytes as "0x" + hex, lists as arrays, maps as objects when every
// key is text or an integer (keys as strings), else as [{k, v}] pairs.
import type { EraHistory } from "../../cardano/era-history.js";
import { withinCborLimits } from "../../cardano/cbor-limits.js";
import { fromHex, toHex } from "../../cardano/tx-cbor.js";
import { keyHashOf, metadataEntries, readMetadatum, readTransaction, type Metadatum } from "../../cardano/tx-view.js";
import { utxoOfOutput } from "../../cardano/utxo.js";
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
export function decodeTransaction(
  txCbor: string,
  eraHistory: EraHistory,
): DecodedTransaction & { readonly txHash: string } {
  const tx = readTransaction(fromHex(txCbor.toLowerCase()));
  const { txHash, body } = tx;
  // Metadata over the CBOR limits (src/cardano/cbor-limits.ts) of a transaction read from the chain is not shown.
  const aux = tx.auxiliaryData;
  const metadata = aux !== undefined && withinCborLimits(toHex(aux)) ? metadataEntries(aux) : [];
  return {
    txHash,
    inputs: body.inputs,
    referenceInputs: body.referenceInputs,
    collateral: body.collateral,
    outputs: body.outputs.map((output, index) => decodedUtxo(utxoOfOutput(txHash, index, output))),
    mint: body.mint.map(({ unit, quantity }) => decodedAsset(unit, quantity)),
    metadata:
      metadata.length > 0
        ? Object.fromEntries(
            metadata.map(({ label, value }) => [label.toString(), metadatumJson(readMetadatum(value))]),
          )
        : null,
    fee: body.fee.toString(),
    validity: { from: boundOf(body.validityStart, eraHistory), until: boundOf(body.ttl, eraHistory) },
    requiredSigners: body.requiredSigners,
    signers: tx.witnessSet.vkeys.map((w) => keyHashOf(w.vkey)),
  };
}
