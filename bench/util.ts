// Shared benchmark helpers: an in-process service on loopback, HTTP load with autocannon (several
// short runs, medians), in-process function timing, and a plain-text table. Optional sections
// (bench/build.ts, bench/tournament.ts) may use them; see BenchSection for their contract.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { build } from "../src/server/app.js";
import { loadConfig } from "../src/config.js";

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
  return { connections: int("BENCH_CONNECTIONS", 10), durationSeconds: int("BENCH_SECONDS", 3), runs: int("BENCH_RUNS", 3) };
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
  close(): Promise<void>;
}

/** The real service (build()) listening on an ephemeral loopback port, with a temporary DATA_DIR. */
export async function startBenchService(env: Record<string, string> = {}): Promise<BenchService> {
  const dataDir = mkdtempSync(join(tmpdir(), "txsvc-bench-"));
  const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir, ...env, HOST: "127.0.0.1", PORT: "0" });
  const app = await build(config);
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    app,
    url,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface AutocannonResult {
  requests: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
/** The running instance: a promise of the result, and an emitter of each response. */
type AutocannonRun = Promise<AutocannonResult> & {
  on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): void;
};
// autocannon ships no types; this is the one call we make.
const autocannon = createRequire(import.meta.url)("autocannon") as (options: Record<string, unknown>) => AutocannonRun;

export interface HttpFigures {
  /** Median over runs of each run's median latency, milliseconds. */
  p50Ms: number;
  /** Median over runs of each run's average requests per second. */
  reqPerSec: number;
  /** Errors, timeouts and non-2xx answers over all runs (should be 0). */
  failures: number;
}

/**
 * One warm-up run, then `runs` autocannon runs of `durationSeconds` with `connections`, sending
 * `body` as JSON. Latencies are taken from each response's own timing (autocannon's histogram
 * rounds to whole milliseconds, too coarse for sub-millisecond endpoints).
 */
export async function httpLoad(url: string, body: unknown, options: BenchOptions, method = "POST"): Promise<HttpFigures> {
  const load = (duration: number) =>
    autocannon({
      url,
      method,
      connections: options.connections,
      duration,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  await load(1);
  const latencies: number[] = [];
  const rates: number[] = [];
  let failures = 0;
  for (let run = 0; run < options.runs; run++) {
    const times: number[] = [];
    const running = load(options.durationSeconds);
    running.on("response", (_client, _status, _bytes, ms) => times.push(ms));
    const result = await running;
    latencies.push(median(times));
    rates.push(result.requests.average);
    failures += result.errors + result.timeouts + result.non2xx;
  }
  return { p50Ms: median(latencies), reqPerSec: median(rates), failures };
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
  Number.isFinite(n) ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "-";
