// Found by review5: one key could stall every key's deliveries by creating webhooks. The worker's
// queue() reads the webhooks (store.all), then a page of the log, then queues the page's
// deliveries; when a webhook was created in between (seq > matchedThrough), the store used to
// leave the cursor where it was, and the next page read the same events again. It now moves the
// cursor to the smallest start of the webhooks created since (store/webhook-rows.ts cursorAfter).
// The hostile key here keeps creating webhooks (and deleting its oldest, to stay under
// WEBHOOK_MAX_PER_KEY) so that one lands in each window, which used to hold the cursor still: the
// events past the first page (500) after it were never queued, for any key's webhook. The
// creations are real HTTP requests of the hostile key; the test lands each in the window by making
// the log read wait for one (the race a tight loop of creations wins often, made certain).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import type { NewEvent } from "../../src/events/types.js";
import { startService, type RunningService } from "../support/service.js";
import { Receiver } from "./receiver.js";

describe("webhook creations by one key between the worker's reads", () => {
  let service: RunningService;
  let receiver: Receiver;
  let hostile: Record<string, string>;
  let victim: Record<string, string>;
  let churning = false;

  before(async () => {
    receiver = await Receiver.start();
    service = await startService({ WEBHOOK_MAX_PER_KEY: "2" }, { webhooks: { pollMs: 40 } });
    hostile = { "x-api-key": (await service.app.stores.keys.create({ name: "hostile", env: "testnet" })).key };
    victim = { "x-api-key": (await service.app.stores.keys.create({ name: "victim", env: "testnet" })).key };
  });
  after(async () => {
    churning = false;
    await service?.close();
    await receiver?.close();
  });

  it("another key's webhook still gets an event that lies past the first page of the log", async () => {
    const wanted = randomBytes(32).toString("hex");
    const created = await service.request(
      "POST",
      "/webhooks",
      { url: `${receiver.url}/victim`, txHash: wanted },
      victim,
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));

    // The hostile key: one webhook created (and its oldest deleted) while the worker reads each page.
    const mine: string[] = [];
    const churn = async (): Promise<void> => {
      if (mine.length >= 2) await service.request("DELETE", `/webhooks/${mine.shift()!}`, undefined, hostile);
      const answer = await service.request(
        "POST",
        "/webhooks",
        { url: `${receiver.url}/hostile`, txHash: "ff".repeat(32) },
        hostile,
      );
      assert.equal(answer.status, 201, JSON.stringify(answer.body));
      mine.push((answer.body as { id: string }).id);
    };
    const events = service.app.stores.events;
    const read = events.after.bind(events);
    (events as { after: typeof events.after }).after = async (afterId, filter, limit) => {
      const page = await read(afterId, filter, limit);
      if (churning) await churn();
      return page;
    };
    churning = true;

    // 600 events, the victim's the last: past the first page of 500 after the cursor.
    const event = (txHash: string): NewEvent => ({
      type: "tx.submitted",
      point: { slot: 1, blockHash: null, blockHeight: null, txHash },
      data: { txHash, status: "pending" },
      addresses: [],
      tournamentId: null,
    });
    await service.app.events.record(Array.from({ length: 599 }, () => event(randomBytes(32).toString("hex"))));
    await service.app.events.record([event(wanted)]);

    await receiver.until((got) => got.some((r) => r.path === "/victim"), 20_000);
    assert.equal((JSON.parse(receiver.at("/victim")[0]!.body) as { data: { txHash: string } }).data.txHash, wanted);
  });
});
