// review3 (independent audit): the multiproof's stack discipline and leaf counting, and a split
// refund beside another tournament's batch payment. Each is the honest plan with one change, on the
// small tree (depth 4, batches of 4); a refused attack asserts the refusal and its trace code.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { makeConstrData, makeIntData, makeListData, type UplcData } from "@helios-lang/uplc";
import { JOIN, leafOf, type ProofOp } from "../../../src/tournament/seat-tree.js";
import { type Chain, submitPlan, type TxPlan } from "../helpers.js";
import { clonePlan } from "../fixture.js";
import { bytesData, hex, opsData } from "./helios.js";
import { batchPlan, batchUtxo, closePlan, settlePlan, settleRedeemerV3, type Pool } from "./plans.js";
import {
  CUP,
  failed,
  filled,
  makeV3World,
  pastDeadline,
  poolUtxo,
  refused,
  tagged,
  type V3World,
} from "./attack-world.js";

let w: V3World;
let on: Chain;
/** Bracket 6, full (base addresses 0..5). */
let pool: Pool;
let seats: string[];

before(async () => {
  w = await makeV3World();
  on = w.chain.snapshot();
  ({ pool, seats } = await filled(w, on, { ...CUP, name: "review3" }, 6));
});

// Seats 4 and 5 are siblings: the honest proof starts [0, 1, JOIN].
const WINNERS = [4, 5];
const honest = () => settlePlan(pool, w.admin, poolUtxo(on, pool), seats, WINNERS);
const withRedeemer = (redeemer: string): TxPlan => {
  const p = clonePlan(honest().plan);
  p.scriptInputs[0] = { ...p.scriptInputs[0]!, redeemer };
  return p;
};
const withOps = (ops: readonly ProofOp[], winners: readonly number[] = WINNERS) =>
  withRedeemer(settleRedeemerV3(winners, ops));
/** The Settle redeemer with a raw proof list (Spending wrapper, Settle = Constr 1). */
const rawSettle = (winners: readonly bigint[], ops: UplcData): string =>
  hex(makeConstrData(1, [makeConstrData(1, [makeListData(winners.map((x) => makeIntData(x))), ops])]).toCbor());

describe("review3 settle: the multiproof's stack and its leaf count", () => {
  it("honest baseline: seats 4 and 5 (siblings) win, the proof starts with [0, 1, JOIN]", async () => {
    const { ops } = honest();
    assert.deepEqual(ops.slice(0, 3), [0, 1, JOIN]);
    const c = on.snapshot();
    await submitPlan(c, honest().plan);
    assert.deepEqual([tagged(c, pool, seats[5]!, 1).count, tagged(c, pool, seats[5]!, 1).lovelace], [1, 4_000_000n]);
  });

  it("attack: winner 5's leaf given as a proof hash instead of pushed (the root is reached, one leaf pushed): T73", async () => {
    const { ops } = honest();
    await refused(on, withOps([0, leafOf(seats[5]!), ...ops.slice(3)]), "T73");
  });

  it("attack: both winners' leaves as proof hashes, nothing pushed, the root reached from winner 4 alone: T73", async () => {
    const { ops } = honest();
    // Push 0, then 1's leaf as its sibling: exactly one push; the same with the roles swapped.
    await refused(on, withOps([1, leafOf(seats[4]!), ...ops.slice(3)]), "T73");
  });

  it("attack: a join on an empty stack (JOIN first), a join with −2, a push of placement 2 (no such winner): the script fails or T75", async () => {
    const { ops } = honest();
    await failed(on, withOps([JOIN, ...ops]));
    await refused(on, withOps([0, 1, -2, ...ops.slice(3)]), "T75");
    await failed(on, withOps([0, 2, JOIN, ...ops.slice(3)]));
  });

  it("attack: a proof operation that is a list (neither an integer nor a hash): the script fails", async () => {
    const { ops } = honest();
    const list = makeListData([makeIntData(0n)]);
    const items: UplcData[] = ops.map((op) => (typeof op === "number" ? makeIntData(BigInt(op)) : bytesData(op)));
    const raw = makeListData([...items.slice(0, 3), list, ...items.slice(3)]);
    await failed(on, withRedeemer(rawSettle(WINNERS.map(BigInt), raw)));
  });

  it("attack: winners 2^70 + 4 and −1,012 (−FIRST_LEAF + 4 at depth 4 would be gi 4 on chain): T72", async () => {
    const { ops } = honest();
    await refused(on, withRedeemer(rawSettle([2n ** 70n + 4n, 5n], opsData(ops))), "T72");
    await refused(on, withRedeemer(rawSettle([4n - 16n, 5n], opsData(ops))), "T72");
  });
});

describe("review3 close: a split refund beside another tournament's batch payment", () => {
  let closed: Chain;
  let a: Pool;
  let aSeats: string[];
  let b: Pool;
  let bSeats: string[];
  let bClose: string;

  before(async () => {
    const c = w.chain.snapshot();
    ({ pool: a, seats: aSeats } = await filled(w, c, { ...CUP, bracketSize: 8, name: "r3 A" }, 6, 110));
    ({ pool: b, seats: bSeats } = await filled(w, c, { ...CUP, bracketSize: 8, name: "r3 B" }, 6, 120));
    closed = pastDeadline(c, a);
    ({ txHash: bClose } = await submitPlan(
      closed,
      closePlan(b, w.mallory, poolUtxo(closed, b), bSeats, "refund").plan,
    ));
  });

  const combined = (batchFirst: boolean): TxPlan => {
    const split = clonePlan(closePlan(a, w.mallory, poolUtxo(closed, a), aSeats, "refund").plan);
    const pay = batchPlan(b, w.mallory, batchUtxo(closed.utxosAt(b.batchAddress), bClose, 1)!, bSeats, 1);
    return {
      ...split,
      scriptInputs: [...split.scriptInputs, ...pay.scriptInputs],
      outputs: batchFirst ? [...pay.outputs, ...split.outputs] : [...split.outputs, ...pay.outputs],
    };
  };

  it("honest baseline: A's split alone, then B's batch 1 alone, are accepted", async () => {
    const c = closed.snapshot();
    await submitPlan(c, closePlan(a, w.mallory, poolUtxo(c, a), aSeats, "refund").plan);
    await submitPlan(c, batchPlan(b, w.mallory, batchUtxo(c.utxosAt(b.batchAddress), bClose, 1)!, bSeats, 1));
    assert.deepEqual([tagged(c, b, bSeats[5]!, 5).count, tagged(c, b, bSeats[5]!, 5).lovelace], [1, 5_000_000n]);
  });

  it("attack: both in one transaction, A's outputs first (B's seats after): the batch refuses T89; B's seats first: the pool refuses T82", async () => {
    await refused(closed, combined(false), /\bT(87|89)\b/);
    await refused(closed, combined(true), /\bT(82|87)\b/);
  });
});
