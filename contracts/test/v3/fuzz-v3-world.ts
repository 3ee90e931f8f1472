// The v3 invariant fuzzer's world (contracts/V3-DESIGN.md §7; invariants-v3.test.ts runs it): one
// funded emulator built once per process, with deterministic keys, the draft's small-tree build
// (depth 4, batches of 4 seats: brackets up to 16, closes with several batches and a short last
// one, multiproofs with shared nodes) deployed, and two tournaments open, one of them with five
// seats already added. Every run works on a snapshot of it; fuzz-v3-sim.ts keeps the model and
// checks the invariants. The wallets, the gem and the admin's seeds are v2.1's world's
// (contracts/test/fuzz-world.ts), so that v2.1's register and unregister commands run unchanged.
import type { UTxO } from "@meshsdk/common";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { tournamentIdOf } from "../../../src/tournament/datum.js";
import type { TreeShape } from "../../../src/tournament/seat-tree.js";
import { addressOfKeyHash, Chain, mintNativeToken, type RefScript, submitPlan, type Wallet } from "../helpers.js";
import { type ConfigInput, registerPlan } from "../tournament-txs.js";
import {
  ADA,
  adminFunds,
  deadlineIn,
  deployScripts,
  EMPTY_PLAN,
  fundedWallets,
  type FuzzWorld,
  makeSeeds,
} from "../fuzz-world.js";
import { addPlan, type BatchOut, closePlan, createPlan, type Pool } from "./plans.js";
import { loadV3, type V3Scripts } from "./scripts.js";

/** The small-tree build (small-tree.json): 16 seats, batches of 4. */
export const SHAPE: TreeShape = { depth: 4, batchHeight: 2 };
export const BATCH_SEATS = 2 ** SHAPE.batchHeight;

/**
 * The configurations the fuzzer creates (deadline set at creation). `questionable`: the rules may
 * refuse it (an honest step on it may be refused).
 */
export const V3_CONFIGS: readonly { readonly input: Omit<ConfigInput, "settleBy">; readonly questionable: boolean }[] =
  [
    // Ten seats (batches 4 + 4 + 2), entry 5 ADA, three placements of 56.000007 ADA: a deposit of
    // 6.000007 ADA, so that a full bracket's close pays each seat 5.6 ADA and the first 7 more.
    {
      input: {
        name: "Cup",
        bracketSize: 10,
        entryFee: 5n * ADA,
        payoutStructure: [30n * ADA, 16n * ADA + 7n, 10n * ADA],
        fixedPayouts: [],
      },
      questionable: false,
    },
    // Free entry, 6.6 ADA of sponsored prizes for five: full, each seat gets 1.32 ADA, and the last
    // batch (one seat) is topped up to the batch minimum from the pool's reserve.
    {
      input: { name: "Free", bracketSize: 5, entryFee: 0n, payoutStructure: [6_600_000n], fixedPayouts: [] },
      questionable: false,
    },
    // A duel with a fixed payout (filled in at creation: carol): closes inline.
    {
      input: { name: "Duel", bracketSize: 2, entryFee: 3n * ADA, payoutStructure: [4n * ADA], fixedPayouts: [] },
      questionable: false,
    },
    // The smallest entry fee (MIN_PAYOUT_LOVELACE): a last batch of one seat owes less than the batch minimum.
    {
      input: { name: "Low", bracketSize: 5, entryFee: 1_300_000n, payoutStructure: [2n * ADA], fixedPayouts: [] },
      questionable: false,
    },
    // Sixteen seats, the whole small tree (four batches of 4), a 2 ADA deposit.
    {
      input: {
        name: "Wide",
        bracketSize: 16,
        entryFee: 2n * ADA,
        payoutStructure: [20n * ADA, 14n * ADA],
        fixedPayouts: [],
      },
      questionable: false,
    },
    // An entry fee below an output's minimum: the rules refuse the creation.
    {
      input: { name: "Dust", bracketSize: 2, entryFee: ADA / 2n, payoutStructure: [2n * ADA], fixedPayouts: [] },
      questionable: true,
    },
  ];

/** Seats the world's first tournament (Cup) starts with: two batches of 4. */
export const SEATED = 8;
/** Seats of the tournament the world cancelled, full (the deposit shared, 7 lovelace extra to seat 0): its batches (4 + 4 + 2) are live from the start. */
export const CANCELLED = 10;
export const SEEDS = 7;
/** Seeds the world uses (two open tournaments, one cancelled). */
export const SEEDS_USED = 3;

export interface V3FuzzWorld extends FuzzWorld {
  readonly scripts: V3Scripts;
  /** The batch validator, deployed in the base. */
  readonly batchRef: RefScript;
  /** Tournaments created in the base (seeds 0 and 1): v3 pools. */
  readonly open: readonly { readonly t: Pool; readonly questionable: boolean }[];
  /** The seats of each open tournament in the base. */
  readonly openSeats: readonly (readonly string[])[];
  /** A tournament the admin cancelled in the base (seed 2), its batches live. */
  readonly cancelled: {
    readonly t: Pool;
    readonly seats: readonly string[];
    readonly batches: readonly (BatchOut & { readonly utxo: UTxO })[];
  };
}

/** Reference scripts go to an address nobody holds a key for (fixed, for reproducible hashes). */
const VAULT = addressOfKeyHash("f1".repeat(28));

/** A base address: `registrant`'s payment key, `payer`'s stake key. */
export const baseAddressOf = (registrant: Wallet, payer: Wallet): string =>
  serializeAddressObj(pubKeyAddress(registrant.pkh, payer.pkh), 0);

export async function makeV3FuzzWorld(): Promise<V3FuzzWorld> {
  const scripts = loadV3(SHAPE);
  const { base, admin, players, stranger } = await fundedWallets();
  const [alice, bob, carol, mallory] = players;
  if (!alice || !bob || !carol || !mallory) throw new Error("wallets");
  // One gem (mallory's policy) held by everyone (v2.1's world mints one policy a wallet and keeps
  // the last, so that only mallory's gem mutations apply there).
  const { unit: gem, utxo: minted } = await mintNativeToken(base, mallory, "Gem", 1_000n);
  const holders = [admin, alice, bob, carol, stranger];
  await submitPlan(base, {
    ...EMPTY_PLAN,
    payer: mallory,
    walletInputs: [minted],
    outputs: [
      ...holders.map((w) => ({ address: w.address, lovelace: 2n * ADA, assets: [{ unit: gem, quantity: "100" }] })),
      {
        address: mallory.address,
        lovelace: 2n * ADA,
        assets: [{ unit: gem, quantity: `${1_000 - 100 * holders.length}` }],
      },
    ],
  });
  const seeds = await makeSeeds(base, admin, SEEDS);
  // Two deployments: the tournament script alone is some 10 KB of a transaction's 16.
  const deployed: RefScript[] = [];
  for (const group of [
    [scripts.tournament, scripts.batch],
    seeds.map((s) => scripts.registration(tournamentIdOf(s.input.txHash, s.input.outputIndex))),
  ]) {
    deployed.push(...(await deployScripts(base, stranger, VAULT, group)));
  }
  const [ref, batchRef, ...regRefs] = deployed;
  if (!ref || !batchRef) throw new Error("deploy");
  const open: { t: Pool; questionable: boolean }[] = [];
  const openSeats: string[][] = [];
  for (const [i, days] of [
    [0, 3],
    [1, 2],
  ] as const) {
    const input = { ...V3_CONFIGS[i]!.input, settleBy: deadlineIn(base.slot, days) };
    const { plan, pool } = createPlan(scripts, { tournament: ref, batch: batchRef }, admin, input, seeds[i]!);
    await submitPlan(base, { ...plan, selectFrom: adminFunds(base, admin, seeds) });
    pool.refs.registration = regRefs[i]!;
    open.push({ t: pool, questionable: false });
    openSeats.push([]);
  }
  // Cup starts with SEATED seats (key and base addresses), added in one transaction.
  const registrants = Array.from({ length: 10 }, (_, k) => {
    const p = players[k % 4]!;
    return k % 3 === 1 ? baseAddressOf(p, players[(k + 1) % 4]!) : p.address;
  });
  const seatsOf = async (pool: Pool, n: number): Promise<string[]> => {
    const { txHash } = await submitPlan(base, registerPlan(pool, bob, registrants.slice(0, n)));
    const regs = base.utxosAt(pool.registrationAddress).filter((u) => u.input.txHash === txHash);
    const { plan, seats } = addPlan(pool, admin, poolUtxoOf(base, pool)!, [], regs);
    await submitPlan(base, { ...plan, selectFrom: adminFunds(base, admin, seeds) });
    return seats;
  };
  openSeats[0] = await seatsOf(open[0]!.t, SEATED);
  // A third Cup, cancelled by the admin with CANCELLED seats: its batches are there to be paid.
  const input = { ...V3_CONFIGS[0]!.input, settleBy: deadlineIn(base.slot, 4) };
  const { plan: create, pool } = createPlan(scripts, { tournament: ref, batch: batchRef }, admin, input, seeds[2]!);
  await submitPlan(base, { ...create, selectFrom: adminFunds(base, admin, seeds) });
  pool.refs.registration = regRefs[2]!;
  const seats = await seatsOf(pool, CANCELLED);
  const close = closePlan(pool, admin, poolUtxoOf(base, pool)!, seats, "cancel");
  const { txHash } = await submitPlan(base, { ...close.plan, selectFrom: adminFunds(base, admin, seeds) });
  const batches = close.batches.map((b) => ({
    ...b,
    utxo: base.utxosAt(pool.batchAddress).find((u) => u.input.txHash === txHash && u.input.outputIndex === b.batch)!,
  }));
  return {
    base,
    admin,
    players,
    stranger,
    ref,
    seeds,
    regRefs,
    open,
    gem,
    scripts,
    batchRef,
    openSeats,
    cancelled: { t: pool, seats, batches },
  };
}

/** The pool UTxO of `pool` on `chain`, if it is open. */
export const poolUtxoOf = (chain: Chain, pool: Pool): UTxO | undefined =>
  chain.utxosAt(pool.address).find((u) => u.output.amount.some((a) => a.unit === pool.nftUnit));
