// API keys: generation, format and hashing.
//
// A key is `<env>_<40 base62 characters>` drawn from the OS's CSPRNG: 40 × log2(62) ≈ 238 bits.
// Only SHA-256(key) is stored. A slow, salted password hash (scrypt, argon2) exists to make
// guessing low-entropy passwords expensive; with 238 random bits there is nothing to guess, so
// it would cost milliseconds on every request and buy no security. An unsalted fast hash also
// lets the lookup be one indexed equality match. Comparing hashes by index lookup leaks no
// useful timing either: an attacker cannot choose the bytes of a SHA-256 output.
import { createHash, randomBytes } from "node:crypto";
import type { KeyEnv } from "./types.js";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const KEY_BODY_LENGTH = 40;
const KEY_PATTERN = /^(testnet|mainnet)_([0-9A-Za-z]{40})$/;

/** `length` base62 characters from the CSPRNG, without modulo bias (bytes ≥ 248 are redrawn). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue; // 248 = 4 × 62
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function generateKey(env: KeyEnv): string {
  return `${env}_${randomBase62(KEY_BODY_LENGTH)}`;
}

/** A short printable identifier for the CLI: 12 lowercase hex characters (48 random bits). */
export function generateKeyId(): string {
  return randomBytes(6).toString("hex");
}

/** The env of a well-formed key, or undefined when the text is not shaped like a key. */
export function keyEnvOf(key: string): KeyEnv | undefined {
  return KEY_PATTERN.exec(key)?.[1] as KeyEnv | undefined;
}

/** Lowercase hex SHA-256 of the key: what the store keeps and looks up. */
export function hashKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
