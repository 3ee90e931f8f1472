// The event store contract (./event-store-suite.ts) on PostgreSQL, a fresh database per test on
// a throwaway server (test/support/postgres.ts).
import { after, before, describe } from "node:test";
import { openStores } from "../../src/store/open.js";
import { postgresSkip, startPostgres, type TestPostgres } from "../support/postgres.js";
import { runEventStoreSuite } from "./event-store-suite.js";

describe("PostgreSQL event store", { skip: postgresSkip() }, () => {
  let server: TestPostgres;
  before(async () => {
    server = await startPostgres();
  });
  after(async () => {
    await server?.stop();
  });
  runEventStoreSuite("PostgreSQL", async () => {
    const databaseUrl = await server.createDatabase();
    return { open: () => openStores({ dataDir: "unused", databaseUrl }) };
  });
});
