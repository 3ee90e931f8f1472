// The store contract: the behaviour every storage backend (SQLite files, PostgreSQL) must show
// through the interfaces of src/store/types.ts, run by test/store/sqlite-suite.test.ts and
// test/store/postgres-suite.test.ts, as the chain port suite is for chain backends. What only one
// backend has (files, WAL, query plans, outages) stays in that backend's own tests.
import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import { hashKey } from "../../src/store/key-material.js";
import type { Stores } from "../../src/store/open.js";
import {
  BlueprintLimitError,
  DEFAULT_LIMITS,
  KeyStoreError,
  type BlueprintFilter,
  type DeploymentRecord,
  type NewBlueprint,
} from "../../src/store/types.js";

/** An empty place to keep stores in (a folder, a database), which can be opened more than once. */
export interface StoreLocation {
  /** Opens the stores of this location; each call is a separate instance, as a second process would be. */
  open(clock?: () => number): Promise<Stores>;
}

export interface StoreSuiteSubject {
  /** A new, empty location. */
  fresh(): Promise<StoreLocation>;
}

const H1 = "11".repeat(28);
const H2 = "22".repeat(28);
const H3 = "33".repeat(28);
const TX_A = "aa".repeat(32);
const TX_B = "bb".repeat(32);

const blueprint = (hashes: string[], extra: Partial<NewBlueprint> = {}): NewBlueprint => ({
  title: "demo/project",
  version: "0.0.0",
  json: JSON.stringify({ preamble: { title: "demo/project" }, hashes }),
  hashes,
  refs: {},
  ...extra,
});

const isKeyError = (code: string) => (e: unknown) => e instanceof KeyStoreError && e.code === code;

export function runStoreSuite(name: string, subject: () => StoreSuiteSubject): void {
  describe(`${name}: the store contract`, () => {
    const opened: Stores[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((stores) => stores.close()));
    });
    /** Stores on a fresh location (closed after the test), and the location to open it again. */
    async function fresh(
      clock?: () => number,
    ): Promise<Stores & { location: StoreLocation; again(): Promise<Stores> }> {
      const location = await subject().fresh();
      const again = async (): Promise<Stores> => {
        const stores = await location.open(clock);
        opened.push(stores);
        return stores;
      };
      return Object.assign(await again(), { location, again });
    }

    describe("keys", () => {
      it("fills in default limits, keeps given ones, and rejects impossible ones naming them", async () => {
        const { keys } = await fresh();
        assert.deepEqual((await keys.create({ name: "d", env: "testnet" })).record.limits, DEFAULT_LIMITS);
        const given = (await keys.create({ name: " c ", env: "mainnet", limits: { burst: 3 } })).record;
        assert.deepEqual([given.name, given.env, given.limits], ["c", "mainnet", { ...DEFAULT_LIMITS, burst: 3 }]);
        for (const [limits, field] of [
          [{ perDay: 0 }, "perDay"],
          [{ perSecond: 0.5 }, "perSecond"],
          [{ burst: -1 }, "burst"],
        ] as const) {
          await assert.rejects(
            keys.create({ name: "bad", env: "testnet", limits }),
            (e: unknown) => isKeyError("INVALID")(e) && (e as Error).message.startsWith(field),
          );
        }
        await assert.rejects(keys.create({ name: "  ", env: "testnet" }), /name must be/);
        await assert.rejects(keys.create({ name: "x", env: "devnet" as never }), /env must be testnet or mainnet/);
        assert.equal((await keys.list()).length, 2);
      });

      it("finds a key by its hash only, and revokes and rotates by ID with clear refusals", async () => {
        let now = 1_800_000_000_000;
        const { keys } = await fresh(() => now);
        const { key, record } = await keys.create({ name: "svc", env: "testnet", limits: { perDay: 5 } });
        assert.equal(record.createdAt, now);
        assert.match(record.id, /^[0-9a-f]{12}$/);
        assert.deepEqual(await keys.findByHash(hashKey(key)), record);
        assert.equal(await keys.findByHash(key), undefined);
        assert.deepEqual(await keys.findById(record.id), record);
        assert.equal(await keys.findById("nope"), undefined);
        now += 1000;
        const rotated = await keys.rotate(record.id);
        assert.equal(rotated.record.rotatedFrom, record.id);
        assert.deepEqual(
          [rotated.record.name, rotated.record.env, rotated.record.limits],
          [record.name, record.env, record.limits],
        );
        assert.notEqual(rotated.key, key);
        assert.equal((await keys.findById(record.id))?.revokedAt, now);
        await assert.rejects(keys.rotate(record.id), isKeyError("REVOKED"));
        await assert.rejects(
          keys.revoke(record.id),
          (e: unknown) => isKeyError("REVOKED")(e) && /already revoked on 2027-/.test((e as Error).message),
        );
        await assert.rejects(
          keys.revoke("nope"),
          (e: unknown) => isKeyError("NOT_FOUND")(e) && (e as Error).message === "No key has the ID nope.",
        );
        await assert.rejects(keys.rotate("nope"), isKeyError("NOT_FOUND"));
        assert.equal((await keys.list()).length, 2, "a refused rotation creates nothing");
        const revoked = await keys.revoke(rotated.record.id);
        assert.equal(revoked.revokedAt, now);
        assert.equal((await keys.findByHash(hashKey(rotated.key)))?.revokedAt, now);
      });

      it("lists every key oldest first, as another instance of the same store sees them too", async () => {
        let now = 1_800_000_000_000;
        const stores = await fresh(() => now);
        const names = ["a", "b", "c"];
        for (const name of names) await stores.keys.create({ name, env: "testnet" }); // same millisecond: creation order
        now += 1;
        await stores.keys.create({ name: "d", env: "mainnet" });
        const other = await stores.again();
        assert.deepEqual(
          (await other.keys.list()).map((k) => k.name),
          [...names, "d"],
        );
        assert.deepEqual(await other.keys.list(), await stores.keys.list());
      });

      it("rotates a key once when two instances rotate it at the same time", async () => {
        const stores = await fresh();
        const other = await stores.again();
        const { record } = await stores.keys.create({ name: "raced", env: "testnet" });
        const results = await Promise.allSettled([stores.keys.rotate(record.id), other.keys.rotate(record.id)]);
        assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
        const refused = results.find((r) => r.status === "rejected");
        assert.ok(refused && isKeyError("REVOKED")(refused.reason), String(refused?.reason));
        assert.equal((await stores.keys.list()).length, 2);
      });
    });

    describe("quotas", () => {
      it("counts per key and per day, never beyond the limit", async () => {
        const { keys } = await fresh();
        const a = (await keys.create({ name: "a", env: "testnet" })).record.id;
        const b = (await keys.create({ name: "b", env: "testnet" })).record.id;
        const results = [];
        for (let i = 0; i < 4; i++) results.push(await keys.consumeDaily(a, "2026-11-21", 3));
        assert.deepEqual(results, [
          { allowed: true, used: 1 },
          { allowed: true, used: 2 },
          { allowed: true, used: 3 },
          { allowed: false, used: 3 },
        ]);
        assert.deepEqual(await keys.consumeDaily(a, "2026-11-22", 3), { allowed: true, used: 1 });
        assert.deepEqual(await keys.consumeDaily(b, "2026-11-21", 3), { allowed: true, used: 1 });
        assert.equal(await keys.usedOn(a, "2026-11-21"), 3);
        assert.equal(await keys.usedOn(b, "2026-11-20"), 0);
      });

      it("allows exactly `limit` of 200 concurrent requests spread over two instances", async () => {
        const stores = await fresh();
        const other = await stores.again();
        const id = (await stores.keys.create({ name: "busy", env: "testnet" })).record.id;
        const limit = 137;
        const calls = Array.from({ length: 200 }, (_, i) =>
          (i % 2 === 0 ? stores : other).keys.consumeDaily(id, "2026-11-21", limit),
        );
        const results = await Promise.all(calls);
        assert.equal(results.filter((r) => r.allowed).length, limit);
        const used = results
          .filter((r) => r.allowed)
          .map((r) => r.used)
          .sort((x, y) => x - y);
        assert.deepEqual(
          used,
          Array.from({ length: limit }, (_, i) => i + 1),
          "each allowed request got its own count",
        );
        assert.ok(results.filter((r) => !r.allowed).every((r) => r.used === limit));
        assert.equal(await other.keys.usedOn(id, "2026-11-21"), limit);
      });
    });

    describe("blueprints", () => {
      it("creates, then updates the blueprint of the same hashes (JSON replaced, refs merged), and creates another for other hashes", async () => {
        let now = 1_800_000_000_000;
        const { blueprints: store } = await fresh(() => now);
        const a = await store.save("owner-a", blueprint([H1, H2], { refs: { [H1]: { txHash: TX_A, index: 0 } } }));
        assert.equal(a.created, true);
        assert.match(a.blueprint.id, /^[0-9a-f]{12}$/);
        assert.deepEqual(a.blueprint.hashes, [H1, H2]);
        assert.deepEqual(a.blueprint.refs, { [H1]: { txHash: TX_A, index: 0 } });
        assert.equal(a.blueprint.createdAt, now);

        now += 5000;
        // Same set of hashes in another order, a new title and JSON, and a ref for the other hash.
        const b = await store.save(
          "owner-a",
          blueprint([H2, H1], { title: "renamed", json: '{"v":2}', refs: { [H2]: { txHash: TX_B, index: 3 } } }),
        );
        assert.equal(b.created, false);
        assert.equal(b.blueprint.id, a.blueprint.id);
        assert.equal(b.blueprint.title, "renamed");
        assert.equal(b.blueprint.json, '{"v":2}');
        assert.deepEqual(b.blueprint.hashes, [H1, H2], "the hashes keep the order they were first given in");
        assert.deepEqual(b.blueprint.refs, { [H1]: { txHash: TX_A, index: 0 }, [H2]: { txHash: TX_B, index: 3 } });
        assert.deepEqual([b.blueprint.createdAt, b.blueprint.updatedAt], [now - 5000, now]);

        // A later ref for a hash replaces the earlier one.
        const c = await store.save("owner-a", blueprint([H1, H2], { refs: { [H1]: { txHash: TX_B, index: 1 } } }));
        assert.deepEqual(c.blueprint.refs[H1], { txHash: TX_B, index: 1 });

        const other = await store.save("owner-a", blueprint([H1, H1]));
        assert.equal(other.created, true);
        assert.deepEqual(other.blueprint.hashes, [H1], "duplicate hashes are one");
        assert.notEqual(other.blueprint.id, a.blueprint.id);
        assert.equal(await store.count("owner-a"), 2);
      });

      it("makes one blueprint when two instances save the same one at the same time", async () => {
        const stores = await fresh();
        const other = await stores.again();
        const saved = await Promise.all([
          stores.blueprints.save("o", blueprint([H1, H2])),
          other.blueprints.save("o", blueprint([H2, H1])),
        ]);
        assert.deepEqual(saved.map((s) => s.created).sort(), [false, true]);
        assert.equal(saved[0].blueprint.id, saved[1].blueprint.id);
        assert.equal(await stores.blueprints.count("o"), 1);
      });

      it("stores exactly `limit` of 300 new blueprints saved at once through two instances; an update at the limit passes", async () => {
        const stores = await fresh();
        const other = await stores.again();
        const limit = 200;
        const hashOf = (i: number): string => i.toString(16).padStart(56, "0");
        const results = await Promise.allSettled(
          Array.from({ length: 300 }, (_, i) =>
            (i % 2 === 0 ? stores : other).blueprints.save("o", blueprint([hashOf(i)]), { limit }),
          ),
        );
        const refused = results.filter((r) => r.status === "rejected").map((r) => r.reason as Error);
        assert.equal(results.filter((r) => r.status === "fulfilled" && r.value.created).length, limit);
        assert.equal(refused.length, 100);
        assert.ok(
          refused.every((e) => e instanceof BlueprintLimitError && e.limit === limit),
          String(refused.find((e) => !(e instanceof BlueprintLimitError))),
        );
        assert.equal(await other.blueprints.count("o"), limit);
        const stored = (await stores.blueprints.list("o", { limit: 1 })).blueprints[0]!;
        const update = await other.blueprints.save("o", blueprint([...stored.hashes], { title: "updated" }), { limit });
        assert.deepEqual([update.created, update.blueprint.id, update.blueprint.title], [false, stored.id, "updated"]);
        await assert.rejects(stores.blueprints.save("o", blueprint([H1]), { limit }), BlueprintLimitError);
        assert.equal(
          (await stores.blueprints.save("p", blueprint([H1]), { limit })).created,
          true,
          "the limit is per owner",
        );
      });

      it("refuses what the domain must have checked: no hashes, a ref for a hash the blueprint does not hold", async () => {
        const { blueprints: store } = await fresh();
        await assert.rejects(store.save("o", blueprint([])), /at least one validator hash/);
        await assert.rejects(
          store.save("o", blueprint([H1], { refs: { [H2]: { txHash: TX_A, index: 0 } } })),
          /not a validator of the blueprint/,
        );
        assert.equal(await store.count("o"), 0);
      });

      it("keeps owners apart: another owner's blueprint is never listed, got, found or deleted", async () => {
        const { blueprints: store } = await fresh();
        const mine = await store.save("alice", blueprint([H1]));
        const theirs = await store.save("bob", blueprint([H1]));
        assert.notEqual(mine.blueprint.id, theirs.blueprint.id, "the same blueprint is one per owner");
        assert.deepEqual(
          (await store.list("bob", { limit: 10 })).blueprints.map((b) => b.id),
          [theirs.blueprint.id],
        );
        assert.equal(await store.get("bob", mine.blueprint.id), undefined);
        assert.equal(await store.delete("bob", mine.blueprint.id), false);
        assert.deepEqual(await store.get("alice", mine.blueprint.id), mine.blueprint);
        assert.equal(await store.findValidator("carol", H1), undefined);
        assert.equal((await store.findValidator("bob", H1))?.blueprint.id, theirs.blueprint.id);
        assert.deepEqual([await store.count("alice"), await store.count("bob"), await store.count("carol")], [1, 1, 0]);
      });

      it("filters by title, version and hash, and pages oldest first", async () => {
        const { blueprints: store } = await fresh();
        const one = await store.save("o", blueprint([H1], { title: "one", version: "1.0.0" }));
        const two = await store.save("o", blueprint([H2], { title: "two", version: "1.0.0" }));
        const three = await store.save("o", blueprint([H1, H3], { title: "one", version: "2.0.0" }));
        const ids = async (filter: BlueprintFilter) => (await store.list("o", filter)).blueprints.map((b) => b.id);
        assert.deepEqual(await ids({ limit: 10, title: "one" }), [one.blueprint.id, three.blueprint.id]);
        assert.deepEqual(await ids({ limit: 10, version: "1.0.0" }), [one.blueprint.id, two.blueprint.id]);
        assert.deepEqual(await ids({ limit: 10, title: "one", version: "2.0.0" }), [three.blueprint.id]);
        assert.deepEqual(await ids({ limit: 10, hash: H1 }), [one.blueprint.id, three.blueprint.id]);
        assert.deepEqual(await ids({ limit: 10, hash: H3, title: "two" }), []);

        const first = await store.list("o", { limit: 2 });
        assert.deepEqual(first.blueprints, [one.blueprint, two.blueprint]);
        assert.equal(typeof first.next, "number");
        const second = await store.list("o", { limit: 2, after: first.next });
        assert.deepEqual(
          second.blueprints.map((b) => b.id),
          [three.blueprint.id],
        );
        assert.equal(second.next, undefined);
        assert.equal("next" in second, false, "the last page has no next at all");
        assert.deepEqual(await ids({ limit: 3 }), [one.blueprint.id, two.blueprint.id, three.blueprint.id]);
        assert.equal((await store.list("o", { limit: 3 })).next, undefined, "a full last page has no next");
        // An update keeps the blueprint's place in the order.
        await store.save("o", blueprint([H1], { title: "one again" }));
        assert.deepEqual(await ids({ limit: 10 }), [one.blueprint.id, two.blueprint.id, three.blueprint.id]);
      });

      it("ends a page before the blueprint that would bring its JSON over maxBytes, always taking the first", async () => {
        const { blueprints: store } = await fresh();
        const sized = (hash: string, size: number) =>
          blueprint([hash], { json: JSON.stringify({ pad: "x".repeat(size - 10) }) });
        const a = await store.save("o", sized(H1, 400));
        const b = await store.save("o", sized(H2, 500));
        const c = await store.save("o", sized(H3, 300));
        assert.equal(a.blueprint.json.length, 400);
        const ids = (page: { blueprints: { id: string }[] }) => page.blueprints.map((x) => x.id);
        const first = await store.list("o", { limit: 10, maxBytes: 1000 });
        assert.deepEqual(ids(first), [a.blueprint.id, b.blueprint.id], "400 + 500 fit in 1000; + 300 would not");
        const second = await store.list("o", { limit: 10, maxBytes: 1000, after: first.next });
        assert.deepEqual(ids(second), [c.blueprint.id]);
        assert.equal(second.next, undefined);
        // A blueprint larger than the bound alone still makes a page of one.
        const tiny = await store.list("o", { limit: 10, maxBytes: 100 });
        assert.deepEqual(ids(tiny), [a.blueprint.id]);
        assert.deepEqual(ids(await store.list("o", { limit: 10, maxBytes: 100, after: tiny.next })), [b.blueprint.id]);
        // The count limit still holds within the bytes, and exactly the bytes fit.
        assert.deepEqual(ids(await store.list("o", { limit: 1, maxBytes: 10_000 })), [a.blueprint.id]);
        assert.deepEqual(ids(await store.list("o", { limit: 10, maxBytes: 1200 })), [
          a.blueprint.id,
          b.blueprint.id,
          c.blueprint.id,
        ]);
        assert.equal((await store.list("o", { limit: 10, maxBytes: 1200 })).next, undefined);
      });

      it("finds a validator in the most recently stored blueprint holding it, with the latest ref recorded for it", async () => {
        const { blueprints: store } = await fresh();
        const older = await store.save("o", blueprint([H1, H2], { refs: { [H1]: { txHash: TX_A, index: 0 } } }));
        const newer = await store.save("o", blueprint([H1, H3]));
        let found = await store.findValidator("o", H1);
        assert.equal(found?.blueprint.id, newer.blueprint.id);
        assert.deepEqual(
          found?.ref,
          { txHash: TX_A, index: 0 },
          "a ref recorded with another blueprint still says where the script is",
        );
        assert.equal((await store.findValidator("o", H2))?.blueprint.id, older.blueprint.id);
        assert.equal((await store.findValidator("o", H3))?.ref, null);

        await store.save("o", blueprint([H1, H2])); // touching the older one makes it the most recent
        found = await store.findValidator("o", H1);
        assert.equal(found?.blueprint.id, older.blueprint.id);
        await store.save("o", blueprint([H1, H3], { refs: { [H1]: { txHash: TX_B, index: 4 } } }));
        found = await store.findValidator("o", H1);
        assert.deepEqual([found?.blueprint.id, found?.ref], [newer.blueprint.id, { txHash: TX_B, index: 4 }]);
      });

      it("deletes a blueprint with its validators and refs", async () => {
        const { blueprints: store } = await fresh();
        const saved = await store.save("o", blueprint([H1], { refs: { [H1]: { txHash: TX_A, index: 2 } } }));
        assert.equal(await store.delete("o", saved.blueprint.id), true);
        assert.equal(await store.delete("o", saved.blueprint.id), false);
        assert.equal(await store.findValidator("o", H1), undefined);
        assert.equal(await store.count("o"), 0);
        const again = await store.save("o", blueprint([H1]));
        assert.equal(again.created, true);
        assert.deepEqual(again.blueprint.refs, {}, "the deleted blueprint's refs went with it");
      });

      it("keeps blueprints and refs across a reopen", async () => {
        const first = await fresh();
        const saved = await first.blueprints.save(
          "o",
          blueprint([H1, H2], { refs: { [H2]: { txHash: TX_B, index: 7 } } }),
        );
        await first.close();
        const second = await first.again();
        assert.deepEqual(await second.blueprints.get("o", saved.blueprint.id), saved.blueprint);
        assert.deepEqual((await second.blueprints.findValidator("o", H2))?.ref, { txHash: TX_B, index: 7 });
      });
    });

    describe("deployments", () => {
      const record: DeploymentRecord = {
        network: "preprod",
        contractTitle: "tournament",
        contractVersion: "1.0.0",
        scriptHash: H1,
        txHash: TX_A,
        outputIndex: 0,
        createdAt: 1_800_000_000_000,
      };

      it("finds what was saved, per network, contract and script hash, and replaces a record", async () => {
        const { deployments } = await fresh();
        const find = (r: DeploymentRecord) =>
          deployments.find(r.network, r.contractTitle, r.contractVersion, r.scriptHash);
        assert.equal(await find(record), null);
        await deployments.save(record);
        assert.deepEqual(await find(record), record);
        for (const other of [
          { network: "mainnet" },
          { contractTitle: "other" },
          { contractVersion: "2.0.0" },
          { scriptHash: H2 },
        ]) {
          assert.equal(await find({ ...record, ...other }), null, JSON.stringify(other));
        }
        const replaced = { ...record, txHash: TX_B, outputIndex: 3, createdAt: record.createdAt + 1 };
        await deployments.save(replaced);
        assert.deepEqual(await find(record), replaced);
      });

      it("keeps deployments across a reopen", async () => {
        const first = await fresh();
        await first.deployments.save(record);
        await first.close();
        const second = await first.again();
        assert.deepEqual(
          await second.deployments.find(
            record.network,
            record.contractTitle,
            record.contractVersion,
            record.scriptHash,
          ),
          record,
        );
      });
    });
  });
}
