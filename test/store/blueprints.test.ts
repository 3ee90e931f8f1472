// What only the SQLite blueprint store has: its migration beside the keys' in one file, its index
// and cascade. The behaviour both backends share is in the store contract (test/support/store-suite.ts,
// run by sqlite-suite.test.ts).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { SqliteBlueprintStore } from "../../src/store/sqlite/blueprints.js";
import { storePath } from "../../src/store/sqlite/database.js";
import { SqliteKeyStore } from "../../src/store/sqlite/keys.js";
import type { NewBlueprint } from "../../src/store/types.js";

const H1 = "11".repeat(28);
const TX_A = "aa".repeat(32);

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

  async function open(name: string): Promise<SqliteBlueprintStore> {
    return SqliteBlueprintStore.open(storePath(join(dir, name)));
  }

  it("migrates its own tables in the keys' file, beside the keys' ledger entry, once", async () => {
    const path = storePath(join(dir, "shared"));
    const keys = await SqliteKeyStore.open(path);
    const first = await SqliteBlueprintStore.open(path);
    await first.close();
    const second = await SqliteBlueprintStore.open(path);
    try {
      const ledger = second.database
        .prepare("SELECT component, version FROM schema_migrations ORDER BY component")
        .all();
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

  it("finds a validator by hash through its index, and deletes a blueprint's validator rows with it", async () => {
    const store = await open("sqlite-only");
    try {
      const saved = await store.save("o", blueprint([H1], { refs: { [H1]: { txHash: TX_A, index: 2 } } }));
      const plan = store.database
        .prepare("EXPLAIN QUERY PLAN SELECT * FROM blueprint_validators WHERE owner = ? AND hash = ?")
        .all("o", H1)
        .map((row) => (row as { detail: string }).detail)
        .join(" | ");
      assert.match(plan, /USING (COVERING )?INDEX blueprint_validators_by_hash/);
      assert.equal(await store.delete("o", saved.blueprint.id), true);
      assert.equal(store.database.prepare("SELECT count(*) AS n FROM blueprint_validators").get()?.["n" as never], 0);
    } finally {
      await store.close();
    }
  });
});
