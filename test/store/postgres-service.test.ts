// The service on PostgreSQL (DATABASE_URL) through real HTTP: its stores live in the database,
// an outage of the database answers 503 STORE_ERR_UNAVAILABLE (never a 500), and the same running
// service answers again once the database is back.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { addKeyedRoutes, WHOAMI, type WhoamiAnswer } from "../support/keyed-routes.js";
import { postgresSkip, startPostgres, type TestPostgres } from "../support/postgres.js";
import { startService, type RunningService } from "../support/service.js";

describe("the service on PostgreSQL", { skip: postgresSkip() }, () => {
  let server: TestPostgres | undefined;
  let service: RunningService | undefined;
  let databaseUrl: string;
  before(async () => {
    server = await startPostgres();
    databaseUrl = await server.createDatabase();
    service = await startService(
      { NETWORK: "preview", DATABASE_URL: databaseUrl },
      { chain: null, beforeListen: addKeyedRoutes },
    );
  });
  after(async () => {
    await service?.close();
    await server?.stop();
  });

  it("keeps its stores in the database", async () => {
    assert.equal(service!.app.stores.backend, "postgres");
    assert.equal(service!.app.keyStore, service!.app.stores.keys);
  });

  it("refuses a key whose daily quota is spent without asking PostgreSQL: 429s to midnight even while it is down", async () => {
    const { key } = await service!.app.keyStore.create({
      name: "spent",
      env: "testnet",
      limits: { perDay: 3, perSecond: 1000, burst: 1000 },
    });
    const whoami = () => service!.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": key });
    for (let i = 0; i < 3; i++) assert.equal((await whoami()).status, 200);
    await server!.kill();
    try {
      const refused = await Promise.all(Array.from({ length: 20 }, whoami));
      for (const response of refused) {
        assert.equal(response.status, 429, JSON.stringify(response.body));
        assert.equal(response.body.code, "AUTH_ERR_THROTTLED");
        assert.equal(response.headers.get("ratelimit-remaining"), "0");
        const toMidnight = Math.ceil(
          (Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1) - Date.now()) /
            1000,
        );
        assert.ok(
          Math.abs(Number(response.headers.get("retry-after")) - toMidnight) <= 2,
          `Retry-After ${response.headers.get("retry-after")} points at midnight UTC`,
        );
      }
    } finally {
      await server!.restart();
    }
  });

  it("answers 503 STORE_ERR_UNAVAILABLE while PostgreSQL is down, and 200 again once it is back", async () => {
    const { key, record } = await service!.app.keyStore.create({ name: "fleet", env: "testnet" });
    const whoami = () => service!.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": key });
    const up = await whoami();
    assert.equal(up.status, 200, JSON.stringify(up.body));
    assert.deepEqual(up.body, { keyId: record.id });

    await server!.kill();
    const down = await whoami();
    assert.equal(down.status, 503, JSON.stringify(down.body));
    assert.equal(down.body.code, "STORE_ERR_UNAVAILABLE");
    assert.match(down.body.message, /^The database \(PostgreSQL\) cannot be reached: .+ Retry later\.$/);
    const degraded = await service!.request<"getHealth">("GET", "/health");
    assert.equal(degraded.status, 503, JSON.stringify(degraded.body));
    assert.equal(degraded.body.status, "degraded");
    assert.match(
      degraded.body.reason!,
      /^The service cannot serve keyed requests: the database \(PostgreSQL\) cannot be reached: .+\. They answer 503 until it is back\./,
    );

    await server!.restart();
    assert.doesNotMatch(
      (await service!.request<"getHealth">("GET", "/health")).body.reason ?? "",
      /keyed requests/,
      "health no longer names the store (it runs on preview without a chain backend: that stays)",
    );
    const back = await whoami();
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.equal(
      back.headers.get("ratelimit-remaining"),
      String(record.limits.perDay - 2),
      "the quota counted on through the outage",
    );
  });
});
