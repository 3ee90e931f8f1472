// The tournaments, in two parts.
//
// 1. Endpoints (issue #10, "Must deliver" 4): POST /tournaments/{id}/register and PATCH
//    /tournaments/{id}/settle (bracket 4) over HTTP on the embedded devnet, p50 against the issue's
//    targets (≤ 8 ms and ≤ 20 ms), on a fresh devnet and on one grown to BENCH_GROW_UTXOS UTxOs
//    (10,000) holding BENCH_GROW_TOURNAMENTS more tournaments (100) with BENCH_GROW_REGISTRATIONS
//    registrations each (10); target: the grown figures within 20 % of the fresh ones. Each devnet
//    gets the same two tournaments through the API (one open, one full with 4 participants added);
//    the requests measured only build, nothing is submitted, so each builds the same transaction
//    every time. The growth goes through the devnet chain directly where the API is not what is
//    measured: tournaments are created through the API (signed, submitted), the registrations and
//    the other UTxOs are paid in multi-output transactions (bench/devnet.ts payMany), so 10,000 UTxOs
//    take about 60 transactions. Each request is then measured on a service process of its own
//    (`node --import tsx src/main.ts` on that devnet's DATA_DIR or a copy), in interleaved rounds
//    (BENCH_RUNS; each request repeated for BENCH_SECONDS and at least 3 times, one at a time from
//    the load generator process of bench/util.ts), fresh and grown in turn, so that the shared
//    machine's ups and downs weigh on both alike. A process of its own because a request on the
//    grown devnet takes minutes today: one unanswered after BENCH_TOURNAMENT_TIMEOUT seconds (30)
//    is stopped by ending its process, its figure reads "> 30 s", and it is measured no more.
//    Quick runs: small BENCH_GROW_* numbers; BENCH_TOURNAMENT_ENDPOINTS=0
//    skips this part.
//
// 2. Contract costs on the Scalus emulator (the devnet's ledger and
// protocol parameters). In one run, on one chain: fee, size and ExUnits of every tournament
// transaction at 64 players for v2 (frozen in contracts/v2, for comparison), v2.1 (contracts/v2.1)
// and v3 (contracts/src, issue #23), side by side, with the v2.1/v2 fee ratio per operation (issue
// #19's budget: at most ~1.05), the v3/v2.1 ratio (issue #23 item 5), and where each difference comes
// from (transaction size, reference scripts, ExUnits); then the v2.1 scale figures: the most
// registrations one add takes, the most payouts one settlement pays, the largest bracket, and whether
// cancel and refund of a full bracket fit in one transaction; then v3's at 1,024 seats against
// issue #23's targets and the seats of a 1,024 read back (bench/tournament-v3.ts).
// Run: npx tsx bench/tournament.ts (bench/run.ts also calls runTournamentBench).
// Participants use base addresses (payment + stake key), the larger and more common kind;
// BENCH_TOURNAMENT_ENTERPRISE=1 uses enterprise ones. BENCH_TOURNAMENT_SCALE=0 skips the scale part,
// BENCH_TOURNAMENT_COSTS=0 this whole second part, BENCH_TOURNAMENT_V3_SCALE=0 only v3's scale part (=only: v3's alone).
// Last, v3's read-back (V3-DESIGN §8 item 4): the seats of a 1,024 bracket read through the
// service's SeatReader, on the devnet port and through the Blockfrost adapter and its fake
// (BENCH_TOURNAMENT_V3_READBACK=0 skips it, =only runs it alone).
// Fees and ExUnits do not depend on the machine; they vary a little from run to run only with the
// ledger's order of the inputs (transaction ids are random), which moves where each script finds
// its own input (Helios get_current_input scans the inputs). So the per-transaction part runs
// BENCH_TOURNAMENT_RUNS times (5) and prints medians, with the range of each ratio; the scale
// parts run once. Nothing in this part is timed except the sections (seconds).
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { UTxO } from "@meshsdk/common";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { Serialization } from "@meshsdk/core-cst";
import { tournamentScript, V2_1_CONTRACT } from "../src/tournament/contracts.js";
import type { Body, OperationId } from "../test/support/api.js";
import { MAX_REGISTRATIONS_PER_ADD } from "../src/tournament/limits.js";
import { depositOf } from "../src/tournament/rules.js";
import { explainTraces } from "../src/tournament/traces.js";
import {
  buildPlan,
  Chain,
  hasOnlyAda,
  MAX_TX_MEM,
  MAX_TX_SIZE,
  MAX_TX_STEPS,
  PARAMS,
  randomAddress,
  type RefScript,
  submitPlan,
  SYSTEM_START_MS,
  type TxPlan,
  Wallet,
} from "../contracts/test/helpers.js";
import {
  addPlan,
  afterDeadline,
  cancelPlan,
  closePlan,
  type ConfigInput,
  createPlan,
  createTournament,
  CURRENT,
  deploy,
  ledgerOrder,
  registerPlan,
  registrations,
  settlePlan,
  type Tournament,
  tournamentUtxo,
} from "../contracts/test/tournament-txs.js";
import { v2ClosePlan, V2_SCRIPTS } from "../contracts/v2/plans.js";
import { v2TournamentScript } from "../contracts/v2/scripts.js";
import { loadV3 } from "../contracts/test/v3/scripts.js";
import { runReadBack, runV3Scale, v3Flavour } from "./tournament-v3.js";
import { isDevnet, type DevnetPort } from "../src/chain/port.js";
import { encodeRegistrationDatum } from "../src/tournament/datum.js";
import {
  devnetUtxoCount,
  keylessAddress,
  newWallet,
  payMany,
  utxoStringsAt,
  type BenchWallet,
  type Payment,
} from "./devnet.js";
import {
  closeLoadGenerator,
  fmt,
  median,
  optionsFromEnv,
  printTable,
  sequentialRound,
  startBenchService,
  startServerProcess,
  type BenchOptions,
  type BenchRow,
  type BenchService,
  type RoundFigures,
  type ServerProcess,
} from "./util.js";

const ENTERPRISE = process.env["BENCH_TOURNAMENT_ENTERPRISE"] === "1";
export const participantAddress = (): string =>
  ENTERPRISE
    ? randomAddress()
    : serializeAddressObj(pubKeyAddress(randomBytes(28).toString("hex"), randomBytes(28).toString("hex")), 0);

/** Issue #19's budget: v2.1 may cost at most about 5 % more than v2 for the same operation. */
const RATIO_BUDGET = 1.05;
export const ADA = 1_000_000n;
const ENTRY_FEE = 10n * ADA;
/** Deadline of every v2 tournament: 30 days after the emulator's start (its clock stays at slot 0). */
export const SETTLE_BY = SYSTEM_START_MS + 30 * 24 * 3600 * 1000;
export const BRACKET = 64;

// ------------------------------------------------------------------ measuring

export interface Measured {
  ok: boolean;
  fee: bigint;
  size: number;
  mem: number;
  steps: number;
  /** Bytes of the reference scripts the transaction uses (the ledger charges 15 lovelace each). */
  refBytes: number;
  /** The ExUnits of the tournament script's redeemers (spend and mint) and of the other scripts' (registrations, v3's batch). */
  byScript: { tournament: ExUnits; registration: ExUnits };
  error?: string;
}

interface ExUnits {
  mem: number;
  steps: number;
}

const feeOf = (txHex: string): bigint => Serialization.Transaction.fromCbor(Serialization.TxCBOR(txHex)).body().fee();

/** Each reference script once, however many inputs and mints use it (the ledger counts reference inputs as a set). */
function refBytesOf(plan: TxPlan): number {
  const refs = new Map<string, RefScript>();
  for (const r of [...plan.scriptInputs.map((s) => s.script), ...plan.mints.map((m) => m.script)])
    refs.set(`${r.txHash}#${r.index}`, r);
  return [...refs.values()].reduce((s, r) => s + r.size, 0);
}

const TOURNAMENT_HASHES = new Set([
  tournamentScript(V2_1_CONTRACT).hash,
  v2TournamentScript().hash,
  loadV3().tournament.hash,
]);
const noUnits = (): Measured["byScript"] => ({ tournament: { mem: 0, steps: 0 }, registration: { mem: 0, steps: 0 } });

/** Splits the evaluated budgets by script: a redeemer's index is its input's place in the ledger's order of the inputs. */
function byScript(
  txHex: string,
  plan: TxPlan,
  budgets: readonly { tag: string; index: number; budget: ExUnits }[],
): Measured["byScript"] {
  const inputs = Serialization.Transaction.fromCbor(Serialization.TxCBOR(txHex))
    .body()
    .inputs()
    .toCore()
    .sort((a, b) => (a.txId === b.txId ? a.index - b.index : a.txId < b.txId ? -1 : 1));
  const split = noUnits();
  for (const r of budgets) {
    let tournament = r.tag === "MINT";
    if (r.tag === "SPEND") {
      const i = inputs[r.index];
      const s = plan.scriptInputs.find((x) => x.utxo.input.txHash === i?.txId && x.utxo.input.outputIndex === i?.index);
      tournament = s !== undefined && TOURNAMENT_HASHES.has(s.script.hash);
    }
    const part = tournament ? split.tournament : split.registration;
    part.mem += r.budget.mem;
    part.steps += r.budget.steps;
  }
  return split;
}

const fits = (m: Measured): boolean =>
  m.ok && m.size <= MAX_TX_SIZE && m.mem <= Number(MAX_TX_MEM) && m.steps <= Number(MAX_TX_STEPS);

/** Builds (with evaluated budgets), measures and, unless `submit` is false, submits one plan; failures are reported, not thrown. */
export async function measure(chain: Chain, plan: TxPlan, submit = true): Promise<Measured> {
  const refBytes = refBytesOf(plan);
  let tx: string;
  try {
    tx = await buildPlan(chain, plan);
  } catch (error) {
    return { ok: false, fee: 0n, size: 0, mem: 0, steps: 0, refBytes, byScript: noUnits(), error: firstLine(error) };
  }
  const budgets = plan.scriptInputs.length + plan.mints.length > 0 ? chain.evaluate(tx) : [];
  const mem = budgets.reduce((s, r) => s + r.budget.mem, 0);
  const steps = budgets.reduce((s, r) => s + r.budget.steps, 0);
  const m: Measured = {
    ok: true,
    fee: feeOf(tx),
    size: tx.length / 2,
    mem,
    steps,
    refBytes,
    byScript: byScript(tx, plan, budgets),
  };
  if (!fits(m)) return { ...m, ok: false, error: why(m) };
  if (!submit) return m;
  const r = chain.submit(tx);
  return r.ok ? m : { ...m, ok: false, error: (r.error ?? "").slice(0, 160) };
}

/** The error's first line, with the script's trace messages when the evaluator gave them. */
function firstLine(error: unknown): string {
  const message = String((error as { message?: string }).message ?? error);
  const logs = /"logs":(\[[^\]]*\])/.exec(message)?.[1];
  let traces: string[] = [];
  try {
    traces = logs ? (JSON.parse(logs) as string[]) : [];
  } catch {
    // no trace list
  }
  // The scripts trace short codes (src/tournament/traces.ts): shown with their sentences.
  return `${message.split("\n")[0]!.slice(0, 120)}${traces.length > 0 ? ` [${traces.map(explainTraces).join(" | ")}]` : ""}`;
}

export function why(m: Measured): string {
  if (m.error !== undefined && /too-large|too-many-inputs/.test(m.error))
    return `transaction over ${MAX_TX_SIZE.toLocaleString("en-US")} B (the builder: ${m.error.replace(/.*: /, "")})`;
  if (m.size > MAX_TX_SIZE) return `size ${m.size} B > ${MAX_TX_SIZE}`;
  if (m.mem > Number(MAX_TX_MEM)) return `mem ${m.mem.toLocaleString("en-US")} > max`;
  if (m.steps > Number(MAX_TX_STEPS)) return `steps ${m.steps.toLocaleString("en-US")} > max`;
  return m.error ?? "refused";
}

/** The fee's parts as the ledger computes it: size (a·B + b), reference scripts (15/B below 25 KiB), ExUnits (prices). */
export function feeParts(m: Measured): { size: number; refs: number; exUnits: number } {
  return {
    size: PARAMS.minFeeA * m.size + PARAMS.minFeeB,
    refs: PARAMS.minFeeRefScriptCostPerByte * m.refBytes,
    exUnits: PARAMS.priceMem * m.mem + PARAMS.priceStep * m.steps,
  };
}

export const ada = (lovelace: bigint | number): string => (Number(lovelace) / 1e6).toFixed(6);
export const pct = (part: number, whole: bigint | number): string => `${((100 * part) / Number(whole)).toFixed(1)}%`;
export const int = (n: number): string => n.toLocaleString("en-US");

// ------------------------------------------------------------------ setup

export interface Setup {
  chain: Chain;
  admin: Wallet;
  payer: Wallet;
  /** Anyone: triggers the refund after the deadline. */
  stranger: Wallet;
  /** The frozen v2 tournament script and v2.1's, deployed. */
  refs: Record<"v2" | "v2.1", RefScript>;
  /** v3's tournament and batch scripts, deployed. */
  v3: { tournament: RefScript; batch: RefScript };
}

/** The versions compared: the frozen v2 (contracts/v2), v2.1 (contracts/v2.1) and v3 (contracts/src). */
export type Version = "v2" | "v2.1" | "v3";
const VERSION_LIST: readonly Version[] = ["v2", "v2.1", "v3"];
/** The ratios shown: each version against the one before it. */
const PAIRS = [
  ["v2", "v2.1"],
  ["v2.1", "v3"],
] as const;
type Pair = (typeof PAIRS)[number];
const pairName = ([a, b]: Pair): string => `${b}/${a}`;

/**
 * One version's honest transactions on a tournament it created: the plans of tournament-txs.ts
 * (v2.1), contracts/v2/plans.ts (v2) or contracts/test/v3/plans.ts (v3, whose flavour keeps each
 * pool's seat list, as the plans need it). Each plan is built on `chain`'s current tournament output.
 */
export interface Flavour {
  create(config: ConfigInput, seed: UTxO): { plan: TxPlan; tournament: Tournament };
  add(chain: Chain, t: Tournament, regs: readonly UTxO[]): TxPlan;
  settle(chain: Chain, t: Tournament, winners: readonly number[]): TxPlan;
  close(chain: Chain, t: Tournament, payer: Wallet, how: "cancel" | "refund"): TxPlan;
}

/** v2's or v2.1's flavour: the participant list is the datum's. */
function listFlavour(s: Setup, v: "v2" | "v2.1"): Flavour {
  const close = v === "v2" ? v2ClosePlan : closePlan;
  return {
    create: (config, seed) => {
      const { plan, tournament } = createPlan(s.refs[v], s.admin, config, seed, v === "v2" ? V2_SCRIPTS : CURRENT);
      return { plan, tournament };
    },
    add: (chain, t, regs) => addPlan(t, s.admin, tournamentUtxo(chain, t), [...regs]).plan,
    settle: (chain, t, winners) => settlePlan(t, s.admin, tournamentUtxo(chain, t), winners),
    close: (chain, t, payer, how) => close(t, payer, tournamentUtxo(chain, t), how),
  };
}

const flavourOf = (s: Setup, v: Version): Flavour => (v === "v3" ? v3Flavour(s) : listFlavour(s, v));

async function setup(): Promise<Setup> {
  const [admin, payer, stranger] = [await Wallet.create(), await Wallet.create(), await Wallet.create()];
  const chain = Chain.fund([admin.address, payer.address, stranger.address], 1_000_000_000_000n, 8);
  const v3 = loadV3();
  // Two deployments: the four scripts together are over the transaction size limit.
  const [refNew, refOld] = await deploy(chain, payer, [tournamentScript(V2_1_CONTRACT), v2TournamentScript()]);
  const [refV3, refBatch] = await deploy(chain, payer, [v3.tournament, v3.batch]);
  return {
    chain,
    admin,
    payer,
    stranger,
    refs: { v2: refOld!, "v2.1": refNew! },
    v3: { tournament: refV3!, batch: refBatch! },
  };
}

/** A bracket of `bracketSize`, `placements` placements (2 ADA steps, last 2 ADA) and `fixed` fixed payouts of 2 ADA. */
function prizes(placements: number, fixed: number): Pick<ConfigInput, "payoutStructure" | "fixedPayouts"> {
  return {
    payoutStructure: Array.from({ length: placements }, (_, i) => BigInt(placements - i) * 2n * ADA),
    fixedPayouts: Array.from({ length: fixed }, () => ({ address: participantAddress(), amount: 2n * ADA })),
  };
}
export const v2Config = (
  bracketSize: number,
  placements: number,
  fixed: number,
  entryFee = ENTRY_FEE,
): ConfigInput => ({
  name: `Bench ${bracketSize}`,
  bracketSize,
  entryFee,
  ...prizes(placements, fixed),
  settleBy: SETTLE_BY,
});
/**
 * The sponsored free tournament of 64: 3 places and 1 fixed payout whose prizes (100 ADA) let each
 * of 64 players' share of them be paid out (v2.1 wants at least 64 × MIN_PAYOUT_LOVELACE).
 */
export const freeConfig = (): ConfigInput => ({
  ...v2Config(BRACKET, 0, 0, 0n),
  payoutStructure: [50n * ADA, 30n * ADA, 18n * ADA],
  fixedPayouts: [{ address: participantAddress(), amount: 2n * ADA }],
});

export const seedOf = (s: Setup): UTxO => {
  const seed = s.chain.utxosAt(s.admin.address).filter(hasOnlyAda)[0];
  if (seed === undefined) throw new Error("the admin has no ADA-only UTxO");
  return seed;
};

/** A fresh wallet holding `lovelace`, paid by the payer. */
async function fundedWallet(s: Setup, lovelace: bigint): Promise<Wallet> {
  const w = await Wallet.create();
  await submitPlan(s.chain, {
    payer: s.payer,
    scriptInputs: [],
    walletInputs: [],
    mints: [],
    outputs: [{ address: w.address, lovelace }],
    requiredSigners: [],
    signers: [],
  });
  return w;
}

/** `n` registrations of random participants, 40 outputs per transaction. */
export async function registerMany(n: number, plan: (addresses: string[]) => TxPlan, chain: Chain): Promise<void> {
  for (let i = 0; i < n; i += 40)
    await submitPlan(chain, plan(Array.from({ length: Math.min(40, n - i) }, participantAddress)));
}

/** A v2.1 tournament, created and with its registration validator deployed. */
const openV2 = async (s: Setup, config: ConfigInput): Promise<Tournament> =>
  (await createTournament(s.chain, s.refs["v2.1"], s.admin, config)).tournament;

/** Adds every pending registration of `t`, `batch` at a time (submitted). */
async function addAllV2(s: Setup, t: Tournament, batch: number): Promise<void> {
  let pending = registrations(s.chain, t).sort(ledgerOrder);
  while (pending.length > 0) {
    const m = await measure(s.chain, addPlan(t, s.admin, tournamentUtxo(s.chain, t), pending.slice(0, batch)).plan);
    if (!m.ok) throw new Error(`could not add ${Math.min(batch, pending.length)} registrations: ${m.error}`);
    pending = pending.slice(batch);
  }
}

// ------------------------------------------------------------------ the per-transaction rows

interface Operation {
  name: string;
  by: Partial<Record<Version, Measured>>;
  /** Each pair's fee ratio in each run, when there were several. */
  ratios?: Partial<Record<string, number[]>>;
}

type Put = (name: string, m: Measured) => void;
const putter =
  (ops: Map<string, Operation>, v: Version): Put =>
  (name, m) => {
    const op = ops.get(name) ?? { name, by: {} };
    ops.set(name, { ...op, by: { ...op.by, [v]: m } });
  };

/**
 * One tournament of 64 in version `v`: create, register and unregister one, add 1 / 31 / 32,
 * settle, and from the full bracket also a cancel and a refund (on copies of the chain).
 */
async function lifecycle(s: Setup, ops: Map<string, Operation>, v: Version): Promise<void> {
  const put = putter(ops, v);
  const flavour = flavourOf(s, v);
  const config = v2Config(BRACKET, 3, 1);
  if (depositOf(config) !== 0n) throw new Error("the paid tournament should need no deposit");
  const created = flavour.create(config, seedOf(s));
  put(OP.create, await measure(s.chain, created.plan));
  const t = created.tournament;
  [t.refs.registration] = await deploy(s.chain, s.admin, [t.registration]);
  const registrant = await fundedWallet(s, 50n * ADA);
  put(OP.register, await measure(s.chain, registerPlan(t, registrant, [registrant.address])));
  put(OP.unregister, await measure(s.chain, cancelPlan(t, registrant, registrations(s.chain, t)[0]!)));
  await registerMany(BRACKET, (a) => registerPlan(t, s.payer, a), s.chain);
  const pending = registrations(s.chain, t).sort(ledgerOrder);
  const add = (regs: UTxO[]) => measure(s.chain, flavour.add(s.chain, t, regs));
  put(OP.add1, await add(pending.slice(0, 1)));
  put(OP.add31, await add(pending.slice(1, 32)));
  put(OP.add32, await add(pending.slice(32)));
  const cancelChain = s.chain.snapshot();
  const refundChain = s.chain.snapshot();
  put(OP.settle, await measure(s.chain, flavour.settle(s.chain, t, WINNERS)));
  put(OP.cancel64, await measure(cancelChain, flavour.close(cancelChain, t, s.admin, "cancel")));
  refundChain.setSlot(afterDeadline(t.config.settleBy));
  put(OP.refund64, await measure(refundChain, flavour.close(refundChain, t, s.stranger, "refund")));
}

/** In version `v`: a sponsored free tournament (create, add, cancel, refund) and an add returning overpayments. */
async function extras(s: Setup, ops: Map<string, Operation>, v: Version): Promise<void> {
  const put = putter(ops, v);
  const flavour = flavourOf(s, v);
  const free = freeConfig();
  const created = flavour.create(free, seedOf(s));
  put(OP.createFree(depositOf(free)), await measure(s.chain, created.plan));
  const f = created.tournament;
  [f.refs.registration] = await deploy(s.chain, s.admin, [f.registration]);
  await registerMany(4, (a) => registerPlan(f, s.payer, a), s.chain);
  put(OP.addFree, await measure(s.chain, flavour.add(s.chain, f, registrations(s.chain, f))));
  const refundChain = s.chain.snapshot();
  put(OP.cancelFree, await measure(s.chain, flavour.close(s.chain, f, s.admin, "cancel")));
  refundChain.setSlot(afterDeadline(f.config.settleBy));
  put(OP.refundFree, await measure(refundChain, flavour.close(refundChain, f, s.stranger, "refund")));

  const made = flavour.create(v2Config(BRACKET, 3, 1), seedOf(s));
  await submitPlan(s.chain, made.plan);
  const t = made.tournament;
  [t.refs.registration] = await deploy(s.chain, s.admin, [t.registration]);
  await submitPlan(s.chain, registerPlan(t, s.payer, [participantAddress(), participantAddress()]));
  await submitPlan(
    s.chain,
    registerPlan(t, s.payer, [participantAddress(), participantAddress()], ENTRY_FEE + 3n * ADA),
  );
  put(OP.addOverpaid, await measure(s.chain, flavour.add(s.chain, t, registrations(s.chain, t))));
}

export const WINNERS = [5, 17, 42];
export const OP = {
  create: "create (paid, no deposit needed)",
  register: "register (1 registration, no script)",
  unregister: "unregister (registrant cancels)",
  add1: "add 1 (to an empty bracket)",
  add31: "add 31 (1 → 32)",
  add32: "add 32 (32 → 64)",
  settle: "settle 64 (3 places + 1 fixed, burn)",
  cancel64: "cancel, full 64 (64 refunds + remainder)",
  refund64: "refund, full 64, by a stranger after the deadline",
  createFree: (deposit: bigint) => `create, free entry, sponsor deposit ${ada(deposit).replace(/\.?0+$/, "")} ADA`,
  addFree: "add 4, free entry (4 registrations returned)",
  cancelFree: "cancel, free entry, 4 of 64 (remainder only)",
  refundFree: "refund, free entry, 4 of 64 (remainder only)",
  addOverpaid: "add 4, 2 overpaid (2 returns)",
} as const;

/** The fee of `pair`'s second version over its first's, when both were accepted. */
function ratio(op: Operation, [a, b]: Pair): number | undefined {
  const [x, y] = [op.by[a], op.by[b]];
  return x?.ok && y?.ok ? Number(y.fee) / Number(x.fee) : undefined;
}

const LIMIT = `> ${RATIO_BUDGET.toFixed(2)}`;
/** Issue #19's budget applies to v2.1 against v2 only. */
const budgeted = (pair: Pair): boolean => pair[0] === "v2";

function detailRows(ops: readonly Operation[]): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const op of ops) {
    const first = VERSION_LIST.find((v) => op.by[v] !== undefined);
    for (const version of VERSION_LIST) {
      const m = op.by[version];
      if (m === undefined) continue;
      const row: BenchRow = {
        operation: version === first ? op.name : "",
        v: version,
        "fee (ADA)": ada(m.fee),
        "size (B)": int(m.size),
        mem: int(m.mem),
        "mem %": pct(m.mem, MAX_TX_MEM),
        steps: int(m.steps),
        "steps %": pct(m.steps, MAX_TX_STEPS),
      };
      // Each pair's ratio on its second version's line, with the range over the runs.
      for (const pair of PAIRS) {
        const r = ratio(op, pair);
        const runs = op.ratios?.[pairName(pair)];
        const range = runs ? ` (${Math.min(...runs).toFixed(3)}–${Math.max(...runs).toFixed(3)})` : "";
        const over = budgeted(pair) && r !== undefined && r > RATIO_BUDGET ? ` ${LIMIT}` : "";
        row[`${pairName(pair)} fee (runs)`] =
          version === pair[1] && r !== undefined ? `${r.toFixed(3)}${range}${over}` : "";
      }
      row["result"] = m.ok ? "accepted" : `refused: ${m.error}`;
      rows.push(row);
    }
  }
  return rows;
}

const signed = (n: number) => `${n >= 0 ? "+" : "−"}${int(Math.abs(Math.round(n)))}`;

/** For operations in both versions of `pair`: the fee difference split into its ledger parts. */
function differenceRows(ops: readonly Operation[], pair: Pair): BenchRow[] {
  const name = pairName(pair);
  return ops.flatMap((op) => {
    const r = ratio(op, pair);
    if (r === undefined) return [];
    const [x, y] = [op.by[pair[0]]!, op.by[pair[1]]!];
    const [a, b] = [feeParts(x), feeParts(y)];
    return [
      {
        operation: op.name,
        [`${name} fee`]: r.toFixed(3),
        "Δ fee": signed(Number(y.fee - x.fee)),
        "Δ size part": `${signed(b.size - a.size)} (${signed(y.size - x.size)} B)`,
        "Δ ref-script part": `${signed(b.refs - a.refs)} (${int(x.refBytes)} → ${int(y.refBytes)} B)`,
        "Δ ExUnits part": signed(b.exUnits - a.exUnits),
        [`${name} mem`]: quotient(y.mem, x.mem),
        [`${name} steps`]: quotient(y.steps, x.steps),
        ...(budgeted(pair) ? { budget: r > RATIO_BUDGET ? `OVER ${RATIO_BUDGET.toFixed(2)}` : "ok" } : {}),
      },
    ];
  });
}

const quotient = (a: number, b: number): string => (b === 0 ? (a === 0 ? "-" : "∞") : (a / b).toFixed(2));

/** For operations that run scripts in both versions of `pair`: the ExUnits of each script, first → second. */
function scriptRows(ops: readonly Operation[], pair: Pair): BenchRow[] {
  return ops.flatMap((op) => {
    if (ratio(op, pair) === undefined) return [];
    const [x, y] = [op.by[pair[0]]!, op.by[pair[1]]!];
    if (x.mem + y.mem === 0) return [];
    const [a, b] = [x.byScript, y.byScript];
    const change = (p: number, q: number) => (p + q === 0 ? "-" : `${int(p)} → ${int(q)} (${quotient(q, p)}×)`);
    return [
      {
        operation: op.name,
        "tournament mem": change(a.tournament.mem, b.tournament.mem),
        "tournament steps": change(a.tournament.steps, b.tournament.steps),
        "other scripts mem": change(a.registration.mem, b.registration.mem),
        "other scripts steps": change(a.registration.steps, b.registration.steps),
      },
    ];
  });
}

// ------------------------------------------------------------------ scale (v2.1)

interface Figure {
  figure: string;
  value: string;
  at?: Measured;
  next: string;
}

/** Largest k in (lo, hi] with `ok(k)`, assuming monotonicity; `lo` fits. */
export async function largest(lo: number, hi: number, ok: (k: number) => Promise<boolean>): Promise<number> {
  if (await ok(hi)) return hi;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (await ok(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The whole bracket (64 exact-fee registrations) in one add, into an empty tournament. */
async function addWholeBracket(s: Setup): Promise<Figure> {
  const t = await openV2(s, v2Config(BRACKET, 3, 1));
  await registerMany(BRACKET, (a) => registerPlan(t, s.payer, a), s.chain);
  const m = await measure(
    s.chain,
    addPlan(t, s.admin, tournamentUtxo(s.chain, t), registrations(s.chain, t)).plan,
    false,
  );
  return {
    figure: "registrations in one add (entry fee exactly, into an empty 64)",
    value: m.ok ? `${BRACKET} (the bracket limit)` : "< 64",
    at: m,
    next: m.ok ? "the contract refuses a 65th (bracket ≤ 64)" : why(m),
  };
}

/**
 * Most registrations one add takes when every one returns an overpayment (a free tournament: each
 * holds its min-UTxO), in the add that completes the bracket (the largest datum): k added to 64 − k.
 */
async function addReturning(s: Setup): Promise<Figure[]> {
  const t = await openV2(s, freeConfig());
  await registerMany(BRACKET, (a) => registerPlan(t, s.payer, a), s.chain);
  const all = registrations(s.chain, t).sort(ledgerOrder);
  const cache = new Map<number, Measured>();
  const trial = async (k: number): Promise<boolean> => {
    const chain = s.chain.snapshot();
    for (let i = 0; i < BRACKET - k; i += 16) {
      await submitPlan(
        chain,
        addPlan(t, s.admin, tournamentUtxo(chain, t), all.slice(i, Math.min(i + 16, BRACKET - k))).plan,
      );
    }
    const m = await measure(chain, addPlan(t, s.admin, tournamentUtxo(chain, t), all.slice(BRACKET - k)).plan, false);
    cache.set(k, m);
    return m.ok;
  };
  const n = await largest(0, BRACKET, trial);
  if (!cache.has(MAX_REGISTRATIONS_PER_ADD)) await trial(MAX_REGISTRATIONS_PER_ADD);
  const batch = cache.get(MAX_REGISTRATIONS_PER_ADD)!;
  return [
    {
      figure: "registrations in one add, each returning an overpayment (free entry; the add that fills the 64)",
      value: String(n),
      ...(cache.has(n) ? { at: cache.get(n)! } : {}),
      next: n >= BRACKET ? "the contract refuses a 65th (bracket ≤ 64)" : why(cache.get(n + 1)!),
    },
    {
      figure: `  the service's batch (${MAX_REGISTRATIONS_PER_ADD}, src/tournament/limits.ts), each returning, filling the 64`,
      value: batch.ok ? "fits" : "DOES NOT FIT",
      at: batch,
      next: batch.ok ? "" : why(batch),
    },
  ];
}

/**
 * The costliest settlement the contract allows: 64 participants, 32 placements won by the last 32
 * (each winner is looked up by walking the list) and 8 fixed payouts. Then what creation refuses.
 */
async function settleLimits(s: Setup): Promise<Figure[]> {
  const t = await openV2(s, v2Config(BRACKET, 32, 8));
  await registerMany(BRACKET, (a) => registerPlan(t, s.payer, a), s.chain);
  await addAllV2(s, t, 32);
  const winners = Array.from({ length: 32 }, (_, i) => BRACKET - 1 - i);
  const m = await measure(s.chain, settlePlan(t, s.admin, tournamentUtxo(s.chain, t), winners), false);
  const over = async (config: ConfigInput) =>
    measure(s.chain, createPlan(s.refs["v2.1"], s.admin, config, seedOf(s)).plan, false);
  const [placements33, fixed9, bracket65] = [
    await over(v2Config(BRACKET, 33, 0)),
    await over(v2Config(BRACKET, 3, 9)),
    await over(v2Config(65, 3, 1)),
  ];
  const refused = (x: Measured) =>
    x.ok ? "ACCEPTED (the contract should refuse it)" : `refused at creation${traceOf(x)}`;
  return [
    {
      figure: "payouts of one settlement (bracket 64, winners at the end of the list)",
      value: m.ok ? "32 places + 8 fixed (the limits)" : "below the limits",
      at: m,
      next: m.ok ? `33 places: ${refused(placements33)}; 9 fixed: ${refused(fixed9)}` : why(m),
    },
    {
      figure: "largest bracket filled and settled",
      value: `${BRACKET} (the limit)`,
      next: `65: ${refused(bracket65)}`,
    },
  ];
}

/** The script's first trace message, quoted. */
export function traceOf(m: Measured): string {
  const trace = /\[([^|\]]*)/.exec(m.error ?? "")?.[1]?.trim();
  return trace ? ` ("${trace}")` : "";
}

async function scale(s: Setup, ops: Map<string, Operation>): Promise<BenchRow[]> {
  const figures = [await addWholeBracket(s), ...(await addReturning(s)), ...(await settleLimits(s))];
  const add32 = ops.get(OP.add32)?.by["v2.1"];
  const settle = ops.get(OP.settle)?.by["v2.1"];
  if (add32 && settle)
    figures.push(
      { figure: "  filling it: the add 32 → 64", value: "", at: add32, next: "" },
      { figure: "  settling it: 3 places + 1 fixed", value: "", at: settle, next: "" },
    );
  for (const [key, label] of [
    [OP.cancel64, "cancel of a full 64 in one transaction"],
    [OP.refund64, "refund of a full 64 in one transaction"],
  ] as const) {
    const m = ops.get(key)?.by["v2.1"];
    if (m) figures.push({ figure: label, value: m.ok ? "yes" : "no", at: m, next: m.ok ? "" : why(m) });
  }
  return figures.map((f) => ({
    figure: f.figure,
    value: f.value,
    "size (B)": f.at ? int(f.at.size) : "",
    "mem %": f.at ? pct(f.at.mem, MAX_TX_MEM) : "",
    "steps %": f.at ? pct(f.at.steps, MAX_TX_STEPS) : "",
    "fee (ADA)": f.at ? ada(f.at.fee) : "",
    "the next one": f.next,
  }));
}

// ------------------------------------------------------------------ endpoints (HTTP, devnet)

/** Issue #10, "Must deliver" 4: register and settle (bracket 4) p50, fresh and on a grown devnet. */
const ENDPOINT_TARGET = { registerMs: 8, settleMs: 20, growth: 1.2 } as const;
const API = "/v2/services";

function envCount(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min}; got ${raw}.`);
  return n;
}

/** A request to measure: its path under the service's address, method and body. */
interface Call {
  path: string;
  method: "POST" | "PATCH";
  body: unknown;
}

/** A request to `url`: operation K's documented answer (test/support/api.ts), or a throw when it is not a 200. */
async function call<K extends OperationId>(url: string, method: string, body?: unknown): Promise<Body<K>> {
  const response = await fetch(url, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 400)}`);
  return JSON.parse(text) as Body<K>;
}

const devnetOf = (service: BenchService): DevnetPort => {
  const chain = service.app.chain;
  if (!chain || !isDevnet(chain)) throw new Error("the tournament endpoint benchmark needs the embedded devnet");
  return chain;
};

/** Creates a bracket-4 tournament (10 ADA entry, prizes 20 + 10 + 5 ADA: no deposit) through the API, signed and submitted; its ID. */
async function createOverHttp(service: BenchService, admin: BenchWallet, name: string): Promise<string> {
  const chain = devnetOf(service);
  const answer = await call<"createTournament">(`${service.url}${API}/tournaments`, "POST", {
    name,
    adminAddress: admin.address,
    bracketSize: 4,
    entryFee: 10 * 1_000_000,
    payoutStructure: [20, 10, 5].map((a) => a * 1_000_000),
    utxos: await utxoStringsAt(chain, admin.address),
  });
  await chain.submit(await admin.sign(answer.complete as string));
  return answer.tournamentId as string;
}

/**
 * The two requests measured, on one devnet: a registration to an open tournament, and the
 * settlement of a full bracket-4 tournament (4 registrations submitted, added by the admin). Both
 * only build: nothing measured is submitted, so every request builds the same transaction.
 */
export async function prepareEndpoints(service: BenchService): Promise<{ register: Call; settle: Call }> {
  const chain = devnetOf(service);
  const api = `${service.url}${API}`;
  const [admin, payer] = [await newWallet("enterprise"), await newWallet("enterprise")];
  await chain.faucet(admin.address, 500_000_000n);
  await chain.faucet(payer.address, 200_000_000n);
  const open = await createOverHttp(service, admin, "Bench open");
  const full = await createOverHttp(service, admin, "Bench full");
  for (let i = 0; i < 4; i++) {
    const answer = await call<"registerToTournament">(`${api}/tournaments/${full}/register`, "POST", {
      tournamentId: full,
      registererAddress: keylessAddress(),
      changeAddress: payer.address,
      utxos: await utxoStringsAt(chain, payer.address),
    });
    await chain.submit(await payer.sign(answer.complete as string));
  }
  const listed = await call<"listTournamentRegistrations">(
    `${api}/tournaments/${full}/registrations?valid=true`,
    "GET",
  );
  const registrations = (listed.results as { address: string; outputRef: string }[]).map(({ address, outputRef }) => ({
    address,
    outputRef,
  }));
  const added = await call<"addTournamentParticipants">(`${api}/tournaments/${full}/participants`, "POST", {
    tournamentId: full,
    adminAddress: admin.address,
    registrations,
    utxos: await utxoStringsAt(chain, admin.address),
  });
  await chain.submit(await admin.sign(added.complete as string));
  const tournament = await call<"getTournament">(`${api}/tournaments/${full}`, "GET");
  if (tournament.status === "unreadable")
    throw new Error(`the bracket-4 tournament is unreadable: ${tournament.reason}`);
  const { participants } = tournament;
  if (participants.length !== 4) throw new Error(`the bracket-4 tournament has ${participants.length} participants`);
  const register: Call = {
    path: `${API}/tournaments/${open}/register`,
    method: "POST",
    body: {
      tournamentId: open,
      registererAddress: keylessAddress(),
      changeAddress: payer.address,
      utxos: await utxoStringsAt(chain, payer.address),
    },
  };
  const settle: Call = {
    path: `${API}/tournaments/${full}/settle`,
    method: "PATCH",
    body: {
      tournamentId: full,
      adminAddress: admin.address,
      results: [...participants].reverse(),
      utxos: await utxoStringsAt(chain, admin.address),
    },
  };
  for (const c of [register, settle]) await call(`${service.url}${c.path}`, c.method, c.body);
  return { register, settle };
}

interface Growth {
  tournaments: number;
  registrations: number;
  transactions: number;
  /** Seconds spent creating tournaments, paying registrations, paying the other UTxOs. */
  seconds: { tournaments: number; registrations: number; utxos: number };
}

/** The registration address of each live tournament, from GET /tournaments (pages of 100). */
async function registrationAddresses(service: BenchService): Promise<Map<string, string>> {
  const addresses = new Map<string, string>();
  let pageState: string | undefined;
  do {
    const page = await call<"listTournaments">(
      `${service.url}${API}/tournaments?limit=100${pageState ? `&pageState=${encodeURIComponent(pageState)}` : ""}`,
      "GET",
    );
    for (const t of page.results as { tournamentId: string; registrationAddress: string }[])
      addresses.set(t.tournamentId, t.registrationAddress);
    pageState = page.pageState as string | undefined;
  } while (pageState);
  return addresses;
}

/**
 * Grows a devnet: `tournaments` more tournaments created through the API (each signed and
 * submitted), `registrations` registrations to each (outputs at its registration address with a
 * registrant's address as datum, paid straight through the chain, dozens per transaction), then
 * plain outputs to 100 addresses (about 200 per transaction) until the devnet holds `utxos` UTxOs.
 */
async function growDevnet(
  service: BenchService,
  sizes: { utxos: number; tournaments: number; registrations: number },
): Promise<Growth> {
  const chain = devnetOf(service);
  const admin = await newWallet("enterprise");
  let t = Date.now();
  const lap = () => {
    const seconds = (Date.now() - t) / 1000;
    t = Date.now();
    return seconds;
  };
  if (sizes.tournaments > 0) await chain.faucet(admin.address, BigInt(sizes.tournaments) * 5_000_000n + 50_000_000n);
  const ids: string[] = [];
  for (let i = 0; i < sizes.tournaments; i++) {
    ids.push(await createOverHttp(service, admin, `Grown ${i + 1}`));
    if ((i + 1) % 25 === 0) process.stdout.write(`    ${i + 1}/${sizes.tournaments} tournaments created\n`);
  }
  const tournamentSeconds = lap();
  const addresses =
    sizes.registrations > 0 && ids.length > 0 ? await registrationAddresses(service) : new Map<string, string>();
  const registrations: Payment[] = ids.flatMap((id) => {
    const address = addresses.get(id);
    if (address === undefined) throw new Error(`tournament ${id} is not listed`);
    return Array.from({ length: sizes.registrations }, () => ({
      address,
      lovelace: 10_000_000n,
      datum: encodeRegistrationDatum(keylessAddress()),
    }));
  });
  let transactions = await payMany(chain, registrations);
  const registrationSeconds = lap();
  const count = devnetUtxoCount(service.dataDir);
  if (count === null) throw new Error("the devnet's UTxO count could not be read");
  // The funder payMany uses keeps one change output.
  const plain = Math.max(0, sizes.utxos - count - 1);
  const holders = Array.from({ length: 100 }, () => keylessAddress());
  transactions += await payMany(
    chain,
    Array.from({ length: plain }, (_, i) => ({ address: holders[i % holders.length]!, lovelace: 1_500_000n })),
  );
  return {
    tournaments: ids.length,
    registrations: registrations.length,
    transactions,
    seconds: { tournaments: tournamentSeconds, registrations: registrationSeconds, utxos: lap() },
  };
}

/**
 * Register and settle p50 on a fresh devnet and on a grown one (issue #10, item 4), rounds
 * interleaved. Each devnet is prepared (and grown) with the service in this process, then each
 * request is measured on a service process of its own (on that DATA_DIR, or a copy of it): a request
 * that does not answer within BENCH_TOURNAMENT_TIMEOUT seconds (30) is stopped by ending its
 * process, instead of running on for minutes beside what is measured next; its figure reads "> 30 s"
 * and is measured no more. (Restarting one instead would cost as long: today a service on the grown
 * devnet takes about a minute to start, reading its deployment's UTxO.)
 */
export async function runTournamentEndpointBench(options: BenchOptions = optionsFromEnv()): Promise<void> {
  const started = Date.now();
  const sizes = {
    utxos: envCount("BENCH_GROW_UTXOS", 10_000),
    tournaments: envCount("BENCH_GROW_TOURNAMENTS", 100),
    registrations: envCount("BENCH_GROW_REGISTRATIONS", 10),
  };
  const timeoutSeconds = envCount("BENCH_TOURNAMENT_TIMEOUT", 30, 1);
  const kinds = ["register", "settle"] as const;
  const which = ["fresh", "grown"] as const;
  type Key = `${(typeof which)[number]} ${(typeof kinds)[number]}`;
  const dirs = new Map<Key, string>();
  const servers = new Map<Key, ServerProcess>();
  try {
    const prepare = async (w: (typeof which)[number]) => {
      const dataDir = mkdtempSync(join(tmpdir(), `txsvc-bench-${w}-`));
      dirs.set(`${w} register`, dataDir);
      const service = await startBenchService({}, { dataDir });
      try {
        const calls = await prepareEndpoints(service);
        return { calls, growth: w === "grown" ? await growDevnet(service, sizes) : null };
      } finally {
        await service.close();
        // The settle requests get a service of their own, on a copy of the devnet.
        const copy = `${dataDir}-settle`;
        cpSync(dataDir, copy, { recursive: true });
        dirs.set(`${w} settle`, copy);
      }
    };
    const fresh = await prepare("fresh");
    const grown = await prepare("grown");
    const growth = grown.growth!;
    const calls = { fresh: fresh.calls, grown: grown.calls };
    const count = (w: (typeof which)[number]) => {
      const n = devnetUtxoCount(dirs.get(`${w} register`)!);
      return n === null ? "its UTxOs uncounted" : `${int(n)} UTxOs`;
    };
    const freshLabel = `fresh devnet (${count("fresh")}, 2 tournaments)`;
    const grownLabel = `grown devnet (${count("grown")}, ${int(growth.tournaments + 2)} tournaments)`;
    const s = growth.seconds;
    console.log(
      `  ${freshLabel}; ${grownLabel}: ${int(growth.tournaments)} tournaments created through the API (${s.tournaments.toFixed(0)} s), ` +
        `${int(growth.registrations)} registrations (${s.registrations.toFixed(0)} s) and the other UTxOs (${s.utxos.toFixed(0)} s) paid in ` +
        `${int(growth.transactions)} multi-output transactions.`,
    );
    const prepared = Date.now();
    await Promise.all(
      [...dirs].map(async ([key, dir]) => {
        servers.set(key, await startServerProcess(dir));
      }),
    );
    console.log(
      `  prepared in ${((prepared - started) / 1000).toFixed(0)} s; the four service processes answered /health ${((Date.now() - prepared) / 1000).toFixed(0)} s later.`,
    );

    // Each round: each request for at least BENCH_SECONDS and 3 times, fresh and grown in turn; requests
    // of many seconds stop after 15 s once one answered, to keep the run short.
    const limits = {
      minCount: 3,
      maxCount: 2_000,
      minSeconds: options.durationSeconds,
      maxSeconds: Math.max(15, options.durationSeconds),
      timeoutSeconds,
    };
    const warmUp = { minCount: 2, maxCount: 2, minSeconds: 0, maxSeconds: 5, timeoutSeconds };
    const rounds = new Map<string, RoundFigures[]>();
    const timedOut = new Set<string>();
    const measure = async (
      w: (typeof which)[number],
      kind: (typeof kinds)[number],
      limit: typeof limits,
      keep: boolean,
    ) => {
      const key: Key = `${w} ${kind}`;
      if (timedOut.has(key)) return;
      const server = servers.get(key)!;
      const c = calls[w][kind];
      const r = await sequentialRound(`${server.url}${c.path}`, c.body, limit, c.method, server.cpu);
      if (keep) rounds.set(key, [...(rounds.get(key) ?? []), r]);
      if (r.timedOut) {
        timedOut.add(key);
        await server.kill();
        process.stdout.write(`  ${key}: no answer within ${timeoutSeconds} s (its service process was ended)\n`);
      }
    };
    for (const kind of kinds) for (const w of which) await measure(w, kind, warmUp, false);
    for (let round = 0; round < options.runs; round++) {
      for (const kind of kinds) for (const w of which) await measure(w, kind, limits, true);
      process.stdout.write(`  round ${round + 1}/${options.runs} done\n`);
    }

    const of = (key: string) => rounds.get(key) ?? [];
    const p50 = (key: string) => median(of(key).map((r) => r.p50Ms));
    const failures = (key: string) => of(key).reduce((sum, r) => sum + r.failures, 0);
    const ms = (n: number) => `${n.toLocaleString("en-US", { maximumFractionDigits: n < 100 ? 1 : 0 })} ms`;
    const value = (key: string) => (timedOut.has(key) ? `> ${timeoutSeconds} s (no answer)` : ms(p50(key)));
    const met = (key: string, ok: boolean) => {
      if (timedOut.has(key)) return "no";
      if (failures(key) > 0)
        return `no (${failures(key)} failed: ${of(key)
          .find((r) => r.firstFailure)
          ?.firstFailure?.slice(0, 80)})`;
      return ok ? "yes" : "no";
    };
    const label = (kind: string) => (kind === "register" ? "register" : "settle (bracket 4)");
    const rows: BenchRow[] = [];
    for (const kind of kinds) {
      const target = kind === "register" ? ENDPOINT_TARGET.registerMs : ENDPOINT_TARGET.settleMs;
      rows.push({
        "#": "4",
        figure: `${label(kind)} p50, ${freshLabel}`,
        value: value(`fresh ${kind}`),
        target: `≤ ${target} ms`,
        "met?": met(`fresh ${kind}`, p50(`fresh ${kind}`) <= target),
      });
    }
    for (const kind of kinds) {
      const ratio = p50(`grown ${kind}`) / p50(`fresh ${kind}`);
      const grownValue = timedOut.has(`grown ${kind}`)
        ? value(`grown ${kind}`)
        : `${value(`grown ${kind}`)} (${ratio.toFixed(2)}× fresh)`;
      rows.push({
        "#": "4",
        figure: `${label(kind)} p50, ${grownLabel}`,
        value: grownValue,
        target: `≤ ${ENDPOINT_TARGET.growth.toFixed(2)}× fresh`,
        "met?": met(`grown ${kind}`, ratio <= ENDPOINT_TARGET.growth),
      });
    }
    printTable("Tournament endpoints: the issue's targets (#10)", rows);
    printTable(
      "Each request (medians of the rounds; one request at a time from the load generator process; each devnet served by its own process)",
      kinds.flatMap((kind) =>
        which.map((w) => {
          const key = `${w} ${kind}`;
          return {
            request: `${kind === "register" ? "POST …/register" : "PATCH …/settle"} (${w})`,
            "p50 ms": timedOut.has(key) ? `> ${fmt(timeoutSeconds * 1000)}` : fmt(p50(key), 1),
            "p90 ms": timedOut.has(key) ? "" : fmt(median(of(key).map((r) => r.p90Ms)), 1),
            "p50 ms by round": of(key)
              .map((r) => (r.timedOut ? "-" : fmt(r.p50Ms, 1)))
              .join(" / "),
            requests: int(of(key).reduce((sum, r) => sum + r.count, 0)),
            "server CPU": timedOut.has(key) ? "" : fmt(median(of(key).map((r) => r.serverCpu)), 2),
            ...(failures(key) > 0 ? { failures: String(failures(key)) } : {}),
          };
        }),
      ),
    );
    console.log("  server CPU: the service process's CPU time ÷ wall time while it was measured (1.00 = one core).");
    console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    await Promise.all([...servers.values()].map((server) => server.close()));
    for (const dir of dirs.values()) rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ entry points

/** Runs of the per-transaction part: each figure is the median over them (BENCH_TOURNAMENT_RUNS, default 5). */
function runsFromEnv(): number {
  const raw = process.env["BENCH_TOURNAMENT_RUNS"];
  const n = raw === undefined || raw === "" ? 5 : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_TOURNAMENT_RUNS must be a whole number ≥ 1; got ${raw}.`);
  return n;
}

/** The median of each figure over the runs (the runs differ only by the ledger's order of the inputs). */
function medianOf(ms: readonly Measured[]): Measured {
  const med = (f: (m: Measured) => number) => median(ms.map(f));
  const failed = ms.find((m) => !m.ok);
  return {
    ok: failed === undefined,
    fee: BigInt(Math.round(med((m) => Number(m.fee)))),
    size: med((m) => m.size),
    mem: med((m) => m.mem),
    steps: med((m) => m.steps),
    refBytes: med((m) => m.refBytes),
    byScript: {
      tournament: { mem: med((m) => m.byScript.tournament.mem), steps: med((m) => m.byScript.tournament.steps) },
      registration: { mem: med((m) => m.byScript.registration.mem), steps: med((m) => m.byScript.registration.steps) },
    },
    ...(failed?.error !== undefined ? { error: failed.error } : {}),
  };
}

/** The bench section bench/run.ts calls (it prints its own tables, so it returns nothing). */
export async function runTournamentBench(options: BenchOptions = optionsFromEnv()): Promise<void> {
  if (process.env["BENCH_TOURNAMENT_ENDPOINTS"] !== "0") {
    console.log("Endpoints over HTTP on the devnet, fresh and grown:");
    await runTournamentEndpointBench(options);
  }
  if (process.env["BENCH_TOURNAMENT_COSTS"] === "0") return;
  console.log("");
  const readBack = process.env["BENCH_TOURNAMENT_V3_READBACK"];
  if (readBack !== "only") await runContractCosts();
  if (readBack !== "0") await runReadBack();
}

/** Part 2: the contracts' costs on the Scalus emulator. */
async function runContractCosts(): Promise<void> {
  const started = Date.now();
  const runs = runsFromEnv();
  const sizes: Record<Version, number> = {
    v2: v2TournamentScript().compiledCode.length / 2,
    "v2.1": tournamentScript(V2_1_CONTRACT).compiledCode.length / 2,
    v3: loadV3().tournament.compiledCode.length / 2,
  };
  const scriptSizes = VERSION_LIST.map((v) => `${int(sizes[v])} B (${v})`).join(" / ");
  console.log(
    `Tournament contracts v2 (frozen, contracts/v2), v2.1 (frozen, contracts/v2.1) and v3 (contracts/src) on the Scalus emulator; limits: tx size ${int(MAX_TX_SIZE)} B, ` +
      `mem ${int(Number(MAX_TX_MEM))}, steps ${int(Number(MAX_TX_STEPS))}; participants: ${ENTERPRISE ? "enterprise" : "base"} addresses; ` +
      `tournament script ${scriptSizes}. Per transaction: medians of ${runs} run${runs > 1 ? "s" : ""}.`,
  );
  let s: Setup | undefined;
  const samples = new Map<string, Partial<Record<Version, Measured[]>>>();
  for (let run = 0; run < runs; run++) {
    s = await setup();
    const ops = new Map<string, Operation>();
    for (const v of VERSION_LIST) {
      await lifecycle(s, ops, v);
      await extras(s, ops, v);
    }
    for (const op of ops.values()) {
      const sample = samples.get(op.name) ?? {};
      for (const v of VERSION_LIST) if (op.by[v]) (sample[v] ??= []).push(op.by[v]);
      samples.set(op.name, sample);
    }
  }
  const list: Operation[] = [...samples].map(([name, x]) => {
    const by: Operation["by"] = {};
    for (const v of VERSION_LIST) if (x[v]) by[v] = medianOf(x[v]);
    const ratios: Record<string, number[]> = {};
    for (const [a, b] of PAIRS) {
      const [xs, ys] = [x[a] ?? [], x[b] ?? []];
      if (xs.length > 1 && ys.length === xs.length)
        ratios[pairName([a, b] as Pair)] = ys.map((m, i) => Number(m.fee) / Number(xs[i]!.fee));
    }
    return { name, by, ...(Object.keys(ratios).length > 0 ? { ratios } : {}) };
  });
  const add1 = list.find((o) => o.name === OP.add1)?.by;
  printTable("Each transaction, v2, v2.1 and v3 (64-participant tournaments)", detailRows(list));
  for (const pair of PAIRS) {
    printTable(
      `${pair[1]} − ${pair[0]} fee, by part of the ledger's fee formula (lovelace)`,
      differenceRows(list, pair),
    );
    printTable(
      `ExUnits by script, ${pair[0]} → ${pair[1]} (the tournament script's spend and mint; the other scripts together: registrations, v3's batch)`,
      scriptRows(list, pair),
    );
  }
  const registrationBytes = VERSION_LIST.map((v) => {
    const m = add1?.[v];
    return m ? `${int(m.refBytes - sizes[v])} B (${v})` : "";
  }).join(" / ");
  console.log(
    `  fee = ${PARAMS.minFeeA}·size + ${PARAMS.minFeeB} + ${PARAMS.minFeeRefScriptCostPerByte}·reference-script bytes + ${PARAMS.priceMem}·mem + ${PARAMS.priceStep}·steps` +
      ` (the harness's fee is that minimum). Reference scripts: tournament ${scriptSizes}; registration ${registrationBytes}.`,
  );
  const over = list.filter((o) => (ratio(o, PAIRS[0]) ?? 0) > RATIO_BUDGET);
  console.log(
    over.length === 0
      ? `  Every operation of v2.1 is within the ${RATIO_BUDGET.toFixed(2)} budget against v2 (issue #19).`
      : `  Over the ${RATIO_BUDGET.toFixed(2)} budget: ${over.map((o) => `${o.name} (${ratio(o, PAIRS[0])!.toFixed(3)})`).join("; ")}.`,
  );
  console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (process.env["BENCH_TOURNAMENT_SCALE"] === "0" || s === undefined) return;
  const scaleStarted = Date.now();
  const byName = new Map(list.map((o) => [o.name, o]));
  const v3Scale = process.env["BENCH_TOURNAMENT_V3_SCALE"];
  if (v3Scale !== "only") {
    printTable("Scale (v2.1, one run)", await scale(s, byName));
    console.log(`  (${((Date.now() - scaleStarted) / 1000).toFixed(0)} s)`);
  }
  if (v3Scale === "0") return;
  await runV3Scale(byName.get(OP.add32)?.by["v2.1"]);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  try {
    await runTournamentBench();
  } finally {
    closeLoadGenerator();
  }
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
}
