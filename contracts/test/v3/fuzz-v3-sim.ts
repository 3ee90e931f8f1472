// The v3 invariant fuzzer's model and invariants (contracts/V3-DESIGN.md §7). `V3Sim` extends
// v2.1's Sim (contracts/test/fuzz-world.ts: its tournaments, pending registrations and counters, so
// that v2.1's register, unregister and clock commands run on it unchanged) with what v3 adds: each
// tournament's seat list (the addresses in the order the adds took them), the live batch UTxOs the
// closes created, and how many times each seat was paid. After every transaction the ledger
// accepts it checks:
//   (a) exits: on a snapshot past the deadline, a stranger's refund (the close, inline or split)
//       and then every batch it created, in reverse order, are accepted, pay each seat at least its
//       entry fee (and its share of the deposit once the bracket is full) and cost the stranger only
//       fees; every live batch UTxO is payable by a stranger now; every pending registration that
//       names a key can be cancelled by its registrant (as v2.1);
//   (b) flows: the pool's datum grows only by the registrations spent in the same transaction, in
//       ledger order; a close pays what its honest plan pays to every party but its signers, its
//       outputs hold at least the pool (conservation), a full bracket's the fees and the deposit;
//       every batch UTxO of a close is the model's batch at its index; a spent batch pays each of
//       its seats; across the close and the batches each seat is paid exactly once; nothing reaches
//       a script but the pool and a close's batches; registrations and the admin's costs as v2.1;
//   (c) pools: every output holding a v3 tournament NFT is the model's pool: at the tournament
//       address, its datum exactly [config, count, peaks] of the model's seat list (so [count,
//       peaks] is the list's accumulator, src/tournament/seat-tree.ts), only ada and the NFT, no
//       reference script; and the service's read-back of the seats (SeatsReadBack) equals the
//       model's list;
//   (d) batches: every live batch UTxO holds the datum the model computes (id, j, subroot, n_j,
//       pay, extra), ada only, at least need_j, no reference script.
import type { UTxO } from "@meshsdk/common";
import { decodeUplcData, type UplcData } from "@helios-lang/uplc";
import { decodeRegistrationDatum, encodePayoutTag } from "../../../src/tournament/datum.js";
import { depositOf } from "../../../src/tournament/rules.js";
import { buildPlan, Chain, lovelaceOf, outRef, type TxPlan, type Wallet } from "../helpers.js";
import { afterDeadline, ledgerOrder } from "../tournament-txs.js";
import {
  COST_TOLERANCE,
  InvariantBroken,
  isScriptAddress,
  short,
  Sim,
  unpaidParty,
  type Submission,
} from "../fuzz-world.js";
import { batchPlan, closePlan, poolDatum, type Pool, settlePlan } from "./plans.js";
import { poolUtxoOf, SEEDS_USED, SHAPE, type V3FuzzWorld } from "./fuzz-v3-world.js";

/**
 * The service's read-back of a pool's seats (src/tournament/seats.ts), compared with the model's
 * list after every accepted transaction (invariants-v3.test.ts passes it to V3Sim); without it, (c)
 * checks the datum only.
 */
export type SeatsReadBack = (chain: Chain, pool: Pool, utxo: UTxO) => Promise<readonly string[]>;

export interface V3Submission extends Submission {
  readonly creates?: { readonly t: Pool; readonly questionable: boolean };
  /** A registration of several seats: output k's registrant is owners[k] (honest registrations). */
  readonly registrants?: { readonly tournament: number; readonly owners: readonly Wallet[] };
}

/** A batch UTxO a close created: output `batch` of the close, seats first..first + n − 1. */
export interface BatchState {
  readonly tournament: number;
  readonly batch: number;
  readonly first: number;
  readonly n: number;
  readonly need: bigint;
  readonly datum: string;
  readonly utxo: UTxO;
}

type SpendAction =
  | { readonly action: "add" }
  | { readonly action: "settle"; readonly winners: readonly number[] }
  | { readonly action: "cancel" | "refund" };

/** The v3 pool redeemer (spend wrapper Constr 1 [Constr tag fields]), or null. */
export function decodeV3Spend(redeemer: string): SpendAction | null {
  let d: UplcData;
  try {
    d = decodeUplcData(Buffer.from(redeemer, "hex"));
  } catch {
    return null;
  }
  if (d.kind !== "constr" || d.tag !== 1 || d.fields[0]?.kind !== "constr") return null;
  const inner = d.fields[0];
  if (inner.tag === 0) return { action: "add" };
  if (inner.tag === 2) return { action: "cancel" };
  if (inner.tag === 3) return { action: "refund" };
  const winners = inner.fields[0];
  if (inner.tag !== 1 || winners?.kind !== "list") return null;
  return { action: "settle", winners: winners.items.map((w) => (w.kind === "int" ? Number(w.value) : NaN)) };
}

/** What a close owes seat `k` of `n`: the entry fee, and once full a share of the deposit (the first seat the rest). */
export function owedTo(pool: Pool, n: number, k: number): bigint {
  const c = pool.config;
  const deposit = n === c.bracketSize && n > 0 ? depositOf(c) : 0n;
  if (deposit === 0n) return c.entryFee;
  return c.entryFee + deposit / BigInt(n) + (k === 0 ? deposit % BigInt(n) : 0n);
}

/** Lovelace of the outputs in `outs` at seat `k`'s address tagged [id, k]. */
const paidTo = (outs: readonly UTxO[], pool: Pool, seats: readonly string[], k: number): bigint =>
  outs
    .filter((o) => o.output.address === seats[k] && o.output.plutusData === encodePayoutTag(pool.id, k))
    .reduce((a, o) => a + lovelaceOf(o), 0n);

const sum = (us: readonly UTxO[]): bigint => us.reduce((a, u) => a + lovelaceOf(u), 0n);

const fail = (invariant: string, label: string, why: string): never => {
  throw new InvariantBroken(`invariant ${invariant} broken after [${label}]: ${why}`);
};

/** A registration's registrant (bech32), or null when its datum is not an address the service decodes. */
const registrantOrNull = (u: UTxO): string | null =>
  u.output.plutusData ? decodeRegistrationDatum(u.output.plutusData, false) : null;

/** Successful exit checks, by output reference: an output's exits do not depend on the run. */
const exitMemo = new Set<string>();

/** A transaction's effect on a chain: what it spent and created, its fee. */
interface Effect {
  readonly consumed: readonly UTxO[];
  readonly created: readonly UTxO[];
}

/** Builds, signs and submits `plan` on `chain`; its effect, or the refusal thrown. */
async function run(chain: Chain, plan: TxPlan): Promise<Effect> {
  const before = chain.allUtxos();
  const r = chain.submit(await buildPlan(chain, plan));
  if (!r.ok || r.txHash === undefined) throw new Error(`ledger refused: ${r.error} ${r.logs.join(" | ")}`);
  const after = chain.allUtxos();
  const left = new Set(after.map(outRef));
  return {
    consumed: before.filter((u) => !left.has(outRef(u))),
    created: after.filter((u) => u.input.txHash === r.txHash),
  };
}

/** What `who` paid in `e` beyond the transaction's fee. */
function costBeyondFee(e: Effect, who: string): bigint {
  const outlay =
    sum(e.consumed.filter((u) => u.output.address === who)) - sum(e.created.filter((u) => u.output.address === who));
  return outlay - (sum(e.consumed) - sum(e.created));
}

export class V3Sim extends Sim {
  override readonly policy: string;
  /** Each tournament's seats (bech32), in the order its adds took them. */
  readonly seats: string[][];
  /** Per tournament, how many times each seat was paid by its close or its batches. */
  readonly paid: number[][];
  /** Live batch UTxOs created by closes, by output reference. */
  readonly batches = new Map<string, BatchState>();

  constructor(
    readonly v3: V3FuzzWorld,
    chain: Chain,
    exclude: ReadonlySet<string> = new Set(),
    /** The service's read-back of the seats, compared with the model's list in (c). */
    readonly readBack?: SeatsReadBack,
  ) {
    super(v3, chain, exclude);
    this.policy = v3.scripts.tournament.hash;
    this.seats = v3.openSeats.map((s) => [...s]);
    this.paid = this.seats.map(() => []);
    this.seedsUsed = SEEDS_USED;
    // The world's cancelled tournament: closed, its batches live.
    const { t, seats, batches } = v3.cancelled;
    const i = this.tournaments.push({ t, questionable: false, closed: true }) - 1;
    this.seats.push([...seats]);
    this.paid.push([]);
    for (const b of batches) this.batches.set(outRef(b.utxo), { ...b, tournament: i });
  }

  pool(i: number): Pool {
    return this.tournaments[i]!.t as Pool;
  }

  indexOfPoolInput(u: UTxO): number {
    return this.tournaments.findIndex((ts) => u.output.amount.some((a) => a.unit === ts.t.nftUnit));
  }

  /** Live batches, oldest close first, in batch order. */
  liveBatches(): BatchState[] {
    return [...this.batches.values()];
  }

  /** v2.1's submit, taking v3's submissions (several registrants in one registration). */
  override submit(s: V3Submission): Promise<boolean> {
    return super.submit(s);
  }

  /** v2.1's (c) and (a), with (d) and the service's read-back between. */
  protected override checksAfterUpdate(label: string, all: readonly UTxO[]): (() => void | Promise<void>)[] {
    return [
      () => this.checkPools(label, all),
      () => this.checkBatches(label, all),
      () => this.checkReadBack(label),
      () => this.checkExits(label),
    ];
  }

  // ------------------------------------------------------------ the model learns

  protected override update(
    s: V3Submission,
    consumed: readonly UTxO[],
    created: readonly UTxO[],
    all: readonly UTxO[],
  ): void {
    for (const u of consumed) {
      const b = this.batches.get(outRef(u));
      if (b) {
        const seats = this.seats[b.tournament]!;
        for (let k = b.first; k < b.first + b.n; k++)
          if (paidTo(created, this.pool(b.tournament), seats, k) >= owedTo(this.pool(b.tournament), seats.length, k))
            this.paid[b.tournament]![k] = (this.paid[b.tournament]![k] ?? 0) + 1;
        this.batches.delete(outRef(u));
      }
    }
    if (s.creates) {
      this.tournaments.push({ ...s.creates, closed: false });
      this.seats.push([]);
      this.paid.push([]);
    }
    for (const [i, ts] of this.tournaments.entries()) {
      const input = consumed.find((u) => u.output.amount.some((a) => a.unit === ts.t.nftUnit));
      if (ts.closed || !input) continue;
      const pool = this.pool(i);
      if (created.some((u) => u.output.amount.some((a) => a.unit === pool.nftUnit))) {
        const regs = consumed.filter((u) => u.output.address === pool.registrationAddress).sort(ledgerOrder);
        this.seats[i] = [...this.seats[i]!, ...regs.map((r) => registrantOrNull(r) ?? "(not an address)")];
        continue;
      }
      if (!all.some((u) => u.output.amount.some((a) => a.unit === pool.nftUnit))) ts.closed = true;
      const redeemer = s.plan.scriptInputs.find((x) => outRef(x.utxo) === outRef(input))?.redeemer;
      const action = redeemer === undefined ? null : decodeV3Spend(redeemer);
      if (action?.action !== "cancel" && action?.action !== "refund") continue;
      const seats = this.seats[i]!;
      seats.forEach((_, k) => {
        if (paidTo(created, pool, seats, k) >= owedTo(pool, seats.length, k) && owedTo(pool, seats.length, k) > 0n)
          this.paid[i]![k] = (this.paid[i]![k] ?? 0) + 1;
      });
      for (const b of this.honestClose(s.label, i, input, s.plan.payer, action.action).batches) {
        const u = created.find((o) => o.input.outputIndex === b.batch && o.output.address === pool.batchAddress);
        if (u) this.batches.set(outRef(u), { ...b, tournament: i, utxo: u });
      }
    }
    for (const [i, ts] of this.tournaments.entries()) {
      for (const u of created) {
        if (u.output.address !== ts.t.registrationAddress) continue;
        const r = s.registration && s.registration.tournament === i ? s.registration : undefined;
        const many =
          s.registrants && s.registrants.tournament === i ? s.registrants.owners[u.input.outputIndex] : undefined;
        const owner = many ?? r?.owner ?? null;
        const kind = many ? "honest" : (r?.kind ?? "no-datum");
        this.registrations.set(outRef(u), { utxo: u, tournament: i, owner, kind });
      }
    }
    for (const u of consumed) this.registrations.delete(outRef(u));
  }

  private honestClose(
    label: string,
    i: number,
    input: UTxO,
    payer: Wallet,
    how: "cancel" | "refund",
  ): ReturnType<typeof closePlan> {
    try {
      return closePlan(this.pool(i), payer, input, this.seats[i]!, how);
    } catch (e) {
      // The pool's datum is not the model's seats (which (c) reports too).
      return fail("(c)", label, `${this.pool(i).config.name}: no honest ${how} of the model's seats: ${short(e)}`);
    }
  }

  // ------------------------------------------------------------ (b) value flows

  protected override checkFlows(s: V3Submission, consumed: readonly UTxO[], created: readonly UTxO[]): void {
    const touched = consumed.some(
      (u) => this.registrations.has(outRef(u)) || this.indexOfPoolInput(u) >= 0 || this.batches.has(outRef(u)),
    );
    if (!touched) return;
    const signers = new Set([s.plan.payer, ...s.plan.signers].map((w) => w.address));
    // Batch outputs a close in this transaction may create: the model's, at their index.
    const allowed = new Set<string>();
    for (const u of consumed) {
      const i = this.indexOfPoolInput(u);
      if (i >= 0) this.poolFlow(s, i, u, consumed, created, signers, allowed);
    }
    for (const o of created) {
      if (!isScriptAddress(o.output.address) || allowed.has(outRef(o))) continue;
      if (o.output.amount.some((a) => a.unit.startsWith(this.policy))) continue; // a pool: (c) checks it
      fail(
        "(b)",
        s.label,
        `${lovelaceOf(o)} lovelace went to the script address ${o.output.address} (no pool, no batch of a close)`,
      );
    }
    for (const u of consumed) {
      const b = this.batches.get(outRef(u));
      if (b) this.batchFlow(s.label, b, created);
    }
    for (const u of consumed) {
      const r = this.registrations.get(outRef(u));
      if (!r || (r.owner !== null && signers.has(r.owner.address))) continue; // its registrant signed: their choice
      const pool = this.pool(r.tournament);
      if (!created.some((o) => o.output.amount.some((a) => a.unit === pool.nftUnit)))
        fail(
          "(b)",
          s.label,
          `a ${r.kind} registration to ${pool.config.name} was spent without its registrant and without joining its tournament`,
        );
      const address = registrantOrNull(r.utxo);
      const excess = lovelaceOf(r.utxo) - pool.config.entryFee;
      const back = sum(created.filter((o) => o.output.address === address));
      if (excess > 0n && back < excess)
        fail("(b)", s.label, `a ${r.kind} registration's ${excess} lovelace overpayment went back short (${back})`);
    }
    this.checkCosts(s, consumed, created, sum(consumed) - sum(created));
  }

  private poolFlow(
    s: V3Submission,
    i: number,
    input: UTxO,
    consumed: readonly UTxO[],
    created: readonly UTxO[],
    signers: ReadonlySet<string>,
    allowed: Set<string>,
  ): void {
    const pool = this.pool(i);
    const c = pool.config;
    const seats = this.seats[i]!;
    const name = c.name;
    const adminSigned = signers.has(c.adminAddress);
    const next = created.find((o) => o.output.amount.some((a) => a.unit === pool.nftUnit));
    if (next) {
      if (!adminSigned) fail("(b)", s.label, `${name}: continued without the admin's signature`);
      if (this.chain.slot >= Chain.slotOf(c.settleBy)) fail("(b)", s.label, `${name}: continued after its deadline`);
      const regs = consumed.filter((u) => u.output.address === pool.registrationAddress).sort(ledgerOrder);
      const added = regs.map(registrantOrNull);
      if (added.some((a) => a === null))
        return fail("(b)", s.label, `${name}: a registration whose datum is not an address became a seat`);
      if (next.output.plutusData !== poolDatum(c, [...seats, ...(added as string[])], SHAPE))
        fail(
          "(b)",
          s.label,
          `${name}: the pool's datum is not its ${seats.length} seats and the ${regs.length} registrations spent, in ledger order`,
        );
      if (lovelaceOf(next) < lovelaceOf(input) + c.entryFee * BigInt(regs.length))
        fail(
          "(b)",
          s.label,
          `${name}: the pool shrank (${lovelaceOf(input)} → ${lovelaceOf(next)} with ${regs.length} added)`,
        );
      return;
    }
    const redeemer = s.plan.scriptInputs.find((x) => outRef(x.utxo) === outRef(input))?.redeemer;
    const action = redeemer === undefined ? null : decodeV3Spend(redeemer);
    if (action === null || action.action === "add")
      return fail("(b)", s.label, `${name}: the NFT left the pool with the redeemer ${action?.action ?? "unknown"}`);
    let honest: TxPlan;
    if (action.action === "settle") {
      if (!adminSigned) fail("(b)", s.label, `${name}: settled without the admin`);
      if (seats.length !== c.bracketSize) fail("(b)", s.label, `${name}: settled before the bracket was full`);
      try {
        honest = settlePlan(pool, this.world.admin, input, seats, action.winners).plan;
      } catch (e) {
        return fail(
          "(b)",
          s.label,
          `${name}: settled with winners the rules refuse (${action.winners.join(",")}): ${short(e)}`,
        );
      }
    } else {
      if (action.action === "cancel" && !adminSigned) fail("(b)", s.label, `${name}: cancelled without the admin`);
      if (action.action === "refund" && this.chain.slot <= Chain.slotOf(c.settleBy))
        fail("(b)", s.label, `${name}: refunded before its deadline`);
      const close = this.honestClose(s.label, i, input, s.plan.payer, action.action);
      honest = close.plan;
      for (const b of close.batches) {
        const o = created.find((x) => x.input.outputIndex === b.batch);
        const ok =
          o !== undefined &&
          o.output.address === pool.batchAddress &&
          o.output.plutusData === b.datum &&
          o.output.amount.length === 1 &&
          !o.output.scriptRef &&
          lovelaceOf(o) >= b.need;
        if (!ok)
          fail(
            "(d)",
            s.label,
            `${name}: output ${b.batch} of the ${action.action} is not the model's batch ${b.batch} (datum ${b.datum}, ≥ ${b.need})`,
          );
        allowed.add(outRef(o!));
      }
      const batchOuts = created.filter((o) => allowed.has(outRef(o)));
      const n = seats.length;
      const seatOuts = seats.flatMap((_, k) =>
        created.filter((o) => o.output.address === seats[k] && o.output.plutusData === encodePayoutTag(pool.id, k)),
      );
      const remainder = created.filter(
        (o) => o.output.address === c.adminAddress && o.output.plutusData === encodePayoutTag(pool.id, n),
      );
      // Conservation: the close's outputs (seats, batches, the admin's remainder) hold the whole pool.
      const out = sum([...seatOuts, ...batchOuts, ...remainder]);
      if (out < lovelaceOf(input))
        fail(
          "(b)",
          s.label,
          `${name}: the ${action.action}'s outputs hold ${out} of the pool's ${lovelaceOf(input)} lovelace`,
        );
      // Promised prizes belong to the players once the bracket is full (v2.1's rule).
      if (n === c.bracketSize && !this.exclude.has("full-bracket")) {
        const owed = c.entryFee * BigInt(n) + depositOf(c);
        const toSeats = sum([...seatOuts, ...batchOuts]);
        if (toSeats < owed)
          fail(
            "(b)",
            s.label,
            `${name}: a full bracket's ${action.action} gives the seats ${toSeats} of the ${owed} lovelace of entry fees and deposit promised to them`,
          );
      }
    }
    // Every party other than the signers gets at least what the honest plan of that action gives it.
    const o = unpaidParty(honest, created, signers);
    if (o)
      fail(
        "(b)",
        s.label,
        `${name} ${action.action}: ${o.address} did not get its ${o.lovelace} lovelace (datum ${o.datum})`,
      );
  }

  /** A spent batch pays each of its seats what it is owed, tagged. */
  private batchFlow(label: string, b: BatchState, created: readonly UTxO[]): void {
    const pool = this.pool(b.tournament);
    const seats = this.seats[b.tournament]!;
    for (let k = b.first; k < b.first + b.n; k++) {
      const want = owedTo(pool, seats.length, k);
      const got = paidTo(created, pool, seats, k);
      if (got < want)
        fail(
          "(b)",
          label,
          `${pool.config.name}: batch ${b.batch} spent paying seat ${k} ${got} of its ${want} lovelace`,
        );
    }
  }

  // ------------------------------------------------------------ (c) pools

  override checkPools(label: string, all: readonly UTxO[] = this.chain.allUtxos()): void {
    for (const u of all) {
      const units = u.output.amount.filter((a) => a.unit.startsWith(this.policy));
      if (units.length === 0) continue;
      const i = this.indexOfPoolInput(u);
      if (i < 0)
        return fail(
          "(c)",
          label,
          `${outRef(u)} holds a tournament token the model does not know: ${units.map((a) => a.unit).join(", ")}`,
        );
      const pool = this.pool(i);
      const name = pool.config.name;
      if (u.output.address !== pool.address)
        fail("(c)", label, `${name}'s NFT left the tournament address for ${u.output.address}`);
      const want = poolDatum(pool.config, this.seats[i]!, SHAPE);
      if (u.output.plutusData !== want)
        fail(
          "(c)",
          label,
          `${name}'s pool datum is not [config, count, peaks] of the model's ${this.seats[i]!.length} seats: ${u.output.plutusData ?? "(none)"}`,
        );
      if (u.output.amount.length !== 2)
        fail(
          "(c)",
          label,
          `${name}'s pool holds more than ada and the NFT: ${u.output.amount.map((a) => a.unit).join(", ")}`,
        );
      if (u.output.scriptRef)
        fail("(c)", label, `${name}'s pool carries a reference script of ${u.output.scriptRef.length / 2} bytes`);
    }
  }

  /** (c) The service's read-back of every open pool's seats equals the model's list (when given one). */
  private async checkReadBack(label: string): Promise<void> {
    if (this.readBack === undefined) return;
    for (const [i, ts] of this.tournaments.entries()) {
      const u = ts.closed ? undefined : poolUtxoOf(this.chain, this.pool(i));
      if (!u) continue;
      let got: readonly string[];
      try {
        got = await this.readBack(this.chain, this.pool(i), u);
      } catch (e) {
        return fail("(c)", label, `${ts.t.config.name}: the service cannot read its seats back: ${short(e)}`);
      }
      if (JSON.stringify(got) !== JSON.stringify(this.seats[i]))
        fail(
          "(c)",
          label,
          `${ts.t.config.name}: the service reads ${got.length} seats back, not the model's ${this.seats[i]!.length} (${JSON.stringify(got)})`,
        );
    }
  }

  // ------------------------------------------------------------ (d) batches

  checkBatches(label: string, all: readonly UTxO[] = this.chain.allUtxos()): void {
    const onChain = new Map(all.map((u) => [outRef(u), u]));
    for (const b of this.batches.values()) {
      const u = onChain.get(outRef(b.utxo));
      const name = this.pool(b.tournament).config.name;
      if (!u) return fail("(d)", label, `${name}'s batch ${b.batch} is gone though no transaction spent it`);
      if (u.output.plutusData !== b.datum)
        fail(
          "(d)",
          label,
          `${name}'s batch ${b.batch} has the datum ${u.output.plutusData ?? "(none)"}, not ${b.datum}`,
        );
      if (lovelaceOf(u) < b.need || u.output.amount.length !== 1 || u.output.scriptRef)
        fail(
          "(d)",
          label,
          `${name}'s batch ${b.batch} holds ${lovelaceOf(u)} lovelace (need ${b.need}), ${u.output.amount.length - 1} tokens`,
        );
    }
    // Across the close and the batches each seat is paid exactly once.
    for (const [i, ts] of this.tournaments.entries()) {
      const paid = this.paid[i]!;
      const twice = paid.findIndex((x) => x > 1);
      if (twice >= 0) fail("(b)", label, `${ts.t.config.name}: seat ${twice} paid ${paid[twice]} times`);
      const closedWithPayments = ts.closed && paid.some((x) => x > 0);
      const live = this.liveBatches().some((b) => b.tournament === i);
      if (!closedWithPayments || live) continue;
      const unpaid = this.seats[i]!.findIndex((_, k) => (paid[k] ?? 0) !== 1);
      if (unpaid >= 0)
        fail("(b)", label, `${ts.t.config.name}: every batch spent, seat ${unpaid} paid ${paid[unpaid] ?? 0} times`);
    }
  }

  // ------------------------------------------------------------ (a) exits

  override async checkExits(label: string): Promise<void> {
    for (const [i, ts] of this.tournaments.entries()) {
      const u = ts.closed ? undefined : poolUtxoOf(this.chain, this.pool(i));
      if (!u || exitMemo.has(outRef(u))) continue;
      await this.strangerRefunds(label, i, u);
      exitMemo.add(outRef(u));
    }
    for (const b of this.batches.values()) {
      if (exitMemo.has(outRef(b.utxo))) continue;
      await this.strangerPays(label, this.chain.snapshot(), b);
      exitMemo.add(outRef(b.utxo));
    }
    await this.checkCancels(label);
  }

  /** Past the deadline, a stranger refunds the pool and then pays every batch, last first. */
  private async strangerRefunds(label: string, i: number, u: UTxO): Promise<void> {
    const pool = this.pool(i);
    const seats = this.seats[i]!;
    const stranger = this.world.stranger;
    const chain = this.chain.snapshot();
    chain.setSlot(Math.max(chain.slot, afterDeadline(pool.config.settleBy)));
    const { plan, batches } = this.honestClose(label, i, u, stranger, "refund");
    let e: Effect;
    try {
      e = await run(chain, plan);
    } catch (err) {
      return fail(
        "(a)",
        label,
        `${pool.config.name}: no refund can be built and accepted after the deadline: ${short(err)}`,
      );
    }
    this.strangerCost(label, e, `${pool.config.name}'s refund`);
    if (batches.length === 0 && owedTo(pool, seats.length, 0) > 0n)
      seats.forEach((_, k) => this.seatPaid(label, e.created, i, k, "the refund"));
    for (const b of [...batches].reverse()) {
      const utxo = e.created.find((o) => o.input.outputIndex === b.batch)!;
      await this.strangerPays(label, chain, { ...b, tournament: i, utxo });
    }
  }

  /** A stranger pays batch `b` on `chain`: accepted, each seat paid, costing only the fee. */
  private async strangerPays(label: string, chain: Chain, b: BatchState): Promise<void> {
    const pool = this.pool(b.tournament);
    const stranger = this.world.stranger;
    let e: Effect;
    try {
      e = await run(chain, batchPlan(pool, stranger, b.utxo, this.seats[b.tournament]!, b.batch));
    } catch (err) {
      return fail("(a)", label, `${pool.config.name}: a stranger cannot pay batch ${b.batch}: ${short(err)}`);
    }
    this.strangerCost(label, e, `${pool.config.name}'s batch ${b.batch}`);
    for (let k = b.first; k < b.first + b.n; k++) this.seatPaid(label, e.created, b.tournament, k, `batch ${b.batch}`);
  }

  private seatPaid(label: string, created: readonly UTxO[], i: number, k: number, what: string): void {
    const pool = this.pool(i);
    const seats = this.seats[i]!;
    const want = owedTo(pool, seats.length, k);
    const got = paidTo(created, pool, seats, k);
    if (got < want) fail("(a)", label, `${pool.config.name}: ${what} pays seat ${k} ${got}, less than its ${want}`);
  }

  private strangerCost(label: string, e: Effect, what: string): void {
    const extra = costBeyondFee(e, this.world.stranger.address);
    if (extra > COST_TOLERANCE) fail("(a)", label, `${what} costs the stranger ${extra} lovelace beyond its fee`);
  }
}
