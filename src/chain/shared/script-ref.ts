// Reference scripts as the domain (Mesh's UTxO.output.scriptRef) holds them: the CBOR of the
// ledger's `script` ([language tag, script]). Backends hand scripts out with a language name and
// a hex body whose CBOR wrapping differs between services: Kupo and Ogmios give a Plutus script
// as the bytes the ledger hashes after the language tag (its "compiled code", a CBOR byte string
// holding the flat program), Blockfrost wraps that once more. A reference script holds the
// twice-wrapped form. When the script's hash is known it settles which reading is right.
import type { NativeScript as MeshNativeScript } from "../../cardano/types.js";
import type { ScriptNative } from "@cardano-ogmios/schema";
import { scanChainCbor } from "../../cardano/cbor-limits.js";
import { decodeNativeScript, meshNativeScript, nativeScriptBytes } from "../../cardano/native-scripts.js";
import { readScriptRef, scriptHashOfForm, scriptRefBytes } from "../../cardano/script-hash.js";

export type ScriptLanguage = "native" | "plutus:v1" | "plutus:v2" | "plutus:v3";

/** The ledger's tag of each language in a `script` ([tag, script]). */
const LANGUAGE_TAGS = { native: 0, "plutus:v1": 1, "plutus:v2": 2, "plutus:v3": 3 } as const;

/** The content of a CBOR byte string spanning all of `hex`, or undefined when `hex` is not one. */
export function unwrapByteString(hex: string): string | undefined {
  if (hex.length < 2) return undefined;
  const head = parseInt(hex.slice(0, 2), 16);
  if (head >> 5 !== 2) return undefined;
  const info = head & 0x1f;
  let offset = 2;
  let length: number;
  if (info < 24) length = info;
  else if (info >= 24 && info <= 26) {
    const size = 2 ** (info - 24);
    length = parseInt(hex.slice(2, 2 + size * 2), 16);
    offset += size * 2;
  } else return undefined;
  return hex.length === offset + length * 2 ? hex.slice(offset) : undefined;
}

const LANGUAGES = { native: "native", "plutus:v1": "V1", "plutus:v2": "V2", "plutus:v3": "V3" } as const;
const NAMES = { native: "native", V1: "plutus:v1", V2: "plutus:v2", V3: "plutus:v3" } as const;
const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

/** The reference script and hash of `hex` read as a script of `language` (a Plutus one twice wrapped); throws when it does not decode. */
function build(language: ScriptLanguage, hex: string): { scriptRef: string; scriptHash: string } {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new Error("the script is not hex");
  const bytes = new Uint8Array(Buffer.from(hex, "hex"));
  if (language === "native") decodeNativeScript(bytes);
  const scriptHash = scriptHashOfForm(LANGUAGES[language], bytes);
  return { scriptRef: toHex(scriptRefBytes(LANGUAGES[language], bytes)), scriptHash };
}

/** `hex` as the content of one CBOR byte string. */
export function wrapByteString(hex: string): string {
  const n = hex.length / 2;
  const head =
    n < 24
      ? (0x40 + n).toString(16)
      : n < 0x100
        ? `58${n.toString(16).padStart(2, "0")}`
        : n < 0x10000
          ? `59${n.toString(16).padStart(4, "0")}`
          : `5a${n.toString(16).padStart(8, "0")}`;
  return `${head}${hex}`;
}

/**
 * The domain's scriptRef for a script a backend returned. With `expectedHash` (the hash the
 * output's reference script is known by), the reading that hashes to it is taken; a script that
 * matches no reading throws.
 */
export function scriptRefOf(
  language: ScriptLanguage,
  hex: string,
  expectedHash?: string,
): { scriptRef: string; scriptHash: string } {
  const body = hex.toLowerCase();
  // Scanned before cardano-sdk decodes it. A script over the CBOR limits (a native script of
  // `all`/`any` nested some 60 deep) stays raw: the ledger's [language, script] written here, by
  // the hash the backend knows it by; a build refuses to spend or read it (requireUtxoWithinLimits).
  if (!scanChainCbor(body, `the ${language} script${expectedHash === undefined ? "" : ` ${expectedHash}`}`)) {
    if (expectedHash === undefined)
      throw new Error(`a ${language} script is over the CBOR limits and comes without its hash`);
    return { scriptRef: `820${LANGUAGE_TAGS[language]}${body}`, scriptHash: expectedHash.toLowerCase() };
  }
  const readings = [body];
  if (language !== "native") {
    const inner = unwrapByteString(body);
    const twiceWrapped = inner !== undefined && unwrapByteString(inner) !== undefined;
    // Most likely reading first: a once-wrapped body (Kupo, Ogmios) needs one more wrapping.
    if (twiceWrapped) readings.push(wrapByteString(body), inner);
    else readings.unshift(wrapByteString(body));
  }
  let firstError: unknown;
  for (const reading of readings) {
    try {
      const script = build(language, reading);
      if (expectedHash === undefined || script.scriptHash === expectedHash.toLowerCase()) return script;
    } catch (error) {
      firstError ??= error;
    }
  }
  throw new Error(
    expectedHash === undefined
      ? `a ${language} script does not decode: ${(firstError as Error)?.message ?? "unknown reason"}`
      : `the ${language} script returned for ${expectedHash} does not hash to it`,
  );
}

/** The language and once-wrapped body (the bytes the ledger hashes) of a domain scriptRef, as Ogmios takes it. */
export function scriptOfRef(scriptRef: string): { language: ScriptLanguage; cbor: string } {
  const { language, script } = readScriptRef(new Uint8Array(Buffer.from(scriptRef, "hex")));
  if (language === "native") {
    decodeNativeScript(script);
    return { language: "native", cbor: toHex(script) };
  }
  const twice = toHex(script);
  return { language: NAMES[language], cbor: unwrapByteString(twice) ?? twice };
}

/** A native script in Mesh's JSON form (cardano-cli's), from its CBOR. */
export const nativeJsonOf = (cbor: string): MeshNativeScript =>
  meshNativeScript(decodeNativeScript(new Uint8Array(Buffer.from(cbor, "hex"))));

/** Mesh's native-script JSON as Ogmios v6 clauses. */
export function ogmiosClausesOf(script: MeshNativeScript): ScriptNative {
  switch (script.type) {
    case "sig":
      return { clause: "signature", from: script.keyHash };
    case "all":
    case "any":
      return { clause: script.type, from: script.scripts.map(ogmiosClausesOf) };
    case "atLeast":
      return { clause: "some", atLeast: BigInt(script.required), from: script.scripts.map(ogmiosClausesOf) };
    case "before":
    case "after":
      return { clause: script.type, slot: Number(script.slot) };
  }
}

/** Ogmios v6 clauses as Mesh's native-script JSON (for a native script Ogmios sends without CBOR). */
export function meshNativeOf(clause: ScriptNative): MeshNativeScript {
  switch (clause.clause) {
    case "signature":
      return { type: "sig", keyHash: clause.from };
    case "all":
    case "any":
      return { type: clause.clause, scripts: clause.from.map(meshNativeOf) };
    case "some":
      return { type: "atLeast", required: Number(clause.atLeast), scripts: clause.from.map(meshNativeOf) };
    case "before":
    case "after":
      return { type: clause.clause, slot: String(clause.slot) };
  }
}

/** The CBOR of a native script given as Ogmios clauses. */
export const nativeCborOf = (clause: ScriptNative): string => toHex(nativeScriptBytes(meshNativeOf(clause)));
