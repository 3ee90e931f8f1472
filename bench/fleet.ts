// Fleet mode (issue #12, "Done when"): builds/s of POST /transactions/build for
// - A: one server process, API keys and quotas in SQLite in its DATA_DIR, token buckets in the
//   process;
// - B: two server processes, each with its own DATA_DIR (devnet), sharing one PostgreSQL database
//   (keys, daily quotas) and one Redis (token buckets),
// both with AUTH=required and one API key of high limits (every request is authenticated, counted
// against its daily quota and takes a token, as in production). The load: the simple payment with
// 5 UTxOs given in the body (as bench/build.ts), 16 connections in all from the load generator
// process: A gets 16, B 8 on each instance at the same time (their builds/s summed).
// Interleaved: a warm-up of each configuration, then BENCH_RUNS rounds (3) of A then B, each
// BENCH_SECONDS (3); medians of the rounds. A round with a failed request (error, timeout, non-2xx)
// is flagged. All three servers run throughout (an idle one costs next to nothing); PostgreSQL and
// Redis are throwaway servers (test/support/postgres.ts, redis.ts), stopped at the end.
// The UTxOs are funded once on a seed devnet whose DATA_DIR is then copied for every instance, so
// each instance's chain holds them too. On a machine of few cores, B's two processes may use more
// CPU than A's one: the table shows each configuration's server CPU (CPU time ÷ wall time).
// Run alone: `npx tsx bench/fleet.ts`; bench/run.ts calls runFleetBench as an optional section
// (BENCH_ONLY=fleet).
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { isDevnet } from "../src/chain/port.js";
import { LOCK_FILE, PID_FILE } from "../src/chain/devnet/data-dir-lock.js";
import { openStores } from "../src/store/open.js";
import type { KeyLimits } from "../src/store/types.js";
import { postgresBin, startPostgres, type TestPostgres } from "../test/support/postgres.js";
import { redisMissing, startRedis, type TestRedis } from "../test/support/redis.js";
import { newWallet, utxoStrings } from "./devnet.js";
import {
  closeLoadGenerator,
  fmt,
  httpRound,
  median,
  optionsFromEnv,
  printTable,
  startBenchService,
  startServerProcess,
  type BenchOptions,
  type RoundFigures,
  type ServerProcess,
} from "./util.js";

const CONNECTIONS = 16;
const WARM_UP_SECONDS = 2;
/** Far above what the benchmark sends: no request is refused for its limits. */
const LIMITS: KeyLimits = { perDay: 1_000_000_000, perSecond: 1_000_000, burst: 1_000_000 };
const BUILD_PATH = "/v2/services/transactions/build";

/** One configuration's round: its instances' rounds at the same time. */
interface FleetRound {
  perSecond: number;
  /** The instances' p50s weighted by their successful answers. */
  p50Ms: number;
  failures: number;
  /** The servers' CPU time ÷ wall time, summed over the instances (1 = one core). */
  serverCpu: number;
  clientCpu: number;
}

interface Configuration {
  name: string;
  servers: ServerProcess[];
  rounds: FleetRound[];
}

const headersFor = (key: string): Record<string, string> => ({ "x-api-key": key });

/** Every instance of `c` under load at once, CONNECTIONS split evenly between them. */
async function fleetRound(c: Configuration, body: unknown, key: string, seconds: number): Promise<FleetRound> {
  const each = CONNECTIONS / c.servers.length;
  const rounds: RoundFigures[] = await Promise.all(
    c.servers.map((s) => httpRound(`${s.url}${BUILD_PATH}`, body, each, seconds, "POST", s.cpu, headersFor(key))),
  );
  const count = rounds.reduce((sum, r) => sum + r.count, 0);
  return {
    perSecond: rounds.reduce((sum, r) => sum + r.perSecond, 0),
    p50Ms: count === 0 ? NaN : rounds.reduce((sum, r) => sum + r.p50Ms * r.count, 0) / count,
    failures: rounds.reduce((sum, r) => sum + r.failures, 0),
    serverCpu: rounds.reduce((sum, r) => sum + r.serverCpu, 0),
    // One load generator process serves both jobs: its CPU over the round, not their sum.
    clientCpu: Math.max(...rounds.map((r) => r.clientCpu)),
  };
}

/** One build with the key, which must answer 200. */
async function probe(server: ServerProcess, body: unknown, key: string): Promise<void> {
  const response = await fetch(`${server.url}${BUILD_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headersFor(key) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`POST ${server.url}${BUILD_PATH} answered ${response.status}: ${text.slice(0, 400)}`);
}

/** A copy of the seed devnet's DATA_DIR (without the seed's lock and PID files) for one instance. */
function copyDataDir(seed: string, into: string): string {
  cpSync(seed, into, { recursive: true, filter: (path) => ![LOCK_FILE, PID_FILE].includes(basename(path)) });
  return into;
}

async function createKey(config: { dataDir: string; databaseUrl?: string }, name: string): Promise<string> {
  const stores = await openStores(config, {});
  try {
    return (await stores.keys.create({ name, env: "testnet", limits: LIMITS })).key;
  } finally {
    await stores.close();
  }
}

export async function runFleetBench(options: BenchOptions = optionsFromEnv()): Promise<void> {
  if (!postgresBin()) {
    console.log("  skipped: PostgreSQL is not installed (apt-get install postgresql).");
    return;
  }
  const noRedis = redisMissing();
  if (noRedis) {
    console.log(`  skipped: ${noRedis}`);
    return;
  }
  const started = Date.now();
  const loadBefore = loadavg()[0]!;
  const base = mkdtempSync(join(tmpdir(), "txsvc-bench-fleet-"));
  const servers: ServerProcess[] = [];
  let postgres: TestPostgres | undefined;
  let redis: TestRedis | undefined;
  try {
    // The payer's 5 UTxOs on a seed devnet (in this process), saved to its DATA_DIR on close.
    const seedDir = join(base, "seed");
    const seed = await startBenchService({}, { dataDir: seedDir });
    let body: unknown;
    try {
      const chain = seed.app.chain;
      if (!chain || !isDevnet(chain)) throw new Error("the fleet benchmark needs the embedded devnet");
      const payer = await newWallet("base");
      for (let i = 0; i < 5; i++) await chain.faucet(payer.address, 50_000_000n);
      const five = await chain.utxosAt(payer.address);
      body = {
        changeAddress: payer.address,
        utxos: utxoStrings(five),
        outputs: [{ address: payer.address, lovelace: 5_000_000 }],
      };
    } finally {
      await seed.close();
    }
    const dirA = copyDataDir(seedDir, join(base, "a"));
    const dirsB = [copyDataDir(seedDir, join(base, "b1")), copyDataDir(seedDir, join(base, "b2"))];

    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    const databaseUrl = await postgres.createDatabase();
    const keyA = await createKey({ dataDir: dirA }, "bench-fleet-a");
    const keyB = await createKey({ dataDir: dirsB[0]!, databaseUrl }, "bench-fleet-b");

    // One after another: each start compiles the service (tsx), which takes the CPU for a while.
    const a: Configuration = { name: "A: 1 instance, SQLite, buckets in-process", servers: [], rounds: [] };
    const b: Configuration = { name: "B: 2 instances, PostgreSQL + Redis", servers: [], rounds: [] };
    const start = async (c: Configuration, dir: string, env: Record<string, string | undefined>) => {
      const server = await startServerProcess(dir, { AUTH: "required", ...env });
      servers.push(server);
      c.servers.push(server);
    };
    await start(a, dirA, { DATABASE_URL: undefined, REDIS_URL: undefined });
    for (const dir of dirsB) await start(b, dir, { DATABASE_URL: databaseUrl, REDIS_URL: redis.url });
    const keyOf = (c: Configuration) => (c === a ? keyA : keyB);
    for (const c of [a, b]) for (const s of c.servers) await probe(s, body, keyOf(c));
    console.log(
      `  setup ${((Date.now() - started) / 1000).toFixed(0)} s (PostgreSQL ${postgres.url.replace(/\/[^/]*$/, "")}, Redis ${redis.url}). ` +
        `Warm-up ${WARM_UP_SECONDS} s each, then ${options.runs} interleaved rounds A, B × ${options.durationSeconds} s, ${CONNECTIONS} connections in all; medians of the rounds.`,
    );

    for (const c of [a, b]) await fleetRound(c, body, keyOf(c), WARM_UP_SECONDS);
    for (let round = 0; round < options.runs; round++) {
      for (const c of [a, b]) c.rounds.push(await fleetRound(c, body, keyOf(c), options.durationSeconds));
      process.stdout.write(
        `  round ${round + 1}/${options.runs}: A ${fmt(a.rounds.at(-1)!.perSecond)}/s, B ${fmt(b.rounds.at(-1)!.perSecond)}/s\n`,
      );
    }

    const rate = (c: Configuration) => median(c.rounds.map((r) => r.perSecond));
    const rateA = rate(a);
    const loadAfter = loadavg()[0]!;
    printTable(
      `Fleet: builds/s of the simple payment (5 UTxOs given), ${CONNECTIONS} connections in all, AUTH=required (medians of ${options.runs} rounds × ${options.durationSeconds} s)`,
      [a, b].map((c) => {
        const failed = c.rounds.filter((r) => r.failures > 0).length;
        const failures = c.rounds.reduce((sum, r) => sum + r.failures, 0);
        return {
          configuration: c.name,
          connections: c.servers.map(() => String(CONNECTIONS / c.servers.length)).join(" + "),
          "builds/s": fmt(rate(c)),
          "vs A": `${fmt(rate(c) / rateA, 2)}×`,
          "p50 ms": fmt(median(c.rounds.map((r) => r.p50Ms)), 1),
          "server CPU": fmt(median(c.rounds.map((r) => r.serverCpu)), 2),
          "load gen. CPU": fmt(median(c.rounds.map((r) => r.clientCpu)), 2),
          failures: String(failures),
          "failed rounds": failed === 0 ? `0/${c.rounds.length}` : `${failed}/${c.rounds.length} FAILED`,
        };
      }),
    );
    console.log(
      `  B/A = ${fmt(rate(b) / rateA, 2)}×. Machine: ${cpus().length} cores, load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after.\n` +
        `  Not like for like on few cores: B's two server processes (plus PostgreSQL and Redis) can use more CPU than A's one\n` +
        `  process, which is single-threaded (server CPU: CPU time ÷ wall time of the servers, summed; 1.00 = one core); the load\n` +
        `  generator shares the same ${cpus().length} cores. p50 for B: the two instances' p50s weighted by their answers.`,
    );
    console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    await Promise.allSettled(servers.map((s) => s.close()));
    await Promise.allSettled([redis?.stop(), postgres?.stop()]);
    rmSync(base, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await runFleetBench(optionsFromEnv());
  } finally {
    closeLoadGenerator();
  }
}
