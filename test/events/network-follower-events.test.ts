// GET /events on preprod through each real-network backend (the service started with
// BLOCKFROST_URL, or OGMIOS_URL and KUPO_URL, at a loopback fake over a live ledger): a payment
// built, signed and submitted through the service gives tx.submitted, then tx.confirmed from the
// backend's follower (src/server/plugins/events.ts picks it), in the block the ledger put it in.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { FakeBlockfrost } from "../support/fakes/blockfrost.js";
import { FakeOgmiosKupo } from "../support/fakes/ogmios-kupo.js";
import { LiveLedger } from "../support/fakes/live-ledger.js";
import { startService, type RunningService } from "../support/service.js";
import { build, signAndSubmit } from "../support/transactions-api.js";
import { newEnterpriseWallet, type TestWallet } from "../support/wallets.js";
import { openStream } from "./sse-client.js";

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
      service = await startService({ NETWORK: "preprod", AUTH: "optional", ...backend.env });
      [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
      await ledger.fund(alice.address, 50_000_000n);
    });
    after(async () => {
      await service?.close();
      await backend?.close();
      await ledger?.close();
    });

    it("a payment submitted through the service: tx.submitted, then tx.confirmed in the ledger's block", async () => {
      const stream = await openStream(`${service.base}/events`);
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
  });
}
