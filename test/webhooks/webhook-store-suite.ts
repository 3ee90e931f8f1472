// The WebhookStore contract (src/store/types.ts): what the SQLite and PostgreSQL webhook stores
// both show, run by webhook-store-sqlite.test.ts and webhook-store-postgres.test.ts. Each test
// opens fresh stores (a new DATA_DIR, a new database); a second open of the same location is a
// second instance (a restart, or another instance of a fleet).
import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import type { Stores } from "../../src/store/open.js";
import { WebhookLimitError, type NewDelivery, type NewWebhook } from "../../src/store/types.js";

export interface WebhookStoreLocation {
  /** Opens the stores of this location; each call is a separate instance. */
  open(): Promise<Stores>;
}

const hook = (owner: string, extra: Partial<NewWebhook> = {}): NewWebhook => ({
  owner,
  url: "https://hooks.example.com/cardano",
  filter: { types: ["tx.confirmed"], address: "addr_test1vr5zdz4q9xqnl0ug8j2ylm2z2a6ve7rlvjjyadle6tnlqrqhrnhe2" },
  confirmations: 1,
  secret: "whsec_0123456789abcdef",
  fromEvent: 7,
  createdAt: 1_000,
  ...extra,
});

const delivery = (webhookId: string, eventId: number, extra: Partial<NewDelivery> = {}): NewDelivery => ({
  webhookId,
  eventId,
  eventType: "tx.confirmed",
  body: JSON.stringify({ id: String(eventId), type: "tx.confirmed" }),
  minHeight: null,
  txHash: null,
  ...extra,
});

export function runWebhookStoreSuite(name: string, fresh: () => Promise<WebhookStoreLocation>): void {
  describe(`${name}: the webhook store contract`, () => {
    const opened: Stores[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.close()));
    });
    const open = async (location: WebhookStoreLocation): Promise<Stores> => {
      const stores = await location.open();
      opened.push(stores);
      return stores;
    };

    it("creates webhooks with their filter, secret and start, each owner seeing only its own, up to the limit", async () => {
      const { webhooks } = await open(await fresh());
      const a = await webhooks.create(hook("alice"), 2);
      assert.match(a.id, /^wh_[0-9a-f]{24}$/);
      assert.deepEqual(
        { ...a, id: "x" },
        {
          ...hook("alice"),
          id: "x",
          seq: a.seq,
          state: "active",
          pausedReason: null,
          pausedAt: null,
          failures: 0,
          failingSince: null,
        },
      );
      await webhooks.create(hook("alice", { url: "http://127.0.0.1:9/x" }), 2);
      await assert.rejects(
        webhooks.create(hook("alice"), 2),
        (e: unknown) => e instanceof WebhookLimitError && e.limit === 2,
      );
      const b = await webhooks.create(hook("bob"), 2);
      assert.deepEqual(await webhooks.get("alice", a.id), a);
      assert.equal(await webhooks.get("bob", a.id), undefined, "another owner's webhook is none");
      assert.equal(await webhooks.delete("bob", a.id), false);
      assert.deepEqual(
        (await webhooks.all()).map((w) => w.owner),
        ["alice", "alice", "bob"],
      );
      assert.equal(await webhooks.delete("bob", b.id), true);
      assert.equal(await webhooks.get("bob", b.id), undefined);
      assert.equal(await webhooks.delete("bob", b.id), false);
    });

    it("concurrent creations of one owner, on two instances, never pass the limit", async () => {
      const location = await fresh();
      const [one, two] = [await open(location), await open(location)];
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? one : two).webhooks.create(hook("carol"), 3)),
      );
      assert.equal(results.filter((r) => r.status === "fulfilled").length, 3);
      assert.ok(
        results.every((r) => r.status === "fulfilled" || r.reason instanceof WebhookLimitError),
        "the others are refused by the limit",
      );
      assert.equal((await one.webhooks.list("carol", 100)).webhooks.length, 3);
    });

    it("lists an owner's webhooks oldest first in pages", async () => {
      const { webhooks } = await open(await fresh());
      const made: string[] = [];
      for (let i = 0; i < 5; i++) made.push((await webhooks.create(hook("dave", { createdAt: i }), 10)).id);
      await webhooks.create(hook("erin"), 10);
      const first = await webhooks.list("dave", 2);
      assert.deepEqual(
        first.webhooks.map((w) => w.id),
        made.slice(0, 2),
      );
      const second = await webhooks.list("dave", 2, first.next);
      const third = await webhooks.list("dave", 2, second.next);
      assert.deepEqual(
        [...second.webhooks, ...third.webhooks].map((w) => w.id),
        made.slice(2),
      );
      assert.equal(third.next, undefined);
      assert.equal((await webhooks.list("dave", 5)).next, undefined, "a page that holds the last one has no next");
    });

    it("queues each webhook's event once, moves the cursor forward only, and keeps the tip's height", async () => {
      const { webhooks } = await open(await fresh());
      assert.deepEqual(await webhooks.cursor(), { after: 0, tipHeight: 0 });
      const w = await webhooks.create(hook("alice"), 10);
      await webhooks.queue([delivery(w.id, 8), delivery(w.id, 9)], { after: 9, tipHeight: 3 }, 5_000);
      await webhooks.queue(
        [delivery(w.id, 9, { body: "changed" }), delivery("wh_gone", 9)],
        { after: 5, tipHeight: 2 },
        6_000,
      );
      assert.deepEqual(await webhooks.cursor(), { after: 9, tipHeight: 3 }, "an older cursor does not move it back");
      const page = await webhooks.deliveries("alice", w.id, 10);
      assert.deepEqual(page, {
        deliveries: [9, 8].map((eventId) => ({
          webhookId: w.id,
          eventId,
          eventType: "tx.confirmed",
          state: "pending",
          attempts: 0,
          lastStatus: null,
          lastError: null,
          nextAttemptAt: 5_000,
          minHeight: null,
          createdAt: 5_000,
          updatedAt: 5_000,
        })),
      });
      const claimed = await webhooks.claim(5_000, 10, 1_000);
      assert.deepEqual(
        claimed.map((c) => [c.eventId, c.body, c.url, c.secret, c.attempts]),
        [8, 9].map((n) => [n, JSON.stringify({ id: String(n), type: "tx.confirmed" }), w.url, w.secret, 0]),
        "the first body queued stays",
      );
      assert.equal(await webhooks.deliveries("bob", w.id, 10), undefined, "another owner's log is none");
    });

    it("a webhook starts after the events already matched without it: its start raised to the cursor, the cursor held at the start of a creation it did not match", async () => {
      const { webhooks } = await open(await fresh());
      const first = await webhooks.create(hook("alice", { fromEvent: 3 }), 10);
      await webhooks.queue([], { after: 9, tipHeight: 1, matchedThrough: first.seq }, 0);
      const late = await webhooks.create(hook("alice", { fromEvent: 5 }), 10);
      assert.equal(late.fromEvent, 9, "events 6 to 9 were matched before it existed: it starts after 9");
      assert.ok(late.seq > first.seq);
      // A round that matched events 10 to 12 against `first` alone, while `late` was being created:
      // its deliveries stay, the cursor moves no further than `late`'s start (9), and the next round
      // matches them with `late` too.
      await webhooks.queue([delivery(first.id, 10)], { after: 12, tipHeight: 4, matchedThrough: first.seq }, 0);
      assert.deepEqual(await webhooks.cursor(), { after: 9, tipHeight: 4 });
      await webhooks.queue(
        [delivery(first.id, 10), delivery(late.id, 10)],
        { after: 12, tipHeight: 4, matchedThrough: late.seq },
        0,
      );
      assert.deepEqual(await webhooks.cursor(), { after: 12, tipHeight: 4 });
      assert.equal((await webhooks.deliveries("alice", late.id, 10))!.deliveries.length, 1);
    });

    it("a creation during a round holds the cursor at its start, not where it was: creations in a loop do not stall it", async () => {
      const { webhooks } = await open(await fresh());
      const first = await webhooks.create(hook("alice", { fromEvent: 0 }), 10);
      await webhooks.queue([], { after: 10, tipHeight: 1, matchedThrough: first.seq }, 0);
      let matchedThrough = first.seq;
      // Each round reads 10 events; a webhook starting at the log's end then (5 further) is created meanwhile.
      for (let round = 1; round <= 3; round++) {
        const start = 10 * round + 5;
        const created = await webhooks.create(hook("mallory", { fromEvent: start }), 10);
        assert.equal(created.fromEvent, start);
        await webhooks.queue([], { after: 10 * (round + 1), tipHeight: 1, matchedThrough }, 0);
        assert.deepEqual(
          await webhooks.cursor(),
          { after: start, tipHeight: 1 },
          `round ${round}: moved to the created webhook's start`,
        );
        // The next round reads after the start, matched against every webhook now.
        matchedThrough = created.seq;
        await webhooks.queue([], { after: 10 * (round + 1), tipHeight: 1, matchedThrough }, 0);
        assert.deepEqual(await webhooks.cursor(), { after: 10 * (round + 1), tipHeight: 1 });
      }
      // Two created since the read: the smaller start holds it.
      await webhooks.create(hook("bob", { fromEvent: 47 }), 10);
      const b = await webhooks.create(hook("bob", { fromEvent: 44 }), 10);
      await webhooks.queue([], { after: 50, tipHeight: 1, matchedThrough }, 0);
      assert.deepEqual(await webhooks.cursor(), { after: 44, tipHeight: 1 });
      // One deleted since is no reason to hold it: the other's start does.
      assert.equal(await webhooks.delete("bob", b.id), true);
      await webhooks.queue([], { after: 50, tipHeight: 1, matchedThrough }, 0);
      assert.deepEqual(await webhooks.cursor(), { after: 47, tipHeight: 1 });
    });

    it("a claim leases its deliveries: nobody else claims them until the lease ends, and only its holder records", async () => {
      const location = await fresh();
      const [one, two] = [(await open(location)).webhooks, (await open(location)).webhooks];
      const w = await one.create(hook("alice"), 10);
      await one.queue(
        Array.from({ length: 20 }, (_, i) => delivery(w.id, i + 1)),
        { after: 20, tipHeight: 0 },
        1_000,
      );
      assert.deepEqual(await one.claim(999, 10, 5_000), [], "not due before its time");
      const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? one : two).claim(1_000, 4, 5_000)));
      const ids = claims.flat().map((c) => c.eventId);
      assert.equal(ids.length, 20, "every due delivery claimed");
      assert.equal(new Set(ids).size, 20, "no delivery claimed twice");
      assert.deepEqual(await two.claim(5_999, 10, 5_000), [], "leased");
      const again = await two.claim(6_000, 1, 5_000);
      assert.deepEqual(
        again.map((c) => c.eventId),
        [1],
        "an expired lease is claimable again",
      );
      const stale = claims.flat().find((c) => c.eventId === 1)!;
      const outcome = { state: "delivered" as const, status: 200, error: null, nextAttemptAt: null };
      assert.equal(await one.record(stale, outcome, 6_100), undefined, "the first lease no longer records");
      const after = await two.record(again[0]!, outcome, 6_100);
      assert.equal(after?.failures, 0);
      const [logged] = (await one.deliveries("alice", w.id, 100))!.deliveries.filter((d) => d.eventId === 1);
      assert.deepEqual(
        { state: logged!.state, attempts: logged!.attempts, status: logged!.lastStatus, next: logged!.nextAttemptAt },
        { state: "delivered", attempts: 1, status: 200, next: null },
      );
    });

    it("records failures in a row on the webhook, set back by a delivery; paused webhooks are not claimed until resumed", async () => {
      const { webhooks } = await open(await fresh());
      const w = await webhooks.create(hook("alice"), 10);
      await webhooks.queue([delivery(w.id, 1), delivery(w.id, 2)], { after: 2, tipHeight: 0 }, 0);
      let [first, second] = await webhooks.claim(0, 10, 60_000);
      let state = await webhooks.record(
        first!,
        { state: "pending", status: 500, error: "HTTP 500", nextAttemptAt: 100 },
        10,
      );
      assert.deepEqual([state?.failures, state?.failingSince], [1, 10]);
      state = await webhooks.record(
        second!,
        { state: "failed", status: 404, error: "HTTP 404", nextAttemptAt: null },
        20,
      );
      assert.deepEqual([state?.failures, state?.failingSince], [2, 10], "the run started at the first failure");
      await webhooks.pause(w.id, "10 failed attempts in a row", 30);
      assert.deepEqual(await webhooks.claim(1_000, 10, 60_000), [], "a paused webhook's deliveries wait");
      const paused = await webhooks.get("alice", w.id);
      assert.deepEqual(
        [paused?.state, paused?.pausedReason, paused?.pausedAt],
        ["paused", "10 failed attempts in a row", 30],
      );
      assert.equal(await webhooks.resume("bob", w.id, 40), undefined);
      const resumed = await webhooks.resume("alice", w.id, 40);
      assert.deepEqual(
        [resumed?.state, resumed?.pausedReason, resumed?.failures, resumed?.failingSince],
        ["active", null, 0, null],
      );
      [first] = await webhooks.claim(40, 10, 60_000);
      assert.deepEqual([first?.eventId, first?.attempts], [1, 1], "the missed delivery is due at the resume");
      await webhooks.record(first!, { state: "pending", status: null, error: "timeout", nextAttemptAt: 90 }, 50);
      [second] = await webhooks.claim(90, 10, 60_000);
      state = await webhooks.record(second!, { state: "delivered", status: 204, error: null, nextAttemptAt: null }, 95);
      assert.deepEqual([state?.failures, state?.failingSince], [0, null]);
      const log = (await webhooks.deliveries("alice", w.id, 10))!.deliveries;
      assert.deepEqual(
        log.map((d) => [d.eventId, d.state, d.attempts, d.lastStatus, d.lastError]),
        [
          [2, "failed", 1, 404, "HTTP 404"],
          [1, "delivered", 3, 204, null],
        ],
      );
    });

    it("a delivery with a min height waits for the tip to reach it", async () => {
      const { webhooks } = await open(await fresh());
      const w = await webhooks.create(hook("alice", { confirmations: 3 }), 10);
      await webhooks.queue([delivery(w.id, 1, { minHeight: 12 })], { after: 1, tipHeight: 10 }, 0);
      assert.deepEqual(await webhooks.claim(0, 10, 1_000), []);
      await webhooks.queue([], { after: 2, tipHeight: 12 }, 0);
      assert.deepEqual(
        (await webhooks.claim(0, 10, 1_000)).map((c) => c.eventId),
        [1],
      );
    });

    it("gives up pending deliveries queued before a time, failed with the reason; finished ones stay as they are", async () => {
      const { webhooks } = await open(await fresh());
      const w = await webhooks.create(hook("alice"), 10);
      await webhooks.queue([delivery(w.id, 1), delivery(w.id, 2)], { after: 2, tipHeight: 0 }, 100);
      await webhooks.queue([delivery(w.id, 3)], { after: 3, tipHeight: 0 }, 200);
      const [first] = await webhooks.claim(100, 1, 1_000);
      await webhooks.record(first!, { state: "delivered", status: 200, error: null, nextAttemptAt: null }, 150);
      assert.equal(await webhooks.expire(200, 300, "given up"), 1);
      assert.deepEqual(
        (await webhooks.deliveries("alice", w.id, 10))!.deliveries.map((d) => [
          d.eventId,
          d.state,
          d.lastError,
          d.nextAttemptAt,
          d.updatedAt,
        ]),
        [
          [3, "pending", null, 200, 200],
          [2, "failed", "given up", null, 300],
          [1, "delivered", null, null, 150],
        ],
      );
      assert.deepEqual(
        (await webhooks.claim(1_000, 10, 1_000)).map((c) => c.eventId),
        [3],
      );
    });

    it("a rollback cancels the deliveries waiting for their transaction's depth, those of earlier events only", async () => {
      const { webhooks } = await open(await fresh());
      const w = await webhooks.create(hook("alice", { confirmations: 3 }), 10);
      const T = "ab".repeat(32);
      await webhooks.queue(
        [
          delivery(w.id, 1, { minHeight: 12, txHash: T }),
          delivery(w.id, 2, { txHash: T, eventType: "address.received" }),
          delivery(w.id, 3, { minHeight: 12, txHash: "cd".repeat(32) }),
        ],
        { after: 3, tipHeight: 10 },
        0,
      );
      await webhooks.queue([delivery(w.id, 5, { minHeight: 13, txHash: T })], { after: 5, tipHeight: 11 }, 50, [
        { txHash: T, rollback: 4, reason: "rolled back" },
      ]);
      const log = (await webhooks.deliveries("alice", w.id, 10))!.deliveries;
      assert.deepEqual(
        log.map((d) => [d.eventId, d.state, d.lastError]),
        [
          [5, "pending", null],
          [3, "pending", null],
          [2, "pending", null],
          [1, "cancelled", "rolled back"],
        ],
        "the waiting confirmation before the rollback only; not another transaction's, not one due at once",
      );
      await webhooks.queue([], { after: 6, tipHeight: 13 }, 60);
      assert.deepEqual(
        (await webhooks.claim(100, 10, 1_000)).map((c) => c.eventId),
        [2, 3, 5],
      );
    });

    it("deletes a webhook with its deliveries; pages the log newest first; prunes finished deliveries only", async () => {
      const { webhooks } = await open(await fresh());
      const w = await webhooks.create(hook("alice"), 10);
      const v = await webhooks.create(hook("alice"), 10);
      await webhooks.queue(
        [1, 2, 3, 4, 5].map((n) => delivery(w.id, n)).concat([delivery(v.id, 1)]),
        { after: 5, tipHeight: 0 },
        0,
      );
      const first = await webhooks.deliveries("alice", w.id, 2);
      const second = await webhooks.deliveries("alice", w.id, 2, first!.next);
      const third = await webhooks.deliveries("alice", w.id, 2, second!.next);
      assert.deepEqual(
        [first, second, third].flatMap((p) => p!.deliveries.map((d) => d.eventId)),
        [5, 4, 3, 2, 1],
      );
      assert.equal(third!.next, undefined);
      const claimed = await webhooks.claim(0, 10, 1_000);
      for (const c of claimed.filter((c) => c.webhookId === w.id && c.eventId <= 2))
        await webhooks.record(c, { state: "delivered", status: 200, error: null, nextAttemptAt: null }, 100);
      assert.equal(await webhooks.prune(100), 0, "updated at 100: not before");
      assert.equal(await webhooks.prune(101), 2);
      assert.deepEqual(
        (await webhooks.deliveries("alice", w.id, 10))!.deliveries.map((d) => d.eventId),
        [5, 4, 3],
        "pending ones stay",
      );
      assert.equal(await webhooks.delete("alice", w.id), true);
      assert.deepEqual(
        (await webhooks.claim(2_000, 10, 1_000)).map((c) => c.webhookId),
        [v.id],
        "the deleted webhook's deliveries went with it",
      );
    });
  });
}
