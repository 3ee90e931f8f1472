// `BENCH_ONLY=devnet npm run bench`: the devnet ledger as it grows (issue #21, item 1), side by side
// in one run, each figure with its target:
//   - a simple payment's submit p50 (POST /transactions/submit, one after another) on a fresh devnet,
//   - the same after the ledger grew by BENCH_DEVNET_GROW UTxOs (100,000; ≤ 1.3× fresh),
//   - restart to health 200 at that size (≤ 3 s), the service's RSS at that size (≤ 600 MiB),
//   - sustained accepted submits/s from 16 concurrent HTTP clients, each spending its own UTxOs (≥ 150).
// The service runs as a process of its own (node scripts/start.mjs, what npm start execs, on the
// DATA_DIR's devnet);
// the ledger is grown between, in this process, straight through DevnetPort.submit (payMany:
// multi-output payments to fresh keyless addresses). Every measured transaction is built and
// signed before its measurement starts, each spending a UTxO of its own, so that only the submit
// is timed. Settings: BENCH_DEVNET_GROW (100000), BENCH_DEVNET_WARMUP (40 untimed submits after each
// start, whose p50 is printed as the cold figure), BENCH_DEVNET_PROBES (40 sequential submits per
// p50), BENCH_DEVNET_CLIENTS (16), BENCH_DEVNET_PER_CLIENT (40 submits per client),
// BENCH_DEVNET_RESTARTS (3): after those figures, the grown devnet is restarted that many times more
// each way, in turns: npm start (scripts/start.mjs: src/ transpiled once by esbuild, then node), the
// TypeScript through tsx's loader (node --import tsx src/main.ts, npm start before it) and the
// compiled service (npm run build once, then node dist/main.js, as npm run start:compiled), and the
// median of each is printed. BENCH_DEVNET_RATIO_ROUNDS (3): the grown/fresh p50 ratio is taken again
// that many times, each round on a copy of the fresh and of the grown data directory made before
// their first measurement (the same signed payments), fresh and grown in turns, so that a slow
// moment of the machine (an fsync stall) weighs on both; the median ratio is the figure.
// The file imports only what the release before issue #21 has too (DevnetChain.inDataDir, payMany),
// so that the same bench runs on that code for the before/after table.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { UTxO } from "@meshsdk/common";
import { MeshTxBuilder } from "@meshsdk/core";
import { DevnetChain } from "../src/chain/devnet/devnet.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../src/chain/protocol-params.js";
import { keylessAddress, newWallet, payMany, type BenchWallet } from "./devnet.js";
import { fmt, median, startServerProcess, type BenchRow, type ServerProcess } from "./util.js";

const int = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number ≥ 0; got ${raw}.`);
  return n;
};

const SUBMIT_PATH = "/v2/services/transactions/submit";
/** No per-IP quota in the way of 16 clients on one loopback address. */
const SERVER_ENV = { KEYLESS_PER_SECOND: "1000000", KEYLESS_BURST: "1000000" };
const UTXO_LOVELACE = 5_000_000n;

interface Prepared {
  /** Signed simple payments of the probe wallet, one per UTxO (submitted one after another). */
  readonly probes: string[];
  /** Per client, its signed payments, one per UTxO of its own. */
  readonly clients: string[][];
}

/** A simple payment of 2 ADA to a fresh keyless address from one UTxO, change back: signed. */
async function payment(wallet: BenchWallet, utxo: UTxO): Promise<string> {
  const unsigned = await new MeshTxBuilder({ params: DEVNET_PROTOCOL_PARAMETERS })
    .txOut(keylessAddress("enterprise"), [{ unit: "lovelace", quantity: "2000000" }])
    .changeAddress(wallet.address)
    .selectUtxosFrom([utxo])
    .complete();
  return wallet.sign(unsigned);
}

/** Pays the probe wallet and each client their own UTxOs (in the devnet at `chain`) and signs one payment per UTxO. */
async function prepare(chain: DevnetChain, probes: number, clients: number, perClient: number): Promise<Prepared> {
  const probe = await newWallet("enterprise");
  const wallets = await Promise.all(Array.from({ length: clients }, () => newWallet("enterprise")));
  await payMany(chain, [
    ...Array.from({ length: probes }, () => ({ address: probe.address, lovelace: UTXO_LOVELACE })),
    ...wallets.flatMap((w) =>
      Array.from({ length: perClient }, () => ({ address: w.address, lovelace: UTXO_LOVELACE })),
    ),
  ]);
  const signAll = async (wallet: BenchWallet): Promise<string[]> => {
    const signed: string[] = [];
    for (const utxo of await chain.utxosAt(wallet.address)) signed.push(await payment(wallet, utxo));
    return signed;
  };
  return { probes: await signAll(probe), clients: await Promise.all(wallets.map(signAll)) };
}

async function submit(url: string, transaction: string): Promise<boolean> {
  const response = await fetch(`${url}${SUBMIT_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ transaction }),
  });
  const text = await response.text();
  if (response.status !== 200) console.log(`    submit answered ${response.status}: ${text.slice(0, 200)}`);
  return response.status === 200;
}

/** Submits one after another; the p50 of the accepted ones (ms). */
async function submitP50(url: string, txs: readonly string[]): Promise<number> {
  const times: number[] = [];
  for (const tx of txs) {
    const started = performance.now();
    if (await submit(url, tx)) times.push(performance.now() - started);
  }
  return median(times);
}

/** Every client submits its own transactions one after another, all clients at once: accepted per second. */
async function throughput(url: string, clients: readonly string[][]): Promise<{ perSecond: number; failed: number }> {
  let accepted = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (txs) => {
      for (const tx of txs) {
        if (await submit(url, tx)) accepted++;
        else failed++;
      }
    }),
  );
  return { perSecond: accepted / ((performance.now() - started) / 1000), failed };
}

/** The resident set of a process (MiB), from /proc (Linux; NaN elsewhere). */
function rssMiB(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? NaN : Number(kb) / 1024;
  } catch {
    return NaN;
  }
}

const NPM_START = ["scripts/start.mjs"];
const TSX = ["--import", "tsx", "src/main.ts"];
const COMPILED = ["dist/main.js"];

async function timedStart(dataDir: string, nodeArgs = NPM_START): Promise<{ server: ServerProcess; seconds: number }> {
  const started = performance.now();
  const server = await startServerProcess(dataDir, SERVER_ENV, nodeArgs);
  return { server, seconds: (performance.now() - started) / 1000 };
}

/** npm run build (tsc → dist/), so that the compiled start runs this tree's code; false when it fails. */
function compile(): boolean {
  const root = new URL("..", import.meta.url);
  const tsc = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], {
    cwd: root,
    stdio: "inherit",
  });
  return tsc.status === 0 && existsSync(new URL("dist/main.js", root));
}

/** `restarts` starts to health 200 each way, in turns (npm start, tsx, compiled): the median seconds of each. */
async function restarts(
  dataDir: string,
  restarts: number,
): Promise<{ npmStart: number; tsx: number; compiled: number }> {
  const npmStart: number[] = [];
  const tsx: number[] = [];
  const compiled: number[] = [];
  for (let i = 0; i < restarts; i++) {
    for (const [args, times] of [
      [NPM_START, npmStart],
      [TSX, tsx],
      [COMPILED, compiled],
    ] as const) {
      const { server, seconds } = await timedStart(dataDir, args);
      times.push(seconds);
      await server.close();
    }
  }
  return { npmStart: median(npmStart), tsx: median(tsx), compiled: median(compiled) };
}

interface Stage {
  startSeconds: number;
  /** p50 of the first submits after the start (Scalus loads, the JIT is cold). */
  coldP50: number;
  p50: number;
  perSecond: number;
  failed: number;
  rss: number;
  utxos: number;
}

/**
 * Starts the service on `dataDir`, measures the p50 of the first `warmup` submits after the start
 * (cold), then of the probes after them (the service in its steady state), then the 16 clients,
 * then its RSS; stops it.
 */
async function measure(dataDir: string, prepared: Prepared, warmup: number, utxos: number): Promise<Stage> {
  const { server, seconds } = await timedStart(dataDir);
  try {
    const coldP50 = await submitP50(server.url, prepared.probes.slice(0, warmup));
    const p50 = await submitP50(server.url, prepared.probes.slice(warmup));
    const { perSecond, failed } = await throughput(server.url, prepared.clients);
    return { startSeconds: seconds, coldP50, p50, perSecond, failed, rss: rssMiB(server.pid), utxos };
  } finally {
    await server.close();
  }
}

const verdict = (ok: boolean): string => (ok ? "PASS" : "MISS");

/** The steady-state p50 on a copy of `pristine` (warm-up submits first, untimed); the copy is removed. */
async function p50OnCopy(pristine: string, prepared: Prepared, warmup: number): Promise<number> {
  const copy = mkdtempSync(join(tmpdir(), "txsvc-bench-devnet-round-"));
  try {
    cpSync(pristine, copy, { recursive: true });
    const { server } = await timedStart(copy);
    try {
      await submitP50(server.url, prepared.probes.slice(0, warmup));
      return await submitP50(server.url, prepared.probes.slice(warmup));
    } finally {
      await server.close();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

export async function runDevnetLedgerBench(): Promise<BenchRow[]> {
  const grow = int("BENCH_DEVNET_GROW", 100_000);
  const probes = int("BENCH_DEVNET_PROBES", 40);
  // Submits after each start, before the timed probes: the first ones pay for loading Scalus and
  // for its cold JIT (a few times slower); the p50 target is the steady state's, printed beside them.
  const warmup = int("BENCH_DEVNET_WARMUP", 40);
  const clients = int("BENCH_DEVNET_CLIENTS", 16);
  const perClient = int("BENCH_DEVNET_PER_CLIENT", 40);
  const restartRuns = int("BENCH_DEVNET_RESTARTS", 3);
  const ratioRounds = int("BENCH_DEVNET_RATIO_ROUNDS", 3);
  const dataDir = mkdtempSync(join(tmpdir(), "txsvc-bench-devnet-"));
  // Copies of the data directory before each stage's first measurement, for the ratio's rounds.
  const freshCopy = mkdtempSync(join(tmpdir(), "txsvc-bench-devnet-fresh-"));
  const grownCopy = mkdtempSync(join(tmpdir(), "txsvc-bench-devnet-grown-"));
  try {
    const lap = (() => {
      let last = performance.now();
      return () => {
        const now = performance.now();
        const s = (now - last) / 1000;
        last = now;
        return s.toFixed(0);
      };
    })();
    let chain = await DevnetChain.inDataDir(dataDir);
    const fresh = await prepare(chain, warmup + probes, clients, perClient);
    const freshCount = chain.utxoCount();
    await chain.close();
    if (ratioRounds > 0) cpSync(dataDir, freshCopy, { recursive: true });
    console.log(
      `  fresh devnet: ${freshCount} UTxOs, ${warmup + probes + clients * perClient} payments signed (${lap()} s)`,
    );
    const before = await measure(dataDir, fresh, warmup, freshCount);
    console.log(`  fresh devnet measured (${lap()} s)`);

    chain = await DevnetChain.inDataDir(dataDir);
    const holders = Array.from({ length: grow }, () => ({ address: keylessAddress(), lovelace: 1_200_000n }));
    const transactions = await payMany(chain, holders);
    console.log(`  grown by ${grow} UTxOs in ${transactions} transactions (${lap()} s)`);
    const grown = await prepare(chain, warmup + probes, clients, perClient);
    const grownCount = chain.utxoCount();
    await chain.close();
    if (ratioRounds > 0) cpSync(dataDir, grownCopy, { recursive: true });
    console.log(`  grown devnet: ${grownCount} UTxOs, payments signed (${lap()} s)`);
    const after = await measure(dataDir, grown, warmup, grownCount);
    console.log(`  grown devnet measured (${lap()} s)`);

    const compiledOk = restartRuns > 0 && compile();
    const again = compiledOk ? await restarts(dataDir, restartRuns) : null;
    if (again) console.log(`  grown devnet restarted ${restartRuns}× each way (${lap()} s)`);

    const ratios = [after.p50 / before.p50];
    for (let round = 0; round < ratioRounds; round++) {
      const freshP50 = await p50OnCopy(freshCopy, fresh, warmup);
      const grownP50 = await p50OnCopy(grownCopy, grown, warmup);
      ratios.push(grownP50 / freshP50);
    }
    if (ratioRounds > 0) console.log(`  grown/fresh p50 ratio taken ${ratioRounds}× more (${lap()} s)`);

    const size = `+${fmt(grow)} UTxOs (${fmt(after.utxos)})`;
    const ratio = median(ratios);
    const rows: BenchRow[] = [
      {
        figure: `simple payment submit p50, fresh devnet (after ${warmup} untimed submits)`,
        value: `${fmt(before.p50, 1)} ms`,
        target: "≤ 8 ms",
        result: verdict(before.p50 <= 8),
      },
      {
        figure: `  the first ${warmup} submits after the start (cold), fresh | grown`,
        value: `${fmt(before.coldP50, 1)} ms | ${fmt(after.coldP50, 1)} ms`,
        target: "—",
        result: "—",
      },
      {
        figure: `the same after ${size}`,
        value: `${fmt(after.p50, 1)} ms; median ratio ${fmt(ratio, 2)}× fresh (${ratios.map((r) => fmt(r, 2)).join(", ")})`,
        target: "≤ 1.3× fresh",
        result: verdict(ratio <= 1.3),
      },
      {
        figure: `restart to health 200 at ${size}`,
        value: `${fmt(after.startSeconds, 2)} s (fresh: ${fmt(before.startSeconds, 2)} s)`,
        target: "≤ 3 s",
        result: verdict(after.startSeconds <= 3),
      },
      ...(again
        ? [
            {
              figure: `the same, median of ${restartRuns} in turns: npm start | tsx loader | compiled`,
              value: `${fmt(again.npmStart, 2)} s | ${fmt(again.tsx, 2)} s | ${fmt(again.compiled, 2)} s`,
              target: "≤ 3 s",
              result: `${verdict(again.npmStart <= 3)} | ${verdict(again.tsx <= 3)} | ${verdict(again.compiled <= 3)}`,
            },
          ]
        : []),
      {
        figure: `RSS at ${size}`,
        value: `${fmt(after.rss)} MiB (fresh: ${fmt(before.rss)} MiB)`,
        target: "≤ 600 MiB",
        result: verdict(after.rss <= 600),
      },
      {
        figure: `accepted submits/s, ${clients} clients, fresh`,
        value: `${fmt(before.perSecond)}${before.failed > 0 ? ` (${before.failed} refused)` : ""}`,
        target: "≥ 150",
        result: verdict(before.perSecond >= 150),
      },
      {
        figure: `accepted submits/s, ${clients} clients, ${size}`,
        value: `${fmt(after.perSecond)}${after.failed > 0 ? ` (${after.failed} refused)` : ""}`,
        target: "≥ 150",
        result: verdict(after.perSecond >= 150),
      },
    ];
    return rows;
  } finally {
    for (const dir of [dataDir, freshCopy, grownCopy]) rmSync(dir, { recursive: true, force: true });
  }
}
