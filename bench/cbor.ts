// What the benchmark reads off a transaction's CBOR, with a reader of its own (a few lines: it only
// finds where each item ends), so that the figures do not depend on the codec being measured:
// the top-level items (body, witness set, is_valid, auxiliary data), the size the ledger charges
// for, the body's fee, and whether auxiliary data travels.

/** Where the CBOR item starting at `at` ends (the offset after it). Indefinite lengths included. */
export function itemEnd(bytes: Uint8Array, at: number): number {
  const initial = bytes[at];
  if (initial === undefined) throw new Error(`CBOR ends before an item at ${at}`);
  const major = initial >> 5;
  const info = initial & 31;
  let pos = at + 1;
  if (info === 31) {
    if (major === 7) throw new Error(`a CBOR break where an item was expected, at ${at}`);
    // Indefinite: items (chunks, elements or key-value pairs alike) up to the break byte.
    while (bytes[pos] !== 0xff) {
      if (pos >= bytes.length) throw new Error("an indefinite CBOR item has no break");
      pos = itemEnd(bytes, pos);
    }
    return pos + 1;
  }
  let argument: number;
  if (info < 24) argument = info;
  else if (info <= 27) {
    const width = 1 << (info - 24);
    argument = 0;
    for (let i = 0; i < width; i++) argument = argument * 256 + (bytes[pos + i] ?? 0);
    pos += width;
  } else throw new Error(`reserved CBOR additional information ${info} at ${at}`);
  switch (major) {
    case 0:
    case 1:
    case 7:
      return pos;
    case 2:
    case 3:
      return pos + argument;
    case 4:
      for (let i = 0; i < argument; i++) pos = itemEnd(bytes, pos);
      return pos;
    case 5:
      for (let i = 0; i < 2 * argument; i++) pos = itemEnd(bytes, pos);
      return pos;
    default: // 6: a tag, then its item
      return itemEnd(bytes, pos);
  }
}

/** The items of the array at the start of `bytes`, each as its encoded bytes. */
export function arrayItems(bytes: Uint8Array): Uint8Array[] {
  const initial = bytes[0] ?? 0;
  if (initial >> 5 !== 4) throw new Error("not a CBOR array");
  const info = initial & 31;
  const items: Uint8Array[] = [];
  if (info === 31) {
    let pos = 1;
    while (bytes[pos] !== 0xff) {
      const end = itemEnd(bytes, pos);
      items.push(bytes.subarray(pos, end));
      pos = end;
    }
    return items;
  }
  if (info > 23) throw new Error("a transaction array has fewer than 24 items");
  let pos = 1;
  for (let i = 0; i < info; i++) {
    const end = itemEnd(bytes, pos);
    items.push(bytes.subarray(pos, end));
    pos = end;
  }
  return items;
}

/** An unsigned integer item's value (a fee, a map key). */
function uintOf(item: Uint8Array): bigint {
  const initial = item[0] ?? 0xff;
  if (initial >> 5 !== 0) throw new Error("not an unsigned integer");
  const info = initial & 31;
  if (info < 24) return BigInt(info);
  let value = 0n;
  for (let i = 1; i <= 1 << (info - 24); i++) value = value * 256n + BigInt(item[i] ?? 0);
  return value;
}

export interface TxShape {
  /** Bytes of the whole CBOR. */
  readonly bytes: number;
  /** What the ledger's fee formula counts: the transaction without its is_valid item (Alonzo's 3-element form). */
  readonly ledgerBytes: number;
  readonly body: Uint8Array;
  /** The fee the body declares, lovelace. */
  readonly fee: bigint;
  /** Bytes of the auxiliary data; 0 when there is none (null). */
  readonly auxiliaryBytes: number;
  /** Bytes of the body's auxiliary_data_hash field (key 7 and its 32-byte hash); 0 without one. */
  readonly auxiliaryHashBytes: number;
}

export function txShape(hex: string): TxShape {
  const bytes = new Uint8Array(Buffer.from(hex, "hex"));
  const end = itemEnd(bytes, 0);
  if (end !== bytes.length) throw new Error(`${bytes.length - end} bytes after the transaction`);
  const items = arrayItems(bytes);
  if (items.length < 3 || items.length > 4) throw new Error(`a transaction has 3 or 4 items, not ${items.length}`);
  const body = items[0]!;
  const isValid = items.length === 4 ? items[2]! : null;
  const auxiliary = items[items.length - 1]!;
  let fee: bigint | null = null;
  let auxiliaryHashBytes = 0;
  // The body: a map with unsigned keys; key 2 is the fee.
  const info = body[0]! & 31;
  let pos = 1;
  let count =
    info < 24 ? info : info === 24 ? body[pos++]! : info === 25 ? body[pos++]! * 256 + body[pos++]! : Infinity;
  if (body[0]! >> 5 !== 5 || info > 25) throw new Error("the body is not a map of fewer than 65,536 fields");
  while (count-- > 0 && pos < body.length) {
    const keyEnd = itemEnd(body, pos);
    const valueEnd = itemEnd(body, keyEnd);
    const key = uintOf(body.subarray(pos, keyEnd));
    if (key === 2n) fee = uintOf(body.subarray(keyEnd, valueEnd));
    if (key === 7n) auxiliaryHashBytes = valueEnd - pos;
    pos = valueEnd;
  }
  if (fee === null) throw new Error("the body has no fee");
  return {
    bytes: bytes.length,
    ledgerBytes: bytes.length - (isValid?.length ?? 0),
    body,
    fee,
    auxiliaryBytes: auxiliary.length === 1 && auxiliary[0] === 0xf6 ? 0 : auxiliary.length,
    auxiliaryHashBytes,
  };
}

/** The number of entries of the map at the start of `bytes` (a UTxO set). */
export function mapSize(bytes: Uint8Array): number {
  const initial = bytes[0] ?? 0;
  if (initial >> 5 !== 5) throw new Error("not a CBOR map");
  const info = initial & 31;
  if (info < 24) return info;
  if (info <= 27) {
    let n = 0;
    for (let i = 1; i <= 1 << (info - 24); i++) n = n * 256 + (bytes[i] ?? 0);
    return n;
  }
  let pos = 1;
  let n = 0;
  while (bytes[pos] !== 0xff) {
    pos = itemEnd(bytes, itemEnd(bytes, pos));
    n++;
  }
  return n;
}
