// An event service started while its store could not answer (PostgreSQL down at the start): a
// stream opened "from now on" must not take the unknown latest id for an empty log and replay
// every event the store holds once it answers; it starts after the store's latest.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { EventService } from "../../src/events/service.js";
import type { NewEvent } from "../../src/events/types.js";
import { SqliteEventStore } from "../../src/store/sqlite/events.js";
import type { EventStore } from "../../src/store/types.js";

const hash = (n: number) => n.toString(16).padStart(64, "0");
const event = (n: number): NewEvent => ({
  type: "tx.submitted",
  point: { slot: n, blockHash: null, blockHeight: null, txHash: hash(n) },
  data: { txHash: hash(n), status: "pending" },
  addresses: [],
  tournamentId: null,
});

describe("an event service whose store was down when it started", () => {
  const root = mkdtempSync(join(tmpdir(), "txsvc-events-down-"));
  after(() => rmSync(root, { recursive: true, force: true }));

  it("starts a stream without a resume id after the store's latest event, not from the first", async () => {
    const store = await SqliteEventStore.open(join(root, "events.sqlite"));
    await store.append([event(1), event(2), event(3)], 1);
    let down = true;
    // The store as the service sees it: every call fails while `down`.
    const flaky = new Proxy(store, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) =>
          down
            ? Promise.reject(new Error("the store is down"))
            : (value as (...a: unknown[]) => unknown).apply(target, args);
      },
    }) as EventStore;
    const warnings: string[] = [];
    const service = await EventService.start({
      store: flaky,
      retention: { hours: 24, max: 1_000_000 },
      log: { info: () => undefined, warn: (_d, message) => warnings.push(message) },
    });
    const stop = new AbortController();
    try {
      assert.ok(warnings.some((w) => /cannot be read now/.test(w)));
      const refused = service.read(null, {}, stop.signal);
      await assert.rejects(
        refused.next(),
        /the store is down/,
        "a read that cannot learn where now is fails, to be tried again",
      );
      down = false;
      const reader = service.read(null, {}, stop.signal);
      const first = reader.next();
      await new Promise((r) => setTimeout(r, 50));
      await store.append([event(4)], 2);
      await service.record([event(5)]);
      const got = await first;
      assert.equal((got.value as { id: string }).id, "4", "the first event after the store's latest (3)");
      assert.equal(((await reader.next()).value as { id: string }).id, "5");
    } finally {
      stop.abort();
      await service.close();
      await store.close();
    }
  });
});
