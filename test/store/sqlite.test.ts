// What only the SQLite key store has: its file, WAL mode and migration ledger. The behaviour both
// backends share is in the store contract (test/support/store-suite.ts, run by sqlite-suite.test.ts).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import Database from "better-sqlite3";
import { storePath } from "../../src/store/sqlite/database.js";
import { SqliteKeyStore } from "../../src/store/sqlite/keys.js";

describe("SQLite key store", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "txsvc-store-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("creates the directory and file, in WAL mode, and migrates once", async () => {
    const path = storePath(join(dir, "a", "b"));
    const first = await SqliteKeyStore.open(path);
    await first.create({ name: "kept", env: "testnet" });
    assert.equal(first.database.pragma("journal_mode", { simple: true }), "wal");
    await first.close();
    const second = await SqliteKeyStore.open(path);
    try {
      assert.deepEqual(
        (await second.list()).map((k) => k.name),
        ["kept"],
      );
      const ledger = second.database.prepare("SELECT component, version FROM schema_migrations").all();
      assert.deepEqual(ledger, [{ component: "keys", version: 1 }]);
    } finally {
      await second.close();
    }
  });

  it("refuses to open a store migrated by a newer version of the service", async () => {
    const path = storePath(join(dir, "newer"));
    await (await SqliteKeyStore.open(path)).close();
    const raw = new Database(path);
    raw.prepare("INSERT INTO schema_migrations VALUES ('keys', 99, 0)").run();
    raw.close();
    await assert.rejects(SqliteKeyStore.open(path), /schema is version 99, newer than this service knows/);
  });
});
