// The world the v3 draft's attack files share (V3-DESIGN §6, §9 commits 5a–5c): the small-tree
// build (depth 4: brackets up to 16; batches of 4 seats) from compiled.json, funded wallets with
// the tournament and batch scripts deployed as reference scripts, and the steps every file takes
// (create, register, add, fill) on the devnet ledger. Each attack is the honest plan with one
// change, checked by `refused` (the ledger's phase-2 refusal with the script's trace code).
import type { UTxO } from "@meshsdk/common";
import { encodePayoutTag } from "../../src/tournament/datum.js";
import { shelleyAddress } from "../../src/cardano/credential-address.js";
import { paymentCredentialOf } from "../../src/cardano/address-rules.js";
import { makeIntData, makeListData } from "@helios-lang/uplc";
import { Chain, SYSTEM_START_MS, submitPlan, type RefScript, type TxPlan, Wallet } from "../test/helpers.js";
import { assertScriptFailed, assertScriptRejected, attempt, DAY_MS, taggedAt } from "../test/fixture.js";
import type { TreeShape } from "../../src/tournament/seat-tree.js";
import { afterDeadline, deploy, ledgerOrder, registerPlan, type ConfigInput } from "../test/tournament-txs.js";
import { bytesData, hex } from "./helios.js";
import { addPlan, configData, createPlan, type Pool } from "./plans.js";
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
