// Auxiliary data of a build: `message` (CIP-20), `metadata` ({label: JSON}), `meta[]` (the
// array form) and the CIP-25 entries of the mints, merged into one label → metadatum map.
import type { Metadatum } from "../../cardano/types.js";
import { CIP20_LABEL, CIP25_LABEL, cip20Message, jsonToMetadatum, mergeMetadatum } from "../../cardano/metadata.js";
import { BadRequestError, refusal } from "../../errors.js";
import type { BuildIntent } from "./request.js";

const MAX_LABEL = 2n ** 64n - 1n;

/** A metadata label: a decimal whole number from 0 to 2^64 - 1. */
function parseLabel(label: string | number, field: string): bigint {
  const text = String(label);
  if (!/^[0-9]+$/.test(text) || BigInt(text) > MAX_LABEL) {
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} is "${text}": a metadata label is a whole number from 0 to 2^64 - 1.`,
    );
  }
  return BigInt(text);
}

class LabelMap {
  readonly entries = new Map<bigint, Metadatum>();

  add(label: bigint, value: Metadatum): void {
    const existing = this.entries.get(label);
    this.entries.set(label, existing === undefined ? value : mergeMetadatum(existing, value));
  }

  /** `{<label>: JSON, ...}`. */
  addObject(object: unknown, field: string): void {
    if (object === null || typeof object !== "object" || Array.isArray(object)) {
      throw refusal(BadRequestError, (at) => `${at(field)} must be an object {<label>: <metadata>}.`);
    }
    for (const [label, value] of Object.entries(object)) {
      this.add(parseLabel(label, `${field} label`), jsonToMetadatum(value, `${field}.${label}`));
    }
  }
}

const lines = (value: unknown): string[] | null =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value) && value.every((v) => typeof v === "string")
      ? (value as string[])
      : null;

function addMetaEntry(map: LabelMap, entry: { label?: string | number; data: unknown }, field: string): void {
  if (entry.label === undefined) return map.addObject(entry.data, `${field}.data`);
  if (entry.label === "message") {
    const text = lines(entry.data);
    // A string or string[] is the message itself; an object is taken as the 674 map ({msg: [...]}).
    return map.add(BigInt(CIP20_LABEL), text ? cip20Message(text) : jsonToMetadatum(entry.data, `${field}.data`));
  }
  const label = entry.label === "token" ? BigInt(CIP25_LABEL) : parseLabel(entry.label, `${field}.label`);
  map.add(label, jsonToMetadatum(entry.data, `${field}.data`));
}

/**
 * Merges every source of metadata. Same-label entries merge map by map (later keys win on
 * conflict), in this order: message, metadata, meta[], then the CIP-25 map of the mints.
 */
export function planMetadata(request: BuildIntent, cip25: Metadatum | null): Map<bigint, Metadatum> {
  const map = new LabelMap();
  if (request.message !== undefined) {
    const text = lines(request.message) ?? [];
    map.add(BigInt(CIP20_LABEL), cip20Message(text));
  }
  if (request.metadata !== undefined) map.addObject(request.metadata, "metadata");
  request.meta?.forEach((entry, i) => addMetaEntry(map, entry, `meta[${i}]`));
  if (cip25 !== null) map.add(BigInt(CIP25_LABEL), cip25);
  return map.entries;
}
