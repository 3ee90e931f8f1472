// The service's one blake2b (noble's, audited and dependency-free). Cardano hashes keys and
// scripts with blake2b-224, and transaction bodies, datums and metadata with blake2b-256.
import { blake2b } from "@noble/hashes/blake2b";

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

/** blake2b-160: only CIP-14's asset fingerprint uses it. */
export const blake2b160Bytes = (bytes: Uint8Array): Uint8Array => blake2b(bytes, { dkLen: 20 });
export const blake2b224Bytes = (bytes: Uint8Array): Uint8Array => blake2b(bytes, { dkLen: 28 });
export const blake2b256Bytes = (bytes: Uint8Array): Uint8Array => blake2b(bytes, { dkLen: 32 });

/** blake2b-224 of `bytes`, lowercase hex: a key hash or a script hash. */
export const blake2b224 = (bytes: Uint8Array): string => hex(blake2b224Bytes(bytes));

/** blake2b-256 of `bytes`, lowercase hex: a transaction id, a datum hash, a metadata hash. */
export const blake2b256 = (bytes: Uint8Array): string => hex(blake2b256Bytes(bytes));
