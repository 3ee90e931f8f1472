// Transaction metadata and token-standard helpers: JSON → ledger metadatum (with the 64-byte
// string rule), CIP-20 messages, CIP-25 (label 721) maps, CIP-67 label prefixes and the
// CIP-68 reference datum as detailed-schema Plutus JSON. Pure functions, no I/O.
import type { Metadatum } from "./types.js";
import { BadRequestError, refusal } from "../errors.js";

/** The ledger caps each metadata text or bytes value at 64 bytes. */
const METADATA_CHUNK_BYTES = 64;

export const CIP20_LABEL = 674;
export const CIP25_LABEL = 721;

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/** Splits a string into pieces of at most `max` UTF-8 bytes, never inside a code point. */
export function chunkUtf8(text: string, max = METADATA_CHUNK_BYTES): string[] {
  const chunks: string[] = [];
  let current = "";
  let size = 0;
  for (const char of text) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > max) {
      chunks.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  if (current.length > 0 || chunks.length === 0) chunks.push(current);
  return chunks;
}

/** A string as one metadatum: itself when it fits in 64 bytes, else a list of ≤64-byte chunks. */
export function textMetadatum(text: string): Metadatum {
  return encoder.encode(text).length <= METADATA_CHUNK_BYTES ? text : chunkUtf8(text);
}

/**
 * Converts JSON to a ledger metadatum: objects → maps (text keys), arrays → lists, integers → ints,
 * strings → text (chunked above 64 bytes). Fractions, booleans and null have no metadatum form.
 */
export function jsonToMetadatum(value: unknown, field: string): Metadatum {
  if (typeof value === "string") return textMetadatum(value);
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value))
      throw refusal(BadRequestError, (at) => `${at(field)} is ${value}: metadata numbers must be whole safe integers.`);
    return BigInt(value);
  }
  if (Array.isArray(value)) return value.map((item, i) => jsonToMetadatum(item, `${field}[${i}]`));
  if (value !== null && typeof value === "object") {
    const map = new Map<Metadatum, Metadatum>();
    for (const [key, item] of Object.entries(value)) {
      if (encoder.encode(key).length > METADATA_CHUNK_BYTES) {
        throw refusal(
          BadRequestError,
          (at) =>
            `${at(field)} has the key "${key.slice(0, 20)}…" longer than 64 bytes, which metadata keys cannot be.`,
        );
      }
      map.set(key, jsonToMetadatum(item, `${field}.${key}`));
    }
    return map;
  }
  throw refusal(
    BadRequestError,
    (at) =>
      `${at(field)} is ${value === null ? "null" : typeof value}: metadata holds only strings, integers, lists and objects.`,
  );
}

/** CIP-20: `{msg: [...]}`, each line split into ≤64-byte chunks. */
export function cip20Message(lines: readonly string[]): Map<Metadatum, Metadatum> {
  return new Map<Metadatum, Metadatum>([["msg", lines.flatMap((line) => chunkUtf8(line))]]);
}

/** Merges two metadata: maps merge key by key (recursively), anything else is replaced by `b`. */
export function mergeMetadatum(a: Metadatum, b: Metadatum): Metadatum {
  if (a instanceof Map && b instanceof Map) {
    const merged = new Map(a);
    for (const [key, value] of b) {
      const existing = merged.get(key);
      merged.set(key, existing === undefined ? value : mergeMetadatum(existing, value));
    }
    return merged;
  }
  return b;
}

// ── CIP-67 labels ─────────────────────────────────────────────────────────────────────
export const CIP67_LABELS = [100, 222, 333, 444] as const;

function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/** The 4-byte CIP-67 prefix of a label, as hex: `0` nibble, 2-byte label, CRC-8, `0` nibble. */
export function cip67Prefix(label: number): string {
  if (!Number.isInteger(label) || label < 0 || label > 0xffff)
    throw new RangeError(`CIP-67 label ${label} is out of range.`);
  const labelHex = label.toString(16).padStart(4, "0");
  const checksum = crc8(Uint8Array.from(Buffer.from(labelHex, "hex")));
  return `0${labelHex}${checksum.toString(16).padStart(2, "0")}0`;
}

// ── Asset names ───────────────────────────────────────────────────────────────────────
export interface AssetNameSpec {
  readonly name: string;
  readonly format: "utf8" | "hex";
  readonly label?: number | undefined;
}

/** The base name (without CIP-67 prefix) as hex. */
function baseNameHex(spec: AssetNameSpec, field: string): string {
  if (spec.format === "utf8") return Buffer.from(spec.name, "utf8").toString("hex");
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(spec.name))
    throw refusal(BadRequestError, (at) => `${at(field)}.name is not hex although format is "hex".`);
  return spec.name.toLowerCase();
}

/** The full on-chain asset name as hex: CIP-67 prefix (when labelled) + base name; at most 32 bytes. */
export function assetNameHex(spec: AssetNameSpec, field: string): string {
  const hex = (spec.label === undefined ? "" : cip67Prefix(spec.label)) + baseNameHex(spec, field);
  if (hex.length > 64)
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} is ${hex.length / 2} bytes long (with its label prefix); asset names are at most 32 bytes.`,
    );
  return hex;
}

/** An asset name as CIP-25 v1 text key: UTF-8 when it decodes as such, else its hex. */
function assetNameText(hex: string): string {
  try {
    return decoder.decode(Buffer.from(hex, "hex"));
  } catch {
    return hex;
  }
}

// ── CIP-25 ────────────────────────────────────────────────────────────────────────────
/** CIP-25 v1 label-721 map `{<policy hex>: {<asset name text>: metadata}}`, strings chunked. */
export function cip25Metadatum(
  entries: readonly { policyId: string; assetNameHex: string; metadata: unknown; field: string }[],
): Metadatum {
  let result: Metadatum = new Map<Metadatum, Metadatum>();
  for (const entry of entries) {
    const asset = new Map<Metadatum, Metadatum>([
      [assetNameText(entry.assetNameHex), jsonToMetadatum(entry.metadata, entry.field)],
    ]);
    result = mergeMetadatum(result, new Map<Metadatum, Metadatum>([[entry.policyId, asset]]));
  }
  return result;
}

// ── CIP-68 ────────────────────────────────────────────────────────────────────────────
/** Plutus data in the detailed JSON schema (the form Mesh's "JSON" datum type takes). */
export type PlutusJson =
  | { readonly int: number | bigint }
  | { readonly bytes: string }
  | { readonly list: readonly PlutusJson[] }
  | { readonly map: readonly { readonly k: PlutusJson; readonly v: PlutusJson }[] }
  | { readonly constructor: number; readonly fields: readonly PlutusJson[] };

const utf8Bytes = (text: string): PlutusJson => ({ bytes: Buffer.from(text, "utf8").toString("hex") });

/** JSON → CIP-68 metadata value: strings become UTF-8 bytes, objects maps with byte keys. */
function jsonToCip68Data(value: unknown, field: string): PlutusJson {
  if (typeof value === "string") return utf8Bytes(value);
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value))
      throw refusal(BadRequestError, (at) => `${at(field)} is ${value}: CIP-68 numbers must be whole safe integers.`);
    return { int: value };
  }
  if (Array.isArray(value)) return { list: value.map((item, i) => jsonToCip68Data(item, `${field}[${i}]`)) };
  if (value !== null && typeof value === "object") {
    return {
      map: Object.entries(value).map(([k, v]) => ({ k: utf8Bytes(k), v: jsonToCip68Data(v, `${field}.${k}`) })),
    };
  }
  throw refusal(
    BadRequestError,
    (at) =>
      `${at(field)} is ${value === null ? "null" : typeof value}: CIP-68 metadata holds only strings, integers, lists and objects.`,
  );
}

/** The CIP-68 reference datum `#6.121([metadata, version, extra])`, `extra` = `#6.121([])`. */
export function cip68Datum(metadata: unknown, field: string, version = 1): PlutusJson {
  const meta = metadata === undefined ? { map: [] } : jsonToCip68Data(metadata, field);
  if (!("map" in meta))
    throw refusal(BadRequestError, (at) => `${at(field)} must be an object: CIP-68 metadata is a map.`);
  return { constructor: 0, fields: [meta, { int: version }, { constructor: 0, fields: [] }] };
}
