// V3-DESIGN §6, §9 commit 5b: v2.1's settle attacks (contracts/test/settle.test.ts,
// review-address.test.ts, review2-dispatch.test.ts) replayed on v3's settle (the winners
// proven by a postfix multiproof against the pool's peaks), and the §6 proof attacks
// tournament.test.ts does not have yet (a leaf pushed twice and another never, a join of
// non-siblings, a proof against an older root, a winner paid at another seat's address), each the
// honest plan with one change, refused by the devnet ledger with its trace code. Small tree
// (depth 4): a full bracket of 6, two placements and a fixed payout.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { makeConstrData } from "@helios-lang/uplc";
import { encodePayoutTag, REGISTRATION_ADD_REDEEMER } from "../../../src/tournament/datum.js";
import { buildMultiproof, JOIN, leafOf, type ProofOp } from "../../../src/tournament/seat-tree.js";
import { type Chain, submitPlan, type TxPlan } from "../helpers.js";
import { clonePlan } from "../fixture.js";
import { cborHex } from "../raw.js";
import { addPlan, closePlan, settlePlan, settleRedeemerV3, type Pool } from "./plans.js";
import {
  ADA,
  baseAddress,
  create,
  CUP,
  failed,
  filled,
  makeV3World,
  poolUtxo,
  refused,
  register,
  SMALL_TREE,
  stakedBy,
  tagged,
  type V3World,
} from "./attack-world.js";

let w: V3World;
let on: Chain;
/** Bracket 6, full (base addresses 0..5); a pending registration of it. */
let pool: Pool;
let seats: string[];
let pending: UTxO;
/** Bracket 4, full, alice's address at seats 0 and 2. */
let dup: Pool;
let dupSeats: string[];
/** Bracket 4, two seats: to cancel beside a settlement. */
let half: Pool;
let halfSeats: string[];

before(async () => {
  w = await makeV3World();
  on = w.chain.snapshot();
  ({ pool, seats } = await filled(w, on, { ...CUP, name: "settling" }, 6));
  pending = (await register(on, pool, w.bob, [baseAddress(30)]))[0]!;
  dup = await create(w, on, { ...CUP, bracketSize: 4, name: "dup" });
  const dupRegs = await register(on, dup, w.alice, [
    w.alice.address,
    baseAddress(41),
    w.alice.address,
    baseAddress(43),
  ]);
  const { plan, seats: after } = addPlan(dup, w.admin, poolUtxo(on, dup), [], dupRegs);
  await submitPlan(on, plan);
  dupSeats = after;
  ({ pool: half, seats: halfSeats } = await filled(w, on, { ...CUP, bracketSize: 4, name: "half" }, 2, 60));
});

const WINNERS = [4, 1];
const honest = (winners = WINNERS) => settlePlan(pool, w.admin, poolUtxo(on, pool), seats, winners);
const plan = (winners = WINNERS): TxPlan => clonePlan(honest(winners).plan);
const withProof = (p: TxPlan, winners: readonly number[], ops: readonly ProofOp[]): TxPlan => {
  p.scriptInputs[0] = { ...p.scriptInputs[0]!, redeemer: settleRedeemerV3(winners, ops) };
  return p;
};

describe("v3 settle: who and when (v2.1's settle.test.ts)", () => {
  it("honest baseline: seats 4 and 1 paid 8 and 4 ADA, the fixed payout 2 ADA, tagged 0, 1, 2; the NFT burnt", async () => {
    const c = on.snapshot();
    const { txHash } = await submitPlan(c, plan());
    assert.equal(tagged(c, pool, seats[4]!, 0, txHash).lovelace, 8n * ADA);
    assert.equal(tagged(c, pool, seats[1]!, 1, txHash).lovelace, 4n * ADA);
    assert.equal(tagged(c, pool, CUP.fixedPayouts[0]!.address, 2, txHash).lovelace, 2n * ADA);
  });

  it("attack: settling without the admin's signature: T22; mallory settles, signing: T22", async () => {
    const p = plan();
    p.requiredSigners = [];
    await refused(on, p, "T22");
    const m = plan();
    m.payer = w.mallory;
    m.requiredSigners = [w.mallory.pkh];
    await refused(on, m, "T22");
  });

  it("attack: settling with a validity ending one slot after the deadline: T23", async () => {
    const p = plan();
    p.validTo = p.validTo! + 2;
    await refused(on, p, "T23");
  });

  it("attack: the NFT not burnt (sent to the admin): T25", async () => {
    const p = plan();
    p.mints = [];
    p.outputs.push({ address: w.admin.address, lovelace: 2n * ADA, assets: [{ unit: pool.nftUnit, quantity: "1" }] });
    await refused(on, p, "T25");
  });

  it("attack: fewer winners than placements: T41; three winners for two placements: T41", async () => {
    const one = withProof(plan(), [4], buildMultiproof(seats.map(leafOf), [4], SMALL_TREE));
    await refused(on, one, "T41");
    const three = withProof(plan(), [4, 1, 2], buildMultiproof(seats.map(leafOf), [4, 1, 2], SMALL_TREE));
    await refused(on, three, "T41");
  });

  it("attack: a pending registration spent with Add in the settlement: T58", async () => {
    const p = plan();
    p.scriptInputs.push({ utxo: pending, redeemer: REGISTRATION_ADD_REDEEMER, script: pool.refs.registration! });
    await refused(on, p, "T58");
  });

  it("attack: the pool spent with an action none of the four (Constr 1 [Constr 5 []]), or minting-shaped (Constr 0 [Constr 1 []]): the script fails", async () => {
    const unknown = plan();
    unknown.scriptInputs[0] = {
      ...unknown.scriptInputs[0]!,
      redeemer: cborHex(makeConstrData(1, [makeConstrData(5, [])])),
    };
    await failed(on, unknown);
    const minting = plan();
    minting.scriptInputs[0] = {
      ...minting.scriptInputs[0]!,
      redeemer: cborHex(makeConstrData(0, [makeConstrData(1, [])])),
    };
    await failed(on, minting);
  });

  it("attack: the settlement of this pool and the cancel of another under one Burn (the cancel's outputs standing for the prizes): T24", async () => {
    const p = plan();
    const cancel = closePlan(half, w.admin, poolUtxo(on, half), halfSeats, "cancel").plan;
    p.scriptInputs.push(...cancel.scriptInputs);
    p.mints.push(...cancel.mints);
    await refused(on, p, "T24");
  });
});

describe("v3 settle: the payments (v2.1's settle.test.ts, review-address.test.ts)", () => {
  it("attack: placement 0 paid to mallory, a non-participant (the proof honest): T74", async () => {
    const p = plan();
    p.outputs[0] = { ...p.outputs[0]!, address: w.mallory.address };
    await refused(on, p, "T74");
  });

  it("attack: placement 0 paid to the winner's key staked by mallory: T74", async () => {
    const p = plan();
    p.outputs[0] = { ...p.outputs[0]!, address: stakedBy(seats[4]!, w.mallory.pkh) };
    await refused(on, p, "T74");
  });

  it("attack: placement 0 paid at seat 2's address (a participant, at another seat than the winner named): T74", async () => {
    const p = plan();
    p.outputs[0] = { ...p.outputs[0]!, address: seats[2]! };
    await refused(on, p, "T74");
  });

  it("attack: a winner beyond the seats (seat 6 of 6): T72", async () => {
    const { ops } = honest();
    await refused(on, withProof(plan(), [6, 1], ops), "T72");
  });

  it("attack: placement 0 one lovelace short: T44; the fixed payout one lovelace short: T47, or to mallory: T46", async () => {
    const p = plan();
    p.outputs[0] = { ...p.outputs[0]!, lovelace: 8n * ADA - 1n };
    await refused(on, p, "T44");
    const f = plan();
    f.outputs[2] = { ...f.outputs[2]!, lovelace: 2n * ADA - 1n };
    await refused(on, f, "T47");
    const m = plan();
    m.outputs[2] = { ...m.outputs[2]!, address: w.mallory.address };
    await refused(on, m, "T46");
  });

  it("attack: a prize tagged with another payout's index: T45; with another tournament's id: T45; the fixed payout untagged: T48", async () => {
    const p = plan();
    p.outputs[0] = { ...p.outputs[0]!, datum: encodePayoutTag(pool.id, 1) };
    await refused(on, p, "T45");
    const other = plan();
    other.outputs[1] = { ...other.outputs[1]!, datum: encodePayoutTag(half.id, 1) };
    await refused(on, other, "T45");
    const untagged = plan();
    const { datum: _dropped, ...bare } = untagged.outputs[2]!;
    untagged.outputs[2] = bare;
    await refused(on, untagged, "T48");
  });

  it("attack: one output for both placements of alice (seats 0 and 2 of a bracket of 4): T44, T45 or T74", async () => {
    const p = clonePlan(settlePlan(dup, w.admin, poolUtxo(on, dup), dupSeats, [0, 2]).plan);
    assert.equal(p.outputs[0]!.address, p.outputs[1]!.address);
    await submitPlan(on.snapshot(), clonePlan(p));
    p.outputs = [{ ...p.outputs[0]!, lovelace: 12n * ADA }, p.outputs[2]!];
    await refused(on, p, /\bT(44|45|74)\b/);
  });
});

describe("v3 settle: the multiproof (§6)", () => {
  it("attack: a leaf pushed twice and another never (placement 1 pushed where placement 0 belongs): T73, T74 or T75", async () => {
    const { ops } = honest();
    const firstPush = ops.indexOf(0);
    assert.ok(firstPush >= 0);
    const twice = ops.map((op, i) => (i === firstPush ? 1 : op));
    await refused(on, withProof(plan(), WINNERS, twice), /\bT7[345]\b/);
  });

  it("attack: a join of non-siblings (seats 1 and 4 joined at once): T75", async () => {
    const { ops } = honest();
    await refused(on, withProof(plan(), WINNERS, [1, 0, JOIN, ...ops]), "T75");
  });

  it("attack: a proof against an older root (the pool at 5 seats, before the last add): T74", async () => {
    const older = buildMultiproof(seats.slice(0, 5).map(leafOf), WINNERS, SMALL_TREE);
    assert.notDeepEqual(older, honest().ops);
    await refused(on, withProof(plan(), WINNERS, older), "T74");
  });

  it("attack: the winners in another order than the proof's placements (seats 1, 4 with the proof for 4, 1: each push lands at the other's place): T75", async () => {
    const { ops } = honest();
    const p = plan();
    [p.outputs[0], p.outputs[1]] = [
      { ...p.outputs[1]!, lovelace: 8n * ADA, datum: p.outputs[0]!.datum! },
      { ...p.outputs[0]!, lovelace: 4n * ADA, datum: p.outputs[1]!.datum! },
    ];
    await refused(on, withProof(p, [1, 4], ops), "T75");
  });
});
