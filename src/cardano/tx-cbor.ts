// A transaction at the level of its raw CBOR parts: the body, the witness set and the rest
// (validity flag, auxiliary data), each kept as the exact bytes it arrived in. Used where
// re-encoding would be wrong: the transaction id is the hash of the body's original bytes, and
// the script data hash covers the redeemers and datums as they were encoded.
import { blake2b256 } from "./hash.js";
import { CborReader, CborWriter, Major } from "./cbor.js";

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

/** Reads the items of an array (definite or indefinite), each as its encoded bytes. */
function readArrayItems(reader: CborReader): Uint8Array[] {
  const items: Uint8Array[] = [];
  reader.each(reader.arrayLength(), () => items.push(reader.raw()));
  return items;
}

/** Reads the entries of a map (definite or indefinite), keys and values as encoded bytes. */
export function readMapEntries(bytes: Uint8Array): Array<[Uint8Array, Uint8Array]> {
  const reader = new CborReader(bytes);
  const entries: Array<[Uint8Array, Uint8Array]> = [];
  reader.each(reader.mapLength(), () => entries.push([reader.raw(), reader.raw()]));
  return entries;
}

/** Writes a definite-length map from encoded keys and values. */
export function writeMap(entries: ReadonlyArray<readonly [Uint8Array, Uint8Array]>): Uint8Array {
  const writer = new CborWriter().map(entries.length);
  for (const [key, value] of entries) writer.raw(key).raw(value);
  return writer.finish();
}

/** Splits a transaction into its raw parts; throws when it is not a 3- or 4-element array. */
export function splitTransaction(tx: Uint8Array): TransactionParts {
  const reader = new CborReader(tx);
  const items: Uint8Array[] = [];
  reader.each(reader.arrayLength(), () => {
    if (items.length === 4) throw new Error("a transaction is an array of 3 or 4 items, this one has more");
    items.push(reader.raw());
  });
  if (!reader.done) throw new Error("there are bytes after the transaction");
  if (items.length < 3) throw new Error(`a transaction is an array of 3 or 4 items, this one has ${items.length}`);
  const [body, witnessSet, ...rest] = items as [Uint8Array, Uint8Array, ...Uint8Array[]];
  if (new CborReader(body).peekMajor() !== Major.Map) throw new Error("the transaction body is not a map");
  if (new CborReader(witnessSet).peekMajor() !== Major.Map) throw new Error("the witness set is not a map");
  return { body, witnessSet, rest };
}

/** Reassembles a transaction from its parts, writing each part's bytes unchanged. */
export function joinTransaction(parts: TransactionParts): Uint8Array {
  const writer = new CborWriter()
    .array(2 + parts.rest.length)
    .raw(parts.body)
    .raw(parts.witnessSet);
  for (const item of parts.rest) writer.raw(item);
  return writer.finish();
}

export { blake2b256 };

/** The transaction id: blake2b-256 of the body's bytes. */
export const txIdOfBody = (body: Uint8Array): string => blake2b256(body);

/** The witness set's entries in order, each key as a number and each value as its encoded bytes. */
export function witnessSetEntries(witnessSet: Uint8Array): Array<[number, Uint8Array]> {
  return readMapEntries(witnessSet).map(([key, value]) => [new CborReader(key).smallUint(), value]);
}

/** A witness-set field that holds a set: its items (encoded) and whether it carried tag 258. */
export function readSet(value: Uint8Array): { tagged: boolean; items: Uint8Array[] } {
  const reader = new CborReader(value);
  let tagged = false;
  if (reader.peekMajor() === Major.Tag) {
    const tag = reader.tag();
    if (tag !== BigInt(SET_TAG)) throw new Error(`unexpected CBOR tag ${tag} where a set was expected`);
    tagged = true;
  }
  return { tagged, items: readArrayItems(reader) };
}

export function writeSet(items: readonly Uint8Array[], tagged: boolean): Uint8Array {
  const writer = new CborWriter();
  if (tagged) writer.tag(SET_TAG);
  writer.array(items.length);
  for (const item of items) writer.raw(item);
  return writer.finish();
}

/** The verification key (hex) of one encoded vkey witness `[vkey, signature]`. */
export function vkeyOfWitness(witness: Uint8Array): string {
  const reader = new CborReader(witness);
  const length = reader.arrayLength();
  if (length !== 2) throw new Error("a vkey witness is an array [vkey, signature]");
  const vkey = reader.bytesValue();
  const signature = reader.bytesValue();
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
