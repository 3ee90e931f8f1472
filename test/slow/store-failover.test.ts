// The fleet through PostgreSQL failures, with real processes: two instances of the service (child
// processes, src/main.ts, each on its own devnet DATA_DIR) on one real PostgreSQL, under write
// load (new blueprints, each one also a daily-quota write), while the test terminates their
// backends (pg_terminate_backend) or SIGKILLs PostgreSQL and restarts it on the same data. Both
// instances stay alive, answer 503 STORE_ERR_UNAVAILABLE with Retry-After meanwhile (never a
// 500), recover by themselves, and every blueprint they acknowledged is in the database. Also:
// an instance started while PostgreSQL is down starts degraded and migrates once it is back, and
// the blueprint cap holds across the two instances under 300 concurrent uploads.
//
// The database commits synchronously (ALTER DATABASE … synchronous_commit = on; the throwaway
// server's default is off), so that an acknowledged write is on disk when PostgreSQL is killed.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { openStores } from "../../src/store/open.js";
import { postgresSkip, startPostgres, type TestPostgres } from "../support/postgres.js";
import { freePort, spawnServer, type ServerProcess } from "../support/process.js";

const CAP = 200;
const CAP_MESSAGE = `body.blueprint would be a new blueprint, but you store ${CAP}, the most one API key may: delete one (DELETE /blueprints/{id}) first.`;

let serial = randomBytes(2).readUInt16BE() << 16;
/** A blueprint of one Plutus V3 validator whose code (and so hash) no other call gives. */
function newBlueprint(): Record<string, unknown> {
  const flat = `010000${(serial++ >>> 0).toString(16).padStart(8, "0")}`;
  return {
    preamble: { title: "failover", version: "1.0.0", plutusVersion: "v3" },
    validators: [{ title: "failover.spend", compiledCode: `47${flat}` }],
  };
}

interface Outcome {
  readonly status: number;
  readonly code?: string;
  readonly id?: string;
  readonly retryAfter?: string | null;
  readonly message?: string;
}

async function post(server: ServerProcess, key: string, blueprint: Record<string, unknown>): Promise<Outcome> {
  try {
    const response = await fetch(`${server.base}/blueprints`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({ blueprint }),
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await response.json()) as { id?: string; code?: string; message?: string };
    return {
      status: response.status,
      code: body.code,
      id: body.id,
      retryAfter: response.headers.get("retry-after"),
      message: body.message,
    };
  } catch (error) {
    return { status: 0, message: (error as Error).message }; // no answer at all: the instance is gone
  }
}

async function sql<R>(url: string, text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as R[];
  } finally {
    await client.end();
  }
}

async function health(server: ServerProcess): Promise<{ status: number; reason?: string }> {
  try {
    const response = await fetch(`${server.origin}/health`, { signal: AbortSignal.timeout(10_000) });
    const body = (await response.json()) as { reason?: string };
    return { status: response.status, ...(body.reason === undefined ? {} : { reason: body.reason }) };
  } catch (error) {
    return { status: 0, reason: (error as Error).message };
  }
}

/** Waits until health answers 200 (the first start loads Mesh, Scalus and Helios: minutes on a busy machine). */
async function untilHealthy(server: ServerProcess, ms = 180_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (!alive(server)) throw new Error(`the instance exited:\n${server.output().slice(-3000)}`);
    const answer = await health(server);
    if (answer.status === 200) return;
    if (Date.now() > deadline)
      throw new Error(
        `health still answers ${answer.status} (${answer.reason}) after ${ms} ms:\n${server.output().slice(-3000)}`,
      );
    await sleep(250);
  }
}

const alive = (server: ServerProcess): boolean => server.child.exitCode === null && server.child.signalCode === null;

const counts = (outcomes: readonly Outcome[]): Record<string, number> => {
  const byStatus: Record<string, number> = {};
  for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
  return byStatus;
};

describe(
  "the fleet through PostgreSQL failures (real processes)",
  { skip: postgresSkip(), timeout: 15 * 60_000 },
  () => {
    let postgres: TestPostgres;
    let databaseUrl: string;
    const dataDirs: string[] = [];
    const instances: ServerProcess[] = [];
    let env: Record<string, string>;

    const newDataDir = (): string => {
      const dir = mkdtempSync(join(tmpdir(), "txsvc-failover-"));
      dataDirs.push(dir);
      return dir;
    };

    /** Fresh keys with room for the load (the per-second limits are not what is measured). */
    async function newKeys(n: number): Promise<string[]> {
      const stores = await openStores({ dataDir: "unused", databaseUrl });
      try {
        const created = [];
        for (let i = 0; i < n; i++)
          created.push(
            (
              await stores.keys.create({
                name: `load-${i}`,
                env: "testnet",
                limits: { perDay: 1_000_000, perSecond: 10_000, burst: 10_000 },
              })
            ).key,
          );
        return created;
      } finally {
        await stores.close();
      }
    }

    /**
     * Write load: per instance, `perInstance` workers, each with its own key, posting new blueprints
     * until stop() (or its key holds CAP). Every answer is recorded.
     */
    function writeLoad(keys: readonly string[], perInstance: number): { outcomes: Outcome[]; stop(): Promise<void> } {
      const outcomes: Outcome[] = [];
      let stopping = false;
      const workers = instances.flatMap((server, s) =>
        Array.from({ length: perInstance }, async (_, w) => {
          const key = keys[s * perInstance + w]!;
          let stored = 0;
          while (!stopping && stored < CAP - 1) {
            const outcome = await post(server, key, newBlueprint());
            outcomes.push(outcome);
            if (outcome.status === 200) stored++;
            if (outcome.status !== 200) await sleep(20);
          }
        }),
      );
      return {
        outcomes,
        async stop() {
          stopping = true;
          await Promise.all(workers);
        },
      };
    }

    /** The acknowledged blueprints (200 answers) that the database does not hold. */
    async function lostAcknowledged(outcomes: readonly Outcome[]): Promise<string[]> {
      const acked = outcomes.filter((o) => o.status === 200).map((o) => o.id!);
      const rows = await sql<{ id: string }>(databaseUrl, "SELECT id FROM blueprints WHERE id = ANY($1)", [acked]);
      const held = new Set(rows.map((r) => r.id));
      return acked.filter((id) => !held.has(id));
    }

    function assertOnly200And503(outcomes: readonly Outcome[]): void {
      const wrong = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
      assert.deepEqual(wrong, [], `answers other than 200 and 503: ${JSON.stringify(counts(outcomes))}`);
      for (const o of outcomes.filter((x) => x.status === 503)) {
        assert.equal(o.code, "STORE_ERR_UNAVAILABLE", JSON.stringify(o));
        assert.match(o.message!, /^The database \(PostgreSQL\) cannot be reached: .+\. Retry later\.$/);
        assert.equal(o.retryAfter, "5", "a 503 of the store says when to retry");
      }
    }

    before(async () => {
      postgres = await startPostgres();
      databaseUrl = await postgres.createDatabase();
      await sql(postgres.url, `ALTER DATABASE ${new URL(databaseUrl).pathname.slice(1)} SET synchronous_commit = on`);
      await (await openStores({ dataDir: "unused", databaseUrl })).close(); // migrated before the instances start
      env = { AUTH: "required", DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" };
      const started = await Promise.all([0, 1].map(async () => spawnServer(newDataDir(), await freePort(), env)));
      instances.push(...started);
      await Promise.all(started.map((server) => untilHealthy(server)));
    });

    after(async () => {
      await Promise.all(instances.map((server) => server.kill()));
      await postgres?.stop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it("pg_terminate_backend of every connection during writes, five times: 503s, both instances alive, they recover, nothing acknowledged is lost", async (t) => {
      const load = writeLoad(await newKeys(8), 4);
      let terminated = 0;
      try {
        await sleep(1500);
        for (let round = 0; round < 5; round++) {
          const rows = await sql<{ ok: boolean }>(
            databaseUrl,
            "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
          );
          terminated += rows.filter((r) => r.ok).length;
          await sleep(700);
        }
        await sleep(1000);
      } finally {
        await load.stop();
      }
      const died = instances.filter((server) => !alive(server)).map((server) => server.output().slice(-2000));
      assert.deepEqual(died, [], "every instance is alive");
      assert.ok(terminated >= 5, `backends were terminated (${terminated})`);
      assertOnly200And503(load.outcomes);
      for (const server of instances) await untilHealthy(server);
      const next = await post(instances[0]!, (await newKeys(1))[0]!, newBlueprint());
      assert.equal(next.status, 200, JSON.stringify(next));
      assert.deepEqual(await lostAcknowledged(load.outcomes), [], "every acknowledged blueprint is stored");
      t.diagnostic(
        `pg_terminate_backend: ${terminated} backends terminated; answers ${JSON.stringify(counts(load.outcomes))}`,
      );
    });

    it("kill -9 of PostgreSQL under write load on two instances, restarted on the same data: 503s meanwhile, both alive, both recover by themselves, nothing acknowledged is lost", async (t) => {
      const load = writeLoad(await newKeys(8), 4);
      let down: { status: number; reason?: string }[];
      try {
        await sleep(1500);
        await postgres.kill();
        await sleep(2000);
        down = await Promise.all(instances.map((server) => health(server)));
        await postgres.restart();
        await sleep(1500);
      } finally {
        await load.stop();
      }
      for (const answer of down) {
        assert.equal(answer.status, 503, JSON.stringify(answer));
        assert.match(answer.reason!, /\(PostgreSQL\) cannot be reached/);
      }
      const died = instances.filter((server) => !alive(server)).map((server) => server.output().slice(-2000));
      assert.deepEqual(died, [], "every instance is alive");
      assertOnly200And503(load.outcomes);
      assert.ok(
        (counts(load.outcomes)[503] ?? 0) > 0,
        `some writes met the outage: ${JSON.stringify(counts(load.outcomes))}`,
      );
      for (const server of instances) await untilHealthy(server);
      const [key] = await newKeys(1);
      for (const server of instances)
        assert.equal((await post(server, key!, newBlueprint())).status, 200, "each instance writes again");
      assert.deepEqual(await lostAcknowledged(load.outcomes), [], "every acknowledged blueprint is stored");
      t.diagnostic(`kill -9: answers ${JSON.stringify(counts(load.outcomes))}`);
    });

    it(`300 concurrent uploads of one key over both instances: exactly ${CAP} stored, the rest a 400 naming the cap`, async () => {
      const [key] = await newKeys(1);
      const outcomes = await Promise.all(
        Array.from({ length: 300 }, (_, i) => post(instances[i % 2]!, key!, newBlueprint())),
      );
      const [owner] = await sql<{ id: string }>(databaseUrl, "SELECT id FROM api_keys ORDER BY seq DESC LIMIT 1");
      const [stored] = await sql<{ n: number }>(
        databaseUrl,
        "SELECT count(*)::int AS n FROM blueprints WHERE owner = $1",
        [owner!.id],
      );
      assert.equal(stored!.n, CAP, `blueprints stored for the key (answers ${JSON.stringify(counts(outcomes))})`);
      assert.deepEqual(counts(outcomes), { 200: CAP, 400: 300 - CAP });
      for (const refused of outcomes.filter((o) => o.status === 400)) assert.equal(refused.message, CAP_MESSAGE);
    });

    // Last: it stops PostgreSQL for a while, and its database is a fresh one.
    it("an instance started while PostgreSQL is down starts degraded (health 503 naming PostgreSQL, requests 503 with Retry-After), then migrates and is ready once it is back", async () => {
      const freshUrl = await postgres.createDatabase(); // never migrated
      await postgres.kill();
      const server = spawnServer(newDataDir(), await freePort(), { ...env, DATABASE_URL: freshUrl });
      instances.push(server);
      try {
        const deadline = Date.now() + 180_000;
        let degraded = await health(server);
        while (degraded.status !== 503 && alive(server) && Date.now() < deadline) {
          await sleep(250);
          degraded = await health(server);
        }
        assert.ok(alive(server), `the instance is alive:\n${server.output().slice(-2000)}`);
        assert.equal(degraded.status, 503, JSON.stringify(degraded));
        assert.match(degraded.reason!, /the database \(PostgreSQL\) cannot be reached/);
        const refused = await post(server, `testnet_${"a".repeat(40)}`, newBlueprint());
        assert.equal(refused.status, 503, JSON.stringify(refused));
        assert.equal(refused.code, "STORE_ERR_UNAVAILABLE");
        assert.equal(refused.retryAfter, "5");
      } finally {
        await postgres.restart();
      }
      await untilHealthy(server);
      const ledger = await sql<{ component: string }>(
        freshUrl,
        "SELECT component FROM schema_migrations ORDER BY component",
      );
      assert.deepEqual(
        ledger.map((r) => r.component),
        ["blueprints", "deployments", "events", "keys", "webhooks"],
        "the instance migrated the database",
      );
      const stores = await openStores({ dataDir: "unused", databaseUrl: freshUrl });
      const { key } = await stores.keys.create({ name: "late", env: "testnet" });
      await stores.close();
      const saved = await post(server, key, newBlueprint());
      assert.equal(saved.status, 200, JSON.stringify(saved));
    });
  },
);
