// The SQLite key store on real files: migrations, persistence, revoke/rotate rules, limits.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import Database from "better-sqlite3";
import { hashKey } from "../../src/store/key-material.js";
import { SqliteStore, storePath } from "../../src/store/sqlite.js";
import { DEFAULT_LIMITS, KeyStoreError } from "../../src/store/types.js";

describe("SQLite key store", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "txsvc-store-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("creates the directory and file, in WAL mode, and migrates once", async () => {
    const path = storePath(join(dir, "a", "b"));
    const first = await SqliteStore.open(path);
    await first.create({ name: "kept", env: "testnet" });
    assert.equal(first.database.pragma("journal_mode", { simple: true }), "wal");
    await first.close();
    const second = await SqliteStore.open(path);
    try {
      assert.deepEqual((await second.list()).map((k) => k.name), ["kept"]);
      const ledger = second.database.prepare("SELECT component, version FROM schema_migrations").all();
      assert.deepEqual(ledger, [{ component: "keys", version: 1 }]);
    } finally {
      await second.close();
    }
  });

  it("refuses to open a store migrated by a newer version of the service", async () => {
    const path = storePath(join(dir, "newer"));
    await (await SqliteStore.open(path)).close();
    const raw = new Database(path);
    raw.prepare("INSERT INTO schema_migrations VALUES ('keys', 99, 0)").run();
    raw.close();
    await assert.rejects(SqliteStore.open(path), /schema is version 99, newer than this service knows/);
  });

  it("fills in default limits, keeps given ones, and rejects impossible ones naming them", async () => {
    const store = await SqliteStore.open(storePath(join(dir, "limits")));
    try {
      assert.deepEqual((await store.create({ name: "d", env: "testnet" })).record.limits, DEFAULT_LIMITS);
      assert.deepEqual((await store.create({ name: "c", env: "mainnet", limits: { burst: 3 } })).record.limits, { ...DEFAULT_LIMITS, burst: 3 });
      for (const [limits, name] of [[{ perDay: 0 }, "perDay"], [{ perSecond: 0.5 }, "perSecond"], [{ burst: -1 }, "burst"]] as const) {
        await assert.rejects(store.create({ name: "bad", env: "testnet", limits }), (e: unknown) => e instanceof KeyStoreError && e.code === "INVALID" && e.message.startsWith(name));
      }
      await assert.rejects(store.create({ name: "  ", env: "testnet" }), /name must be/);
      assert.equal((await store.list()).length, 2);
    } finally {
      await store.close();
    }
  });

  it("finds a key by its hash only, and revokes and rotates by ID with clear refusals", async () => {
    let now = 1_800_000_000_000;
    const store = await SqliteStore.open(storePath(join(dir, "rotate")), { clock: () => now });
    try {
      const { key, record } = await store.create({ name: "svc", env: "testnet", limits: { perDay: 5 } });
      assert.equal(record.createdAt, now);
      assert.deepEqual(await store.findByHash(hashKey(key)), record);
      assert.equal(await store.findByHash(key), undefined);
      now += 1000;
      const rotated = await store.rotate(record.id);
      assert.equal(rotated.record.rotatedFrom, record.id);
      assert.deepEqual(rotated.record.limits, record.limits);
      assert.equal((await store.findById(record.id))?.revokedAt, now);
      await assert.rejects(store.rotate(record.id), (e: unknown) => e instanceof KeyStoreError && e.code === "REVOKED");
      await assert.rejects(store.revoke("nope"), (e: unknown) => e instanceof KeyStoreError && e.code === "NOT_FOUND");
      assert.equal((await store.list()).length, 2, "a refused rotation creates nothing");
      const revoked = await store.revoke(rotated.record.id);
      assert.equal(revoked.revokedAt, now);
      assert.equal((await store.findByHash(hashKey(rotated.key)))?.revokedAt, now);
    } finally {
      await store.close();
    }
  });

  it("counts per key and per day, never beyond the limit", async () => {
    const store = await SqliteStore.open(storePath(join(dir, "count")));
    try {
      const a = (await store.create({ name: "a", env: "testnet" })).record.id;
      const b = (await store.create({ name: "b", env: "testnet" })).record.id;
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await store.consumeDaily(a, "2026-11-21", 3));
      assert.deepEqual(results, [
        { allowed: true, used: 1 },
        { allowed: true, used: 2 },
        { allowed: true, used: 3 },
        { allowed: false, used: 3 },
      ]);
      assert.deepEqual(await store.consumeDaily(a, "2026-11-22", 3), { allowed: true, used: 1 });
      assert.deepEqual(await store.consumeDaily(b, "2026-11-21", 3), { allowed: true, used: 1 });
      assert.equal(await store.usedOn(a, "2026-11-21"), 3);
      assert.equal(await store.usedOn(b, "2026-11-20"), 0);
    } finally {
      await store.close();
    }
  });
});
