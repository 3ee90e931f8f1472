// The store contract (test/support/store-suite.ts) on PostgreSQL, one fresh database per test on
// a throwaway server (test/support/postgres.ts), and what only PostgreSQL has: the migration lock
// between instances, and outages (StoreUnavailableError, then recovery without reopening).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { openStores, type Stores } from "../../src/store/open.js";
import { postgresSkip, startPostgres, type TestPostgres } from "../support/postgres.js";
import { runStoreSuite } from "../support/store-suite.js";

const unavailable = (e: unknown): boolean =>
  (e as { code?: string }).code === "STORE_ERR_UNAVAILABLE" &&
  (e as { statusCode?: number }).statusCode === 503 &&
  /^The database \(PostgreSQL\) cannot be reached: .+\. Retry later\.$/.test((e as Error).message);

async function sql<R>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as R[];
  } finally {
    await client.end();
  }
}

describe("PostgreSQL stores", { skip: postgresSkip() }, () => {
  let server: TestPostgres;
  before(async () => {
    server = await startPostgres();
  });
  after(async () => {
    await server?.stop();
  });

  runStoreSuite("PostgreSQL", () => ({
    async fresh() {
      const databaseUrl = await server.createDatabase();
      return { open: (clock) => openStores({ dataDir: "unused", databaseUrl }, clock ? { clock } : {}) };
    },
  }));

  it("applies each migration once when two instances open a fresh database at the same moment", async () => {
    const databaseUrl = await server.createDatabase();
    const both = await Promise.all([
      openStores({ dataDir: "unused", databaseUrl }),
      openStores({ dataDir: "unused", databaseUrl }),
    ]);
    try {
      const ledger = await sql<{ component: string; version: number }>(
        databaseUrl,
        "SELECT component, version FROM schema_migrations ORDER BY component",
      );
      assert.deepEqual(ledger, [
        { component: "blueprints", version: 1 },
        { component: "deployments", version: 1 },
        { component: "events", version: 1 },
        { component: "keys", version: 1 },
        { component: "webhooks", version: 1 },
      ]);
      await both[0].keys.create({ name: "one", env: "testnet" });
      assert.equal((await both[1].keys.list()).length, 1);
    } finally {
      await Promise.all(both.map((stores) => stores.close()));
    }
  });

  it("refuses to open a database migrated by a newer version of the service", async () => {
    const databaseUrl = await server.createDatabase();
    await (await openStores({ dataDir: "unused", databaseUrl })).close();
    await sql(databaseUrl, "INSERT INTO schema_migrations VALUES ('keys', 99, 0)");
    await assert.rejects(
      openStores({ dataDir: "unused", databaseUrl }),
      /keys schema is version 99, newer than this service knows/,
    );
  });

  // Last two: they stop the shared server for a while.
  it("opens degraded while the server is down (problem names PostgreSQL, every use is a 503), and migrates once it is back", async () => {
    const databaseUrl = await server.createDatabase(); // never migrated
    await server.kill();
    let stores: Stores | undefined;
    try {
      stores = await openStores({ dataDir: "unused", databaseUrl });
      assert.match((await stores.problem())!, /^the database \(PostgreSQL\) cannot be reached: .+[^.]$/);
      await assert.rejects(stores.keys.create({ name: "early", env: "testnet" }), unavailable);
      await assert.rejects(stores.blueprints.count("o"), unavailable);
    } finally {
      await server.restart();
    }
    try {
      assert.equal(await stores.problem(), null);
      const ledger = await sql<{ component: string }>(
        databaseUrl,
        "SELECT component FROM schema_migrations ORDER BY component",
      );
      assert.deepEqual(
        ledger.map((r) => r.component),
        ["blueprints", "deployments", "events", "keys", "webhooks"],
      );
      const { record } = await stores.keys.create({ name: "late", env: "testnet" });
      assert.equal((await stores.keys.findById(record.id))?.name, "late");
    } finally {
      await stores.close();
    }
  });

  it("answers STORE_ERR_UNAVAILABLE naming PostgreSQL while the server is down, and works again once it is back", async () => {
    const databaseUrl = await server.createDatabase();
    const stores: Stores = await openStores({ dataDir: "unused", databaseUrl });
    try {
      const { record } = await stores.keys.create({ name: "survivor", env: "testnet" });
      await stores.keys.consumeDaily(record.id, "2026-11-21", 10); // a pooled connection exists when the server dies
      await server.kill();
      await assert.rejects(stores.keys.findById(record.id), unavailable);
      await assert.rejects(stores.keys.consumeDaily(record.id, "2026-11-21", 10), unavailable);
      await assert.rejects(stores.keys.rotate(record.id), unavailable);
      await assert.rejects(stores.blueprints.count("o"), unavailable);
      await assert.rejects(stores.deployments.find("preprod", "t", "1", "h"), unavailable);
      const openedDuring = await openStores({ dataDir: "unused", databaseUrl }); // degraded, see below
      await openedDuring.close();

      await server.restart();
      assert.equal((await stores.keys.findById(record.id))?.name, "survivor");
      assert.deepEqual(await stores.keys.consumeDaily(record.id, "2026-11-21", 10), { allowed: true, used: 2 });
      assert.equal(await stores.blueprints.count("o"), 0);
    } finally {
      await stores.close();
    }
  });
});
