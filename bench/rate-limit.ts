// Token buckets (issue #12): what a rate-limit check costs a request, in this process
// (MemoryTokenBuckets) and in Redis on loopback (RedisTokenBuckets, one EVALSHA), side by side:
// - µs/take: the median of single take() calls one after another (a request's added latency);
// - takes/s: 16 concurrent callers taking for BENCH_SECONDS (what one instance can check);
// - at once: 400 concurrent takes against a fresh bucket of burst 50 on two clients (two
//   "instances"): a token bucket grants exactly the burst, where a window-plus-burst limiter such
//   as rate-limiter-flexible's BurstyRateLimiter would grant perSecond + burst.
// Redis: BENCH_REDIS_URL when set, else a throwaway redis-server (test/support/redis.ts).
// Run alone: `npx tsx bench/rate-limit.ts`; bench/run.ts calls runRateLimitBench as an optional section.
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { RedisTokenBuckets } from "../src/store/redis-token-buckets.js";
import { MemoryTokenBuckets, type TokenBuckets } from "../src/store/token-buckets.js";
import type { KeyLimits } from "../src/store/types.js";
import { startRedis, type TestRedis } from "../test/support/redis.js";
import { fmt, median, optionsFromEnv, printTable, type BenchOptions, type BenchRow } from "./util.js";

const CONCURRENCY = 16;
const SEQUENTIAL_TAKES = 5000;
/** Large enough that every take of the timing runs is allowed: the common case. */
const OPEN: KeyLimits = { perDay: 1_000_000, perSecond: 1_000_000, burst: 1_000_000 };

async function microsPerTake(buckets: TokenBuckets): Promise<number> {
  const key = `bench-${randomUUID()}`;
  for (let i = 0; i < 500; i++) await buckets.take(key, OPEN, Date.now());
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL_TAKES; i++) {
    const started = process.hrtime.bigint();
    await buckets.take(key, OPEN, Date.now());
    times.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  return median(times);
}

async function takesPerSecond(buckets: TokenBuckets, seconds: number): Promise<number> {
  const key = `bench-${randomUUID()}`;
  const until = Date.now() + seconds * 1000;
  let takes = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        await buckets.take(key, OPEN, Date.now());
        takes++;
      }
    }),
  );
  return takes / ((Date.now() - started) / 1000);
}

async function allowedAtOnce(a: TokenBuckets, b: TokenBuckets): Promise<number> {
  const key = `bench-${randomUUID()}`;
  const limits: KeyLimits = { perDay: 1_000_000, perSecond: 10, burst: 50 };
  const now = Date.now();
  const results = await Promise.all(Array.from({ length: 400 }, (_, i) => (i % 2 ? a : b).take(key, limits, now)));
  return results.filter((r) => r.allowed).length;
}

export async function runRateLimitBench(options: BenchOptions = optionsFromEnv()): Promise<BenchRow[]> {
  const given = process.env["BENCH_REDIS_URL"];
  let server: TestRedis | undefined;
  const url = given ?? (server = await startRedis()).url;
  const prefix = `bench:${randomUUID()}:`;
  const redisA = await RedisTokenBuckets.open(url, { prefix });
  const redisB = await RedisTokenBuckets.open(url, { prefix });
  const memory = new MemoryTokenBuckets();
  try {
    const rows: BenchRow[] = [];
    const contenders: [string, TokenBuckets, TokenBuckets][] = [
      ["Memory (this process)", memory, memory],
      [`Redis (${given ? "BENCH_REDIS_URL" : "loopback, throwaway"})`, redisA, redisB],
    ];
    for (const [name, a, b] of contenders) {
      process.stdout.write(`  ${name} …`);
      const micros: number[] = [];
      const rates: number[] = [];
      // Each figure is the median of BENCH_RUNS runs.
      for (let run = 0; run < options.runs; run++) {
        micros.push(await microsPerTake(a));
        rates.push(await takesPerSecond(a, options.durationSeconds));
      }
      const atOnce = await allowedAtOnce(a, b);
      process.stdout.write(" done\n");
      rows.push({
        buckets: name,
        "µs/take (p50, sequential)": fmt(median(micros), 1),
        [`takes/s (${CONCURRENCY} concurrent)`]: fmt(median(rates)),
        "400 at once, burst 50: allowed": `${atOnce}${atOnce === 50 ? " (exact)" : " (NOT the burst)"}`,
      });
    }
    return rows;
  } finally {
    await Promise.all([redisA.close(), redisB.close()]);
    await server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runRateLimitBench()
    .then((rows) => printTable("Token buckets: one take() per request, in this process vs in Redis", rows))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
