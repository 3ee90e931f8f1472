// Costs and scale of the tournament contracts on the Scalus emulator (the devnet's ledger and
// protocol parameters): fee, size and ExUnits of each tournament transaction; the most
// registrations one add-participants transaction takes; the most payouts one settlement pays;
// the largest bracket that can be filled and settled. Run: npx tsx bench/tournament.ts
// (bench/run.ts also calls runTournamentBench). Participants use base addresses (payment + stake
// key), the larger and more common kind; BENCH_TOURNAMENT_ENTERPRISE=1 uses enterprise ones.
// The scale searches take several minutes; BENCH_TOURNAMENT_SCALE=0 prints the per-transaction
// table only.
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { Serialization } from "@meshsdk/core-cst";
import { serializeAddressObj, pubKeyAddress } from "@meshsdk/core";
import { tournamentScript } from "../src/tournament/contracts.js";
import {
  buildPlan,
  Chain,
  MAX_TX_MEM,
  MAX_TX_SIZE,
  MAX_TX_STEPS,
  randomAddress,
  submitPlan,
  type TxPlan,
  Wallet,
} from "../contracts/test/helpers.js";
import {
  addPlan,
  cancelPlan,
  type ConfigInput,
  createPlan,
  createTournament,
  datumOf,
  deploy,
  ledgerOrder,
  registerPlan,
  registrations,
  settlePlan,
  type Tournament,
  tournamentUtxo,
} from "../contracts/test/tournament-txs.js";
import type { BenchOptions, BenchRow } from "./util.js";

const ENTERPRISE = process.env["BENCH_TOURNAMENT_ENTERPRISE"] === "1";
const participantAddress = (): string =>
  ENTERPRISE
    ? randomAddress()
    : serializeAddressObj(pubKeyAddress(randomBytes(28).toString("hex"), randomBytes(28).toString("hex")), 0);

interface Measured {
  ok: boolean;
  fee: bigint;
  size: number;
  mem: number;
  steps: number;
  error?: string;
}

const feeOf = (txHex: string): bigint => Serialization.Transaction.fromCbor(Serialization.TxCBOR(txHex)).body().fee();

/** Builds (with evaluated budgets), measures and submits one plan; failures are reported, not thrown. */
async function measure(chain: Chain, plan: TxPlan, submit = true): Promise<Measured> {
  let tx: string;
  try {
    tx = await buildPlan(chain, plan);
  } catch (error) {
    return { ok: false, fee: 0n, size: 0, mem: 0, steps: 0, error: firstLine(error) };
  }
  const budgets = plan.scriptInputs.length + plan.mints.length > 0 ? chain.evaluate(tx) : [];
  const mem = budgets.reduce((s, r) => s + r.budget.mem, 0);
  const steps = budgets.reduce((s, r) => s + r.budget.steps, 0);
  const m: Measured = { ok: true, fee: feeOf(tx), size: tx.length / 2, mem, steps };
  if (!submit) return m;
  const r = chain.submit(tx);
  return r.ok ? m : { ...m, ok: false, error: (r.error ?? "").slice(0, 160) };
}

function firstLine(error: unknown): string {
  return String((error as Error).message ?? error).split("\n")[0]!.slice(0, 160);
}

const pct = (part: number, whole: bigint): string => `${((100 * part) / Number(whole)).toFixed(1)}%`;

function row(name: string, m: Measured): BenchRow {
  return {
    transaction: name,
    "fee (ADA)": (Number(m.fee) / 1e6).toFixed(6),
    "size (B)": String(m.size),
    mem: m.mem.toLocaleString("en-US"),
    steps: m.steps.toLocaleString("en-US"),
    "mem % of max": pct(m.mem, MAX_TX_MEM),
    "steps % of max": pct(m.steps, MAX_TX_STEPS),
    result: m.ok ? "accepted" : `refused: ${m.error}`,
  };
}

interface Setup {
  chain: Chain;
  admin: Wallet;
  payer: Wallet;
  ref: Awaited<ReturnType<typeof deploy>>[number];
}

async function setup(): Promise<Setup> {
  const [admin, payer] = [await Wallet.create(), await Wallet.create()];
  const chain = Chain.fund([admin.address, payer.address], 1_000_000_000_000n, 8);
  const [ref] = await deploy(chain, payer, [tournamentScript()]);
  return { chain, admin, payer, ref: ref! };
}

const config = (bracketSize: number, placements: number, fixed = 0): ConfigInput => ({
  name: `Bench ${bracketSize}`,
  bracketSize,
  entryFee: 10_000_000n,
  payoutStructure: Array.from({ length: placements }, (_, i) => BigInt(placements - i) * 2_000_000n),
  fixedPayouts: Array.from({ length: fixed }, () => ({ address: participantAddress(), amount: 2_000_000n })),
});

/** Registers `n` participants (40 outputs per transaction). */
async function registerMany(s: Setup, t: Tournament, n: number): Promise<void> {
  for (let i = 0; i < n; i += 40) {
    await submitPlan(s.chain, registerPlan(t, s.payer, Array.from({ length: Math.min(40, n - i) }, participantAddress)));
  }
}

/**
 * Adds pending registrations, up to `batch` per transaction, halving the batch when a
 * transaction does not fit; stops when not even one fits. Returns the accepted adds and the last
 * refusal, if any.
 */
async function addAll(s: Setup, t: Tournament, batch: number): Promise<{ added: Measured[]; refused?: Measured }> {
  const added: Measured[] = [];
  let pending = registrations(s.chain, t).sort(ledgerOrder);
  let k = batch;
  while (pending.length > 0) {
    const chunk = pending.slice(0, k);
    const m = await measure(s.chain, addPlan(t, s.admin, tournamentUtxo(s.chain, t), chunk).plan);
    if (m.ok) {
      added.push(m);
      pending = pending.slice(chunk.length);
    } else if (k === 1) {
      return { added, refused: m };
    } else {
      k = Math.max(1, Math.floor(k / 2));
    }
  }
  return { added };
}

/** The transactions of one 64-participant tournament, each measured. */
async function lifecycle(s: Setup): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const seed = s.chain.utxosAt(s.admin.address).filter((u) => u.output.amount.length === 1)[0]!;
  const created = createPlan(s.ref, s.admin, config(64, 3, 1), seed);
  rows.push(row("create (mint NFT, datum)", await measure(s.chain, created.plan)));
  const t = created.tournament;
  const [regRef] = await deploy(s.chain, s.admin, [t.registration]);
  t.refs.registration = regRef;
  const registrant = await Wallet.create();
  await submitPlan(s.chain, { ...registerPlan(t, s.payer, []), outputs: [{ address: registrant.address, lovelace: 50_000_000n }] });
  rows.push(row("register (1 registration)", await measure(s.chain, registerPlan(t, registrant, [registrant.address]))));
  const mine = registrations(s.chain, t)[0]!;
  rows.push(row("unregister (cancel)", await measure(s.chain, cancelPlan(t, registrant, mine))));
  await registerMany(s, t, 64);
  const pending = registrations(s.chain, t).sort(ledgerOrder);
  rows.push(row("add 1 (to empty bracket)", await measure(s.chain, addPlan(t, s.admin, tournamentUtxo(s.chain, t), pending.slice(0, 1)).plan)));
  rows.push(row("add 31 (1 → 32)", await measure(s.chain, addPlan(t, s.admin, tournamentUtxo(s.chain, t), pending.slice(1, 32)).plan)));
  rows.push(row("add 32 (32 → 64)", await measure(s.chain, addPlan(t, s.admin, tournamentUtxo(s.chain, t), pending.slice(32)).plan)));
  const winners = [5, 17, 42];
  rows.push(row("settle 64 (3 places + 1 fixed, burn)", await measure(s.chain, settlePlan(t, s.admin, tournamentUtxo(s.chain, t), winners))));
  return rows;
}

/** Largest k such that `fits(k)`, assuming monotonicity, between lo (fits) and hi (does not). */
async function largest(lo: number, hi: number, fits: (k: number) => Promise<boolean>): Promise<number> {
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (await fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Most registrations one add takes (into an empty bracket of 200), measured without submitting. */
async function maxAdd(s: Setup): Promise<{ n: number; at: Measured; over: Measured }> {
  const { tournament: t } = await createTournament(s.chain, s.ref, s.admin, config(200, 3));
  await registerMany(s, t, 120);
  const regs = registrations(s.chain, t).sort(ledgerOrder);
  const cache = new Map<number, Measured>();
  const trial = async (k: number) => {
    const m = await measure(s.chain, addPlan(t, s.admin, tournamentUtxo(s.chain, t), regs.slice(0, k)).plan, false);
    const ok = m.ok && m.size <= MAX_TX_SIZE && m.mem <= MAX_TX_MEM && m.steps <= MAX_TX_STEPS;
    cache.set(k, { ...m, ok });
    return ok;
  };
  const n = await largest(1, 120, trial);
  if (!cache.has(n + 1)) await trial(n + 1);
  return { n, at: cache.get(n)!, over: cache.get(n + 1)! };
}

/** Most placements one settlement pays (bracket 64, distinct winners), measured without submitting. */
async function maxPayouts(s: Setup): Promise<{ n: number; at: Measured; over: Measured }> {
  const cache = new Map<number, Measured>();
  const trial = async (p: number) => {
    const chain = s.chain;
    const { tournament: t } = await createTournament(chain, s.ref, s.admin, config(64, p));
    await registerMany(s, t, 64);
    const filled = await addAll(s, t, 48);
    if (filled.refused) throw new Error(`could not fill: ${filled.refused.error}`);
    const winners = Array.from({ length: p }, (_, i) => (i * 37) % 64);
    const m = await measure(chain, settlePlan(t, s.admin, tournamentUtxo(chain, t), winners), false);
    const ok = m.ok && m.size <= MAX_TX_SIZE && m.mem <= MAX_TX_MEM && m.steps <= MAX_TX_STEPS;
    cache.set(p, { ...m, ok });
    return ok;
  };
  const n = (await trial(64)) ? 64 : await largest(1, 64, trial);
  if (!cache.has(n + 1) && n < 64) await trial(n + 1);
  return { n, at: cache.get(n)!, over: cache.get(n + 1) ?? cache.get(n)! };
}

/**
 * Largest bracket: one tournament (bracket 2000) grows by adds of up to 40 (halved when they do
 * not fit) until not even one more registration fits; a fresh tournament with that bracket is then
 * filled the same way and settled (3 places), shrinking by 10% while settlement does not fit.
 */
async function maxBracket(s: Setup): Promise<{ n: number; settle: Measured; lastAdd: Measured; refusedAt: string }> {
  const { tournament: grow } = await createTournament(s.chain, s.ref, s.admin, config(2000, 3));
  let size = 0;
  let lastAdd: Measured | undefined;
  let refused: Measured | undefined;
  while (refused === undefined && size < 2000) {
    await registerMany(s, grow, 40);
    const r = await addAll(s, grow, 40);
    for (const m of r.added) lastAdd = m;
    size = registrationsAdded(s, grow);
    refused = r.refused;
  }
  let n = size;
  for (;;) {
    const { tournament: t } = await createTournament(s.chain, s.ref, s.admin, config(n, 3));
    await registerMany(s, t, n);
    const filled = await addAll(s, t, 40);
    if (filled.refused) throw new Error(`could not fill a bracket of ${n}: ${filled.refused.error}`);
    const settle = await measure(s.chain, settlePlan(t, s.admin, tournamentUtxo(s.chain, t), [0, Math.floor(n / 2), n - 1]));
    if (settle.ok) return { n, settle, lastAdd: lastAdd!, refusedAt: refused ? why(refused) : "-" };
    n = Math.floor(n * 0.9);
  }
}

function registrationsAdded(s: Setup, t: Tournament): number {
  return datumOf(tournamentUtxo(s.chain, t)).participants.length;
}

/** The bench section bench/run.ts calls (it prints its own tables, so it returns nothing). */
export async function runTournamentBench(_options?: BenchOptions): Promise<void> {
  const limits = `limits: tx size ${MAX_TX_SIZE} B, mem ${MAX_TX_MEM.toLocaleString("en-US")}, steps ${MAX_TX_STEPS.toLocaleString("en-US")}`;
  console.log(`Tournament contracts on the Scalus emulator (${limits}; participants: ${ENTERPRISE ? "enterprise" : "base"} addresses)`);
  const s = await setup();
  const rows = await lifecycle(s);
  printRows("Each transaction of a 64-participant tournament", rows);
  if (process.env["BENCH_TOURNAMENT_SCALE"] === "0") return;

  const add = await maxAdd(s);
  const payouts = await maxPayouts(s);
  const bracket = await maxBracket(s);
  const scale: BenchRow[] = [
    { figure: "registrations in one add", value: String(add.n), ...detail(add.at), "next one": why(add.over) },
    { figure: "placements paid in one settlement (bracket 64)", value: String(payouts.n), ...detail(payouts.at), "next one": payouts.n >= 64 ? "bracket is 64" : why(payouts.over) },
    { figure: "largest bracket filled and settled (3 places)", value: String(bracket.n), ...detail(bracket.settle), "next one": `one more add: ${bracket.refusedAt}` },
    { figure: "  the last add that fitted while growing", value: "", ...detail(bracket.lastAdd), "next one": "" },
  ];
  printRows("Scale", scale);
}

function detail(m: Measured): BenchRow {
  return { "size (B)": String(m.size), "mem % of max": pct(m.mem, MAX_TX_MEM), "steps % of max": pct(m.steps, MAX_TX_STEPS), "fee (ADA)": (Number(m.fee) / 1e6).toFixed(6) };
}

function why(m: Measured): string {
  if (m.error?.includes("Maximum Input Count Exceeded")) return "transaction over 16,384 B (Mesh: Maximum Input Count Exceeded)";
  if (m.size > MAX_TX_SIZE) return `size ${m.size} B > ${MAX_TX_SIZE}`;
  if (m.mem > Number(MAX_TX_MEM)) return `mem ${m.mem.toLocaleString("en-US")} > max`;
  if (m.steps > Number(MAX_TX_STEPS)) return `steps ${m.steps.toLocaleString("en-US")} > max`;
  return m.error ?? "refused";
}

function printRows(title: string, rows: readonly BenchRow[]): void {
  console.log(`\n${title}`);
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? "").length)));
  console.log(cols.map((c, i) => c.padEnd(width[i]!)).join("  "));
  for (const r of rows) console.log(cols.map((c, i) => (r[c] ?? "").padEnd(width[i]!)).join("  "));
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  await runTournamentBench();
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
