// The invariant fuzzer's world and model (contracts/test/invariants.test.ts). One funded emulator
// is built once per process, with deterministic keys, the scripts deployed and two tournaments
// open; every run works on a snapshot of it. `Sim` submits the commands' plans (the honest plans of
// tournament-txs.ts, or one of them with one thing changed), keeps the model (which tournaments
// exist, which registrations are pending and whose they are) and, after every transaction the
// ledger accepts, checks the invariants:
//   (a) exits: a stranger's refund after the deadline is built and accepted for every open
//       tournament, paying each participant at least the entry fee and costing the stranger no more
//       than the fee; every pending registration that names a key can be cancelled by its registrant;
//   (b) flows: value leaves a tournament or a registration only to the parties the rules name
//       (compared with the honest plan of the same action), never to a script address, and no
//       signer pays for another party's output;
//   (c) pools: every output holding a tournament NFT is the model's pool of that tournament: at
//       the tournament address, its datum decodes (src/tournament/datum.ts) with the configuration
//       it was created with, only ada and the NFT, no reference script.
import { createHash } from "node:crypto";
import type { UTxO } from "@meshsdk/common";
import { deserializeAddress } from "@meshsdk/core";
import { tournamentScript, V2_1_CONTRACT } from "../../src/tournament/contracts.js";
import { registrationScriptOf } from "../../src/tournament/registration-script.js";
import {
  decodeRegistrationDatum,
  decodeSpendRedeemer,
  decodeTournamentDatum,
  encodePayoutTag,
  encodeTournamentDatum,
  tournamentIdOf,
  type TournamentConfig,
  type TournamentDatum,
} from "../../src/tournament/datum.js";
import { depositOf } from "../../src/tournament/rules.js";
import { explainTraces } from "../../src/tournament/traces.js";
import {
  addressOfKeyHash,
  buildPlan,
  Chain,
  hasOnlyAda,
  lovelaceOf,
  mintNativeToken,
  type Out,
  outRef,
  PARAMS,
  type RefScript,
  submitPlan,
  SYSTEM_START_MS,
  type TxPlan,
  Wallet,
} from "./helpers.js";
import {
  afterDeadline,
  cancelPlan,
  closePlan,
  type ConfigInput,
  createPlan,
  ledgerOrder,
  settlePlan,
  type Tournament,
} from "./tournament-txs.js";

export const ADA = 1_000_000n;
export const DAY_SLOTS = 24 * 3600;
/** What a party may be made to pay for another's output before it counts (100 bytes of min-UTxO). */
export const COST_TOLERANCE = 100n * BigInt(PARAMS.coinsPerUtxoSize);

/** The configurations the fuzzer creates (deadline set at creation). `questionable`: the rules may refuse it. */
export const CONFIGS: readonly { readonly input: Omit<ConfigInput, "settleBy">; readonly questionable: boolean }[] = [
  // Entry fees 20 ADA, prizes 25 ADA: a 5 ADA deposit.
  {
    input: {
      name: "Cup",
      bracketSize: 4,
      entryFee: 5n * ADA,
      payoutStructure: [15n * ADA, 10n * ADA],
      fixedPayouts: [],
    },
    questionable: false,
  },
  // Free entry, 6 ADA of sponsored prizes.
  {
    input: { name: "Free", bracketSize: 2, entryFee: 0n, payoutStructure: [6n * ADA], fixedPayouts: [] },
    questionable: false,
  },
  // A duel with a fixed payout (filled in at creation: carol).
  {
    input: { name: "Duel", bracketSize: 2, entryFee: 3n * ADA, payoutStructure: [4n * ADA], fixedPayouts: [] },
    questionable: false,
  },
  // An entry fee below an output's minimum.
  {
    input: { name: "Low", bracketSize: 2, entryFee: ADA / 2n, payoutStructure: [2n * ADA], fixedPayouts: [] },
    questionable: true,
  },
];

export type RegKind =
  | "honest"
  | "base-address"
  | "overpaid"
  | "dust"
  | "underpaid"
  | "token"
  | "pointer"
  | "extra-field"
  | "script-credential"
  | "short-hash"
  | "no-datum";

/** Registration kinds whose datum names no key a registrant can sign with: locked by their sender's choice. */
export const OWNERLESS: ReadonlySet<RegKind> = new Set(["script-credential", "short-hash", "no-datum"]);

export interface FuzzWorld {
  readonly base: Chain;
  readonly admin: Wallet;
  /** Who registers (and pays for registrations). */
  readonly players: readonly Wallet[];
  /** Refunds, with no stake in anything. */
  readonly stranger: Wallet;
  readonly ref: RefScript;
  /** The admin's UTxOs kept for creations (a tournament's ID is its seed's), in order. */
  readonly seeds: readonly UTxO[];
  /** The registration validator of each seed's tournament, deployed in the base. */
  readonly regRefs: readonly RefScript[];
  /** Tournaments created in the base (seeds 0 and 1). */
  readonly open: readonly { readonly t: Tournament; readonly questionable: boolean }[];
  /** A native token every player and the admin holds. */
  readonly gem: string;
}

/** The fuzzers' deterministic wallet keys (v3's world uses the same). */
export const secret = (name: string): string => createHash("sha256").update(`tournament fuzzer: ${name}`).digest("hex");
/** Reference scripts go to an address nobody holds a key for (fixed, for reproducible hashes). */
const VAULT = addressOfKeyHash("f0".repeat(28));

export const SEEDS = 4;

/** Settles in `days` days from `slot`, on a slot boundary. */
export const deadlineIn = (slot: number, days: number): number => Chain.timeOf(slot + days * DAY_SLOTS);

/** A plan's empty lists (spread under its payer and outputs). */
export const EMPTY_PLAN: Omit<TxPlan, "payer" | "outputs"> = {
  scriptInputs: [],
  walletInputs: [],
  mints: [],
  requiredSigners: [],
  signers: [],
};

/** The fuzzers' wallets on a fresh emulator, each funded with three UTxOs of 5,000 ADA. */
export async function fundedWallets(): Promise<{
  readonly base: Chain;
  readonly admin: Wallet;
  readonly players: readonly Wallet[];
  readonly stranger: Wallet;
}> {
  const [admin, alice, bob, carol, mallory, stranger] = await Promise.all(
    ["admin", "alice", "bob", "carol", "mallory", "stranger"].map((n) => Wallet.create(secret(n))),
  );
  if (!admin || !alice || !bob || !carol || !mallory || !stranger) throw new Error("wallets");
  const players = [alice, bob, carol, mallory];
  const base = Chain.fund([admin.address, ...players.map((p) => p.address), stranger.address], 5_000_000_000n, 3);
  return { base, admin, players, stranger };
}

/** `n` UTxOs of 20 ADA the admin keeps for creations (a tournament's ID is its seed's), in ledger order. */
export async function makeSeeds(base: Chain, admin: Wallet, n: number): Promise<UTxO[]> {
  const seedTx = await submitPlan(base, {
    ...EMPTY_PLAN,
    payer: admin,
    outputs: Array.from({ length: n }, () => ({ address: admin.address, lovelace: 20n * ADA })),
  });
  return base
    .utxosAt(admin.address)
    .filter((u) => u.input.txHash === seedTx.txHash && lovelaceOf(u) === 20n * ADA)
    .sort(ledgerOrder);
}

export async function makeFuzzWorld(): Promise<FuzzWorld> {
  const { base, admin, players, stranger } = await fundedWallets();
  let gem = "";
  for (const w of [admin, ...players]) gem = (await mintNativeToken(base, w, "Gem", 1_000n)).unit;
  const seeds = await makeSeeds(base, admin, SEEDS);
  const scripts = [
    tournamentScript(V2_1_CONTRACT),
    ...seeds.map((s) => registrationScriptOf(tournamentIdOf(s.input.txHash, s.input.outputIndex), V2_1_CONTRACT)),
  ];
  const refs = await deployScripts(base, stranger, VAULT, scripts);
  const [ref, ...regRefs] = refs;
  if (!ref) throw new Error("deploy");
  const open: { t: Tournament; questionable: boolean }[] = [];
  for (const [i, days] of [
    [0, 3],
    [1, 2],
  ] as const) {
    const { plan, tournament } = createPlan(
      ref,
      admin,
      { ...CONFIGS[i]!.input, settleBy: deadlineIn(base.slot, days) },
      seeds[i]!,
    );
    await submitPlan(base, { ...plan, selectFrom: adminFunds(base, admin, seeds) });
    open.push({ t: { ...tournament, refs: { tournament: ref, registration: regRefs[i]! } }, questionable: false });
  }
  return { base, admin, players, stranger, ref, seeds, regRefs, open, gem };
}

/** Deploys `scripts` as reference scripts at `vault` in one transaction paid by `payer`: their references, in order. */
export async function deployScripts(
  base: Chain,
  payer: Wallet,
  vault: string,
  scripts: readonly { readonly code: string; readonly hash: string; readonly compiledCode: string }[],
): Promise<RefScript[]> {
  const { txHash } = await submitPlan(base, {
    ...EMPTY_PLAN,
    payer,
    outputs: scripts.map((s) => ({
      address: vault,
      lovelace: BigInt(160 + 100 + s.compiledCode.length / 2) * BigInt(PARAMS.coinsPerUtxoSize),
      scriptCode: s.code,
    })),
  });
  return scripts.map((s, index) => ({ txHash, index, code: s.code, hash: s.hash, size: s.compiledCode.length / 2 }));
}

/** The admin's ADA-only UTxOs except the seeds, which stay for creations. */
export function adminFunds(chain: Chain, admin: Wallet, seeds: readonly UTxO[]): UTxO[] {
  const kept = new Set(seeds.map(outRef));
  return chain.utxosAt(admin.address).filter((u) => hasOnlyAda(u) && !kept.has(outRef(u)));
}

export interface TournamentState {
  readonly t: Tournament;
  /** Created with a configuration the rules may refuse (an honest step on it may be refused). */
  readonly questionable: boolean;
  closed: boolean;
}

export interface RegistrationState {
  readonly utxo: UTxO;
  /** Index in Sim.tournaments. */
  readonly tournament: number;
  /** Who can cancel it (null: its datum names no key: locked by whoever sent it). */
  readonly owner: Wallet | null;
  readonly kind: RegKind;
}

/** What a step submits: the plan, and what the model learns if the ledger accepts it. */
export interface Submission {
  readonly label: string;
  readonly plan: TxPlan;
  /** An honest step whose refusal is a failure (the honest plan of a valid action must pass). */
  readonly mustPass: boolean;
  /** A registration step: the kind and owner of each registration output it makes. */
  readonly registration?: { readonly tournament: number; readonly owner: Wallet | null; readonly kind: RegKind };
  /** A creation step: the tournament it creates. */
  readonly creates?: { readonly t: Tournament; readonly questionable: boolean };
}

/**
 * The fuzzers' environment (contracts/test/invariants.test.ts and v3/invariants-v3.test.ts say what
 * each variable does), and fast-check's options from it.
 */
export function fuzzEnv(): {
  readonly runs: number;
  readonly steps: number;
  readonly verbose: boolean;
  readonly exclude: ReadonlySet<string>;
  readonly options: { numRuns: number; includeErrorInReport: true; seed?: number; path?: string };
} {
  const env = process.env;
  const runs = Number(env["FUZZ_RUNS"] ?? 300);
  const seed = env["FUZZ_SEED"] === undefined ? undefined : Number(env["FUZZ_SEED"]);
  // With FUZZ_SEED, the first number of the path a failure printed: runs that sequence at once and
  // shrinks it again (the world is deterministic, so the same transactions come out).
  const path = env["FUZZ_PATH"]?.split(":")[0];
  return {
    runs,
    steps: Number(env["FUZZ_STEPS"] ?? 25),
    verbose: env["FUZZ_VERBOSE"] === "1",
    exclude: new Set((env["FUZZ_EXCLUDE"] ?? "").split(",").filter((k) => k !== "")),
    options: {
      numRuns: runs,
      includeErrorInReport: true,
      ...(seed === undefined ? {} : { seed }),
      ...(path === undefined ? {} : { path }),
    },
  };
}

export class InvariantBroken extends Error {}

const fail = (invariant: string, label: string, why: string): never => {
  throw new InvariantBroken(`invariant ${invariant} broken after [${label}]: ${why}`);
};

/** Successful exit checks, by output reference: an output's exits do not depend on the run. */
const exitMemo = new Set<string>();

/** A refusal's message, its traces explained, without the transaction's hex, at most 300 characters. */
export const short = (e: unknown): string => {
  const m = explainTraces(e instanceof Error ? e.message : String(e)).replace(/ For txHex: [0-9a-f]+/, "");
  return m.length > 300 ? `${m.slice(0, 300)}…` : m;
};

/** Whether `address` pays to a script (or is not an address at all). */
export const isScriptAddress = (address: string): boolean => {
  try {
    return deserializeAddress(address).scriptHash !== "";
  } catch {
    return true;
  }
};

/**
 * The first output of `honest` to a party other than the signers that `created` does not match (its
 * address and datum, at least its lovelace, each created output matching one), if any.
 */
export function unpaidParty(honest: TxPlan, created: readonly UTxO[], signers: ReadonlySet<string>): Out | undefined {
  const used = new Set<string>();
  for (const o of honest.outputs) {
    if (signers.has(o.address)) continue;
    const match = created.find(
      (c) =>
        !used.has(outRef(c)) &&
        c.output.address === o.address &&
        c.output.plutusData === o.datum &&
        lovelaceOf(c) >= o.lovelace,
    );
    if (!match) return o;
    used.add(outRef(match));
  }
  return undefined;
}

/** The datum as the model's configuration sees it, for comparing configurations exactly. */
const configKey = (c: TournamentConfig): string => encodeTournamentDatum({ config: c, participants: [] });

export class Sim {
  readonly tournaments: TournamentState[];
  readonly registrations = new Map<string, RegistrationState>();
  seedsUsed = 2;
  accepted = 0;
  refused = 0;
  readonly policy = tournamentScript(V2_1_CONTRACT).hash;

  constructor(
    readonly world: FuzzWorld,
    readonly chain: Chain,
    /** Rules left out (FUZZ_EXCLUDE): "full-bracket", to look for other weaknesses past that one. */
    readonly exclude: ReadonlySet<string> = new Set(),
  ) {
    this.tournaments = world.open.map((o) => ({ ...o, closed: false }));
  }

  openTournaments(): TournamentState[] {
    return this.tournaments.filter((s) => !s.closed);
  }

  pending(tournament: number): RegistrationState[] {
    return [...this.registrations.values()]
      .filter((r) => r.tournament === tournament)
      .sort((a, b) => ledgerOrder(a.utxo, b.utxo));
  }

  /** Builds (budgets from the evaluator), signs and submits; a script or ledger refusal returns false. */
  async submit(s: Submission): Promise<boolean> {
    const plan = s.plan;
    if (plan.payer === this.world.admin && plan.selectFrom === undefined)
      plan.selectFrom = adminFunds(this.chain, this.world.admin, this.world.seeds);
    const before = new Map(this.chain.allUtxos().map((u) => [outRef(u), u]));
    let refusal: string | null = null;
    let txHash: string | undefined;
    try {
      // The evaluator refusing to budget a script is taken as the ledger's refusal (both are Scalus).
      const r = this.chain.submit(await buildPlan(this.chain, plan));
      if (r.ok) txHash = r.txHash;
      else refusal = `${r.error ?? ""} ${r.logs.join(" | ")}`;
    } catch (e) {
      refusal = explainTraces(short(e));
    }
    if (txHash === undefined) {
      this.refused++;
      if (s.mustPass) throw new Error(`honest step [${s.label}] refused: ${refusal}`);
      return false;
    }
    this.accepted++;
    const after = this.chain.allUtxos();
    const created = after.filter((u) => u.input.txHash === txHash);
    const afterRefs = new Set(after.map(outRef));
    const consumed = [...before.values()].filter((u) => !afterRefs.has(outRef(u)));
    // Every invariant is checked, and the failure names all that broke.
    const broken: string[] = [];
    const check = async (f: () => void | Promise<void>): Promise<void> => {
      try {
        await f();
      } catch (e) {
        if (!(e instanceof InvariantBroken)) throw e;
        broken.push(e.message);
      }
    };
    await check(() => this.checkFlows(s, consumed, created));
    // The chain does not change while the model learns and the pools are checked: one reading of it.
    this.update(s, consumed, created, after);
    for (const invariant of this.checksAfterUpdate(s.label, after)) await check(invariant);
    if (broken.length > 0) throw new InvariantBroken(broken.join("\n"));
    return true;
  }

  /** The invariants checked once the model has learnt the transaction, in order: (c), then (a). */
  protected checksAfterUpdate(label: string, all: readonly UTxO[]): (() => void | Promise<void>)[] {
    return [() => this.checkPools(label, all), () => this.checkExits(label)];
  }

  /** The model learns what the accepted transaction did. */
  protected update(s: Submission, consumed: readonly UTxO[], created: readonly UTxO[], all: readonly UTxO[]): void {
    for (const u of consumed) this.registrations.delete(outRef(u));
    if (s.creates) this.tournaments.push({ ...s.creates, closed: false });
    for (const [i, ts] of this.tournaments.entries()) {
      if (!ts.closed && !all.some((u) => u.output.amount.some((a) => a.unit === ts.t.nftUnit))) ts.closed = true;
      for (const u of created) {
        if (u.output.address !== ts.t.registrationAddress) continue;
        const r = s.registration;
        const owner = r && r.tournament === i ? r.owner : null;
        this.registrations.set(outRef(u), {
          utxo: u,
          tournament: i,
          owner,
          kind: r && r.tournament === i ? r.kind : "no-datum",
        });
      }
    }
  }

  // ------------------------------------------------------------ (b) value flows

  protected checkFlows(s: Submission, consumed: readonly UTxO[], created: readonly UTxO[]): void {
    const signers = new Set([s.plan.payer, ...s.plan.signers].map((w) => w.address));
    const consumedLovelace = consumed.reduce((a, u) => a + lovelaceOf(u), 0n);
    const fee = consumedLovelace - created.reduce((a, u) => a + lovelaceOf(u), 0n);
    const touched = consumed.some((u) => this.registrations.has(outRef(u)) || this.tournamentOf(u) !== undefined);
    if (!touched) return;
    for (const o of created) {
      const isPool = o.output.amount.some((a) => a.unit.startsWith(this.policy));
      if (!isPool && isScriptAddress(o.output.address)) {
        fail(
          "(b)",
          s.label,
          `${lovelaceOf(o)} lovelace went to the script address ${o.output.address} (no NFT): locked for good`,
        );
      }
    }
    for (const u of consumed) {
      const ts = this.tournamentOf(u);
      if (ts) this.checkTournamentFlow(s, ts, u, created, signers);
    }
    for (const u of consumed) {
      const r = this.registrations.get(outRef(u));
      if (r) this.checkRegistrationFlow(s, r, created, signers);
    }
    // Nobody who signed pays for another party's output (beyond the fee and what the rules charge).
    this.checkCosts(s, consumed, created, fee);
  }

  private tournamentOf(u: UTxO): TournamentState | undefined {
    return this.tournaments.find((ts) => u.output.amount.some((a) => a.unit === ts.t.nftUnit));
  }

  private checkTournamentFlow(
    s: Submission,
    ts: TournamentState,
    input: UTxO,
    created: readonly UTxO[],
    signers: Set<string>,
  ): void {
    const t = ts.t;
    const d = input.output.plutusData ? decodeTournamentDatum(input.output.plutusData, false) : null;
    if (d === null) return; // (c) has already reported it
    const redeemer = s.plan.scriptInputs.find((i) => outRef(i.utxo) === outRef(input))?.redeemer;
    const action = redeemer === undefined ? null : decodeSpendRedeemer(redeemer);
    const adminSigned = signers.has(t.config.adminAddress);
    const deadlineSlot = Chain.slotOf(t.config.settleBy);
    const pool = created.find((o) => o.output.amount.some((a) => a.unit === t.nftUnit));
    if (pool) {
      if (!adminSigned) fail("(b)", s.label, `${t.config.name}: continued without the admin's signature`);
      if (this.chain.slot >= deadlineSlot) fail("(b)", s.label, `${t.config.name}: continued after its deadline`);
      const nd = pool.output.plutusData ? decodeTournamentDatum(pool.output.plutusData, false) : null;
      if (nd === null) return; // (c) reports it
      const added = nd.participants.length - d.participants.length;
      if (lovelaceOf(pool) < lovelaceOf(input) + t.config.entryFee * BigInt(added)) {
        fail(
          "(b)",
          s.label,
          `${t.config.name}: the pool shrank (${lovelaceOf(input)} → ${lovelaceOf(pool)} with ${added} added)`,
        );
      }
      return;
    }
    if (action === null) return fail("(b)", s.label, `${t.config.name}: closed with an unknown redeemer`);
    let honest: TxPlan;
    if (action.action === "settle") {
      if (!adminSigned) fail("(b)", s.label, `${t.config.name}: settled without the admin`);
      if (d.participants.length !== t.config.bracketSize)
        fail("(b)", s.label, `${t.config.name}: settled before the bracket was full`);
      try {
        honest = settlePlan(t, this.world.admin, input, action.winners);
      } catch (e) {
        return fail(
          "(b)",
          s.label,
          `${t.config.name}: settled with winners the rules refuse (${action.winners.join(",")}): ${short(e)}`,
        );
      }
    } else if (action.action === "cancel" || action.action === "refund") {
      if (action.action === "cancel" && !adminSigned)
        fail("(b)", s.label, `${t.config.name}: cancelled without the admin`);
      if (action.action === "refund" && this.chain.slot <= deadlineSlot)
        fail("(b)", s.label, `${t.config.name}: refunded before its deadline`);
      honest = closePlan(t, s.plan.payer, input, action.action);
      // Promised prizes belong to the players once the bracket is full (issue #19, item 5).
      const n = d.participants.length;
      if (n === t.config.bracketSize && n > 0 && !this.exclude.has("full-bracket")) {
        const owed = t.config.entryFee * BigInt(n) + depositOf(t.config);
        const paid = created
          .filter((o) =>
            Array.from({ length: n }, (_, k) => encodePayoutTag(t.id, k)).includes(o.output.plutusData ?? ""),
          )
          .reduce((a, o) => a + lovelaceOf(o), 0n);
        if (paid < owed) {
          fail(
            "(b)",
            s.label,
            `${t.config.name}: a full bracket ${action.action === "cancel" ? "cancelled" : "refunded"}: the participants got ${paid} of the ${owed} lovelace of entry fees and deposit promised to them`,
          );
        }
      }
    } else {
      return fail("(b)", s.label, `${t.config.name}: the NFT left without a burn (${action.action})`);
    }
    // Every party other than the signers gets at least what the honest plan of that action gives it.
    const o = unpaidParty(honest, created, signers);
    if (o)
      fail(
        "(b)",
        s.label,
        `${t.config.name} ${action.action}: ${o.address} did not get its ${o.lovelace} lovelace (tag ${o.datum})`,
      );
  }

  private checkRegistrationFlow(
    s: Submission,
    r: RegistrationState,
    created: readonly UTxO[],
    signers: Set<string>,
  ): void {
    if (r.owner !== null && signers.has(r.owner.address)) return; // its registrant signed: their money, their choice
    const ts = this.tournaments[r.tournament]!;
    const address = r.utxo.output.plutusData ? decodeRegistrationDatum(r.utxo.output.plutusData, false) : null;
    const pool = created.find((o) => o.output.amount.some((a) => a.unit === ts.t.nftUnit));
    const nd = pool?.output.plutusData ? decodeTournamentDatum(pool.output.plutusData, false) : null;
    if (!pool || address === null || (nd !== null && !nd.participants.includes(address))) {
      fail(
        "(b)",
        s.label,
        `a ${r.kind} registration to ${ts.t.config.name} was spent without its registrant and without joining its tournament`,
      );
    }
    const excess = lovelaceOf(r.utxo) - ts.t.config.entryFee;
    const back = created.filter((o) => o.output.address === address).reduce((a, o) => a + lovelaceOf(o), 0n);
    if (excess > 0n && back < excess)
      fail("(b)", s.label, `a ${r.kind} registration's ${excess} lovelace overpayment went back short (${back})`);
  }

  /**
   * The admin of an add pays the fee, the top-up of underpaid registrations and of the pool's own
   * minimum: not the return of somebody's overpayment (issue #19, item 4).
   */
  protected checkCosts(s: Submission, consumed: readonly UTxO[], created: readonly UTxO[], fee: bigint): void {
    const admin = this.world.admin.address;
    const pools = consumed.filter((u) => this.tournamentOf(u) !== undefined);
    const [input] = pools;
    const ts = input && this.tournamentOf(input);
    const pool = ts && created.find((o) => o.output.amount.some((a) => a.unit === ts.t.nftUnit));
    if (!input || !ts || !pool || pools.length !== 1) return;
    const regs = consumed.map((u) => this.registrations.get(outRef(u))).filter((r) => r !== undefined);
    const outlay =
      consumed.filter((u) => u.output.address === admin).reduce((a, u) => a + lovelaceOf(u), 0n) -
      created.filter((u) => u.output.address === admin).reduce((a, u) => a + lovelaceOf(u), 0n);
    const fees = ts.t.config.entryFee * BigInt(regs.length);
    const shortfalls = regs.reduce(
      (a, r) => a + (lovelaceOf(r.utxo) < ts.t.config.entryFee ? ts.t.config.entryFee - lovelaceOf(r.utxo) : 0n),
      0n,
    );
    const growth = lovelaceOf(pool) - lovelaceOf(input) - fees;
    const extra = outlay - fee - shortfalls - (growth > 0n ? growth : 0n);
    if (extra > COST_TOLERANCE) {
      fail(
        "(b)",
        s.label,
        `the admin paid ${extra} lovelace beyond the fee, the underpayments and the pool's growth: returns of other people's overpayments (${regs.map((r) => r.kind).join(", ")})`,
      );
    }
  }

  // ------------------------------------------------------------ (c) pools

  /** `all`: the chain's UTxOs, when the caller has just read them. */
  checkPools(label: string, all: readonly UTxO[] = this.chain.allUtxos()): void {
    for (const u of all) {
      const units = u.output.amount.filter((a) => a.unit.startsWith(this.policy));
      if (units.length === 0) continue;
      const ts = this.tournaments.find((x) => units.some((a) => a.unit === x.t.nftUnit));
      if (!ts)
        fail(
          "(c)",
          label,
          `${outRef(u)} holds a tournament token the model does not know: ${units.map((a) => a.unit).join(", ")}`,
        );
      const t = ts!.t;
      if (u.output.address !== t.address)
        fail("(c)", label, `${t.config.name}'s NFT left the tournament address for ${u.output.address}`);
      const d = u.output.plutusData ? decodeTournamentDatum(u.output.plutusData, false) : null;
      if (d === null)
        fail(
          "(c)",
          label,
          `${t.config.name}'s pool datum no longer decodes with src/tournament/datum.ts: ${u.output.plutusData ?? "(none)"}`,
        );
      if (configKey(d!.config) !== configKey(t.config)) fail("(c)", label, `${t.config.name}'s configuration changed`);
      if (u.output.amount.length !== 2)
        fail(
          "(c)",
          label,
          `${t.config.name}'s pool holds more than ada and the NFT: ${u.output.amount.map((a) => a.unit).join(", ")}`,
        );
      if (u.output.scriptRef)
        fail(
          "(c)",
          label,
          `${t.config.name}'s pool carries a reference script of ${u.output.scriptRef.length / 2} bytes (every later spend pays for it)`,
        );
    }
  }

  // ------------------------------------------------------------ (a) exits

  async checkExits(label: string): Promise<void> {
    for (const ts of this.openTournaments()) {
      const u = this.chain.utxosAt(ts.t.address).find((x) => x.output.amount.some((a) => a.unit === ts.t.nftUnit));
      if (!u || exitMemo.has(outRef(u))) continue;
      await this.checkRefund(label, ts, u);
      exitMemo.add(outRef(u));
    }
    await this.checkCancels(label);
  }

  /** (a) Every pending registration that names a key can be cancelled by its registrant. */
  protected async checkCancels(label: string): Promise<void> {
    for (const r of this.registrations.values()) {
      if (r.owner === null || exitMemo.has(outRef(r.utxo))) continue;
      const chain = this.chain.snapshot();
      const t = this.tournaments[r.tournament]!.t;
      try {
        await submitPlan(chain, cancelPlan(t, r.owner, r.utxo));
      } catch (e) {
        fail(
          "(a)",
          label,
          `the ${r.kind} registration ${outRef(r.utxo)} to ${t.config.name} cannot be cancelled by its registrant: ${short(e)}`,
        );
      }
      exitMemo.add(outRef(r.utxo));
    }
  }

  private async checkRefund(label: string, ts: TournamentState, u: UTxO): Promise<void> {
    const t = ts.t;
    const chain = this.chain.snapshot();
    chain.setSlot(Math.max(chain.slot, afterDeadline(t.config.settleBy)));
    const stranger = this.world.stranger;
    let d: TournamentDatum | null = null;
    let txHash: string;
    const spent = chain.utxosAt(stranger.address);
    try {
      d = u.output.plutusData ? decodeTournamentDatum(u.output.plutusData, false) : null;
      ({ txHash } = await submitPlan(chain, closePlan(t, stranger, u, "refund")));
    } catch (e) {
      return fail(
        "(a)",
        label,
        `${t.config.name}: no refund can be built and accepted after the deadline: ${short(e)}`,
      );
    }
    const outs = chain.allUtxos().filter((o) => o.input.txHash === txHash);
    const fee = t.config.entryFee;
    d?.participants.forEach((p, k) => {
      const paid = outs
        .filter((o) => o.output.address === p && o.output.plutusData === encodePayoutTag(t.id, k))
        .reduce((a, o) => a + lovelaceOf(o), 0n);
      if (paid < fee)
        fail(
          "(a)",
          label,
          `${t.config.name}: the refund pays participant ${k} ${paid}, less than the entry fee ${fee}`,
        );
    });
    const left = new Set(chain.utxosAt(stranger.address).map(outRef));
    const outlay =
      spent.filter((x) => !left.has(outRef(x))).reduce((a, x) => a + lovelaceOf(x), 0n) -
      outs.filter((o) => o.output.address === stranger.address).reduce((a, o) => a + lovelaceOf(o), 0n);
    const txFee =
      lovelaceOf(u) +
      spent.filter((x) => !left.has(outRef(x))).reduce((a, x) => a + lovelaceOf(x), 0n) -
      outs.reduce((a, o) => a + lovelaceOf(o), 0n);
    if (outlay - txFee > COST_TOLERANCE) {
      fail(
        "(a)",
        label,
        `${t.config.name}: the stranger's refund costs ${outlay - txFee} lovelace beyond its fee (outputs the pool cannot fund)`,
      );
    }
  }
}

export { SYSTEM_START_MS };
