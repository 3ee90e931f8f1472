// The EventStore contract (src/store/types.ts): what the SQLite and PostgreSQL event stores both
// show, run by test/events/event-store-sqlite.test.ts and event-store-postgres.test.ts, as
// test/support/store-suite.ts is for the other stores. Each test opens fresh stores (a new
// DATA_DIR, a new database) and, where it says so, opens them again as a restarted instance would.
import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import type { NewEvent } from "../../src/events/types.js";
import type { Stores } from "../../src/store/open.js";
import { FollowerMovedError } from "../../src/store/types.js";

export interface EventStoreLocation {
  /** Opens the stores of this location; each call is a separate instance. */
  open(): Promise<Stores>;
}

const A1 = "addr_test1vr5zdz4q9xqnl0ug8j2ylm2z2a6ve7rlvjjyadle6tnlqrqhrnhe2";
const A2 =
  "addr_test1qpw0djgj0x59ngrjvqthn7enhvruxnsavsw5th63la3mjel3tkc974sr23jmlzgq5zda4gtv8k9cy38756r9y3qgmkqqjz6aa7";
const TX = (n: number) => n.toString(16).padStart(64, "0");

const event = (n: number, extra: Partial<NewEvent> = {}): NewEvent => ({
  type: "tx.confirmed",
  point: { slot: 100 + n, blockHash: "bb".repeat(32), blockHeight: n, txHash: TX(n) },
  data: { txHash: TX(n), status: "confirmed", confirmations: 1 },
  addresses: [],
  tournamentId: null,
  ...extra,
});

export function runEventStoreSuite(name: string, fresh: () => Promise<EventStoreLocation>): void {
  describe(`${name}: the event store contract`, () => {
    const opened: Stores[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.close()));
    });
    const open = async (location: EventStoreLocation): Promise<Stores> => {
      const stores = await location.open();
      opened.push(stores);
      return stores;
    };

    it("gives ids in order from 1, keeps each event's point, data, keys and time, and reads them back in order", async () => {
      const { events } = await open(await fresh());
      assert.deepEqual(await events.bounds(), { oldest: null, prunedThrough: 0, latest: 0 });
      const first = await events.append(
        [event(1, { addresses: [A2, A1, A2] }), event(2, { type: "tx.submitted", tournamentId: "t1" })],
        1_000,
      );
      assert.deepEqual(
        first.map((e) => e.id),
        ["1", "2"],
      );
      assert.deepEqual(first[0]!.addresses, [A2, A1], "each address once, in the order given");
      const [third] = await events.append([event(3, { data: { big: "9".repeat(30), nested: [{ a: null }] } })], 2_000);
      assert.equal(third!.id, "3");
      const all = await events.after(0, {}, 10);
      assert.deepEqual(all, [...first, third]);
      assert.deepEqual(all[2]!.data, { big: "9".repeat(30), nested: [{ a: null }] });
      assert.equal(all[1]!.createdAt, 1_000);
      assert.deepEqual(
        (await events.after(1, {}, 1)).map((e) => e.id),
        ["2"],
      );
      assert.deepEqual(await events.after(3, {}, 10), []);
      assert.deepEqual(await events.bounds(), { oldest: 1, prunedThrough: 0, latest: 3 });
    });

    it("filters by type, address, tx hash and tournament, each key an exact match, all keys together", async () => {
      const { events } = await open(await fresh());
      await events.append(
        [
          event(1, { type: "tx.submitted", addresses: [] }),
          event(2, { type: "address.received", addresses: [A1] }),
          event(3, { type: "address.spent", addresses: [A2] }),
          event(4, { type: "address.received", addresses: [A1, A2], tournamentId: "t9" }),
          event(5, { type: "tx.confirmed", point: { slot: 9, blockHash: null, blockHeight: null, txHash: TX(2) } }),
        ],
        5,
      );
      const ids = async (after: number, filter: Parameters<typeof events.after>[1], limit = 10) =>
        (await events.after(after, filter, limit)).map((e) => e.id);
      assert.deepEqual(await ids(0, { types: ["address.received"] }), ["2", "4"]);
      assert.deepEqual(await ids(0, { types: ["address.received", "tx.submitted"] }), ["1", "2", "4"]);
      assert.deepEqual(await ids(0, { address: A1 }), ["2", "4"]);
      assert.deepEqual(await ids(2, { address: A1 }), ["4"]);
      assert.deepEqual(await ids(0, { address: A2, types: ["address.spent"] }), ["3"]);
      assert.deepEqual(await ids(0, { txHash: TX(2) }), ["2", "5"]);
      assert.deepEqual(await ids(0, { tournamentId: "t9" }), ["4"]);
      assert.deepEqual(await ids(0, { address: A1, txHash: TX(4), tournamentId: "t9" }), ["4"]);
      assert.deepEqual(await ids(0, { address: A1 }, 1), ["2"]);
      assert.deepEqual(await ids(0, { address: "addr_test1nobody" }), []);
      const [withBoth] = await events.after(3, { address: A2 }, 1);
      assert.deepEqual(withBoth!.addresses, [A1, A2], "an event read through one address keeps all of its addresses");
    });

    it("prunes by age and by count, oldest first, and remembers the highest id pruned", async () => {
      const { events } = await open(await fresh());
      for (let n = 1; n <= 6; n++) await events.append([event(n, { addresses: [A1] })], n * 1_000);
      assert.equal(await events.prune(2_500, 100), 2, "recorded before 2.5 s: ids 1 and 2");
      assert.deepEqual(await events.bounds(), { oldest: 3, prunedThrough: 2, latest: 6 });
      assert.equal(await events.prune(0, 3), 1, "keep the newest 3: id 3 goes");
      assert.deepEqual(await events.bounds(), { oldest: 4, prunedThrough: 3, latest: 6 });
      assert.equal(await events.prune(0, 3), 0);
      assert.deepEqual(
        (await events.after(0, { address: A1 }, 10)).map((e) => e.id),
        ["4", "5", "6"],
      );
      assert.equal(await events.prune(10_000, 100), 3);
      assert.deepEqual(await events.bounds(), { oldest: null, prunedThrough: 6, latest: 6 });
      const [next] = await events.append([event(7)], 11_000);
      assert.equal(next!.id, "7", "ids go on after a prune that emptied the log");
    });

    it("appends a follower's step only from the position it read (compare-and-set), so two followers record it once", async () => {
      const { events } = await open(await fresh());
      await events.append([event(1)], 1, { follower: "ogmios", position: "p1", previous: null });
      // A second follower that read no position either computed the same step: refused, nothing appended.
      await assert.rejects(
        events.append([event(1)], 1, { follower: "ogmios", position: "p1", previous: null }),
        (error: Error) =>
          error instanceof FollowerMovedError &&
          /ogmios follower's position was moved by another writer/.test(error.message),
      );
      await assert.rejects(
        events.append([event(2)], 2, { follower: "ogmios", position: "p2", previous: "p0" }),
        FollowerMovedError,
      );
      assert.deepEqual(
        await events.bounds(),
        { oldest: 1, prunedThrough: 0, latest: 1 },
        "no id was used by a refused append",
      );
      await events.append([event(2)], 2, { follower: "ogmios", position: "p2", previous: "p1" });
      assert.equal(await events.position("ogmios"), "p2");
      // Another follower's name is another position; an append without `previous` is not checked.
      await events.append([event(3)], 3, { follower: "blockfrost", position: "b1", previous: null });
      await events.append([event(4)], 4, { follower: "ogmios", position: "p3" });
      assert.deepEqual(
        (await events.after(0, {}, 10)).map((e) => e.point.txHash),
        [TX(1), TX(2), TX(3), TX(4)],
      );
      assert.equal(await events.position("ogmios"), "p3");
    });

    it("lets one of two instances racing on the same step record it, the other refused", async () => {
      const location = await fresh();
      const [one, two] = [await open(location), await open(location)];
      for (let step = 1; step <= 5; step++) {
        const previous = step === 1 ? null : `s${step - 1}`;
        const results = await Promise.allSettled(
          [one, two].map((stores) =>
            stores.events.append([event(step)], step, { follower: "ogmios", position: `s${step}`, previous }),
          ),
        );
        assert.equal(results.filter((r) => r.status === "fulfilled").length, 1, `step ${step}: one append succeeds`);
        const refused = results.find((r) => r.status === "rejected");
        assert.ok(refused?.reason instanceof FollowerMovedError, `step ${step}: the other is refused`);
      }
      assert.deepEqual(
        (await one.events.after(0, {}, 10)).map((e) => e.point.txHash),
        [1, 2, 3, 4, 5].map(TX),
      );
    });

    it("saves a follower's position with its events, and a reopened store goes on from both", async () => {
      const location = await fresh();
      const first = await open(location);
      assert.equal(await first.events.position("devnet"), null);
      await first.events.append([event(1), event(2)], 1, { follower: "devnet", position: '{"seq":2}' });
      await first.events.append([], 2, { follower: "devnet", position: '{"seq":3}' });
      await first.events.append([event(3)], 3);
      await first.close();
      const again = await open(location);
      assert.equal(await again.events.position("devnet"), '{"seq":3}');
      assert.equal(await again.events.position("other"), null);
      const [next] = await again.events.append([event(4)], 4);
      assert.equal(next!.id, "4");
      assert.deepEqual(
        (await again.events.after(0, {}, 10)).map((e) => e.point.txHash),
        [TX(1), TX(2), TX(3), TX(4)],
      );
    });

    it("appends of two instances at once get distinct ids, each batch's in its order", async () => {
      const location = await fresh();
      const [one, two] = [await open(location), await open(location)];
      const batches = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? one : two).events.append([event(i * 2 + 1), event(i * 2 + 2)], i)),
      );
      const ids = batches.flat().map((e) => Number(e.id));
      assert.deepEqual(
        [...ids].sort((a, b) => a - b),
        Array.from({ length: 16 }, (_, i) => i + 1),
      );
      for (const batch of batches) assert.equal(Number(batch[1]!.id), Number(batch[0]!.id) + 1);
      assert.equal((await one.events.after(0, {}, 100)).length, 16);
    });
  });
}
