// The build variants that matter most, on any target (../target.ts): payments with `utxos` given
// and read from the chain, a CIP-25 mint with a preloaded native script, a CIP-68 pair mint, datum
// outputs and a CIP-20 message, each built over HTTP, signed with a real key, submitted and read back
// through the service. On a real-network target, what the service reads back is also checked against
// the live ledger behind the fake, and the submissions must have gone through the backend.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { build, signAndSubmit, utf8Hex } from "../transactions-api.js";
import { newBaseWallet, type TestWallet } from "../wallets.js";
import { outputsOf, quantityOf, totalOf, utxosAt, utxoStringsAt } from "../utxos.js";
import {
  datumHash,
  datumJson,
  feeOf,
  inputsOf,
  metadataJson,
  nativeScriptHashesOf,
  policyIdOf,
  witnessDatums,
} from "../tx-decode.js";
import type { Target } from "../target.js";

const ref = (u: UTxO): string => `${u.input.txHash}#${u.input.outputIndex}`;
/** What an output holds, comparable across sources: reference, address, sorted amounts, datum. */
const view = (u: UTxO) => ({
  ref: ref(u),
  address: u.output.address,
  amount: u.output.amount
    .map((a) => [a.unit === "" ? "lovelace" : a.unit, BigInt(a.quantity).toString()])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0)),
  plutusData: u.output.plutusData ?? null,
  dataHash: u.output.plutusData ? null : (u.output.dataHash ?? null),
});

/** Reads `address` through the service and, on a real-network target, asserts the ledger holds exactly that. */
export async function readBack(target: Target, address: string): Promise<UTxO[]> {
  const served = await utxosAt(target.service, address);
  if (target.backend) {
    const held = await target.backend.ledger.devnet.utxosAt(address);
    const sorted = (us: readonly UTxO[]) => us.map(view).sort((a, b) => a.ref.localeCompare(b.ref));
    assert.deepEqual(sorted(served), sorted(held), `the service's UTxOs at ${address} are the ledger's`);
  }
  return served;
}

export function buildFlows(target: () => Target): void {
  describe("build variants, signed and submitted", () => {
    let alice: TestWallet;
    let bob: TestWallet;
    const fund = (address: string, lovelace: number) => target().fund(address, lovelace);

    before(async () => {
      [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
      await fund(alice.address, 30_000_000);
      await fund(alice.address, 200_000_000);
    });

    it("pays from the given utxos only, then with UTxOs read from the chain", async () => {
      const { service } = target();
      const all = await utxoStringsAt(service, alice.address);
      const onChain = await readBack(target(), alice.address);
      assert.equal(all.length, 2);
      const small = onChain.findIndex((u) => quantityOf(u, "lovelace") === 30_000_000n);
      assert.ok(small >= 0);
      const given = await build(service, {
        changeAddress: alice.address,
        utxos: [all[small]!],
        outputs: [{ address: bob.address, lovelace: 12_000_000 }],
      });
      assert.deepEqual(inputsOf(given.complete), [ref(onChain[small]!)]);
      const givenHash = await signAndSubmit(service, given, [alice]);

      const read = await build(service, {
        changeAddress: alice.address,
        outputs: [{ address: bob.address, lovelace: 150_000_000 }],
      });
      const readHash = await signAndSubmit(service, read, [alice]);
      // 150 ADA needs the 200 ADA output: the chain's UTxOs were read, not the given ones.
      assert.ok(
        inputsOf(read.complete).some((i) =>
          i.startsWith(`${onChain.find((u) => quantityOf(u, "lovelace") === 200_000_000n)!.input.txHash}#`),
        ),
      );

      const bobs = await readBack(target(), bob.address);
      assert.deepEqual(
        outputsOf(bobs, givenHash).map((u) => quantityOf(u, "lovelace")),
        [12_000_000n],
      );
      assert.deepEqual(
        outputsOf(bobs, readHash).map((u) => quantityOf(u, "lovelace")),
        [150_000_000n],
      );
      const left = await readBack(target(), alice.address);
      assert.equal(
        totalOf(left, "lovelace"),
        230_000_000n - 162_000_000n - feeOf(given.complete) - feeOf(read.complete),
      );
      if (target().backend) assert.ok(target().backend!.submitted(), "the transactions went through the backend");
    });

    it("mints a CIP-25 NFT with a preloaded native script: label 721 metadata, the token at the change address", async () => {
      const { service } = target();
      const minter = await newBaseWallet();
      await fund(minter.address, 20_000_000);
      const policyId = policyIdOf(minter.keyHash);
      const script = { type: "all", scripts: [{ type: "sig", keyHash: minter.keyHash }] };
      const built = await build(service, {
        changeAddress: minter.address,
        preloadedScripts: [{ type: "simple", script, hash: policyId }],
        mint: [
          {
            version: "cip25",
            assetName: { name: "Sword", format: "utf8" },
            metadata: { name: "A sword", image: "ipfs://sword" },
            policyId,
            quantity: 1,
          },
        ],
      });
      assert.deepEqual(nativeScriptHashesOf(built.complete), [policyId]);
      assert.deepEqual(metadataJson(built.complete, 721), {
        [policyId]: { Sword: { name: "A sword", image: "ipfs://sword" } },
      });
      const txHash = await signAndSubmit(service, built, [minter]);
      const held = await readBack(target(), minter.address);
      assert.equal(totalOf(outputsOf(held, txHash), policyId + utf8Hex("Sword")), 1n);
    });

    it("mints a CIP-68 pair: the reference token with its inline datum at the change address, the user token at destAddress", async () => {
      const { service } = target();
      const [minter, holder] = await Promise.all([newBaseWallet(), newBaseWallet()]);
      await fund(minter.address, 20_000_000);
      const policyId = policyIdOf(minter.keyHash);
      const script = { type: "all", scripts: [{ type: "sig", keyHash: minter.keyHash }] };
      const built = await build(service, {
        changeAddress: minter.address,
        preloadedScripts: [{ type: "simple", script, hash: policyId }],
        mint: [
          {
            version: "cip68",
            assetName: { name: "Hero", format: "utf8", label: 222 },
            metadata: { name: "Hero", image: "ipfs://hero", level: 3 },
            policyId,
            quantity: 1,
            destAddress: holder.address,
          },
        ],
      });
      const txHash = await signAndSubmit(service, built, [minter]);
      const [toHolder] = outputsOf(await readBack(target(), holder.address), txHash);
      assert.equal(quantityOf(toHolder!, `${policyId}000de140${utf8Hex("Hero")}`), 1n);
      const reference = outputsOf(await readBack(target(), minter.address), txHash).find(
        (u) => quantityOf(u, `${policyId}000643b0${utf8Hex("Hero")}`) === 1n,
      );
      assert.ok(reference?.output.plutusData, "the reference token sits at the change address with an inline datum");
      const bytes = (text: string) => ({ bytes: utf8Hex(text) });
      const expected: unknown = {
        constructor: 0,
        fields: [
          {
            map: [
              { k: bytes("name"), v: bytes("Hero") },
              { k: bytes("image"), v: bytes("ipfs://hero") },
              { k: bytes("level"), v: { int: 3 } },
            ],
          },
          { int: 1 },
          { constructor: 0, fields: [] },
        ],
      };
      assert.deepEqual(datumJson(reference.output.plutusData), expected);
    });

    it("pays to outputs with an inline and a hash datum, with a CIP-20 message; both land on chain as given", async () => {
      const { service } = target();
      const carol = await newBaseWallet();
      const inline = { constructor: 0, fields: [{ int: 42 }, { bytes: "cafe" }, { list: [{ int: 1 }] }] };
      const hashed = "d87a9f4474657374ff"; // 122([h'74657374'])
      const built = await build(service, {
        changeAddress: alice.address,
        message: ["Hello, Cardano!", "Ünïcödé ✓ ".repeat(8)],
        outputs: [
          { address: carol.address, lovelace: 2_000_000, datum: { type: "inline", value: inline } },
          { address: carol.address, datum: { type: "hash", value: hashed } },
        ],
      });
      assert.ok(witnessDatums(built.complete).includes(hashed), "the hash datum travels in the witness set");
      const { msg } = metadataJson(built.complete, 674) as { msg: string[] };
      assert.equal(msg[0], "Hello, Cardano!");
      assert.equal(msg.slice(1).join(""), "Ünïcödé ✓ ".repeat(8));
      for (const line of msg) assert.ok(Buffer.byteLength(line, "utf8") <= 64);
      // The ledger checks the auxiliary data hash: accepted means the message is what was signed.
      const txHash = await signAndSubmit(service, built, [alice]);
      const [first, second] = outputsOf(await readBack(target(), carol.address), txHash);
      assert.deepEqual(datumJson(first!.output.plutusData!), inline);
      assert.equal(second!.output.dataHash, datumHash(hashed));
      assert.equal(second!.output.plutusData, undefined);
    });
  });
}
