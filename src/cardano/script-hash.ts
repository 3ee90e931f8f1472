// Script hashes (the ledger's `hashScript`): blake2b-224 of a one-byte language tag followed by the
// script's bytes as the ledger keeps them. For a native script those are its CBOR; for a Plutus
// script, the flat-encoded program wrapped in one CBOR byte string (a CIP-57 blueprint's
// `compiledCode`). Mesh's `code` convention wraps that once more, so `plutusScriptHashOfCode`
// unwraps one layer first.
import { CborReader } from "./cbor.js";
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
