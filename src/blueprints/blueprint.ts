// CIP-57 blueprints (the plutus.json that Aiken and other compilers write): checked once when a
// client gives one, then read by the rest of the service through the typed view below.
//
// What is checked, so that later conversions and builds cannot meet a malformed blueprint: the
// preamble's title and Plutus version ("v1", "v2", "v3"; when absent, each validator's version is
// the one its hash was computed with), every validator's title and compiledCode (a Plutus script:
// flat UPLC wrapped in zero to two CBOR byte strings), its hash against the code (blake2b-224 of the
// language tag byte ‖ the code as one CBOR byte string, as the ledger hashes it; computed when the
// blueprint leaves it out), and every schema: known `dataType`s, well-formed `anyOf`, `items`,
// `keys`/`values`, `fields`, and every `$ref` naming a definition. Applicators CIP-57 allows but no
// compiler writes (allOf, not) pass here and are refused where a value is converted.
import { CborReader, CborWriter, Major } from "../cardano/cbor.js";
import { scriptHash } from "../cardano/script-hash.js";
import { BadRequestError, refusal } from "../errors.js";

export type PlutusVersion = "V1" | "V2" | "V3";

/** A CIP-57 schema node as the blueprint holds it ($ref, dataType, anyOf, fields, items, keys/values, title…). */
export type Schema = Record<string, unknown>;

export interface BlueprintValidator {
  readonly title: string;
  /** The script hash (56 lowercase hex). */
  readonly hash: string;
  /** Hex, as the blueprint gives it. */
  readonly compiledCode: string;
  readonly version: PlutusVersion;
  readonly datum?: Schema;
  readonly redeemer?: Schema;
  readonly parameters: readonly { readonly title?: string; readonly schema: Schema }[];
}

export interface Blueprint {
  readonly title: string;
  readonly version: PlutusVersion;
  /** Every entry, in order (Aiken lists one per purpose: x.spend, x.else, with the same hash). */
  readonly validators: readonly BlueprintValidator[];
  readonly definitions: Readonly<Record<string, Schema>>;
  /** The blueprint as given (kept to store and answer back). */
  readonly json: unknown;
}

const VERSIONS: Record<string, PlutusVersion> = { v1: "V1", v2: "V2", v3: "V3" };

/** The dataTypes of CIP-57: Plutus data, then the UPLC builtins (`#…`), which Aiken writes for Pair. */
const DATA_TYPES = new Set([
  "integer",
  "bytes",
  "list",
  "map",
  "constructor",
  "#unit",
  "#boolean",
  "#integer",
  "#bytes",
  "#string",
  "#pair",
  "#list",
]);

/** Inline nesting beyond this is refused: the checks and conversions recurse, and a body could nest without end. */
export const MAX_SCHEMA_DEPTH = 64;

const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const HASH = /^[0-9a-fA-F]{56}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const refuse = (path: string, words: string) => refusal(BadRequestError, (at) => `${at(path)} ${words}`);

/** A JSON value as a message quotes it: short, and saying its kind. */
export function describeJson(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "string")
    return value.length > 40 ? `the string "${value.slice(0, 40)}…"` : `the string "${value}"`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (isRecord(value)) {
    const keys = Object.keys(value);
    return keys.length === 0
      ? "an empty object"
      : `an object with ${keys.length === 1 ? "the key" : "the keys"} ${keys.slice(0, 6).join(", ")}`;
  }
  return JSON.stringify(typeof value === "bigint" ? String(value) : value);
}

// ── Scripts ───────────────────────────────────────────────────────────────────────────────────

/** A flat UPLC program starts with its version, 1.0.0 or 1.1.0, one byte per number. */
const isFlatProgram = (bytes: Uint8Array) => bytes[0] === 1 && (bytes[1] === 0 || bytes[1] === 1) && bytes[2] === 0;

/**
 * The flat program inside compiled code, and how many CBOR byte strings wrapped it: 1 as CIP-57
 * and Aiken write it, 2 as some libraries (Helios, Mesh) hand scripts around, 0 for bare flat.
 * Undefined when the bytes are none of these.
 */
export function unwrapScript(code: Uint8Array): { flat: Uint8Array; wrappings: number } | undefined {
  let bytes = code;
  for (let wrappings = 0; wrappings <= 2; wrappings++) {
    if (isFlatProgram(bytes)) return { flat: bytes, wrappings };
    try {
      const reader = new CborReader(bytes);
      if (reader.peekMajor() !== Major.Bytes) return undefined;
      const inner = reader.bytesValue();
      if (!reader.done) return undefined;
      bytes = inner;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A flat program wrapped in `wrappings` CBOR byte strings, as hex. */
export function wrapScript(flat: Uint8Array, wrappings: number): string {
  let bytes = flat;
  for (let i = 0; i < wrappings; i++) bytes = new CborWriter().bytes(bytes).finish();
  return Buffer.from(bytes).toString("hex");
}

/** The script hash of compiled code (hex) of a Plutus version: blake2b-224 of the language tag ‖ the script as one CBOR byte string. */
export function plutusScriptHash(compiledCode: string, version: PlutusVersion): string {
  const script = HEX.test(compiledCode) ? unwrapScript(Buffer.from(compiledCode, "hex")) : undefined;
  if (script === undefined)
    throw new Error("plutusScriptHash: not a Plutus script (flat UPLC in at most two CBOR byte strings)");
  const single = Buffer.from(wrapScript(script.flat, 1), "hex");
  return scriptHash(version, single);
}

// ── Definitions and references ────────────────────────────────────────────────────────────────

const REF_PREFIX = "#/definitions/";

/** The definition a `$ref` names (a JSON pointer: `~1` is `/`, `~0` is `~`; percent-escapes allowed), or undefined. */
export function definitionOf(ref: string, definitions: Readonly<Record<string, Schema>>): Schema | undefined {
  if (!ref.startsWith(REF_PREFIX)) return undefined;
  const key = ref.slice(REF_PREFIX.length).replaceAll("~1", "/").replaceAll("~0", "~");
  if (Object.hasOwn(definitions, key)) return definitions[key];
  let decoded: string;
  try {
    decoded = decodeURIComponent(key);
  } catch {
    return undefined;
  }
  return Object.hasOwn(definitions, decoded) ? definitions[decoded] : undefined;
}

/**
 * Checks one schema node and the nodes inline in it (a `$ref` must name a definition; the
 * definitions themselves are checked once each, so recursive types end).
 */
function checkSchema(node: unknown, path: string, definitions: Readonly<Record<string, Schema>>, depth = 0): void {
  if (!isRecord(node)) throw refuse(path, `must be a schema (a JSON object), found ${describeJson(node)}.`);
  if (depth > MAX_SCHEMA_DEPTH) throw refuse(path, `nests schemas more than ${MAX_SCHEMA_DEPTH} deep.`);
  const child = (value: unknown, at: string) => checkSchema(value, at, definitions, depth + 1);
  const ref = node["$ref"];
  if (ref !== undefined) {
    if (typeof ref !== "string" || definitionOf(ref, definitions) === undefined) {
      throw refuse(
        `${path}.$ref`,
        `must name one of the blueprint's definitions ("#/definitions/<name>", "/" written "~1"), found ${describeJson(ref)}.`,
      );
    }
    return;
  }
  for (const applicator of ["anyOf", "oneOf"]) {
    const options = node[applicator];
    if (options === undefined) continue;
    if (!Array.isArray(options) || options.length === 0)
      throw refuse(`${path}.${applicator}`, `must be a non-empty array of schemas.`);
    options.forEach((option, i) => child(option, `${path}.${applicator}[${i}]`));
  }
  const dataType = node["dataType"];
  if (dataType === undefined) return;
  if (typeof dataType !== "string" || !DATA_TYPES.has(dataType)) {
    throw refuse(`${path}.dataType`, `must be one of ${[...DATA_TYPES].join(", ")}; found ${describeJson(dataType)}.`);
  }
  if (dataType === "list" || dataType === "#list") {
    const items = node["items"];
    if (Array.isArray(items)) items.forEach((item, i) => child(item, `${path}.items[${i}]`));
    else if (items !== undefined) child(items, `${path}.items`);
  } else if (dataType === "map") {
    for (const side of ["keys", "values"]) if (node[side] !== undefined) child(node[side], `${path}.${side}`);
  } else if (dataType === "#pair") {
    for (const side of ["left", "right"]) child(node[side], `${path}.${side}`);
  } else if (dataType === "constructor") {
    const index = node["index"];
    if (typeof index !== "number" || !Number.isSafeInteger(index) || index < 0) {
      throw refuse(
        `${path}.index`,
        `must be the constructor's index, a whole number from 0; found ${describeJson(index)}.`,
      );
    }
    const fields = node["fields"];
    if (!Array.isArray(fields))
      throw refuse(`${path}.fields`, `must be an array of schemas, found ${describeJson(fields)}.`);
    fields.forEach((field, i) => child(field, `${path}.fields[${i}]`));
  }
}

// ── Reading a blueprint ───────────────────────────────────────────────────────────────────────

function text(value: unknown, path: string): string {
  if (typeof value !== "string" || value === "")
    throw refuse(path, `must be a non-empty string, found ${describeJson(value)}.`);
  return value;
}

function plutusVersion(value: unknown, path: string): PlutusVersion {
  const version = typeof value === "string" ? VERSIONS[value.toLowerCase()] : undefined;
  if (version === undefined)
    throw refuse(path, `must be "v1", "v2" or "v3" (the Plutus version), found ${describeJson(value)}.`);
  return version;
}

/** The schema inside a datum, redeemer or parameter entry ({title?, purpose?, schema}). */
function argumentSchema(value: unknown, path: string, definitions: Readonly<Record<string, Schema>>): Schema {
  if (!isRecord(value)) throw refuse(path, `must be an object holding a "schema", found ${describeJson(value)}.`);
  checkSchema(value["schema"], `${path}.schema`, definitions);
  return value["schema"] as Schema;
}

function readValidator(
  value: unknown,
  path: string,
  preambleVersion: PlutusVersion | undefined,
  definitions: Readonly<Record<string, Schema>>,
): BlueprintValidator {
  if (!isRecord(value)) throw refuse(path, `must be a validator (a JSON object), found ${describeJson(value)}.`);
  const title = text(value["title"], `${path}.title`);
  const code = value["compiledCode"];
  if (code === undefined)
    throw refuse(`${path}.compiledCode`, `is missing: a validator without its compiled code cannot be used.`);
  if (typeof code !== "string" || !HEX.test(code) || unwrapScript(Buffer.from(code, "hex")) === undefined) {
    throw refuse(
      `${path}.compiledCode`,
      `must be a Plutus script in hex (flat UPLC in a CBOR byte string), found ${describeJson(code)}.`,
    );
  }
  const given = value["hash"];
  if (given !== undefined && (typeof given !== "string" || !HASH.test(given))) {
    throw refuse(`${path}.hash`, `must be a script hash (56 hex digits), found ${describeJson(given)}.`);
  }
  const stated =
    value["plutusVersion"] === undefined
      ? preambleVersion
      : plutusVersion(value["plutusVersion"], `${path}.plutusVersion`);
  let version = stated;
  if (version === undefined) {
    // No version anywhere: the one under which the stated hash is the code's hash.
    version =
      given === undefined
        ? undefined
        : (["V1", "V2", "V3"] as const).find((v) => plutusScriptHash(code, v) === given.toLowerCase());
    if (version === undefined)
      throw refuse(
        `${path}.plutusVersion`,
        `is missing, and neither the preamble's plutusVersion nor the validator's hash tells it.`,
      );
  }
  const hash = plutusScriptHash(code, version);
  if (given !== undefined && given.toLowerCase() !== hash) {
    throw refuse(`${path}.hash`, `is ${given}, but the compiled code's hash (Plutus ${version}) is ${hash}.`);
  }
  const parameters = value["parameters"] ?? [];
  if (!Array.isArray(parameters))
    throw refuse(`${path}.parameters`, `must be an array, found ${describeJson(parameters)}.`);
  return {
    title,
    hash,
    compiledCode: code,
    version,
    ...(value["datum"] === undefined ? {} : { datum: argumentSchema(value["datum"], `${path}.datum`, definitions) }),
    ...(value["redeemer"] === undefined
      ? {}
      : { redeemer: argumentSchema(value["redeemer"], `${path}.redeemer`, definitions) }),
    parameters: parameters.map((parameter: unknown, i) => {
      const schema = argumentSchema(parameter, `${path}.parameters[${i}]`, definitions);
      const name = (parameter as Record<string, unknown>)["title"];
      return typeof name === "string" ? { title: name, schema } : { schema };
    }),
  };
}

/** Checks and reads a CIP-57 blueprint; a 400 names the path under `field` ("blueprint.validators[1].hash") and what is wrong. */
export function parseBlueprint(json: unknown, field: string): Blueprint {
  if (!isRecord(json))
    throw refuse(field, `must be a CIP-57 blueprint (the plutus.json object), found ${describeJson(json)}.`);
  const preamble = json["preamble"];
  if (!isRecord(preamble)) throw refuse(`${field}.preamble`, `must be an object, found ${describeJson(preamble)}.`);
  const title = text(preamble["title"], `${field}.preamble.title`);
  const stated =
    preamble["plutusVersion"] === undefined
      ? undefined
      : plutusVersion(preamble["plutusVersion"], `${field}.preamble.plutusVersion`);

  const given = json["definitions"] ?? {};
  if (!isRecord(given))
    throw refuse(`${field}.definitions`, `must be an object of schemas, found ${describeJson(given)}.`);
  const definitions = given as Record<string, Schema>;
  for (const [name, schema] of Object.entries(definitions))
    checkSchema(schema, `${field}.definitions.${name}`, definitions);

  const list = json["validators"];
  if (!Array.isArray(list) || list.length === 0)
    throw refuse(`${field}.validators`, `must be a non-empty array of validators, found ${describeJson(list)}.`);
  const validators = list.map((validator: unknown, i) =>
    readValidator(validator, `${field}.validators[${i}]`, stated, definitions),
  );
  return { title, version: stated ?? validators[0]!.version, validators, definitions, json };
}

/**
 * The schema a validator hash uses for a purpose ("spend", "mint"…) and kind: the entry with that
 * hash whose title ends with `.${purpose}` (Aiken v1.1 titles: module.validator.purpose), else the
 * single entry with that hash holding that kind; undefined when none.
 */
export function schemaFor(
  blueprint: Blueprint,
  hash: string,
  purpose: string,
  kind: "datum" | "redeemer",
): Schema | undefined {
  const sameHash = blueprint.validators.filter((v) => v.hash === hash.toLowerCase());
  const forPurpose = sameHash.find((v) => v.title.endsWith(`.${purpose}`));
  if (forPurpose !== undefined) return forPurpose[kind];
  const holding = sameHash.filter((v) => v[kind] !== undefined);
  return holding.length === 1 ? holding[0]![kind] : undefined;
}
