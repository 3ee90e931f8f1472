// Webhooks in a fleet: two instances of the service on preprod (through a fake Blockfrost on a
// live ledger) sharing one real PostgreSQL. Both run a delivery worker: both queue from the one
// event log (a delivery is unique per webhook and event, so queueing twice is harmless) and both
// claim (FOR UPDATE SKIP LOCKED, with a lease). Events are appended to the shared log as a follower
// appends them; the receiver counts every Webhook-Id: each is answered 2xx exactly once, and an id
// answered 503 at first is retried exactly once, by whichever instance claims it. Both instances
// take part in the claims.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import type { NewEvent } from "../../src/events/types.js";
import type { WebhookStore } from "../../src/store/types.js";
import { FakeBlockfrost } from "../support/fakes/blockfrost.js";
import { LiveLedger } from "../support/fakes/live-ledger.js";
import { postgresSkip, startPostgres, type TestPostgres } from "../support/postgres.js";
import { startService, type RunningService } from "../support/service.js";
import { newEnterpriseWallet } from "../support/wallets.js";

let A1 = "";
let A2 = "";
const EVENTS = 150;

const event = (n: number): NewEvent => ({
  type: "tx.confirmed",
  point: {
    slot: 1000 + n,
    blockHash: n.toString(16).padStart(64, "b"),
    blockHeight: n,
    txHash: n.toString(16).padStart(64, "0"),
  },
  data: { txHash: n.toString(16).padStart(64, "0"), status: "confirmed", confirmations: 1 },
  addresses: [n % 2 === 0 ? A1 : A2],
  tournamentId: null,
});

describe(
  "webhooks in a fleet of two instances on one PostgreSQL",
  { skip: postgresSkip(), timeout: 5 * 60_000 },
  () => {
    let postgres: TestPostgres;
    let ledger: LiveLedger;
    let fake: FakeBlockfrost;
    let receiver: Server;
    let receiverUrl: string;
    const instances: RunningService[] = [];
    /** Deliveries each instance claimed. */
    const claimedBy = [0, 0];
    /** Per Webhook-Id: how many requests came, how many were answered 2xx. */
    const seen = new Map<string, { requests: number; ok: number }>();

    before(async () => {
      [postgres, ledger] = await Promise.all([startPostgres(), LiveLedger.create()]);
      [A1, A2] = [(await newEnterpriseWallet()).address, (await newEnterpriseWallet()).address];
      fake = await FakeBlockfrost.start({ ledger });
      receiver = createServer((req, res) => {
        req.resume();
        req.on("end", () => {
          const id = String(req.headers["webhook-id"]);
          const entry = seen.get(id) ?? { requests: 0, ok: 0 };
          entry.requests++;
          seen.set(id, entry);
          // Every 7th event is refused once (a 503), then accepted: its retry may go to either instance.
          const eventId = Number(id.split(".")[1]);
          const status = eventId % 7 === 0 && entry.requests === 1 ? 503 : 200;
          if (status === 200) entry.ok++;
          setTimeout(() => res.writeHead(status).end(), 5);
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      const env = {
        NETWORK: "preprod",
        AUTH: "required",
        BLOCKFROST_PROJECT_ID: "preprodFleet0123456789abcdefABCDEFGH",
        BLOCKFROST_URL: fake.apiUrl,
        DATABASE_URL: await postgres.createDatabase(),
        WEBHOOK_ALLOW_PRIVATE: "true",
        WEBHOOK_RETRY_BASE_MS: "40",
        WEBHOOK_CONCURRENCY: "4",
      };
      for (const i of [0, 1])
        instances.push(
          await startService(env, {
            webhooks: { pollMs: 30 },
            // Counts the claims of this instance's worker (the store object the worker holds).
            beforeListen: (app) => {
              const store = app.stores.webhooks as WebhookStore;
              const claim = store.claim.bind(store);
              store.claim = async (...args) => {
                const claimed = await claim(...args);
                claimedBy[i]! += claimed.length;
                return claimed;
              };
            },
          }),
        );
    });

    after(async () => {
      for (const instance of instances) await instance.close().catch(() => undefined);
      await fake?.close();
      await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
      await postgres?.stop();
    });

    it("each event's delivery to each webhook is answered 2xx exactly once, its retry made by one instance", async () => {
      const key = async (name: string) => ({
        "x-api-key": (await instances[0]!.app.keyStore.create({ name, env: "testnet" })).key,
      });
      const [k1, k2] = [await key("one"), await key("two")];
      // Created through different instances: the webhooks are the fleet's.
      const all = await instances[0]!.request("POST", "/webhooks", { url: `${receiverUrl}/all` }, k1);
      const onA1 = await instances[1]!.request("POST", "/webhooks", { url: `${receiverUrl}/a1`, address: A1 }, k2);
      assert.deepEqual([all.status, onA1.status], [201, 201], JSON.stringify([all.body, onA1.body]));
      const ids = [(all.body as { id: string }).id, (onA1.body as { id: string }).id];

      // Appended to the shared log as a follower does, in batches, while both workers run.
      const appended: string[] = [];
      for (let n = 1; n <= EVENTS; n += 10) {
        const batch = Array.from({ length: Math.min(10, EVENTS - n + 1) }, (_, i) => event(n + i));
        appended.push(...(await instances[n % 2]!.app.stores.events.append(batch, Date.now())).map((e) => e.id));
      }
      const expected = new Set([
        ...appended.map((id) => `${ids[0]}.${id}`),
        ...appended.filter((_, i) => (i + 1) % 2 === 0).map((id) => `${ids[1]}.${id}`),
      ]);
      assert.equal(expected.size, EVENTS + EVENTS / 2);

      const deadline = Date.now() + 120_000;
      while ([...expected].some((id) => (seen.get(id)?.ok ?? 0) === 0)) {
        if (Date.now() > deadline)
          throw new Error(`${[...expected].filter((id) => !seen.get(id)?.ok).length} deliveries never arrived`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // Let any duplicate that would come arrive.
      await new Promise((r) => setTimeout(r, 500));
      await Promise.all(instances.map((i) => i.app.webhookWorker.idle()));

      assert.deepEqual(new Set(seen.keys()), expected, "nothing else was delivered (the filter, no other webhook)");
      for (const [id, { requests, ok }] of seen) {
        assert.equal(ok, 1, `${id} answered 2xx exactly once`);
        const eventId = Number(id.split(".")[1]);
        assert.equal(requests, eventId % 7 === 0 ? 2 : 1, `${id}: one attempt, or one retry after its 503`);
      }
      assert.ok(claimedBy[0]! > 0 && claimedBy[1]! > 0, `both instances claimed deliveries: ${claimedBy.join(", ")}`);
      assert.equal(
        claimedBy[0]! + claimedBy[1]!,
        [...seen.values()].reduce((sum, s) => sum + s.requests, 0),
        "one claim per attempt",
      );

      // The delivery log, read through either instance, agrees.
      const log = (await instances[1]!.request("GET", `/webhooks/${ids[1]}/deliveries?limit=100`, undefined, k2))
        .body as {
        deliveries: Array<{ state: string; attempts: number; eventId: string }>;
      };
      assert.equal(log.deliveries.length, EVENTS / 2);
      for (const d of log.deliveries) {
        assert.equal(d.state, "delivered");
        assert.equal(d.attempts, Number(d.eventId) % 7 === 0 ? 2 : 1);
      }
    });
  },
);
