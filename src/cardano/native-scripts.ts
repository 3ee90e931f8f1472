// Native (multi-signature and timelock) scripts between JSON and the ledger's CBOR, and their hash.
// The API's JSON schema is checked strictly, so that a wrong node is a 400 naming its path; the
// same codec serves Mesh's JSON form (slots as strings), which the chain adapters and the mint
// path speak. Encoding and decoding agree with cardano-js-sdk's (a test cross-checks them).
//
// JSON node            ledger CBOR                meaning
// {type:"sig"}         [0, addr_keyhash]          signed by that key
// {type:"all"}         [1, [scripts]]             every sub-script holds
// {type:"any"}         [2, [scripts]]             one sub-script holds
// {type:"atLeast"}     [3, required, [scripts]]   `required` sub-scripts hold
// {type:"after"}       [4, slot]                  InvalidBefore: valid from `slot` on
// {type:"before"}      [5, slot]                  InvalidHereafter: invalid from `slot` on
import type { NativeScript as MeshNativeScript } from "./types.js";
import { BadRequestError, refusal } from "../errors.js";
import { CborReader, CborWriter, Major } from "./cbor.js";
import { requireCborWithinLimits } from "./cbor-limits.js";
import { scriptHash } from "./script-hash.js";

export type NativeScriptJson =
  | { readonly type: "sig"; readonly keyHash: string }
  | { readonly type: "all" | "any"; readonly scripts: readonly NativeScriptJson[] }
  | { readonly type: "atLeast"; readonly required: number; readonly scripts: readonly NativeScriptJson[] }
  | { readonly type: "before" | "after"; readonly slot: number };

/**
 * A native script tree as any caller holds it: the API's JSON (slots as numbers), Mesh's (slots as
 * strings of digits) or one decoded from CBOR (numbers as bigints).
 */
export type NativeScriptNode =
  | { readonly type: "sig"; readonly keyHash: string }
  | { readonly type: "all" | "any"; readonly scripts: readonly NativeScriptNode[] }
  | { readonly type: "atLeast"; readonly required: number | bigint; readonly scripts: readonly NativeScriptNode[] }
  | { readonly type: "before" | "after"; readonly slot: number | string | bigint };

/** A native script as decoded from CBOR: numbers as bigints, key hashes lowercase. */
export type DecodedNativeScript =
  | { readonly type: "sig"; readonly keyHash: string }
  | { readonly type: "all" | "any"; readonly scripts: readonly DecodedNativeScript[] }
  | { readonly type: "atLeast"; readonly required: bigint; readonly scripts: readonly DecodedNativeScript[] }
  | { readonly type: "before" | "after"; readonly slot: bigint };

export interface SerializedNativeScript {
  /** blake2b-224 of 0x00 ‖ script: the script hash, which is the policy ID of what it mints. */
  readonly policyId: string;
  /** The script's CBOR, lowercase hex. */
  readonly script: string;
}

export interface ParsedNativeScript {
  readonly policyId: string;
  readonly schema: NativeScriptJson;
}

/** Deepest nesting accepted, counting the outermost node as level 1. */
export const MAX_NATIVE_SCRIPT_DEPTH = 32;
/**
 * Most nodes accepted in one script. A transaction holds at most 16 KiB, about 500 `sig` nodes; the
 * bound keeps a hostile body from keeping the encoder busy.
 */
export const MAX_NATIVE_SCRIPT_NODES = 1000;

const NODE_FIELDS: Readonly<Record<NativeScriptJson["type"], readonly string[]>> = {
  sig: ["type", "keyHash"],
  all: ["type", "scripts"],
  any: ["type", "scripts"],
  atLeast: ["type", "required", "scripts"],
  before: ["type", "slot"],
  after: ["type", "slot"],
};
const NODE_TYPES = Object.keys(NODE_FIELDS) as NativeScriptJson["type"][];
const KEY_HASH = /^[0-9a-fA-F]{56}$/;

/** The ledger's tag of each node type: [tag, ...] (after is InvalidBefore, before is InvalidHereafter). */
const TAGS = { sig: 0, all: 1, any: 2, atLeast: 3, after: 4, before: 5 } as const;
const TYPE_OF_TAG = ["sig", "all", "any", "atLeast", "after", "before"] as const;

const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

/** A library's error message, without its final period, to end one of our sentences. */
const reasonOf = (error: unknown): string => String((error as Error).message ?? error).replace(/[.\s]+$/, "");

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isNaturalNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** A slot or count as a bigint: a whole number, or a string of decimal digits (Mesh's slots). */
function natural(value: number | string | bigint, what: string): bigint {
  if (typeof value === "string" ? /^\d+$/.test(value) : typeof value === "bigint" || Number.isSafeInteger(value)) {
    const n = BigInt(value);
    if (n >= 0n && n < 2n ** 64n) return n;
  }
  throw new Error(`a native script's ${what} ${String(value)} is not a whole number from 0 to 2^64 - 1`);
}

function writeNode(w: CborWriter, node: NativeScriptNode): void {
  switch (node.type) {
    case "sig":
      if (!KEY_HASH.test(node.keyHash)) throw new Error(`a native script's key hash ${node.keyHash} is not 28 bytes`);
      w.array(2).uint(TAGS.sig).bytes(Buffer.from(node.keyHash, "hex"));
      return;
    case "all":
    case "any":
    case "atLeast":
      if (node.type === "atLeast") w.array(3).uint(TAGS.atLeast).uint(natural(node.required, "required count"));
      else w.array(2).uint(TAGS[node.type]);
      w.array(node.scripts.length);
      for (const child of node.scripts) writeNode(w, child);
      return;
    case "before":
    case "after":
      w.array(2).uint(TAGS[node.type]).uint(natural(node.slot, "slot"));
  }
}

/** The ledger CBOR of a native script (definite lengths, shortest heads: what cardano-js-sdk writes). */
export function nativeScriptBytes(node: NativeScriptNode): Uint8Array {
  const w = new CborWriter();
  writeNode(w, node);
  return w.finish();
}

/** The hash of a native script's CBOR: its policy ID. */
export const nativeScriptHash = (cbor: Uint8Array): string => scriptHash("native", cbor);

/** Checks a JSON schema node by node; `field` is its path. */
function checkJson(node: unknown, field: string, level: number, count: { nodes: number }): NativeScriptJson {
  if (++count.nodes > MAX_NATIVE_SCRIPT_NODES) {
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} is one node too many: a native script may have at most ${MAX_NATIVE_SCRIPT_NODES} nodes.`,
    );
  }
  if (level > MAX_NATIVE_SCRIPT_DEPTH) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} is nested ${level} levels deep; native scripts may nest at most ${MAX_NATIVE_SCRIPT_DEPTH} levels.`,
    );
  }
  if (!isRecord(node))
    throw refusal(BadRequestError, (at) => `${at(field)} must be a native script node: an object with a "type".`);
  const type = node["type"];
  if (typeof type !== "string" || !(NODE_TYPES as string[]).includes(type)) {
    throw refusal(
      BadRequestError,
      (at) => `${at(field)}.type must be one of ${NODE_TYPES.join(", ")}; got ${JSON.stringify(type) ?? "nothing"}.`,
    );
  }
  const t = type as NativeScriptJson["type"];
  for (const key of Object.keys(node)) {
    if (!NODE_FIELDS[t].includes(key))
      throw refusal(
        BadRequestError,
        (at) => `${at(field)} has an unknown field "${key}" for a "${t}" node (it takes ${NODE_FIELDS[t].join(", ")}).`,
      );
  }
  switch (t) {
    case "sig": {
      const keyHash = node["keyHash"];
      if (typeof keyHash !== "string" || !KEY_HASH.test(keyHash)) {
        throw refusal(BadRequestError, (at) => `${at(field)}.keyHash must be a 28-byte key hash: 56 hex digits.`);
      }
      return { type: "sig", keyHash: keyHash.toLowerCase() };
    }
    case "before":
    case "after": {
      const slot = node["slot"];
      if (!isNaturalNumber(slot))
        throw refusal(
          BadRequestError,
          (at) => `${at(field)}.slot must be a non-negative whole number no larger than ${Number.MAX_SAFE_INTEGER}.`,
        );
      return { type: t, slot };
    }
    case "all":
    case "any":
    case "atLeast": {
      const scripts = node["scripts"];
      if (!Array.isArray(scripts))
        throw refusal(BadRequestError, (at) => `${at(field)}.scripts must be an array of native script nodes.`);
      const children = scripts.map((child, i) => checkJson(child, `${field}.scripts[${i}]`, level + 1, count));
      if (t !== "atLeast") return { type: t, scripts: children };
      const required = node["required"];
      if (!isNaturalNumber(required))
        throw refusal(BadRequestError, (at) => `${at(field)}.required must be a non-negative whole number.`);
      if (required > children.length) {
        throw refusal(
          BadRequestError,
          (at) =>
            `${at(field)}.required is ${required} but there are only ${children.length} scripts: the script could never be satisfied.`,
        );
      }
      return { type: "atLeast", required, scripts: children };
    }
  }
}

/** Refusal of a decoded script that the JSON schema cannot carry; `path` locates the node in it. */
function unreadable(field: string, path: string, reason: string): Error {
  return refusal(
    BadRequestError,
    (at) => `${at(field)} decodes to a native script whose node schema${path} ${reason}.`,
  );
}

function safe(value: bigint, field: string, path: string, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw unreadable(
      field,
      path,
      `has a ${what} larger than ${Number.MAX_SAFE_INTEGER}, which JSON numbers cannot carry exactly`,
    );
  }
  return Number(value);
}

/** A decoded native script as the API's JSON schema; `field` names the CBOR input in a refusal. */
function toJson(script: DecodedNativeScript, field: string, path: string, level: number): NativeScriptJson {
  if (level > MAX_NATIVE_SCRIPT_DEPTH) {
    throw unreadable(
      field,
      path,
      `is nested ${level} levels deep; this service reads at most ${MAX_NATIVE_SCRIPT_DEPTH} levels`,
    );
  }
  const children = (scripts: readonly DecodedNativeScript[]) =>
    scripts.map((child, i) => toJson(child, field, `${path}.scripts[${i}]`, level + 1));
  switch (script.type) {
    case "sig":
      return script;
    case "all":
    case "any":
      return { type: script.type, scripts: children(script.scripts) };
    case "atLeast":
      return {
        type: "atLeast",
        required: safe(script.required, field, path, "required count"),
        scripts: children(script.scripts),
      };
    case "before":
    case "after":
      return { type: script.type, slot: safe(script.slot, field, path, "slot") };
  }
}

/** The ledger CBOR and policy ID of a native script given as JSON; `field` names it in a refusal. */
export function serializeNativeScript(schema: unknown, field: string): SerializedNativeScript {
  const bytes = nativeScriptBytes(checkJson(schema, field, 1, { nodes: 0 }));
  return { policyId: nativeScriptHash(bytes), script: toHex(bytes) };
}

/** The name cardano-js-sdk's reader gives the CBOR item that starts with `initial`, for a refusal. */
function itemName(initial: number): string {
  const info = initial & 0x1f;
  switch (initial >> 5) {
    case Major.Nint:
      return "NegativeInteger";
    case Major.Text:
      return info === 31 ? "StartIndefiniteLengthTextString" : "TextString";
    case Major.Map:
      return "StartMap";
    case Major.Tag:
      return "Tag";
    default:
      if (info === 20 || info === 21) return "Boolean";
      if (info === 22) return "Null";
      if (info === 23) return "Undefined";
      if (info >= 25 && info <= 27)
        return ["HalfPrecisionFloat", "SinglePrecisionFloat", "DoublePrecisionFloat"][info - 25]!;
      return "SimpleValue";
  }
}

/**
 * Walks the CBOR once, without recursion, before it is decoded: exactly one value, made only of
 * what native scripts hold (arrays, unsigned integers, byte strings), nested no deeper than
 * MAX_NATIVE_SCRIPT_DEPTH script levels and holding no more than MAX_NATIVE_SCRIPT_NODES nodes.
 */
function walkCborShape(bytes: Uint8Array, field: string): void {
  const reader = new CborReader(bytes);
  // A script node is an array whose sub-scripts sit in a second array: level L is array depth 2L - 1.
  const maxArrayDepth = 2 * MAX_NATIVE_SCRIPT_DEPTH;
  /** The items left in each open array (null: an indefinite one, closed by a break). */
  const open: (number | null)[] = [];
  let arrays = 0;
  do {
    const last = open.length - 1;
    const left = open[last];
    if (left === 0 || (left === null && reader.atBreak())) {
      if (left === null) reader.readBreak();
      open.pop();
      continue;
    }
    if (reader.done)
      throw refusal(BadRequestError, (at) => `${at(field)} ends in the middle of its CBOR value: bytes are missing.`);
    if (typeof left === "number") open[last] = left - 1;
    const initial = bytes[reader.position]!;
    switch (initial >> 5) {
      case Major.Array:
        if (open.length + 1 > maxArrayDepth) {
          throw refusal(
            BadRequestError,
            (at) =>
              `${at(field)} is nested deeper than ${MAX_NATIVE_SCRIPT_DEPTH} script levels, the most this service reads.`,
          );
        }
        // Every node is one array, plus one for the sub-scripts of all, any and atLeast.
        if (++arrays > 2 * MAX_NATIVE_SCRIPT_NODES) {
          throw refusal(
            BadRequestError,
            (at) =>
              `${at(field)} holds more than ${MAX_NATIVE_SCRIPT_NODES} script nodes, the most this service reads.`,
          );
        }
        open.push(reader.arrayLength());
        break;
      case Major.Uint:
        reader.uint();
        break;
      case Major.Bytes:
        reader.bytesValue();
        break;
      default:
        throw refusal(
          BadRequestError,
          (at) =>
            `${at(field)} does not decode as a native script: it holds a CBOR ${itemName(initial)}, while native scripts hold only arrays, unsigned integers and byte strings.`,
        );
    }
  } while (open.length > 0);
  if (!reader.done) {
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} has bytes after the end of its CBOR value: send exactly one native script.`,
    );
  }
}

/** Reads one native script node (the shape walk has bounded its depth); throws on anything else. */
function readNode(reader: CborReader): DecodedNativeScript {
  const length = reader.arrayLength();
  const tag = reader.uint();
  const type = TYPE_OF_TAG[Number(tag)];
  if (tag > 5n || type === undefined)
    throw new Error(`its node kind ${tag} is unknown: native script nodes are of kinds 0 to 5`);
  const items = type === "atLeast" ? 3 : 2;
  if (length !== items) {
    throw new Error(
      `a native script node of kind ${tag} is an array of ${items} items, but this one has ${length ?? "an indefinite number of"} items`,
    );
  }
  switch (type) {
    case "sig": {
      const keyHash = reader.bytesValue();
      if (keyHash.length !== 28)
        throw new Error(`a key hash is 28 bytes (56 hex digits), but this one has ${keyHash.length * 2} hex digits`);
      return { type, keyHash: toHex(keyHash) };
    }
    case "all":
    case "any":
      return { type, scripts: readList(reader) };
    case "atLeast": {
      const required = reader.uint();
      return { type, required, scripts: readList(reader) };
    }
    case "before":
    case "after":
      return { type, slot: reader.uint() };
  }
}

function readList(reader: CborReader): DecodedNativeScript[] {
  const scripts: DecodedNativeScript[] = [];
  reader.each(reader.arrayLength(), () => scripts.push(readNode(reader)));
  return scripts;
}

/**
 * Decodes a native script's CBOR as the ledger holds it (a reference script, a backend's answer:
 * no depth limit of this service's own, the caller scanned it against the CBOR limits); throws an
 * Error saying what is wrong. Numbers stay bigints.
 */
export function decodeNativeScript(bytes: Uint8Array): DecodedNativeScript {
  const reader = new CborReader(bytes);
  const script = readNode(reader);
  if (!reader.done) throw new Error("there are bytes after the native script");
  return script;
}

/** A decoded native script in Mesh's JSON form: slots as strings of digits, the required count a number. */
export function meshNativeScript(script: DecodedNativeScript): MeshNativeScript {
  switch (script.type) {
    case "sig":
      return script;
    case "all":
    case "any":
      return { type: script.type, scripts: script.scripts.map(meshNativeScript) };
    case "atLeast":
      return { type: "atLeast", required: Number(script.required), scripts: script.scripts.map(meshNativeScript) };
    case "before":
    case "after":
      return { type: script.type, slot: script.slot.toString() };
  }
}

/**
 * Reads a native script's CBOR (hex) into the JSON schema, with its policy ID: the hash of the
 * bytes as given, as the ledger computes it (non-canonical encodings keep their own hash).
 */
export function parseNativeScript(cborHex: string, field: string): ParsedNativeScript {
  if (cborHex.length === 0 || !/^(?:[0-9a-fA-F]{2})+$/.test(cborHex))
    throw refusal(BadRequestError, (at) => `${at(field)} must be CBOR as hex: an even number of hex digits.`);
  // The CBOR limits first: they refuse malformed CBOR and hostile sizes with their own messages.
  requireCborWithinLimits(cborHex, field);
  const bytes = new Uint8Array(Buffer.from(cborHex, "hex"));
  let script: DecodedNativeScript;
  try {
    walkCborShape(bytes, field);
    script = readNode(new CborReader(bytes));
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    throw refusal(BadRequestError, (at) => `${at(field)} does not decode as a native script: ${reasonOf(error)}.`);
  }
  return { policyId: nativeScriptHash(bytes), schema: toJson(script, field, "", 1) };
}
