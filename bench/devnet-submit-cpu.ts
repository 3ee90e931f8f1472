// The CPU one devnet submit costs, measured in-process (less sensitive to a loaded machine than
// wall-clock latency): a devnet in a temporary directory, simple payments signed beforehand (one
// per UTxO), submitted one after another through DevnetChain.submit (or, with
// BENCH_SUBMIT_PATH=signed, through submitSigned as the route does; =http, to the service in a
// process of its own over HTTP, as bench/devnet-ledger.ts does); prints the μs of CPU (user +
// system) and of wall time per submit, cold (the first BENCH_SUBMIT_COLD after the start) and warm.
// BENCH_SUBMIT_GROW=100000 first grows the ledger by that many UTxOs (as bench/devnet-ledger.ts's
// grown devnet): the CPU per submit, fresh and grown, side by side.
// Run it under `node --cpu-prof` for where the time goes:
//   node --import tsx --cpu-prof --cpu-prof-interval 100 --cpu-prof-dir /tmp/prof bench/devnet-submit-cpu.ts
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { UTxO } from "@meshsdk/common";
import { MeshTxBuilder } from "@meshsdk/core";
import { DevnetChain } from "../src/chain/devnet/devnet.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../src/chain/protocol-params.js";
import { submitSigned } from "../src/tx/submit/submit.js";
import { keylessAddress, newWallet, payMany, type BenchWallet } from "./devnet.js";
import { startServerProcess } from "./util.js";

const int = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
const COLD = int("BENCH_SUBMIT_COLD", 40);
const WARM = int("BENCH_SUBMIT_WARM", 400);
const via = process.env["BENCH_SUBMIT_PATH"] ?? "chain";
const viaSigned = via === "signed";
/** UTxOs added to the ledger before the payments are signed (keyless addresses): the grown devnet of bench/devnet-ledger.ts. */
const GROW = int("BENCH_SUBMIT_GROW", 0);

async function payment(wallet: BenchWallet, utxo: UTxO): Promise<string> {
  const unsigned = await new MeshTxBuilder({ params: DEVNET_PROTOCOL_PARAMETERS })
    .txOut(keylessAddress("enterprise"), [{ unit: "lovelace", quantity: "2000000" }])
    .changeAddress(wallet.address)
    .selectUtxosFrom([utxo])
    .complete();
  return wallet.sign(unsigned);
}

/** Signs the payments in a devnet at `dir` (a process of its own, so that the measured one starts as the service's). */
async function prepare(dir: string): Promise<void> {
  const setup = await DevnetChain.create({ path: join(dir, "devnet.sqlite") });
  const wallet = await newWallet("enterprise");
  await payMany(
    setup,
    Array.from({ length: COLD + WARM }, () => ({ address: wallet.address, lovelace: 5_000_000n })),
  );
  if (GROW > 0)
    await payMany(
      setup,
      Array.from({ length: GROW }, () => ({ address: keylessAddress(), lovelace: 1_200_000n })),
    );
  const txs: string[] = [];
  for (const utxo of await setup.utxosAt(wallet.address)) txs.push(await payment(wallet, utxo));
  await setup.close();
  writeFileSync(join(dir, "txs.json"), JSON.stringify(txs));
}

/** Opens the devnet at `dir` anew (Scalus loaded by its first submit) and submits its payments one after another. */
async function measureAll(dir: string): Promise<void> {
  const txs = JSON.parse(readFileSync(join(dir, "txs.json"), "utf8")) as string[];
  const chain = await DevnetChain.create({ path: join(dir, "devnet.sqlite") });
  const submit = (tx: string) => (viaSigned ? submitSigned(chain, tx) : chain.submit(tx));
  const measure = async (batch: readonly string[]) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const walls: number[] = [];
    for (const tx of batch) {
      const t = performance.now();
      await submit(tx);
      walls.push(performance.now() - t);
    }
    const used = process.cpuUsage(cpu);
    walls.sort((a, b) => a - b);
    return {
      cpuUs: (used.user + used.system) / batch.length,
      userUs: used.user / batch.length,
      wallUs: ((performance.now() - started) * 1000) / batch.length,
      p50Ms: walls[Math.floor(walls.length / 2)]!,
    };
  };
  // The first submit loads Scalus (about 0.7 s): measured alone.
  const first = await measure(txs.slice(0, 1));
  const coldFrom = process.hrtime.bigint() / 1000n;
  const cold = await measure(txs.slice(1, COLD));
  const warmFrom = process.hrtime.bigint() / 1000n;
  const warm = await measure(txs.slice(COLD));
  const warmTo = process.hrtime.bigint() / 1000n;
  await chain.close();
  const line = (name: string, n: number, m: Awaited<ReturnType<typeof measure>>) =>
    console.log(
      `${name} (${n} submits${viaSigned ? ", submitSigned" : ""}): CPU ${m.cpuUs.toFixed(0)} μs/submit (user ${m.userUs.toFixed(0)}), wall ${m.wallUs.toFixed(0)} μs/submit, p50 ${m.p50Ms.toFixed(2)} ms`,
    );
  line("first", 1, first);
  line("cold", COLD - 1, cold);
  line("warm", txs.length - COLD, warm);
  // The submits' windows on the monotonic clock (μs), the clock of a --cpu-prof profile's timestamps.
  console.log(`cold window (μs, monotonic): ${coldFrom} ${warmFrom}`);
  console.log(`warm window (μs, monotonic): ${warmFrom} ${warmTo}`);
}

/**
 * The service in a process of its own on the devnet at `dir` (BENCH_SUBMIT_PROF_DIR: under
 * --cpu-prof, its profile written there), the payments submitted one after another over HTTP: the
 * service's CPU per submit (from /proc, in 10 ms ticks) and the wall time.
 */
async function measureHttp(dir: string): Promise<void> {
  const txs = JSON.parse(readFileSync(join(dir, "txs.json"), "utf8")) as string[];
  const profDir = process.env["BENCH_SUBMIT_PROF_DIR"];
  const prof = profDir ? ["--cpu-prof", "--cpu-prof-interval", "100", "--cpu-prof-dir", profDir] : [];
  const server = await startServerProcess(dir, { KEYLESS_PER_SECOND: "1000000", KEYLESS_BURST: "1000000" }, [
    ...prof,
    "--import",
    "tsx",
    "src/main.ts",
  ]);
  const submit = async (tx: string) => {
    const response = await fetch(`${server.url}/v2/services/transactions/submit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ transaction: tx }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`submit answered ${response.status}: ${text.slice(0, 300)}`);
  };
  const measure = async (batch: readonly string[]) => {
    const cpu = server.cpu();
    const started = performance.now();
    const walls: number[] = [];
    for (const tx of batch) {
      const t = performance.now();
      await submit(tx);
      walls.push(performance.now() - t);
    }
    const used = server.cpu() - cpu;
    walls.sort((a, b) => a - b);
    return {
      cpuUs: (used * 1e6) / batch.length,
      wallUs: ((performance.now() - started) * 1000) / batch.length,
      p50Ms: walls[Math.floor(walls.length / 2)]!,
    };
  };
  const first = await measure(txs.slice(0, 1));
  const cold = await measure(txs.slice(1, COLD));
  const warmFrom = process.hrtime.bigint() / 1000n;
  const warm = await measure(txs.slice(COLD));
  const warmTo = process.hrtime.bigint() / 1000n;
  await server.close();
  const line = (name: string, n: number, m: Awaited<ReturnType<typeof measure>>) =>
    console.log(
      `${name} (${n} submits over HTTP): service CPU ${m.cpuUs.toFixed(0)} μs/submit, wall ${m.wallUs.toFixed(0)} μs/submit, p50 ${m.p50Ms.toFixed(2)} ms`,
    );
  line("first", 1, first);
  line("cold", COLD - 1, cold);
  line("warm", txs.length - COLD, warm);
  console.log(`warm window (μs, monotonic): ${warmFrom} ${warmTo}`);
}

if (process.argv[2] === "measure") await (via === "http" ? measureHttp : measureAll)(process.argv[3]!);
else {
  const dir = mkdtempSync(join(tmpdir(), "devnet-submit-cpu-"));
  try {
    await prepare(dir);
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, new URL(import.meta.url).pathname, "measure", dir],
      { stdio: "inherit" },
    );
    if (child.status !== 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
