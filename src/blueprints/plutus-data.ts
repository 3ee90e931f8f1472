// JSON ↔ Plutus data by a blueprint's schema: how datums, redeemers and parameters written as
// JSON (the hosted API's `{type: "json"}` values and `datum.value` with a `shape`) become the
// Plutus data a script sees, and how data read from the chain is answered as JSON.
//
// The JSON conventions (those of the hosted API's examples, and, where they are silent, ours):
// - integer: a JSON number (a safe integer), or a decimal string for any size ("_" between digits
//   allowed); answered as a number when safe, else as a decimal string. A number beyond 2^53 is
//   refused: JSON has already lost its digits.
// - bytes: a hex string (`Buffer.from(text).toString("hex")`, a key hash), never text: "cafe" would
//   be two bytes or four. Lengths: the schema's minLength/maxLength, and 28 bytes for a
//   VerificationKeyHash, ScriptHash or PubKeyHash, 32 for a TransactionId, DataHash or DatumHash
//   (the titles Aiken and Plinth give them), so that a datum naming a malformed key, which nobody
//   could ever sign for, is refused before funds are locked under it. Answered as lowercase hex.
// - a constructor with titled fields: an object keyed by the titles (`{owner: "<hex>"}`); with
//   untitled fields: an array of them. A field whose schema is an Option may be left out (None):
//   the CIP-68 examples leave out `extra_datum`.
// - several constructors (an `anyOf`): `{"<Name>": <fields>}`, or the name alone (`"AdminUpdate"`)
//   for one without fields; also the fields alone when they fit exactly one constructor (the
//   examples send `update: {nickname, fee_output_index, output_ref_user_token}` for UserUpdate).
//   Answered as `{"<Name>": <fields>}` or `"<Name>"`. A single constructor takes and answers its
//   fields alone (also taken wrapped, `{"Datum": {...}}`).
// - Bool (Aiken's False | True): true / false (or "True" / "False"). Option (Some | None, or
//   Plinth's Just | Nothing): null, left out or "None" for None; the value itself (or
//   `{"Some": value}`) for Some; answered as null or the value, wrapped as `{"Some": value}` only
//   where the bare value would read as None.
// - anyOf of schemas that are not all constructors: the first alternative that converts (a
//   decimal string fits an integer before bytes).
// - list: an array; a tuple (`items` an array, Aiken's tuples and @list records): an array of that
//   length, or an object keyed by the items' titles when all have one (answered that way then).
// - map: an array of [key, value] pairs (or {k, v} objects), or a JSON object whose keys convert
//   by the key schema (in JavaScript's order, integer-like keys first: send pairs when order
//   matters); answered as an array of pairs, which keeps the order and the duplicates.
// - builtin (#) types, wherever they sit in data, as Aiken converts them to data: #integer and
//   #bytes as above, #string as text (its UTF-8 bytes), #boolean as Bool, #unit as the empty
//   constructor 0 (null, {} or []; answered {}), #pair as a 2-item list, #list as a list.
// - opaque Data (a schema with no dataType, Aiken's `Data`, the CIP-68 metadata's Pairs<Data, Data>
//   keys and values): a number is an int; a string is bytes, read as hex when it is hex and as UTF-8
//   text otherwise (so ["name", "test"] is what the CIP-68 contract compares with "name"; text that
//   happens to be hex, "cafe", must be sent as the hex of its UTF-8); true/false the Bool
//   constructors; an array a list; an object in the detailed schema of cardano-cli ({"int"},
//   {"bytes"}, {"list"}, {"map": [{"k", "v"}]}, {"constructor", "fields"}) that data, any other
//   object a map keyed by its keys as strings. Answered: ints as numbers ({"int": "<decimal>"}
//   beyond 2^53), bytes as text when they are printable UTF-8 that does not read as hex, else hex;
//   lists as arrays; maps and constructors in the detailed schema. Whatever is answered converts
//   back to the same data.
//
// The CBOR is the Haskell ledger's (PlutusCore.Data): constructor tags 121–127, 1280–1400, else
// 102 [index, fields]; non-empty lists (fields too) indefinite-length, maps definite; byte strings
// and big integers' bytes over 64 bytes in 64-byte chunks. Written here over our CBOR writer, as
// Helios's writer puts big integers' bytes in one piece; Helios's UplcData is the in-memory form,
// and its reader reads what a chain holds (any CBOR form of the data).
import {
  decodeUplcData,
  makeByteArrayData,
  makeConstrData,
  makeIntData,
  makeListData,
  makeMapData,
  type UplcData,
} from "@helios-lang/uplc";
import { CborReader, CborWriter } from "../cardano/cbor.js";
import { requireCborWithinLimits } from "../cardano/cbor-limits.js";
import { BadRequestError, refusal } from "../errors.js";
import { MAX_SCHEMA_DEPTH, definitionOf, describeJson, type Schema } from "./blueprint.js";

type Definitions = Readonly<Record<string, Schema>>;
interface Field {
  readonly title?: string;
  readonly schema: Schema;
}
interface Constr {
  readonly title?: string;
  readonly index: number;
  readonly fields: readonly Field[];
}

/** What a schema node asks for, once its $refs are followed. */
type Shape =
  | { readonly kind: "integer" | "string" | "boolean" | "unit" | "data" }
  | { readonly kind: "bytes"; readonly min: number; readonly max: number; readonly name?: string }
  | { readonly kind: "list"; readonly items: Schema }
  | { readonly kind: "tuple"; readonly items: readonly Field[] }
  | { readonly kind: "map"; readonly keys: Schema; readonly values: Schema }
  | { readonly kind: "option"; readonly some: Constr; readonly none: Constr }
  | { readonly kind: "constructors"; readonly constrs: readonly Constr[] }
  | { readonly kind: "anyOf"; readonly options: readonly Schema[] };

/** Nesting of values (and of schemas that refer to themselves) beyond this is refused, before the stack runs out. */
const MAX_DEPTH = 256;
const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const INTEGER = /^[+-]?[0-9](?:_?[0-9])*$/;
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** Byte sizes of the hashes the ledger types name (Aiken's and Plinth's titles). */
const HASH_SIZES: Record<string, number> = {
  VerificationKeyHash: 28,
  ScriptHash: 28,
  PubKeyHash: 28,
  TransactionId: 32,
  DataHash: 32,
  DatumHash: 32,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const refuse = (path: string, words: string) => refusal(BadRequestError, (at) => `${at(path)} ${words}`);
const hex = (bytes: Uint8Array | readonly number[]) => Buffer.from(bytes).toString("hex");
const soleKey = (value: Record<string, unknown>) => {
  const keys = Object.keys(value);
  return keys.length === 1 ? keys[0] : undefined;
};
const constr = (index: number, fields: UplcData[] = []) => makeConstrData(index, fields);

// ── Schemas ──────────────────────────────────────────────────────────────────────────────────

function resolve(node: Schema, defs: Definitions, path: string): Schema {
  let current = node;
  for (let hops = 0; current["$ref"] !== undefined; hops++) {
    const ref = current["$ref"];
    const target = typeof ref === "string" ? definitionOf(ref, defs) : undefined;
    if (target === undefined) throw refuse(path, `has a schema whose $ref ${describeJson(ref)} names no definition.`);
    if (hops > MAX_SCHEMA_DEPTH) throw refuse(path, `has a schema whose $refs go round in a circle.`);
    current = target;
  }
  return current;
}

const fieldOf = (node: unknown): Field => {
  const schema = (isRecord(node) ? node : {}) as Schema;
  return typeof schema["title"] === "string" ? { title: schema["title"], schema } : { schema };
};

function constrOf(schema: Schema): Constr {
  const fields = Array.isArray(schema["fields"]) ? schema["fields"].map(fieldOf) : [];
  const index = Number(schema["index"] ?? 0);
  return typeof schema["title"] === "string" ? { title: schema["title"], index, fields } : { index, fields };
}

const named = (c: Constr | undefined, ...titles: string[]) => c?.title !== undefined && titles.includes(c.title);

function shapeOf(node: Schema, defs: Definitions, path: string): Shape {
  const schema = resolve(node, defs, path);
  const options = schema["anyOf"] ?? schema["oneOf"];
  if (Array.isArray(options)) {
    const resolved = options.map((option) => resolve(option as Schema, defs, path));
    if (!resolved.every((option) => option["dataType"] === "constructor"))
      return { kind: "anyOf", options: options as Schema[] };
    const constrs = resolved.map(constrOf);
    const [a, b] = constrs;
    if (
      constrs.length === 2 &&
      named(a, "False") &&
      named(b, "True") &&
      a!.index === 0 &&
      b!.index === 1 &&
      a!.fields.length + b!.fields.length === 0
    ) {
      return { kind: "boolean" };
    }
    if (
      constrs.length === 2 &&
      named(a, "Some", "Just") &&
      named(b, "None", "Nothing") &&
      a!.fields.length === 1 &&
      b!.fields.length === 0
    ) {
      return { kind: "option", some: a!, none: b! };
    }
    return { kind: "constructors", constrs };
  }
  if (schema["allOf"] !== undefined || schema["not"] !== undefined)
    throw refuse(path, `has a schema with allOf or not, which this service does not convert.`);
  switch (schema["dataType"]) {
    case undefined:
      return { kind: "data" };
    case "integer":
    case "#integer":
      return { kind: "integer" };
    case "bytes":
    case "#bytes": {
      const title = typeof schema["title"] === "string" ? schema["title"] : "";
      const size = HASH_SIZES[title];
      const min = typeof schema["minLength"] === "number" ? schema["minLength"] : (size ?? 0);
      const max = typeof schema["maxLength"] === "number" ? schema["maxLength"] : (size ?? Infinity);
      return size === undefined ? { kind: "bytes", min, max } : { kind: "bytes", min, max, name: title };
    }
    case "#string":
      return { kind: "string" };
    case "#boolean":
      return { kind: "boolean" };
    case "#unit":
      return { kind: "unit" };
    case "list":
    case "#list": {
      const items = schema["items"];
      return Array.isArray(items)
        ? { kind: "tuple", items: items.map(fieldOf) }
        : { kind: "list", items: isRecord(items) ? items : {} };
    }
    case "#pair":
      return { kind: "tuple", items: [fieldOf(schema["left"]), fieldOf(schema["right"])] };
    case "map":
      return {
        kind: "map",
        keys: isRecord(schema["keys"]) ? schema["keys"] : {},
        values: isRecord(schema["values"]) ? schema["values"] : {},
      };
    case "constructor":
      return { kind: "constructors", constrs: [constrOf(schema)] };
    default:
      throw refuse(path, `has a schema of the unknown dataType ${describeJson(schema["dataType"])}.`);
  }
}

const constrName = (c: Constr) => c.title ?? `#${c.index}`;
const titlesOf = (fields: readonly Field[]) => fields.map((f) => f.title ?? "?").join(", ");
/** Fields that can be keyed by title: all titled, no two alike. */
const titled = (fields: readonly Field[]) =>
  fields.length > 0 &&
  fields.every((f) => f.title !== undefined) &&
  new Set(fields.map((f) => f.title)).size === fields.length;

function expected(shape: Shape): string {
  switch (shape.kind) {
    case "integer":
      return "an integer (a JSON number, or a decimal string for any size)";
    case "bytes": {
      const size = shape.min === shape.max ? `a ${shape.min}-byte ` : "a ";
      return `${size}hex string${shape.name === undefined ? "" : ` (a ${shape.name})`}`;
    }
    case "string":
      return "a string";
    case "boolean":
      return "true or false";
    case "unit":
      return "null (the unit value)";
    case "list":
      return "an array";
    case "tuple":
      return titled(shape.items)
        ? `an array of ${shape.items.length} items, or an object with ${titlesOf(shape.items)}`
        : `an array of ${shape.items.length} items`;
    case "map":
      return "an array of [key, value] pairs, or an object";
    case "option":
      return `null for ${constrName(shape.none)}, or the value`;
    case "constructors":
      return shape.constrs.length === 1
        ? `the constructor ${constrName(shape.constrs[0]!)} (${titled(shape.constrs[0]!.fields) ? `an object with ${titlesOf(shape.constrs[0]!.fields)}` : `an array of its ${shape.constrs[0]!.fields.length} fields`})`
        : `one of the constructors ${shape.constrs.map(constrName).join(", ")} ({"<Name>": <its fields>}, or the name alone for one without fields)`;
    case "anyOf":
      return `a value of one of ${shape.options.length} schemas`;
    case "data":
      return "Plutus data";
  }
}

// ── JSON → data ──────────────────────────────────────────────────────────────────────────────

function integer(value: unknown, path: string): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number" && Number.isInteger(value)) {
    if (!Number.isSafeInteger(value))
      throw refuse(path, `is a JSON number beyond 2^53, whose last digits JSON has lost: send it as a decimal string.`);
    return BigInt(value);
  }
  if (typeof value === "string" && INTEGER.test(value)) return BigInt(value.replaceAll("_", ""));
  throw refuse(path, `must be ${expected({ kind: "integer" })}, found ${describeJson(value)}.`);
}

function hexBytes(value: unknown, path: string, shape: Extract<Shape, { kind: "bytes" }>): UplcData {
  if (typeof value !== "string" || !HEX.test(value)) {
    const hint = typeof value === "string" ? " (for text, send the hex of its UTF-8 bytes)" : "";
    throw refuse(path, `must be ${expected(shape)}, found ${describeJson(value)}${hint}.`);
  }
  const size = value.length / 2;
  if (size < shape.min || size > shape.max) throw refuse(path, `must be ${expected(shape)}, found ${size} bytes.`);
  return makeByteArrayData(Buffer.from(value, "hex"));
}

/** Loose JSON as opaque Data (see the header). */
function looseData(value: unknown, path: string, depth: number): UplcData {
  if (depth > MAX_DEPTH) throw refuse(path, `nests more than ${MAX_DEPTH} deep.`);
  if (typeof value === "number" || typeof value === "bigint") return makeIntData(integer(value, path));
  if (typeof value === "string")
    return makeByteArrayData(HEX.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "utf8"));
  if (typeof value === "boolean") return constr(value ? 1 : 0);
  if (Array.isArray(value)) return makeListData(value.map((item, i) => looseData(item, `${path}[${i}]`, depth + 1)));
  if (isRecord(value))
    return (
      detailedData(value, path, depth) ??
      makeMapData(
        Object.entries(value).map(([k, v]) => [looseData(k, path, depth + 1), looseData(v, `${path}.${k}`, depth + 1)]),
      )
    );
  throw refuse(
    path,
    `must be Plutus data as JSON (a number, a string, an array, an object), found ${describeJson(value)}.`,
  );
}

/** A cardano-cli detailed-schema object as data; undefined for an object of other keys. */
function detailedData(value: Record<string, unknown>, path: string, depth: number): UplcData | undefined {
  const keys = Object.keys(value).sort().join(",");
  const inner = (v: unknown, at: string) => looseData(v, at, depth + 1);
  if (keys === "int") return makeIntData(integer(value["int"], `${path}.int`));
  if (keys === "bytes") return hexBytes(value["bytes"], `${path}.bytes`, { kind: "bytes", min: 0, max: Infinity });
  if (keys === "list" && Array.isArray(value["list"]))
    return makeListData(value["list"].map((v, i) => inner(v, `${path}.list[${i}]`)));
  if (keys === "map" && Array.isArray(value["map"]))
    return makeMapData(value["map"].map((entry, i) => pairOf(entry, `${path}.map[${i}]`, inner, inner)));
  if (keys === "constructor,fields" && Array.isArray(value["fields"])) {
    const index = integer(value["constructor"], `${path}.constructor`);
    if (index < 0n || index > SAFE)
      throw refuse(`${path}.constructor`, `must be a constructor index from 0, found ${index}.`);
    return constr(
      Number(index),
      value["fields"].map((v, i) => inner(v, `${path}.fields[${i}]`)),
    );
  }
  return undefined;
}

/** A map entry: [key, value] or {k, v}. */
function pairOf(
  entry: unknown,
  path: string,
  key: (v: unknown, at: string) => UplcData,
  val: (v: unknown, at: string) => UplcData,
): [UplcData, UplcData] {
  if (Array.isArray(entry) && entry.length === 2) return [key(entry[0], `${path}[0]`), val(entry[1], `${path}[1]`)];
  if (isRecord(entry) && Object.keys(entry).sort().join(",") === "k,v")
    return [key(entry["k"], `${path}.k`), val(entry["v"], `${path}.v`)];
  throw refuse(path, `must be a map entry, [key, value] or {"k": key, "v": value}, found ${describeJson(entry)}.`);
}

/** The data of a JSON value by a schema node. */
function toData(node: Schema, value: unknown, path: string, defs: Definitions, depth: number): UplcData {
  if (depth > MAX_DEPTH) throw refuse(path, `nests more than ${MAX_DEPTH} deep.`);
  const shape = shapeOf(node, defs, path);
  const to = (schema: Schema, v: unknown, at: string) => toData(schema, v, at, defs, depth + 1);
  const mismatch = () => refuse(path, `must be ${expected(shape)}, found ${describeJson(value)}.`);
  if (value === undefined && shape.kind !== "option") throw refuse(path, `is missing: expected ${expected(shape)}.`);
  switch (shape.kind) {
    case "integer":
      return makeIntData(integer(value, path));
    case "bytes":
      return hexBytes(value, path, shape);
    case "string":
      if (typeof value !== "string") throw mismatch();
      return makeByteArrayData(Buffer.from(value, "utf8"));
    case "boolean":
      if (value === true || value === "True") return constr(1);
      if (value === false || value === "False") return constr(0);
      throw mismatch();
    case "unit":
      if (
        value === null ||
        (Array.isArray(value) && value.length === 0) ||
        (isRecord(value) && Object.keys(value).length === 0)
      )
        return constr(0);
      throw mismatch();
    case "list":
      if (!Array.isArray(value)) throw mismatch();
      return makeListData(value.map((item, i) => to(shape.items, item, `${path}[${i}]`)));
    case "tuple":
      return makeListData(fieldsData(shape.items, value, path, "the tuple", to));
    case "map": {
      const key = (v: unknown, at: string) => to(shape.keys, v, at);
      const val = (v: unknown, at: string) => to(shape.values, v, at);
      if (Array.isArray(value)) return makeMapData(value.map((entry, i) => pairOf(entry, `${path}[${i}]`, key, val)));
      if (isRecord(value))
        return makeMapData(Object.entries(value).map(([k, v]) => [key(k, `${path}.${k}`), val(v, `${path}.${k}`)]));
      throw mismatch();
    }
    case "option": {
      const { some, none } = shape;
      const inner = some.fields[0]!.schema;
      if (value === undefined || value === null || value === none.title) return constr(none.index);
      const key = isRecord(value) ? soleKey(value) : undefined;
      if (key !== undefined && key === none.title) return constr(none.index);
      if (key !== undefined && key === some.title)
        return constr(some.index, [to(inner, (value as Record<string, unknown>)[key], `${path}.${key}`)]);
      return constr(some.index, [to(inner, value, path)]);
    }
    case "constructors":
      return constructorData(shape.constrs, value, path, to, (schema) => shapeOf(schema, defs, path).kind === "option");
    case "anyOf":
      return firstFitting(shape.options.map((option) => () => to(option, value, path)));
    case "data":
      return looseData(value, path, depth);
  }
}

type To = (schema: Schema, value: unknown, path: string) => UplcData;

/** Fields (of a constructor, or a tuple's items) from an object keyed by their titles or an array. */
function fieldsData(fields: readonly Field[], value: unknown, path: string, owner: string, to: To): UplcData[] {
  if (Array.isArray(value)) {
    if (value.length !== fields.length)
      throw refuse(path, `must hold the ${fields.length} fields of ${owner}, found ${value.length}.`);
    return fields.map((f, i) => to(f.schema, value[i], `${path}[${i}]`));
  }
  if (fields.length === 0 && (value === null || (isRecord(value) && Object.keys(value).length === 0))) return [];
  if (isRecord(value) && titled(fields)) {
    for (const key of Object.keys(value)) {
      if (!fields.some((f) => f.title === key))
        throw refuse(`${path}.${key}`, `is not a field of ${owner} (its fields: ${titlesOf(fields)}).`);
    }
    return fields.map((f) => to(f.schema, value[f.title!], `${path}.${f.title}`));
  }
  const wanted = titled(fields) ? `an object with ${titlesOf(fields)}` : `an array of its ${fields.length} fields`;
  throw refuse(path, `must be ${owner}: ${wanted}; found ${describeJson(value)}.`);
}

function constructorData(
  constrs: readonly Constr[],
  value: unknown,
  path: string,
  to: To,
  optional: (schema: Schema) => boolean,
): UplcData {
  const make = (c: Constr, fields: unknown, at: string) =>
    constr(c.index, fieldsData(c.fields, fields, at, `the constructor ${constrName(c)}`, to));
  const byName = (name: string | undefined) => constrs.find((c) => c.title !== undefined && c.title === name);
  if (typeof value === "string" && byName(value) !== undefined) {
    const c = byName(value)!;
    if (c.fields.length > 0)
      throw refuse(
        path,
        `names the constructor ${value}, which has fields (${titlesOf(c.fields)}): send {"${value}": <its fields>}.`,
      );
    return constr(c.index);
  }
  if (constrs.length === 1) {
    const only = constrs[0]!;
    const key = isRecord(value) ? soleKey(value) : undefined;
    // {"Datum": {...}}, the several-constructors form, unless the constructor has a field so named.
    if (key !== undefined && key === only.title && !only.fields.some((f) => f.title === key))
      return make(only, (value as Record<string, unknown>)[key], `${path}.${key}`);
    return make(only, value, path);
  }
  if (isRecord(value)) {
    const keys = Object.keys(value);
    const wrapped = keys.length === 1 ? byName(keys[0]) : undefined;
    if (wrapped !== undefined) return make(wrapped, value[keys[0]!], `${path}.${keys[0]}`);
    // The fields alone, when they fit one constructor (an Option field may be left out).
    const fits = constrs.filter(
      (c) =>
        titled(c.fields) &&
        keys.every((k) => c.fields.some((f) => f.title === k)) &&
        c.fields.every((f) => keys.includes(f.title!) || optional(f.schema)),
    );
    if (fits.length === 1) return make(fits[0]!, value, path);
    if (fits.length > 1)
      throw refuse(
        path,
        `fits the fields of several constructors (${fits.map(constrName).join(", ")}): name one, as {"${constrName(fits[0]!)}": {…}}.`,
      );
    if (keys.sort().join(",") === "constructor,fields") {
      const c = constrs.find((c) => BigInt(c.index) === integer(value["constructor"], `${path}.constructor`));
      if (c !== undefined) return make(c, value["fields"], `${path}.fields`);
    }
  }
  throw refuse(
    path,
    `is not one of the constructors ${constrs.map(constrName).join(", ")} ({"<Name>": <its fields>}, or the name alone for one without fields); found ${describeJson(value)}.`,
  );
}

/** The first alternative that converts; else the refusal that went deepest (the likeliest intended one). */
function firstFitting<T>(attempts: readonly (() => T)[]): T {
  let deepest: Error | undefined;
  const depth = (error: Error) => ((error as { field?: string }).field ?? "").length;
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      if (deepest === undefined || depth(error) > depth(deepest)) deepest = error;
    }
  }
  throw deepest ?? new Error("firstFitting: no alternative to try");
}

// ── Data → JSON ──────────────────────────────────────────────────────────────────────────────

function describeData(data: UplcData): string {
  switch (data.kind) {
    case "int":
      return `the integer ${data.value}`;
    case "bytes":
      return `${data.bytes.length} bytes (${hex(data.bytes.slice(0, 16))}${data.bytes.length > 16 ? "…" : ""})`;
    case "list":
      return `a list of ${data.items.length}`;
    case "map":
      return `a map of ${data.items.length} entries`;
    case "constr":
      return `constructor ${data.tag} with ${data.fields.length} fields`;
  }
}

const jsonInt = (n: bigint): number | string => (n >= -SAFE && n <= SAFE ? Number(n) : n.toString());
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Bytes of opaque Data as JSON: text when it is printable UTF-8 that would not read back as hex, else hex. */
function looseBytes(bytes: readonly number[]): string {
  let text: string;
  try {
    text = UTF8.decode(Uint8Array.from(bytes));
  } catch {
    return hex(bytes);
  }
  return HEX.test(text) || CONTROL.test(text) ? hex(bytes) : text;
}

/** Opaque Data as JSON that looseData reads back to the same data. */
function looseJson(data: UplcData, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new Error(`Plutus data nests more than ${MAX_DEPTH} deep`);
  switch (data.kind) {
    case "int": {
      const n = jsonInt(data.value);
      return typeof n === "number" ? n : { int: n };
    }
    case "bytes":
      return looseBytes(data.bytes);
    case "list":
      return data.items.map((item) => looseJson(item, depth + 1));
    case "map":
      return { map: data.items.map(([k, v]) => ({ k: looseJson(k, depth + 1), v: looseJson(v, depth + 1) })) };
    case "constr":
      return { constructor: data.tag, fields: data.fields.map((field) => looseJson(field, depth + 1)) };
  }
}

function toJson(node: Schema, data: UplcData, path: string, defs: Definitions, depth: number): unknown {
  if (depth > MAX_DEPTH) throw refuse(path, `nests more than ${MAX_DEPTH} deep.`);
  const shape = shapeOf(node, defs, path);
  const json = (schema: Schema, d: UplcData, at: string) => toJson(schema, d, at, defs, depth + 1);
  const mismatch = () =>
    refuse(path, `does not match the schema: expected ${expected(shape)}, found ${describeData(data)}.`);
  const isConstr = (index: number, arity: number) =>
    data.kind === "constr" && data.tag === index && data.fields.length === arity;
  switch (shape.kind) {
    case "integer":
      if (data.kind !== "int") throw mismatch();
      return jsonInt(data.value);
    case "bytes":
      if (data.kind !== "bytes") throw mismatch();
      return hex(data.bytes);
    case "string":
      if (data.kind !== "bytes") throw mismatch();
      try {
        return UTF8.decode(Uint8Array.from(data.bytes));
      } catch {
        throw refuse(
          path,
          `does not match the schema: expected text, found bytes that are not UTF-8 (${hex(data.bytes)}).`,
        );
      }
    case "boolean":
      if (isConstr(0, 0) || isConstr(1, 0)) return data.kind === "constr" && data.tag === 1;
      throw mismatch();
    case "unit":
      if (isConstr(0, 0)) return {};
      throw mismatch();
    case "list":
      if (data.kind !== "list") throw mismatch();
      return data.items.map((item, i) => json(shape.items, item, `${path}[${i}]`));
    case "tuple":
      if (data.kind !== "list" || data.items.length !== shape.items.length) throw mismatch();
      return fieldsJson(shape.items, data.items, path, json);
    case "map":
      if (data.kind !== "map") throw mismatch();
      return data.items.map(([k, v], i) => [
        json(shape.keys, k, `${path}[${i}][0]`),
        json(shape.values, v, `${path}[${i}][1]`),
      ]);
    case "option": {
      const { some, none } = shape;
      if (isConstr(none.index, 0)) return null;
      if (!isConstr(some.index, 1) || data.kind !== "constr") throw mismatch();
      const value = json(some.fields[0]!.schema, data.fields[0]!, path);
      const key = isRecord(value) ? soleKey(value) : undefined;
      // Bare unless it would read back as None (or as the wrapped form itself).
      const ambiguous =
        value === null || value === none.title || (key !== undefined && (key === some.title || key === none.title));
      return ambiguous ? { [some.title!]: value } : value;
    }
    case "constructors": {
      const c = data.kind === "constr" ? shape.constrs.find((c) => c.index === data.tag) : undefined;
      if (c === undefined || data.kind !== "constr" || data.fields.length !== c.fields.length) throw mismatch();
      if (shape.constrs.length === 1) return fieldsJson(c.fields, data.fields, path, json);
      if (c.title === undefined)
        return { constructor: c.index, fields: fieldsJson(c.fields, data.fields, `${path}.fields`, json) };
      return c.fields.length === 0
        ? c.title
        : { [c.title]: fieldsJson(c.fields, data.fields, `${path}.${c.title}`, json) };
    }
    case "anyOf":
      return firstFitting(shape.options.map((option) => () => json(option, data, path)));
    case "data":
      try {
        return looseJson(data, depth);
      } catch (error) {
        throw refuse(path, `${(error as Error).message}.`);
      }
  }
}

/** Fields as an object keyed by their titles when all have one, else an array; no fields: {}. */
function fieldsJson(
  fields: readonly Field[],
  data: readonly UplcData[],
  path: string,
  json: (schema: Schema, d: UplcData, at: string) => unknown,
): unknown {
  if (fields.length === 0) return {};
  if (!titled(fields)) return fields.map((f, i) => json(f.schema, data[i]!, `${path}[${i}]`));
  return Object.fromEntries(fields.map((f, i) => [f.title!, json(f.schema, data[i]!, `${path}.${f.title}`)]));
}

// ── CBOR ─────────────────────────────────────────────────────────────────────────────────────

const U64 = 2n ** 64n;

/** Bytes in 64-byte chunks past 64 (the ledger's bound on a Plutus data byte string chunk). */
function writeBytes(w: CborWriter, bytes: Uint8Array): void {
  if (bytes.length <= 64) {
    w.bytes(bytes);
    return;
  }
  w.raw(Uint8Array.of(0x5f));
  for (let i = 0; i < bytes.length; i += 64) w.bytes(bytes.subarray(i, i + 64));
  w.raw(Uint8Array.of(0xff));
}

function writeList(w: CborWriter, items: readonly UplcData[]): void {
  if (items.length === 0) {
    w.array(0);
    return;
  }
  w.raw(Uint8Array.of(0x9f));
  for (const item of items) writeData(w, item);
  w.raw(Uint8Array.of(0xff));
}

function writeData(w: CborWriter, data: UplcData): void {
  switch (data.kind) {
    case "int": {
      const n = data.value;
      if (n >= -U64 && n < U64) {
        w.int(n);
        return;
      }
      const magnitude = n >= 0n ? n : -1n - n;
      w.tag(n >= 0n ? 2 : 3);
      writeBytes(
        w,
        Buffer.from(magnitude.toString(16).padStart(Math.ceil(magnitude.toString(16).length / 2) * 2, "0"), "hex"),
      );
      return;
    }
    case "bytes":
      writeBytes(w, Uint8Array.from(data.bytes));
      return;
    case "list":
      writeList(w, data.items);
      return;
    case "map":
      w.map(data.items.length);
      for (const [k, v] of data.items) {
        writeData(w, k);
        writeData(w, v);
      }
      return;
    case "constr": {
      const tag = data.tag;
      if (tag < 7) w.tag(121 + tag);
      else if (tag < 128) w.tag(1280 + tag - 7);
      else w.tag(102).array(2).uint(tag);
      writeList(w, data.fields);
      return;
    }
  }
}

/** Plutus data → its CBOR as the Haskell ledger writes it (hex). */
export function dataToCbor(data: UplcData): string {
  const w = new CborWriter();
  writeData(w, data);
  return hex(w.finish());
}

/** Plutus data CBOR (hex, any valid CBOR form of the data) → data; a 400 about `path` when it is not. */
export function dataOfCbor(cborHex: string, path: string): UplcData {
  if (typeof cborHex !== "string" || cborHex === "" || !HEX.test(cborHex))
    throw refuse(path, `must be Plutus data CBOR in hex, found ${describeJson(cborHex)}.`);
  requireCborWithinLimits(cborHex, path);
  const bytes = Buffer.from(cborHex, "hex");
  const words = (error: unknown) => (error instanceof Error ? error.message : String(error));
  let end: number;
  try {
    const reader = new CborReader(bytes);
    reader.raw();
    end = reader.position;
  } catch (error) {
    throw refuse(path, `is not CBOR: ${words(error)}.`);
  }
  if (end !== bytes.length) throw refuse(path, `holds ${bytes.length - end} bytes after the end of its CBOR item.`);
  try {
    return decodeUplcData(bytes);
  } catch (error) {
    throw refuse(path, `is not Plutus data CBOR: ${words(error)}.`);
  }
}

// ── The API ──────────────────────────────────────────────────────────────────────────────────

/** JSON → Plutus data by a schema (the header says how); a 400 names the deepest `path` that does not match ("outputs[0].datum.value.owner"). */
export function dataFromJson(
  schema: Schema,
  definitions: Readonly<Record<string, Schema>>,
  value: unknown,
  path: string,
): string {
  return dataToCbor(toData(schema, value, path, definitions, 0));
}

/** Plutus data CBOR (hex) → JSON by a schema, the inverse of dataFromJson; a 400 names `path` where the data does not match. */
export function jsonFromData(
  schema: Schema,
  definitions: Readonly<Record<string, Schema>>,
  cborHex: string,
  path: string,
): unknown {
  return toJson(schema, dataOfCbor(cborHex, path), path, definitions, 0);
}
