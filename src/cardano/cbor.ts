// A small CBOR reader and writer over byte arrays, for the transaction builder's hot path.
//
// Written by hand rather than taken from a CBOR library because a transaction is mostly CBOR we
// were given (UTxO outputs, datums, scripts, the body's own bytes) placed next to CBOR we write,
// and its fee is priced on its exact size: the reader hands back the raw bytes of any item, the
// writer splices raw bytes in and always writes the shortest head. The CBOR libraries in reach
// either cannot splice or write 64-bit integers in nine bytes; cardano-sdk's reader (used for
// whole transactions in tx-cbor.ts) goes through hex strings, which is what made decoding a
// thousand UTxOs take 100 ms.

import { CborLimitError, cborItemEnd } from "./cbor-limits.js";

/** CBOR major types. */
export const Major = { Uint: 0, Nint: 1, Bytes: 2, Text: 3, Array: 4, Map: 5, Tag: 6, Simple: 7 } as const;
export type Major = (typeof Major)[keyof typeof Major];

const BREAK = 0xff;
const INDEFINITE = 31;

export class CborReader {
  #pos = 0;
  constructor(readonly bytes: Uint8Array) {}

  get position(): number {
    return this.#pos;
  }

  get done(): boolean {
    return this.#pos >= this.bytes.length;
  }

  #byte(): number {
    const b = this.bytes[this.#pos++];
    if (b === undefined) throw new Error("the CBOR ends too early");
    return b;
  }

  /** The major type of the next item, without reading it. */
  peekMajor(): Major {
    const b = this.bytes[this.#pos];
    if (b === undefined) throw new Error("the CBOR ends too early");
    return (b >> 5) as Major;
  }

  /** Whether the next byte ends an indefinite-length item. */
  atBreak(): boolean {
    return this.bytes[this.#pos] === BREAK;
  }

  readBreak(): void {
    if (this.#byte() !== BREAK) throw new Error("expected the end of an indefinite-length item");
  }

  /** Reads a head: its major type and argument (null for an indefinite length). */
  head(): { major: Major; value: bigint | null } {
    const initial = this.#byte();
    const major = (initial >> 5) as Major;
    const info = initial & 0x1f;
    if (info < 24) return { major, value: BigInt(info) };
    if (info === INDEFINITE) return { major, value: null };
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
    if (size === 0) throw new Error(`invalid CBOR head 0x${initial.toString(16)}`);
    if (this.#pos + size > this.bytes.length) throw new Error("the CBOR ends too early");
    let value = 0n;
    for (let i = 0; i < size; i++) value = (value << 8n) | BigInt(this.bytes[this.#pos++]!);
    return { major, value };
  }

  #expect(major: Major, what: string): bigint | null {
    const found = this.peekMajor();
    if (found !== major) throw new Error(`expected ${what}, found CBOR major type ${found}`);
    return this.head().value;
  }

  /** An unsigned integer. */
  uint(): bigint {
    const value = this.#expect(Major.Uint, "an unsigned integer");
    if (value === null) throw new Error("an integer cannot have an indefinite length");
    return value;
  }

  /** An unsigned integer that fits a JavaScript number (an index, a small count). */
  smallUint(): number {
    const value = this.uint();
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`${value} is too large here`);
    return Number(value);
  }

  /** A byte string (definite, or indefinite made of chunks). */
  bytesValue(): Uint8Array {
    const length = this.#expect(Major.Bytes, "a byte string");
    if (length !== null) return this.#take(length);
    const chunks: Uint8Array[] = [];
    while (!this.atBreak()) chunks.push(this.bytesValue());
    this.readBreak();
    return Buffer.concat(chunks);
  }

  #take(length: bigint): Uint8Array {
    const end = this.#pos + Number(length);
    if (end > this.bytes.length) throw new Error("the CBOR ends too early");
    const slice = this.bytes.subarray(this.#pos, end);
    this.#pos = end;
    return slice;
  }

  /** An array's length, or null for an indefinite one (then read items until atBreak()). */
  arrayLength(): number | null {
    const length = this.#expect(Major.Array, "an array");
    return length === null ? null : Number(length);
  }

  /** A map's number of entries, or null for an indefinite one. */
  mapLength(): number | null {
    const length = this.#expect(Major.Map, "a map");
    return length === null ? null : Number(length);
  }

  /** A tag number (the tagged item follows). */
  tag(): bigint {
    const tag = this.#expect(Major.Tag, "a tag");
    if (tag === null) throw new Error("a tag cannot have an indefinite length");
    return tag;
  }

  /** Skips one whole item and answers its raw bytes. */
  raw(): Uint8Array {
    const start = this.#pos;
    this.#skip();
    return this.bytes.subarray(start, this.#pos);
  }

  /** Skips one whole item, at any depth (an iterative scan: no input overflows the call stack). */
  #skip(): void {
    try {
      this.#pos = cborItemEnd(this.bytes, this.#pos);
    } catch (error) {
      throw error instanceof CborLimitError ? new Error(error.detail) : error;
    }
  }

  /** Reads `count` items (or up to the break when count is null) with `item`. */
  each(count: number | null, item: (index: number) => void): void {
    if (count === null) {
      for (let i = 0; !this.atBreak(); i++) item(i);
      this.readBreak();
    } else {
      for (let i = 0; i < count; i++) item(i);
    }
  }
}

export class CborWriter {
  #buffer = new Uint8Array(512);
  #length = 0;

  #room(size: number): void {
    if (this.#length + size <= this.#buffer.length) return;
    const grown = new Uint8Array(Math.max(this.#buffer.length * 2, this.#length + size));
    grown.set(this.#buffer.subarray(0, this.#length));
    this.#buffer = grown;
  }

  /** A head in its shortest form. */
  head(major: Major, value: number | bigint): this {
    const top = major << 5;
    if (typeof value === "number" && value < 24) {
      this.#room(1);
      this.#buffer[this.#length++] = top | value;
      return this;
    }
    const n = BigInt(value);
    if (n < 0n || n >= 2n ** 64n) throw new Error(`${n} does not fit a CBOR head`);
    const size = n < 24n ? 0 : n < 0x100n ? 1 : n < 0x10000n ? 2 : n < 0x100000000n ? 4 : 8;
    this.#room(1 + size);
    this.#buffer[this.#length++] =
      top | (size === 0 ? Number(n) : size === 1 ? 24 : size === 2 ? 25 : size === 4 ? 26 : 27);
    for (let i = size - 1; i >= 0; i--) this.#buffer[this.#length++] = Number((n >> BigInt(8 * i)) & 0xffn);
    return this;
  }

  uint(value: number | bigint): this {
    return this.head(Major.Uint, value);
  }

  /** Any integer of CBOR's range (-2^64 … 2^64 - 1). */
  int(value: number | bigint): this {
    const n = BigInt(value);
    return n < 0n ? this.head(Major.Nint, -1n - n) : this.head(Major.Uint, n);
  }

  bytes(value: Uint8Array): this {
    this.head(Major.Bytes, value.length);
    return this.raw(value);
  }

  text(value: string): this {
    const utf8 = Buffer.from(value, "utf8");
    this.head(Major.Text, utf8.length);
    return this.raw(utf8);
  }

  array(length: number): this {
    return this.head(Major.Array, length);
  }

  map(length: number): this {
    return this.head(Major.Map, length);
  }

  tag(tag: number): this {
    return this.head(Major.Tag, tag);
  }

  bool(value: boolean): this {
    this.#room(1);
    this.#buffer[this.#length++] = value ? 0xf5 : 0xf4;
    return this;
  }

  /** Already-encoded CBOR, written as it is. */
  raw(bytes: Uint8Array): this {
    this.#room(bytes.length);
    this.#buffer.set(bytes, this.#length);
    this.#length += bytes.length;
    return this;
  }

  get length(): number {
    return this.#length;
  }

  /** The bytes written so far (a copy). */
  finish(): Uint8Array {
    return this.#buffer.slice(0, this.#length);
  }
}

/** The encoded size of a head with this argument: 1, 2, 3, 5 or 9 bytes. */
export const headSize = (value: number | bigint): number => {
  const n = BigInt(value);
  return n < 24n ? 1 : n < 0x100n ? 2 : n < 0x10000n ? 3 : n < 0x100000000n ? 5 : 9;
};
