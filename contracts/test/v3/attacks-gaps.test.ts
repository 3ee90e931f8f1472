// The cells of SECURITY.md's v3 matrix that had no test (its "Gaps" list), closed where money
// depends on them: unregister on v3's registration validator (a registrant's fee), the race of two
// strangers refunding one pool, the admin's cancel after the deadline, a batch spent beside an add,
// and registrant datums whose stake part no ledger address can have (such a seat could never be
// paid: its batch, or an inline close, would be locked for good).
// Each is the honest plan with one change, refused by the devnet ledger with its trace code (or the
// ledger's own refusal of a spent input). Small tree (depth 4, batches of 4 seats).
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { makeByteArrayData, makeConstrData, makeIntData, type UplcData } from "@helios-lang/uplc";
import { REGISTRATION_ADD_REDEEMER } from "../../../src/tournament/datum.js";
import { accumulatorOf, leafOf } from "../../../src/tournament/seat-tree.js";
import { blake2b256Bytes } from "../../../src/cardano/hash.js";
import { type Chain, lovelaceOf, submitPlan } from "../helpers.js";
import { assertLedgerRejected, attempt, clonePlan } from "../fixture.js";
import { cancelPlan, registerPlan } from "../tournament-txs.js";
import { addressData, cborHex, keyCred, scriptCred, stakeOf } from "../raw.js";
import { addPlan, batchPlan, batchUtxo, closePlan, type Pool } from "./plans.js";
import {
  baseAddress,
  CUP,
  datumWith,
  filled,
  makeV3World,
  pastDeadline,
  poolUtxo,
  refused,
  register,
  SMALL_TREE,
  tagged,
  type V3World,
} from "./attack-world.js";

let w: V3World;
let on: Chain;
/** Bracket 8, 6 seats (batches of 4 and 2 when closed); alice's own registration pending. */
let pool: Pool;
let seats: string[];
let pending: UTxO;
/** Bracket 8, 2 seats, a registration pending: an open pool to add to. */
let open: Pool;
let openSeats: string[];
let openPending: UTxO[];

before(async () => {
  w = await makeV3World();
  on = w.chain.snapshot();
  ({ pool, seats } = await filled(w, on, { ...CUP, bracketSize: 8, name: "gaps" }, 6));
  [pending] = (await register(on, pool, w.alice, [w.alice.address])) as [UTxO];
  ({ pool: open, seats: openSeats } = await filled(w, on, { ...CUP, bracketSize: 8, name: "open" }, 2, 20));
  openPending = await register(on, open, w.bob, [baseAddress(30)]);
});

describe("v3 unregister: the registration validator with v3's parameters (v2.1's registration.test.ts)", () => {
  it("honest: alice cancels her pending registration and gets the whole output back", async () => {
    const c = on.snapshot();
    const { txHash } = await submitPlan(c, cancelPlan(pool, w.alice, pending));
    const back = c.utxosAt(w.alice.address).filter((u) => u.input.txHash === txHash);
    assert.ok(back.some((u) => lovelaceOf(u) === lovelaceOf(pending)));
    assert.equal(c.utxosAt(pool.registrationAddress).length, 0);
  });

  it("attack: mallory cancels alice's registration, signing and taking its value: T56; alice's key witnessing but not a required signer: T56", async () => {
    const honest = cancelPlan(pool, w.alice, pending);
    const theft = clonePlan(honest);
    theft.payer = w.mallory;
    theft.signers = [w.mallory];
    theft.requiredSigners = [w.mallory.pkh];
    theft.outputs = [{ address: w.mallory.address, lovelace: lovelaceOf(pending) }];
    await refused(on, theft, "T56");
    const unlisted = clonePlan(honest);
    unlisted.requiredSigners = [];
    await refused(on, unlisted, "T56");
  });

  it("honest: a pending registration is cancelled by its registrant after its pool was refunded (split), and can no longer be taken with Add: T58", async () => {
    const c = pastDeadline(on, pool);
    await submitPlan(c, closePlan(pool, w.mallory, poolUtxo(c, pool), seats, "refund").plan);
    const sweep = clonePlan(cancelPlan(pool, w.alice, pending));
    sweep.payer = w.mallory;
    sweep.signers = [w.mallory];
    sweep.requiredSigners = [];
    sweep.scriptInputs = [{ ...sweep.scriptInputs[0]!, redeemer: REGISTRATION_ADD_REDEEMER }];
    sweep.outputs = [{ address: w.mallory.address, lovelace: lovelaceOf(pending) }];
    await refused(c, sweep, "T58");
    await submitPlan(c, cancelPlan(pool, w.alice, pending));
    assert.equal(c.utxosAt(pool.registrationAddress).length, 0);
  });
});

describe("v3 close: who and when (v2.1's close.test.ts contention and cancel-after-the-deadline)", () => {
  it("contention: two strangers race to refund the pool (split): both build the same outputs, the first is taken, the second refused by the ledger (its input is spent); the batches exist once", async () => {
    const c = pastDeadline(on, pool);
    const current = poolUtxo(c, pool);
    const first = closePlan(pool, w.mallory, current, seats, "refund").plan;
    const second = closePlan(pool, w.bob, current, seats, "refund").plan;
    assert.deepEqual(
      second.outputs.map((o) => [o.address, o.lovelace, o.datum]),
      first.outputs.map((o) => [o.address, o.lovelace, o.datum]),
    );
    const { txHash } = await submitPlan(c, first);
    assertLedgerRejected(
      await attempt(c, second),
      new RegExp(
        `missing inputs: TreeSet\\(TransactionInput\\("${current.input.txHash}",${current.input.outputIndex}\\)`,
      ),
    );
    assert.deepEqual(
      c
        .utxosAt(pool.batchAddress)
        .map((u) => u.input.txHash)
        .sort(),
      [txHash, txHash],
    );
  });

  it("honest: the admin cancels after the deadline too (cancel has no deadline): the split and both batches, each seat paid once", async () => {
    const c = pastDeadline(on, pool);
    const { txHash: closeTx } = await submitPlan(c, closePlan(pool, w.admin, poolUtxo(c, pool), seats, "cancel").plan);
    for (const j of [0, 1])
      await submitPlan(c, batchPlan(pool, w.mallory, batchUtxo(c.utxosAt(pool.batchAddress), closeTx, j)!, seats, j));
    for (const [k, s] of seats.entries()) assert.equal(tagged(c, pool, s, k).count, 1);
  });
});

describe("v3 batch: beside other script work", () => {
  it("attack: a batch spent beside another pool's add, its seats paid after the add's outputs: T35 (or the batch's T88, T89)", async () => {
    // The pool closed by the admin's cancel before the deadline, while the other pool is open.
    const d = on.snapshot();
    const { txHash: cancelTx } = await submitPlan(d, closePlan(pool, w.admin, poolUtxo(d, pool), seats, "cancel").plan);
    const live = batchPlan(pool, w.mallory, batchUtxo(d.utxosAt(pool.batchAddress), cancelTx, 1)!, seats, 1);
    const p = clonePlan(addPlan(open, w.admin, poolUtxo(d, open), openSeats, openPending).plan);
    p.scriptInputs.push(...live.scriptInputs);
    p.outputs.push(...live.outputs);
    // Both scripts refuse it; which one the ledger reports first depends on the inputs' order
    // (random transaction ids): the add (another script's input) or the batch (output 0 is the pool).
    await refused(d, p, /\bT35\b|\bT8[89]\b/);
    // Alone, each is accepted.
    await submitPlan(d.snapshot(), live);
    await submitPlan(d, addPlan(open, w.admin, poolUtxo(d, open), openSeats, openPending).plan);
  });
});

describe("v3 add: a seat must be an address some output can have (locked value)", () => {
  // attacks-add's table covers the payment part and a pointer; these are the stake part's shapes.
  // A seat's leaf is its datum's serialization, and a close or batch compares it with the leaf of
  // a paying output's address: a datum no address serializes to would make that seat unpayable.
  const stakeHash = (bytes: number) => "ab".repeat(bytes);
  const STAKE: [string, () => UplcData][] = [
    ["a stake key hash of 27 bytes", () => stakeOf(keyCred(stakeHash(27)))],
    ["a stake key hash of 29 bytes", () => stakeOf(keyCred(stakeHash(29)))],
    ["a stake script hash of 27 bytes", () => stakeOf(scriptCred(stakeHash(27)))],
    ["an empty stake key hash", () => stakeOf(keyCred(""))],
    ["a stake credential of constructor 2", () => stakeOf(makeConstrData(2, [makeByteArrayData(stakeHash(28))]))],
    ["an extra field in Some", () => makeConstrData(0, [makeConstrData(0, [keyCred(stakeHash(28))]), makeIntData(1n)])],
    [
      "an extra field in the stake key",
      () => stakeOf(makeConstrData(0, [makeByteArrayData(stakeHash(28)), makeIntData(0n)])),
    ],
    ["None with a field", () => makeConstrData(1, [makeIntData(0n)])],
  ];
  const leafOfData = (d: UplcData): Uint8Array => blake2b256Bytes(Uint8Array.from(d.toCbor()));

  for (const [what, stake] of STAKE) {
    it(`attack: a registrant datum with ${what}, appended as is: T60`, async () => {
      const c = on.snapshot();
      const datum = addressData(keyCred(w.mallory.pkh), stake());
      const reg = registerPlan(open, w.mallory, [w.mallory.address]);
      reg.outputs[0] = { ...reg.outputs[0]!, datum: cborHex(datum), lovelace: CUP.entryFee };
      const { txHash } = await submitPlan(c, reg);
      const bad = c.utxosAt(open.registrationAddress).find((u) => u.input.txHash === txHash)!;
      const p = clonePlan(addPlan(open, w.admin, poolUtxo(c, open), openSeats, openPending).plan);
      p.scriptInputs[1] = { ...p.scriptInputs[1]!, utxo: bad };
      const acc = accumulatorOf([...openSeats.map(leafOf), leafOfData(datum)], SMALL_TREE);
      p.outputs[0] = { ...p.outputs[0]!, datum: datumWith(open, acc.count, acc.peaks) };
      await refused(c, p, "T60");
    });
  }
});
