// Signing a transaction with a key the service holds itself (the devnet's faucet, the throw-away
// key of a devnet deployment; never a user's key): an Ed25519 signature over the transaction id
// (blake2b-256 of the body's bytes), with Node's own crypto, added as a vkey witness [vkey,
// signature] to the witness set's key 0. Every other byte of the transaction is kept as it was.
import { createPrivateKey, createPublicKey, sign, type KeyObject } from "node:crypto";
import { CborWriter } from "./cbor.js";
import { shelleyAddress } from "./credential-address.js";
import { blake2b224, blake2b256Bytes } from "./hash.js";
import { joinTransaction, readMapEntries, readSet, splitTransaction, writeMap, writeSet } from "./tx-cbor.js";

/** DER of an Ed25519 PKCS#8 private key, before its 32-byte seed (RFC 8410). */
const PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
/** DER of an Ed25519 SubjectPublicKeyInfo, before its 32 key bytes (RFC 8410). */
const SPKI_PREFIX_LENGTH = 12;
/** The witness set's key of vkey witnesses, as CBOR. */
const VKEY_WITNESSES = Uint8Array.of(0x00);

/** An Ed25519 key from its 32-byte seed (a cardano-cli "PaymentSigningKeyShelley_ed25519" key). */
export class SigningKey {
  /** The 32-byte public key. */
  readonly publicKey: Uint8Array;
  /** blake2b-224 of the public key, hex: the payment credential of its addresses. */
  readonly keyHash: string;
  readonly #key: KeyObject;

  constructor(seed: Uint8Array) {
    if (seed.length !== 32) throw new Error(`an Ed25519 signing key is 32 bytes, this one is ${seed.length}`);
    this.#key = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" });
    const spki = createPublicKey(this.#key).export({ format: "der", type: "spki" });
    this.publicKey = new Uint8Array(spki.subarray(SPKI_PREFIX_LENGTH));
    this.keyHash = blake2b224(this.publicKey);
  }

  /** From the seed in hex (64 digits). */
  static fromHex(seedHex: string): SigningKey {
    if (!/^[0-9a-fA-F]{64}$/.test(seedHex)) throw new Error("an Ed25519 signing key is 64 hex digits");
    return new SigningKey(new Uint8Array(Buffer.from(seedHex, "hex")));
  }

  /** The 64-byte Ed25519 signature of `message`. */
  sign(message: Uint8Array): Uint8Array {
    return new Uint8Array(sign(null, message, this.#key));
  }

  /** The enterprise address (payment key, no stake part) of this key. */
  enterpriseAddress(networkId: 0 | 1): string {
    return shelleyAddress({ hash: this.keyHash, isScript: false }, undefined, networkId);
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a).equals(b);

/**
 * `tx` (CBOR) with `key`'s vkey witness added to its witness set: appended to the existing vkey
 * witnesses (their set keeps its tag 258 or its absence), or as a new key 0 first in the map, a
 * set with the Conway tag 258: the form the builder priced the fee for, and byte for byte what
 * MeshWallet (cardano-js-sdk) writes in its Conway mode. A key that
 * already signed is not added twice. The body and every other part are kept byte for byte, so the
 * transaction id does not change.
 */
export function signTransaction(tx: Uint8Array, key: SigningKey): Uint8Array {
  const parts = splitTransaction(tx);
  const signature = key.sign(blake2b256Bytes(parts.body));
  const witness = new CborWriter().array(2).bytes(key.publicKey).bytes(signature).finish();
  const entries = readMapEntries(parts.witnessSet);
  const at = entries.findIndex(([k]) => sameBytes(k, VKEY_WITNESSES));
  const existing = at === -1 ? undefined : entries[at];
  if (existing === undefined) {
    entries.unshift([VKEY_WITNESSES, writeSet([witness], true)]);
  } else {
    const { tagged, items } = readSet(existing[1]);
    if (items.some((item) => sameBytes(item, witness))) return tx;
    entries[at] = [VKEY_WITNESSES, writeSet([...items, witness], tagged)];
  }
  return joinTransaction({ ...parts, witnessSet: writeMap(entries) });
}
