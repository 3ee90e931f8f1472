// Native (multi-signature and timelock) scripts between the API's JSON schema and the ledger's
// CBOR. The cardano-js-sdk (through Mesh's core-cst) encodes, decodes and hashes; this module
// checks the JSON strictly, so that a wrong node is a 400 naming its path.
//
// JSON node            ledger CBOR                meaning
// {type:"sig"}         [0, addr_keyhash]          signed by that key
// {type:"all"}         [1, [scripts]]             every sub-script holds
// {type:"any"}         [2, [scripts]]             one sub-script holds
// {type:"atLeast"}     [3, required, [scripts]]   `required` sub-scripts hold
// {type:"after"}       [4, slot]                  InvalidBefore: valid from `slot` on
// {type:"before"}      [5, slot]                  InvalidHereafter: invalid from `slot` on
import { Cardano, Ed25519KeyHashHex, HexBlob, Serialization } from "@meshsdk/core-cst";
import { BadRequestError } from "../errors.js";

export type NativeScriptJson =
  | { readonly type: "sig"; readonly keyHash: string }
  | { readonly type: "all" | "any"; readonly scripts: readonly NativeScriptJson[] }
  | { readonly type: "atLeast"; readonly required: number; readonly scripts: readonly NativeScriptJson[] }
  | { readonly type: "before" | "after"; readonly slot: number };

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

type Core = Cardano.NativeScript;
const native = Cardano.ScriptType.Native;
const Kind = Cardano.NativeScriptKind;

/** A library's error message, without its final period, to end one of our sentences. */
const reasonOf = (error: unknown): string => String((error as Error).message ?? error).replace(/[.\s]+$/, "");

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isNaturalNumber = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** The nesting depth of a JSON value, measured without recursion (so that a hostile body cannot exhaust the stack). */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== "object" || item === null) continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Checks a JSON schema node by node and converts it to the SDK's native script; `field` is its path. */
function toCore(node: unknown, field: string, level: number): Core {
  if (level > MAX_NATIVE_SCRIPT_DEPTH) {
    throw new BadRequestError(`${field} is nested ${level} levels deep; native scripts may nest at most ${MAX_NATIVE_SCRIPT_DEPTH} levels.`);
  }
  if (!isRecord(node)) throw new BadRequestError(`${field} must be a native script node: an object with a "type".`);
  const type = node["type"];
  if (typeof type !== "string" || !(NODE_TYPES as string[]).includes(type)) {
    throw new BadRequestError(`${field}.type must be one of ${NODE_TYPES.join(", ")}; got ${JSON.stringify(type) ?? "nothing"}.`);
  }
  const t = type as NativeScriptJson["type"];
  for (const key of Object.keys(node)) {
    if (!NODE_FIELDS[t].includes(key)) throw new BadRequestError(`${field} has an unknown field "${key}" for a "${t}" node (it takes ${NODE_FIELDS[t].join(", ")}).`);
  }
  switch (t) {
    case "sig": {
      const keyHash = node["keyHash"];
      if (typeof keyHash !== "string" || !KEY_HASH.test(keyHash)) {
        throw new BadRequestError(`${field}.keyHash must be a 28-byte key hash: 56 hex digits.`);
      }
      return { __type: native, kind: Kind.RequireSignature, keyHash: Ed25519KeyHashHex(keyHash.toLowerCase()) };
    }
    case "before":
    case "after": {
      const slot = node["slot"];
      if (!isNaturalNumber(slot)) throw new BadRequestError(`${field}.slot must be a non-negative whole number no larger than ${Number.MAX_SAFE_INTEGER}.`);
      return t === "before"
        ? { __type: native, kind: Kind.RequireTimeBefore, slot: Cardano.Slot(slot) }
        : { __type: native, kind: Kind.RequireTimeAfter, slot: Cardano.Slot(slot) };
    }
    case "all":
    case "any":
    case "atLeast": {
      const scripts = node["scripts"];
      if (!Array.isArray(scripts)) throw new BadRequestError(`${field}.scripts must be an array of native script nodes.`);
      const children = scripts.map((child, i) => toCore(child, `${field}.scripts[${i}]`, level + 1));
      if (t === "all") return { __type: native, kind: Kind.RequireAllOf, scripts: children };
      if (t === "any") return { __type: native, kind: Kind.RequireAnyOf, scripts: children };
      const required = node["required"];
      if (!isNaturalNumber(required)) throw new BadRequestError(`${field}.required must be a non-negative whole number.`);
      if (required > children.length) {
        throw new BadRequestError(`${field}.required is ${required} but there are only ${children.length} scripts: the script could never be satisfied.`);
      }
      return { __type: native, kind: Kind.RequireNOf, required, scripts: children };
    }
  }
}

/** Refusal of a decoded script that the JSON schema cannot carry; `path` locates the node in it. */
function unreadable(field: string, path: string, reason: string): Error {
  return new BadRequestError(`${field} decodes to a native script whose node schema${path} ${reason}.`);
}

function safe(value: number, field: string, path: string, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw unreadable(field, path, `has a ${what} larger than ${Number.MAX_SAFE_INTEGER}, which JSON numbers cannot carry exactly`);
  }
  return value;
}

/** The SDK's native script as the API's JSON schema; `field` names the CBOR input in a refusal. */
function fromCore(script: Core, field: string, path: string, level: number): NativeScriptJson {
  if (level > MAX_NATIVE_SCRIPT_DEPTH) {
    throw unreadable(field, path, `is nested ${level} levels deep; this service reads at most ${MAX_NATIVE_SCRIPT_DEPTH} levels`);
  }
  const children = (scripts: Core[]) => scripts.map((child, i) => fromCore(child, field, `${path}.scripts[${i}]`, level + 1));
  switch (script.kind) {
    case Kind.RequireSignature:
      return { type: "sig", keyHash: script.keyHash.toLowerCase() };
    case Kind.RequireAllOf:
      return { type: "all", scripts: children(script.scripts) };
    case Kind.RequireAnyOf:
      return { type: "any", scripts: children(script.scripts) };
    case Kind.RequireNOf:
      return { type: "atLeast", required: safe(script.required, field, path, "required count"), scripts: children(script.scripts) };
    case Kind.RequireTimeBefore:
      return { type: "before", slot: safe(script.slot, field, path, "slot") };
    case Kind.RequireTimeAfter:
      return { type: "after", slot: safe(script.slot, field, path, "slot") };
  }
}

/** The ledger CBOR and policy ID of a native script given as JSON; `field` names it in a refusal. */
export function serializeNativeScript(schema: unknown, field: string): SerializedNativeScript {
  if (jsonDepth(schema) > 2 * MAX_NATIVE_SCRIPT_DEPTH) {
    throw new BadRequestError(`${field} is nested deeper than native scripts may be (at most ${MAX_NATIVE_SCRIPT_DEPTH} levels).`);
  }
  const script = Serialization.NativeScript.fromCore(toCore(schema, field, 1));
  return { policyId: script.hash(), script: script.toCbor() };
}

/**
 * Reads a native script's CBOR (hex) into the JSON schema, with its policy ID: the hash of the
 * bytes as given, as the ledger computes it (non-canonical encodings keep their own hash).
 */
export function parseNativeScript(cborHex: string, field: string): ParsedNativeScript {
  if (cborHex.length === 0 || !/^(?:[0-9a-fA-F]{2})+$/.test(cborHex)) throw new BadRequestError(`${field} must be CBOR as hex: an even number of hex digits.`);
  const hex = HexBlob(cborHex.toLowerCase());
  let script: Serialization.NativeScript;
  try {
    const reader = new Serialization.CborReader(hex);
    reader.skipValue();
    if (reader.peekState() !== Serialization.CborReaderState.Finished) {
      throw new BadRequestError(`${field} has bytes after the end of its CBOR value: send exactly one native script.`);
    }
    script = Serialization.NativeScript.fromCbor(hex);
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    const reason = error instanceof RangeError ? "it is nested too deeply" : reasonOf(error);
    throw new BadRequestError(`${field} does not decode as a native script: ${reason}.`);
  }
  let core: Core;
  try {
    core = script.toCore();
  } catch (error) {
    throw new BadRequestError(`${field} does not decode as a native script: ${reasonOf(error)}.`);
  }
  return { policyId: script.hash(), schema: fromCore(core, field, "", 1) };
}
