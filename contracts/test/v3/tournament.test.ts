// v3's tournament on the devnet ledger (contracts/V3-DESIGN.md §5.3, §6), built on a small
// tree (depth 4: brackets up to 16; batches of 4 seats) by changeParam, as the fuzzer will: the
// honest paths (create → register → add → settle; create → add → refund inline and split into
// batches, each batch paid by a stranger; a full bracket's cancel with the deposit shared and a
// short last batch topped up), the chain asserted after each, and the §6 attacks each refused by
// the ledger with its trace code. The scripts come from small-tree.json (scripts.ts).
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { makeIntData, makeListData } from "@helios-lang/uplc";
import { encodePayoutTag, REGISTRATION_ADD_REDEEMER } from "../../../src/tournament/datum.js";
import { accumulatorOf, leafOf } from "../../../src/tournament/seat-tree.js";
import { shelleyAddress } from "../../../src/cardano/credential-address.js";
import {
  Chain,
  lovelaceOf,
  mintNativeToken,
  randomAddress,
  submitPlan,
  SYSTEM_START_MS,
  type TxPlan,
  Wallet,
} from "../helpers.js";
import { assertScriptRejected, attempt, clonePlan, DAY_MS, exists, taggedAt } from "../fixture.js";
import { deploy, ledgerOrder, registerPlan, type ConfigInput } from "../tournament-txs.js";
import { bytesData, hex } from "./helios.js";
import {
  addPlan,
  batchDatum,
  batchPlan,
  batchUtxo,
  closePlan,
  closeRedeemer,
  closeTerms,
  configData,
  createPlan,
  poolDatum,
  type Pool,
  registrantOf as registrantOfUtxo,
  settlePlan,
  settleRedeemerV3,
} from "./plans.js";
import { BATCH_MIN_LOVELACE, loadV3 } from "./scripts.js";
import { scriptAddress } from "../../../src/tournament/contracts.js";
import { MAX_LOVELACE } from "../../../src/tournament/limits.js";

const scriptAddressOf = (s: Parameters<typeof scriptAddress>[0]): string => scriptAddress(s, "devnet");

const ADA = 1_000_000n;
const SHAPE = { depth: 4, batchHeight: 2 };
const scripts = loadV3(SHAPE);

let chain: Chain;
let admin: Wallet;
let alice: Wallet;
let mallory: Wallet;
let refs: { tournament: Awaited<ReturnType<typeof deploy>>[number]; batch: Awaited<ReturnType<typeof deploy>>[number] };

const CUP: ConfigInput = {
  settleBy: SYSTEM_START_MS + DAY_MS,
  name: "v3 Cup",
  bracketSize: 6,
  entryFee: 5n * ADA,
  payoutStructure: [8n * ADA, 4n * ADA],
  fixedPayouts: [{ address: randomAddress(), amount: 2n * ADA }],
};

/** A base address (payment and stake key): the wider kind of seat. */
const baseAddress = (n: number): string =>
  shelleyAddress(
    { hash: (n + 16).toString(16).padStart(2, "0").repeat(28), isScript: false },
    { hash: "ab".repeat(28), isScript: false },
    0,
  );

async function create(on: Chain, input: ConfigInput): Promise<Pool> {
  const seed = on.utxosAt(admin.address).filter((u) => u.output.amount.length === 1)[0]!;
  const { plan, pool } = createPlan(scripts, refs, admin, input, seed);
  await submitPlan(on, plan);
  const [regRef] = await deploy(on, admin, [pool.registration]);
  pool.refs.registration = regRef;
  return pool;
}

const poolUtxo = (on: Chain, pool: Pool): UTxO => {
  const u = on.utxosAt(pool.address).find((x) => x.output.amount.some((a) => a.unit === pool.nftUnit));
  if (u === undefined) throw new Error("pool not found");
  return u;
};

/** Registers `addresses` (alice pays), optionally `over` lovelace more for the first; returns the registrations in ledger order. */
async function register(on: Chain, pool: Pool, addresses: readonly string[], over = 0n): Promise<UTxO[]> {
  const plan = registerPlan(pool, alice, addresses);
  if (over > 0n) plan.outputs[0] = { ...plan.outputs[0]!, lovelace: plan.outputs[0]!.lovelace + over };
  const { txHash } = await submitPlan(on, plan);
  return on
    .utxosAt(pool.registrationAddress)
    .filter((u) => u.input.txHash === txHash)
    .sort(ledgerOrder);
}

/** Adds the registrations; returns the seats after. */
async function add(on: Chain, pool: Pool, seats: readonly string[], regs: readonly UTxO[]): Promise<string[]> {
  const { plan, seats: after } = addPlan(pool, admin, poolUtxo(on, pool), seats, regs);
  await submitPlan(on, plan);
  return after;
}

const tagged = (on: Chain, pool: Pool, address: string, index: number, txHash?: string) =>
  taggedAt(on, address, encodePayoutTag(pool.id, index), txHash);

before(async () => {
  [admin, alice, mallory] = await Promise.all([Wallet.create(), Wallet.create(), Wallet.create()]);
  chain = Chain.fund([admin.address, alice.address, mallory.address], 5_000_000_000n, 4);
  const [tournament, batch] = await deploy(chain, mallory, [scripts.tournament, scripts.batch]);
  refs = { tournament: tournament!, batch: batch! };
});

describe("v3: create → register → add → settle", () => {
  let on: Chain;
  let pool: Pool;
  let seats: string[];
  let regs: UTxO[];

  before(async () => {
    on = chain.snapshot();
    pool = await create(on, CUP);
    regs = await register(on, pool, [0, 1, 2, 3, 4, 5].map(baseAddress), 2n * ADA);
  });

  it("creates the pool with [config, 0, []], the NFT, the deposit and the reserve", () => {
    const u = poolUtxo(on, pool);
    assert.equal(u.output.plutusData, poolDatum(pool.config, [], SHAPE));
    assert.deepEqual(
      u.output.amount.filter((a) => a.unit !== "lovelace"),
      [{ unit: pool.nftUnit, quantity: "1" }],
    );
    assert.ok(lovelaceOf(u) >= 2_700_000n);
    assert.equal(on.utxosAt(pool.registrationAddress).length, 6);
  });

  it("adds in the ledger's order, returns the overpayment tagged, then fills the bracket, and settles with a multiproof", async () => {
    // The overpaid registration and three others; seats follow the ledger's input order.
    const overpaid = regs.find((r) => lovelaceOf(r) > CUP.entryFee)!;
    const first = [overpaid, ...regs.filter((r) => r !== overpaid).slice(0, 3)].sort(ledgerOrder);
    const before = lovelaceOf(poolUtxo(on, pool));
    seats = await add(on, pool, [], first);
    const u = poolUtxo(on, pool);
    assert.equal(u.output.plutusData, poolDatum(pool.config, seats, SHAPE));
    assert.equal(lovelaceOf(u), before + 4n * CUP.entryFee);
    const k = first.indexOf(overpaid);
    assert.deepEqual(tagged(on, pool, seats[k]!, k), { count: 1, lovelace: 2n * ADA, units: [] });
    assert.equal(on.utxosAt(pool.registrationAddress).length, 2);

    seats = await add(on, pool, seats, on.utxosAt(pool.registrationAddress));
    assert.equal(seats.length, 6);
    assert.equal(poolUtxo(on, pool).output.plutusData, poolDatum(pool.config, seats, SHAPE));

    const { plan } = settlePlan(pool, admin, poolUtxo(on, pool), seats, [4, 1]);
    const { txHash } = await submitPlan(on, plan);
    assert.equal(exists(on, pool.nftUnit), false);
    assert.equal(tagged(on, pool, seats[4]!, 0, txHash).lovelace, 8n * ADA);
    assert.equal(tagged(on, pool, seats[1]!, 1, txHash).lovelace, 4n * ADA);
    assert.equal(tagged(on, pool, CUP.fixedPayouts[0]!.address, 2, txHash).lovelace, 2n * ADA);
  });
});

/** Creates `input`, registers and adds `n` base addresses (one add); returns the chain, pool and seats. */
async function filled(
  input: ConfigInput,
  n: number,
  on = chain.snapshot(),
): Promise<{ on: Chain; pool: Pool; seats: string[] }> {
  const pool = await create(on, input);
  const regs = await register(
    on,
    pool,
    Array.from({ length: n }, (_, i) => baseAddress(i)),
  );
  const seats = await add(on, pool, [], regs);
  return { on, pool, seats };
}

describe("v3: create → add → refund or cancel", () => {
  it("refunds 3 seats inline after the deadline (a stranger, no signature): each seat its fee, tagged; the rest to the admin", async () => {
    const { on, pool, seats } = await filled({ ...CUP, bracketSize: 8 }, 3);
    const held = lovelaceOf(poolUtxo(on, pool));
    on.setSlot(Chain.slotOf(CUP.settleBy) + 1);
    const { plan, batches } = closePlan(pool, mallory, poolUtxo(on, pool), seats, "refund");
    assert.equal(batches.length, 0);
    const { txHash } = await submitPlan(on, plan);
    assert.equal(exists(on, pool.nftUnit), false);
    seats.forEach((s, k) =>
      assert.deepEqual(tagged(on, pool, s, k, txHash), { count: 1, lovelace: 5n * ADA, units: [] }),
    );
    assert.equal(tagged(on, pool, admin.address, 3, txHash).lovelace, held - 15n * ADA);
    assert.equal(on.utxosAt(pool.batchAddress).length, 0);
  });

  it("refunds 6 seats as two batches (4 + 2) that strangers pay in any order, each seat once", async () => {
    const { on, pool, seats } = await filled({ ...CUP, bracketSize: 8 }, 6);
    const held = lovelaceOf(poolUtxo(on, pool));
    on.setSlot(Chain.slotOf(CUP.settleBy) + 1);
    const { plan, batches } = closePlan(pool, mallory, poolUtxo(on, pool), seats, "refund");
    const { txHash: closeTx } = await submitPlan(on, plan);
    assert.equal(exists(on, pool.nftUnit), false);
    const atBatch = on.utxosAt(pool.batchAddress);
    assert.deepEqual(
      atBatch.map((u) => [u.input.outputIndex, lovelaceOf(u), u.output.plutusData]).sort(),
      batches.map((b) => [b.batch, b.need, b.datum]),
    );
    assert.deepEqual(
      batches.map((b) => [b.first, b.n, b.need]),
      [
        [0, 4, 20n * ADA],
        [4, 2, 10n * ADA],
      ],
    );
    assert.equal(tagged(on, pool, admin.address, 6, closeTx).lovelace, held - 30n * ADA);
    // Batch 1 first, by mallory; then batch 0, by alice.
    const b1 = await submitPlan(on, batchPlan(pool, mallory, batchUtxo(atBatch, closeTx, 1)!, seats, 1));
    const b0 = await submitPlan(on, batchPlan(pool, alice, batchUtxo(atBatch, closeTx, 0)!, seats, 0));
    seats.forEach((s, k) =>
      assert.deepEqual(tagged(on, pool, s, k, k < 4 ? b0.txHash : b1.txHash), {
        count: 1,
        lovelace: 5n * ADA,
        units: [],
      }),
    );
    assert.equal(on.utxosAt(pool.batchAddress).length, 0);
  });

  it("cancels a full bracket of 5 (the admin): the deposit shared, the short last batch topped up to BATCH_MIN_LOVELACE", async () => {
    // Entry 1.3 ADA, prizes 6.75 ADA: deposit 0.25 ADA, pay 1.35 ADA a seat; batch 1 (one seat) owes less than 1.4 ADA.
    const input: ConfigInput = {
      ...CUP,
      bracketSize: 5,
      entryFee: 1_300_000n,
      payoutStructure: [6_750_000n],
      fixedPayouts: [],
    };
    const { on, pool, seats } = await filled(input, 5);
    assert.deepEqual(closeTerms(pool, 5), { pay: 1_350_000n, extra: 0n, deposit: 250_000n, batches: 2 });
    const { plan, batches } = closePlan(pool, admin, poolUtxo(on, pool), seats, "cancel");
    const { txHash: closeTx } = await submitPlan(on, plan);
    assert.deepEqual(
      batches.map((b) => b.need),
      [5_400_000n, BATCH_MIN_LOVELACE],
    );
    const atBatch = on.utxosAt(pool.batchAddress);
    const last = await submitPlan(on, batchPlan(pool, mallory, batchUtxo(atBatch, closeTx, 1)!, seats, 1));
    assert.equal(tagged(on, pool, seats[4]!, 4, last.txHash).count, 1);
    await submitPlan(on, batchPlan(pool, mallory, batchUtxo(atBatch, closeTx, 0)!, seats, 0));
    for (const [k, s] of seats.entries()) assert.equal(tagged(on, pool, s, k).count, 1);
  });
});

describe("v3: BATCH_MIN_LOVELACE (§5.5)", () => {
  it("covers the ledger's minimum for the widest batch output (batch 15, 64 seats, the largest amounts)", async () => {
    const on = chain.snapshot();
    const batchAddress = scriptAddressOf(scripts.batch);
    const widest = batchDatum("ff".repeat(32), 15, new Uint8Array(32).fill(0xff), 64, MAX_LOVELACE, MAX_LOVELACE);
    const bare = { scriptInputs: [], walletInputs: [], mints: [], requiredSigners: [], signers: [] };
    const { txHash } = await submitPlan(on, {
      ...bare,
      payer: alice,
      outputs: [{ address: batchAddress, lovelace: BATCH_MIN_LOVELACE, datum: widest }],
    });
    assert.equal(on.utxosAt(batchAddress).filter((u) => u.input.txHash === txHash).length, 1);
    // The ledger's minimum for it, from its refusal of 1 ADA: under BATCH_MIN_LOVELACE.
    const tooLittle = await attempt(on.snapshot(), {
      ...bare,
      payer: alice,
      outputs: [{ address: batchAddress, lovelace: 1_000_000n, datum: widest }],
    });
    const minimum = /outputs are too small.*Coin\((\d+)\)/.exec(tooLittle.ledger.error ?? "")?.[1];
    assert.ok(minimum !== undefined, tooLittle.ledger.error);
    assert.ok(BigInt(minimum) <= BATCH_MIN_LOVELACE, `minimum ${minimum}`);
  });
});

/** The ledger refused the attack in phase 2, with this trace code (V3-DESIGN §6: one change to an honest plan). */
const refused = async (on: Chain, plan: TxPlan, code: string | RegExp): Promise<void> =>
  assertScriptRejected(
    await attempt(on.snapshot(), plan),
    typeof code === "string" ? new RegExp(`\\b${code}\\b`) : code,
  );

/** A pool datum [config, count, peaks, ...more] for an attack. */
const datumWith = (pool: Pool, count: number, peaks: readonly Uint8Array[], more: number[] = []): string =>
  hex(
    makeListData([
      configData(pool.config),
      makeIntData(BigInt(count)),
      makeListData(peaks.map(bytesData)),
      ...more.map((m) => makeIntData(BigInt(m))),
    ]).toCbor(),
  );

describe("v3: the §6 attacks, each refused by the ledger with its trace code", () => {
  let on: Chain;
  /** Bracket 8: seats 0, 1 added; three more registered (regs). */
  let adding: Pool;
  let addingSeats: string[];
  let regs: UTxO[];
  /** Registrations of `adding`: 2 ADA over the fee; 0.5 ADA over (too little to return); with a reference script. */
  let overpaid: UTxO;
  let dust: UTxO;
  let scripted: UTxO;
  /** Bracket 6, full. */
  let full: Pool;
  let fullSeats: string[];
  /** Bracket 8: 6 seats (two batches) and 3 seats (inline). */
  let split: Pool;
  let splitSeats: string[];
  let inline: Pool;
  let inlineSeats: string[];
  /** Bracket 5, full: entry 1.3 ADA, a deposit of 250,003 (pay 1.35 ADA, extra 3); batch 1 (one seat) topped up. */
  let shared: Pool;
  let sharedSeats: string[];

  before(async () => {
    on = chain.snapshot();
    ({ pool: adding, seats: addingSeats } = await filled({ ...CUP, bracketSize: 8, name: "adding" }, 2, on));
    regs = await register(on, adding, [7, 8, 9].map(baseAddress));
    overpaid = (await register(on, adding, [baseAddress(10)], 2n * ADA))[0]!;
    dust = (await register(on, adding, [baseAddress(11)], ADA / 2n))[0]!;
    const withScript = registerPlan(adding, alice, [baseAddress(12)]);
    withScript.outputs[0] = { ...withScript.outputs[0]!, scriptCode: scripts.batch.code };
    const { txHash } = await submitPlan(on, withScript);
    scripted = on.utxosAt(adding.registrationAddress).find((u) => u.input.txHash === txHash)!;
    ({ pool: full, seats: fullSeats } = await filled({ ...CUP, name: "full" }, 6, on));
    ({ pool: split, seats: splitSeats } = await filled({ ...CUP, bracketSize: 8, name: "split" }, 6, on));
    ({ pool: inline, seats: inlineSeats } = await filled({ ...CUP, bracketSize: 8, name: "inline" }, 3, on));
    ({ pool: shared, seats: sharedSeats } = await filled(
      { ...CUP, bracketSize: 5, entryFee: 1_300_000n, payoutStructure: [6_750_003n], fixedPayouts: [], name: "shared" },
      5,
      on,
    ));
  });

  describe("create", () => {
    const plan = (input: ConfigInput): TxPlan => {
      const seed = on.utxosAt(admin.address).filter((u) => u.output.amount.length === 1)[0]!;
      return createPlan(scripts, refs, admin, input, seed).plan;
    };
    it("a bracket beyond the tree (17 seats at depth 4): T09", async () => {
      await refused(on, plan({ ...CUP, bracketSize: 17 }), "T09");
    });
    it("datum [config, 1, [h]] (a seat at creation): T16; [config, 0, [], x]: T69", async () => {
      const p = plan(CUP);
      const seed = p.walletInputs[0]!;
      const { pool } = createPlan(scripts, refs, admin, CUP, seed);
      const one = clonePlan(p);
      one.outputs[0] = { ...one.outputs[0]!, datum: datumWith(pool, 1, [leafOf(baseAddress(1))]) };
      await refused(on, one, "T16");
      const fourth = clonePlan(p);
      fourth.outputs[0] = { ...fourth.outputs[0]!, datum: datumWith(pool, 0, [], [0]) };
      await refused(on, fourth, "T69");
    });
    it("lovelace one short of deposit + MIN_PAYOUT_LOVELACE + BATCH_MIN_LOVELACE: T17", async () => {
      const p = clonePlan(plan({ ...CUP, payoutStructure: [40n * ADA] }));
      p.outputs[0] = { ...p.outputs[0]!, lovelace: p.outputs[0]!.lovelace - 1n };
      await refused(on, p, "T17");
    });
  });

  describe("add", () => {
    const honest = (): TxPlan => clonePlan(addPlan(adding, admin, poolUtxo(on, adding), addingSeats, regs).plan);
    const sorted = (): UTxO[] => [...regs].sort(ledgerOrder);
    const withDatum = (p: TxPlan, datum: string): TxPlan => {
      p.outputs[0] = { ...p.outputs[0]!, datum };
      return p;
    };
    const seatsAfter = (): string[] => [...addingSeats, ...sorted().map((r) => registrantOfUtxo(r))];
    it("a peak's hash flipped: T71", async () => {
      const acc = accumulatorOf(seatsAfter().map(leafOf), SHAPE);
      const peaks = acc.peaks.map((h, i) => (i === 0 ? Uint8Array.from(h, (b, j) => (j === 0 ? b ^ 1 : b)) : h));
      await refused(on, withDatum(honest(), datumWith(adding, acc.count, peaks)), "T71");
    });
    it("the registrations' peaks in another order than the ledger's: T71", async () => {
      const [a, b, c] = seatsAfter().slice(2);
      const acc = accumulatorOf([...addingSeats, b!, a!, c!].map(leafOf), SHAPE);
      await refused(on, withDatum(honest(), datumWith(adding, acc.count, acc.peaks)), "T71");
    });
    it("count + 1 with one registration fewer (a phantom seat): T70", async () => {
      const p = honest();
      p.scriptInputs.pop();
      const acc = accumulatorOf(seatsAfter().map(leafOf), SHAPE);
      await refused(on, withDatum(p, datumWith(adding, acc.count, acc.peaks)), "T70");
    });
    it("the overpayment's return short by one lovelace: T37; untagged: T38; to mallory: T36", async () => {
      const plan = (): TxPlan => clonePlan(addPlan(adding, admin, poolUtxo(on, adding), addingSeats, [overpaid]).plan);
      const short = plan();
      short.outputs[1] = { ...short.outputs[1]!, lovelace: 2n * ADA - 1n };
      await refused(on, short, "T37");
      const untagged = plan();
      untagged.outputs[1] = { ...untagged.outputs[1]!, datum: encodePayoutTag(adding.id, 0) };
      await refused(on, untagged, "T38");
      const elsewhere = plan();
      elsewhere.outputs[1] = { ...elsewhere.outputs[1]!, address: mallory.address };
      await refused(on, elsewhere, "T36");
    });
    it("an overpayment too small to return: T66; a registration with a reference script: T67", async () => {
      await refused(on, addPlan(adding, admin, poolUtxo(on, adding), addingSeats, [dust]).plan, "T66");
      // As v2.1's test: with the exact fee (the spent registration's reference script priced), the
      // add reaches phase 2, where the script refuses it.
      await refused(on, addPlan(adding, admin, poolUtxo(on, adding), addingSeats, [scripted]).plan, "T67");
    });
    it("a fourth datum item: T69; a count beyond the bracket: T29", async () => {
      const acc = accumulatorOf(seatsAfter().map(leafOf), SHAPE);
      await refused(on, withDatum(honest(), datumWith(adding, acc.count, acc.peaks, [1])), "T69");
      await refused(on, withDatum(honest(), datumWith(adding, 9, acc.peaks)), "T29");
    });
  });

  describe("settle", () => {
    const honest = (winners = [4, 1]) => settlePlan(full, admin, poolUtxo(on, full), fullSeats, winners);
    it("a proof hash flipped: T74", async () => {
      const { plan, ops } = honest();
      const at = ops.findIndex((op) => typeof op !== "number");
      const flipped = ops.map((op, i) =>
        i === at ? Uint8Array.from(op as Uint8Array, (b, j) => (j === 0 ? b ^ 1 : b)) : op,
      );
      const p = clonePlan(plan);
      p.scriptInputs[0] = { ...p.scriptInputs[0]!, redeemer: settleRedeemerV3([4, 1], flipped) };
      await refused(on, p, "T74");
    });
    it("a winner's seat off by one (the proof built for the neighbour): T74", async () => {
      const { ops } = honest([5, 1]);
      const p = clonePlan(honest().plan);
      p.scriptInputs[0] = { ...p.scriptInputs[0]!, redeemer: settleRedeemerV3([5, 1], ops) };
      await refused(on, p, "T74");
    });
    it("one seat for two placements: refused (T74 or T75)", async () => {
      const { plan, ops } = honest();
      const p = clonePlan(plan);
      p.outputs[1] = { ...p.outputs[1]!, address: fullSeats[4]! };
      p.scriptInputs[0] = { ...p.scriptInputs[0]!, redeemer: settleRedeemerV3([4, 4], ops) };
      await refused(on, p, /\bT7[45]\b/);
    });
    it("one proof hash too many (a sibling of the root): T76; one too few: T74", async () => {
      const { plan, ops } = honest();
      const more = clonePlan(plan);
      more.scriptInputs[0] = {
        ...more.scriptInputs[0]!,
        redeemer: settleRedeemerV3([4, 1], [...ops, new Uint8Array(32)]),
      };
      await refused(on, more, "T76");
      const fewer = clonePlan(plan);
      fewer.scriptInputs[0] = { ...fewer.scriptInputs[0]!, redeemer: settleRedeemerV3([4, 1], ops.slice(0, -1)) };
      await refused(on, fewer, "T74");
    });
    it("a negative seat: T72; a bracket not full: T40", async () => {
      const { plan, ops } = honest();
      const p = clonePlan(plan);
      p.scriptInputs[0] = { ...p.scriptInputs[0]!, redeemer: settleRedeemerV3([-1, 1], ops) };
      await refused(on, p, "T72");
      const notFull = settlePlan(split, admin, poolUtxo(on, split), splitSeats, [4, 1]).plan;
      await refused(on, notFull, "T40");
    });
  });

  describe("close", () => {
    const after = (): Chain => {
      const c = on.snapshot();
      c.setSlot(Chain.slotOf(CUP.settleBy) + 1);
      return c;
    };
    const honest = () => closePlan(split, mallory, poolUtxo(on, split), splitSeats, "refund");
    const withSubroots = (p: TxPlan, subroots: readonly Uint8Array[]): TxPlan => {
      p.scriptInputs[0] = { ...p.scriptInputs[0]!, redeemer: closeRedeemer("refund", subroots) };
      return p;
    };
    it("the subroots of two batches swapped: T81; one batch fewer: T80", async () => {
      const { plan, subroots } = honest();
      await refused(after(), withSubroots(clonePlan(plan), [subroots[1]!, subroots[0]!]), "T81");
      const fewer = withSubroots(clonePlan(plan), [subroots[0]!]);
      fewer.outputs.splice(1, 1);
      await refused(after(), fewer, "T80");
    });
    it("a batch datum with pay − 1: T86; a batch one lovelace under its need: T85", async () => {
      const { plan, batches, subroots } = honest();
      const p = clonePlan(plan);
      const { pay } = closeTerms(split, 6);
      p.outputs[1] = { ...p.outputs[1]!, datum: batchDatum(split.id, 1, subroots[1]!, 2, pay - 1n, 0n) };
      await refused(after(), p, "T86");
      const short = clonePlan(plan);
      short.outputs[1] = { ...short.outputs[1]!, lovelace: batches[1]!.need - 1n };
      await refused(after(), short, "T85");
    });
    it("one subroot more than the batches: T80; a batch output at the tournament address: T82; with a reference script: T84", async () => {
      const { plan, subroots } = honest();
      const more = withSubroots(clonePlan(plan), [...subroots, subroots[0]!]);
      await refused(after(), more, "T80");
      const atPool = clonePlan(plan);
      atPool.outputs[0] = { ...atPool.outputs[0]!, address: split.address };
      await refused(after(), atPool, "T82");
      const withScript = clonePlan(plan);
      withScript.outputs[1] = { ...withScript.outputs[1]!, scriptCode: scripts.batch.code };
      await refused(after(), withScript, "T84");
    });
    it("a registration taken with Add in a close (no pool in output 0): T58", async () => {
      const p = clonePlan(honest().plan);
      p.scriptInputs.push({ utxo: regs[0]!, redeemer: REGISTRATION_ADD_REDEEMER, script: adding.refs.registration! });
      await refused(after(), p, "T58");
    });
    it("a batch output with a stake credential: T82; the remainder one lovelace short: T54", async () => {
      const { plan } = honest();
      const p = clonePlan(plan);
      const staked = shelleyAddress(
        { hash: scripts.batch.hash, isScript: true },
        { hash: "cd".repeat(28), isScript: false },
        0,
      );
      p.outputs[0] = { ...p.outputs[0]!, address: staked };
      await refused(after(), p, "T82");
      const short = clonePlan(plan);
      short.outputs[2] = { ...short.outputs[2]!, lovelace: short.outputs[2]!.lovelace - 1n };
      await refused(after(), short, "T54");
    });
    it("the seats paid inline at N = 6 (above one batch): T80; batches at N = 3: T78", async () => {
      const inlinePlan = clonePlan(closePlan(inline, mallory, poolUtxo(on, inline), inlineSeats, "refund").plan);
      // Six seats paid as if they were one batch.
      const p = clonePlan(honest().plan);
      const { pay } = closeTerms(split, 6);
      p.outputs = [
        ...splitSeats.map((s, k) => ({ address: s, lovelace: pay, datum: encodePayoutTag(split.id, k) })),
        p.outputs[2]!,
      ];
      p.outputs[6] = { ...p.outputs[6]!, lovelace: lovelaceOf(poolUtxo(on, split)) - 6n * pay };
      await refused(after(), withSubroots(p, []), "T80");
      inlinePlan.scriptInputs[0] = {
        ...inlinePlan.scriptInputs[0]!,
        redeemer: closeRedeemer("refund", [leafOf(inlineSeats[0]!)]),
      };
      await refused(after(), inlinePlan, "T78");
    });
    it("extra moved to the last batch: T86; the last batch not topped up: T85; a token in a batch output: T83", async () => {
      const { plan, batches, subroots } = closePlan(shared, admin, poolUtxo(on, shared), sharedSeats, "cancel");
      assert.deepEqual(closeTerms(shared, 5), { pay: 1_350_000n, extra: 3n, deposit: 250_003n, batches: 2 });
      const moved = clonePlan(plan);
      moved.outputs[0] = { ...moved.outputs[0]!, datum: batchDatum(shared.id, 0, subroots[0]!, 4, 1_350_000n, 0n) };
      moved.outputs[1] = { ...moved.outputs[1]!, datum: batchDatum(shared.id, 1, subroots[1]!, 1, 1_350_000n, 3n) };
      await refused(on, moved, "T86");
      const bare = clonePlan(plan);
      assert.equal(batches[1]!.need, BATCH_MIN_LOVELACE);
      bare.outputs[1] = { ...bare.outputs[1]!, lovelace: 1_350_000n };
      await refused(on, bare, "T85");
      const c = on.snapshot();
      const { unit, utxo } = await mintNativeToken(c, admin, "pad", 1n);
      const padded = clonePlan(plan);
      padded.walletInputs.push(utxo);
      padded.outputs[0] = {
        ...padded.outputs[0]!,
        lovelace: padded.outputs[0]!.lovelace + 2n * ADA,
        assets: [{ unit, quantity: "1" }],
      };
      await refused(c, padded, "T83");
    });
    it("a refund before the deadline: T49; a cancel by a stranger: T22", async () => {
      // Valid from now, before the deadline (the honest refund starts after it).
      await refused(on, { ...clonePlan(honest().plan), validFrom: on.slot }, "T49");
      const stranger = closePlan(split, mallory, poolUtxo(on, split), splitSeats, "cancel").plan;
      await refused(on, stranger, "T22");
    });
  });

  describe("batch", () => {
    let closed: Chain;
    let closeTx: string;
    before(async () => {
      closed = on.snapshot();
      closed.setSlot(Chain.slotOf(CUP.settleBy) + 1);
      ({ txHash: closeTx } = await submitPlan(
        closed,
        closePlan(split, mallory, poolUtxo(closed, split), splitSeats, "refund").plan,
      ));
    });
    const honest = (j: number): TxPlan =>
      clonePlan(batchPlan(split, mallory, batchUtxo(closed.utxosAt(split.batchAddress), closeTx, j)!, splitSeats, j));
    it("a seat's output to mallory: T90; one lovelace short: T88; tagged with another seat: T89", async () => {
      const p = honest(1);
      p.outputs[1] = { ...p.outputs[1]!, address: mallory.address };
      await refused(closed, p, "T90");
      const short = honest(1);
      short.outputs[1] = { ...short.outputs[1]!, lovelace: closeTerms(split, 6).pay - 1n };
      await refused(closed, short, "T88");
      const other = honest(1);
      other.outputs[1] = { ...other.outputs[1]!, datum: encodePayoutTag(split.id, 4) };
      await refused(closed, other, "T89");
    });
    it("outputs reordered: T89; a seat skipped (the outputs shifted): T89", async () => {
      const p = honest(0);
      [p.outputs[0], p.outputs[1]] = [p.outputs[1]!, p.outputs[0]!];
      await refused(closed, p, "T89");
      const skipped = honest(0);
      skipped.outputs.splice(1, 1);
      await refused(closed, skipped, "T89");
    });
    it("two batches in one transaction: T87", async () => {
      const p = honest(1);
      p.scriptInputs.push(honest(0).scriptInputs[0]!);
      p.outputs.push(...honest(0).outputs);
      await refused(closed, p, "T87");
    });
    it("a registration taken with Add in a batch transaction: T58", async () => {
      const p = honest(1);
      p.scriptInputs.push({ utxo: regs[0]!, redeemer: REGISTRATION_ADD_REDEEMER, script: adding.refs.registration! });
      await refused(closed, p, "T58");
    });
  });
});
