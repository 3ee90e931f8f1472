// V3-DESIGN §6, §9 commit 5c: v2.1's close attacks (contracts/test/close.test.ts, review-address,
// review2-dispatch) replayed on v3's cancel and refund, both ways a close goes: inline
// (N ≤ a batch: the close pays the seats, their leaves making the root) and split (N > a batch:
// batch UTxOs of verified subroots, then the admin's remainder), and the §6 close attacks the
// tournament.test.ts does not have yet (a batch datum with another id or n_j + 1, a batch
// datum by hash, the batches' indices swapped), each the honest plan with one change, refused by
// the devnet ledger with its trace code. Small tree (depth 4, batches of 4 seats).
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { makeConstrData, makeIntData, makeListData, makeMapData, makeByteArrayData } from "@helios-lang/uplc";
import { encodePayoutTag, MINT_BURN_REDEEMER, REGISTRATION_ADD_REDEEMER } from "../../../src/tournament/datum.js";
import { type Chain, lovelaceOf, submitPlan, type TxPlan } from "../helpers.js";
import { clonePlan } from "../fixture.js";
import { cborHex } from "../raw.js";
import { addPlan, batchDatum, closePlan, closeTerms, type Pool } from "./plans.js";
import {
  ADA,
  baseAddress,
  create,
  creation,
  CUP,
  failed,
  filled,
  makeV3World,
  pastDeadline,
  poolUtxo,
  refused,
  register,
  stakedBy,
  tagged,
  type V3World,
} from "./attack-world.js";

let w: V3World;
let on: Chain;
/** Bracket 8, 3 seats (alice's address at seats 0 and 1): closed inline. */
let inline: Pool;
let inlineSeats: string[];
/** Bracket 8, 6 seats: closed in two batches (4 + 2). */
let split: Pool;
let splitSeats: string[];
/** Bracket 8, 2 seats: a second pool for two closes in one transaction. */
let other: Pool;
let otherSeats: string[];
/** Free entry, bracket 8, 2 seats: nothing to pay but the remainder. */
let free: Pool;
let freeSeats: string[];

before(async () => {
  w = await makeV3World();
  on = w.chain.snapshot();
  inline = await create(w, on, { ...CUP, bracketSize: 8, name: "inline" });
  const regs = await register(on, inline, w.alice, [w.alice.address, w.alice.address, baseAddress(2)]);
  const { plan, seats } = addPlan(inline, w.admin, poolUtxo(on, inline), [], regs);
  await submitPlan(on, plan);
  inlineSeats = seats;
  ({ pool: split, seats: splitSeats } = await filled(w, on, { ...CUP, bracketSize: 8, name: "split" }, 6, 10));
  ({ pool: other, seats: otherSeats } = await filled(w, on, { ...CUP, bracketSize: 8, name: "other" }, 2, 20));
  ({ pool: free, seats: freeSeats } = await filled(
    w,
    on,
    { ...CUP, bracketSize: 8, entryFee: 0n, payoutStructure: [8n * 1_300_000n], fixedPayouts: [], name: "free" },
    2,
    30,
  ));
  // A pending registration of `split`, for the Add-in-a-close attacks.
  await register(on, split, w.bob, [baseAddress(40)]);
});

const refundOf = (pool: Pool, seats: readonly string[], c = pastDeadline(on, pool)) => ({
  c,
  ...closePlan(pool, w.mallory, poolUtxo(c, pool), seats, "refund"),
});
const cancelOf = (pool: Pool, seats: readonly string[]) =>
  closePlan(pool, w.admin, poolUtxo(on, pool), seats, "cancel");

describe("v3 close inline (3 seats): the refunds (v2.1's close.test.ts)", () => {
  const honest = () => {
    const { c, plan } = refundOf(inline, inlineSeats);
    return { c, p: clonePlan(plan) };
  };

  it("honest baseline: a stranger's refund pays seats 0..2 the fee, tagged 0..2, and the admin the rest, tagged 3", async () => {
    const { c, p } = honest();
    const held = lovelaceOf(poolUtxo(c, inline));
    const { txHash } = await submitPlan(c, p);
    assert.equal(tagged(c, inline, w.alice.address, 0, txHash).lovelace, 5n * ADA);
    assert.equal(tagged(c, inline, w.alice.address, 1, txHash).lovelace, 5n * ADA);
    assert.equal(tagged(c, inline, baseAddress(2), 2, txHash).lovelace, 5n * ADA);
    assert.equal(tagged(c, inline, w.admin.address, 3, txHash).lovelace, held - 15n * ADA);
  });

  it("attack: seat 1's refund missing: T89", async () => {
    const { c, p } = honest();
    p.outputs.splice(1, 1);
    await refused(c, p, "T89");
  });

  it("attack: seat 2's refund one lovelace short: T88", async () => {
    const { c, p } = honest();
    p.outputs[2] = { ...p.outputs[2]!, lovelace: 5n * ADA - 1n };
    await refused(c, p, "T88");
  });

  it("attack: one output refunding both of alice's seats (10 ADA tagged 0): T89", async () => {
    const { c, p } = honest();
    p.outputs = [{ ...p.outputs[0]!, lovelace: 10n * ADA }, ...p.outputs.slice(2)];
    await refused(c, p, "T89");
  });

  it("attack: the refunds of seats 1 and 2 in the wrong order (each with its own tag): T89; with the tags following the order: T79", async () => {
    const { c, p } = honest();
    [p.outputs[1], p.outputs[2]] = [p.outputs[2]!, p.outputs[1]!];
    await refused(c, p, "T89");
    const q = honest().p;
    q.outputs[1] = { ...q.outputs[1]!, address: baseAddress(2) };
    q.outputs[2] = { ...q.outputs[2]!, address: w.alice.address };
    await refused(c, q, "T79");
  });

  it("attack: a refund untagged: T89; tagged with another index: T89", async () => {
    const { c, p } = honest();
    const { datum: _d, ...bare } = p.outputs[2]!;
    p.outputs[2] = bare;
    await refused(c, p, "T89");
    const q = honest().p;
    q.outputs[2] = { ...q.outputs[2]!, datum: encodePayoutTag(inline.id, 3) };
    await refused(c, q, "T89");
  });

  it("attack: seat 2's refund paid to mallory: T79; to seat 2's key staked by mallory: T79", async () => {
    const { c, p } = honest();
    p.outputs[2] = { ...p.outputs[2]!, address: w.mallory.address };
    await refused(c, p, "T79");
    const q = honest().p;
    q.outputs[2] = { ...q.outputs[2]!, address: stakedBy(baseAddress(2), w.mallory.pkh) };
    await refused(c, q, "T79");
  });

  it("attack: the remainder to mallory: T53; to the admin's key staked by mallory: T53; one lovelace short: T54; untagged: T55", async () => {
    const { c, p } = honest();
    p.outputs[3] = { ...p.outputs[3]!, address: w.mallory.address };
    await refused(c, p, "T53");
    const staked = honest().p;
    staked.outputs[3] = { ...staked.outputs[3]!, address: stakedBy(w.admin.address, w.mallory.pkh) };
    await refused(c, staked, "T53");
    const short = honest().p;
    short.outputs[3] = { ...short.outputs[3]!, lovelace: short.outputs[3]!.lovelace - 1n };
    await refused(c, short, "T54");
    const untagged = honest().p;
    const { datum: _d, ...bare } = untagged.outputs[3]!;
    untagged.outputs[3] = bare;
    await refused(c, untagged, "T55");
  });

  it("attack: the NFT not burnt (kept in the remainder): T25", async () => {
    const { c, p } = honest();
    p.mints = [];
    p.outputs[3] = { ...p.outputs[3]!, assets: [{ unit: inline.nftUnit, quantity: "1" }] };
    await refused(c, p, "T25");
  });

  it("attack: two pools closed in one transaction (each with its outputs, one Burn): T24", async () => {
    const { c, p } = honest();
    const theirs = refundOf(other, otherSeats, c).plan;
    p.scriptInputs.push(...theirs.scriptInputs);
    p.mints.push(...theirs.mints);
    p.outputs.push(...theirs.outputs);
    await refused(c, p, "T24");
  });

  it("attack: the admin refunds (instead of cancelling) before the deadline, signing: T49; a refund valid from the deadline's own slot: T49", async () => {
    const { p } = honest();
    const early = clonePlan(p);
    early.payer = w.admin;
    early.requiredSigners = [w.admin.pkh];
    delete early.validFrom;
    await refused(on, early, "T49");
    const atDeadline = clonePlan(p);
    atDeadline.validFrom = atDeadline.validFrom! - 1;
    const c = on.snapshot();
    c.setSlot(atDeadline.validFrom);
    await refused(c, atDeadline, "T49");
  });

  it("attack: a pending registration spent with Add in an inline cancel: T58", async () => {
    const p = clonePlan(cancelOf(inline, inlineSeats).plan);
    const reg = on.utxosAt(split.registrationAddress)[0]!;
    p.scriptInputs.push({ utxo: reg, redeemer: REGISTRATION_ADD_REDEEMER, script: split.refs.registration! });
    await refused(on, p, "T58");
  });
});

describe("v3 close of a free tournament: nothing owed but the remainder", () => {
  it("honest baseline: the remainder only, tagged N = 2", async () => {
    const { c, plan } = refundOf(free, freeSeats);
    assert.equal(plan.outputs.length, 1);
    assert.equal(plan.outputs[0]!.datum, encodePayoutTag(free.id, 2));
    await submitPlan(c, plan);
  });

  it("attack: the remainder tagged 0 instead of N: T55; batches where nothing is owed (a subroot given): T77", async () => {
    const { c, plan } = refundOf(free, freeSeats);
    const p = clonePlan(plan);
    p.outputs[0] = { ...p.outputs[0]!, datum: encodePayoutTag(free.id, 0) };
    await refused(c, p, "T55");
    const q = clonePlan(plan);
    q.scriptInputs[0] = {
      ...q.scriptInputs[0]!,
      redeemer: cborHex(makeConstrData(1, [makeConstrData(3, [makeListData([makeByteArrayData("00".repeat(32))])])])),
    };
    await refused(c, q, "T77");
  });
});

describe("v3 close split (6 seats: batches of 4 and 2)", () => {
  const honest = () => {
    const r = refundOf(split, splitSeats);
    return { ...r, p: clonePlan(r.plan) };
  };

  it("attack: batch 1's datum with another tournament's id: T86; with n_j + 1: T86; by hash instead of inline: T86", async () => {
    const { c, p, batches, subroots } = honest();
    const { pay } = closeTerms(split, 6);
    p.outputs[1] = { ...p.outputs[1]!, datum: batchDatum(other.id, 1, subroots[1]!, 2, pay, 0n) };
    await refused(c, p, "T86");
    const more = clonePlan(honest().p);
    more.outputs[1] = {
      ...more.outputs[1]!,
      lovelace: more.outputs[1]!.lovelace + pay,
      datum: batchDatum(split.id, 1, subroots[1]!, 3, pay, 0n),
    };
    await refused(c, more, "T86");
    const hashed = clonePlan(honest().p);
    const { datum, ...rest } = hashed.outputs[1]!;
    hashed.outputs[1] = { ...rest, datumHash: datum! };
    assert.equal(batches[1]!.datum, datum);
    await refused(c, hashed, "T86");
  });

  it("attack: the batch outputs' indices swapped (batch 1's datum in output 0 and batch 0's in output 1): T86 or T85", async () => {
    const { c, p } = honest();
    [p.outputs[0], p.outputs[1]] = [
      { ...p.outputs[0]!, datum: p.outputs[1]!.datum! },
      { ...p.outputs[1]!, datum: p.outputs[0]!.datum! },
    ];
    await refused(c, p, /\bT8[56]\b/);
  });

  it("attack: the remainder to mallory: T53; untagged: T55; the NFT not burnt: T25", async () => {
    const { c, p } = honest();
    p.outputs[2] = { ...p.outputs[2]!, address: w.mallory.address };
    await refused(c, p, "T53");
    const untagged = honest().p;
    const { datum: _d, ...bare } = untagged.outputs[2]!;
    untagged.outputs[2] = bare;
    await refused(c, untagged, "T55");
    const kept = honest().p;
    kept.mints = [];
    kept.outputs[2] = { ...kept.outputs[2]!, assets: [{ unit: split.nftUnit, quantity: "1" }] };
    await refused(c, kept, "T25");
  });

  it("attack: this pool's split and another pool's inline refund in one transaction: T24", async () => {
    const { c, p } = honest();
    const theirs = refundOf(other, otherSeats, c).plan;
    p.scriptInputs.push(...theirs.scriptInputs);
    p.mints.push(...theirs.mints);
    p.outputs.push(...theirs.outputs);
    await refused(c, p, "T24");
  });

  it("attack: a pending registration spent with Add in a split cancel (the admin's): T58", async () => {
    const p = clonePlan(cancelOf(split, splitSeats).plan);
    const reg = on.utxosAt(split.registrationAddress)[0]!;
    p.scriptInputs.push({ utxo: reg, redeemer: REGISTRATION_ADD_REDEEMER, script: split.refs.registration! });
    await refused(on, p, "T58");
  });
});

describe("v3 close: the mixed script's dispatch and two tournaments' work (v2.1's review2-dispatch.test.ts)", () => {
  /** A script context (Plutus V2) under which the policy's Burn of `name` holds: what the mixed wrapper would run as the policy. */
  function forgedBurnContext(policy: string, name: string) {
    const always = makeConstrData(0, [
      makeConstrData(0, [makeConstrData(0, []), makeConstrData(1, [])]),
      makeConstrData(0, [makeConstrData(2, []), makeConstrData(1, [])]),
    ]);
    const txInfo = makeConstrData(0, [
      makeListData([]),
      makeListData([]),
      makeListData([]),
      makeMapData([]),
      makeMapData([[makeByteArrayData(policy), makeMapData([[makeByteArrayData(name), makeIntData(-1n)]])]]),
      makeListData([]),
      makeMapData([]),
      always,
      makeListData([]),
      makeMapData([]),
      makeMapData([]),
      makeConstrData(0, [makeByteArrayData("00".repeat(32))]),
    ]);
    return makeConstrData(0, [txInfo, makeConstrData(0, [makeByteArrayData(policy)])]);
  }

  it("attack: the admin's cancel of a real pool with a forged context as its redeemer, paying itself everything: the script fails", async () => {
    const p = clonePlan(cancelOf(inline, inlineSeats).plan);
    p.scriptInputs[0] = {
      ...p.scriptInputs[0]!,
      redeemer: cborHex(forgedBurnContext(w.scripts.tournament.hash, inline.id)),
    };
    p.outputs = [{ address: w.admin.address, lovelace: lovelaceOf(poolUtxo(on, inline)) }];
    await failed(on, p);
  });

  it("attack: junk at the tournament address whose datum is a wrapped Burn, spent with a forged context as redeemer: the script fails", async () => {
    const c = on.snapshot();
    const { txHash } = await submitPlan(c, {
      payer: w.mallory,
      scriptInputs: [],
      walletInputs: [],
      mints: [],
      outputs: [
        { address: inline.address, lovelace: 50n * ADA, datum: cborHex(makeConstrData(0, [makeConstrData(1, [])])) },
      ],
      requiredSigners: [],
      signers: [],
    });
    const junk = c.utxosAt(inline.address).find((u) => u.input.txHash === txHash)!;
    const p: TxPlan = {
      payer: w.mallory,
      scriptInputs: [
        {
          utxo: junk,
          redeemer: cborHex(forgedBurnContext(w.scripts.tournament.hash, inline.id)),
          script: w.refs.tournament,
        },
      ],
      walletInputs: [],
      mints: [],
      outputs: [{ address: w.mallory.address, lovelace: 49n * ADA }],
      requiredSigners: [],
      signers: [],
    };
    await failed(c, p);
  });

  /** The admin cancels `inline` and creates a new pool in the same transaction, the mint under one redeemer. */
  function cancelAndCreate(redeemer: "create" | "burn"): TxPlan {
    const cancel = cancelOf(inline, inlineSeats).plan;
    const { plan: make } = creation(w, on, { ...CUP, name: "Phoenix" });
    const both = clonePlan(cancel);
    both.walletInputs = make.walletInputs;
    both.outputs = [...cancel.outputs, ...make.outputs];
    const mint = redeemer === "create" ? make.mints[0]!.redeemer : MINT_BURN_REDEEMER;
    both.mints = [
      { ...cancel.mints[0]!, redeemer: mint },
      { ...make.mints[0]!, redeemer: mint },
    ];
    both.validFrom = make.validFrom!;
    both.validTo = make.validTo!;
    return both;
  }

  it("attack: a pool created in the transaction that cancels another, under Create: T02; under Burn: T20", async () => {
    await refused(on, cancelAndCreate("create"), "T02");
    await refused(on, cancelAndCreate("burn"), "T20");
  });
});
