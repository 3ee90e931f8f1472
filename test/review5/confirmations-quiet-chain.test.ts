// review5: a webhook's `confirmations` (> 1) waits on a tip height the worker learns only from the
// events the log holds (worker.ts queue: tipHeight = the highest event's point.blockHeight). On a
// real network the log records only what is watched (src/events/watched.ts): blocks that carry no
// watched transaction add no event, so the worker's tip does not move while the chain does, and a
// tx.confirmed waiting for 2 confirmations waits until some other watched event comes, or expires
// 24 h later ("Not delivered within EVENT_RETENTION_HOURS"), though its block is buried. Through
// the Ogmios + Kupo fake over a live ledger on preprod, as test/events/network-follower-events.test.ts.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { FakeOgmiosKupo } from "../support/fakes/ogmios-kupo.js";
import { LiveLedger } from "../support/fakes/live-ledger.js";
import { startService, type RunningService } from "../support/service.js";
import { newEnterpriseWallet } from "../support/wallets.js";
import { Receiver } from "../webhooks/receiver.js";

describe("review5: confirmations on a real network whose later blocks hold nothing watched", () => {
  let ledger: LiveLedger;
  let fake: FakeOgmiosKupo;
  let service: RunningService;
  let receiver: Receiver;

  before(async () => {
    ledger = await LiveLedger.create();
    fake = await FakeOgmiosKupo.start({ ledger, network: "preprod" });
    receiver = await Receiver.start();
    service = await startService(
      {
        NETWORK: "preprod",
        AUTH: "optional",
        WEBHOOK_ALLOW_PRIVATE: "true",
        OGMIOS_URL: fake.ogmiosUrl,
        KUPO_URL: fake.kupoUrl,
      },
      { webhooks: { pollMs: 40 } },
    );
    // The follower under way (its position saved) before the test's payments.
    const deadline = Date.now() + 60_000;
    while ((await service.app.stores.events.position("ogmios")) === null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
  });
  after(async () => {
    await service?.close();
    await receiver?.close();
    await fake?.close();
    await ledger?.close();
  });

  it("a tx.confirmed with confirmations: 2 is delivered once later blocks bury it", async () => {
    const [erin, carol] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
    const headers = { "x-api-key": (await service.app.stores.keys.create({ name: "erin", env: "testnet" })).key };
    const created = await service.request(
      "POST",
      "/webhooks",
      { url: `${receiver.url}/deep`, address: erin.address, types: ["tx.confirmed"], confirmations: 2 },
      headers,
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const paid = await ledger.fund(erin.address, 7_000_000n);
    // The payment's tx.confirmed is recorded (erin is watched by the webhook)…
    const deadline = Date.now() + 60_000;
    while ((await service.app.stores.events.after(0, { txHash: paid, types: ["tx.confirmed"] }, 1)).length === 0) {
      assert.ok(Date.now() < deadline, "the payment's tx.confirmed was recorded");
      await new Promise((r) => setTimeout(r, 100));
    }
    // …then the chain moves on three blocks that touch nothing watched.
    let last = paid;
    for (let i = 0; i < 3; i++) {
      await ledger.advance(1);
      last = await ledger.fund(carol.address, 2_000_000n);
    }
    // The fake's block height is its slot: the last of them is three blocks above the payment's at least.
    assert.ok(ledger.record(last)!.slot >= ledger.record(paid)!.slot + 3, "the payment's block is buried");

    await receiver.until((got) => got.some((r) => r.path === "/deep"), 30_000);
    const body = JSON.parse(receiver.at("/deep")[0]!.body) as { type: string; point: { txHash: string } };
    assert.deepEqual([body.type, body.point.txHash], ["tx.confirmed", paid]);
  });
});
