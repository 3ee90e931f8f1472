// Shared benchmark helpers: the service in this process on loopback (or in a process of its own, for
// the tournament endpoints), HTTP load from a separate load generator process
// (bench/load-generator.ts: autocannon, or one request after another), with the service's CPU use
// meanwhile, in-process function timing, and a plain-text table. Optional sections (bench/build.ts,
// bench/tournament.ts) use them; see BenchSection for their contract.
//
// Why a separate process for the load: on a 2-core machine, autocannon in the service's own process
// takes CPU from the service's event loop (and its JSON and timers run between the service's
// callbacks), so the HTTP figures would charge the client's work to the service. The load generator
// is forked once (`node --import tsx bench/load-generator.ts`), gets each job over the IPC channel
// and answers with its figures; the service keeps its process, and a core, to itself.
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { build } from "../src/server/app.js";
import { loadConfig } from "../src/config.js";
import { freePort, spawnServer, untilHealthy } from "../test/support/process.js";
import type { Job, JobResult, Reply } from "./load-generator.js";

export interface BenchOptions {
  /** Concurrent HTTP connections (autocannon). */
  connections: number;
  /** Seconds per HTTP run. */
  durationSeconds: number;
  /** Runs per measurement; the median is reported. */
  runs: number;
}

/** A row of a section's table: column name → printed value. */
export type BenchRow = Record<string, string>;

/**
 * What an optional section exports (e.g. `runBuildBench` in bench/build.ts): it may print its own
 * output and return nothing, or return rows for run.ts to print as a table under its title.
 */
export type BenchSection = (options: BenchOptions) => Promise<BenchRow[] | void>;

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const int = (name: string, fallback: number) => {
    const raw = env[name];
    const n = raw === undefined || raw === "" ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number ≥ 1; got ${raw}.`);
    return n;
  };
  return {
    connections: int("BENCH_CONNECTIONS", 10),
    durationSeconds: int("BENCH_SECONDS", 3),
    runs: int("BENCH_RUNS", 3),
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface BenchService {
  app: FastifyInstance;
  /** http://127.0.0.1:port */
  url: string;
  /** Its DATA_DIR (removed on close unless it was given). */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The per-IP bucket of keyless requests (20/s by default) opened wide: a benchmark's load comes from
 * one loopback address without a key, and must measure the service's work, not its refusals.
 */
const NO_KEYLESS_LIMIT = { KEYLESS_PER_SECOND: "1000000", KEYLESS_BURST: "1000000" };

/**
 * The real service (build()) listening on an ephemeral loopback port, with a temporary DATA_DIR,
 * or `dataDir` when given (then kept on close).
 */
export async function startBenchService(
  env: Record<string, string> = {},
  given?: { dataDir: string },
): Promise<BenchService> {
  const dataDir = given?.dataDir ?? mkdtempSync(join(tmpdir(), "txsvc-bench-"));
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    ...NO_KEYLESS_LIMIT,
    ...env,
    HOST: "127.0.0.1",
    PORT: "0",
  });
  const app = await build(config);
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    app,
    url,
    dataDir,
    async close() {
      await app.close();
      if (!given) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The service in a process of its own (`node --import tsx src/main.ts`), on the devnet of a DATA_DIR. */
export interface ServerProcess {
  /** http://127.0.0.1:port */
  readonly url: string;
  /** Its CPU time. */
  readonly cpu: CpuClock;
  /** Its process id (the node process that runs the service). */
  readonly pid: number;
  /** SIGTERM (the service closes), SIGKILL after 5 s. */
  close(): Promise<void>;
  /** SIGKILL at once: a process busy for minutes would not get to its SIGTERM handler. */
  kill(): Promise<void>;
}

/**
 * Starts the service (`node --import tsx src/main.ts`, NETWORK=devnet) on a free loopback port and
 * DATA_DIR `dataDir` (a devnet saved there is restored), and resolves once GET /health answers.
 * `extraEnv` is applied last (e.g. DATABASE_URL, REDIS_URL, AUTH: "required"); a variable given as
 * undefined is removed from the environment the process would otherwise inherit.
 */
export async function startServerProcess(
  dataDir: string,
  extraEnv: Record<string, string | undefined> = {},
  /** What node runs: the TypeScript through tsx, or the compiled service (["dist/main.js"], after npm run build). */
  nodeArgs: readonly string[] = ["--import", "tsx", "src/main.ts"],
): Promise<ServerProcess> {
  const noBackend = {
    BLOCKFROST_PROJECT_ID: undefined,
    BLOCKFROST_URL: undefined,
    OGMIOS_URL: undefined,
    KUPO_URL: undefined,
  };
  const server = spawnServer(
    dataDir,
    await freePort(),
    { ...noBackend, LOG_LEVEL: "silent", ...NO_KEYLESS_LIMIT, ...extraEnv },
    { nodeArgs },
  );
  try {
    await untilHealthy(server, 300_000);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return {
    url: server.origin,
    cpu: processCpu(() => server.child.pid),
    pid: server.child.pid ?? 0,
    close: () => server.stop("SIGTERM", 5_000),
    kill: () => server.kill(),
  };
}

/** The load generator process (bench/load-generator.ts), forked on first use and shared. */
class LoadGenerator {
  readonly #child: ChildProcess;
  readonly #pending = new Map<number, { resolve: (r: JobResult) => void; reject: (e: Error) => void }>();
  #next = 0;

  constructor() {
    this.#child = fork(fileURLToPath(new URL("./load-generator.ts", import.meta.url)), [], {
      cwd: ROOT,
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.#child.on("message", (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.result);
      else waiting?.reject(new Error(`load generator: ${reply.error}`));
    });
    this.#child.on("exit", (code) => {
      for (const waiting of this.#pending.values()) waiting.reject(new Error(`the load generator exited (${code})`));
      this.#pending.clear();
    });
  }

  run(job: Job): Promise<JobResult> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#child.send({ id, job });
    });
  }

  close(): void {
    if (this.#child.connected) this.#child.disconnect();
  }
}

let generator: LoadGenerator | null = null;
const loadGenerator = (): LoadGenerator => (generator ??= new LoadGenerator());

/** Ends the load generator process (when one was started); the benchmark's entry points call it last. */
export function closeLoadGenerator(): void {
  generator?.close();
  generator = null;
}

export interface RoundFigures extends JobResult {
  /** The service's process CPU time over the job ÷ its wall time (1 = one core busy). */
  serverCpu: number;
}

/** CPU seconds a process has used so far. */
export type CpuClock = () => number;

/** This process's CPU seconds (the in-process service's). */
export const ownCpu: CpuClock = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

/** Another process's CPU seconds, from /proc (Linux; NaN elsewhere): utime + stime, in clock ticks of 1/100 s. */
export const processCpu =
  (pid: () => number | undefined): CpuClock =>
  () => {
    try {
      const stat = readFileSync(`/proc/${pid()}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return NaN;
    }
  };

/** Runs one job on the load generator, measuring the service's process CPU meanwhile. */
async function measured(job: Job, cpu: CpuClock): Promise<RoundFigures> {
  const before = cpu();
  const started = performance.now();
  const result = await loadGenerator().run(job);
  return { ...result, serverCpu: (cpu() - before) / ((performance.now() - started) / 1000) };
}

const bodyText = (body: unknown): string | undefined => (body === undefined ? undefined : JSON.stringify(body));

/** One autocannon run of `seconds` with `connections`, from the load generator process; `headers` go with every request. */
export function httpRound(
  url: string,
  body: unknown,
  connections: number,
  seconds: number,
  method = "POST",
  cpu: CpuClock = ownCpu,
  headers?: Record<string, string>,
): Promise<RoundFigures> {
  const text = bodyText(body);
  return measured(
    {
      kind: "load",
      url,
      method,
      connections,
      durationSeconds: seconds,
      ...(text === undefined ? {} : { body: text }),
      ...(headers === undefined ? {} : { headers }),
    },
    cpu,
  );
}

/**
 * Requests one after another, from the load generator process: at least `minCount` and for at least
 * `minSeconds`, but at most `maxCount`, and none started after `maxSeconds` once one answered; a
 * request unanswered after `timeoutSeconds` ends the round (timedOut).
 */
export function sequentialRound(
  url: string,
  body: unknown,
  limits: { minCount: number; maxCount: number; minSeconds: number; maxSeconds: number; timeoutSeconds: number },
  method = "POST",
  cpu: CpuClock = ownCpu,
): Promise<RoundFigures> {
  const text = bodyText(body);
  return measured({ kind: "sequential", url, method, ...limits, ...(text === undefined ? {} : { body: text }) }, cpu);
}

export interface HttpFigures {
  /** Median over runs of each run's median latency, milliseconds. */
  p50Ms: number;
  /** Median over runs of each run's successful answers per second. */
  reqPerSec: number;
  /** Errors, timeouts and non-2xx answers over all runs (should be 0). */
  failures: number;
}

/**
 * One warm-up run of 1 s, then `runs` autocannon runs of `durationSeconds` with `connections`,
 * sending `body` as JSON, from the load generator process. Latencies are taken from each
 * response's own timing.
 */
export async function httpLoad(
  url: string,
  body: unknown,
  options: BenchOptions,
  method = "POST",
): Promise<HttpFigures> {
  await httpRound(url, body, options.connections, 1, method);
  const rounds: RoundFigures[] = [];
  for (let run = 0; run < options.runs; run++)
    rounds.push(await httpRound(url, body, options.connections, options.durationSeconds, method));
  return {
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    reqPerSec: median(rounds.map((r) => r.perSecond)),
    failures: rounds.reduce((sum, r) => sum + r.failures, 0),
  };
}

export interface FunctionFigures {
  /** Median nanoseconds per call over the batches. */
  nsPerCall: number;
  opsPerSec: number;
}

/** Times `fn` in-process: a warm-up, then `batches` batches of ≥ ~100 ms each; medians. */
export function timeFunction(fn: () => unknown, batches = 7): FunctionFigures {
  let sink: unknown;
  const warmUpEnd = performance.now() + 200;
  let calls = 0;
  while (performance.now() < warmUpEnd) {
    sink = fn();
    calls++;
  }
  const perBatch = Math.max(100, Math.round(calls / 2)); // ~100 ms at the warmed-up speed
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perBatch; i++) sink = fn();
    samples.push(Number(process.hrtime.bigint() - start) / perBatch);
  }
  if (sink === Symbol.for("never")) console.log(sink); // keeps the calls from being optimised away
  const nsPerCall = median(samples);
  return { nsPerCall, opsPerSec: 1e9 / nsPerCall };
}

/** Prints rows as an aligned table (numbers right-aligned). */
export function printTable(title: string, rows: readonly BenchRow[]): void {
  console.log(`\n${title}`);
  if (rows.length === 0) {
    console.log("  (no rows)");
    return;
  }
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const width = columns.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? "").length)));
  const numeric = columns.map((c) => rows.every((r) => /^[\d.,×x %~-]*$/.test(r[c] ?? "")));
  const cell = (text: string, i: number) => (numeric[i] ? text.padStart(width[i]!) : text.padEnd(width[i]!));
  console.log(`  ${columns.map(cell).join("  ")}`);
  console.log(`  ${width.map((w) => "─".repeat(w)).join("  ")}`);
  for (const row of rows) console.log(`  ${columns.map((c, i) => cell(row[c] ?? "", i)).join("  ")}`);
}

export const fmt = (n: number, digits = 0): string =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : "-";
