// GET /events on preprod through each real-network backend (the service started with
// BLOCKFROST_URL, or OGMIOS_URL and KUPO_URL, at a loopback fake over a live ledger): a payment
// built, signed and submitted through the service gives tx.submitted, then tx.confirmed from the
// backend's follower (src/server/plugins/events.ts picks it), in the block the ledger put it in.
// A real network's blocks carry everyone's transactions: the log records those of this service's
// submits and of watched addresses (an open stream's filter), not the rest (src/events/watched.ts).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { FakeBlockfrost } from "../support/fakes/blockfrost.js";
import { FakeOgmiosKupo } from "../support/fakes/ogmios-kupo.js";
import { LiveLedger } from "../support/fakes/live-ledger.js";
import { startService, type RunningService } from "../support/service.js";
import { build, signAndSubmit } from "../support/transactions-api.js";
import { newEnterpriseWallet, type TestWallet } from "../support/wallets.js";
import { openStream } from "./sse-client.js";
import { Receiver } from "../webhooks/receiver.js";

interface Backend {
  readonly name: string;
  readonly env: Record<string, string>;
  close(): Promise<void>;
}

const backends: Record<string, (ledger: LiveLedger) => Promise<Backend>> = {
  Blockfrost: async (ledger) => {
    const fake = await FakeBlockfrost.start({ ledger });
    return {
      name: "blockfrost",
      env: { BLOCKFROST_PROJECT_ID: "preprodEvents0123456789abcdefABCDEF", BLOCKFROST_URL: fake.apiUrl },
      close: () => fake.close(),
    };
  },
  "Ogmios + Kupo": async (ledger) => {
    const fake = await FakeOgmiosKupo.start({ ledger, network: "preprod" });
    return { name: "ogmios", env: { OGMIOS_URL: fake.ogmiosUrl, KUPO_URL: fake.kupoUrl }, close: () => fake.close() };
  },
};

for (const [title, make] of Object.entries(backends)) {
  describe(`GET /events on preprod through ${title} (loopback fake, live ledger)`, () => {
    let ledger: LiveLedger;
    let backend: Backend;
    let service: RunningService;
    let alice: TestWallet;
    let bob: TestWallet;

    before(async () => {
      ledger = await LiveLedger.create();
      backend = await make(ledger);
      // The webhook receiver is on loopback: allowed here as an operator would allow it.
      service = await startService(
        { NETWORK: "preprod", AUTH: "optional", WEBHOOK_ALLOW_PRIVATE: "true", ...backend.env },
        { webhooks: { pollMs: 40 } },
      );
      [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
      await ledger.fund(alice.address, 50_000_000n);
    });
    after(async () => {
      await service?.close();
      await backend?.close();
      await ledger?.close();
    });

    it("a payment submitted through the service: tx.submitted, then tx.confirmed in the ledger's block", async () => {
      // Bob's address watched by this stream: his outputs get address.received.
      const stream = await openStream(`${service.base}/events?address=${bob.address}`);
      assert.equal(stream.status, 200, JSON.stringify(stream.body));
      const built = await build(service, {
        changeAddress: alice.address,
        outputs: [{ address: bob.address, lovelace: 10_000_000 }],
      });
      const txHash = await signAndSubmit(service, built, [alice]);
      const frames = await stream.until(
        (read) =>
          read.some(
            (f) =>
              f.event === "address.received" &&
              f.json.point["txHash"] === txHash &&
              f.json.data["address"] === bob.address,
          ),
        60_000,
      );
      stream.close();
      const mine = frames.filter((f) => f.json.point["txHash"] === txHash);
      assert.deepEqual(
        mine.slice(0, 2).map((f) => f.event),
        ["tx.submitted", "tx.confirmed"],
      );
      const confirmed = mine[1]!;
      const record = ledger.record(txHash)!;
      assert.deepEqual(confirmed.json.point, {
        slot: record.slot,
        blockHash: ledger.blockHash(record.slot),
        blockHeight: record.slot,
        txHash,
      });
      assert.deepEqual(confirmed.json.data, { txHash, status: "confirmed", confirmations: 1 });
      // What the transaction created at bob's address, as the follower read it from the block.
      const received = mine.filter((f) => f.event === "address.received").map((f) => f.json.data["address"]);
      assert.ok(received.includes(bob.address), JSON.stringify(received));
      const position = await service.app.stores.events.position(backend.name);
      assert.ok(position !== null, `the ${backend.name} follower's position is saved`);
    });

    it("records the chain's other transactions only where they touch a watched address", async () => {
      const [carol, dave] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
      const everything = await openStream(`${service.base}/events`);
      const watching = await openStream(`${service.base}/events?address=${dave.address}`);
      assert.equal(watching.status, 200, JSON.stringify(watching.body));
      // Two payments made elsewhere (not through this service): to carol (watched by no one), then to dave.
      const toCarol = await ledger.fund(carol.address, 3_000_000n);
      const toDave = await ledger.fund(dave.address, 4_000_000n);
      const frames = await watching.until((read) => read.some((f) => f.event === "address.received"), 60_000);
      watching.close();
      assert.deepEqual(
        frames.map((f) => [f.event, f.json.point["txHash"]]),
        [
          ["tx.confirmed", toDave],
          ["address.received", toDave],
        ],
      );
      assert.equal(frames[1]!.json.data["address"], dave.address);
      assert.equal(frames[1]!.json.data["lovelace"], "4000000");
      // The unfiltered stream got dave's transaction and nothing of carol's: her block came first and was recorded without it.
      const seen = await everything.until((read) => read.some((f) => f.json.point["txHash"] === toDave), 10_000);
      everything.close();
      assert.ok(!seen.some((f) => f.json.point["txHash"] === toCarol), "carol's payment got no event");
      const logged = await service.app.stores.events.after(0, { txHash: toCarol }, 10);
      assert.deepEqual(logged, [], "nor is it in the log");
      // Once no stream watches dave, his next payment is not recorded either.
      const again = await ledger.fund(dave.address, 5_000_000n);
      const probe = await openStream(`${service.base}/events?address=${bob.address}`);
      const toBob = await ledger.fund(bob.address, 6_000_000n);
      await probe.until((read) => read.some((f) => f.json.point["txHash"] === toBob), 60_000);
      probe.close();
      assert.deepEqual(await service.app.stores.events.after(0, { txHash: again }, 10), []);
    });

    it("a webhook's address is watched while the webhook lives: the chain's payments to it are delivered", async () => {
      const receiver = await Receiver.start();
      try {
        const erin = await newEnterpriseWallet();
        const headers = { "x-api-key": (await service.app.stores.keys.create({ name: "erin", env: "testnet" })).key };
        const created = await service.request(
          "POST",
          "/webhooks",
          { url: `${receiver.url}/erin`, address: erin.address, types: ["tx.confirmed", "address.received"] },
          headers,
        );
        assert.equal(created.status, 201, JSON.stringify(created.body));
        const paid = await ledger.fund(erin.address, 7_000_000n); // elsewhere, not through this service
        const received = await receiver.until((all) => all.filter((r) => r.path === "/erin").length >= 2, 60_000);
        const bodies = received
          .filter((r) => r.path === "/erin")
          .map((r) => JSON.parse(r.body) as { type: string; point: { txHash: string } });
        assert.deepEqual(
          bodies.map((b) => [b.type, b.point.txHash]),
          [
            ["tx.confirmed", paid],
            ["address.received", paid],
          ],
        );
        // Deleted, the webhook no longer watches erin: her next payment is not recorded.
        const id = (created.body as { id: string }).id;
        assert.equal((await service.request("DELETE", `/webhooks/${id}`, undefined, headers)).status, 200);
        const unwatched = await ledger.fund(erin.address, 8_000_000n);
        const probe = await openStream(`${service.base}/events?address=${bob.address}`);
        const toBob = await ledger.fund(bob.address, 9_000_000n);
        await probe.until((read) => read.some((f) => f.json.point["txHash"] === toBob), 60_000);
        probe.close();
        assert.deepEqual(await service.app.stores.events.after(0, { txHash: unwatched }, 10), []);
      } finally {
        await receiver.close();
      }
    });
  });
}
