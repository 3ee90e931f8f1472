// The webhook store contract (./webhook-store-suite.ts) on PostgreSQL, a fresh database per test
// on a throwaway server (test/support/postgres.ts).
import { after, before, describe } from "node:test";
import { openStores } from "../../src/store/open.js";
import { postgresSkip, startPostgres, type TestPostgres } from "../support/postgres.js";
import { runWebhookStoreSuite } from "./webhook-store-suite.js";

describe("PostgreSQL webhook store", { skip: postgresSkip() }, () => {
  let server: TestPostgres;
  before(async () => {
    server = await startPostgres();
  });
  after(async () => {
    await server?.stop();
  });
  runWebhookStoreSuite("PostgreSQL", async () => {
    const databaseUrl = await server.createDatabase();
    return { open: () => openStores({ dataDir: "unused", databaseUrl }) };
  });
});
