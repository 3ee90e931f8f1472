// verifyEd25519: Node's crypto under libsodium's rules (crypto_sign_verify_detached, as the
// Cardano node verifies vkey witnesses): what verifies, and the edge cases libsodium refuses where
// a ZIP-215 verifier (noble-curves' default, the one in the Scalus bundle) accepts.
import assert from "node:assert/strict";
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { describe, it } from "node:test";
import { verifyEd25519 } from "../../src/cardano/ed25519.js";

const hex = (s: string) => new Uint8Array(Buffer.from(s, "hex"));

/** A fresh key: its 32 public bytes, and a signer. */
function newKey(): { publicKey: Uint8Array; sign(message: Uint8Array): Uint8Array } {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const der = publicKey.export({ format: "der", type: "spki" });
  return {
    publicKey: new Uint8Array(der.subarray(der.length - 32)),
    sign: (m) => new Uint8Array(sign(null, m, privateKey)),
  };
}

/** The identity point (y = 1): order 1. */
const IDENTITY = hex(`01${"00".repeat(31)}`);
/** The identity again, encoded with y = p + 1: not canonical. */
const IDENTITY_NON_CANONICAL = hex(`ee${"ff".repeat(30)}7f`);
/** A point of order 8 (libsodium's blocklist). */
const ORDER_8 = hex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05");
/** The group order L, little-endian. */
const L = BigInt("0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed");

const leBytes = (n: bigint): Uint8Array => {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return out;
};
const leNumber = (bytes: Uint8Array): bigint => bytes.reduceRight((n, b) => (n << 8n) | BigInt(b), 0n);

describe("verifyEd25519", () => {
  it("verifies RFC 8032's first test vector (the empty message)", () => {
    const publicKey = hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
    const signature = hex(
      "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    );
    assert.equal(verifyEd25519(signature, new Uint8Array(), publicKey), true);
    assert.equal(verifyEd25519(signature, Uint8Array.of(0), publicKey), false);
  });

  it("verifies a signature by its key over its message, and nothing else", () => {
    for (let i = 0; i < 20; i++) {
      const key = newKey();
      const message = randomBytes(32);
      const signature = key.sign(message);
      assert.equal(verifyEd25519(signature, message, key.publicKey), true);
      const other = Uint8Array.from(message);
      other[i] = (other[i] ?? 0) ^ 1;
      assert.equal(verifyEd25519(signature, other, key.publicKey), false, "another message");
      const bad = Uint8Array.from(signature);
      bad[i * 3] = (bad[i * 3] ?? 0) ^ 0x10;
      assert.equal(verifyEd25519(bad, message, key.publicKey), false, "another signature");
      assert.equal(verifyEd25519(signature, message, newKey().publicKey), false, "another key");
    }
  });

  it("refuses wrong lengths and a key that is not a point of the curve", () => {
    const key = newKey();
    const message = randomBytes(32);
    const signature = key.sign(message);
    assert.equal(verifyEd25519(signature.subarray(0, 63), message, key.publicKey), false);
    assert.equal(verifyEd25519(signature, message, key.publicKey.subarray(0, 31)), false);
    // y = 2 is not on the curve (x² would be a non-residue).
    assert.equal(verifyEd25519(signature, message, hex(`02${"00".repeat(31)}`)), false);
  });

  it("refuses S + L, the same signature with S not reduced (malleability)", () => {
    const key = newKey();
    const message = randomBytes(32);
    const signature = key.sign(message);
    const s = leNumber(signature.subarray(32));
    const malleated = Uint8Array.from([...signature.subarray(0, 32), ...leBytes(s + L)]);
    assert.equal(verifyEd25519(malleated, message, key.publicKey), false);
  });

  it("refuses keys and R of small order, which make a signature that holds for every message", () => {
    // With A and R the identity and S = 0, S·B = R + k·A holds whatever the message: a ZIP-215
    // verifier accepts it, libsodium (the node) does not.
    const trivial = Uint8Array.from([...IDENTITY, ...new Uint8Array(32)]);
    assert.equal(verifyEd25519(trivial, randomBytes(32), IDENTITY), false);
    assert.equal(verifyEd25519(trivial, randomBytes(32), IDENTITY_NON_CANONICAL), false);
    const order8 = Uint8Array.from([...ORDER_8, ...new Uint8Array(32)]);
    assert.equal(verifyEd25519(order8, randomBytes(32), ORDER_8), false);
    // A key of its own with a small-order R: refused before any arithmetic.
    const key = newKey();
    assert.equal(verifyEd25519(trivial, randomBytes(32), key.publicKey), false);
  });
});
