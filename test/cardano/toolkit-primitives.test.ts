// The toolkit's own hashes and address writer agree with cardano-js-sdk (through Mesh, kept as a
// dev dependency for exactly this cross-check) on random inputs.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { blake2b as meshBlake2b, HexBlob, Cardano, Hash28ByteBase16 } from "@meshsdk/core-cst";
import { resolveScriptHash } from "@meshsdk/core";
import { blake2b224, blake2b256 } from "../../src/cardano/hash.js";
import { plutusScriptHashOfCode, scriptHash, unwrapByteString } from "../../src/cardano/script-hash.js";
import { rewardAddress, shelleyAddress, type Credential } from "../../src/cardano/credential-address.js";
import { CborWriter } from "../../src/cardano/cbor.js";

const hexOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");
const credential = fc.record({
  hash: fc.uint8Array({ minLength: 28, maxLength: 28 }).map(hexOf),
  isScript: fc.boolean(),
});
const meshCredential = (c: Credential) => ({
  type: c.isScript ? Cardano.CredentialType.ScriptHash : Cardano.CredentialType.KeyHash,
  hash: Hash28ByteBase16(c.hash),
});

test("blake2b-224 and -256 agree with cardano-js-sdk's", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      assert.equal(blake2b224(bytes), meshBlake2b.hash(HexBlob(hexOf(bytes)), 28));
      assert.equal(blake2b256(bytes), meshBlake2b.hash(HexBlob(hexOf(bytes)), 32));
    }),
  );
});

test("a Plutus script's hash from Mesh's double-wrapped code agrees with Mesh's resolveScriptHash", () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.constantFrom("V1", "V2", "V3"), (flat, version) => {
      const compiledCode = new CborWriter().bytes(flat).finish();
      const code = hexOf(new CborWriter().bytes(compiledCode).finish());
      assert.equal(plutusScriptHashOfCode(code, version), resolveScriptHash(code, version));
      assert.equal(scriptHash(version, compiledCode), resolveScriptHash(code, version));
    }),
  );
});

test("unwrapByteString refuses trailing bytes and non-byte-strings", () => {
  assert.throws(() => unwrapByteString(Uint8Array.of(0x41, 0x00, 0x00)), /bytes after the CBOR byte string/);
  assert.throws(() => unwrapByteString(Uint8Array.of(0x01)), /byte string/);
});

test("base, enterprise and reward addresses agree with cardano-js-sdk's on both networks", () => {
  fc.assert(
    fc.property(credential, fc.option(credential, { nil: undefined }), fc.constantFrom(0, 1), (pay, stake, net) => {
      const expected =
        stake === undefined
          ? Cardano.EnterpriseAddress.fromCredentials(net, meshCredential(pay)).toAddress().toBech32()
          : Cardano.BaseAddress.fromCredentials(net, meshCredential(pay), meshCredential(stake)).toAddress().toBech32();
      assert.equal(shelleyAddress(pay, stake, net), expected);
      assert.equal(
        rewardAddress(pay, net),
        Cardano.RewardAddress.fromCredentials(net, meshCredential(pay)).toAddress().toBech32(),
      );
    }),
  );
});

test("the address writer refuses a hash that is not 28 bytes and a network id other than 0 or 1", () => {
  assert.throws(() => shelleyAddress({ hash: "ab", isScript: false }, undefined, 0), /payment credential/);
  assert.throws(() => shelleyAddress({ hash: "ab".repeat(28), isScript: false }, undefined, 2), /network id 2/);
});
