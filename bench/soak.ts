// `npm run bench:soak`: the memory soak of issue #10 ("must not leak: WASM objects freed, RSS flat
// over 100,000 builds"). The real service in this process (devnet, loopback, as bench/util.ts starts
// it) builds the simple payment of bench/build.ts (5 UTxOs given, one output) BENCH_SOAK_BUILDS
// times (100,000) through Fastify's app.inject (the whole request path, routing, validation,
// serialization, without sockets), BENCH_SOAK_CONCURRENCY requests in flight (4). Every 10 % it
// prints RSS, V8 heap used, external memory (native and WASM buffers count there and in RSS) and
// array buffers, after a full garbage collection when the script runs with --expose-gc (the npm
// script does), then the growth from the 10 % mark (warm: caches filled, code compiled) to the end.
// Flat: RSS and heap grow less than 10 % over those 90 % of the builds.
import { isDevnet } from "../src/chain/port.js";
import { newWallet, utxoStrings } from "./devnet.js";
import { fmt, printTable, startBenchService, type BenchRow } from "./util.js";

const FLAT = 0.1;

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number ≥ 1; got ${raw}.`);
  return n;
}

interface Sample {
  builds: number;
  seconds: number;
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number): string => fmt(bytes / 2 ** 20, 1);
const growth = (from: number, to: number): string =>
  `${to >= from ? "+" : "−"}${fmt((Math.abs(to - from) / from) * 100, 1)} %`;

async function main(): Promise<void> {
  const builds = envInt("BENCH_SOAK_BUILDS", 100_000);
  const concurrency = envInt("BENCH_SOAK_CONCURRENCY", 4);
  const service = await startBenchService();
  try {
    const chain = service.app.chain;
    if (!chain || !isDevnet(chain)) throw new Error("the soak needs the embedded devnet");
    const payer = await newWallet("base");
    for (let i = 0; i < 5; i++) await chain.faucet(payer.address, 50_000_000n);
    const payload = {
      changeAddress: payer.address,
      utxos: utxoStrings(await chain.utxosAt(payer.address)),
      outputs: [{ address: payer.address, lovelace: 5_000_000 }],
    };
    const request = { method: "POST" as const, url: "/v2/services/transactions/build", payload };
    const first = await service.app.inject(request);
    if (first.statusCode !== 200)
      throw new Error(`the build answered ${first.statusCode}: ${first.body.slice(0, 400)}`);

    console.log(
      `Memory soak: ${fmt(builds)} builds of the simple payment through app.inject, ${concurrency} in flight; ` +
        (gc
          ? "samples after a full GC."
          : "no --expose-gc: samples without a GC first (noisier; the npm script passes the flag)."),
    );
    const samples: Sample[] = [];
    const sample = (done: number, seconds: number) => {
      gc?.();
      const m = process.memoryUsage();
      samples.push({
        builds: done,
        seconds,
        rss: m.rss,
        heapUsed: m.heapUsed,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
      });
      const s = samples.at(-1)!;
      console.log(
        `  ${fmt((100 * done) / builds).padStart(3)} %  ${fmt(done).padStart(7)} builds  ${fmt(seconds).padStart(5)} s  RSS ${mb(s.rss)} MB  heap ${mb(s.heapUsed)} MB  external ${mb(s.external)} MB`,
      );
    };
    const started = performance.now();
    sample(0, 0);
    let issued = 0;
    let done = 0;
    let failures = 0;
    let firstFailure = "";
    let nextMark = 1;
    const worker = async () => {
      while (issued < builds) {
        issued++;
        const response = await service.app.inject(request);
        if (response.statusCode !== 200) {
          failures++;
          firstFailure ||= `${response.statusCode} ${response.body.slice(0, 200)}`;
        }
        done++;
        if (nextMark <= 10 && done >= (nextMark * builds) / 10) {
          while (nextMark <= 10 && done >= (nextMark * builds) / 10) nextMark++;
          sample(done, (performance.now() - started) / 1000);
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));

    const rows: BenchRow[] = samples.map((s) => ({
      builds: fmt(s.builds),
      "%": fmt((100 * s.builds) / builds),
      seconds: fmt(s.seconds, 0),
      "RSS MB": mb(s.rss),
      "heap used MB": mb(s.heapUsed),
      "external MB": mb(s.external),
      "array buffers MB": mb(s.arrayBuffers),
    }));
    printTable("Memory every 10 %", rows);
    const mark = samples.find((s) => s.builds >= builds / 10) ?? samples[0]!;
    const end = samples.at(-1)!;
    const rssGrowth = (end.rss - mark.rss) / mark.rss;
    const heapGrowth = (end.heapUsed - mark.heapUsed) / mark.heapUsed;
    const seconds = end.seconds;
    printTable("Growth from the 10 % mark to the end", [
      {
        figure: "RSS",
        "at 10 %": `${mb(mark.rss)} MB`,
        "at the end": `${mb(end.rss)} MB`,
        growth: growth(mark.rss, end.rss),
        target: `< ${FLAT * 100} %`,
        "flat?": rssGrowth < FLAT ? "yes" : "no",
      },
      {
        figure: "V8 heap used",
        "at 10 %": `${mb(mark.heapUsed)} MB`,
        "at the end": `${mb(end.heapUsed)} MB`,
        growth: growth(mark.heapUsed, end.heapUsed),
        target: `< ${FLAT * 100} %`,
        "flat?": heapGrowth < FLAT ? "yes" : "no",
      },
      {
        figure: "external",
        "at 10 %": `${mb(mark.external)} MB`,
        "at the end": `${mb(end.external)} MB`,
        growth: growth(mark.external, end.external),
        target: "",
        "flat?": "",
      },
    ]);
    console.log(
      `  ${fmt(builds)} builds in ${fmt(seconds)} s (${fmt(builds / seconds)}/s); ${failures} failed${failures > 0 ? ` (first: ${firstFailure})` : ""}.`,
    );
    if (failures > 0) process.exitCode = 1;
  } finally {
    await service.close();
  }
}

await main();
