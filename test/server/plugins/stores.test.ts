// The stores plugin: it opens the stores first and alone (a plugin that uses one depends on it
// and reads app.stores), a store that cannot open stops the start with its own message, and a
// start that fails after the stores opened closes them again.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import Database from "better-sqlite3";
import Fastify from "fastify";
import { loadConfig } from "../../../src/config.js";
import { build } from "../../../src/server/app.js";
import auth from "../../../src/server/plugins/auth.js";
import blueprints from "../../../src/server/plugins/blueprints.js";
import errors from "../../../src/server/plugins/errors.js";
import tournaments from "../../../src/server/plugins/tournaments.js";
import { storePath } from "../../../src/store/sqlite/database.js";
import { startService } from "../../support/service.js";

/** The files of DATA_DIR this process holds open (Linux: /proc/self/fd). */
function openFilesUnder(dir: string): string[] {
  const held: string[] = [];
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(dir)) held.push(target);
    } catch {
      // The descriptor readdir itself used, closed by now.
    }
  }
  return held;
}

describe("the stores plugin", () => {
  const root = mkdtempSync(join(tmpdir(), "txsvc-stores-plugin-"));
  after(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  const dataDir = () => mkdtempSync(join(root, `${n++}-`));

  it("decorates the instance with the stores it opened, the key store being stores.keys", async () => {
    const service = await startService({ NETWORK: "preview" }, { chain: null });
    try {
      assert.equal(service.app.stores.backend, "sqlite");
      assert.equal(service.app.keyStore, service.app.stores.keys);
      assert.equal(await service.app.storeProblem(), null);
      const created = await service.app.stores.keys.create({ name: "plugin", env: "testnet" });
      assert.deepEqual(await service.app.keyStore.findById(created.record.id), created.record);
    } finally {
      await service.close();
    }
  });

  for (const [name, plugin, more] of [
    ["auth", auth, [errors]],
    ["blueprints", blueprints, []],
    ["tournaments", tournaments, []],
  ] as const) {
    it(`is a declared dependency of the ${name} plugin, which opens no store of its own`, async () => {
      const app = Fastify();
      app.decorate("config", loadConfig({ NETWORK: "preview", DATA_DIR: dataDir(), LOG_LEVEL: "silent" }));
      for (const other of more) await app.register(other);
      await assert.rejects(
        (async () => {
          await app.register(plugin);
        })(),
        (error: Error) => {
          assert.match(error.message, new RegExp(`dependency 'stores' of plugin '${name}' is not registered`));
          return true;
        },
      );
      await app.close();
    });
  }

  it("stops the start with the store's own message when a store cannot open", async () => {
    const dir = dataDir();
    const db = new Database(storePath(dir));
    db.exec(`CREATE TABLE schema_migrations (component TEXT NOT NULL, version INTEGER NOT NULL, applied_at INTEGER NOT NULL,
               PRIMARY KEY (component, version)) STRICT;
             INSERT INTO schema_migrations VALUES ('keys', 99, 0);`);
    db.close();
    const config = loadConfig({ NETWORK: "preview", DATA_DIR: dir, LOG_LEVEL: "silent" });
    await assert.rejects(build(config, { chain: null }), {
      message: "The store's keys schema is version 99, newer than this service knows (1): upgrade the service.",
    });
    assert.deepEqual(openFilesUnder(dir), []);
  });

  it("closes the stores it opened when a plugin registered after it fails the start", async () => {
    const dir = dataDir();
    // Not a database: the devnet (the chain plugin, after the stores) cannot open its ledger.
    writeFileSync(join(dir, "devnet.sqlite"), "this is not a SQLite file, but it is long enough to be read as one.");
    const config = loadConfig({ NETWORK: "devnet", DATA_DIR: dir, LOG_LEVEL: "silent" });
    await assert.rejects(build(config), /file is not a database/);
    assert.deepEqual(openFilesUnder(dir), []);
  });
});
