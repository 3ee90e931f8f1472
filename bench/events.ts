// The event machinery's figures (issue #24, "Performance"), on the embedded devnet:
// - latency from the accepted submit to the SSE client: a client reads GET /events; a wallet
//   builds, signs and submits simple payments one after another (each waits for its own
//   tx.confirmed); the latency of each is the time from the submit's 200 to the arrival of its
//   tx.submitted and of its tx.confirmed on the stream: p50 and p99 over BENCH_EVENT_TXS (100);
// - the overhead on the build benchmark: builds/s of the simple payment with 16 connections (as
//   bench/build.ts measures it) on two services in this process, side by side in interleaved
//   rounds: one with the event machinery on (its follower recording every transaction, four SSE
//   clients reading every event), one with it closed (app.events.close(): no follower, no store
//   polls). While each is measured, the same trickle of faucet payments (5 a second) feeds its
//   devnet, so the one with events on has events to record and stream. Target: at most 5 %.
// Run alone: `npx tsx bench/events.ts`; bench/run.ts calls runEventsBench as an optional section.
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { isDevnet, type DevnetPort } from "../src/chain/port.js";
import { BASE_PATH } from "../src/server/paths.js";
import { keylessAddress, newWallet, utxoStrings } from "./devnet.js";
import {
  closeLoadGenerator,
  fmt,
  httpRound,
  median,
  optionsFromEnv,
  printTable,
  startBenchService,
  type BenchOptions,
  type BenchRow,
  type BenchService,
  type RoundFigures,
} from "./util.js";

const TARGET_OVERHEAD = 0.05;
const CONNECTIONS = 16;
const STREAMS = 4;
const TRICKLE_PER_SECOND = 5;

/** The value at quantile `q` (0..1) of `values`, nearest rank. */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

interface StreamReader {
  /** Resolves with the arrival time (performance.now()) of the first event of `type` for `txHash`. */
  arrival(type: string, txHash: string): Promise<number>;
  close(): void;
}

/** Reads GET /events, noting when each event arrives; parses only what `arrival` waits for. */
async function openEvents(url: string, query = ""): Promise<StreamReader> {
  const abort = new AbortController();
  const response = await fetch(`${url}${BASE_PATH}/events${query}`, {
    headers: { accept: "text/event-stream" },
    signal: abort.signal,
  });
  if (response.status !== 200) throw new Error(`GET /events answered ${response.status}: ${await response.text()}`);
  const seen = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const at = performance.now();
        buffer += value;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split("\n").find((line) => line.startsWith("data: "));
          if (data === undefined) continue;
          const event = JSON.parse(data.slice(6)) as { type: string; point?: { txHash?: string | null } };
          const key = `${event.type} ${event.point?.txHash ?? ""}`;
          const resolve = waiting.get(key);
          if (resolve) {
            waiting.delete(key);
            resolve(at);
          } else if (waiting.size > 0 || seen.size < 10_000) seen.set(key, at);
        }
      }
    } catch {
      // Closed.
    }
  })();
  return {
    arrival(type, txHash) {
      const key = `${type} ${txHash}`;
      const at = seen.get(key);
      if (at !== undefined) {
        seen.delete(key);
        return Promise.resolve(at);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} for ${txHash} within 30 s`)), 30_000);
        waiting.set(key, (t) => {
          clearTimeout(timer);
          resolve(t);
        });
      });
    },
    close: () => abort.abort(),
  };
}

const post = async (url: string, path: string, body: unknown): Promise<Record<string, unknown>> => {
  const response = await fetch(`${url}${BASE_PATH}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
};

interface LatencyFigures {
  submitted: number[];
  confirmed: number[];
}

/** `count` payments one after another: each built, signed, submitted, then awaited on the stream. */
async function latencies(service: BenchService, count: number): Promise<LatencyFigures> {
  const devnet = devnetOf(service);
  const wallet = await newWallet("enterprise");
  await devnet.faucet(wallet.address, 10_000_000_000n);
  const stream = await openEvents(service.url, "?types=tx.submitted,tx.confirmed");
  const figures: LatencyFigures = { submitted: [], confirmed: [] };
  try {
    for (let i = 0; i < count; i++) {
      const built = await post(service.url, "/transactions/build", {
        changeAddress: wallet.address,
        outputs: [{ address: keylessAddress("enterprise"), lovelace: 2_000_000 }],
      });
      const transaction = await wallet.sign(String(built["complete"]));
      const answer = await post(service.url, "/transactions/submit", { transaction });
      const accepted = performance.now();
      const txHash = String(answer["txHash"]);
      const [submitted, confirmed] = await Promise.all([
        stream.arrival("tx.submitted", txHash),
        stream.arrival("tx.confirmed", txHash),
      ]);
      figures.submitted.push(Math.max(0, submitted - accepted));
      figures.confirmed.push(Math.max(0, confirmed - accepted));
    }
  } finally {
    stream.close();
  }
  return figures;
}

function devnetOf(service: BenchService): DevnetPort {
  const chain = service.app.chain;
  if (!isDevnet(chain)) throw new Error("the events bench runs on the devnet");
  return chain;
}

/** Faucet payments to keyless addresses, `perSecond`, until the returned function is called. */
function trickle(devnet: DevnetPort, perSecond: number): () => Promise<void> {
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await devnet.faucet(keylessAddress("enterprise"), 2_000_000n).catch(() => undefined);
      await sleep(Math.max(0, 1000 / perSecond - (performance.now() - started)));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

/** A simple payment's build request (5 UTxOs given), as bench/build.ts sends it. */
async function paymentBody(service: BenchService): Promise<unknown> {
  const devnet = devnetOf(service);
  const payer = await newWallet("enterprise");
  for (let i = 0; i < 5; i++) await devnet.faucet(payer.address, 50_000_000n);
  return {
    changeAddress: payer.address,
    utxos: utxoStrings(await devnet.utxosAt(payer.address)),
    outputs: [{ address: payer.address, lovelace: 5_000_000 }],
  };
}

interface Side {
  service: BenchService;
  body: unknown;
  rounds: RoundFigures[];
}

export async function runEventsBench(options: BenchOptions): Promise<BenchRow[]> {
  const count = Number(process.env["BENCH_EVENT_TXS"] ?? 100);
  const rows: BenchRow[] = [];

  const latencyService = await startBenchService();
  try {
    process.stdout.write(`  ${count} payments, submit → SSE …`);
    const figures = await latencies(latencyService, count);
    process.stdout.write(" done\n");
    for (const [name, values] of [
      ["accepted submit → tx.submitted on the stream", figures.submitted],
      ["accepted submit → tx.confirmed on the stream", figures.confirmed],
    ] as const)
      rows.push({
        figure: name,
        p50: `${fmt(quantile(values, 0.5), 1)} ms`,
        p99: `${fmt(quantile(values, 0.99), 1)} ms`,
        max: `${fmt(Math.max(...values), 1)} ms`,
        samples: String(values.length),
      });
  } finally {
    await latencyService.close();
  }

  const on: Side = { service: await startBenchService(), body: null, rounds: [] };
  const off: Side = { service: await startBenchService(), body: null, rounds: [] };
  const streams: StreamReader[] = [];
  try {
    await off.service.app.events.close();
    on.body = await paymentBody(on.service);
    off.body = await paymentBody(off.service);
    for (let i = 0; i < STREAMS; i++) streams.push(await openEvents(on.service.url));
    const url = (side: Side) => `${side.service.url}${BASE_PATH}/transactions/build`;
    for (const side of [on, off]) await httpRound(url(side), side.body, CONNECTIONS, 1);
    process.stdout.write(`  build load, events on vs off, ${options.runs} rounds of ${options.durationSeconds} s …`);
    for (let round = 0; round < options.runs; round++) {
      // Alternate which side goes first, so a slower moment of the machine weighs on both alike.
      for (const side of round % 2 === 0 ? [on, off] : [off, on]) {
        const stop = trickle(devnetOf(side.service), TRICKLE_PER_SECOND);
        side.rounds.push(await httpRound(url(side), side.body, CONNECTIONS, options.durationSeconds));
        await stop();
      }
    }
    process.stdout.write(" done\n");
  } finally {
    for (const stream of streams) stream.close();
    await on.service.close();
    await off.service.close();
  }
  const perSecond = (side: Side) => median(side.rounds.map((r) => r.perSecond));
  const failures = (side: Side) => side.rounds.reduce((sum, r) => sum + r.failures, 0);
  const overhead = 1 - perSecond(on) / perSecond(off);
  rows.push({
    figure: `builds/s, ${CONNECTIONS} connections: events on (${STREAMS} streams) vs off`,
    p50: `${fmt(perSecond(on))} vs ${fmt(perSecond(off))}`,
    p99: `overhead ${fmt(overhead * 100, 1)} % (target ≤ ${fmt(TARGET_OVERHEAD * 100)} %: ${overhead <= TARGET_OVERHEAD ? "met" : "not met"})`,
    max: "",
    samples: `${options.runs} rounds each${failures(on) + failures(off) > 0 ? `, ${failures(on) + failures(off)} failures` : ""}`,
  });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    printTable("Events", await runEventsBench(optionsFromEnv()));
  } finally {
    closeLoadGenerator();
  }
}
