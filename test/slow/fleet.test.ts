// A fleet: two instances of the service on preprod through one Blockfrost (a fake on a live
// ledger), sharing one real PostgreSQL (DATABASE_URL: keys, quotas, blueprints) and one real Redis
// (REDIS_URL: per-second rate and burst), with requests spread over both as a load balancer would.
// The limits hold for the fleet as a whole, exactly; a key revoked by the CLI is refused by both;
// a restart loses nothing; PostgreSQL or Redis going away mid-load is a 503 naming it, never a 500,
// and the fleet recovers by itself when it is back.
//
// Both instances read one injected clock (a fleet's instances read Redis's clock; the test needs
// time to stand still so that "exactly burst" is exact: nothing refills during the burst).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { utcDay } from "../../src/store/utc-day.js";
import { FakeBlockfrost } from "../support/fakes/blockfrost.js";
import { LiveLedger } from "../support/fakes/live-ledger.js";
import { ManualClock } from "../support/keyed-routes.js";
import { postgresSkip, startPostgres, type TestPostgres } from "../support/postgres.js";
import { redisMissing, startRedis, type TestRedis } from "../support/redis.js";
import type { Answer, ErrorFields } from "../support/api.js";
import { startService, type RunningService } from "../support/service.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const NOON = Date.UTC(2026, 10, 24, 12, 0, 0);
/** A keyed request that touches no chain: the fleet's limits are what is measured. */
const SLOT_TO_TIME = { method: "POST", path: "/utils/network/slot-to-time", body: { slot: 50_000_000 } } as const;

function skipReason(): string | false {
  return postgresSkip() || redisMissing() || false;
}

describe(
  "a fleet of two instances on one PostgreSQL and one Redis",
  { skip: skipReason(), timeout: 10 * 60_000 },
  () => {
    const clock = new ManualClock(NOON);
    let postgres: TestPostgres;
    let redis: TestRedis;
    let ledger: LiveLedger;
    let fake: FakeBlockfrost;
    let env: Record<string, string>;
    const instances: RunningService[] = [];

    const start = (dataDir?: string) =>
      startService(env, { clock: clock.read, ...(dataDir === undefined ? {} : { dataDir }) });

    before(async () => {
      [postgres, redis, ledger] = await Promise.all([startPostgres(), startRedis(), LiveLedger.create()]);
      fake = await FakeBlockfrost.start({ ledger });
      env = {
        NETWORK: "preprod",
        AUTH: "required",
        BLOCKFROST_PROJECT_ID: "preprodFleet0123456789abcdefABCDEFGH",
        BLOCKFROST_URL: fake.apiUrl,
        DATABASE_URL: await postgres.createDatabase(),
        REDIS_URL: redis.url,
      };
      instances.push(await start(), await start());
    });

    after(async () => {
      for (const instance of instances) await instance.close().catch(() => undefined);
      await fake?.close();
      await redis?.stop();
      await postgres?.stop();
    });

    const newKey = (limits: { perDay?: number; perSecond?: number; burst?: number }) =>
      instances[0]!.app.keyStore.create({ name: "fleet", env: "testnet", limits });

    /** `count` requests at once, spread over the instances in turn, as a round-robin load balancer does. */
    const burst = (key: string, count: number): Promise<Answer<"slotToTime">[]> =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          instances[i % instances.length]!.request<"slotToTime">(
            SLOT_TO_TIME.method,
            SLOT_TO_TIME.path,
            SLOT_TO_TIME.body,
            {
              "x-api-key": key,
            },
          ),
        ),
      );

    const statuses = (responses: readonly { status: number }[]): Record<number, number> => {
      const counts: Record<number, number> = {};
      for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
      return counts;
    };

    it("400 concurrent requests over both instances: exactly `burst` pass, the rest are 429 with Retry-After", async () => {
      const { key, record } = await newKey({ burst: 37, perSecond: 1, perDay: 100_000 });
      const responses = await burst(key, 400);
      assert.deepEqual(statuses(responses), { 200: 37, 429: 363 });
      for (const refused of responses.filter((r) => r.status === 429)) {
        assert.equal(refused.body.code, "AUTH_ERR_THROTTLED");
        assert.equal(refused.headers.get("retry-after"), "1");
      }
      const served = new Set(responses.filter((r) => r.status === 200).map((r) => r.headers.get("x-request-id")));
      assert.equal(served.size, 37);
      assert.equal(
        await instances[1]!.app.keyStore.usedOn(record.id, utcDay(NOON)),
        37,
        "the daily counter counts exactly the requests served",
      );
      // A second later one more token has come, for the fleet as a whole.
      clock.advance(1000);
      assert.deepEqual(statuses(await burst(key, 10)), { 200: 1, 429: 9 });
    });

    it("400 concurrent requests against a daily quota of 30: exactly 30 pass", async () => {
      const { key, record } = await newKey({ burst: 1000, perSecond: 1000, perDay: 30 });
      const responses = await burst(key, 400);
      assert.deepEqual(statuses(responses), { 200: 30, 429: 370 });
      assert.equal(await instances[0]!.app.keyStore.usedOn(record.id, utcDay(NOON)), 30);
      const refused = responses.find((r) => r.status === 429)!;
      assert.equal(refused.headers.get("ratelimit-remaining"), "0");
    });

    it("a key revoked by the CLI is refused by both instances from the next request on", async () => {
      const { key, record } = await newKey({});
      assert.deepEqual(statuses(await burst(key, 4)), { 200: 4 });
      const cli = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "keys", "revoke", record.id], {
          cwd: ROOT,
          env: {
            ...process.env,
            DATABASE_URL: env["DATABASE_URL"],
            NETWORK: "preprod",
            DATA_DIR: instances[0]!.dataDir,
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, out }));
      });
      assert.equal(cli.code, 0, cli.out);
      const after = await burst(key, 4);
      assert.deepEqual(statuses(after), { 401: 4 });
      assert.match(after[0]!.body.message!, /revoked/);
    });

    it("a restart of either instance loses nothing: keys, today's counts and blueprints", async () => {
      const { key, record } = await newKey({ perDay: 1000 });
      assert.deepEqual(statuses(await burst(key, 6)), { 200: 6 });
      const blueprint = JSON.parse(
        await (
          await import("node:fs/promises")
        ).readFile(new URL("../fixtures/blueprints/hello-world.plutus.json", import.meta.url), "utf8"),
      ) as unknown;
      const stored = await instances[1]!.request<"upsertBlueprint">(
        "POST",
        "/blueprints",
        { blueprint },
        { "x-api-key": key },
      );
      assert.equal(stored.status, 200, JSON.stringify(stored.body));

      for (const which of [0, 1]) {
        const old = instances[which]!;
        await old.close();
        instances[which] = await start();
      }
      const again = await instances[0]!.request(SLOT_TO_TIME.method, SLOT_TO_TIME.path, SLOT_TO_TIME.body, {
        "x-api-key": key,
      });
      assert.equal(again.status, 200, JSON.stringify(again.body));
      // 6 + the blueprint + this one.
      assert.equal(again.headers.get("ratelimit-remaining"), String(1000 - 8));
      const listed = await instances[0]!.request<"listBlueprints">("GET", "/blueprints", undefined, {
        "x-api-key": key,
      });
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      assert.deepEqual(
        (listed.body.results as { id: string }[]).map((b) => b.id),
        [stored.body.id],
        "the blueprint stored through one instance, listed by the other after both restarted",
      );
      assert.equal(await instances[1]!.app.keyStore.usedOn(record.id, utcDay(NOON)), 9);
    });

    for (const store of ["Redis", "PostgreSQL"] as const) {
      it(`${store} going away mid-load: 503 naming it, no 500; both instances recover when it is back`, async () => {
        const { key } = await newKey({ burst: 100_000, perSecond: 100_000, perDay: 100_000 });
        const server = store === "Redis" ? redis : postgres;
        // Read as error fields: the 503 a request meets while the store is down is not among
        // slot-to-time's documented answers (an omission of the OpenAPI document, reported).
        const waves: ErrorFields[] = [];
        const load = (async () => {
          for (let wave = 0; wave < 12; wave++) {
            waves.push(...(await burst(key, 20)));
            await sleep(50);
          }
        })();
        await sleep(150);
        await server.kill();
        await load;
        const counts = statuses(waves);
        assert.deepEqual(
          Object.keys(counts).filter((status) => status !== "200" && status !== "503"),
          [],
          JSON.stringify(counts),
        );
        assert.ok((counts[503] ?? 0) > 0, `some requests met the outage: ${JSON.stringify(counts)}`);
        const unavailable = waves.find((r) => r.status === 503)!;
        assert.equal(unavailable.body.code, "STORE_ERR_UNAVAILABLE");
        assert.match(
          unavailable.body.message!,
          store === "Redis" ? /\(Redis\) cannot be reached/ : /\(PostgreSQL\) cannot be reached/,
        );
        for (const instance of instances) {
          const health = await instance.request<"getHealth">("GET", "/health");
          assert.equal(health.status, 503);
          assert.match(health.body.reason as string, new RegExp(`\\(${store}\\) cannot be reached`));
        }

        await server.restart();
        const deadline = Date.now() + 15_000;
        let recovered: Record<number, number> = {};
        while (Date.now() < deadline) {
          recovered = statuses(await burst(key, 4));
          if (recovered[200] === 4) break;
          await sleep(200);
        }
        assert.deepEqual(recovered, { 200: 4 }, "both instances serve again once it is back");
        for (const instance of instances)
          assert.equal((await instance.request<"getHealth">("GET", "/health")).status, 200);
      });
    }
  },
);
