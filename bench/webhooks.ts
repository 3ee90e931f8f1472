// Webhook deliveries per second (issue #24, design §8 item 7): the real service (in-process, on
// the devnet, SQLite), a webhook to a receiver on loopback that answers 204 at once, and EVENTS
// events appended to the log as the follower appends them; from the first append to the last
// delivery received. Per WEBHOOK_CONCURRENCY setting, the median of BENCH_RUNS runs, with the
// median time from an event's recording to its receipt. Each attempt opens its own connection
// (targets are resolved, checked and pinned per attempt), which is most of an attempt's cost here.
// Run alone: BENCH_ONLY=webhooks npm run bench.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { NewEvent } from "../src/events/types.js";
import { BASE_PATH } from "../src/server/paths.js";
import { fmt, median, startBenchService, type BenchOptions, type BenchRow } from "./util.js";

const EVENTS = 2000;
const BATCH = 100;

const event = (n: number): NewEvent => ({
  type: "tx.confirmed",
  point: { slot: n, blockHash: "bb".repeat(32), blockHeight: n, txHash: n.toString(16).padStart(64, "0") },
  data: { txHash: n.toString(16).padStart(64, "0"), status: "confirmed", confirmations: 1 },
  addresses: [],
  tournamentId: null,
});

async function run(concurrency: number): Promise<{ perSecond: number; p50Ms: number }> {
  const received: number[] = [];
  const createdAt = new Map<string, number>();
  let done: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (done = resolve));
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const eventId = String(req.headers["webhook-id"]).split(".")[1]!;
      received.push(Date.now() - (createdAt.get(eventId) ?? Date.now()));
      res.writeHead(204).end();
      if (received.length === EVENTS) done();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const service = await startBenchService({ NETWORK: "devnet", WEBHOOK_CONCURRENCY: String(concurrency) });
  try {
    const { key } = await service.app.stores.keys.create({ name: "bench", env: "testnet" });
    const created = await fetch(`${service.url}${BASE_PATH}/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify({
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        types: ["tx.confirmed"],
      }),
    });
    if (created.status !== 201) throw new Error(`POST /webhooks answered ${created.status}: ${await created.text()}`);
    const started = Date.now();
    for (let n = 1; n <= EVENTS; n += BATCH) {
      const now = Date.now();
      const stored = await service.app.stores.events.append(
        Array.from({ length: BATCH }, (_, i) => event(n + i)),
        now,
      );
      for (const e of stored) createdAt.set(e.id, now);
    }
    await all;
    const seconds = (Date.now() - started) / 1000;
    return { perSecond: EVENTS / seconds, p50Ms: median(received) };
  } finally {
    await service.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}

export async function runWebhooksBench(options: BenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const concurrency of [8, 32]) {
    const runs = [];
    for (let i = 0; i < options.runs; i++) {
      process.stdout.write(`  WEBHOOK_CONCURRENCY=${concurrency}, run ${i + 1} …`);
      runs.push(await run(concurrency));
      process.stdout.write(" done\n");
    }
    rows.push({
      WEBHOOK_CONCURRENCY: String(concurrency),
      events: String(EVENTS),
      "deliveries/s": fmt(median(runs.map((r) => r.perSecond))),
      "recorded → received p50 ms": fmt(median(runs.map((r) => r.p50Ms))),
    });
  }
  return rows;
}
