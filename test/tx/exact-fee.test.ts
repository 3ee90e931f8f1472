// Every build variant pays the ledger's minimum fee and not a lovelace more: the same transaction
// with its fee one lovelace lower (and its change one higher, so that value is still conserved
// and the size does not move) is refused by the devnet for its fee, and the transaction as built
// is accepted. And nothing is attached that was not asked for: no auxiliary data without metadata.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { CborReader } from "../../src/cardano/cbor.js";
import { fromHex, readMapEntries, splitTransaction, toHex } from "../../src/cardano/tx-cbor.js";
import { startService, type RunningService } from "../support/service.js";
import { build, signAndSubmit, submitRejected, utf8Hex, type Built } from "../support/transactions-api.js";
import { oneLovelaceLess } from "../support/tx-decode.js";
import { fund, newBaseWallet, signaturePolicy, type TestWallet } from "../support/wallets.js";

let service: RunningService;
before(async () => {
  service = await startService({ LOG_LEVEL: "error" });
});
after(async () => {
  await service.close();
});

/** The body's field numbers. */
const bodyFields = (complete: string): number[] =>
  readMapEntries(splitTransaction(fromHex(complete)).body).map(([key]) => new CborReader(key).smallUint());

async function assertExactFee(
  built: Built,
  changeAddress: string,
  signers: readonly TestWallet[],
  withMetadata: boolean,
): Promise<void> {
  const tail = splitTransaction(fromHex(built.complete)).rest;
  if (withMetadata) {
    assert.ok(built.auxiliaryData, "metadata asked: auxiliary data attached");
    assert.ok(bodyFields(built.complete).includes(7), "and its hash in the body");
  } else {
    assert.equal(built.auxiliaryData, undefined);
    assert.deepEqual(tail.map(toHex), ["f5", "f6"], "no auxiliary data: is_valid true, then null");
    assert.ok(!bodyFields(built.complete).includes(7), "no auxiliary data hash");
  }
  const lowered = oneLovelaceLess(built.complete, changeAddress);
  const refusal = await submitRejected(service, { ...built, complete: lowered }, signers);
  const [, given, required] = /fee Coin\((\d+)\) is less than minimum required Coin\((\d+)\)/.exec(refusal) ?? [];
  assert.ok(given && required, refusal);
  assert.equal(BigInt(given), BigInt(built.fee) - 1n);
  assert.equal(BigInt(required), BigInt(built.fee), "the fee built is the ledger's minimum");
  await signAndSubmit(service, built, signers);
}

describe("exact fees: one lovelace less is refused by the ledger, for every build variant", () => {
  test("a payment with UTxOs read from the chain", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 40_000_000);
    await fund(service, alice.address, 3_000_000);
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, lovelace: 5_000_000 }],
    });
    await assertExactFee(built, alice.address, [alice], false);
  });

  test("a CIP-20 message and a metadata object", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 20_000_000);
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, lovelace: 2_000_000 }],
      message: ["gg", "a second line"],
      metadata: { "1337": { score: 42, players: ["a", "b"] } },
    });
    await assertExactFee(built, alice.address, [alice], true);
  });

  test("a CIP-25 mint to two addresses, then a transfer of the tokens with a burn", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 30_000_000);
    const { policyId, preloaded } = signaturePolicy(alice);
    const minted = await build(service, {
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      mint: [
        {
          version: "cip25",
          assetName: { name: "Coin", format: "utf8" },
          policyId,
          quantity: 1000,
          metadata: { name: "Coin" },
        },
        {
          version: "cip25",
          assetName: { name: "Gem", format: "utf8" },
          policyId,
          quantity: 5,
          destAddress: bob.address,
          metadata: { name: "Gem" },
        },
      ],
    });
    await assertExactFee(minted, alice.address, [alice], true);
    const moved = await build(service, {
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      outputs: [{ address: bob.address, assets: [{ policyId, assetName: utf8Hex("Coin"), quantity: 400 }] }],
      mint: [{ version: "cip25", assetName: { name: "Coin", format: "utf8" }, policyId, quantity: -100 }],
    });
    await assertExactFee(moved, alice.address, [alice], false);
  });

  test("a CIP-68 pair mint (reference token with its inline datum)", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 30_000_000);
    const { policyId, preloaded } = signaturePolicy(alice);
    const built = await build(service, {
      changeAddress: alice.address,
      preloadedScripts: [preloaded],
      mint: [
        {
          version: "cip68",
          assetName: { name: "Hero", format: "utf8", label: 222 },
          metadata: { name: "Hero", image: "ipfs://hero", level: 3 },
          policyId,
          quantity: 1,
          destAddress: bob.address,
        },
      ],
    });
    await assertExactFee(built, alice.address, [alice], false);
  });

  test("inline and hash datums (the hash's datum in the witness set, with the script data hash)", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 30_000_000);
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [
        {
          address: bob.address,
          lovelace: 2_000_000,
          datum: { type: "inline", value: { constructor: 0, fields: [{ int: 7 }] } },
        },
        { address: bob.address, datum: { type: "hash", value: { bytes: "cafe" } } },
      ],
    });
    assert.ok(bodyFields(built.complete).includes(11), "a witness-set datum needs the script data hash");
    await assertExactFee(built, alice.address, [alice], false);
  });

  test("a reference input, a required signer and an explicit validity interval", async () => {
    const [alice, bob, carol] = await Promise.all([newBaseWallet(), newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 30_000_000);
    const setup = await fund(service, carol.address, 5_000_000);
    const now = Math.floor(Date.now() / 1000);
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, lovelace: 3_000_000 }],
      referenceInputs: [`${setup}#0`],
      requiredSigners: [carol.keyHash],
      validityInterval: { start: now, end: now + 600 },
    });
    await assertExactFee(built, alice.address, [alice, carol], false);
  });
});
