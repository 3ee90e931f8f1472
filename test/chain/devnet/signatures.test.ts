// The devnet checks vkey witnesses as the node does (libsodium's Ed25519 rules, through Node's
// crypto: src/cardano/ed25519.ts, patched into the Scalus bundle by src/chain/shared/scalus-bundle.ts).
// The key whose point is the identity signs every message with R = identity, S = 0 under the
// plain Ed25519 equation: the bundle's own verifier (noble-curves, ZIP-215) let anyone spend from
// its address; mainnet refuses it.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { MeshTxBuilder, pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { blake2b } from "@noble/hashes/blake2b";
import { decodeUtxo } from "../../../src/cardano/utxo.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../../src/chain/protocol-params.js";
import { startService, type RunningService } from "../../support/service.js";
import { buildPayment, newEnterpriseWallet, type TestWallet } from "../../support/wallets.js";

const IDENTITY = Buffer.from(`01${"00".repeat(31)}`, "hex");
/** R = the identity, S = 0. */
const TRIVIAL_SIGNATURE = Buffer.from(`01${"00".repeat(63)}`, "hex");
/** A witness set holding one vkey witness: {0: [[vkey, signature]]}. */
const witnessSet = (vkey: Buffer, signature: Buffer): string =>
  `a1008182${"5820"}${vkey.toString("hex")}${"5840"}${signature.toString("hex")}`;

describe("devnet vkey witnesses", () => {
  let service: RunningService;
  let alice: TestWallet;

  const utxosOf = async (address: string) => {
    const response = await service.request<"getAddressUtxos">("GET", `/addresses/${address}/utxos`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return (response.body.utxos as string[]).map((hex, i) => decodeUtxo(hex, `utxos[${i}]`));
  };

  before(async () => {
    service = await startService();
    alice = await newEnterpriseWallet();
  });
  after(() => service.close());

  it("refuses a spend signed by the identity key with a signature that holds for every message", async () => {
    const keyHash = Buffer.from(blake2b(IDENTITY, { dkLen: 28 })).toString("hex");
    const address = serializeAddressObj(pubKeyAddress(keyHash), 0);
    const funded = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
      address,
      lovelace: "10000000",
    });
    assert.equal(funded.status, 200, JSON.stringify(funded.body));
    const [utxo] = await utxosOf(address);
    assert.ok(utxo);
    const unsigned = await new MeshTxBuilder({ params: DEVNET_PROTOCOL_PARAMETERS })
      .txOut(alice.address, [{ unit: "lovelace", quantity: "2000000" }])
      .changeAddress(address)
      .selectUtxosFrom([utxo])
      .complete();
    const response = await service.request<"submitTransaction">("POST", "/transactions/submit", {
      transaction: unsigned,
      signatures: [witnessSet(IDENTITY, TRIVIAL_SIGNATURE)],
    });
    assert.equal(response.status, 422, JSON.stringify(response.body));
    assert.match(`${response.body.message}\n${response.body.detail ?? ""}`, /InvalidWitnesses|invalid.*signature/i);
    assert.deepEqual(
      (await utxosOf(address)).map((u) => u.input),
      [utxo.input],
      "the output is still there, unspent",
    );
    assert.deepEqual(await utxosOf(alice.address), []);
  });

  it("accepts a wallet's own signature, and refuses it on another body", async () => {
    const funded = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
      address: alice.address,
      lovelace: "20000000",
    });
    assert.equal(funded.status, 200, JSON.stringify(funded.body));
    const bob = await newEnterpriseWallet();
    const utxos = await utxosOf(alice.address);
    const first = await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, utxos, bob.address, 2_000_000n);
    const second = await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, utxos, bob.address, 3_000_000n);
    // The witness made for the first body, given with the second.
    const stolen = await service.request<"submitTransaction">("POST", "/transactions/submit", {
      transaction: second,
      signatures: [await alice.witnessSet(first)],
    });
    assert.equal(stolen.status, 422, JSON.stringify(stolen.body));
    assert.match(`${stolen.body.message}\n${stolen.body.detail ?? ""}`, /InvalidWitnesses|invalid.*signature/i);
    const accepted = await service.request<"submitTransaction">("POST", "/transactions/submit", {
      transaction: first,
      signatures: [await alice.witnessSet(first)],
    });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.deepEqual(
      (await utxosOf(bob.address)).map((u) => u.output.amount),
      [[{ unit: "lovelace", quantity: "2000000" }]],
    );
  });
});
