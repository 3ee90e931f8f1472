// The rules for unknown fields of a request body or query string, pure (no Fastify: the plugin
// plugins/unknown-field-guard.ts applies them to every route, before validation): the value is
// walked along the route's schema, and a field that no object of the schema knows at its level is
// - a typo of a known one, refused with 400 SVC_ERR_UNKNOWN_FIELD "… did you mean lovelace?":
//   a known confusion (CONFUSIONS: `amount` for `lovelace`, `witnesses` for `signatures`), a
//   difference of case alone (`changeaddress`), or a Damerau-Levenshtein distance of at most 2 (1
//   for names of at most 4 characters, so that short foreign names are not taken for typos); every
//   known field at the smallest distance is named;
// - a shape of another API that the message explains (HINTS: Blockfrost's `{unit, quantity}`
//   assets and its `amount` list, mapped to ours);
// - in an object the schema closes (additionalProperties false), refused: a query string's by this
//   module, naming what the endpoint takes; a body's by validation (Ajv, SVC_ERR_UNKNOWN_FIELD too);
// - in an object that tolerates unknown fields (POST /transactions/build and the other open objects:
//   the hosted API's clients send fields of their own), accepted and named in the `warnings` of the
//   200 answer (absent when there is none).
// Free-form values (metadata, datums, blueprints: Type.Unknown, records) are not walked.
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
  witnesses: ["signatures"],
  witnessset: ["signatures"],
  witnesssets: ["signatures"],
  vkeywitnesses: ["signatures"],
  tx: ["transaction"],
  txcbor: ["transaction"],
  cbor: ["transaction"],
  page_state: ["pageState", "cursor"],
  next: ["cursor"],
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

/** The known fields `field` is a typo or a confusion of (a confusion first, then every one at the smallest distance); empty when none. */
export function suggestionsFor(field: string, known: readonly string[]): string[] {
  const lower = field.toLowerCase();
  const confused = (CONFUSIONS[lower] ?? []).find((name) => known.includes(name));
  const sameCase = known.filter((k) => k.toLowerCase() === lower);
  if (sameCase.length > 0) return [...new Set([...(confused === undefined ? [] : [confused]), ...sameCase])];
  const limit = field.length <= 4 ? 1 : 2;
  let best = limit + 1;
  let nearest: string[] = [];
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    if (distance > limit) continue;
    if (distance < best) [best, nearest] = [distance, [name]];
    else if (distance === best) nearest.push(name);
  }
  return [...new Set([...(confused === undefined ? [] : [confused]), ...nearest])];
}

/** The known field `field` is most likely a typo or a confusion of, or undefined. */
export const suggestionFor = (field: string, known: readonly string[]): string | undefined =>
  suggestionsFor(field, known)[0];

const orList = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;

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
  /** What the field holds. */
  readonly value: unknown;
  /** The object it sits in. */
  readonly owner: Readonly<Record<string, unknown>>;
  /** Whether its object is closed (additionalProperties false): an unknown field there is refused. */
  readonly closed: boolean;
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
  if (!isObject(value) || (schema.properties === undefined && schema.additionalProperties !== false)) return;
  const properties = schema.properties ?? {};
  const known = Object.keys(properties);
  // A record (patternProperties) is free-form, and so is an open object that names no field.
  const closed = schema.additionalProperties === false;
  const checked = schema.patternProperties === undefined && (closed || known.length > 0);
  for (const [key, item] of Object.entries(value)) {
    const sub = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (sub !== undefined) walk(sub, item, indexed(path, key), `${indexed(path, key)}`, found);
    else if (checked)
      found.push({
        path: indexed(path, key),
        parent: path,
        field: key,
        noun,
        known,
        value: item,
        owner: value,
        closed,
      });
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

const isHex = (value: unknown): value is string => typeof value === "string" && /^([0-9a-fA-F]{2})*$/.test(value);

/** The most a hint echoes of one value the client sent, and of the assets of an amount list: its size is bounded whatever the request's. */
const ECHOED_CHARS = 80;
const ECHOED_ASSETS = 3;

/** `text`, cut to ECHOED_CHARS with an ellipsis. */
const echoed = (text: string): string => (text.length > ECHOED_CHARS ? `${text.slice(0, ECHOED_CHARS)}…` : text);

/** A Blockfrost unit ("lovelace", or policy ID and asset name in hex) in our asset shape, as a sentence. */
function unitInOurShape(unit: unknown, quantity: unknown): string {
  const amount = quantity === undefined ? "…" : echoed(JSON.stringify(quantity) ?? "…");
  if (isHex(unit) && unit.length >= 56)
    return `{"policyId": "${unit.slice(0, 56)}", "assetName": "${echoed(unit.slice(56))}", "quantity": ${amount}}`;
  return `{"policyId": "<the unit's first 56 hex digits>", "assetName": "<the rest, hex>", "quantity": ${amount}}`;
}

/** What the message says about a shape of another API: Blockfrost's {unit, quantity} and its amount list. */
function hintFor(unknown: UnknownField): string | undefined {
  const knows = (...names: string[]) => names.every((name) => unknown.known.includes(name));
  if (unknown.field === "unit" && knows("policyId", "assetName", "quantity")) {
    const parent = unknown.parent;
    if (unknown.value === "lovelace")
      return `${unknown.path} is not a field of ${unknown.noun}: Blockfrost's {unit: "lovelace", quantity} is not an asset here; put the quantity in the output's lovelace field instead.`;
    return (
      `${unknown.path} is not a field of ${unknown.noun}: an asset here is {policyId, assetName, quantity}, not Blockfrost's {unit, quantity}. ` +
      `A unit is the policy ID (56 hex digits) followed by the asset name (hex): send ${parent} as ` +
      `${unitInOurShape(unknown.value, unknown.owner["quantity"])}.`
    );
  }
  if (
    unknown.field === "amount" &&
    knows("lovelace", "assets") &&
    Array.isArray(unknown.value) &&
    unknown.value.some((entry) => isObject(entry) && "unit" in entry)
  ) {
    const entries = unknown.value.filter(isObject);
    const lovelace = entries.find((entry) => entry["unit"] === "lovelace");
    const assets = entries.filter((entry) => entry["unit"] !== "lovelace");
    // The first assets only: the example shows the shape, and a list of thousands would answer megabytes.
    const shown = assets.slice(0, ECHOED_ASSETS).map((a) => unitInOurShape(a["unit"], a["quantity"]));
    if (assets.length > ECHOED_ASSETS) shown.push("…");
    const example = [
      ...(lovelace === undefined ? [] : [`"lovelace": ${echoed(JSON.stringify(lovelace["quantity"]) ?? "…")}`]),
      ...(assets.length === 0 ? [] : [`"assets": [${shown.join(", ")}]`]),
    ].join(", ");
    const more =
      assets.length > ECHOED_ASSETS ? ` (and the other ${assets.length - ECHOED_ASSETS} assets in the same shape)` : "";
    return (
      `${unknown.path} is not a field of ${unknown.noun}: Blockfrost's amount list [{unit, quantity}] is written here as lovelace (the unit ` +
      `"lovelace") and assets [{policyId, assetName, quantity}] (a unit is the policy ID, 56 hex digits, followed by the asset name in hex): ` +
      `send {${example}}${more}.`
    );
  }
  return undefined;
}

/** What a query string's field is called in a message. */
const inQuery = (unknown: UnknownField): boolean => unknown.parent === "query";

/**
 * Checks the unknown fields of a request part: a typo, another API's shape, or a field of a closed
 * query string is a 400 SVC_ERR_UNKNOWN_FIELD (the first one found); other fields of open objects
 * are returned as warnings (a closed body object's are left to validation).
 */
export function checkUnknownFields(schema: TSchema | undefined, value: unknown, base: string, noun: string): string[] {
  const warnings: string[] = [];
  for (const unknown of unknownFieldsOf(schema, value, base, noun)) {
    const hint = hintFor(unknown);
    if (hint !== undefined) throw new UnknownFieldError(hint);
    const meant = suggestionsFor(unknown.field, unknown.known);
    const what = inQuery(unknown) ? "a query parameter of this endpoint" : `a field of ${unknown.noun}`;
    if (meant.length > 0) throw new UnknownFieldError(`${unknown.path} is not ${what}; did you mean ${orList(meant)}?`);
    if (inQuery(unknown)) {
      const takes = unknown.known.length === 0 ? "none" : unknown.known.join(", ");
      throw new UnknownFieldError(`${unknown.path} is not ${what}, which takes ${takes}.`);
    }
    if (!unknown.closed) warnings.push(`${unknown.path} is not a field of ${unknown.noun}: it was ignored.`);
  }
  return warnings;
}
