// GET /transactions/{txHash} and GET /transactions/{txHash}/wait on every target: the embedded
// devnet, and preprod through Blockfrost or Ogmios + Kupo (loopback fakes over a live ledger that
// can hold submissions as a mempool does). A payment is pending until the ledger includes it, then
// confirmed with its depth; a refused one is rejected with the ledger's reason; an unknown one
// times out with `timedOut: true`; bad parameters are 400s naming them; a client that leaves
// stops the polling.
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { after, before, describe, it } from "node:test";
import type { ChainPort } from "../../src/chain/port.js";
import { startTarget, type Target, type TargetKind } from "../support/target.js";
import { build } from "../support/transactions-api.js";
import { newEnterpriseWallet, type TestWallet } from "../support/wallets.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const kind of ["devnet", "blockfrost", "ogmios-kupo"] as const satisfies readonly TargetKind[]) {
  describe(`transaction status and wait on ${kind}`, () => {
    let target: Target;
    let alice: TestWallet;
    let bob: TestWallet;

    before(async () => {
      target = await startTarget(kind);
      [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
      await target.fund(alice.address, 100_000_000n);
    });
    after(() => target.close());

    const submit = async (signer: TestWallet, lovelace: number) => {
      const built = await build(target.service, {
        changeAddress: alice.address,
        outputs: [{ address: bob.address, lovelace }],
      });
      const signatures = [await signer.witnessSet(built.complete)];
      return {
        built,
        answer: await target.service.request<"submitTransaction">("POST", "/transactions/submit", {
          transaction: built.complete,
          signatures,
        }),
      };
    };

    it("a submitted payment: pending until the ledger includes it (real networks), then wait answers confirmed", async () => {
      target.backend?.ledger.hold();
      const { built, answer } = await submit(alice, 5_000_000);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      if (target.backend) {
        const pending = await target.service.request<"getTransactionStatus">("GET", `/transactions/${built.hash}`);
        assert.deepEqual(pending.body, { txHash: built.hash, status: "pending" });
        const waiting = target.service.request<"waitForTransaction">(
          "GET",
          `/transactions/${built.hash}/wait?confirmations=1&timeout=30`,
        );
        await sleep(500);
        assert.deepEqual(await target.backend.ledger.release(), [built.hash]);
        const waited = await waiting;
        assert.equal(waited.status, 200, JSON.stringify(waited.body));
        // The live ledger makes a block every slot: one confirmation, or a few when a slot passed meanwhile.
        const confirmations = (waited.body as { confirmations?: number }).confirmations ?? 0;
        assert.ok(confirmations >= 1, JSON.stringify(waited.body));
        assert.deepEqual(waited.body, { txHash: built.hash, status: "confirmed", confirmations, timedOut: false });
      } else {
        const waited = await target.service.request<"waitForTransaction">(
          "GET",
          `/transactions/${built.hash}/wait?confirmations=1`,
        );
        assert.equal(waited.status, 200, JSON.stringify(waited.body));
        assert.equal(waited.body.status, "confirmed");
        assert.equal(waited.body.timedOut, false);
        assert.ok(waited.body.confirmations! >= 1);
        // The devnet counts one confirmation a slot (a second): two come within a few seconds.
        const deeper = await target.service.request<"waitForTransaction">(
          "GET",
          `/transactions/${built.hash}/wait?confirmations=2&timeout=10`,
        );
        assert.equal(deeper.body.status, "confirmed", JSON.stringify(deeper.body));
        assert.equal(deeper.body.timedOut, false);
        assert.ok(deeper.body.confirmations! >= 2, JSON.stringify(deeper.body));
      }
      const status = await target.service.request<"getTransactionStatus">("GET", `/transactions/${built.hash}`);
      assert.equal(status.body.status, "confirmed");
      assert.ok(status.body.confirmations! >= 1);
    });

    it("a payment the ledger refused is rejected with the ledger's reason, and wait answers that at once", async () => {
      const { built, answer } = await submit(bob, 3_000_000);
      assert.equal(answer.status, 422, JSON.stringify(answer.body));
      const status = await target.service.request<"getTransactionStatus">("GET", `/transactions/${built.hash}`);
      assert.deepEqual(status.body, { txHash: built.hash, status: "rejected", reason: answer.body.message });
      const started = Date.now();
      const waited = await target.service.request<"waitForTransaction">(
        "GET",
        `/transactions/${built.hash}/wait?confirmations=3&timeout=30`,
      );
      assert.deepEqual(waited.body, {
        txHash: built.hash,
        status: "rejected",
        reason: answer.body.message,
        timedOut: false,
      });
      assert.ok(Date.now() - started < 5_000);
    });

    it("an unknown transaction: wait answers 200 unknown with timedOut when the timeout passes", async () => {
      const hash = "ab".repeat(32);
      const started = Date.now();
      const waited = await target.service.request<"waitForTransaction">("GET", `/transactions/${hash}/wait?timeout=1`);
      const ms = Date.now() - started;
      assert.equal(waited.status, 200, JSON.stringify(waited.body));
      assert.deepEqual(waited.body, { txHash: hash, status: "unknown", timedOut: true });
      assert.ok(ms >= 900 && ms < 6_000, `answered after ${ms} ms`);
    });

    if (kind !== "devnet") return;

    it("parameters out of range are 400s naming the field", async () => {
      const hash = "ab".repeat(32);
      for (const [query, field] of [
        ["confirmations=0", "confirmations"],
        ["confirmations=101", "confirmations"],
        ["confirmations=two", "confirmations"],
        ["timeout=301", "timeout"],
        ["timeout=-1", "timeout"],
      ] as const) {
        const answer = await target.service.request<"waitForTransaction">("GET", `/transactions/${hash}/wait?${query}`);
        assert.equal(answer.status, 400, `${query}: ${JSON.stringify(answer.body)}`);
        assert.match(answer.body.message, new RegExp(field), query);
      }
      const badHash = await target.service.request<"waitForTransaction">("GET", "/transactions/xyz/wait");
      assert.equal(badHash.status, 400);
    });

    it("stops polling the chain when the client disconnects", async () => {
      const chain = target.service.app.chain as ChainPort;
      const original = chain.txStatus.bind(chain);
      let calls = 0;
      chain.txStatus = (txHash) => {
        calls++;
        return original(txHash);
      };
      try {
        const url = new URL(`${target.service.base}/transactions/${"cd".repeat(32)}/wait?timeout=60`);
        const req = httpRequest(url);
        req.on("error", () => undefined);
        req.end();
        await sleep(1_200);
        assert.ok(calls >= 2, `polled ${calls} times while the client waited`);
        req.destroy();
        await sleep(200);
        const atClose = calls;
        await sleep(1_500);
        assert.equal(calls, atClose, "no polling once the client left");
      } finally {
        chain.txStatus = original;
      }
    });
  });
}
