// V3-DESIGN §6 "budget" (locked value), §9 commit 5b/5c: the largest honest case of every path at
// the production build (contracts/plutus.json: depth 10, batches of 64) on the devnet ledger, each accepted
// and within the ledger's limits with headroom (85 % of memory, steps and size, as
// test/slow/tournament-limits.test.ts for v2.1), so that no configuration can trap coins: an add
// of 40 all returning at 984 → 1,024, settle 32 + 8 with the worst multiproof, the close of 1,024
// (16 batch UTxOs), a batch of 64 base addresses with `extra`, and the inline close of a full 64
// (the largest close that pays the seats itself). The pool is the bench's (attack-world.ts'
// fullPool, as bench/tournament-v3.ts fills it: 1,024 base addresses filled by 26 real adds, not a
// built UTxO).
// Every figure is printed (the test's diagnostics).
import assert from "node:assert/strict";
import { before, describe, it, type TestContext } from "node:test";
import { MIN_PAYOUT_LOVELACE } from "../../../src/tournament/limits.js";
import { afterDeadline, deploy, ledgerOrder, registerPlan } from "../tournament-txs.js";
import { MAX_TX_MEM, MAX_TX_SIZE, MAX_TX_STEPS, submitPlan } from "../helpers.js";
import { addPlan, batchPlan, batchUtxo, closePlan, closeTerms, createPlan, settlePlan } from "./plans.js";
import {
  ADD,
  fullPool,
  type FullPool,
  measured,
  type Measured,
  poolUtxo,
  tagged,
  worstWinners,
} from "./attack-world.js";

const HEADROOM = 0.85;
let fp: FullPool;

before(async () => {
  fp = await fullPool();
});

const pct = (x: number, of: bigint | number): string => `${((100 * x) / Number(of)).toFixed(1)} %`;

/** Accepted by the ledger, and size, memory and steps under HEADROOM of the limits; the figures printed. */
function withinLimits(t: TestContext, what: string, m: Measured): void {
  const line =
    `${what}: ${m.size} B (${pct(m.size, MAX_TX_SIZE)}), memory ${m.mem} (${pct(m.mem, MAX_TX_MEM)}), ` +
    `steps ${m.steps} (${pct(m.steps, MAX_TX_STEPS)}), fee ${m.fee} lovelace`;
  t.diagnostic(line);
  assert.ok(m.accepted, `${what}: the ledger refused it: ${m.error}`);
  assert.ok(m.size <= MAX_TX_SIZE * HEADROOM, line);
  assert.ok(m.mem <= Number(MAX_TX_MEM) * HEADROOM, line);
  assert.ok(m.steps <= Number(MAX_TX_STEPS) * HEADROOM, line);
}

describe("v3 budget at the production tree: the largest honest case of every path, within the ledger's limits", () => {
  it("the pool is full: 1,024 seats in the datum's accumulator, by 26 adds", () => {
    assert.equal(fp.seats.length, 1024);
    assert.equal(fp.seatsBeforeLast.length, 1024 - ADD);
    assert.equal(fp.scripts.shape.depth, 10);
    assert.equal(fp.scripts.shape.batchHeight, 6);
  });

  it("add 40 at 984 → 1,024, every registration overpaying by 2 ADA (40 tagged returns to base addresses)", async (t) => {
    const on = fp.beforeLast.snapshot();
    const { txHash } = await submitPlan(
      on,
      registerPlan(fp.pool, fp.stranger, fp.lastRegistrants, fp.input.entryFee + 2_000_000n),
    );
    const over = on.utxosAt(fp.pool.registrationAddress).filter((u) => u.input.txHash === txHash);
    assert.equal(over.length, ADD);
    const { plan, seats } = addPlan(fp.pool, fp.admin, poolUtxo(on, fp.pool), fp.seatsBeforeLast, over);
    assert.equal(plan.outputs.length, 1 + ADD);
    const m = await measured(on, plan);
    withinLimits(t, "add 40 at 984 → 1,024, all returning", m);
    assert.equal(seats.length, 1024);
    for (const k of [984, 1023]) assert.equal(tagged(on, fp.pool, seats[k]!, k, m.txHash).lovelace, 2_000_000n);
  });

  it("settle 32 placements + 8 fixed payouts, the worst multiproof (32 winners in 32 distinct subtrees: 160 hashes)", async (t) => {
    const on = fp.full.snapshot();
    const winners = worstWinners();
    const { plan, ops } = settlePlan(fp.pool, fp.admin, poolUtxo(on, fp.pool), fp.seats, winners);
    const hashes = ops.filter((op) => typeof op !== "number").length;
    assert.equal(hashes, 160);
    const m = await measured(on, plan);
    withinLimits(t, `settle 32 + 8, worst case (${hashes} hashes, ${ops.length} ops)`, m);
    assert.equal(tagged(on, fp.pool, fp.seats[winners[31]!]!, 31, m.txHash).lovelace, 38_000_000n);
  });

  describe("refund of the full 1,024 by a stranger: the close, then batches", () => {
    let closed: ReturnType<FullPool["full"]["snapshot"]>;
    let closeTx: string;

    it("the close: 16 batch UTxOs of 64 seats and the admin's remainder", async (t) => {
      closed = fp.full.snapshot();
      closed.setSlot(afterDeadline(fp.input.settleBy));
      const { plan, batches } = closePlan(fp.pool, fp.stranger, poolUtxo(closed, fp.pool), fp.seats, "refund");
      assert.equal(batches.length, 16);
      const m = await measured(closed, plan);
      withinLimits(t, "refund of 1,024: the close (16 batch outputs + remainder)", m);
      closeTx = m.txHash!;
      assert.equal(closed.utxosAt(fp.pool.batchAddress).filter((u) => u.input.txHash === closeTx).length, 16);
    });

    it("batch 0: 64 base addresses, `extra` on the first (the widest batch payment)", async (t) => {
      assert.ok(closeTx !== undefined, "the close ran first");
      const { pay, extra } = closeTerms(fp.pool, 1024);
      assert.deepEqual([pay, extra], [2_195_312n, 512n]);
      assert.ok(pay >= MIN_PAYOUT_LOVELACE);
      const u = batchUtxo(closed.utxosAt(fp.pool.batchAddress), closeTx, 0)!;
      const plan = batchPlan(fp.pool, fp.stranger, u, fp.seats, 0);
      assert.equal(plan.outputs.length, 64);
      const m = await measured(closed, plan);
      withinLimits(t, "pay batch 0 (64 seats, extra on the first)", m);
      assert.equal(tagged(closed, fp.pool, fp.seats[0]!, 0, m.txHash).lovelace, pay + extra);
      assert.equal(tagged(closed, fp.pool, fp.seats[63]!, 63, m.txHash).lovelace, pay);
    });

    it("batch 15: 64 base addresses, tags [id, 960 + k] (the widest tags)", async (t) => {
      const u = batchUtxo(closed.utxosAt(fp.pool.batchAddress), closeTx, 15)!;
      const m = await measured(closed, batchPlan(fp.pool, fp.stranger, u, fp.seats, 15));
      withinLimits(t, "pay batch 15 (64 seats)", m);
      assert.equal(tagged(closed, fp.pool, fp.seats[1023]!, 1023, m.txHash).count, 1);
    });
  });

  it("the inline close of a full 64 (one batch of seats: the refund pays every seat itself, extra on the first)", async (t) => {
    // The bench's configuration at 64 seats, on the same chain: the largest close that pays inline.
    const on = fp.full.snapshot();
    // First prize one lovelace more, so that the deposit leaves an `extra` (1) for seat 0.
    const [firstPrize, ...prizes] = fp.input.payoutStructure;
    const input = {
      ...fp.input,
      name: "v3, 64 seats inline",
      bracketSize: 64,
      payoutStructure: [firstPrize! + 1n, ...prizes],
    };
    const seed = on.utxosAt(fp.admin.address).filter((u) => u.output.amount.length === 1)[0]!;
    const refs = { tournament: fp.pool.refs.tournament, batch: fp.pool.batchRef };
    const { plan: make, pool } = createPlan(fp.scripts, refs, fp.admin, input, seed);
    await submitPlan(on, make);
    pool.refs.registration = (await deploy(on, fp.admin, [pool.registration]))[0];
    await submitPlan(on, registerPlan(pool, fp.stranger, fp.seats.slice(0, 64)));
    const regs = on.utxosAt(pool.registrationAddress).sort(ledgerOrder);
    let seats: string[] = [];
    for (const chunk of [regs.slice(0, 64 - ADD), regs.slice(64 - ADD)]) {
      const { plan, seats: after } = addPlan(pool, fp.admin, poolUtxo(on, pool), seats, chunk);
      await submitPlan(on, plan);
      seats = after;
    }
    const { pay, extra, batches } = closeTerms(pool, 64);
    assert.deepEqual([extra, batches], [1n, 1]);
    on.setSlot(afterDeadline(input.settleBy));
    const { plan } = closePlan(pool, fp.stranger, poolUtxo(on, pool), seats, "refund");
    assert.equal(plan.outputs.length, 65);
    const m = await measured(on, plan);
    withinLimits(t, "refund of a full 64 inline (64 seat outputs + remainder)", m);
    assert.equal(tagged(on, pool, seats[0]!, 0, m.txHash).lovelace, pay + extra);
  });

  it("cancel of the full 1,024 by the admin: the close (16 batch outputs + remainder)", async (t) => {
    const on = fp.full.snapshot();
    const m = await measured(on, closePlan(fp.pool, fp.admin, poolUtxo(on, fp.pool), fp.seats, "cancel").plan);
    withinLimits(t, "cancel of 1,024: the close", m);
  });
});
