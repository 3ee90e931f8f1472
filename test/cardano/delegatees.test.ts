// The ids of stake pools and DReps as clients write them (src/cardano/delegatees.ts), read against
// CSL's own encodings (CIP-129 and CIP-105 DRep ids), and the certificates the builder writes
// (src/cardano/certificates.ts) against CSL's encoding of the same certificates.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { randomBytes } from "node:crypto";
import { bech32 } from "@scure/base";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { readCertificate, writeCertificate, type Certificate } from "../../src/cardano/certificates.js";
import { drepIdOf, drepOf, parseDRep, poolIdOf, poolKeyHash } from "../../src/cardano/delegatees.js";

const hash = (): string => randomBytes(28).toString("hex");
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

describe("pool ids", () => {
  it("reads pool1… and 56 hex digits, and writes pool1… as CSL does", () => {
    const key = hash();
    const id = CSL.Ed25519KeyHash.from_hex(key).to_bech32("pool");
    assert.equal(poolIdOf(key), id);
    assert.equal(poolKeyHash(id, "f"), key);
    assert.equal(poolKeyHash(key.toUpperCase(), "f"), key);
    for (const bad of [
      "pool1",
      "pool1qqqq",
      key.slice(2),
      bech32.encode("pool", bech32.toWords(randomBytes(29))),
      bech32.encode("drep", bech32.toWords(randomBytes(28))),
    ]) {
      assert.throws(
        () => poolKeyHash(bad, "delegations[0].keyHash"),
        /^.*delegations\[0\]\.keyHash is not a stake pool id/,
      );
    }
  });
});

describe("DRep ids", () => {
  it("reads CIP-129 and CIP-105 ids of key and script DReps, as CSL writes them, and hex", () => {
    const key = hash();
    const script = hash();
    const keyDRep = CSL.DRep.new_key_hash(CSL.Ed25519KeyHash.from_hex(key));
    const scriptDRep = CSL.DRep.new_script_hash(CSL.ScriptHash.from_hex(script));
    assert.deepEqual(drepOf(keyDRep.to_bech32(true)), { kind: "key", hash: key });
    assert.deepEqual(drepOf(keyDRep.to_bech32(false)), { kind: "key", hash: key }, "CIP-105: drep_vkh1…");
    assert.deepEqual(
      drepOf(bech32.encode("drep", bech32.toWords(Buffer.from(key, "hex")))),
      { kind: "key", hash: key },
      "before CIP-129: drep1… of the bare key hash",
    );
    assert.deepEqual(drepOf(scriptDRep.to_bech32(true)), { kind: "script", hash: script });
    assert.deepEqual(drepOf(scriptDRep.to_bech32(false)), { kind: "script", hash: script }, "CIP-105: drep_script1…");
    assert.equal(drepIdOf({ kind: "key", hash: key }), keyDRep.to_bech32(true));
    assert.equal(drepIdOf({ kind: "script", hash: script }), scriptDRep.to_bech32(true));
    assert.deepEqual(drepOf(key), { kind: "key", hash: key });
    assert.deepEqual(drepOf(`23${script}`), { kind: "script", hash: script });
    // drep_vk1…: the key itself, hashed.
    const vk = CSL.PrivateKey.generate_ed25519().to_public();
    assert.deepEqual(drepOf(bech32.encode("drep_vk", bech32.toWords(vk.as_bytes()))), {
      kind: "key",
      hash: vk.hash().to_hex(),
    });
  });

  it("reads the predefined DReps by the names clients send", () => {
    for (const name of [
      "always-abstain",
      "ALWAYS_ABSTAIN",
      "abstain",
      "alwaysAbstain",
      "drep_always_abstain",
      "always abstain",
    ])
      assert.deepEqual(drepOf(name), { kind: "always-abstain" }, name);
    for (const name of [
      "always-no-confidence",
      "always_no_confidence",
      "no-confidence",
      "noConfidence",
      "drep_always_no_confidence",
    ])
      assert.deepEqual(drepOf(name), { kind: "always-no-confidence" }, name);
    assert.equal(drepIdOf({ kind: "always-abstain" }), "drep_always_abstain");
  });

  it("refuses what is none of the forms, naming the field", () => {
    const pool = poolIdOf(hash());
    for (const bad of [
      "",
      "always",
      "yes",
      pool,
      `24${hash()}`,
      bech32.encode("drep", bech32.toWords(randomBytes(30))),
      bech32.encode("drep_vk", bech32.toWords(randomBytes(28))),
    ]) {
      assert.equal(drepOf(bad), null, bad);
      assert.throws(
        () => parseDRep(bad, "delegations[1].keyHash"),
        /delegations\[1\]\.keyHash is not a DRep: give a drep1… id/,
      );
    }
  });
});

describe("certificates", () => {
  it("writes each kind as CSL encodes it, and reads back what it wrote", () => {
    const stake = hash();
    const pool = hash();
    const credential = { kind: "key" as const, hash: stake };
    const csl = CSL.Credential.from_keyhash(CSL.Ed25519KeyHash.from_hex(stake));
    const cases: [Certificate, CSL.Certificate][] = [
      [
        { type: "stake-registration", credential, deposit: 2_000_000n },
        CSL.Certificate.new_stake_registration(
          CSL.StakeRegistration.new_with_explicit_deposit(csl, CSL.BigNum.from_str("2000000")),
        ),
      ],
      [
        { type: "stake-registration", credential, deposit: null },
        CSL.Certificate.new_stake_registration(CSL.StakeRegistration.new(csl)),
      ],
      [
        { type: "delegation", credential, pool },
        CSL.Certificate.new_stake_delegation(CSL.StakeDelegation.new(csl, CSL.Ed25519KeyHash.from_hex(pool))),
      ],
      [
        { type: "delegation", credential, drep: { kind: "always-abstain" } },
        CSL.Certificate.new_vote_delegation(CSL.VoteDelegation.new(csl, CSL.DRep.new_always_abstain())),
      ],
      [
        { type: "delegation", credential, drep: { kind: "script", hash: pool } },
        CSL.Certificate.new_vote_delegation(
          CSL.VoteDelegation.new(csl, CSL.DRep.new_script_hash(CSL.ScriptHash.from_hex(pool))),
        ),
      ],
      [
        { type: "delegation", credential, pool, drep: { kind: "always-no-confidence" } },
        CSL.Certificate.new_stake_and_vote_delegation(
          CSL.StakeAndVoteDelegation.new(csl, CSL.Ed25519KeyHash.from_hex(pool), CSL.DRep.new_always_no_confidence()),
        ),
      ],
      [
        { type: "delegation", credential, pool, deposit: 2_000_000n },
        CSL.Certificate.new_stake_registration_and_delegation(
          CSL.StakeRegistrationAndDelegation.new(
            csl,
            CSL.Ed25519KeyHash.from_hex(pool),
            CSL.BigNum.from_str("2000000"),
          ),
        ),
      ],
    ];
    for (const [ours, theirs] of cases) {
      assert.equal(hex(writeCertificate(ours)), theirs.to_hex(), ours.type);
      assert.deepEqual(readCertificate(writeCertificate(ours)), ours);
    }
  });
});
