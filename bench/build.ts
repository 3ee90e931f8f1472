// Benchmark of POST /transactions/build against building the same transaction in-process with
// MeshTxBuilder alone: a simple payment and a CIP-68 mint, both with `utxos` given. Latency: the
// median of autocannon's p50 with one connection vs the median single build; throughput: req/s
// with BENCH_CONNECTIONS connections vs sequential builds per second. Ratios as in bench/run.ts:
// latency ratio = HTTP ÷ Mesh, throughput ratio = Mesh ÷ HTTP. Autocannon runs in the same
// process as the server, so HTTP figures include its own CPU use.
// Run alone: `npx tsx bench/build.ts` (BENCH_RUNS, BENCH_SECONDS, BENCH_CONNECTIONS); bench/run.ts
// calls runBuildBench as an optional section.
import { pathToFileURL } from "node:url";
import type { Protocol, UTxO } from "@meshsdk/common";
import { MeshTxBuilder, MeshWallet } from "@meshsdk/core";
import { resolvePaymentKeyHash, toNativeScript } from "@meshsdk/core-cst";
import { cip67Prefix, cip68Datum } from "../src/cardano/metadata.js";
import { encodeUtxo } from "../src/cardano/utxo.js";
import { isDevnet } from "../src/chain/port.js";
import { plutusJsonToCbor } from "../src/tx/datum.js";
import { fmt, httpLoad, median, optionsFromEnv, printTable, startBenchService, type BenchOptions, type BenchRow } from "./util.js";

interface Scenario {
  name: string;
  body: unknown;
  /** The same transaction built with MeshTxBuilder alone. */
  mesh: () => Promise<string>;
}

/** Median milliseconds per build and builds per second, sequential, after a warm-up. */
async function timeAsync(fn: () => Promise<unknown>, options: BenchOptions): Promise<{ ms: number; perSec: number }> {
  const until = performance.now() + 500;
  while (performance.now() < until) await fn();
  const runs: { ms: number; perSec: number }[] = [];
  for (let run = 0; run < options.runs; run++) {
    const samples: number[] = [];
    const end = performance.now() + options.durationSeconds * 1000;
    const start = performance.now();
    while (performance.now() < end) {
      const t = performance.now();
      await fn();
      samples.push(performance.now() - t);
    }
    runs.push({ ms: median(samples), perSec: (samples.length * 1000) / (performance.now() - start) });
  }
  return { ms: median(runs.map((r) => r.ms)), perSec: median(runs.map((r) => r.perSec)) };
}

function scenarios(address: string, utxos: UTxO[], params: Protocol, slot: number): Scenario[] {
  const utxoStrings = utxos.map(encodeUtxo);
  const keyHash = resolvePaymentKeyHash(address);
  const script = { type: "all" as const, scripts: [{ type: "sig" as const, keyHash }] };
  const native = toNativeScript(script);
  const policyId = native.hash().toString();
  const name = Buffer.from("Bench", "utf8").toString("hex");
  const metadata = { name: "Bench", image: "ipfs://bench", description: "A benchmark token" };
  const datum = plutusJsonToCbor(cip68Datum(metadata, "metadata"), "metadata");
  const fresh = () => new MeshTxBuilder({ params }).invalidBefore(slot).invalidHereafter(slot + 7200).changeAddress(address).selectUtxosFrom(utxos);
  return [
    {
      name: "simple payment",
      body: { changeAddress: address, utxos: utxoStrings, outputs: [{ address, lovelace: 5_000_000 }] },
      mesh: () => fresh().txOut(address, [{ unit: "lovelace", quantity: "5000000" }]).complete(),
    },
    {
      name: "CIP-68 mint",
      body: {
        changeAddress: address,
        utxos: utxoStrings,
        preloadedScripts: [{ type: "simple", script, hash: policyId }],
        mint: [{ version: "cip68", assetName: { name: "Bench", format: "utf8", label: 222 }, metadata, policyId, quantity: 1 }],
      },
      mesh: () =>
        fresh()
          .mint("1", policyId, cip67Prefix(222) + name)
          .mintingScript(native.toCbor())
          .mint("1", policyId, cip67Prefix(100) + name)
          .mintingScript(native.toCbor())
          .txOut(address, [{ unit: policyId + cip67Prefix(100) + name, quantity: "1" }])
          .txOutInlineDatumValue(datum, "CBOR")
          .complete(),
    },
  ];
}

export async function runBuildBench(options: BenchOptions = optionsFromEnv()): Promise<BenchRow[]> {
  const service = await startBenchService();
  try {
    const chain = service.app.chain;
    if (!chain || !isDevnet(chain)) throw new Error("the build benchmark needs the embedded devnet");
    const wallet = new MeshWallet({ networkId: 0, key: { type: "mnemonic", words: MeshWallet.brew() as string[] } });
    await wallet.init();
    const address = await wallet.getChangeAddress();
    for (let i = 0; i < 5; i++) await chain.faucet(address, 50_000_000n);
    const [utxos, params, tip] = await Promise.all([chain.utxosAt(address), chain.protocolParameters(), chain.tip()]);
    const url = `${service.url}/v2/services/transactions/build`;
    const rows: BenchRow[] = [];
    for (const scenario of scenarios(address, utxos, params, tip.slot)) {
      const mesh = await timeAsync(scenario.mesh, options);
      const latency = await httpLoad(url, scenario.body, { ...options, connections: 1 });
      const load = await httpLoad(url, scenario.body, options);
      if (latency.failures + load.failures > 0) throw new Error(`${scenario.name}: ${latency.failures + load.failures} failed HTTP requests`);
      rows.push({
        transaction: scenario.name,
        "HTTP p50 ms (1 conn)": fmt(latency.p50Ms, 2),
        [`HTTP req/s (${options.connections} conn)`]: fmt(load.reqPerSec),
        "Mesh p50 ms": fmt(mesh.ms, 2),
        "Mesh builds/s": fmt(mesh.perSec),
        "latency ratio": `${fmt(latency.p50Ms / mesh.ms, 1)}×`,
        "throughput ratio": `${fmt(mesh.perSec / load.reqPerSec, 1)}×`,
      });
    }
    return rows;
  } finally {
    await service.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = optionsFromEnv();
  console.log(`POST /transactions/build vs MeshTxBuilder in-process: ${options.runs} runs × ${options.durationSeconds} s, medians`);
  printTable("Build latency and throughput", await runBuildBench(options));
}
