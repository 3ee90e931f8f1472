// The SQLite blueprint store on real files: its migration beside the keys', identity by the set of
// hashes (create or update), refs merged, filters and pages, owners kept apart, lookups by hash,
// deletion with its refs, and persistence across a reopen.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { SqliteBlueprintStore } from "../../src/store/blueprints.js";
import { SqliteStore, storePath } from "../../src/store/sqlite.js";
import type { NewBlueprint } from "../../src/store/types.js";

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

describe("SQLite blueprint store", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "txsvc-blueprints-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function open(name: string, clock?: () => number): Promise<SqliteBlueprintStore> {
    return SqliteBlueprintStore.open(storePath(join(dir, name)), clock ? { clock } : {});
  }

  it("migrates its own tables in the keys' file, beside the keys' ledger entry, once", async () => {
    const path = storePath(join(dir, "shared"));
    const keys = await SqliteStore.open(path);
    const first = await SqliteBlueprintStore.open(path);
    await first.close();
    const second = await SqliteBlueprintStore.open(path);
    try {
      const ledger = second.database.prepare("SELECT component, version FROM schema_migrations ORDER BY component").all();
      assert.deepEqual(ledger, [
        { component: "blueprints", version: 1 },
        { component: "keys", version: 1 },
      ]);
      assert.equal((await keys.list()).length, 0, "the key store still works on the same file");
    } finally {
      await second.close();
      await keys.close();
    }
  });

  it("creates, then updates the blueprint of the same hashes (JSON replaced, refs merged), and creates another for other hashes", async () => {
    let now = 1_800_000_000_000;
    const store = await open("identity", () => now);
    try {
      const a = await store.save("owner-a", blueprint([H1, H2], { refs: { [H1]: { txHash: TX_A, index: 0 } } }));
      assert.equal(a.created, true);
      assert.match(a.blueprint.id, /^[0-9a-f]{12}$/);
      assert.deepEqual(a.blueprint.hashes, [H1, H2]);
      assert.deepEqual(a.blueprint.refs, { [H1]: { txHash: TX_A, index: 0 } });
      assert.equal(a.blueprint.createdAt, now);

      now += 5000;
      // Same set of hashes in another order, a new title and JSON, and a ref for the other hash.
      const b = await store.save("owner-a", blueprint([H2, H1], { title: "renamed", json: "{\"v\":2}", refs: { [H2]: { txHash: TX_B, index: 3 } } }));
      assert.equal(b.created, false);
      assert.equal(b.blueprint.id, a.blueprint.id);
      assert.equal(b.blueprint.title, "renamed");
      assert.equal(b.blueprint.json, "{\"v\":2}");
      assert.deepEqual(b.blueprint.refs, { [H1]: { txHash: TX_A, index: 0 }, [H2]: { txHash: TX_B, index: 3 } });
      assert.deepEqual([b.blueprint.createdAt, b.blueprint.updatedAt], [now - 5000, now]);

      // A later ref for a hash replaces the earlier one.
      const c = await store.save("owner-a", blueprint([H1, H2], { refs: { [H1]: { txHash: TX_B, index: 1 } } }));
      assert.deepEqual(c.blueprint.refs[H1], { txHash: TX_B, index: 1 });

      const other = await store.save("owner-a", blueprint([H1]));
      assert.equal(other.created, true);
      assert.notEqual(other.blueprint.id, a.blueprint.id);
      assert.equal(await store.count("owner-a"), 2);
    } finally {
      await store.close();
    }
  });

  it("refuses what the domain must have checked: no hashes, a ref for a hash the blueprint does not hold", async () => {
    const store = await open("refusals");
    try {
      await assert.rejects(store.save("o", blueprint([])), /at least one validator hash/);
      await assert.rejects(store.save("o", blueprint([H1], { refs: { [H2]: { txHash: TX_A, index: 0 } } })), /not a validator of the blueprint/);
      assert.equal(await store.count("o"), 0);
    } finally {
      await store.close();
    }
  });

  it("keeps owners apart: another owner's blueprint is never listed, got, found or deleted", async () => {
    const store = await open("owners");
    try {
      const mine = await store.save("alice", blueprint([H1]));
      const theirs = await store.save("bob", blueprint([H1]));
      assert.notEqual(mine.blueprint.id, theirs.blueprint.id, "the same blueprint is one per owner");
      assert.deepEqual((await store.list("bob", { limit: 10 })).blueprints.map((b) => b.id), [theirs.blueprint.id]);
      assert.equal(await store.get("bob", mine.blueprint.id), undefined);
      assert.equal(await store.delete("bob", mine.blueprint.id), false);
      assert.ok(await store.get("alice", mine.blueprint.id));
      assert.equal((await store.findValidator("carol", H1)), undefined);
      assert.equal((await store.findValidator("bob", H1))?.blueprint.id, theirs.blueprint.id);
    } finally {
      await store.close();
    }
  });

  it("filters by title, version and hash, and pages oldest first", async () => {
    const store = await open("filters");
    try {
      const one = await store.save("o", blueprint([H1], { title: "one", version: "1.0.0" }));
      const two = await store.save("o", blueprint([H2], { title: "two", version: "1.0.0" }));
      const three = await store.save("o", blueprint([H1, H3], { title: "one", version: "2.0.0" }));
      const ids = async (filter: Parameters<SqliteBlueprintStore["list"]>[1]) => (await store.list("o", filter)).blueprints.map((b) => b.id);
      assert.deepEqual(await ids({ limit: 10, title: "one" }), [one.blueprint.id, three.blueprint.id]);
      assert.deepEqual(await ids({ limit: 10, version: "1.0.0" }), [one.blueprint.id, two.blueprint.id]);
      assert.deepEqual(await ids({ limit: 10, title: "one", version: "2.0.0" }), [three.blueprint.id]);
      assert.deepEqual(await ids({ limit: 10, hash: H1 }), [one.blueprint.id, three.blueprint.id]);
      assert.deepEqual(await ids({ limit: 10, hash: H3, title: "two" }), []);

      const first = await store.list("o", { limit: 2 });
      assert.deepEqual(first.blueprints.map((b) => b.id), [one.blueprint.id, two.blueprint.id]);
      assert.ok(first.next !== undefined);
      const second = await store.list("o", { limit: 2, after: first.next });
      assert.deepEqual(second.blueprints.map((b) => b.id), [three.blueprint.id]);
      assert.equal(second.next, undefined);
      // An update keeps the blueprint's place in the order.
      await store.save("o", blueprint([H1], { title: "one again" }));
      assert.deepEqual(await ids({ limit: 10 }), [one.blueprint.id, two.blueprint.id, three.blueprint.id]);
    } finally {
      await store.close();
    }
  });

  it("finds a validator in the most recently stored blueprint holding it, with the latest ref recorded for it", async () => {
    const store = await open("find");
    try {
      const older = await store.save("o", blueprint([H1, H2], { refs: { [H1]: { txHash: TX_A, index: 0 } } }));
      const newer = await store.save("o", blueprint([H1, H3]));
      let found = await store.findValidator("o", H1);
      assert.equal(found?.blueprint.id, newer.blueprint.id);
      assert.deepEqual(found?.ref, { txHash: TX_A, index: 0 }, "a ref recorded with another blueprint still says where the script is");
      assert.equal((await store.findValidator("o", H2))?.blueprint.id, older.blueprint.id);
      assert.equal((await store.findValidator("o", H3))?.ref, null);

      await store.save("o", blueprint([H1, H2])); // touching the older one makes it the most recent
      found = await store.findValidator("o", H1);
      assert.equal(found?.blueprint.id, older.blueprint.id);

      const plan = store.database
        .prepare("EXPLAIN QUERY PLAN SELECT * FROM blueprint_validators WHERE owner = ? AND hash = ?")
        .all("o", H1)
        .map((row) => (row as { detail: string }).detail)
        .join(" | ");
      assert.match(plan, /USING (COVERING )?INDEX blueprint_validators_by_hash/);
    } finally {
      await store.close();
    }
  });

  it("deletes a blueprint with its validators and refs", async () => {
    const store = await open("delete");
    try {
      const saved = await store.save("o", blueprint([H1], { refs: { [H1]: { txHash: TX_A, index: 2 } } }));
      assert.equal(await store.delete("o", saved.blueprint.id), true);
      assert.equal(await store.delete("o", saved.blueprint.id), false);
      assert.equal(await store.findValidator("o", H1), undefined);
      assert.equal(store.database.prepare("SELECT count(*) AS n FROM blueprint_validators").get()?.["n" as never], 0);
    } finally {
      await store.close();
    }
  });

  it("keeps blueprints and refs across a reopen of the file", async () => {
    const first = await open("persist");
    const saved = await first.save("o", blueprint([H1, H2], { refs: { [H2]: { txHash: TX_B, index: 7 } } }));
    await first.close();
    const second = await open("persist");
    try {
      assert.deepEqual(await second.get("o", saved.blueprint.id), saved.blueprint);
      assert.deepEqual((await second.findValidator("o", H2))?.ref, { txHash: TX_B, index: 7 });
    } finally {
      await second.close();
    }
  });
});
