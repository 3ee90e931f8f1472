// Script hashes (the ledger's `hashScript`): blake2b-224 of a one-byte language tag followed by the
// script's bytes as the ledger keeps them. For a native script those are its CBOR; for a Plutus
// script, the flat-encoded program wrapped in one CBOR byte string (a CIP-57 blueprint's
// `compiledCode`). Mesh's `code` convention wraps that once more, so `plutusScriptHashOfCode`
// unwraps one layer first.
import { CborReader, CborWriter } from "./cbor.js";
import { blake2b224 } from "./hash.js";

export type PlutusVersion = "V1" | "V2" | "V3";
export type ScriptLanguage = "native" | PlutusVersion;

const LANGUAGE_TAGS: Readonly<Record<ScriptLanguage, number>> = { native: 0, V1: 1, V2: 2, V3: 3 };

/** The 28-byte script hash, lowercase hex. `scriptBytes` as described above for the language. */
export function scriptHash(language: ScriptLanguage, scriptBytes: Uint8Array): string {
  const tagged = new Uint8Array(scriptBytes.length + 1);
  tagged[0] = LANGUAGE_TAGS[language];
  tagged.set(scriptBytes, 1);
  return blake2b224(tagged);
}

/** The content of one CBOR byte string that makes up the whole of `bytes`; throws otherwise. */
export function unwrapByteString(bytes: Uint8Array): Uint8Array {
  const reader = new CborReader(bytes);
  const content = reader.bytesValue();
  if (!reader.done) throw new Error("there are bytes after the CBOR byte string");
  return content;
}

/** The hash of a Plutus script given in Mesh's double-wrapped `code` form (hex). */
export const plutusScriptHashOfCode = (code: string, version: PlutusVersion): string =>
  scriptHash(version, unwrapByteString(new Uint8Array(Buffer.from(code, "hex"))));

/** The language of each tag of the ledger's `script` ([tag, script]). */
const LANGUAGE_OF_TAG: readonly ScriptLanguage[] = ["native", "V1", "V2", "V3"];

/**
 * The hash of a script in the form a reference script holds it: a native script's CBOR, or a
 * Plutus script twice wrapped (Mesh's `code`: a byte string holding the compiled code). As in
 * cardano-js-sdk, bytes after the outer byte string are not read.
 */
export function scriptHashOfForm(language: ScriptLanguage, script: Uint8Array): string {
  return language === "native"
    ? scriptHash("native", script)
    : scriptHash(language, new CborReader(script).bytesValue());
}

/** A reference script as the domain holds it (the CBOR of the ledger's `script`, [tag, script]), read into its parts. */
export function readScriptRef(scriptRef: Uint8Array): { language: ScriptLanguage; script: Uint8Array } {
  const reader = new CborReader(scriptRef);
  reader.arrayLength();
  const tag = reader.uint();
  const language = tag <= 3n ? LANGUAGE_OF_TAG[Number(tag)] : undefined;
  if (language === undefined) throw new Error(`a reference script of the unknown language ${tag}`);
  return { language, script: reader.raw() };
}

/** The hash of a reference script held as the domain holds it. */
export function scriptRefHash(scriptRef: Uint8Array): string {
  const { language, script } = readScriptRef(scriptRef);
  return scriptHashOfForm(language, script);
}

/** A reference script ([tag, script]) of a script in the form scriptHashOfForm takes. */
export const scriptRefBytes = (language: ScriptLanguage, script: Uint8Array): Uint8Array =>
  new CborWriter().array(2).uint(LANGUAGE_TAGS[language]).raw(script).finish();
