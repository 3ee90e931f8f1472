// Branded primitives: a hash or an id is checked and lowercased once, where it enters (a route's
// to-domain.ts, a chain adapter, a decoder), and the domain's types say that it was. A brand is a
// string at run time; only the parsers below (and the decoders that compute one) make it.
declare const brand: unique symbol;

/** `T` known to have passed the check named `B`. */
export type Brand<T, B extends string> = T & { readonly [brand]: B };

/** A transaction id (the body's blake2b-256), 64 lowercase hex digits. */
export type TxHash = Brand<string, "TxHash">;
/** A verification key hash (blake2b-224), 56 lowercase hex digits. */
export type KeyHash = Brand<string, "KeyHash">;
/** A script hash (blake2b-224 of its language tag and bytes; a minting policy's id), 56 lowercase hex digits. */
export type ScriptHash = Brand<string, "ScriptHash">;

/** `text` in lowercase when it is `bytes` bytes of hex; null otherwise. */
export function lowerHex(text: string, bytes: number): string | null {
  const lower = text.toLowerCase();
  return lower.length === 2 * bytes && /^[0-9a-f]*$/.test(lower) ? lower : null;
}

/**
 * A brand parser for `bytes` bytes of hex. The edge's schema has checked the pattern already and
 * answered the 400; this throws a plain Error for text that no schema checked (a programming error).
 */
const hexBrand =
  <B extends string>(what: string, bytes: number) =>
  (text: string): Brand<string, B> => {
    const hex = lowerHex(text, bytes);
    if (hex === null) throw new Error(`${what} must be ${bytes} bytes of hex, not "${text}"`);
    return hex as Brand<string, B>;
  };

export const parseTxHash: (text: string) => TxHash = hexBrand("a transaction id", 32);
export const parseKeyHash: (text: string) => KeyHash = hexBrand("a key hash", 28);
export const parseScriptHash: (text: string) => ScriptHash = hexBrand("a script hash", 28);
