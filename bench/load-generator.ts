// The benchmark's load generator, a child process of the benchmark (bench/util.ts forks it with
// `node --import tsx` and talks to it over the IPC channel), so that on a small machine the client's
// CPU is not taken from the server: the service runs in the benchmark's process, this one on the
// other core. Two kinds of job:
// - "load": autocannon with `connections` for `durationSeconds`; latencies from each response's own
//   timing (autocannon's histogram rounds to whole milliseconds, too coarse here);
// - "sequential": one request after another with fetch, at least `minCount` and for at least
//   `minSeconds`, but no more than `maxCount`, and none started after `maxSeconds` once one
//   answered (requests of many seconds), for endpoints timed one request at a time; a request
//   unanswered after `timeoutSeconds` is abandoned and ends the job (timedOut).
// Either kind may carry more request headers (`headers`, e.g. X-Api-Key) for every request.
// Each job answers with the latency median and 90th percentile, the rate, failures (the first failed
// answer's status and start of its body, for sequential jobs) and this process's CPU time.
import { createRequire } from "node:module";

export interface LoadJob {
  kind: "load";
  url: string;
  method: string;
  /** JSON text, sent with content-type application/json; absent: no body. */
  body?: string;
  /** More request headers (e.g. X-Api-Key), sent with every request. */
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export interface SequentialJob {
  kind: "sequential";
  url: string;
  method: string;
  body?: string;
  headers?: Record<string, string>;
  minCount: number;
  maxCount: number;
  minSeconds: number;
  maxSeconds: number;
  timeoutSeconds: number;
}

export type Job = LoadJob | SequentialJob;

export interface JobResult {
  /** Successful (2xx) answers. */
  count: number;
  p50Ms: number;
  p90Ms: number;
  /** Successful answers per second of the job's wall time. */
  perSecond: number;
  /** Errors, timeouts and non-2xx answers. */
  failures: number;
  firstFailure?: string;
  /** This process's CPU time over the job ÷ its wall time (1 = one core busy). */
  clientCpu: number;
  /** A sequential job's request got no answer within its timeout. */
  timedOut?: boolean;
}

export type Request = { id: number; job: Job };
export type Reply = { id: number; ok: true; result: JobResult } | { id: number; ok: false; error: string };

interface AutocannonResult {
  requests: { total: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
type AutocannonRun = Promise<AutocannonResult> & {
  on(
    event: "response",
    listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void,
  ): void;
};
// autocannon ships no types; this is the one call made.
const autocannon = createRequire(import.meta.url)("autocannon") as (options: Record<string, unknown>) => AutocannonRun;

function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo]! + (sorted[Math.min(lo + 1, sorted.length - 1)]! - sorted[lo]!) * (at - lo);
}

const headersOf = (job: Job): Record<string, string> => ({
  ...(job.body === undefined ? {} : { "content-type": "application/json" }),
  ...job.headers,
});

async function load(job: LoadJob): Promise<Omit<JobResult, "clientCpu">> {
  const times: number[] = [];
  const started = performance.now();
  const running = autocannon({
    url: job.url,
    method: job.method,
    connections: job.connections,
    duration: job.durationSeconds,
    timeout: 60,
    headers: headersOf(job),
    ...(job.body === undefined ? {} : { body: job.body }),
  });
  running.on("response", (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const result = await running;
  const seconds = (performance.now() - started) / 1000;
  return {
    count: times.length,
    p50Ms: quantile(times, 0.5),
    p90Ms: quantile(times, 0.9),
    perSecond: times.length / Math.max(seconds, result.duration, 1e-9),
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

async function sequential(job: SequentialJob): Promise<Omit<JobResult, "clientCpu">> {
  const times: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const init: RequestInit = {
    method: job.method,
    headers: headersOf(job),
    ...(job.body === undefined ? {} : { body: job.body }),
  };
  const more = (): boolean => {
    const n = times.length + failures;
    const elapsed = (performance.now() - started) / 1000;
    if (n >= job.maxCount || (n > 0 && elapsed >= job.maxSeconds)) return false;
    return n < job.minCount || elapsed < job.minSeconds;
  };
  let timedOut = false;
  while (more()) {
    const t = performance.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(job.url, { ...init, signal: AbortSignal.timeout(job.timeoutSeconds * 1000) });
      text = await response.text();
    } catch (error) {
      failures++;
      timedOut = (error as Error).name === "TimeoutError";
      firstFailure ??= timedOut ? `no answer within ${job.timeoutSeconds} s` : String(error);
      break;
    }
    const ms = performance.now() - t;
    if (response.ok) times.push(ms);
    else {
      failures++;
      firstFailure ??= `${response.status} ${text.slice(0, 300)}`;
      if (failures >= 3 && times.length === 0) break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    count: times.length,
    p50Ms: quantile(times, 0.5),
    p90Ms: quantile(times, 0.9),
    perSecond: times.length / seconds,
    failures,
    ...(firstFailure === undefined ? {} : { firstFailure }),
    ...(timedOut ? { timedOut } : {}),
  };
}

async function run(job: Job): Promise<JobResult> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = job.kind === "load" ? await load(job) : await sequential(job);
  const used = process.cpuUsage(cpu);
  return { ...result, clientCpu: (used.user + used.system) / 1000 / (performance.now() - started) };
}

if (process.send !== undefined) {
  process.on("message", (message: Request) => {
    run(message.job).then(
      (result) => process.send!({ id: message.id, ok: true, result } satisfies Reply),
      (error: unknown) =>
        process.send!({
          id: message.id,
          ok: false,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies Reply),
    );
  });
  // The benchmark closes the channel when it is done: then this process ends.
  process.on("disconnect", () => process.exit(0));
}
