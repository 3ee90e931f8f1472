// The world v3's attack files share (V3-DESIGN §6, §9 commits 5a–5c): the small-tree
// build (depth 4: brackets up to 16; batches of 4 seats) from small-tree.json, funded wallets with
// the tournament and batch scripts deployed as reference scripts, and the steps every file takes
// (create, register, add, fill) on the devnet ledger. Each attack is the honest plan with one
// change, checked by `refused` (the ledger's phase-2 refusal with the script's trace code).
import type { UTxO } from "@meshsdk/common";
import { encodePayoutTag } from "../../../src/tournament/datum.js";
import { shelleyAddress } from "../../../src/cardano/credential-address.js";
import { blake2b256Bytes } from "../../../src/cardano/hash.js";
import { paymentCredentialOf } from "../../../src/cardano/address-rules.js";
import { makeIntData, makeListData } from "@helios-lang/uplc";
import { buildPlan, Chain, SYSTEM_START_MS, submitPlan, type RefScript, type TxPlan, Wallet } from "../helpers.js";
import { readTransaction } from "../../../src/cardano/tx-view.js";
import { assertScriptFailed, assertScriptRejected, attempt, DAY_MS, taggedAt } from "../fixture.js";
import type { TreeShape } from "../../../src/tournament/seat-tree.js";
import { afterDeadline, deploy, ledgerOrder, registerPlan, type ConfigInput } from "../tournament-txs.js";
import { bytesData, hex } from "./helios.js";
import { addPlan, configData, createPlan, type Pool, registrantOf } from "./plans.js";
import { loadV3, type V3Scripts } from "./scripts.js";

export const ADA = 1_000_000n;
export const SMALL_TREE: TreeShape = { depth: 4, batchHeight: 2 };

export interface V3World {
  readonly chain: Chain;
  readonly scripts: V3Scripts;
  readonly admin: Wallet;
  readonly alice: Wallet;
  readonly bob: Wallet;
  readonly mallory: Wallet;
  readonly refs: { readonly tournament: RefScript; readonly batch: RefScript };
}

/** Four funded wallets, the small-tree build's tournament and batch scripts deployed (by mallory). */
export async function makeV3World(shape = SMALL_TREE): Promise<V3World> {
  const scripts = loadV3(shape);
  const [admin, alice, bob, mallory] = await Promise.all([
    Wallet.create(),
    Wallet.create(),
    Wallet.create(),
    Wallet.create(),
  ]);
  const chain = Chain.fund([admin!.address, alice!.address, bob!.address, mallory!.address], 5_000_000_000n, 4);
  const [tournament, batch] = await deploy(chain, mallory!, [scripts.tournament, scripts.batch]);
  return {
    chain,
    scripts,
    admin: admin!,
    alice: alice!,
    bob: bob!,
    mallory: mallory!,
    refs: { tournament: tournament!, batch: batch! },
  };
}

/** Bracket 6, 5 ADA entry, two placements and a fixed payout; deadline one day after the chain's start. */
export const CUP: ConfigInput = {
  settleBy: SYSTEM_START_MS + DAY_MS,
  name: "v3 attacks",
  bracketSize: 6,
  entryFee: 5n * ADA,
  payoutStructure: [8n * ADA, 4n * ADA],
  fixedPayouts: [
    { address: shelleyAddress({ hash: "fe".repeat(28), isScript: false }, undefined, 0), amount: 2n * ADA },
  ],
};

/** A base address (payment and stake key), n < 240: the wider kind of seat. */
export const baseAddress = (n: number): string =>
  shelleyAddress(
    { hash: (n + 16).toString(16).padStart(2, "0").repeat(28), isScript: false },
    { hash: "ab".repeat(28), isScript: false },
    0,
  );

/** The admin's creation plan for `input`, from the admin's first ada-only UTxO. */
export function creation(w: V3World, on: Chain, input: ConfigInput): ReturnType<typeof createPlan> {
  const seed = on.utxosAt(w.admin.address).filter((u) => u.output.amount.length === 1 && !u.output.scriptRef)[0]!;
  return createPlan(w.scripts, w.refs, w.admin, input, seed);
}

/** Creates `input` and deploys its registration validator. */
export async function create(w: V3World, on: Chain, input: ConfigInput): Promise<Pool> {
  const { plan, pool } = creation(w, on, input);
  await submitPlan(on, plan);
  const [regRef] = await deploy(on, w.admin, [pool.registration]);
  pool.refs.registration = regRef;
  return pool;
}

export const poolUtxo = (on: Chain, pool: Pool): UTxO => {
  const u = on.utxosAt(pool.address).find((x) => x.output.amount.some((a) => a.unit === pool.nftUnit));
  if (u === undefined) throw new Error("pool not found");
  return u;
};

/** Registers `addresses` (`payer` pays), the first `over` lovelace above the fee; returns the registrations in ledger order. */
export async function register(
  on: Chain,
  pool: Pool,
  payer: Wallet,
  addresses: readonly string[],
  over = 0n,
): Promise<UTxO[]> {
  const plan = registerPlan(pool, payer, addresses);
  if (over > 0n) plan.outputs[0] = { ...plan.outputs[0]!, lovelace: plan.outputs[0]!.lovelace + over };
  const { txHash } = await submitPlan(on, plan);
  return on
    .utxosAt(pool.registrationAddress)
    .filter((u) => u.input.txHash === txHash)
    .sort(ledgerOrder);
}

/** The admin adds the registrations; returns the seats after. */
export async function add(
  w: V3World,
  on: Chain,
  pool: Pool,
  seats: readonly string[],
  regs: readonly UTxO[],
): Promise<string[]> {
  const { plan, seats: after } = addPlan(pool, w.admin, poolUtxo(on, pool), seats, regs);
  await submitPlan(on, plan);
  return after;
}

/** Creates `input` on `on`, registers `n` base addresses (first + 0..n−1) and adds them in one add. */
export async function filled(
  w: V3World,
  on: Chain,
  input: ConfigInput,
  n: number,
  first = 0,
): Promise<{ pool: Pool; seats: string[] }> {
  const pool = await create(w, on, input);
  const regs = await register(
    on,
    pool,
    w.alice,
    Array.from({ length: n }, (_, i) => baseAddress(first + i)),
  );
  return { pool, seats: await add(w, on, pool, [], regs) };
}

/** A snapshot of `on` at the first slot wholly after `pool`'s deadline. */
export function pastDeadline(on: Chain, pool: Pool): Chain {
  const c = on.snapshot();
  c.setSlot(afterDeadline(pool.config.settleBy));
  return c;
}

/** The ledger refused `plan` in phase 2 with this trace code (V3-DESIGN §6: one change to an honest plan). */
export async function refused(on: Chain, plan: TxPlan, code: string | RegExp): Promise<void> {
  assertScriptRejected(
    await attempt(on.snapshot(), plan),
    typeof code === "string" ? new RegExp(`\\b${code}\\b`) : code,
  );
}

/** A script refused `plan` where the failure has no trace of its own (data of the wrong shape). */
export async function failed(on: Chain, plan: TxPlan): Promise<void> {
  assertScriptFailed(await attempt(on.snapshot(), plan));
}

/** A pool datum [config, count, peaks, ...more] for an attack, CBOR hex. */
export const datumWith = (pool: Pool, count: number, peaks: readonly Uint8Array[], more: number[] = []): string =>
  hex(
    makeListData([
      configData(pool.config),
      makeIntData(BigInt(count)),
      makeListData(peaks.map(bytesData)),
      ...more.map((m) => makeIntData(BigInt(m))),
    ]).toCbor(),
  );

/** `address`'s outputs tagged [pool, index] (created by `txHash` if given). */
export const tagged = (on: Chain, pool: Pool, address: string, index: number, txHash?: string) =>
  taggedAt(on, address, encodePayoutTag(pool.id, index), txHash);

/** A hash with its first byte flipped. */
export const flipped = (h: Uint8Array): Uint8Array => Uint8Array.from(h, (b, j) => (j === 0 ? b ^ 1 : b));

/** `address`'s payment key with another stake key (review-address: the right key, the attacker's stake). */
export function stakedBy(address: string, stakeKeyHash: string): string {
  const payment = paymentCredentialOf(address);
  if (payment === null) throw new Error(`${address} has no payment credential`);
  return shelleyAddress(payment, { hash: stakeKeyHash, isScript: false }, 0);
}

// ---------------------------------------------------------------- the production tree at 1,024 seats
//
// What budget.test.ts, bench/tournament-v3.ts (V3-DESIGN §8) and measure.ts share: the
// deterministic inputs (base addresses, the worst-case and random winners) and the pool of 1,024
// seats (or fewer), filled by real transactions on the devnet ledger (16 registrations of 64,
// then 26 adds: 24, then 25 of 40, in ledger order), not built as a UTxO.

let seed = 0x5eed;
/** A small deterministic generator (mulberry32), so that every run builds the same transactions. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const randomHash = (bytes: number): string =>
  hex(blake2b256Bytes(Uint8Array.from([...Array<number>(8)].map(() => Math.floor(random() * 256))))).slice(
    0,
    bytes * 2,
  );
/** A deterministic base address (payment key + stake key) on testnet: the larger and more common kind. */
export const randomBaseAddress = (): string =>
  shelleyAddress({ hash: randomHash(28), isScript: false }, { hash: randomHash(28), isScript: false }, 0);
/** Shuffles `xs` in place with the deterministic generator. */
export function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}
/** `p` distinct seats of `count`, shuffled with the deterministic generator. */
export const randomWinners = (count: number, p: number): number[] =>
  shuffle(Array.from({ length: count }, (_, i) => i)).slice(0, p);
/** 32 winners in 32 distinct subtrees of 32 seats, at scattered offsets: 160 proof hashes at depth 10. */
export const worstWinners = (): number[] => shuffle(Array.from({ length: 32 }, (_, k) => 32 * k + ((k * 13) % 32)));

/** Registrations per add (#23's target), as src/tournament/limits.ts' MAX_REGISTRATIONS_PER_ADD. */
export const ADD = 40;

export interface FullPool {
  readonly scripts: V3Scripts;
  readonly admin: Wallet;
  readonly stranger: Wallet;
  readonly input: ConfigInput;
  readonly pool: Pool;
  /** The pool at bracket − 40 seats, the last 40 registrations pending: the last add's state. */
  readonly beforeLast: Chain;
  readonly seatsBeforeLast: readonly string[];
  /** The last add's registrants (its 40 registrations in ledger order). */
  readonly lastRegistrants: readonly string[];
  /** The pool full. */
  readonly full: Chain;
  readonly seats: readonly string[];
  /** Each add of the fill, measured (with `measureAdds`; otherwise empty). */
  readonly adds: readonly Measured[];
  /** The chain and the seats after each add that reached a count of `keep` (a snapshot). */
  readonly kept: ReadonlyMap<number, { readonly chain: Chain; readonly seats: readonly string[] }>;
}

/** What fullPool fills: the bracket (1,024 by default), whether each add is measured, the counts to keep a snapshot at. */
export interface FillOptions {
  readonly bracket?: number;
  readonly measureAdds?: boolean;
  readonly keep?: readonly number[];
}

/**
 * The bench's pool on the production build (contracts/plutus.json, depth 10, batches of 64): 1,024 base
 * addresses (or `bracket`), entry 2 ADA, 32 placements (100 − 2k ADA) and 8 fixed payouts of 5 ADA to base
 * addresses (at 1,024 the deposit is 200 ADA: a close pays 2 ADA + 195,312 a seat, 512 more to seat 0), deadline
 * 30 days on; registered 64 per transaction, then added in ledger order, the odd part first, then
 * 40 at a time, every add accepted by the ledger with exact fees.
 */
export async function fullPool(options: FillOptions = {}): Promise<FullPool> {
  const bracket = options.bracket ?? 1024;
  const scripts = loadV3();
  const [admin, stranger] = await Promise.all([Wallet.create(), Wallet.create()]);
  const chain = Chain.fund([admin!.address, stranger!.address], 1_000_000_000_000n, 8);
  const [tournamentRef, batchRef] = await deploy(chain, admin!, [scripts.tournament, scripts.batch]);
  const input: ConfigInput = {
    name: `v3, ${bracket.toLocaleString("en-US")} seats`,
    bracketSize: bracket,
    entryFee: 2_000_000n,
    payoutStructure: Array.from({ length: 32 }, (_, k) => BigInt(100 - 2 * k) * 1_000_000n),
    fixedPayouts: Array.from({ length: 8 }, () => ({ address: randomBaseAddress(), amount: 5_000_000n })),
    settleBy: SYSTEM_START_MS + 30 * DAY_MS,
  };
  const seats = Array.from({ length: bracket }, randomBaseAddress);
  const seedUtxo = chain.utxosAt(admin!.address).filter((u) => u.output.amount.length === 1 && !u.output.scriptRef)[0]!;
  const { plan, pool } = createPlan(scripts, { tournament: tournamentRef!, batch: batchRef! }, admin!, input, seedUtxo);
  await submitPlan(chain, plan);
  const [regRef] = await deploy(chain, admin!, [pool.registration]);
  pool.refs.registration = regRef;
  for (let i = 0; i < seats.length; i += 64)
    await submitPlan(chain, registerPlan(pool, stranger!, seats.slice(i, i + 64)));
  const pending = chain.utxosAt(pool.registrationAddress).sort(ledgerOrder);
  const first = pending.length % ADD;
  const chunks = [
    pending.slice(0, first),
    ...Array.from({ length: Math.floor(pending.length / ADD) }, (_, c) =>
      pending.slice(first + c * ADD, first + (c + 1) * ADD),
    ),
  ].filter((c) => c.length > 0);
  let order: string[] = [];
  let beforeLast: Chain | undefined;
  let seatsBeforeLast: string[] = [];
  let lastRegistrants: string[] = [];
  const adds: Measured[] = [];
  const kept = new Map<number, { chain: Chain; seats: string[] }>();
  for (const [c, regs] of chunks.entries()) {
    if (c === chunks.length - 1) {
      beforeLast = chain.snapshot();
      seatsBeforeLast = order;
      lastRegistrants = [...regs].sort(ledgerOrder).map(registrantOf);
    }
    const { plan: addIt, seats: after } = addPlan(pool, admin!, poolUtxo(chain, pool), order, regs);
    if (options.measureAdds) {
      const m = await measured(chain, addIt);
      if (!m.accepted) throw new Error(`the add ${order.length} → ${after.length} was refused: ${m.error}`);
      adds.push(m);
    } else await submitPlan(chain, addIt);
    order = after;
    if (options.keep?.includes(order.length)) kept.set(order.length, { chain: chain.snapshot(), seats: order });
  }
  return {
    scripts,
    admin: admin!,
    stranger: stranger!,
    input,
    pool,
    beforeLast: beforeLast!,
    seatsBeforeLast,
    lastRegistrants,
    full: chain,
    seats: order,
    adds,
    kept,
  };
}

export interface Measured {
  readonly size: number;
  readonly mem: number;
  readonly steps: number;
  /** Lovelace, as the builder set it. */
  readonly fee: bigint;
  readonly accepted: boolean;
  readonly txHash?: string;
  readonly error?: string;
}

/** Builds `plan` with evaluated budgets (every script run of the transaction), measures it and submits it to `on`. */
export async function measured(on: Chain, plan: TxPlan): Promise<Measured> {
  const tx = await buildPlan(on, plan);
  const budgets = on.evaluate(tx);
  const submitted = on.submit(tx);
  return {
    size: tx.length / 2,
    mem: budgets.reduce((s, b) => s + b.budget.mem, 0),
    steps: budgets.reduce((s, b) => s + b.budget.steps, 0),
    fee: readTransaction(Buffer.from(tx, "hex")).body.fee,
    accepted: submitted.ok,
    ...(submitted.txHash === undefined ? {} : { txHash: submitted.txHash }),
    ...(submitted.error === undefined ? {} : { error: submitted.error }),
  };
}
