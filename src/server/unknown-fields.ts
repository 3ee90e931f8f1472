// Unknown fields where a route tolerates them (POST /transactions/build and the other open
// objects: the hosted API's clients send fields of their own). After validation, the body and
// query string are walked along the route's schema. A field that no object of the schema knows
// at its level is
// - a typo of a known one, refused with 400 SVC_ERR_UNKNOWN_FIELD "… did you mean lovelace?":
//   a known confusion (CONFUSIONS: `amount` for `lovelace`), a difference of case alone
//   (`changeaddress`), or a Damerau-Levenshtein distance of at most 2 (1 for names of at most
//   4 characters, so that short foreign names are not taken for typos);
// - otherwise accepted, and named in the `warnings` of the 200 answer (absent when there is none).
// Objects the schema closes (additionalProperties false) are Ajv's (SVC_ERR_UNKNOWN_FIELD too);
// free-form values (metadata, datums, blueprints: Type.Unknown, records) are not walked.
import type { TSchema } from "typebox";
import { UnknownFieldError } from "../errors.js";

/** Field names clients confuse with a known one that no edit distance finds: unknown → the known ones it may mean (the first at the object's level wins). */
export const CONFUSIONS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  amount: ["lovelace", "quantity"],
  ada: ["lovelace"],
  lovelaces: ["lovelace"],
  value: ["lovelace"],
  qty: ["quantity"],
  msg: ["message"],
  memo: ["message"],
  validity: ["validityInterval"],
  ttl: ["validityInterval"],
  signers: ["requiredSigners"],
  change: ["changeAddress"],
  minting: ["mint"],
  mints: ["mint"],
  token: ["assets"],
  tokens: ["assets"],
});

/** What an array's entries are called in messages, by the array's field name. */
const ENTRY_NOUNS: Readonly<Record<string, string>> = {
  outputs: "an output",
  mint: "a mint entry",
  assets: "an asset",
  scriptInteractions: "a script interaction",
  delegations: "a delegation",
  cip68MetadataUpdates: "a CIP-68 metadata update",
  preloadedScripts: "a preloaded script",
  referenceInputs: "a reference input",
  meta: "a meta entry",
};

/** Damerau-Levenshtein distance (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i]!;
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The known field `field` is a typo or a confusion of, or undefined. */
export function suggestionFor(field: string, known: readonly string[]): string | undefined {
  const confused = (CONFUSIONS[field.toLowerCase()] ?? []).find((name) => known.includes(name));
  if (confused !== undefined) return confused;
  const sameCase = known.find((k) => k.toLowerCase() === field.toLowerCase());
  if (sameCase !== undefined) return sameCase;
  const limit = field.length <= 4 ? 1 : 2;
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(field.toLowerCase(), name.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** An unknown field found at `path`. */
export interface UnknownField {
  /** `body.outputs[0].amount` */
  readonly path: string;
  /** `body.outputs[0]` */
  readonly parent: string;
  readonly field: string;
  /** What the object is called in a message: "an output", or its path. */
  readonly noun: string;
  readonly known: readonly string[];
}

type Schema = TSchema & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  patternProperties?: Record<string, Schema>;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The branch of a union that `value` was written for: one whose literal fields match, else the one knowing most of its keys. */
function branchFor(branches: readonly Schema[], value: unknown): Schema | undefined {
  if (!isObject(value)) return Array.isArray(value) ? branches.find((b) => b.type === "array") : undefined;
  const objects = branches.filter((b) => b.properties !== undefined);
  const literal = objects.filter((b) =>
    Object.entries(b.properties ?? {}).some(([key, s]) => s.const !== undefined && value[key] === s.const),
  );
  const candidates = literal.length > 0 ? literal : objects;
  let best: Schema | undefined;
  let score = -1;
  for (const branch of candidates) {
    const known = Object.keys(value).filter((key) => Object.hasOwn(branch.properties ?? {}, key)).length;
    if (known > score) [best, score] = [branch, known];
  }
  return best;
}

const indexed = (path: string, key: string): string => (/^\d+$/.test(key) ? `${path}[${key}]` : `${path}.${key}`);

function walk(schema: Schema | undefined, value: unknown, path: string, noun: string, found: UnknownField[]): void {
  if (schema === undefined || value === undefined || value === null) return;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return walk(branchFor(union, value), value, path, noun, found);
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items === undefined || Array.isArray(items)) return;
    const field = /\.([A-Za-z0-9_]+)$/.exec(path)?.[1] ?? "";
    value.forEach((item, i) => walk(items, item, `${path}[${i}]`, ENTRY_NOUNS[field] ?? `an entry of ${path}`, found));
    return;
  }
  if (!isObject(value) || schema.properties === undefined) return;
  const properties = schema.properties;
  const known = Object.keys(properties);
  // A closed object's unknown fields are refused by validation; a record (patternProperties) is free-form.
  const open = schema.additionalProperties !== false && schema.patternProperties === undefined && known.length > 0;
  for (const [key, item] of Object.entries(value)) {
    const sub = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (sub !== undefined) walk(sub, item, indexed(path, key), `${indexed(path, key)}`, found);
    else if (open) found.push({ path: indexed(path, key), parent: path, field: key, noun, known });
  }
}

/** The unknown fields of `value` (validated against `schema`), named under `base` ("body", "query"). */
export function unknownFieldsOf(
  schema: TSchema | undefined,
  value: unknown,
  base: string,
  noun: string,
): UnknownField[] {
  const found: UnknownField[] = [];
  walk(schema as Schema | undefined, value, base, noun, found);
  return found;
}

/** Whether any object of `schema` tolerates unknown fields (a route whose answers may carry warnings). */
export function toleratesUnknownFields(schema: TSchema | undefined): boolean {
  const s = schema as Schema | undefined;
  if (s === undefined || typeof s !== "object") return false;
  if (
    s.properties !== undefined &&
    Object.keys(s.properties).length > 0 &&
    s.additionalProperties !== false &&
    s.patternProperties === undefined
  )
    return true;
  const children: Schema[] = [
    ...Object.values(s.properties ?? {}),
    ...(s.anyOf ?? []),
    ...(s.oneOf ?? []),
    ...(Array.isArray(s.items) ? s.items : s.items ? [s.items] : []),
  ];
  return children.some((child) => toleratesUnknownFields(child));
}

/**
 * Checks the unknown fields of a request part: the first typo is a 400 SVC_ERR_UNKNOWN_FIELD;
 * the others are returned as warnings.
 */
export function checkUnknownFields(schema: TSchema | undefined, value: unknown, base: string, noun: string): string[] {
  const warnings: string[] = [];
  for (const unknown of unknownFieldsOf(schema, value, base, noun)) {
    const meant = suggestionFor(unknown.field, unknown.known);
    if (meant !== undefined) {
      throw new UnknownFieldError(`${unknown.path} is not a field of ${unknown.noun}; did you mean ${meant}?`);
    }
    warnings.push(`${unknown.path} is not a field of ${unknown.noun}: it was ignored.`);
  }
  return warnings;
}
