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
import { BadRequestError, refusal } from "../errors.js";
import { requireCborWithinLimits } from "./cbor-limits.js";

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
/**
 * Most nodes accepted in one script. A transaction holds at most 16 KiB, about 500 `sig` nodes; the
 * bound keeps a hostile body from keeping the SDK's encoder busy for seconds.
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

type Core = Cardano.NativeScript;
const native = Cardano.ScriptType.Native;
const Kind = Cardano.NativeScriptKind;

/** A library's error message, without its final period, to end one of our sentences. */
const reasonOf = (error: unknown): string => String((error as Error).message ?? error).replace(/[.\s]+$/, "");

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isNaturalNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** Checks a JSON schema node by node and converts it to the SDK's native script; `field` is its path. */
function toCore(node: unknown, field: string, level: number, count: { nodes: number }): Core {
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
      return { __type: native, kind: Kind.RequireSignature, keyHash: Ed25519KeyHashHex(keyHash.toLowerCase()) };
    }
    case "before":
    case "after": {
      const slot = node["slot"];
      if (!isNaturalNumber(slot))
        throw refusal(
          BadRequestError,
          (at) => `${at(field)}.slot must be a non-negative whole number no larger than ${Number.MAX_SAFE_INTEGER}.`,
        );
      return t === "before"
        ? { __type: native, kind: Kind.RequireTimeBefore, slot: Cardano.Slot(slot) }
        : { __type: native, kind: Kind.RequireTimeAfter, slot: Cardano.Slot(slot) };
    }
    case "all":
    case "any":
    case "atLeast": {
      const scripts = node["scripts"];
      if (!Array.isArray(scripts))
        throw refusal(BadRequestError, (at) => `${at(field)}.scripts must be an array of native script nodes.`);
      const children = scripts.map((child, i) => toCore(child, `${field}.scripts[${i}]`, level + 1, count));
      if (t === "all") return { __type: native, kind: Kind.RequireAllOf, scripts: children };
      if (t === "any") return { __type: native, kind: Kind.RequireAnyOf, scripts: children };
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
      return { __type: native, kind: Kind.RequireNOf, required, scripts: children };
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

function safe(value: number, field: string, path: string, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw unreadable(
      field,
      path,
      `has a ${what} larger than ${Number.MAX_SAFE_INTEGER}, which JSON numbers cannot carry exactly`,
    );
  }
  return value;
}

/** The SDK's native script as the API's JSON schema; `field` names the CBOR input in a refusal. */
function fromCore(script: Core, field: string, path: string, level: number): NativeScriptJson {
  if (level > MAX_NATIVE_SCRIPT_DEPTH) {
    throw unreadable(
      field,
      path,
      `is nested ${level} levels deep; this service reads at most ${MAX_NATIVE_SCRIPT_DEPTH} levels`,
    );
  }
  const children = (scripts: Core[]) =>
    scripts.map((child, i) => fromCore(child, field, `${path}.scripts[${i}]`, level + 1));
  switch (script.kind) {
    case Kind.RequireSignature:
      return { type: "sig", keyHash: script.keyHash.toLowerCase() };
    case Kind.RequireAllOf:
      return { type: "all", scripts: children(script.scripts) };
    case Kind.RequireAnyOf:
      return { type: "any", scripts: children(script.scripts) };
    case Kind.RequireNOf:
      return {
        type: "atLeast",
        required: safe(script.required, field, path, "required count"),
        scripts: children(script.scripts),
      };
    case Kind.RequireTimeBefore:
      return { type: "before", slot: safe(script.slot, field, path, "slot") };
    case Kind.RequireTimeAfter:
      return { type: "after", slot: safe(script.slot, field, path, "slot") };
  }
}

/** The ledger CBOR and policy ID of a native script given as JSON; `field` names it in a refusal. */
export function serializeNativeScript(schema: unknown, field: string): SerializedNativeScript {
  const script = Serialization.NativeScript.fromCore(toCore(schema, field, 1, { nodes: 0 }));
  return { policyId: script.hash(), script: script.toCbor() };
}

/**
 * Walks the CBOR once, without recursion, before the SDK decodes it: exactly one value, made only
 * of what native scripts hold (arrays, unsigned integers, byte strings), nested no deeper than
 * MAX_NATIVE_SCRIPT_DEPTH script levels. The SDK's decoder slows down sharply with depth, so a deep
 * script must be refused before it reaches it.
 */
function walkCborShape(hex: HexBlob, field: string): void {
  const reader = new Serialization.CborReader(hex);
  const State = Serialization.CborReaderState;
  // A script node is an array whose sub-scripts sit in a second array: level L is array depth 2L - 1.
  const maxArrayDepth = 2 * MAX_NATIVE_SCRIPT_DEPTH;
  let depth = 0;
  let arrays = 0;
  do {
    const state = reader.peekState();
    switch (state) {
      case State.StartArray:
        if (++depth > maxArrayDepth) {
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
        reader.readStartArray();
        break;
      case State.EndArray:
        reader.readEndArray();
        depth--;
        break;
      case State.UnsignedInteger:
      case State.ByteString:
      case State.StartIndefiniteLengthByteString:
        reader.skipValue();
        break;
      case State.Finished:
        throw refusal(BadRequestError, (at) => `${at(field)} ends in the middle of its CBOR value: bytes are missing.`);
      default:
        throw refusal(
          BadRequestError,
          (at) =>
            `${at(field)} does not decode as a native script: it holds a CBOR ${State[state] ?? "value"}, while native scripts hold only arrays, unsigned integers and byte strings.`,
        );
    }
  } while (depth > 0);
  if (reader.peekState() !== State.Finished) {
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} has bytes after the end of its CBOR value: send exactly one native script.`,
    );
  }
}

function checkCborShape(hex: HexBlob, field: string): void {
  try {
    walkCborShape(hex, field);
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    const reason = reasonOf(error);
    if (/end of (the )?buffer/i.test(reason))
      throw refusal(BadRequestError, (at) => `${at(field)} ends in the middle of its CBOR value: bytes are missing.`);
    throw refusal(BadRequestError, (at) => `${at(field)} is not valid CBOR: ${reason}.`);
  }
}

/**
 * Reads a native script's CBOR (hex) into the JSON schema, with its policy ID: the hash of the
 * bytes as given, as the ledger computes it (non-canonical encodings keep their own hash).
 */
export function parseNativeScript(cborHex: string, field: string): ParsedNativeScript {
  if (cborHex.length === 0 || !/^(?:[0-9a-fA-F]{2})+$/.test(cborHex))
    throw refusal(BadRequestError, (at) => `${at(field)} must be CBOR as hex: an even number of hex digits.`);
  // The CBOR limits before the shape check, which reads with cardano-sdk's reader (seconds for 40,000 items).
  requireCborWithinLimits(cborHex, field);
  const hex = HexBlob(cborHex.toLowerCase());
  let script: Serialization.NativeScript;
  try {
    checkCborShape(hex, field);
    script = Serialization.NativeScript.fromCbor(hex);
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    throw refusal(BadRequestError, (at) => `${at(field)} does not decode as a native script: ${reasonOf(error)}.`);
  }
  let core: Core;
  try {
    core = script.toCore();
  } catch (error) {
    throw refusal(BadRequestError, (at) => `${at(field)} does not decode as a native script: ${reasonOf(error)}.`);
  }
  return { policyId: script.hash(), schema: fromCore(core, field, "", 1) };
}
