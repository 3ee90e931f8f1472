// The v3 invariant fuzzer's commands (invariants-v3.test.ts): each builds the honest plan of one
// action with the draft's plans.ts and, unless its kind is "honest", changes one thing in it (a
// mutation, contracts/V3-DESIGN.md §6): a mutated transaction must be refused, and if the ledger
// accepts one that breaks an invariant, fuzz-v3-sim.ts reports it. Register, unregister and the
// clock are v2.1's commands (contracts/test/fuzz-commands.ts), run on the v3 model unchanged; what
// is here is v3's create, add, settle, cancel and refund (inline or split into batches), paying a
// batch (any live batch, by any wallet), and registering several seats at once (so that brackets
// fill within a sequence). A command whose action does not apply to the current state does nothing.
import fc from "fast-check";
import type { UTxO } from "@meshsdk/common";
import { decodeUplcData, type UplcData } from "@helios-lang/uplc";
import { shelleyAddress } from "../../../src/cardano/credential-address.js";
import { blake2b256Bytes } from "../../../src/cardano/hash.js";
import {
  decodeRegistrationDatum,
  decodeTournamentDatum,
  encodePayoutTag,
  REGISTRATION_ADD_REDEEMER,
  REGISTRATION_CANCEL_REDEEMER,
} from "../../../src/tournament/datum.js";
import { MIN_PAYOUT_LOVELACE } from "../../../src/tournament/limits.js";
import { depositOf } from "../../../src/tournament/rules.js";
import { accumulatorOf, batchRoots, type Hash, JOIN, leafOf, type ProofOp } from "../../../src/tournament/seat-tree.js";
import { lovelaceOf, type TxPlan, type Wallet } from "../helpers.js";
import { clonePlan } from "../fixture.js";
import {
  addressData,
  addressToData,
  cborHex,
  configItems,
  keyCred,
  makeConstrData,
  makeIntData,
  makeListData,
  scriptCred,
} from "../raw.js";
import { afterDeadline, beforeDeadline, ledgerOrder, prizeOut, registerPlan } from "../tournament-txs.js";
import { ADA, DAY_SLOTS, deadlineIn, type Sim } from "../fuzz-world.js";
import {
  Advance,
  kindOf,
  noAdmin,
  pick,
  Register,
  REG_KINDS,
  setOut,
  Step,
  Unregister,
  UNREGISTER_KINDS,
  withGem,
  withRefScript,
} from "../fuzz-commands.js";
import { bytesData } from "./helios.js";
import {
  addPlan,
  batchDatum,
  batchPlan,
  closePlan,
  closeRedeemer,
  closeTerms,
  createPlan,
  PAY_BATCH_REDEEMER,
  type Pool,
  registrantOf,
  settlePlan,
  settleRedeemerV3,
  V3_ADD_REDEEMER,
} from "./plans.js";
import { BATCH_MIN_LOVELACE } from "./scripts.js";
import { baseAddressOf, poolUtxoOf, SEEDS, SHAPE, V3_CONFIGS } from "./fuzz-v3-world.js";
import type { BatchState, V3Sim } from "./fuzz-v3-sim.js";

type Cmd = fc.AsyncCommand<Sim, Sim, false>;

// ---------------------------------------------------------------- plan edits
const withRedeemer = (plan: TxPlan, redeemer: string): TxPlan => {
  const p = clonePlan(plan);
  p.scriptInputs[0] = { ...p.scriptInputs[0]!, redeemer };
  return p;
};

const pointerStake = makeConstrData(0, [makeConstrData(1, [makeIntData(1n), makeIntData(2n), makeIntData(3n)])]);

/** A pool datum [config, count, peaks, ...extra] written by hand, config items edited (index → data). */
function rawPoolDatum(
  pool: Pool,
  count: number,
  peaks: readonly Hash[],
  edit: Readonly<Record<number, UplcData>> = {},
  extra: readonly UplcData[] = [],
): string {
  const c = configItems(pool.config);
  for (const [i, d] of Object.entries(edit)) c[Number(i)] = d;
  return cborHex(
    makeListData([makeListData(c), makeIntData(BigInt(count)), makeListData(peaks.map(bytesData)), ...extra]),
  );
}

/** The configuration a pool datum (CBOR hex) carries, decoded as v2.1's datum.ts reads it, or null. */
function configOf(datum: string): ReturnType<typeof decodeTournamentDatum> {
  try {
    const d = decodeUplcData(Buffer.from(datum, "hex"));
    if (d.kind !== "list" || d.items[0] === undefined) return null;
    return decodeTournamentDatum(cborHex(makeListData([d.items[0], makeListData([])])), false);
  } catch {
    return null;
  }
}

/** The leaf of a registration's datum as it is (what the validator hashes). */
const leafOfDatum = (datum: string): Hash =>
  blake2b256Bytes(Uint8Array.from(decodeUplcData(Buffer.from(datum, "hex")).toCbor()));

abstract class V3Step extends Step {
  async act(sim: Sim): Promise<void> {
    await this.actV3(sim as unknown as V3Sim);
  }
  abstract actV3(sim: V3Sim): Promise<void>;
}

interface OpenPool {
  readonly index: number;
  readonly pool: Pool;
  readonly seats: readonly string[];
  readonly utxo: UTxO;
  readonly questionable: boolean;
}

/**
 * The `i`-th open pool (modulo their number) among those where the step can act (`fits`), so that
 * a step rarely finds nothing to do: an add picks a pool with registrations pending, a settle a
 * full one, a refund one past its deadline.
 */
function openPool(sim: V3Sim, i: number, fits: (o: OpenPool) => boolean = () => true): OpenPool | undefined {
  const all = sim.openTournaments().flatMap((ts) => {
    const index = sim.tournaments.indexOf(ts);
    const pool = sim.pool(index);
    const utxo = poolUtxoOf(sim.chain, pool);
    return utxo ? [{ index, pool, seats: sim.seats[index]!, utxo, questionable: ts.questionable }] : [];
  });
  return pick(all.filter(fits), i);
}

/** For a step that fills brackets: on an even `i` the fitting pool with the fewest seats left, else the `i`-th. */
function fillingPool(sim: V3Sim, i: number, fits: (o: OpenPool) => boolean): OpenPool | undefined {
  if (i % 2 === 1) return openPool(sim, i, fits);
  const room = (o: OpenPool): number => o.pool.config.bracketSize - o.seats.length;
  const all = sim
    .openTournaments()
    .map((_, k) => openPool(sim, k, fits))
    .filter((o) => o !== undefined);
  return all.sort((a, b) => room(a) - room(b))[0];
}

const beforeItsDeadline = (sim: V3Sim, o: OpenPool): boolean => sim.chain.slot < beforeDeadline(o.pool.config.settleBy);

/** Another open pool, spent in the same transaction with `redeemer`. */
function withSecondPool(sim: V3Sim, plan: TxPlan, pool: Pool, redeemer: string): TxPlan | null {
  const other = sim.openTournaments().find((s) => s.t.id !== pool.id);
  const utxo = other && poolUtxoOf(sim.chain, other.t as Pool);
  if (!other || !utxo) return null;
  const p = clonePlan(plan);
  p.scriptInputs.push({ utxo, redeemer, script: pool.refs.tournament });
  return p;
}

/** A pending registration of `pool` spent with Add beside the plan (no pool continues in output 0). */
function withRegistrationAdd(sim: V3Sim, plan: TxPlan, index: number): TxPlan | null {
  const r = sim.pending(index)[0];
  const script = sim.pool(index).refs.registration;
  if (!r || !script) return null;
  const p = clonePlan(plan);
  p.scriptInputs.push({ utxo: r.utxo, redeemer: REGISTRATION_ADD_REDEEMER, script });
  return p;
}

// ---------------------------------------------------------------- register several

export class RegisterMany extends V3Step {
  constructor(
    readonly tournament: number,
    readonly count: number,
    readonly payer: number,
  ) {
    super();
  }
  describe(): string {
    return `register ${this.count} players to open t#${this.tournament}, paid by player${this.payer % 4}`;
  }
  async actV3(sim: V3Sim): Promise<void> {
    const o = fillingPool(
      sim,
      this.tournament,
      (x) => beforeItsDeadline(sim, x) && x.seats.length < x.pool.config.bracketSize,
    );
    if (!o) return this.notApplicable("no open tournament with room before its deadline");
    const payer = sim.world.players[this.payer % 4]!;
    // Key and base addresses in turn, players in turn from the payer on.
    const owners = Array.from({ length: this.count }, (_, k) => sim.world.players[(this.payer + k) % 4]!);
    const registrants = owners.map((p, k) => (k % 2 === 0 ? p.address : baseAddressOf(p, payer)));
    const accepted = await sim.submit({
      label: this.toString(),
      plan: registerPlan(o.pool, payer, registrants),
      mustPass: true,
      registrants: { tournament: o.index, owners },
    });
    this.outcome = accepted ? "accepted" : "refused";
  }
}

// ---------------------------------------------------------------- create

export const CREATE_KINDS = [
  "honest",
  "reference-script-at-creation",
  "token-at-creation",
  "admin-pointer",
  "admin-script",
  "fixed-payout-to-tournament",
  "fixed-payout-pointer",
  "extra-item-at-creation",
  "no-validity-start",
  "seats-at-creation",
  "reserve-short",
  "bracket-beyond-tree",
] as const;

export class Create extends V3Step {
  constructor(
    readonly config: number,
    readonly kind: (typeof CREATE_KINDS)[number],
  ) {
    super();
  }
  describe(): string {
    return `create(${this.kind}) ${V3_CONFIGS[this.config % V3_CONFIGS.length]!.input.name}`;
  }
  async actV3(sim: V3Sim): Promise<void> {
    if (sim.seedsUsed >= SEEDS) return this.notApplicable("no seed left");
    const { admin, ref, seeds, regRefs, players } = sim.world;
    const cfg = V3_CONFIGS[this.config % V3_CONFIGS.length]!;
    const fixed = cfg.input.name === "Duel" ? [{ address: players[2]!.address, amount: 2n * ADA }] : [];
    const input = { ...cfg.input, fixedPayouts: fixed, settleBy: deadlineIn(sim.chain.slot, 3 + (this.config % 2)) };
    const refs = { tournament: ref, batch: sim.v3.batchRef };
    const { plan: honest, pool } = createPlan(sim.v3.scripts, refs, admin, input, seeds[sim.seedsUsed]!);
    pool.refs.registration = regRefs[sim.seedsUsed]!;
    const out = honest.outputs[0]!;
    const payout = (address: UplcData): TxPlan | null =>
      setOut(honest, 0, {
        datum: rawPoolDatum(pool, 0, [], { 5: makeListData([makeListData([address, makeIntData(2n * ADA)])]) }),
        lovelace: out.lovelace + 2n * ADA,
      });
    const datum = (d: string): TxPlan | null => setOut(honest, 0, { datum: d });
    const mutations: Record<(typeof CREATE_KINDS)[number], () => TxPlan | null> = {
      honest: () => honest,
      "reference-script-at-creation": () => withRefScript(honest, 0, pool.registration.code),
      "token-at-creation": () => withGem(sim, honest, 0, admin),
      "admin-pointer": () => datum(rawPoolDatum(pool, 0, [], { 1: addressData(keyCred(admin.pkh), pointerStake) })),
      "admin-script": () => datum(rawPoolDatum(pool, 0, [], { 1: addressData(scriptCred(admin.pkh)) })),
      "fixed-payout-to-tournament": () => payout(addressToData(pool.address)),
      "fixed-payout-pointer": () => payout(addressData(keyCred(players[2]!.pkh), pointerStake)),
      "extra-item-at-creation": () => datum(rawPoolDatum(pool, 0, [], {}, [makeIntData(0n)])),
      "no-validity-start": () => ({ ...clonePlan(honest), validFrom: undefined }),
      "seats-at-creation": () => datum(rawPoolDatum(pool, 1, [leafOf(admin.address)])),
      "reserve-short": () =>
        setOut(honest, 0, { lovelace: depositOf(pool.config) + MIN_PAYOUT_LOVELACE + BATCH_MIN_LOVELACE - 1n }),
      "bracket-beyond-tree": () => datum(rawPoolDatum(pool, 0, [], { 2: makeIntData(BigInt(2 ** SHAPE.depth + 1)) })),
    };
    const plan = mutations[this.kind]();
    if (!plan) return this.notApplicable("not applicable");
    // The model holds the configuration the creation wrote (a mutated one, if the ledger took it).
    const written = configOf(plan.outputs[0]!.datum ?? "");
    const created: Pool = written ? { ...pool, config: written.config } : pool;
    await this.submit(sim, {
      label: this.toString(),
      plan,
      mustPass: this.kind === "honest" && !cfg.questionable,
      creates: { t: created, questionable: cfg.questionable },
    });
    if (this.outcome === "accepted") sim.seedsUsed++;
  }
}

// ---------------------------------------------------------------- add participants

export const ADD_KINDS = [
  "honest",
  "registration-cancel-redeemer",
  "pool-reference-script",
  "pool-token",
  "datum-extra-item",
  "config-changed",
  "no-validity-end",
  "validity-past-deadline",
  "no-admin-signature",
  "second-tournament-input",
  "foreign-registration",
  "drop-return",
  "pool-short",
  "participant-swapped",
  "peak-flipped",
  "seats-reordered",
  "phantom-seat",
  "count-unchanged",
  "refused-registration",
  "beyond-bracket",
] as const;

/** Registrations the v3 rules refuse to add (tokens; an excess too small to return). */
const REFUSED_REGS = new Set(["dust", "token"]);

export class Add extends V3Step {
  constructor(
    readonly tournament: number,
    readonly count: number,
    readonly kind: (typeof ADD_KINDS)[number],
  ) {
    super();
  }
  describe(): string {
    return `add(${this.kind}) up to ${this.count} to open t#${this.tournament}`;
  }
  async actV3(sim: V3Sim): Promise<void> {
    const o = fillingPool(
      sim,
      this.tournament,
      (x) =>
        beforeItsDeadline(sim, x) &&
        x.seats.length < x.pool.config.bracketSize &&
        sim
          .pending(x.index)
          .some((r) => r.owner !== null && (this.kind !== "refused-registration" || REFUSED_REGS.has(r.kind))),
    );
    if (!o) return this.notApplicable("no open tournament with registrations pending before its deadline");
    const { pool, seats, utxo, index } = o;
    const room = pool.config.bracketSize - seats.length;
    if (room === 0) return this.notApplicable("bracket full");
    const label = `${this.toString()} (${pool.config.name})`;
    if (this.kind === "registration-cancel-redeemer") return this.cancelRedeemer(sim, o, label);
    const pending = sim.pending(index).filter((r) => r.owner !== null && decodeDatumOk(r.utxo));
    const addable = pending.filter((r) => !REFUSED_REGS.has(r.kind));
    const take = Math.min(this.count, room) + (this.kind === "beyond-bracket" ? 1 : 0);
    let regs = addable.slice(0, take).map((r) => r.utxo);
    if (this.kind === "refused-registration") {
      const bad = pending.find((r) => REFUSED_REGS.has(r.kind));
      if (!bad) return this.notApplicable("no registration the rules refuse");
      regs = [...regs.slice(0, Math.min(this.count, room) - 1), bad.utxo];
    }
    if (regs.length === 0) return this.notApplicable("nothing to add");
    if (this.kind === "beyond-bracket" && regs.length <= room) return this.notApplicable("not enough pending");
    const honest =
      this.kind === "beyond-bracket" ? rawAdd(sim, o, regs) : addPlan(pool, sim.world.admin, utxo, seats, regs).plan;
    const sorted = [...regs].sort(ledgerOrder);
    const added = sorted.map((r) => leafOf(registrantOf(r)));
    const old = seats.map(leafOf);
    const peaksOf = (leaves: readonly Hash[]): Hash[] => [...accumulatorOf(leaves, SHAPE).peaks];
    const withDatum = (count: number, leaves: readonly Hash[]): TxPlan | null =>
      setOut(honest, 0, { datum: rawPoolDatum(pool, count, peaksOf(leaves)) });
    const mallory = sim.world.players[3]!;
    const mutations: Record<
      Exclude<(typeof ADD_KINDS)[number], "registration-cancel-redeemer">,
      () => TxPlan | null
    > = {
      honest: () => honest,
      "refused-registration": () => honest,
      "beyond-bracket": () => honest,
      "pool-reference-script": () => withRefScript(honest, 0, pool.registration.code),
      "pool-token": () => withGem(sim, honest, 0, sim.world.admin),
      "datum-extra-item": () =>
        setOut(honest, 0, {
          datum: rawPoolDatum(pool, old.length + added.length, peaksOf([...old, ...added]), {}, [makeIntData(0n)]),
        }),
      "config-changed": () =>
        setOut(honest, 0, {
          datum: rawPoolDatum(pool, old.length + added.length, peaksOf([...old, ...added]), {
            7: makeIntData(BigInt(pool.config.settleBy + 86_400_000)),
          }),
        }),
      "no-validity-end": () => ({ ...clonePlan(honest), validTo: undefined }),
      "validity-past-deadline": () => ({ ...clonePlan(honest), validTo: afterDeadline(pool.config.settleBy) + 10 }),
      "no-admin-signature": () => noAdmin(honest),
      "second-tournament-input": () => withSecondPool(sim, honest, pool, V3_ADD_REDEEMER),
      "foreign-registration": () => {
        const foreign = [...sim.registrations.values()].find((r) => r.tournament !== index && r.kind === "honest");
        const script = foreign && sim.pool(foreign.tournament).refs.registration;
        if (!foreign || !script) return null;
        const p = clonePlan(honest);
        p.scriptInputs.push({ utxo: foreign.utxo, redeemer: REGISTRATION_ADD_REDEEMER, script });
        return p;
      },
      "drop-return": () =>
        honest.outputs.length > 1
          ? { ...clonePlan(honest), outputs: [honest.outputs[0]!, ...honest.outputs.slice(2)] }
          : null,
      "pool-short": () => setOut(honest, 0, { lovelace: honest.outputs[0]!.lovelace - 1n }),
      "participant-swapped": () => {
        // Mallory's seat instead of the last registrant's (the admin's, if the last is mallory).
        const thief = registrantOf(sorted[sorted.length - 1]!) === mallory.address ? sim.world.admin : mallory;
        return withDatum(old.length + added.length, [...old, ...added.slice(0, -1), leafOf(thief.address)]);
      },
      "peak-flipped": () => {
        const peaks = peaksOf([...old, ...added]);
        const flipped = Uint8Array.from(peaks[0]!);
        flipped[0] = flipped[0]! ^ 1;
        return setOut(honest, 0, {
          datum: rawPoolDatum(pool, old.length + added.length, [flipped, ...peaks.slice(1)]),
        });
      },
      "seats-reordered": () => {
        const reversed = [...added].reverse();
        const same = reversed.every((l, k) => Buffer.from(l).equals(Buffer.from(added[k]!)));
        return same ? null : withDatum(old.length + added.length, [...old, ...reversed]);
      },
      "phantom-seat": () => {
        if (sorted.length < 2) return null;
        const p = clonePlan(honest);
        const dropped = p.scriptInputs.findIndex((x) => x.utxo === sorted[sorted.length - 1]);
        p.scriptInputs.splice(dropped, 1);
        // The returns stay as they are: only the last registration's would go, and it is dropped.
        return p;
      },
      "count-unchanged": () => setOut(honest, 0, { datum: rawPoolDatum(pool, old.length, peaksOf(old)) }),
    };
    const plan = mutations[this.kind]();
    if (!plan) return this.notApplicable("not applicable");
    const mustPass = this.kind === "honest" && !o.questionable;
    await this.submit(sim, { label, plan, mustPass });
  }

  /**
   * The other-redeemer mutation (v2.1's find 8 on v3): one registration spent with Cancel (its
   * registrant signing too) inside the add, its datum appended as it is. Prefers a registration
   * whose datum the registration's Add would refuse (a pointer, an extra field).
   */
  private async cancelRedeemer(sim: V3Sim, o: OpenPool, label: string): Promise<void> {
    const { pool, seats, utxo, index } = o;
    const fee = pool.config.entryFee;
    const r = sim
      .pending(index)
      .filter((x) => x.owner !== null && x.utxo.output.amount.length === 1 && lovelaceOf(x.utxo) <= fee)
      .sort((a, b) => Number(a.kind === "honest") - Number(b.kind === "honest"))[0];
    if (!r || !r.owner || !r.utxo.output.plutusData)
      return this.notApplicable("no registration holding at most the entry fee");
    const leaves = [...seats.map(leafOf), leafOfDatum(r.utxo.output.plutusData)];
    const base = rawAdd(sim, o, []);
    const plan = setOut(base, 0, {
      datum: rawPoolDatum(pool, leaves.length, [...accumulatorOf(leaves, SHAPE).peaks]),
      lovelace: lovelaceOf(utxo) + fee,
    })!;
    plan.scriptInputs.push({ utxo: r.utxo, redeemer: REGISTRATION_CANCEL_REDEEMER, script: pool.refs.registration! });
    plan.signers.push(r.owner);
    plan.requiredSigners.push(r.owner.pkh);
    await this.submit(sim, { label: `${label}, appending a ${r.kind} registration`, plan, mustPass: false });
  }
}

/** The registration's datum is an address the service decodes (the honest add takes only those). */
const decodeDatumOk = (u: UTxO): boolean =>
  u.output.plutusData !== undefined && decodeRegistrationDatum(u.output.plutusData, false) !== null;

/**
 * An add's plan without plans.ts' checks (beyond the bracket, or with no registration): the
 * registrations in ledger order, the datum of all of them, returns as the honest plan makes them.
 */
function rawAdd(sim: V3Sim, o: OpenPool, regs: readonly UTxO[]): TxPlan {
  const { pool, seats, utxo } = o;
  const sorted = [...regs].sort(ledgerOrder);
  const added = sorted.map(registrantOf);
  const leaves = [...seats, ...added].map(leafOf);
  const datum = rawPoolDatum(pool, leaves.length, [
    ...accumulatorOf(leaves, { depth: SHAPE.depth + 1, batchHeight: SHAPE.batchHeight }).peaks,
  ]);
  const returns = sorted.flatMap((r, j) =>
    lovelaceOf(r) > pool.config.entryFee
      ? [prizeOut(pool, added[j]!, lovelaceOf(r) - pool.config.entryFee, seats.length + j)]
      : [],
  );
  return {
    payer: sim.world.admin,
    scriptInputs: [
      { utxo, redeemer: V3_ADD_REDEEMER, script: pool.refs.tournament },
      ...sorted.map((r) => ({ utxo: r, redeemer: REGISTRATION_ADD_REDEEMER, script: pool.refs.registration! })),
    ],
    walletInputs: [],
    mints: [],
    outputs: [
      {
        address: pool.address,
        lovelace: lovelaceOf(utxo) + pool.config.entryFee * BigInt(sorted.length),
        assets: [{ unit: pool.nftUnit, quantity: "1" }],
        datum,
      },
      ...returns,
    ],
    requiredSigners: [sim.world.admin.pkh],
    signers: [sim.world.admin],
    validTo: beforeDeadline(pool.config.settleBy),
  };
}

// ---------------------------------------------------------------- settle

export const SETTLE_KINDS = [
  "honest",
  "winner-to-mallory",
  "cancel-redeemer",
  "no-admin-signature",
  "no-validity-end",
  "placement-short",
  "duplicate-winner",
  "second-tournament-input",
  "no-burn",
  "proof-hash-flipped",
  "proof-hash-extra",
  "proof-hash-missing",
  "seat-off-by-one",
  "winner-at-other-seat",
  "negative-seat",
] as const;

/** `places` distinct seats of `n`: from `start`, every `step`-th, skipping seats taken. */
export function distinctSeats(places: number, n: number, start: number, step: number): number[] {
  const taken: number[] = [];
  for (let s = start % n; taken.length < Math.min(places, n); s = (s + step) % n) {
    while (taken.includes(s)) s = (s + 1) % n;
    taken.push(s);
  }
  return taken;
}

export class Settle extends V3Step {
  constructor(
    readonly tournament: number,
    readonly start: number,
    readonly step: number,
    readonly kind: (typeof SETTLE_KINDS)[number],
  ) {
    super();
  }
  describe(): string {
    return `settle(${this.kind}) open t#${this.tournament}, winners from seat ${this.start} every ${this.step}`;
  }
  async actV3(sim: V3Sim): Promise<void> {
    const o = openPool(
      sim,
      this.tournament,
      (x) => beforeItsDeadline(sim, x) && x.seats.length === x.pool.config.bracketSize,
    );
    if (!o) return this.notApplicable("no full bracket before its deadline");
    const { pool, seats, utxo } = o;
    const c = pool.config;
    const n = seats.length;
    const winners = distinctSeats(c.payoutStructure.length, n, this.start, this.step);
    const { plan: honest, ops } = settlePlan(pool, sim.world.admin, utxo, seats, winners);
    const mallory = sim.world.players[3]!;
    const redeem = (ws: readonly number[], os: readonly ProofOp[]): TxPlan =>
      withRedeemer(honest, settleRedeemerV3(ws, os));
    const hashAt = ops.findIndex((op) => typeof op !== "number");
    const lastHash = ops.findLastIndex((op) => typeof op !== "number");
    const other = seats.findIndex((s) => s !== seats[winners[0]!]);
    const mutations: Record<(typeof SETTLE_KINDS)[number], () => TxPlan | null> = {
      honest: () => honest,
      "winner-to-mallory": () =>
        seats[winners[0]!] === mallory.address ? null : setOut(honest, 0, { address: mallory.address }),
      "cancel-redeemer": () => withRedeemer(honest, closeRedeemer("cancel", [])),
      "no-admin-signature": () => noAdmin(honest),
      "no-validity-end": () => ({ ...clonePlan(honest), validTo: undefined }),
      "placement-short": () => setOut(honest, 0, { lovelace: c.payoutStructure[0]! - 1n }),
      "duplicate-winner": () =>
        winners.length < 2
          ? null
          : redeem(
              winners.map(() => winners[0]!),
              ops,
            ),
      "second-tournament-input": () => withSecondPool(sim, honest, pool, honest.scriptInputs[0]!.redeemer),
      "no-burn": () => ({ ...clonePlan(honest), mints: [] }),
      "proof-hash-flipped": () => {
        if (hashAt < 0) return null;
        const flipped = Uint8Array.from(ops[hashAt] as Hash);
        flipped[31] = flipped[31]! ^ 0x80;
        return redeem(
          winners,
          ops.map((op, k) => (k === hashAt ? flipped : op)),
        );
      },
      "proof-hash-extra": () => redeem(winners, [...ops, new Uint8Array(32)]),
      "proof-hash-missing": () =>
        lastHash < 0
          ? null
          : redeem(
              winners,
              ops.filter((_, k) => k !== lastHash),
            ),
      "seat-off-by-one": () => redeem([(winners[0]! + 1) % n, ...winners.slice(1)], ops),
      "winner-at-other-seat": () =>
        other < 0 ? null : setOut(redeem([other, ...winners.slice(1)], ops), 0, { address: seats[other]! }),
      "negative-seat": () => redeem([-1, ...winners.slice(1)], ops),
    };
    const plan = mutations[this.kind]();
    if (!plan) return this.notApplicable("not applicable");
    await this.submit(sim, {
      label: `${this.toString()} (${c.name}: winners ${winners.join(",")}, ${ops.filter((op) => op === JOIN).length} joins)`,
      plan,
      mustPass: this.kind === "honest" && !o.questionable,
    });
  }
}

// ---------------------------------------------------------------- cancel and refund

export const CLOSE_KINDS = [
  "honest",
  "other-redeemer",
  "not-the-admin",
  "remainder-to-mallory",
  "refund-short",
  "refunds-swapped",
  "participant-to-mallory",
  "second-tournament-input",
  "no-burn",
  "validity-changed",
  "subroots-swapped",
  "batch-dropped",
  "batch-added",
  "batch-seats-plus-one",
  "batch-pay-minus-one",
  "extra-moved",
  "batch-other-id",
  "batch-stake-credential",
  "batch-token",
  "batch-reference-script",
  "batch-at-pool-address",
  "last-batch-short",
  "inline-as-batches",
  "batches-inline",
  "registration-add",
] as const;

/** Close mutations that change the batches (a split close) or the inline refunds. */
const SPLIT_KINDS: ReadonlySet<string> = new Set([
  "subroots-swapped",
  "batch-dropped",
  "batch-added",
  "batch-seats-plus-one",
  "batch-pay-minus-one",
  "extra-moved",
  "batch-other-id",
  "batch-stake-credential",
  "batch-token",
  "batch-reference-script",
  "batch-at-pool-address",
  "last-batch-short",
  "batches-inline",
]);
const INLINE_KINDS: ReadonlySet<string> = new Set(["refunds-swapped", "participant-to-mallory", "inline-as-batches"]);

/** The pool's close has the shape the mutation changes: batches, or refunds paid inline. */
function shapeFits(kind: string, o: OpenPool): boolean {
  const n = o.seats.length;
  const paying = n > 0 && closeTerms(o.pool, n).pay > 0n;
  if (SPLIT_KINDS.has(kind)) return paying && n > 2 ** SHAPE.batchHeight;
  if (INLINE_KINDS.has(kind)) return paying && n <= 2 ** SHAPE.batchHeight;
  return true;
}

export class Close extends V3Step {
  constructor(
    readonly how: "cancel" | "refund",
    readonly tournament: number,
    readonly kind: (typeof CLOSE_KINDS)[number],
  ) {
    super();
  }
  describe(): string {
    return `${this.how}(${this.kind}) open t#${this.tournament}`;
  }
  async actV3(sim: V3Sim): Promise<void> {
    const o = openPool(
      sim,
      this.tournament,
      (x) =>
        (this.how === "cancel" || sim.chain.slot >= afterDeadline(x.pool.config.settleBy)) && shapeFits(this.kind, x),
    );
    if (!o)
      return this.notApplicable(this.how === "cancel" ? "no open tournament" : "no open tournament past its deadline");
    const { pool, seats, utxo, index } = o;
    const { admin, stranger } = sim.world;
    const mallory = sim.world.players[3]!;
    const {
      plan: honest,
      batches,
      subroots,
    } = closePlan(pool, this.how === "cancel" ? admin : stranger, utxo, seats, this.how);
    const n = seats.length;
    const { pay, extra } = closeTerms(pool, n);
    const paying = pay > 0n && n > 0;
    const split = batches.length > 0;
    const inline = paying && !split;
    const last = honest.outputs.length - 1;
    const lastBatch = batches[batches.length - 1];
    const redeemer = (roots: readonly Uint8Array[], how = this.how): string => closeRedeemer(how, roots);
    /** Batch j's output with its datum's fields changed. */
    const batchWith = (
      p: TxPlan,
      j: number,
      change: { root?: Uint8Array; n?: number; pay?: bigint; extra?: bigint; id?: string },
    ): TxPlan | null => {
      const b = batches[j];
      if (!b) return null;
      const datum = batchDatum(
        change.id ?? pool.id,
        j,
        change.root ?? subroots[j]!,
        change.n ?? b.n,
        change.pay ?? pay,
        change.extra ?? (j === 0 ? extra : 0n),
      );
      return setOut(p, j, { datum });
    };
    const mutations: Record<(typeof CLOSE_KINDS)[number], () => TxPlan | null> = {
      honest: () => honest,
      "other-redeemer": () => withRedeemer(honest, redeemer(subroots, this.how === "cancel" ? "refund" : "cancel")),
      "not-the-admin": () =>
        this.how === "cancel" ? { ...clonePlan(honest), payer: stranger, requiredSigners: [stranger.pkh] } : null,
      "remainder-to-mallory": () => setOut(honest, last, { address: mallory.address }),
      "refund-short": () =>
        split || inline ? setOut(honest, 0, { lovelace: honest.outputs[0]!.lovelace - 1n }) : null,
      "refunds-swapped": () =>
        inline && n > 1 && seats[0] !== seats[1]
          ? setOut(setOut(honest, 0, { address: seats[1]! })!, 1, { address: seats[0]! })
          : null,
      "participant-to-mallory": () =>
        inline && seats[0] !== mallory.address ? setOut(honest, 0, { address: mallory.address }) : null,
      "second-tournament-input": () => withSecondPool(sim, honest, pool, honest.scriptInputs[0]!.redeemer),
      "no-burn": () => ({ ...clonePlan(honest), mints: [] }),
      "validity-changed": () =>
        this.how === "refund"
          ? { ...clonePlan(honest), validFrom: undefined }
          : { ...clonePlan(honest), validTo: sim.chain.slot + 5 * DAY_SLOTS },
      "subroots-swapped": () => {
        if (!split) return null;
        const swapped = [subroots[1]!, subroots[0]!, ...subroots.slice(2)];
        const p = batchWith(batchWith(withRedeemer(honest, redeemer(swapped)), 0, { root: swapped[0]! })!, 1, {
          root: swapped[1]!,
        });
        return p;
      },
      "batch-dropped": () => {
        if (!split || !lastBatch) return null;
        const p = withRedeemer(honest, redeemer(subroots.slice(0, -1)));
        p.outputs.splice(lastBatch.batch, 1);
        const rest = p.outputs[p.outputs.length - 1]!;
        p.outputs[p.outputs.length - 1] = { ...rest, lovelace: rest.lovelace + lastBatch.need };
        return p;
      },
      "batch-added": () => {
        if (!split || !lastBatch) return null;
        const zero = new Uint8Array(32);
        const p = withRedeemer(honest, redeemer([...subroots, zero]));
        const j = batches.length;
        p.outputs.splice(j, 0, {
          address: pool.batchAddress,
          lovelace: BATCH_MIN_LOVELACE,
          datum: batchDatum(pool.id, j, zero, 1, pay, 0n),
        });
        return p;
      },
      "batch-seats-plus-one": () => (lastBatch ? batchWith(honest, lastBatch.batch, { n: lastBatch.n + 1 }) : null),
      "batch-pay-minus-one": () => (split ? batchWith(honest, 0, { pay: pay - 1n }) : null),
      "extra-moved": () =>
        split && extra > 0n ? batchWith(batchWith(honest, 0, { extra: 0n })!, batches.length - 1, { extra }) : null,
      "batch-other-id": () => {
        const otherId = sim.tournaments.find((ts) => ts.t.id !== pool.id)?.t.id ?? "ab".repeat(32);
        return split ? batchWith(honest, 0, { id: otherId }) : null;
      },
      "batch-stake-credential": () =>
        split
          ? setOut(honest, 0, {
              address: shelleyAddress(
                { hash: sim.v3.scripts.batch.hash, isScript: true },
                { hash: mallory.pkh, isScript: false },
                0,
              ),
            })
          : null,
      "batch-token": () => (split ? withGem(sim, honest, 0, this.how === "cancel" ? admin : stranger) : null),
      "batch-reference-script": () => (split ? withRefScript(honest, 0, sim.v3.scripts.batch.code) : null),
      "batch-at-pool-address": () => (split ? setOut(honest, 0, { address: pool.address }) : null),
      "last-batch-short": () => {
        if (!lastBatch) return null;
        const owes = BigInt(lastBatch.n) * pay + (lastBatch.batch === 0 ? extra : 0n);
        return setOut(honest, lastBatch.batch, { lovelace: owes < lastBatch.need ? owes : lastBatch.need - 1n });
      },
      "inline-as-batches": () => {
        if (!inline) return null;
        const [root] = batchRoots(seats.map(leafOf), SHAPE);
        const need = BigInt(n) * pay + extra > BATCH_MIN_LOVELACE ? BigInt(n) * pay + extra : BATCH_MIN_LOVELACE;
        const p = withRedeemer(honest, redeemer([root!]));
        const rest = honest.outputs[last]!;
        p.outputs = [
          { address: pool.batchAddress, lovelace: need, datum: batchDatum(pool.id, 0, root!, n, pay, extra) },
          { ...rest, lovelace: lovelaceOf(utxo) - need },
        ];
        return p;
      },
      "batches-inline": () => {
        if (!split) return null;
        const p = withRedeemer(honest, redeemer([]));
        const refunds = seats.map((s, k) => prizeOut(pool, s, pay + (k === 0 ? extra : 0n), k));
        const owed = refunds.reduce((a, r) => a + r.lovelace, 0n);
        p.outputs = [...refunds, { ...honest.outputs[last]!, lovelace: lovelaceOf(utxo) - owed }];
        return p;
      },
      "registration-add": () => withRegistrationAdd(sim, honest, index),
    };
    const plan = mutations[this.kind]();
    if (!plan) return this.notApplicable("not applicable");
    await this.submit(sim, {
      label: `${this.toString()} (${pool.config.name}: ${n} seats, ${batches.length} batches)`,
      plan,
      mustPass: this.kind === "honest" && !o.questionable,
    });
  }
}

// ---------------------------------------------------------------- pay a batch

export const PAY_KINDS = [
  "honest",
  "to-mallory",
  "seat-skipped",
  "reordered",
  "one-short",
  "extra-dropped",
  "other-tag",
  "two-batches",
  "junk-beside",
  "other-tournament",
  "registration-add",
  "other-redeemer",
] as const;

export class PayBatch extends V3Step {
  constructor(
    readonly batch: number,
    readonly who: number,
    readonly kind: (typeof PAY_KINDS)[number],
  ) {
    super();
  }
  describe(): string {
    return `payBatch(${this.kind}) live batch #${this.batch} by wallet ${this.who % 6}`;
  }
  async actV3(sim: V3Sim): Promise<void> {
    const live = sim.liveBatches();
    const extraOf = (x: BatchState): bigint =>
      x.batch === 0 ? closeTerms(sim.pool(x.tournament), sim.seats[x.tournament]!.length).extra : 0n;
    const b = pick(this.kind === "extra-dropped" ? live.filter((x) => extraOf(x) > 0n) : live, this.batch);
    if (!b) return this.notApplicable("no live batch");
    const { players, stranger, admin } = sim.world;
    const payer = [...players, stranger, admin][this.who % 6]!;
    const pool = sim.pool(b.tournament);
    const seats = sim.seats[b.tournament]!;
    const honest = batchPlan(pool, payer, b.utxo, seats, b.batch);
    const mallory = players[3]!;
    const { pay, extra } = closeTerms(pool, seats.length);
    const others = live.filter((x) => x !== b);
    const elsewhere = others.find((x) => x.tournament !== b.tournament);
    const mutations: Record<(typeof PAY_KINDS)[number], () => TxPlan | null> = {
      honest: () => honest,
      "to-mallory": () =>
        setOut(honest, 0, { address: seats[b.first] === mallory.address ? admin.address : mallory.address }),
      "seat-skipped": () => ({ ...clonePlan(honest), outputs: honest.outputs.slice(1) }),
      reordered: () =>
        b.n < 2
          ? null
          : { ...clonePlan(honest), outputs: [honest.outputs[1]!, honest.outputs[0]!, ...honest.outputs.slice(2)] },
      "one-short": () => setOut(honest, 0, { lovelace: pay + (b.batch === 0 ? extra : 0n) - 1n }),
      "extra-dropped": () => (b.batch === 0 && extra > 0n ? setOut(honest, 0, { lovelace: pay }) : null),
      "other-tag": () => setOut(honest, 0, { datum: encodePayoutTag(pool.id, b.first + b.n) }),
      "two-batches": () => {
        const second = others[0];
        if (!second) return null;
        const p = clonePlan(honest);
        p.scriptInputs.push({ utxo: second.utxo, redeemer: PAY_BATCH_REDEEMER, script: pool.batchRef });
        return p;
      },
      "junk-beside": () => null, // submitted in two steps below
      "other-tournament": () =>
        elsewhere
          ? {
              ...clonePlan(honest),
              outputs: batchPlan(
                sim.pool(elsewhere.tournament),
                payer,
                elsewhere.utxo,
                sim.seats[elsewhere.tournament]!,
                elsewhere.batch,
              ).outputs,
            }
          : null,
      "registration-add": () => {
        const r = [...sim.registrations.values()][0];
        return r ? withRegistrationAdd(sim, honest, r.tournament) : null;
      },
      "other-redeemer": () => withRedeemer(honest, cborHex(makeConstrData(1, []))),
    };
    const label = `${this.toString()} (${pool.config.name} batch ${b.batch}: seats ${b.first}..${b.first + b.n - 1})`;
    if (this.kind === "junk-beside") return this.junkBeside(sim, b, honest, payer, label);
    const plan = mutations[this.kind]();
    if (!plan) return this.notApplicable("not applicable");
    await this.submit(sim, { label, plan, mustPass: this.kind === "honest" });
  }

  /**
   * Mallory locks a junk batch (the genuine one's datum, her own lovelace) at the batch address,
   * then the genuine batch and the junk are spent with one set of outputs.
   */
  private async junkBeside(sim: V3Sim, b: BatchState, honest: TxPlan, payer: Wallet, label: string): Promise<void> {
    const mallory = sim.world.players[3]!;
    const pool = sim.pool(b.tournament);
    const junkPlan: TxPlan = {
      payer: mallory,
      scriptInputs: [],
      walletInputs: [],
      mints: [],
      outputs: [{ address: pool.batchAddress, lovelace: b.need, datum: b.datum }],
      requiredSigners: [],
      signers: [],
    };
    if (!(await sim.submit({ label: `${label}: mallory's junk batch`, plan: junkPlan, mustPass: true })))
      return this.notApplicable("junk not created");
    const junk = sim.chain
      .utxosAt(pool.batchAddress)
      .find((u) => u.output.plutusData === b.datum && u.input.txHash !== b.utxo.input.txHash);
    if (!junk) return this.notApplicable("junk not found");
    const plan = clonePlan(honest);
    plan.scriptInputs.push({ utxo: junk, redeemer: PAY_BATCH_REDEEMER, script: pool.batchRef });
    void payer;
    await this.submit(sim, { label, plan, mustPass: false });
  }
}

// ---------------------------------------------------------------- the clock

export { Advance };

// ---------------------------------------------------------------- arbitraries

/** Every mutation kind the v3 fuzzer knows, by command (v2.1's register and unregister kinds too). */
export const MUTATION_KINDS: Readonly<Record<string, readonly string[]>> = {
  register: REG_KINDS.filter((k) => k !== "honest"),
  unregister: UNREGISTER_KINDS.filter((k) => k !== "honest"),
  add: ADD_KINDS.filter((k) => k !== "honest"),
  settle: SETTLE_KINDS.filter((k) => k !== "honest"),
  "cancel/refund": CLOSE_KINDS.filter((k) => k !== "honest"),
  payBatch: PAY_KINDS.filter((k) => k !== "honest"),
  create: CREATE_KINDS.filter((k) => k !== "honest"),
};

export function v3CommandsArbitrary(
  maxCommands: number,
  exclude: ReadonlySet<string> = new Set(),
): fc.Arbitrary<Iterable<Cmd>> {
  const i = fc.nat({ max: 15 });
  const configs = V3_CONFIGS.flatMap((c, index) => (exclude.has(c.input.name) ? [] : [index]));
  const register = fc.tuple(i, i, i, kindOf(REG_KINDS, exclude)).map(([t, w, p, k]) => new Register(t, w, p, k));
  const many = fc.tuple(i, fc.integer({ min: 2, max: 5 }), i).map(([t, n, p]) => new RegisterMany(t, n, p));
  const add = fc
    .tuple(i, fc.integer({ min: 1, max: 8 }), kindOf(ADD_KINDS, exclude))
    .map(([t, n, k]) => new Add(t, n, k));
  const settle = fc
    .tuple(i, i, fc.constantFrom(1, 3, 5), kindOf(SETTLE_KINDS, exclude))
    .map(([t, s, st, k]) => new Settle(t, s, st, k));
  const pay = fc.tuple(i, fc.nat({ max: 5 }), kindOf(PAY_KINDS, exclude)).map(([b, w, k]) => new PayBatch(b, w, k));
  const close = fc
    .tuple(fc.constantFrom("cancel" as const, "refund" as const), i, kindOf(CLOSE_KINDS, exclude))
    .map(([how, t, k]) => new Close(how, t, k));
  // Registrations and adds weigh most, so that brackets fill before a close or the deadline ends
  // them; the clock moves a day at a time (deadlines are 3 to 4 days away).
  return fc.commands(
    [
      register,
      register,
      many,
      many,
      many,
      add,
      add,
      add,
      add,
      settle,
      settle,
      pay,
      pay,
      pay,
      fc.tuple(i, kindOf(UNREGISTER_KINDS, exclude)).map(([r, k]) => new Unregister(r, k)),
      // A close or two a sequence: a cancel (any time) or a refund (past the deadline).
      close,
      close,
      fc.tuple(fc.constantFrom(...configs), kindOf(CREATE_KINDS, exclude)).map(([c, k]) => new Create(c, k)),
      fc.constant(1).map((d) => new Advance(d)),
    ],
    { maxCommands, size: "max" },
  );
}
