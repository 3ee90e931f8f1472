// A transaction at the level of its raw CBOR parts: the body, the witness set and the rest
// (validity flag, auxiliary data), each kept as the exact bytes it arrived in. Used where
// re-encoding would be wrong: the transaction id is the hash of the body's original bytes, and
// the script data hash covers the redeemers and datums as they were encoded.
import { Serialization, HexBlob } from "@meshsdk/core-cst";
import { blake2b256 } from "./hash.js";
import { CborReader as BytesReader } from "./cbor.js";

const { CborReader, CborWriter, CborReaderState } = Serialization;
type Reader = InstanceType<typeof CborReader>;

/** The CBOR tag 258 that Conway-era sets may carry. */
const SET_TAG = 258;

export interface TransactionParts {
  /** The transaction body, byte for byte as it was received. */
  readonly body: Uint8Array;
  /** The witness set, byte for byte as it was received. */
  readonly witnessSet: Uint8Array;
  /** The fields after the witness set (is_valid, auxiliary data), each as received. */
  readonly rest: readonly Uint8Array[];
}

export const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");
export const fromHex = (hex: string): Uint8Array => new Uint8Array(Buffer.from(hex, "hex"));

function readerOf(bytes: Uint8Array): Reader {
  return new CborReader(HexBlob(toHex(bytes)));
}

/** Reads the items of an array (definite or indefinite), each as its encoded bytes. */
function readArrayItems(reader: Reader): Uint8Array[] {
  const length = reader.readStartArray();
  const items: Uint8Array[] = [];
  if (length === null) {
    while (reader.peekState() !== CborReaderState.EndArray) items.push(reader.readEncodedValue());
  } else {
    for (let i = 0; i < length; i++) items.push(reader.readEncodedValue());
  }
  reader.readEndArray();
  return items;
}

/** Reads the entries of a map (definite or indefinite), keys and values as encoded bytes. */
export function readMapEntries(bytes: Uint8Array): Array<[Uint8Array, Uint8Array]> {
  const reader = readerOf(bytes);
  const length = reader.readStartMap();
  const entries: Array<[Uint8Array, Uint8Array]> = [];
  const more = (i: number) => (length === null ? reader.peekState() !== CborReaderState.EndMap : i < length);
  for (let i = 0; more(i); i++) entries.push([reader.readEncodedValue(), reader.readEncodedValue()]);
  reader.readEndMap();
  return entries;
}

/** Writes a definite-length map from encoded keys and values. */
export function writeMap(entries: ReadonlyArray<readonly [Uint8Array, Uint8Array]>): Uint8Array {
  const writer = new CborWriter();
  writer.writeStartMap(entries.length);
  for (const [key, value] of entries) writer.writeEncodedValue(key).writeEncodedValue(value);
  return writer.encode();
}

/** Splits a transaction into its raw parts; throws when it is not a 3- or 4-element array. */
export function splitTransaction(tx: Uint8Array): TransactionParts {
  // Counted first with our reader: cardano-sdk's takes a second over an array of 15,000 items.
  const top = new BytesReader(tx);
  let count = 0;
  top.each(top.arrayLength(), () => {
    if (++count > 4) throw new Error("a transaction is an array of 3 or 4 items, this one has more");
    top.raw();
  });
  const reader = readerOf(tx);
  const items = readArrayItems(reader);
  if (reader.peekState() !== CborReaderState.Finished) throw new Error("there are bytes after the transaction");
  if (items.length < 3 || items.length > 4)
    throw new Error(`a transaction is an array of 3 or 4 items, this one has ${items.length}`);
  const [body, witnessSet, ...rest] = items as [Uint8Array, Uint8Array, ...Uint8Array[]];
  if (readerOf(body).peekState() !== CborReaderState.StartMap) throw new Error("the transaction body is not a map");
  if (readerOf(witnessSet).peekState() !== CborReaderState.StartMap) throw new Error("the witness set is not a map");
  return { body, witnessSet, rest };
}

/** Reassembles a transaction from its parts, writing each part's bytes unchanged. */
export function joinTransaction(parts: TransactionParts): Uint8Array {
  const writer = new CborWriter();
  writer.writeStartArray(2 + parts.rest.length);
  writer.writeEncodedValue(parts.body).writeEncodedValue(parts.witnessSet);
  for (const item of parts.rest) writer.writeEncodedValue(item);
  return writer.encode();
}

export { blake2b256 };

/** The transaction id: blake2b-256 of the body's bytes. */
export const txIdOfBody = (body: Uint8Array): string => blake2b256(body);

/** The witness set's entries in order, each key as a number and each value as its encoded bytes. */
export function witnessSetEntries(witnessSet: Uint8Array): Array<[number, Uint8Array]> {
  return readMapEntries(witnessSet).map(([key, value]) => [Number(readerOf(key).readUInt()), value]);
}

/** A witness-set field that holds a set: its items (encoded) and whether it carried tag 258. */
export function readSet(value: Uint8Array): { tagged: boolean; items: Uint8Array[] } {
  const reader = readerOf(value);
  let tagged = false;
  if (reader.peekState() === CborReaderState.Tag) {
    const tag = Number(reader.readTag());
    if (tag !== SET_TAG) throw new Error(`unexpected CBOR tag ${tag} where a set was expected`);
    tagged = true;
  }
  return { tagged, items: readArrayItems(reader) };
}

export function writeSet(items: readonly Uint8Array[], tagged: boolean): Uint8Array {
  const writer = new CborWriter();
  if (tagged) writer.writeTag(SET_TAG);
  writer.writeStartArray(items.length);
  for (const item of items) writer.writeEncodedValue(item);
  return writer.encode();
}

/** The verification key (hex) of one encoded vkey witness `[vkey, signature]`. */
export function vkeyOfWitness(witness: Uint8Array): string {
  const reader = readerOf(witness);
  const length = reader.readStartArray();
  if (length !== 2) throw new Error("a vkey witness is an array [vkey, signature]");
  const vkey = reader.readByteString();
  const signature = reader.readByteString();
  if (vkey.length !== 32 || signature.length !== 64)
    throw new Error("a vkey witness holds a 32-byte key and a 64-byte signature");
  return toHex(vkey);
}

/** Datums in the witness set (key 4), each with its hash over the bytes as they were encoded. */
export function witnessDatums(witnessSet: Uint8Array): Array<{ hash: string; datum: string }> {
  const entry = witnessSetEntries(witnessSet).find(([key]) => key === 4);
  if (!entry) return [];
  return readSet(entry[1]).items.map((datum) => ({ hash: blake2b256(datum), datum: toHex(datum) }));
}
