// The invariant fuzzer's commands (contracts/test/invariants.test.ts): each builds the honest plan
// of one action with tournament-txs.ts and, unless its kind is "honest", changes one thing in it
// (a mutation). The transaction layouts stay in the harness's plans; what is here is only what a
// mutation changes. A command whose action does not apply to the current state (no open
// tournament, nothing pending, the deadline passed) does nothing; its toString() says what it did.
import fc from "fast-check";
import type { UTxO } from "@meshsdk/common";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { decodeUplcData } from "@helios-lang/uplc";
import {
  ADD_PARTICIPANTS_REDEEMER,
  CANCEL_REDEEMER,
  decodeRegistrationDatum,
  decodeTournamentDatum,
  REFUND_REDEEMER,
  REGISTRATION_ADD_REDEEMER,
  REGISTRATION_CANCEL_REDEEMER,
  settleRedeemer,
} from "../../src/tournament/datum.js";
import { type Out, PARAMS, type TxPlan, type Wallet } from "./helpers.js";
import { clonePlan } from "./fixture.js";
import {
  addressData,
  addressToData,
  cborHex,
  keyCred,
  makeConstrData,
  makeIntData,
  makeListData,
  noStake,
  rawTournamentDatum,
  scriptCred,
} from "./raw.js";
import {
  addPlan,
  afterDeadline,
  beforeDeadline,
  cancelPlan,
  closePlan,
  createPlan,
  datumOf,
  minLovelace,
  registerPlan,
  settlePlan,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";
import {
  ADA,
  CONFIGS,
  DAY_SLOTS,
  deadlineIn,
  OWNERLESS,
  type RegKind,
  type RegistrationState,
  SEEDS,
  Sim,
  type TournamentState,
} from "./fuzz-world.js";

type Cmd = fc.AsyncCommand<Sim, Sim, false>;

/** `plan` with output `i` changed (null when it has no such output). */
export const setOut = (plan: TxPlan, i: number, change: Partial<Out>): TxPlan | null => {
  const o = plan.outputs[i];
  if (!o) return null;
  const p = clonePlan(plan);
  p.outputs[i] = { ...o, ...change };
  return p;
};

/** A reference script on output `i`, with the lovelace its bytes need. */
export const withRefScript = (plan: TxPlan, i: number, code: string): TxPlan | null => {
  const o = plan.outputs[i];
  return o
    ? setOut(plan, i, {
        scriptCode: code,
        lovelace: o.lovelace + BigInt(code.length / 2 + 50) * BigInt(PARAMS.coinsPerUtxoSize),
      })
    : null;
};

const gemUtxo = (sim: Sim, w: Wallet): UTxO | undefined =>
  sim.chain.utxosAt(w.address).find((u) => u.output.amount.some((a) => a.unit === sim.world.gem));

/** One gem from `w` added to output `i` (the wallet's gem UTxO spent, the rest back as change). */
export const withGem = (sim: Sim, plan: TxPlan, i: number, w: Wallet): TxPlan | null => {
  const gem = gemUtxo(sim, w);
  const o = plan.outputs[i];
  if (!gem || !o) return null;
  const p = setOut(plan, i, {
    assets: [...(o.assets ?? []), { unit: sim.world.gem, quantity: "1" }],
    lovelace: o.lovelace + 200_000n,
  })!;
  p.walletInputs.push(gem);
  return p;
};

/** `plan` without the admin's signature. */
export const noAdmin = (plan: TxPlan): TxPlan => ({ ...clonePlan(plan), requiredSigners: [], signers: [] });

/** Another open tournament's pool, spent in the same transaction with `redeemer`. */
const withSecondTournament = (sim: Sim, plan: TxPlan, t: Tournament, redeemer: string): TxPlan | null => {
  const other = sim.openTournaments().find((s) => s.t.id !== t.id);
  if (!other) return null;
  const p = clonePlan(plan);
  p.scriptInputs.push({ utxo: tournamentUtxo(sim.chain, other.t), redeemer, script: other.t.refs.tournament });
  return p;
};

const pointerStake = makeConstrData(0, [makeConstrData(1, [makeIntData(1n), makeIntData(2n), makeIntData(3n)])]);

/** Shown in the command's toString(): what the step did. */
type Outcome = "accepted" | "refused" | `not applicable: ${string}`;

export abstract class Step implements Cmd {
  outcome: Outcome | "" = "";
  check(): boolean {
    return true;
  }
  async run(sim: Sim): Promise<void> {
    // Reset: a command object is run again while fast-check shrinks.
    this.outcome = "";
    await this.act(sim);
  }
  abstract act(sim: Sim): Promise<void>;
  abstract describe(): string;
  toString(): string {
    return this.describe();
  }
  /** What the step did in its last run (shown by FUZZ_VERBOSE; a shrunk counterexample is printed without it). */
  report(): string {
    return `${this.describe()}${this.outcome ? ` → ${this.outcome}` : ""}`;
  }
  /** The step does not apply to the world as it is (no such tournament, registration or token): it does nothing. */
  protected notApplicable(why: string): void {
    this.outcome = `not applicable: ${why}`;
  }
  protected async submit(sim: Sim, s: Parameters<Sim["submit"]>[0]): Promise<void> {
    this.outcome = (await sim.submit(s)) ? "accepted" : "refused";
  }
}

/** Item `i` of `xs`, wrapping around (undefined when empty). */
export const pick = <T>(xs: readonly T[], i: number): T | undefined =>
  xs.length === 0 ? undefined : xs[i % xs.length];

// ---------------------------------------------------------------- register

export const REG_KINDS: readonly RegKind[] = [
  "honest",
  "base-address",
  "overpaid",
  "dust",
  "underpaid",
  "token",
  "pointer",
  "extra-field",
  "script-credential",
  "short-hash",
  "no-datum",
];

export class Register extends Step {
  constructor(
    readonly tournament: number,
    readonly who: number,
    readonly payer: number,
    readonly kind: RegKind,
  ) {
    super();
  }
  describe(): string {
    return `register(${this.kind}) player${this.who % 4} to ${this.tournament < 12 ? "open " : ""}t#${this.tournament}, paid by player${this.payer % 4}`;
  }
  async act(sim: Sim): Promise<void> {
    // Mostly to an open tournament; from 12 on, to any (a closed one's registration must still go back).
    const opened = sim.openTournaments();
    const ts =
      (this.tournament < 12 ? pick(opened, this.tournament) : undefined) ??
      sim.tournaments[this.tournament % sim.tournaments.length]!;
    const index = sim.tournaments.indexOf(ts);
    const registrant = sim.world.players[this.who % 4]!;
    const payer = sim.world.players[this.payer % 4]!;
    const t = ts.t;
    let plan = registerPlan(t, payer, [registrant.address]);
    const out = plan.outputs[0]!;
    const raw = (d: ReturnType<typeof addressData>): TxPlan => {
      const datum = cborHex(d);
      // The honest amount: the datum is a few bytes longer, within minLovelace's margin.
      return setOut(plan, 0, { datum })!;
    };
    switch (this.kind) {
      case "honest":
        break;
      case "base-address": {
        const base = serializeAddressObj(pubKeyAddress(registrant.pkh, payer.pkh), 0);
        plan = registerPlan(t, payer, [base]);
        break;
      }
      case "overpaid":
        plan = setOut(plan, 0, { lovelace: out.lovelace + 3n * ADA })!;
        break;
      case "dust":
        plan = setOut(plan, 0, { lovelace: out.lovelace + 1n })!;
        break;
      case "underpaid": {
        const less = t.config.entryFee - ADA;
        if (less < minLovelace(out.datum)) return this.notApplicable("the entry fee is too small to underpay");
        plan = setOut(plan, 0, { lovelace: less })!;
        break;
      }
      case "token": {
        const p = withGem(sim, plan, 0, payer);
        if (!p) return this.notApplicable("the payer has no gem");
        plan = p;
        break;
      }
      case "pointer":
        plan = raw(addressData(keyCred(registrant.pkh), pointerStake));
        break;
      case "extra-field":
        plan = raw(makeConstrData(0, [keyCred(registrant.pkh), noStake, makeIntData(0n)]));
        break;
      case "script-credential":
        plan = raw(addressData(scriptCred(registrant.pkh)));
        break;
      case "short-hash":
        plan = raw(addressData(keyCred(registrant.pkh.slice(2))));
        break;
      case "no-datum": {
        const p = setOut(plan, 0, {});
        const o = p!.outputs[0]!;
        p!.outputs[0] = { address: o.address, lovelace: o.lovelace };
        plan = p!;
        break;
      }
    }
    const owner = OWNERLESS.has(this.kind) ? null : registrant;
    await this.submit(sim, {
      label: this.toString(),
      plan,
      mustPass: true,
      registration: { tournament: index, owner, kind: this.kind },
    });
  }
}

// ---------------------------------------------------------------- unregister

export const UNREGISTER_KINDS = ["honest", "other-signer", "no-signer", "add-redeemer"] as const;

export class Unregister extends Step {
  constructor(
    readonly which: number,
    readonly kind: (typeof UNREGISTER_KINDS)[number],
  ) {
    super();
  }
  describe(): string {
    return `unregister(${this.kind}) pending registration #${this.which}`;
  }
  async act(sim: Sim): Promise<void> {
    const owned = [...sim.registrations.values()].filter((r) => r.owner !== null);
    const r = pick(owned, this.which);
    if (!r || !r.owner) return this.notApplicable("no registration with an owner");
    const t = sim.tournaments[r.tournament]!.t;
    const honest = cancelPlan(t, r.owner, r.utxo);
    const thief = sim.world.players.find((p) => p !== r.owner)!;
    const mutations: Record<(typeof UNREGISTER_KINDS)[number], () => TxPlan | null> = {
      honest: () => honest,
      "other-signer": () => ({
        ...setOut(honest, 0, { address: thief.address })!,
        payer: thief,
        signers: [thief],
        requiredSigners: [thief.pkh],
      }),
      "no-signer": () => ({ ...clonePlan(honest), requiredSigners: [] }),
      "add-redeemer": () => ({
        ...clonePlan(honest),
        scriptInputs: [{ ...honest.scriptInputs[0]!, redeemer: REGISTRATION_ADD_REDEEMER }],
      }),
    };
    const plan = mutations[this.kind]();
    if (!plan) return this.notApplicable("not applicable");
    await this.submit(sim, {
      label: `${this.toString()} (${r.kind} of ${t.config.name})`,
      plan,
      mustPass: this.kind === "honest",
    });
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
] as const;

/** Registrations the rules may refuse to add (the honest add of them may be refused). */
const QUESTIONABLE_REGS: ReadonlySet<RegKind> = new Set(["dust", "underpaid", "token"]);

const open = (sim: Sim, i: number): { ts: TournamentState; index: number } | undefined => {
  const list = sim.openTournaments();
  const ts = pick(list, i);
  return ts && { ts, index: sim.tournaments.indexOf(ts) };
};

export class Add extends Step {
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
  async act(sim: Sim): Promise<void> {
    const o = open(sim, this.tournament);
    if (!o) return this.notApplicable("no open tournament");
    const { ts, index } = o;
    const t = ts.t;
    if (sim.chain.slot >= beforeDeadline(t.config.settleBy)) return this.notApplicable("deadline passed");
    const current = tournamentUtxo(sim.chain, t);
    const d = datumOf(current);
    const room = t.config.bracketSize - d.participants.length;
    if (room === 0) return this.notApplicable("bracket full");
    const label = `${this.toString()} (${t.config.name})`;
    if (this.kind === "registration-cancel-redeemer") return this.cancelRedeemer(sim, ts, index, current, label);
    // What the honest plan can add: registrations naming a key, whose datum the service decodes.
    const addable = sim
      .pending(index)
      .filter(
        (r) =>
          r.owner !== null &&
          r.utxo.output.plutusData &&
          decodeRegistrationDatum(r.utxo.output.plutusData, false) !== null,
      );
    const regs = addable.slice(0, Math.min(this.count, room));
    if (regs.length === 0) return this.notApplicable("nothing to add");
    const { plan: honest, datum: next } = addPlan(
      t,
      sim.world.admin,
      current,
      regs.map((r) => r.utxo),
    );
    const parts = d.participants.map(addressToData);
    const newParts = next.participants.map(addressToData);
    const mallory = sim.world.players[3]!;
    const mutations: Record<
      Exclude<(typeof ADD_KINDS)[number], "registration-cancel-redeemer">,
      () => TxPlan | null
    > = {
      honest: () => honest,
      "pool-reference-script": () => withRefScript(honest, 0, t.registration.code),
      "pool-token": () => withGem(sim, honest, 0, sim.world.admin),
      "datum-extra-item": () =>
        setOut(honest, 0, { datum: rawTournamentDatum(t.config, newParts, {}, [], [makeIntData(0n)]) }),
      "config-changed": () =>
        setOut(honest, 0, {
          datum: rawTournamentDatum(t.config, newParts, { 7: makeIntData(BigInt(t.config.settleBy + 86_400_000)) }),
        }),
      "no-validity-end": () => ({ ...clonePlan(honest), validTo: undefined }),
      "validity-past-deadline": () => ({ ...clonePlan(honest), validTo: afterDeadline(t.config.settleBy) + 10 }),
      "no-admin-signature": () => noAdmin(honest),
      "second-tournament-input": () => withSecondTournament(sim, honest, t, ADD_PARTICIPANTS_REDEEMER),
      "foreign-registration": () => {
        const foreign = [...sim.registrations.values()].find((r) => r.tournament !== index && r.kind === "honest");
        if (!foreign) return null;
        const p = clonePlan(honest);
        p.scriptInputs.push({
          utxo: foreign.utxo,
          redeemer: REGISTRATION_ADD_REDEEMER,
          script: sim.tournaments[foreign.tournament]!.t.refs.registration!,
        });
        return p;
      },
      "drop-return": () =>
        honest.outputs.length > 1
          ? { ...clonePlan(honest), outputs: [honest.outputs[0]!, ...honest.outputs.slice(2)] }
          : null,
      "pool-short": () => setOut(honest, 0, { lovelace: honest.outputs[0]!.lovelace - 1n }),
      "participant-swapped": () =>
        setOut(honest, 0, {
          datum: rawTournamentDatum(t.config, [
            ...parts,
            ...newParts.slice(parts.length, -1),
            addressToData(mallory.address),
          ]),
        }),
    };
    const plan = mutations[this.kind]();
    if (!plan) return this.notApplicable("not applicable");
    const mustPass = this.kind === "honest" && !ts.questionable && !regs.some((r) => QUESTIONABLE_REGS.has(r.kind));
    await this.submit(sim, { label, plan, mustPass });
  }

  /**
   * The other-redeemer mutation: one registration spent with Cancel (its registrant signing too)
   * inside the add, its datum appended as it is. Prefers a registration whose datum the
   * registration's Add would refuse (a pointer, an extra field).
   */
  private async cancelRedeemer(
    sim: Sim,
    ts: TournamentState,
    index: number,
    current: UTxO,
    label: string,
  ): Promise<void> {
    const t = ts.t;
    const fee = t.config.entryFee;
    const candidates = sim
      .pending(index)
      .filter(
        (r) =>
          r.owner !== null && r.utxo.output.amount.length === 1 && BigInt(r.utxo.output.amount[0]!.quantity) <= fee,
      )
      .sort((a, b) => Number(a.kind === "honest") - Number(b.kind === "honest"));
    const r: RegistrationState | undefined = candidates[0];
    if (!r || !r.owner || !r.utxo.output.plutusData)
      return this.notApplicable("no registration holding at most the entry fee");
    const honest = addPlan(t, sim.world.admin, current, []).plan;
    const parts = datumOf(current).participants.map(addressToData);
    const appended = decodeUplcData(Buffer.from(r.utxo.output.plutusData, "hex"));
    const plan = setOut(honest, 0, {
      datum: rawTournamentDatum(t.config, [...parts, appended]),
      lovelace: honest.outputs[0]!.lovelace + fee,
    })!;
    plan.scriptInputs.push({ utxo: r.utxo, redeemer: REGISTRATION_CANCEL_REDEEMER, script: t.refs.registration! });
    plan.signers.push(r.owner);
    plan.requiredSigners.push(r.owner.pkh);
    await this.submit(sim, { label: `${label}, appending a ${r.kind} registration`, plan, mustPass: false });
  }
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
] as const;

export class Settle extends Step {
  constructor(
    readonly tournament: number,
    readonly rotate: number,
    readonly kind: (typeof SETTLE_KINDS)[number],
  ) {
    super();
  }
  describe(): string {
    return `settle(${this.kind}) open t#${this.tournament}, winners rotated by ${this.rotate}`;
  }
  async act(sim: Sim): Promise<void> {
    const o = open(sim, this.tournament);
    if (!o) return this.notApplicable("no open tournament");
    const t = o.ts.t;
    if (sim.chain.slot >= beforeDeadline(t.config.settleBy)) return this.notApplicable("deadline passed");
    const current = tournamentUtxo(sim.chain, t);
    const n = datumOf(current).participants.length;
    if (n !== t.config.bracketSize) return this.notApplicable("bracket not full");
    const winners = t.config.payoutStructure.map((_, k) => (k + this.rotate) % n);
    const honest = settlePlan(t, sim.world.admin, current, winners);
    const mallory = sim.world.players[3]!;
    const mutations: Record<(typeof SETTLE_KINDS)[number], () => TxPlan | null> = {
      honest: () => honest,
      "winner-to-mallory": () => setOut(honest, 0, { address: mallory.address }),
      "cancel-redeemer": () => ({
        ...clonePlan(honest),
        scriptInputs: [{ ...honest.scriptInputs[0]!, redeemer: CANCEL_REDEEMER }],
      }),
      "no-admin-signature": () => noAdmin(honest),
      "no-validity-end": () => ({ ...clonePlan(honest), validTo: undefined }),
      "placement-short": () => setOut(honest, 0, { lovelace: t.config.payoutStructure[0]! - 1n }),
      "duplicate-winner": () => ({
        ...clonePlan(honest),
        scriptInputs: [{ ...honest.scriptInputs[0]!, redeemer: settleRedeemer(winners.map(() => winners[0]!)) }],
      }),
      "second-tournament-input": () => withSecondTournament(sim, honest, t, honest.scriptInputs[0]!.redeemer),
      "no-burn": () => ({ ...clonePlan(honest), mints: [] }),
    };
    const plan = mutations[this.kind]();
    if (!plan) return this.notApplicable("not applicable");
    await this.submit(sim, {
      label: `${this.toString()} (${t.config.name})`,
      plan,
      mustPass: this.kind === "honest" && !o.ts.questionable,
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
] as const;

export class Close extends Step {
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
  async act(sim: Sim): Promise<void> {
    const o = open(sim, this.tournament);
    if (!o) return this.notApplicable("no open tournament");
    const t = o.ts.t;
    if (this.how === "refund" && sim.chain.slot < afterDeadline(t.config.settleBy))
      return this.notApplicable("before the deadline");
    const current = tournamentUtxo(sim.chain, t);
    const { admin, stranger } = sim.world;
    const honest = closePlan(t, this.how === "cancel" ? admin : stranger, current, this.how);
    const n = datumOf(current).participants.length;
    const fee = t.config.entryFee;
    const mallory = sim.world.players[3]!;
    const last = honest.outputs.length - 1;
    const mutations: Record<(typeof CLOSE_KINDS)[number], () => TxPlan | null> = {
      honest: () => honest,
      "other-redeemer": () => ({
        ...clonePlan(honest),
        scriptInputs: [
          { ...honest.scriptInputs[0]!, redeemer: this.how === "cancel" ? REFUND_REDEEMER : CANCEL_REDEEMER },
        ],
      }),
      "not-the-admin": () =>
        this.how === "cancel" ? { ...clonePlan(honest), payer: stranger, requiredSigners: [stranger.pkh] } : null,
      "remainder-to-mallory": () => setOut(honest, last, { address: mallory.address }),
      "refund-short": () =>
        n > 0 && fee > 0n && honest.outputs[0]!.lovelace === fee ? setOut(honest, 0, { lovelace: fee - 1n }) : null,
      "refunds-swapped": () =>
        n > 1 && fee > 0n
          ? setOut(setOut(honest, 0, { address: honest.outputs[1]!.address })!, 1, {
              address: honest.outputs[0]!.address,
            })
          : null,
      "participant-to-mallory": () => (n > 0 && fee > 0n ? setOut(honest, 0, { address: mallory.address }) : null),
      "second-tournament-input": () => withSecondTournament(sim, honest, t, honest.scriptInputs[0]!.redeemer),
      "no-burn": () => ({ ...clonePlan(honest), mints: [] }),
      "validity-changed": () =>
        this.how === "refund"
          ? { ...clonePlan(honest), validFrom: undefined }
          : { ...clonePlan(honest), validTo: sim.chain.slot + 5 * DAY_SLOTS },
    };
    const plan = mutations[this.kind]();
    if (!plan) return this.notApplicable("not applicable");
    await this.submit(sim, {
      label: `${this.toString()} (${t.config.name})`,
      plan,
      mustPass: this.kind === "honest" && !o.ts.questionable,
    });
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
] as const;

export class Create extends Step {
  constructor(
    readonly config: number,
    readonly kind: (typeof CREATE_KINDS)[number],
  ) {
    super();
  }
  describe(): string {
    return `create(${this.kind}) ${CONFIGS[this.config % CONFIGS.length]!.input.name}`;
  }
  async act(sim: Sim): Promise<void> {
    if (sim.seedsUsed >= SEEDS) return this.notApplicable("no seed left");
    const { admin, ref, seeds, regRefs, players } = sim.world;
    const cfg = CONFIGS[this.config % CONFIGS.length]!;
    const fixed = cfg.input.name === "Duel" ? [{ address: players[2]!.address, amount: 2n * ADA }] : [];
    const input = { ...cfg.input, fixedPayouts: fixed, settleBy: deadlineIn(sim.chain.slot, 2 + (this.config % 2)) };
    const { plan: honest, tournament } = createPlan(ref, admin, input, seeds[sim.seedsUsed]!);
    const t: Tournament = { ...tournament, refs: { tournament: ref, registration: regRefs[sim.seedsUsed]! } };
    const c = t.config;
    const pool = honest.outputs[0]!;
    const payout = (address: ReturnType<typeof addressData>) =>
      setOut(honest, 0, {
        datum: rawTournamentDatum(c, [], { 5: makeListData([makeListData([address, makeIntData(2n * ADA)])]) }),
        lovelace: pool.lovelace + 2n * ADA,
      });
    const mutations: Record<(typeof CREATE_KINDS)[number], () => TxPlan | null> = {
      honest: () => honest,
      "reference-script-at-creation": () => withRefScript(honest, 0, t.registration.code),
      "token-at-creation": () => withGem(sim, honest, 0, admin),
      "admin-pointer": () =>
        setOut(honest, 0, { datum: rawTournamentDatum(c, [], { 1: addressData(keyCred(admin.pkh), pointerStake) }) }),
      "admin-script": () =>
        setOut(honest, 0, { datum: rawTournamentDatum(c, [], { 1: addressData(scriptCred(admin.pkh)) }) }),
      "fixed-payout-to-tournament": () => payout(addressToData(t.address)),
      "fixed-payout-pointer": () => payout(addressData(keyCred(players[2]!.pkh), pointerStake)),
      "extra-item-at-creation": () =>
        setOut(honest, 0, { datum: rawTournamentDatum(c, [], {}, [], [makeIntData(0n)]) }),
      "no-validity-start": () => ({ ...clonePlan(honest), validFrom: undefined }),
    };
    const plan = mutations[this.kind]();
    if (!plan) return this.notApplicable("not applicable");
    // The model holds the configuration the creation wrote (a mutated one, if the ledger took it).
    const written = decodeTournamentDatum(plan.outputs[0]!.datum ?? "", false);
    const created: Tournament = written ? { ...t, config: written.config } : t;
    await this.submit(sim, {
      label: this.toString(),
      plan,
      mustPass: this.kind === "honest" && !cfg.questionable,
      creates: { t: created, questionable: cfg.questionable },
    });
    if (this.outcome === "accepted") sim.seedsUsed++;
  }
}

// ---------------------------------------------------------------- the clock

export class Advance extends Step {
  constructor(readonly days: number) {
    super();
  }
  describe(): string {
    return `advance ${this.days} day${this.days === 1 ? "" : "s"}`;
  }
  async act(sim: Sim): Promise<void> {
    sim.chain.setSlot(sim.chain.slot + this.days * DAY_SLOTS);
    this.outcome = "accepted";
  }
}

// ---------------------------------------------------------------- arbitraries

/** Honest three times out of five, else one of the mutations not excluded. */
export function kindOf<K extends string>(kinds: readonly K[], exclude: ReadonlySet<string>): fc.Arbitrary<K> {
  const mutations = kinds.filter((k) => k !== "honest" && !exclude.has(k));
  const honest = fc.constant(kinds[0]!);
  return mutations.length === 0
    ? honest
    : fc.oneof({ arbitrary: honest, weight: 3 }, { arbitrary: fc.constantFrom(...mutations), weight: 2 });
}

/** Every mutation kind the fuzzer knows, by command. */
export const MUTATION_KINDS: Readonly<Record<string, readonly string[]>> = {
  register: REG_KINDS.filter((k) => k !== "honest"),
  unregister: UNREGISTER_KINDS.filter((k) => k !== "honest"),
  add: ADD_KINDS.filter((k) => k !== "honest"),
  settle: SETTLE_KINDS.filter((k) => k !== "honest"),
  "cancel/refund": CLOSE_KINDS.filter((k) => k !== "honest"),
  create: CREATE_KINDS.filter((k) => k !== "honest"),
};

export function commandsArbitrary(
  maxCommands: number,
  exclude: ReadonlySet<string> = new Set(),
): fc.Arbitrary<Iterable<Cmd>> {
  const i = fc.nat({ max: 15 });
  // A configuration's name in `exclude` leaves it out of the creations.
  const configs = CONFIGS.flatMap((c, index) => (exclude.has(c.input.name) ? [] : [index]));
  const register = fc.tuple(i, i, i, kindOf(REG_KINDS, exclude)).map(([t, w, p, k]) => new Register(t, w, p, k));
  const add = fc
    .tuple(i, fc.integer({ min: 1, max: 4 }), kindOf(ADD_KINDS, exclude))
    .map(([t, n, k]) => new Add(t, n, k));
  const settle = fc.tuple(i, i, kindOf(SETTLE_KINDS, exclude)).map(([t, r, k]) => new Settle(t, r, k));
  // Registrations and adds weigh most, so that brackets fill before a cancel or the deadline ends them.
  return fc.commands(
    [
      register,
      register,
      register,
      register,
      add,
      add,
      add,
      settle,
      settle,
      fc.tuple(i, kindOf(UNREGISTER_KINDS, exclude)).map(([r, k]) => new Unregister(r, k)),
      fc.tuple(i, kindOf(CLOSE_KINDS, exclude)).map(([t, k]) => new Close("cancel", t, k)),
      fc.tuple(i, kindOf(CLOSE_KINDS, exclude)).map(([t, k]) => new Close("refund", t, k)),
      fc.tuple(fc.constantFrom(...configs), kindOf(CREATE_KINDS, exclude)).map(([c, k]) => new Create(c, k)),
      fc.integer({ min: 1, max: 2 }).map((d) => new Advance(d)),
    ],
    // Lengths up to the maximum (fast-check's default size keeps most sequences to a few steps).
    { maxCommands, size: "max" },
  );
}
