// `npm run bench`: for each utility endpoint, the median latency and requests per second of the
// real service (in-process, on loopback; the load from a separate load generator process, autocannon
// with concurrent connections, several short runs; see bench/util.ts) next to the in-process domain
// function behind it (median ns per call, ops/s), so the HTTP overhead shows as a ratio. Then the
// optional sections other bench files export, when present: bench/build.ts → runBuildBench(options),
// bench/tournament.ts → runTournamentBench(options), bench/plutus.ts → runPlutusBench(options),
// bench/fleet.ts → runFleetBench(options) (builds/s of one instance on SQLite next to two on
// PostgreSQL + Redis, issue #12), bench/events.ts → runEventsBench(options) (submit → SSE latency, the
// build's builds/s with the event machinery on and off, issue #24), bench/devnet-ledger.ts → runDevnetLedgerBench() (the devnet's
// submit, restart, memory and throughput, fresh and grown by 100,000 UTxOs, issue #21), bench/webhooks.ts →
// runWebhooksBench(options) (webhook deliveries per second to a local receiver, issue #24) (contract: BenchSection in bench/util.ts). The first two print the figures issue #10 asks for, each with its target and whether it is met, measured in
// interleaved rounds in this one run. The memory soak is separate: `npm run bench:soak` (bench/soak.ts).
//
// Settings (environment): BENCH_CONNECTIONS (10, the utility endpoints; the build section's load
// figure uses the 16), BENCH_SECONDS per run or round (3), BENCH_RUNS (3), BENCH_ONLY (only
// the utility endpoints and bench files whose path contains it: "addresses", "build", "tournament",
// "fleet", "devnet", "events", "webhooks");
// bench/build.ts takes BENCH_SERVER=process (the service in a process of its own), bench/tournament.ts
// has its own (BENCH_GROW_*, BENCH_TOURNAMENT_*: see its header).
// Timings depend on the machine (fees, sizes and ExUnits do not). The tournament section also flags
// v2/v1 fee ratios above the contract issue's 1.10.
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { addressCredentials, addressInfo } from "../src/cardano/addresses.js";
import { parseNativeScript, serializeNativeScript } from "../src/cardano/native-scripts.js";
import { BASE_PATH } from "../src/server/paths.js";
import {
  closeLoadGenerator,
  fmt,
  httpLoad,
  optionsFromEnv,
  printTable,
  startBenchService,
  timeFunction,
  type BenchOptions,
  type BenchRow,
  type BenchSection,
} from "./util.js";

const ADDRESS =
  "addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x";
const SCRIPT_SCHEMA = {
  type: "all",
  scripts: [
    { type: "sig", keyHash: "e09d36c79dec9bd1b3d9e152247701cd0bb860b5ebfd1de8abb6735a" },
    {
      type: "any",
      scripts: [
        { type: "before", slot: 99_999_999 },
        { type: "after", slot: 1_000 },
      ],
    },
  ],
};
// Preprod has a Byron era, so slot/time conversions cross an era boundary like mainnet's.
const NETWORK = "preprod";
const SLOT = 50_000_000;

interface Endpoint {
  path: string;
  body: unknown;
  fn: () => unknown;
}

async function utilities(options: BenchOptions): Promise<BenchRow[]> {
  const service = await startBenchService({ NETWORK, AUTH: "optional" });
  try {
    const eras = service.app.eraHistory;
    const scriptCbor = serializeNativeScript(SCRIPT_SCHEMA, "schema").script;
    const time = eras.slotToTime(SLOT);
    const endpoints: Endpoint[] = [
      {
        path: "/utils/addresses/parse",
        body: { address: ADDRESS },
        fn: () => addressCredentials(ADDRESS, "body.address"),
      },
      { path: "/addresses/info", body: { address: ADDRESS }, fn: () => addressInfo(ADDRESS, "body.address") },
      {
        path: "/utils/native-scripts/parse",
        body: { script: scriptCbor },
        fn: () => parseNativeScript(scriptCbor, "body.script"),
      },
      {
        path: "/utils/native-scripts/serialize",
        body: { schema: SCRIPT_SCHEMA },
        fn: () => serializeNativeScript(SCRIPT_SCHEMA, "body.schema"),
      },
      { path: "/utils/network/slot-to-time", body: { slot: SLOT }, fn: () => eras.slotToTime(SLOT, "body.slot") },
      { path: "/utils/network/time-to-slot", body: { time }, fn: () => eras.timeToSlot(time, "body.time") },
    ];
    const rows: BenchRow[] = [];
    const only = process.env["BENCH_ONLY"];
    for (const endpoint of endpoints.filter((e) => !only || e.path.includes(only))) {
      const url = `${service.url}${BASE_PATH}${endpoint.path}`;
      const probe = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(endpoint.body),
      });
      if (probe.status !== 200) {
        console.log(`  skipped ${endpoint.path}: answered ${probe.status} ${(await probe.text()).slice(0, 160)}`);
        continue;
      }
      await probe.arrayBuffer().catch(() => undefined);
      process.stdout.write(`  ${endpoint.path} …`);
      const http = await httpLoad(url, endpoint.body, options);
      const local = timeFunction(endpoint.fn);
      process.stdout.write(" done\n");
      rows.push({
        endpoint: `POST ${endpoint.path}`,
        "HTTP p50 ms": fmt(http.p50Ms, 2),
        "HTTP req/s": fmt(http.reqPerSec),
        "fn ns/call": fmt(local.nsPerCall),
        "fn ops/s": fmt(local.opsPerSec),
        "latency ratio": `${fmt((http.p50Ms * 1e6) / local.nsPerCall, 1)}×`,
        "throughput ratio": `${fmt(local.opsPerSec / http.reqPerSec, 1)}×`,
        ...(http.failures > 0 ? { failures: String(http.failures) } : {}),
      });
    }
    return rows;
  } finally {
    await service.close();
  }
}

/** Runs `exportName` of a sibling bench file when both exist; prints a note otherwise. */
async function optionalSection(file: string, exportName: string, title: string, options: BenchOptions): Promise<void> {
  const only = process.env["BENCH_ONLY"];
  if (only && !file.includes(only)) return;
  const url = new URL(`./${file}`, import.meta.url);
  if (!existsSync(url)) {
    console.log(`\n${title}: skipped (bench/${file} does not exist yet)`);
    return;
  }
  const module = (await import(url.href)) as Record<string, unknown>;
  const section = module[exportName];
  if (typeof section !== "function") {
    console.log(`\n${title}: skipped (bench/${file} exports no ${exportName}())`);
    return;
  }
  console.log(`\n${title}`);
  const rows = await (section as BenchSection)(options);
  if (Array.isArray(rows)) printTable(`${title}: results`, rows);
}

async function main(): Promise<void> {
  const options = optionsFromEnv();
  const started = Date.now();
  const load = loadavg()[0]!;
  console.log(
    `Benchmark: Node ${process.version}, ${cpus().length}× ${cpus()[0]?.model ?? "CPU"}; ` +
      `${options.connections} connections, ${options.runs} runs of ${options.durationSeconds} s per endpoint, medians.`,
  );
  // Other processes on the machine take CPU from the service: say so when they are there.
  console.log(
    `Load average ${load.toFixed(1)} on ${cpus().length} cores before the run` +
      (load > cpus().length / 2
        ? ": other processes compete for the CPU, timings will be slower than on an idle machine."
        : "."),
  );
  console.log(`Utilities (service on 127.0.0.1, NETWORK=${NETWORK}):`);
  const rows = await utilities(options);
  printTable("Utility endpoints over HTTP vs the domain function in-process", rows);
  console.log(
    "  latency ratio: HTTP p50 under load ÷ one in-process call. throughput ratio: fn ops/s ÷ HTTP req/s, i.e. how many\n" +
      "  calls of the function fit in what one request costs the service at full load (HTTP, JSON, validation, auth).",
  );
  await optionalSection("build.ts", "runBuildBench", "Transaction build", options);
  await optionalSection("tournament.ts", "runTournamentBench", "Tournaments", options);
  await optionalSection("plutus.ts", "runPlutusBench", "Plutus scripts", options);
  await optionalSection("rate-limit.ts", "runRateLimitBench", "Rate limiter (token buckets, memory vs Redis)", options);
  await optionalSection(
    "fleet.ts",
    "runFleetBench",
    "Fleet: one instance on SQLite vs two on PostgreSQL + Redis",
    options,
  );
  await optionalSection(
    "webhooks.ts",
    "runWebhooksBench",
    "Webhook deliveries to a receiver on loopback (devnet, SQLite)",
    options,
  );
  await optionalSection(
    "devnet-ledger.ts",
    "runDevnetLedgerBench",
    "Devnet ledger as it grows (the service as a process, HTTP on loopback)",
    options,
  );
  await optionalSection("events.ts", "runEventsBench", "Events: submit → stream latency, build overhead", options);
  console.log(
    `\n(${((Date.now() - started) / 1000).toFixed(0)} s in all; load average ${loadavg()[0]!.toFixed(1)} at the end)`,
  );
}

try {
  await main();
} finally {
  closeLoadGenerator();
}
