// Part 2 of bench/tournament.ts for contracts v3 (issue #23; contracts/V3-DESIGN.md §8 items 1–3),
// on the Scalus emulator (the devnet's ledger and protocol parameters):
// - v3's flavour of the per-transaction rows at 64 players (tournament.ts runs them beside v2's and
//   v2.1's; v3's closes at 64 are one transaction, paying the seats inline);
// - the scale table at 1,024 seats against issue #23's targets: the pool of
//   contracts/test/v3/attack-world.ts (fullPool: 1,024 base addresses registered 64 per transaction,
//   filled by adds of 40 with exact fees, every add measured), an add of 40 all returning, settle
//   32 + 8 (worst-case and random winners), refund and cancel of the full bracket (the close and
//   each of its 16 batches), and the same closes for a bracket of 1,000 (a short last batch);
// - the limits: the largest add into 1,024 − k → 1,024 by size (every registration returning an
//   overpayment) and by budget (exact fees), and the most placements a settle carries, each with
//   "the next one".
// Everything here runs once (fees and ExUnits vary by a few thousand units with the ledger's input
// order); each section prints its seconds. BENCH_TOURNAMENT_V3_SCALE=0 skips it.
import type { UTxO } from "@meshsdk/common";
import { MAX_TX_MEM, MAX_TX_STEPS, submitPlan, Wallet } from "../contracts/test/helpers.js";
import { afterDeadline, ledgerOrder, registerPlan, type Tournament } from "../contracts/test/tournament-txs.js";
import {
  ADD,
  fullPool,
  type FullPool,
  measured,
  type Measured as LedgerMeasured,
  poolUtxo,
  randomBaseAddress,
  randomWinners,
  worstWinners,
} from "../contracts/test/v3/attack-world.js";
import {
  addPlan,
  batchPlan,
  batchUtxo,
  closePlan,
  createPlan,
  type Pool,
  registrantOf,
  settlePlan,
} from "../contracts/test/v3/plans.js";
import { loadV3 } from "../contracts/test/v3/scripts.js";
import type { Chain } from "../contracts/test/helpers.js";
import type { ChainPort } from "../src/chain/port.js";
import { createRealNetworkChain } from "../src/chain/real-networks.js";
import { MAX_FIXED_PAYOUTS, MAX_PLACEMENTS, V3_MAX_BRACKET } from "../src/tournament/limits.js";
import { decodePoolDatum } from "../src/tournament/pool-datum.js";
import { SeatReader, type PoolOutput, type SeatHistory } from "../src/tournament/seats.js";
import { FakeBlockfrost } from "../test/support/fakes/blockfrost.js";
import { LiveLedger } from "../test/support/fakes/live-ledger.js";
import { PlanBridge } from "../test/support/v3-bridge.js";
import { median, printTable, type BenchRow } from "./util.js";
import {
  ada,
  type Flavour,
  int,
  largest,
  measure,
  type Measured,
  pct,
  type Setup,
  traceOf,
  why,
} from "./tournament.js";

// ------------------------------------------------------------------ v3 at 64 (the per-transaction rows)

const isPool = (t: Tournament): t is Pool => "batchAddress" in t;
function asPool(t: Tournament): Pool {
  if (!isPool(t)) throw new Error(`tournament ${t.id} is not a v3 pool`);
  return t;
}

/**
 * v3's flavour of the per-transaction rows: v3's plans (contracts/test/v3/plans.ts) need the seat
 * list, which this flavour keeps per pool as its adds build it (every add the rows build is
 * submitted).
 */
export function v3Flavour(s: Setup): Flavour {
  const scripts = loadV3();
  const seats = new Map<string, string[]>();
  const seatsOf = (t: Tournament): string[] => seats.get(t.id) ?? [];
  return {
    create: (config, seed) => {
      const { plan, pool } = createPlan(scripts, s.v3, s.admin, config, seed);
      return { plan, tournament: pool };
    },
    add: (chain, t, regs) => {
      const pool = asPool(t);
      const { plan, seats: after } = addPlan(pool, s.admin, poolUtxo(chain, pool), seatsOf(t), regs);
      seats.set(t.id, after);
      return plan;
    },
    settle: (chain, t, winners) => settlePlan(asPool(t), s.admin, poolUtxo(chain, asPool(t)), seatsOf(t), winners).plan,
    close: (chain, t, payer, how) => closePlan(asPool(t), payer, poolUtxo(chain, asPool(t)), seatsOf(t), how).plan,
  };
}

// ------------------------------------------------------------------ the scale table at 1,024

/** Issue #23's targets at 1,024 seats. */
const TARGET = {
  perAdd: ADD,
  adds: 26,
  close: Math.ceil(V3_MAX_BRACKET / ADD) + 1,
} as const;

type Shown = Pick<Measured, "size" | "mem" | "steps" | "fee">;

/** One line of a scale table: each figure a single transaction's, or a range over several. */
interface Line {
  figure: string;
  value: string;
  of?: readonly Shown[];
  target?: string;
  met?: boolean;
  next?: string;
}

const span = (xs: readonly number[], show: (x: number) => string): string => {
  const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
  return lo === hi ? show(lo) : `${show(lo)}–${show(hi)}`;
};

function rowsOf(lines: readonly Line[]): BenchRow[] {
  return lines.map((l) => {
    const of = l.of ?? [];
    const has = of.length > 0;
    return {
      figure: l.figure,
      value: l.value,
      "size (B)": has
        ? span(
            of.map((m) => m.size),
            int,
          )
        : "",
      "mem %": has
        ? span(
            of.map((m) => m.mem),
            (x) => pct(x, MAX_TX_MEM),
          )
        : "",
      "steps %": has
        ? span(
            of.map((m) => m.steps),
            (x) => pct(x, MAX_TX_STEPS),
          )
        : "",
      "fee (ADA)": has
        ? span(
            of.map((m) => Number(m.fee)),
            ada,
          )
        : "",
      "issue #23's target": l.target ?? "",
      "met?": l.met === undefined ? "" : l.met ? "yes" : "NO",
      ...(l.next !== undefined ? { "the next one": l.next } : {}),
    };
  });
}

const lovelace = (n: bigint | number): string => int(Math.round(Number(n)));
const sum = (ms: readonly Shown[]): bigint => ms.reduce((s, m) => s + m.fee, 0n);

function accepted(m: LedgerMeasured, what: string): LedgerMeasured {
  if (!m.accepted) throw new Error(`${what}: the ledger refused it: ${m.error}`);
  return m;
}

/** Registers `addresses` 64 per transaction, each paying `lovelace`; the registrations made, in ledger order. */
async function registerAll(on: Chain, fp: FullPool, addresses: readonly string[], lovelace: bigint): Promise<UTxO[]> {
  const hashes = new Set<string>();
  for (let i = 0; i < addresses.length; i += 64)
    hashes.add((await submitPlan(on, registerPlan(fp.pool, fp.stranger, addresses.slice(i, i + 64), lovelace))).txHash);
  return on
    .utxosAt(fp.pool.registrationAddress)
    .filter((u) => hashes.has(u.input.txHash))
    .sort(ledgerOrder);
}

interface Closed {
  close: LedgerMeasured;
  batches: LedgerMeasured[];
  /** The seats of each batch. */
  seats: number[];
}

/** A close of the full pool (refund by a stranger after the deadline, or cancel by the admin), then every batch paid by the stranger. */
async function closeAll(fp: FullPool, how: "cancel" | "refund"): Promise<Closed> {
  const on = fp.full.snapshot();
  if (how === "refund") on.setSlot(afterDeadline(fp.input.settleBy));
  const payer = how === "refund" ? fp.stranger : fp.admin;
  const { plan, batches } = closePlan(fp.pool, payer, poolUtxo(on, fp.pool), fp.seats, how);
  const close = accepted(await measured(on, plan), `${how} of ${fp.seats.length}: the close`);
  const paid: LedgerMeasured[] = [];
  for (const b of batches) {
    const u = batchUtxo(on.utxosAt(fp.pool.batchAddress), close.txHash!, b.batch)!;
    paid.push(
      accepted(
        await measured(on, batchPlan(fp.pool, fp.stranger, u, fp.seats, b.batch)),
        `${how} of ${fp.seats.length}: batch ${b.batch}`,
      ),
    );
  }
  return { close, batches: paid, seats: batches.map((b) => b.n) };
}

function closeLines(label: string, c: Closed): Line[] {
  const count = 1 + c.batches.length;
  return [
    {
      figure: `${label}: the whole close`,
      value: `${count} transactions, ${ada(c.close.fee + sum(c.batches))} ADA in all`,
      target: `≤ ⌈1,024 / 40⌉ + 1 = ${TARGET.close} transactions`,
      met: count <= TARGET.close,
    },
    { figure: `  the close (${c.batches.length} batch UTxOs + the admin's remainder)`, value: "", of: [c.close] },
    {
      figure: `  the ${c.batches.length} batches (each by anyone)`,
      value: `${ada(sum(c.batches))} ADA`,
      of: c.batches,
    },
  ];
}

/** The last add's registrants and, on a snapshot of the pool at 984, the add of 40 all overpaying by 2 ADA. */
async function addReturning40(fp: FullPool): Promise<LedgerMeasured> {
  const on = fp.beforeLast.snapshot();
  const over = await registerAll(on, fp, fp.lastRegistrants, fp.input.entryFee + 2_000_000n);
  const { plan } = addPlan(fp.pool, fp.admin, poolUtxo(on, fp.pool), fp.seatsBeforeLast, over);
  return accepted(await measured(on, plan), "add 40 at 984 → 1,024, all returning");
}

/** The seat count the limit searches start from: the fill's add nearest below 1,024 − LIMIT_MOST. */
const LIMIT_MOST = 160;
const LIMIT_BASE = 1024 - LIMIT_MOST;

/**
 * The most registrations one add takes into 1,024 − k → 1,024 (the add that completes the bracket,
 * whose accumulator joins 10 peaks), exact fees or every one returning an overpayment: from the
 * pool at LIMIT_BASE seats, its pending registrations added 40 at a time up to 1,024 − k, then the
 * last k measured (not submitted).
 */
async function addLimit(fp: FullPool, returning: boolean): Promise<Line> {
  const base = fp.kept.get(LIMIT_BASE);
  if (base === undefined) throw new Error(`the fill kept no snapshot at ${LIMIT_BASE} seats`);
  const pending = base.chain.utxosAt(fp.pool.registrationAddress).sort(ledgerOrder);
  const tried = new Map<number, Measured>();
  const trial = async (k: number): Promise<boolean> => {
    const on = base.chain.snapshot();
    let seats = base.seats;
    const before = pending.slice(0, LIMIT_MOST - k);
    for (let i = 0; i < before.length; i += ADD) {
      const { plan, seats: after } = addPlan(fp.pool, fp.admin, poolUtxo(on, fp.pool), seats, before.slice(i, i + ADD));
      await submitPlan(on, plan);
      seats = after;
    }
    let last = pending.slice(LIMIT_MOST - k);
    if (returning) last = await registerAll(on, fp, last.map(registrantOf), fp.input.entryFee + 2_000_000n);
    const m = await measure(on, addPlan(fp.pool, fp.admin, poolUtxo(on, fp.pool), seats, last).plan, false);
    tried.set(k, m);
    return m.ok;
  };
  const n = await largest(ADD, LIMIT_MOST, trial);
  const kind = returning ? "every registration returning 2 ADA (the widest)" : "exact fees";
  return {
    figure: `largest add into 1,024 − k → 1,024, ${kind}`,
    value: `${n} registrations`,
    of: tried.has(n) ? [tried.get(n)!] : [],
    target: `≥ ${TARGET.perAdd}`,
    met: n >= TARGET.perAdd,
    next: n >= LIMIT_MOST ? `${LIMIT_MOST} is the most tried` : `${n + 1}: ${why(tried.get(n + 1)!)}`,
  };
}

/** Creation refuses more placements, more fixed payouts, or a larger bracket (measured, not submitted). */
async function refusedConfigs(fp: FullPool): Promise<string> {
  const on = fp.full.snapshot();
  const refs = { tournament: fp.pool.refs.tournament, batch: fp.pool.batchRef };
  const seed = on.utxosAt(fp.admin.address).filter((u) => u.output.amount.length === 1 && !u.output.scriptRef)[0]!;
  const attempt = async (change: Partial<FullPool["input"]>): Promise<string> => {
    const { plan } = createPlan(fp.scripts, refs, fp.admin, { ...fp.input, ...change }, seed);
    const m = await measure(on, plan, false);
    return m.ok ? "ACCEPTED (the contract should refuse it)" : `refused at creation${traceOf(m)}`;
  };
  const placements = await attempt({
    payoutStructure: [...fp.input.payoutStructure, 2_000_000n],
    fixedPayouts: fp.input.fixedPayouts.slice(1),
  });
  const fixed = await attempt({
    payoutStructure: fp.input.payoutStructure.slice(1),
    fixedPayouts: [...fp.input.fixedPayouts, fp.input.fixedPayouts[0]!],
  });
  const bracket = await attempt({ bracketSize: V3_MAX_BRACKET + 1 });
  return `${MAX_PLACEMENTS + 1} places: ${placements}; ${MAX_FIXED_PAYOUTS + 1} fixed: ${fixed}; bracket ${int(V3_MAX_BRACKET + 1)}: ${bracket}`;
}

/** Settle 32 + 8 on a snapshot of the full pool; the proof's hashes and operations. */
async function settleWith(fp: FullPool, winners: readonly number[]): Promise<{ m: LedgerMeasured; proof: string }> {
  const on = fp.full.snapshot();
  const { plan, ops } = settlePlan(fp.pool, fp.admin, poolUtxo(on, fp.pool), fp.seats, winners);
  const hashes = ops.filter((op) => typeof op !== "number").length;
  return { m: accepted(await measured(on, plan), "settle"), proof: `${hashes} proof hashes, ${ops.length} ops` };
}

const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/**
 * v3 at 1,024 seats against issue #23's targets, then at 1,000 (closes), then the limits.
 * `v21Add32`: v2.1's add 32 → 64 at 64 players (the per-participant target), from the rows.
 */
export async function runV3Scale(v21Add32: Measured | undefined): Promise<void> {
  let started = Date.now();
  const fp = await fullPool({ measureAdds: true, keep: [LIMIT_BASE] });
  const fill = fp.adds;
  const forty = fill.filter((_, i) => i > 0 || fp.seats.length % ADD === 0);
  const fillTime = seconds(started);
  started = Date.now();
  const returning = await addReturning40(fp);
  const worst = await settleWith(fp, worstWinners());
  const random = await settleWith(fp, randomWinners(V3_MAX_BRACKET, MAX_PLACEMENTS));
  const refund = await closeAll(fp, "refund");
  const cancel = await closeAll(fp, "cancel");
  const v21 = v21Add32 === undefined ? undefined : Number(v21Add32.fee) / 32;
  const perSeat = forty.map((m) => Number(m.fee) / ADD);
  const lines: Line[] = [
    {
      figure: `add ${ADD}, exact fees (the ${forty.length} adds of ${ADD} of the fill)`,
      value: `${ADD} per transaction`,
      of: forty,
      target: `≥ ${TARGET.perAdd} registrations per add`,
      met: forty.length > 0,
    },
    {
      figure: `add ${ADD} at 984 → 1,024, all returning (${ADD} tagged returns)`,
      value: `${ADD} per transaction`,
      of: [returning],
      target: `≥ ${TARGET.perAdd} registrations per add`,
      met: true,
    },
    {
      figure: "fill the whole bracket (largest size, mem, steps; the total fee)",
      value: `${fill.length} adds (${fill.length > forty.length ? `${fp.seats.length - ADD * forty.length} + ` : ""}${forty.length} × ${ADD}), ${ada(sum(fill))} ADA in all`,
      of: [
        {
          size: Math.max(...fill.map((m) => m.size)),
          mem: Math.max(...fill.map((m) => m.mem)),
          steps: Math.max(...fill.map((m) => m.steps)),
          fee: sum(fill),
        },
      ],
      target: `≤ ${TARGET.adds} add transactions`,
      met: fill.length <= TARGET.adds,
    },
    {
      figure: "cost per participant of an add (lovelace)",
      value:
        `${span(perSeat, lovelace)} (adds of 40, exact fees); ${lovelace(Number(returning.fee) / ADD)} all returning; ` +
        `${lovelace(Number(sum(fill)) / fp.seats.length)} over the whole fill`,
      target: v21 === undefined ? "≤ v2.1's at 64" : `≤ v2.1's at 64: ${lovelace(v21)} (its add 32 → 64)`,
      ...(v21 === undefined ? {} : { met: Math.max(...perSeat) <= v21 }),
    },
    {
      figure: "settle 32 + 8, worst case (32 winners in 32 distinct subtrees)",
      value: worst.proof,
      of: [worst.m],
      target: "32 placements + 8 fixed in one transaction",
      met: true,
    },
    { figure: "settle 32 + 8, random winners", value: random.proof, of: [random.m] },
    ...closeLines("refund of a full 1,024 by a stranger", refund),
    ...closeLines("cancel of a full 1,024 by the admin", cancel),
  ];
  const at1024 = seconds(started);
  started = Date.now();
  const fp1000 = await fullPool({ bracket: 1000 });
  const refund1000 = await closeAll(fp1000, "refund");
  const cancel1000 = await closeAll(fp1000, "cancel");
  lines.push(
    ...closeLines("refund of a full 1,000 by a stranger", refund1000),
    ...closeLines("cancel of a full 1,000 by the admin", cancel1000),
  );
  const at1000 = seconds(started);
  printTable(
    `Scale (v3, one run): 1,024 base addresses, entry 2 ADA, 32 + 8 prizes; fill ${fillTime}, the rest at 1,024 ${at1024}; a bracket of 1,000 (filled and closed) ${at1000}`,
    rowsOf(lines),
  );
  printTable(
    "The batches of each close (v3), paid by a stranger: seats, fee (ADA), size, memory",
    batchRows([
      ["refund 1,024", refund],
      ["cancel 1,024", cancel],
      ["refund 1,000", refund1000],
      ["cancel 1,000", cancel1000],
    ]),
  );

  started = Date.now();
  const limits: Line[] = [await addLimit(fp, true), await addLimit(fp, false)];
  limits.push({
    figure: "payouts of one settlement (1,024 seats, the worst-case proof)",
    value: `${MAX_PLACEMENTS} places + ${MAX_FIXED_PAYOUTS} fixed (the limits)`,
    of: [worst.m],
    target: "32 placements + 8 fixed",
    met: true,
    next: await refusedConfigs(fp),
  });
  printTable(`Limits (v3, one run; ${seconds(started)})`, rowsOf(limits));
}

/** One row per batch j: its seats and each close's figures (size, mem %, fee). */
function batchRows(closes: readonly (readonly [string, Closed])[]): BenchRow[] {
  const count = Math.max(...closes.map(([, c]) => c.batches.length));
  return Array.from({ length: count }, (_, j) => {
    const row: BenchRow = { batch: String(j) };
    for (const [label, c] of closes) {
      const m = c.batches[j];
      row[label] = m ? `${c.seats[j]} seats: ${ada(m.fee)} (${int(m.size)} B, mem ${pct(m.mem, MAX_TX_MEM)})` : "";
    }
    return row;
  });
}

// ------------------------------------------------------------------ read-back (V3-DESIGN §8 item 4)

/** Runs per wall-time figure of the read-back (each figure the median). */
const READ_RUNS = 5;

/** `port` with every call of its methods counted by name (its own methods keep running on it). */
function countedPort<T extends object>(port: T): { port: T; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const wrapped = new Proxy(port, {
    get: (target, key) => {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls.set(String(key), (calls.get(String(key)) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { port: wrapped, calls };
}

const requestsOf = (n: number): string => `${n} HTTP request${n === 1 ? "" : "s"}`;

const callsOf = (calls: Map<string, number>): string =>
  calls.size === 0 ? "none" : [...calls].map(([name, n]) => `${n} ${name}`).join(", ");

/** One timed seat read: its seats, ms, and the port calls it made. */
async function timedRead(
  reader: SeatReader,
  port: SeatHistory,
  output: PoolOutput,
): Promise<{ seats: readonly string[]; ms: number; calls: Map<string, number> }> {
  const counted = countedPort(port);
  const started = performance.now();
  const seats = await reader.seatsOf(counted.port, output);
  return { seats, ms: performance.now() - started, calls: counted.calls };
}

/**
 * V3-DESIGN §8 item 4: the seats of a 1,024 bracket read back through the service's SeatReader.
 * One ledger (test/support/fakes/live-ledger.ts: the devnet's own DevnetChain, plus the history a
 * chain indexer keeps) holds a pool filled by real adds (the honest plans of
 * contracts/test/v3/plans.ts, built, evaluated and signed through test/support/v3-bridge.ts,
 * submitted to the ledger): 1,024 base addresses registered 64 per transaction, added 24 then 40 at
 * a time. The seats are read through the devnet port (DevnetChain) and through the Blockfrost
 * adapter in front of the fake Blockfrost answering from the same ledger: calls made and wall time,
 * cold (a fresh reader), warm (a reader that read the pool before its last add), and cached.
 */
export async function runReadBack(): Promise<void> {
  const started = Date.now();
  const scripts = loadV3();
  const ledger = await LiveLedger.create();
  const fake = await FakeBlockfrost.start({ ledger });
  const blockfrost = createRealNetworkChain("preprod", {
    kind: "blockfrost",
    projectId: "preprodBenchReadBack0123456789abcd",
    url: fake.apiUrl,
  });
  try {
    const devnet: ChainPort = ledger.devnet;
    // The bridge builds on the devnet port and submits through the ledger, so that its history (what the fake serves) holds every transaction.
    const submitting = new Proxy(devnet, {
      get: (target, key) => {
        if (key === "submit") return (cbor: string) => ledger.submit(cbor);
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const bridge = await PlanBridge.create(submitting);
    const [admin, payer] = await Promise.all([Wallet.create(), Wallet.create()]);
    for (let i = 0; i < 3; i++) await ledger.fund(admin!.address, 1_000n * 1_000_000n);
    for (let i = 0; i < 4; i++) await ledger.fund(payer!.address, 1_000n * 1_000_000n);
    const [tournament, batch] = await bridge.deploy(admin!, [scripts.tournament, scripts.batch]);
    const tip = await devnet.tip();
    const { plan, pool } = createPlan(
      scripts,
      { tournament: tournament!, batch: batch! },
      admin!,
      {
        settleBy: tip.time + 2 * 3_600_000,
        name: "Read-back cup",
        bracketSize: V3_MAX_BRACKET,
        entryFee: 2_000_000n,
        payoutStructure: [10_000_000n],
        fixedPayouts: [],
      },
      await bridge.seedOf(admin!),
    );
    await bridge.submit(plan);
    const [registration] = await bridge.deploy(admin!, [pool.registration]);
    pool.refs.registration = registration;
    const addresses = Array.from({ length: V3_MAX_BRACKET }, randomBaseAddress);
    for (let i = 0; i < addresses.length; i += 64)
      await bridge.submit(registerPlan(pool, payer!, addresses.slice(i, i + 64)));
    const pending = (await devnet.utxosAt(pool.registrationAddress)).sort(ledgerOrder);
    const first = pending.length % ADD;
    const chunks = [pending.slice(0, first)];
    for (let i = first; i < pending.length; i += ADD) chunks.push(pending.slice(i, i + ADD));
    let seats: string[] = [];
    const addOne = async (regs: readonly UTxO[]): Promise<void> => {
      const current = await bridge.holderOf(pool.address, pool.nftUnit);
      const { plan: add, seats: after } = addPlan(pool, admin!, current, seats, regs);
      await bridge.submit(add);
      seats = after;
    };
    for (const regs of chunks.slice(0, -1)) await addOne(regs);
    const fillTime = seconds(started);

    const output = async (): Promise<PoolOutput> => {
      const utxo = await bridge.holderOf(pool.address, pool.nftUnit);
      const datum = decodePoolDatum(utxo.output.plutusData!, false);
      if (datum === null) throw new Error("the pool's datum does not decode");
      return {
        unit: pool.nftUnit,
        utxo,
        accumulator: { count: datum.count, peaks: datum.peaks },
        registrationAddress: pool.registrationAddress,
      };
    };
    const check = (read: readonly string[], what: string): void => {
      if (read.length !== seats.length || read.some((a, i) => a !== seats[i]))
        throw new Error(`${what}: the seats read back are not the pool's`);
    };
    const requests = (): number => fake.requests.length;

    // Before the last add (984 seats): readers that will be warm, each a cold read of 984.
    const before = await output();
    const primed = Array.from({ length: READ_RUNS }, () => new SeatReader("preprod"));
    const cold984: Awaited<ReturnType<typeof timedRead>>[] = [];
    for (const reader of primed) {
      const read = await timedRead(reader, devnet, before);
      check(read.seats, "cold read of 984 (devnet)");
      cold984.push(read);
    }
    const bfPrimed = new SeatReader("preprod");
    let mark = requests();
    const bfCold984 = await timedRead(bfPrimed, blockfrost, before);
    check(bfCold984.seats, "cold read of 984 (Blockfrost)");
    const bfCold984Requests = requests() - mark;

    await addOne(chunks.at(-1)!);
    const full = await output();
    if (full.accumulator.count !== V3_MAX_BRACKET) throw new Error(`the pool holds ${full.accumulator.count} seats`);
    const warm = [];
    for (const reader of primed) {
      const read = await timedRead(reader, devnet, full);
      check(read.seats, "warm read of 1,024 (devnet)");
      warm.push(read);
    }
    const cached = await timedRead(primed[0]!, devnet, full);
    const cold = [];
    for (let r = 0; r < READ_RUNS; r++) {
      const read = await timedRead(new SeatReader("preprod"), devnet, full);
      check(read.seats, "cold read of 1,024 (devnet)");
      cold.push(read);
    }
    mark = requests();
    const bfWarm = await timedRead(bfPrimed, blockfrost, full);
    check(bfWarm.seats, "warm read of 1,024 (Blockfrost)");
    const bfWarmRequests = requests() - mark;
    const bfCold = [];
    const bfColdRequests: number[] = [];
    for (let r = 0; r < 3; r++) {
      mark = requests();
      const read = await timedRead(new SeatReader("preprod"), blockfrost, full);
      check(read.seats, "cold read of 1,024 (Blockfrost)");
      bfColdRequests.push(requests() - mark);
      bfCold.push(read);
    }
    const paths = new Map<string, number>();
    for (const r of fake.requests.slice(-bfColdRequests.at(-1)!)) {
      const shape = r.path.replace(/[0-9a-f]{64}/g, "{hash}").replace(/\?.*$/, "");
      paths.set(shape, (paths.get(shape) ?? 0) + 1);
    }
    const ms = (reads: readonly { ms: number }[]): string =>
      `${median(reads.map((r) => r.ms)).toFixed(1)} ms (median of ${reads.length}; ${Math.min(...reads.map((r) => r.ms)).toFixed(1)}–${Math.max(...reads.map((r) => r.ms)).toFixed(1)})`;
    const rows: BenchRow[] = [
      {
        read: `devnet port, cold: 984 seats (${chunks.length - 1} adds)`,
        "backend calls": callsOf(cold984[0]!.calls),
        "wall time": ms(cold984),
      },
      {
        read: `devnet port, cold: 1,024 seats (${chunks.length} adds), a fresh reader`,
        "backend calls": callsOf(cold[0]!.calls),
        "wall time": ms(cold),
      },
      {
        read: "devnet port, warm: 1,024, the reader read 984 before the last add",
        "backend calls": callsOf(warm[0]!.calls),
        "wall time": ms(warm),
      },
      {
        read: "devnet port, cached: the same output again",
        "backend calls": callsOf(cached.calls),
        "wall time": `${cached.ms.toFixed(2)} ms`,
      },
      {
        read: "Blockfrost adapter + fake, cold: 984",
        "backend calls": `${callsOf(bfCold984.calls)}; ${requestsOf(bfCold984Requests)}`,
        "wall time": ms([bfCold984]),
      },
      {
        read: "Blockfrost adapter + fake, cold: 1,024, a fresh reader",
        "backend calls": `${callsOf(bfCold[0]!.calls)}; ${bfColdRequests.join(", ")} HTTP requests in its runs (${[...paths].map(([p, n]) => `${n} × GET ${p}`).join(", ")})`,
        "wall time": ms(bfCold),
      },
      {
        read: "Blockfrost adapter + fake, warm: 1,024 after the last add",
        "backend calls": `${callsOf(bfWarm.calls)}; ${requestsOf(bfWarmRequests)}`,
        "wall time": ms([bfWarm]),
      },
    ];
    printTable(
      `Read-back (v3, V3-DESIGN §8 item 4): the seats of a 1,024 bracket through the service's SeatReader; fill ${fillTime}, all ${seconds(started)}`,
      rows,
    );
  } finally {
    await blockfrost.close();
    await fake.close();
    await ledger.close();
  }
}
