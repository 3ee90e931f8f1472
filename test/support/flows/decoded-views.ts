// The readable views (issue #13, item 4), through the service on any target: GET
// /addresses/{address}/utxos?view=decoded after a CIP-68 mint (the 222 token with its label and
// name, the 100 reference token with its datum as JSON), GET /transactions/{txHash}?view=decoded
// (inputs, outputs, mint, CIP-20 and CIP-25 metadata, fee, validity), a burn's negative mint, a
// transaction accepted but not yet in a block (real-network fakes only), an unknown hash, and a bad view.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { build, signAndSubmit, utf8Hex, type Built } from "../transactions-api.js";
import { newBaseWallet, type TestWallet } from "../wallets.js";
import { feeOf, inputsOf, policyIdOf, validityOf } from "../tx-decode.js";
import type { Target, TargetKind } from "../target.js";

interface Asset {
  policyId: string;
  assetName: string;
  name: string | null;
  label: number | null;
  quantity: string;
}
interface Utxo {
  txHash: string;
  index: number;
  address: string;
  lovelace: string;
  assets: Asset[];
  datum: { hash: string; inline: unknown } | null;
  referenceScriptHash: string | null;
}

const bytes = (text: string) => ({ bytes: utf8Hex(text) });
const byUnit = (a: Asset, b: Asset) => (a.policyId + a.assetName).localeCompare(b.policyId + b.assetName);

export function decodedViewFlows(target: () => Target, kind: TargetKind): void {
  describe("readable UTxOs and transactions (view=decoded)", () => {
    let minter: TestWallet;
    let holder: TestWallet;
    let policyId = "";
    let script: unknown;
    let minted: Built;
    let mintHash = "";

    const decodedUtxos = async (address: string): Promise<Utxo[]> => {
      const answer = await target().service.request<"getAddressUtxos">(
        "GET",
        `/addresses/${address}/utxos?view=decoded`,
      );
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.utxos as Utxo[];
    };
    const decodedTx = async (txHash: string) =>
      target().service.request<"getTransactionStatus">("GET", `/transactions/${txHash}?view=decoded`);

    before(async () => {
      [minter, holder] = await Promise.all([newBaseWallet(), newBaseWallet()]);
      await target().fund(minter.address, 40_000_000);
      policyId = policyIdOf(minter.keyHash);
      script = { type: "all", scripts: [{ type: "sig", keyHash: minter.keyHash }] };
      minted = await build(target().service, {
        changeAddress: minter.address,
        preloadedScripts: [{ type: "simple", script, hash: policyId }],
        message: ["Hello, decoded"],
        mint: [
          {
            version: "cip68",
            assetName: { name: "Hero", format: "utf8", label: 222 },
            metadata: { name: "Hero", level: 3 },
            policyId,
            quantity: 1,
            destAddress: holder.address,
          },
          {
            version: "cip25",
            assetName: { name: "Sword", format: "utf8" },
            metadata: { name: "A sword" },
            policyId,
            quantity: 2,
          },
        ],
      });
      mintHash = await signAndSubmit(target().service, minted, [minter]);
    });

    it("shows the CIP-68 user token with label 222 and its name, the reference token with label 100 and its datum as JSON", async () => {
      const [toHolder] = (await decodedUtxos(holder.address)).filter((u) => u.txHash === mintHash);
      assert.ok(toHolder, "the user token's output");
      assert.deepEqual(toHolder.assets, [
        { policyId, assetName: `000de140${utf8Hex("Hero")}`, name: "Hero", label: 222, quantity: "1" },
      ]);
      assert.equal(toHolder.address, holder.address);
      assert.match(toHolder.lovelace, /^[1-9][0-9]*$/);
      assert.equal(toHolder.datum, null);
      assert.equal(toHolder.referenceScriptHash, null);

      const atMinter = (await decodedUtxos(minter.address)).filter((u) => u.txHash === mintHash);
      const reference = atMinter.find((u) => u.assets.some((a) => a.label === 100));
      assert.ok(reference?.datum, "the reference token sits at the change address with its datum");
      assert.deepEqual(reference.assets, [
        { policyId, assetName: `000643b0${utf8Hex("Hero")}`, name: "Hero", label: 100, quantity: "1" },
      ]);
      assert.deepEqual(reference.datum.inline, <unknown>{
        constructor: 0,
        fields: [
          {
            map: [
              { k: bytes("name"), v: bytes("Hero") },
              { k: bytes("level"), v: { int: 3 } },
            ],
          },
          { int: 1 },
          { constructor: 0, fields: [] },
        ],
      });
      const raw = await target().service.request<"getAddressUtxos">("GET", `/addresses/${minter.address}/utxos`);
      assert.ok(
        (raw.body.utxos as unknown[]).every((u) => typeof u === "string"),
        "the default view is unchanged: UTxO strings",
      );
      const sword = atMinter.flatMap((u) => u.assets).find((a) => a.label === null);
      assert.deepEqual(sword, { policyId, assetName: utf8Hex("Sword"), name: "Sword", label: null, quantity: "2" });
      assert.match(reference.datum.hash, /^[0-9a-f]{64}$/);
    });

    it("decodes the mint transaction: inputs, outputs, mint, CIP-20 and CIP-25 metadata, the build's fee, the validity interval, the signer", async () => {
      const answer = await decodedTx(mintHash);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const tx = answer.body;
      assert.equal(tx.txHash, mintHash);
      assert.equal(tx.status, "confirmed");
      assert.deepEqual(tx.inputs!.map((i) => `${i.txHash}#${i.index}`).sort(), inputsOf(minted.complete).sort());
      assert.deepEqual(tx.referenceInputs, []);
      // Its outputs as the decoded UTxO view shows the ones still unspent.
      const unspent = [...(await decodedUtxos(holder.address)), ...(await decodedUtxos(minter.address))].filter(
        (u) => u.txHash === mintHash,
      );
      assert.deepEqual(
        [...unspent].sort((a, b) => a.index - b.index),
        (tx.outputs as Utxo[]).filter((o) => unspent.some((u) => u.index === o.index)),
      );
      assert.deepEqual(
        [...tx.mint!].sort(byUnit),
        [
          { policyId, assetName: `000643b0${utf8Hex("Hero")}`, name: "Hero", label: 100, quantity: "1" },
          { policyId, assetName: `000de140${utf8Hex("Hero")}`, name: "Hero", label: 222, quantity: "1" },
          { policyId, assetName: utf8Hex("Sword"), name: "Sword", label: null, quantity: "2" },
        ].sort(byUnit),
      );
      assert.deepEqual(tx.metadata!["674"], { msg: ["Hello, decoded"] });
      assert.deepEqual(tx.metadata!["721"], { [policyId]: { Sword: { name: "A sword" } } });
      assert.equal(tx.fee, minted.fee);
      assert.equal(BigInt(tx.fee), feeOf(minted.complete));
      const { start, ttl } = validityOf(minted.complete);
      assert.equal(tx.validity!.from?.slot ?? null, start);
      assert.equal(tx.validity!.until?.slot ?? null, ttl);
      for (const bound of [tx.validity!.from, tx.validity!.until])
        if (bound) assert.match(bound.time!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.ok(tx.signers!.includes(minter.keyHash), "the minter's signature");
    });

    it("shows a burn as a negative quantity", async () => {
      const burnt = await build(target().service, {
        changeAddress: minter.address,
        preloadedScripts: [{ type: "simple", script, hash: policyId }],
        mint: [{ version: "cip25", assetName: { name: "Sword", format: "utf8" }, policyId, quantity: -1 }],
      });
      const txHash = await signAndSubmit(target().service, burnt, [minter]);
      const answer = await decodedTx(txHash);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.deepEqual(answer.body.mint, [
        { policyId, assetName: utf8Hex("Sword"), name: "Sword", label: null, quantity: "-1" },
      ]);
      assert.equal(answer.body.metadata, null);
    });

    // Real-network backends only: the devnet puts every accepted transaction on its chain at once.
    if (kind !== "devnet")
      it("decodes a transaction accepted but not in a block yet from what this instance submitted", async () => {
        const backend = target().backend!;
        const payment = await build(target().service, {
          changeAddress: minter.address,
          outputs: [{ address: holder.address, lovelace: 2_000_000 }],
        });
        backend.ledger.hold();
        try {
          const txHash = await signAndSubmit(target().service, payment, [minter]);
          const answer = await decodedTx(txHash);
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          assert.equal(answer.body.status, "pending");
          assert.equal(answer.body.outputs![0]!.address, holder.address);
          assert.equal(answer.body.outputs![0]!.lovelace, "2000000");
          assert.equal(answer.body.fee, payment.fee);
        } finally {
          await backend.ledger.release();
        }
      });

    it("answers 404 with a sentence for a transaction nobody knows (the default view: status unknown), 400 naming `view` for another view", async () => {
      const unknown = randomBytes(32).toString("hex");
      const missing = await decodedTx(unknown);
      assert.equal(missing.status, 404, JSON.stringify(missing.body));
      assert.equal(missing.body.code, "SVC_ERR_NOT_FOUND");
      assert.match(missing.body.message, new RegExp(`^Transaction ${unknown} is not known`));
      const status = await target().service.request<"getTransactionStatus">("GET", `/transactions/${unknown}`);
      assert.deepEqual(status.body, { txHash: unknown, status: "unknown" });

      const badTx = await target().service.request<"getTransactionStatus">(
        "GET",
        `/transactions/${mintHash}?view=json`,
      );
      assert.equal(badTx.status, 400, JSON.stringify(badTx.body));
      assert.match(badTx.body.message, /^query\.view is invalid/);
      const badUtxos = await target().service.request<"getAddressUtxos">(
        "GET",
        `/addresses/${minter.address}/utxos?view=hex`,
      );
      assert.equal(badUtxos.status, 400, JSON.stringify(badUtxos.body));
      assert.match(badUtxos.body.message, /^query\.view is invalid/);
    });
  });
}
