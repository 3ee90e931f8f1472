// POST /transactions/build against the targets (#10, "Must deliver" 1–3), on the embedded
// devnet, every request with `utxos` given:
// - the simple payment (5 UTxOs, one output): HTTP p50 with 1 connection ÷ MeshTxBuilder building
//   the same transaction in-process (target ≤ 0.5×), and builds/s with 16 connections (≥ 2,000/s);
// - a CIP-68 mint (no target: the same figures, for comparison);
// - the simple payment with 1,000 UTxOs given (HTTP p50 < 15 ms) and a payment to 100 outputs
//   (HTTP p50 < 10 ms);
// - the fee of each variant against the ledger's minimum for its signed size (minFeeA × size +
//   minFeeB, the size with the payer's one vkey witness and without the is_valid byte), and whether
//   it carries auxiliary data although no metadata was asked (target: exact fee, none).
// All UTxOs are real (faucet payments, and multi-output payments straight through the devnet chain
// for the 1,000): the build does not check given UTxOs against the chain today (src/tx/build/inputs.ts),
// but a core that does must not fail here.
//
// Interleaved: BENCH_RUNS rounds (3), each round measuring every figure once for BENCH_SECONDS (3):
// Mesh in-process, HTTP 1 connection, HTTP 16 connections for the payment and the mint, then the
// 1,000-UTxO and 100-output builds; each figure is the median of its rounds, so a slower moment of
// the (shared) machine weighs on all figures alike. The service runs in this process; the HTTP load
// comes from the load generator process (bench/util.ts), so the service has a core to itself, and
// the in-process Mesh builds run while no HTTP load does. BENCH_SERVER=process runs the service in a
// process of its own instead (`node --import tsx src/main.ts` on the same devnet), for a service
// that starts a worker per core there. Server CPU = the service process's CPU time ÷ wall time
// during the 16-connection runs (1.00 = one core).
// Run alone: `npx tsx bench/build.ts`; bench/run.ts calls runBuildBench as an optional section.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Protocol, UTxO } from "@meshsdk/common";
import { MeshTxBuilder } from "@meshsdk/core";
import { resolvePaymentKeyHash, toNativeScript } from "@meshsdk/core-cst";
import { cip67Prefix, cip68Datum } from "../src/cardano/metadata.js";
import { isDevnet, type DevnetPort } from "../src/chain/port.js";
import { plutusJsonToCbor } from "../src/tx/build/datum.js";
import { txShape } from "./cbor.js";
import { keylessAddress, newWallet, payMany, utxoStrings, type BenchWallet } from "./devnet.js";
import {
  closeLoadGenerator,
  fmt,
  httpRound,
  median,
  optionsFromEnv,
  printTable,
  ownCpu,
  startBenchService,
  startServerProcess,
  type BenchOptions,
  type CpuClock,
  type RoundFigures,
  type ServerProcess,
} from "./util.js";

/** The targets. */
const TARGET = { ratio: 0.5, perSecond: 2_000, connections: 16, utxos1000Ms: 15, outputs100Ms: 10 } as const;
const GIVEN_UTXOS = 1_000;
const OUTPUTS = 100;

interface Scenario {
  key: "payment" | "mint" | "utxos" | "outputs";
  name: string;
  body: unknown;
  /** The same transaction built with MeshTxBuilder alone (the payment and the mint). */
  mesh?: () => Promise<string>;
  /** Also measured with 16 connections. */
  load: boolean;
}

interface MeshRound {
  ms: number;
  perSec: number;
}

/** In-process builds one after another for `seconds`: the median ms and builds per second. */
async function meshRound(fn: () => Promise<unknown>, seconds: number): Promise<MeshRound> {
  const samples: number[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return { ms: median(samples), perSec: (samples.length * 1000) / (performance.now() - start) };
}

function scenarios(payer: string, five: UTxO[], thousand: UTxO[], params: Protocol, slot: number): Scenario[] {
  const fiveStrings = utxoStrings(five);
  const keyHash = resolvePaymentKeyHash(payer);
  const script = { type: "all" as const, scripts: [{ type: "sig" as const, keyHash }] };
  const native = toNativeScript(script);
  const policyId = native.hash().toString();
  const name = Buffer.from("Bench", "utf8").toString("hex");
  const metadata = { name: "Bench", image: "ipfs://bench", description: "A benchmark token" };
  const datum = plutusJsonToCbor(cip68Datum(metadata, "metadata"), "metadata");
  const fresh = () =>
    new MeshTxBuilder({ params })
      .invalidBefore(slot)
      .invalidHereafter(slot + 7200)
      .changeAddress(payer)
      .selectUtxosFrom(five);
  return [
    {
      key: "payment",
      name: "simple payment (5 UTxOs given)",
      body: { changeAddress: payer, utxos: fiveStrings, outputs: [{ address: payer, lovelace: 5_000_000 }] },
      mesh: () =>
        fresh()
          .txOut(payer, [{ unit: "lovelace", quantity: "5000000" }])
          .complete(),
      load: true,
    },
    {
      key: "mint",
      name: "CIP-68 mint (5 UTxOs given)",
      body: {
        changeAddress: payer,
        utxos: fiveStrings,
        preloadedScripts: [{ type: "simple", script, hash: policyId }],
        mint: [
          {
            version: "cip68",
            assetName: { name: "Bench", format: "utf8", label: 222 },
            metadata,
            policyId,
            quantity: 1,
          },
        ],
      },
      mesh: () =>
        fresh()
          .mint("1", policyId, cip67Prefix(222) + name)
          .mintingScript(native.toCbor())
          .mint("1", policyId, cip67Prefix(100) + name)
          .mintingScript(native.toCbor())
          .txOut(payer, [{ unit: policyId + cip67Prefix(100) + name, quantity: "1" }])
          .txOutInlineDatumValue(datum, "CBOR")
          .complete(),
      load: true,
    },
    {
      key: "utxos",
      name: `simple payment, ${fmt(GIVEN_UTXOS)} UTxOs given`,
      body: { changeAddress: payer, utxos: utxoStrings(thousand), outputs: [{ address: payer, lovelace: 5_000_000 }] },
      load: false,
    },
    {
      key: "outputs",
      name: `payment to ${OUTPUTS} outputs (5 UTxOs given)`,
      body: {
        changeAddress: payer,
        utxos: fiveStrings,
        outputs: Array.from({ length: OUTPUTS }, () => ({ address: keylessAddress(), lovelace: 1_500_000 })),
      },
      load: false,
    },
  ];
}

interface Measured {
  scenario: Scenario;
  mesh: MeshRound[];
  one: RoundFigures[];
  many: RoundFigures[];
}

const yes = (met: boolean): string => (met ? "yes" : "no");
const failuresOf = (rounds: readonly RoundFigures[]): number => rounds.reduce((sum, r) => sum + r.failures, 0);
const medianOf = <T>(rounds: readonly T[], f: (r: T) => number): number => median(rounds.map(f));

interface FeeFigures {
  fee: bigint;
  bodyFee: bigint;
  unsignedBytes: number;
  signedLedgerBytes: number;
  minimum: bigint;
  auxiliaryBytes: number;
  /** What the auxiliary data adds over none: its bytes (instead of a 1-byte null) and its hash's field in the body. */
  auxiliaryCost: number;
}

/** The answer's fee against the ledger's minimum for the transaction once the payer signed it. */
async function feeOf(
  answer: { complete: string; fee: string },
  payer: BenchWallet,
  params: Protocol,
): Promise<FeeFigures> {
  const unsigned = txShape(answer.complete);
  const signedHex = await payer.sign(answer.complete);
  const signed = txShape(signedHex);
  if (Buffer.compare(signed.body, unsigned.body) !== 0) throw new Error("signing changed the transaction body");
  return {
    fee: BigInt(answer.fee),
    bodyFee: unsigned.fee,
    unsignedBytes: unsigned.bytes,
    signedLedgerBytes: signed.ledgerBytes,
    minimum: BigInt(params.minFeeA) * BigInt(signed.ledgerBytes) + BigInt(params.minFeeB),
    auxiliaryBytes: unsigned.auxiliaryBytes,
    auxiliaryCost: unsigned.auxiliaryBytes === 0 ? 0 : unsigned.auxiliaryBytes - 1 + unsigned.auxiliaryHashBytes,
  };
}

async function post(url: string, body: unknown): Promise<{ complete: string; fee: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 400)}`);
  return JSON.parse(text) as { complete: string; fee: string };
}

export async function runBuildBench(options: BenchOptions = optionsFromEnv()): Promise<void> {
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), "txsvc-bench-build-"));
  const service = await startBenchService({}, { dataDir });
  let server: ServerProcess | undefined;
  try {
    const chain = service.app.chain;
    if (!chain || !isDevnet(chain)) throw new Error("the build benchmark needs the embedded devnet");
    const devnet: DevnetPort = chain;
    const payer = await newWallet("base");
    for (let i = 0; i < 5; i++) await devnet.faucet(payer.address, 50_000_000n);
    const [five, params, tip] = await Promise.all([
      devnet.utxosAt(payer.address),
      devnet.protocolParameters(),
      devnet.tip(),
    ]);
    // 1,000 more UTxOs of 2–10 ADA at the payer's address, paid a few hundred per transaction.
    const amounts = Array.from({ length: GIVEN_UTXOS }, () =>
      BigInt(2_000_000 + Math.floor(Math.random() * 8_000_000)),
    );
    await payMany(
      devnet,
      amounts.map((lovelace) => ({ address: payer.address, lovelace })),
      params,
    );
    const known = new Set(five.map((u) => `${u.input.txHash}#${u.input.outputIndex}`));
    const thousand = (await devnet.utxosAt(payer.address)).filter(
      (u) => !known.has(`${u.input.txHash}#${u.input.outputIndex}`),
    );
    if (thousand.length !== GIVEN_UTXOS)
      throw new Error(`expected ${GIVEN_UTXOS} new UTxOs at the payer, found ${thousand.length}`);

    // BENCH_SERVER=process: the service in a process of its own on this devnet (for a service that
    // runs a worker per core from src/main.ts); by default, the service in this process.
    let base = service.url;
    let cpu: CpuClock = ownCpu;
    if (process.env["BENCH_SERVER"] === "process") {
      await service.close();
      server = await startServerProcess(dataDir);
      base = server.url;
      cpu = server.cpu;
    }
    const url = `${base}/v2/services/transactions/build`;
    const list = scenarios(payer.address, five, thousand, params, tip.slot);
    const fees = new Map<string, FeeFigures>();
    for (const s of list) fees.set(s.key, await feeOf(await post(url, s.body), payer, params));
    console.log(
      `  setup ${((Date.now() - started) / 1000).toFixed(0)} s (payer ${payer.address.slice(0, 20)}…, ${five.length} + ${thousand.length} UTxOs on chain; ` +
        `the service in ${server ? "a process of its own" : "this process"}). ` +
        `${options.runs} interleaved rounds × ${options.durationSeconds} s per figure; medians of the rounds.`,
    );

    // Warm-up: the builders in-process, then every request once under load.
    for (const s of list) if (s.mesh) await meshRound(s.mesh, 0.5);
    for (const s of list) await httpRound(url, s.body, s.load ? TARGET.connections : 1, 1, "POST", cpu);

    const measured: Measured[] = list.map((scenario) => ({ scenario, mesh: [], one: [], many: [] }));
    const seconds = options.durationSeconds;
    for (let round = 0; round < options.runs; round++) {
      for (const m of measured) {
        if (m.scenario.mesh) m.mesh.push(await meshRound(m.scenario.mesh, seconds));
        m.one.push(await httpRound(url, m.scenario.body, 1, seconds, "POST", cpu));
        if (m.scenario.load)
          m.many.push(await httpRound(url, m.scenario.body, TARGET.connections, seconds, "POST", cpu));
      }
      process.stdout.write(`  round ${round + 1}/${options.runs} done\n`);
    }

    const by = (key: Scenario["key"]) => measured.find((m) => m.scenario.key === key)!;
    const payment = by("payment");
    const httpMs = medianOf(payment.one, (r) => r.p50Ms);
    const meshMs = medianOf(payment.mesh, (r) => r.ms);
    const ratio = httpMs / meshMs;
    const perSecond = medianOf(payment.many, (r) => r.perSecond);
    const utxosMs = medianOf(by("utxos").one, (r) => r.p50Ms);
    const outputsMs = medianOf(by("outputs").one, (r) => r.p50Ms);
    const paymentFee = fees.get("payment")!;
    const over = paymentFee.fee - paymentFee.minimum;
    // A figure with failed requests is not met, whatever its value.
    const ok = (rounds: readonly RoundFigures[], met: boolean) =>
      yes(met && failuresOf(rounds) === 0) + (failuresOf(rounds) > 0 ? ` (${failuresOf(rounds)} failed requests)` : "");
    printTable("Transaction build: the issue's targets (#10)", [
      {
        "#": "1",
        figure: "simple payment, 5 UTxOs: HTTP p50 (1 connection) ÷ MeshTxBuilder in-process",
        value: `${fmt(ratio, 2)}× (${fmt(httpMs, 2)} ms ÷ ${fmt(meshMs, 2)} ms)`,
        target: `≤ ${TARGET.ratio}×`,
        "met?": ok(payment.one, ratio <= TARGET.ratio),
      },
      {
        "#": "1",
        figure: `simple payment, 5 UTxOs: builds/s over HTTP, ${TARGET.connections} connections`,
        value: `${fmt(perSecond)}/s`,
        target: `≥ ${fmt(TARGET.perSecond)}/s`,
        "met?": ok(payment.many, perSecond >= TARGET.perSecond),
      },
      {
        "#": "2",
        figure: `simple payment, ${fmt(GIVEN_UTXOS)} UTxOs given: HTTP p50`,
        value: `${fmt(utxosMs, 1)} ms`,
        target: `< ${TARGET.utxos1000Ms} ms`,
        "met?": ok(by("utxos").one, utxosMs < TARGET.utxos1000Ms),
      },
      {
        "#": "2",
        figure: `payment to ${OUTPUTS} outputs: HTTP p50`,
        value: `${fmt(outputsMs, 1)} ms`,
        target: `< ${TARGET.outputs100Ms} ms`,
        "met?": ok(by("outputs").one, outputsMs < TARGET.outputs100Ms),
      },
      {
        "#": "3",
        figure: "simple payment: fee − ledger minimum for its signed size",
        value: `${over >= 0n ? "+" : "−"}${fmt(Number(over < 0n ? -over : over))} lovelace`,
        target: "0",
        "met?": yes(over === 0n),
      },
      {
        "#": "3",
        figure: "simple payment: auxiliary data, no metadata asked",
        value:
          paymentFee.auxiliaryBytes === 0
            ? "none"
            : `${paymentFee.auxiliaryBytes} B + its hash in the body: ${paymentFee.auxiliaryCost} B, ${fmt(paymentFee.auxiliaryCost * params.minFeeA)} lovelace of fee`,
        target: "none",
        "met?": yes(paymentFee.auxiliaryBytes === 0),
      },
    ]);

    printTable(
      "Each variant (medians of the rounds)",
      measured.map((m) => {
        const mesh = m.mesh.length > 0;
        const load = m.many.length > 0;
        const p50 = medianOf(m.one, (r) => r.p50Ms);
        const rate = medianOf(m.many, (r) => r.perSecond);
        return {
          transaction: m.scenario.name,
          "HTTP p50 ms (1 conn)": fmt(p50, 2),
          "HTTP p90 ms (1 conn)": fmt(
            medianOf(m.one, (r) => r.p90Ms),
            2,
          ),
          [`HTTP req/s (${TARGET.connections} conn)`]: load ? fmt(rate) : "",
          [`p50 ms (${TARGET.connections} conn)`]: load
            ? fmt(
                medianOf(m.many, (r) => r.p50Ms),
                1,
              )
            : "",
          "server CPU": load
            ? fmt(
                medianOf(m.many, (r) => r.serverCpu),
                2,
              )
            : "",
          "load gen. CPU": load
            ? fmt(
                medianOf(m.many, (r) => r.clientCpu),
                2,
              )
            : "",
          "Mesh p50 ms": mesh
            ? fmt(
                medianOf(m.mesh, (r) => r.ms),
                2,
              )
            : "",
          "Mesh builds/s": mesh ? fmt(medianOf(m.mesh, (r) => r.perSec)) : "",
          "latency ratio": mesh ? `${fmt(p50 / medianOf(m.mesh, (r) => r.ms), 2)}×` : "",
          "throughput ratio": mesh && load ? `${fmt(medianOf(m.mesh, (r) => r.perSec) / rate, 2)}×` : "",
          ...(failuresOf([...m.one, ...m.many]) > 0 ? { failures: String(failuresOf([...m.one, ...m.many])) } : {}),
        };
      }),
    );
    console.log(
      "  latency ratio: HTTP p50 ÷ Mesh p50; throughput ratio: Mesh builds/s ÷ HTTP req/s. CPU: CPU time ÷ wall time during the\n" +
        `  ${TARGET.connections}-connection runs (1.00 = one core), the service's process and the load generator's.`,
    );

    printTable(
      "The simple payment, round by round",
      payment.one.map((one, i) => ({
        round: String(i + 1),
        "Mesh p50 ms": fmt(payment.mesh[i]?.ms ?? NaN, 2),
        "HTTP p50 ms": fmt(one.p50Ms, 2),
        ratio: `${fmt(one.p50Ms / (payment.mesh[i]?.ms ?? NaN), 2)}×`,
        [`req/s (${TARGET.connections} conn)`]: fmt(payment.many[i]?.perSecond ?? NaN),
        [`${fmt(GIVEN_UTXOS)} UTxOs p50 ms`]: fmt(by("utxos").one[i]?.p50Ms ?? NaN, 1),
        [`${OUTPUTS} outputs p50 ms`]: fmt(by("outputs").one[i]?.p50Ms ?? NaN, 1),
      })),
    );

    printTable(
      `Fees: the answer's fee against the ledger's minimum (${params.minFeeA} × signed size + ${params.minFeeB}; one vkey witness, no is_valid byte)`,
      measured.map(({ scenario }) => {
        const f = fees.get(scenario.key)!;
        const d = f.fee - f.minimum;
        return {
          transaction: scenario.name,
          "fee (answer)": fmt(Number(f.fee)),
          "fee (body)": f.bodyFee === f.fee ? "same" : fmt(Number(f.bodyFee)),
          "size B (unsigned)": fmt(f.unsignedBytes),
          "size B (signed, ledger)": fmt(f.signedLedgerBytes),
          "ledger minimum": fmt(Number(f.minimum)),
          overpaid: `${d >= 0n ? "" : "−"}${fmt(Number(d < 0n ? -d : d))}`,
          "auxiliary data (cost)":
            f.auxiliaryBytes === 0
              ? "none"
              : `${f.auxiliaryBytes} B + hash: ${f.auxiliaryCost} B, ${fmt(f.auxiliaryCost * params.minFeeA)} lovelace`,
        };
      }),
    );
    console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    if (server) await server.close();
    else await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await runBuildBench(optionsFromEnv());
  } finally {
    closeLoadGenerator();
  }
}
