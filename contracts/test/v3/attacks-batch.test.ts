// V3-DESIGN §6, §9 commit 5c: the batch attacks tournament.test.ts does not have yet
// (a junk batch beside the genuine one, tournament A's batch paying B's seats, a redeemer other than
// PayBatch and the mixed-script wrapper's shapes, extra dropped, another id, a staked seat), each
// the honest batch payment with one change, refused by the devnet ledger with its trace code; and
// MIN_PAYOUT_LOVELACE against the largest tagged payout a 1,024 bracket makes (seat index 1023).
// Small tree (depth 4, batches of 4 seats).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { makeByteArrayData, makeConstrData, makeIntData, makeListData, makeMapData } from "@helios-lang/uplc";
import { shelleyAddress } from "../../../src/cardano/credential-address.js";
import { readAddress } from "../../../src/cardano/address-rules.js";
import { minLovelace as ledgerMinLovelace } from "../../../src/cardano/tx-encode.js";
import { valueOf } from "../../../src/cardano/value.js";
import { encodePayoutTag, REGISTRATION_ADD_REDEEMER } from "../../../src/tournament/datum.js";
import { MIN_PAYOUT_LOVELACE } from "../../../src/tournament/limits.js";
import { PRODUCTION_TREE } from "../../../src/tournament/seat-tree.js";
import { type Chain, lovelaceOf, PARAMS, submitPlan, type TxPlan } from "../helpers.js";
import { assertLedgerRejected, attempt, clonePlan } from "../fixture.js";
import { cborHex } from "../raw.js";
import { batchPlan, batchUtxo, closePlan, closeTerms, type Pool } from "./plans.js";
import {
  baseAddress,
  CUP,
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
/** Past both deadlines, after the refunds of `a` and `b` (bracket 8, 6 seats each: batches of 4 and 2) and the cancel of `shared`. */
let closed: Chain;
let a: Pool;
let aSeats: string[];
let aClose: string;
let b: Pool;
let bSeats: string[];
let bClose: string;
/** Bracket 5, full, entry 1.3 ADA, deposit 250,003: pay 1.35 ADA, extra 3 on seat 0. */
let shared: Pool;
let sharedSeats: string[];
let sharedClose: string;

before(async () => {
  w = await makeV3World();
  const on = w.chain.snapshot();
  ({ pool: a, seats: aSeats } = await filled(w, on, { ...CUP, bracketSize: 8, name: "A" }, 6));
  ({ pool: b, seats: bSeats } = await filled(w, on, { ...CUP, bracketSize: 8, name: "B" }, 6, 50));
  ({ pool: shared, seats: sharedSeats } = await filled(
    w,
    on,
    { ...CUP, bracketSize: 5, entryFee: 1_300_000n, payoutStructure: [6_750_003n], fixedPayouts: [], name: "shared" },
    5,
    100,
  ));
  // A pending registration of `a`, for the Add-in-a-batch attack.
  await register(on, a, w.alice, [baseAddress(9)]);
  closed = pastDeadline(on, a);
  ({ txHash: aClose } = await submitPlan(closed, closePlan(a, w.mallory, poolUtxo(closed, a), aSeats, "refund").plan));
  ({ txHash: bClose } = await submitPlan(closed, closePlan(b, w.mallory, poolUtxo(closed, b), bSeats, "refund").plan));
  ({ txHash: sharedClose } = await submitPlan(
    closed,
    closePlan(shared, w.admin, poolUtxo(closed, shared), sharedSeats, "cancel").plan,
  ));
});

const batchOf = (pool: Pool, closeTx: string, j: number) => batchUtxo(closed.utxosAt(pool.batchAddress), closeTx, j)!;
const honestA = (j: number): TxPlan => clonePlan(batchPlan(a, w.mallory, batchOf(a, aClose, j), aSeats, j));
const honestB = (j: number): TxPlan => clonePlan(batchPlan(b, w.mallory, batchOf(b, bClose, j), bSeats, j));

describe("v3 batch: junk batches and other tournaments' batches", () => {
  it("honest baseline: A's batch 1 paid by mallory pays seats 4 and 5, tagged [A, 4], [A, 5]", async () => {
    const c = closed.snapshot();
    const { txHash } = await submitPlan(c, honestA(1));
    for (const k of [4, 5]) assert.equal(tagged(c, a, aSeats[k]!, k, txHash).lovelace, CUP.entryFee);
  });

  it("attack: a junk batch (batch 1's datum copied, sent by mallory) spent beside the genuine batch 1, one set of outputs for both: T87", async () => {
    const c = closed.snapshot();
    const genuine = batchOf(a, aClose, 1);
    const { txHash } = await submitPlan(c, {
      payer: w.mallory,
      scriptInputs: [],
      walletInputs: [],
      mints: [],
      outputs: [{ address: a.batchAddress, lovelace: lovelaceOf(genuine), datum: genuine.output.plutusData! }],
      requiredSigners: [],
      signers: [],
    });
    const junk = c.utxosAt(a.batchAddress).find((u) => u.input.txHash === txHash)!;
    const p = honestA(1);
    p.scriptInputs.push({ ...p.scriptInputs[0]!, utxo: junk });
    await refused(c, p, "T87");
    // Alone, the junk pays the seats from its own lovelace (mallory's gift), and the genuine batch
    // is still there, paid in full by the next payer: a copied datum takes nothing.
    const alone = honestA(1);
    alone.scriptInputs[0] = { ...alone.scriptInputs[0]!, utxo: junk };
    await submitPlan(c, alone);
    const { txHash: paid } = await submitPlan(c, honestA(1));
    for (const k of [4, 5]) assert.equal(tagged(c, a, aSeats[k]!, k, paid).lovelace, CUP.entryFee);
  });

  it("contention: two strangers pay batch 1 with the same outputs: the first is taken, the second refused by the ledger (its input is spent); each seat paid once", async () => {
    const c = closed.snapshot();
    const genuine = batchOf(a, aClose, 1);
    const first = honestA(1);
    const second = clonePlan(batchPlan(a, w.bob, genuine, aSeats, 1));
    assert.deepEqual(
      second.outputs.map((o) => [o.address, o.lovelace, o.datum]),
      first.outputs.map((o) => [o.address, o.lovelace, o.datum]),
    );
    await submitPlan(c, first);
    assertLedgerRejected(
      await attempt(c, second),
      new RegExp(
        `missing inputs: TreeSet\\(TransactionInput\\("${genuine.input.txHash}",${genuine.input.outputIndex}\\)`,
      ),
    );
    for (const k of [4, 5]) assert.equal(tagged(c, a, aSeats[k]!, k).count, 1);
  });

  it("attack: A's batch 1 paying B's seats 4 and 5 (B's outputs, tagged [B, k]): T89; B's addresses tagged [A, k]: T90", async () => {
    const p = honestA(1);
    p.outputs = honestB(1).outputs;
    await refused(closed, p, "T89");
    const q = honestA(1);
    q.outputs = q.outputs.map((o, k) => ({ ...o, address: bSeats[4 + k]! }));
    await refused(closed, q, "T90");
  });

  it("attack: A's batch 1 and B's batch 1 in one transaction (both at the one batch address), each with its outputs: T87", async () => {
    const p = honestA(1);
    const q = honestB(1);
    p.scriptInputs.push(...q.scriptInputs);
    p.outputs.push(...q.outputs);
    await refused(closed, p, "T87");
  });

  it("attack: a seat's output tagged with another tournament's id (B's): T89; staked by mallory: T90", async () => {
    const p = honestA(0);
    p.outputs[2] = { ...p.outputs[2]!, datum: encodePayoutTag(b.id, 2) };
    await refused(closed, p, "T89");
    const staked = honestA(0);
    staked.outputs[2] = { ...staked.outputs[2]!, address: stakedBy(aSeats[2]!, w.mallory.pkh) };
    await refused(closed, staked, "T90");
  });

  it("attack: extra dropped (batch 0 of a full bracket pays its first seat pay, not pay + extra): T88", async () => {
    const { pay, extra } = closeTerms(shared, 5);
    assert.deepEqual([pay, extra], [1_350_000n, 3n]);
    const p = clonePlan(batchPlan(shared, w.mallory, batchOf(shared, sharedClose, 0), sharedSeats, 0));
    assert.equal(p.outputs[0]!.lovelace, pay + extra);
    await submitPlan(closed.snapshot(), p);
    const dropped = clonePlan(p);
    dropped.outputs[0] = { ...dropped.outputs[0]!, lovelace: pay };
    await refused(closed, dropped, "T88");
  });

  it("attack: a registration's Add in a batch transaction, its redeemer Constr 2 (read as Add): T58", async () => {
    const p = honestA(1);
    const reg = closed.utxosAt(a.registrationAddress)[0]!;
    p.scriptInputs.push({ utxo: reg, redeemer: cborHex(makeConstrData(2, [])), script: a.refs.registration! });
    await refused(closed, p, "T58");
    assert.notEqual(REGISTRATION_ADD_REDEEMER, cborHex(makeConstrData(2, [])));
  });
});

describe("v3 batch: redeemers other than PayBatch (the batch validator is a spending script; the tournament's is mixed)", () => {
  /** A Plutus V2 script context whose purpose is Minting (the shape the mixed wrapper unwraps), everything else empty. */
  const forgedContext = (): ReturnType<typeof makeConstrData> => {
    const always = makeConstrData(0, [
      makeConstrData(0, [makeConstrData(0, []), makeConstrData(1, [])]),
      makeConstrData(0, [makeConstrData(2, []), makeConstrData(1, [])]),
    ]);
    const txInfo = makeConstrData(0, [
      makeListData([]),
      makeListData([]),
      makeListData([]),
      makeMapData([]),
      makeMapData([]),
      makeListData([]),
      makeMapData([]),
      always,
      makeListData([]),
      makeMapData([]),
      makeMapData([]),
      makeConstrData(0, [makeByteArrayData("00".repeat(32))]),
    ]);
    return makeConstrData(0, [txInfo, makeConstrData(0, [makeByteArrayData(w.scripts.tournament.hash)])]);
  };
  const REDEEMERS: [string, () => string][] = [
    ["Constr 1 []", () => cborHex(makeConstrData(1, []))],
    ["Constr 0 [5] (PayBatch with a field)", () => cborHex(makeConstrData(0, [makeIntData(5n)]))],
    ["the integer 0", () => cborHex(makeIntData(0n))],
    ["a forged minting script context (the mixed wrapper's shape)", () => cborHex(forgedContext())],
  ];
  // Decided (V3-DESIGN §6, SECURITY.md): batch.hl's `main(d: BatchDatum, _r: Redeemer)` never
  // reads its redeemer, and Helios checks an argument's data only where it is used, so a batch is
  // spent under any redeemer at all. The redeemer carries no information (a batch has one rule,
  // and the ledger binds the redeemer to the signed body through the script data hash): the rule
  // is the same whatever it says. So no check is paid for in every batch transaction; what must
  // hold is that no redeemer relaxes the rule, which these tests prove: under each, the honest
  // payment is accepted and a seat's payment sent to mallory is refused with T90.
  for (const [what, redeemer] of REDEEMERS) {
    it(`any redeemer reads as PayBatch (${what}): the honest payment is accepted, a seat paid to mallory refused (T90)`, async () => {
      const honest = honestA(1);
      honest.scriptInputs[0] = { ...honest.scriptInputs[0]!, redeemer: redeemer() };
      const outcome = await attempt(closed.snapshot(), honest);
      assert.equal(outcome.ledger.ok, true, `the honest payment with ${what}: ${JSON.stringify(outcome.ledger)}`);
      const theft = clonePlan(honest);
      theft.outputs[0] = { ...theft.outputs[0]!, address: w.mallory.address };
      await refused(closed, theft, "T90");
    });
  }
});

describe("MIN_PAYOUT_LOVELACE at 1,024 seats (v2.1's min-payout.test.ts at tag index 63, now 1023)", () => {
  it("covers the ledger's minimum of the largest tagged payout (base address, tag [id, 1023]) at the devnet's parameters, and the ledger takes such an output", async () => {
    const last = 2 ** PRODUCTION_TREE.depth - 1;
    assert.equal(last, 1023);
    const widest = shelleyAddress(
      { hash: "ff".repeat(28), isScript: false },
      { hash: "ff".repeat(28), isScript: false },
      0,
    );
    const tag = encodePayoutTag("ff".repeat(32), last);
    const need = ledgerMinLovelace(
      {
        address: readAddress(widest, "address"),
        value: valueOf(MIN_PAYOUT_LOVELACE),
        datum: { type: "Inline", data: { type: "CBOR", content: tag } },
      },
      PARAMS.coinsPerUtxoSize,
    );
    assert.ok(MIN_PAYOUT_LOVELACE >= need, `MIN_PAYOUT_LOVELACE ${MIN_PAYOUT_LOVELACE} < the ledger's minimum ${need}`);
    const c = closed.snapshot();
    const to = shelleyAddress(
      { hash: randomBytes(28).toString("hex"), isScript: false },
      { hash: randomBytes(28).toString("hex"), isScript: false },
      0,
    );
    const { txHash } = await submitPlan(c, {
      payer: w.bob,
      scriptInputs: [],
      walletInputs: [],
      mints: [],
      outputs: [{ address: to, lovelace: MIN_PAYOUT_LOVELACE, datum: tag }],
      requiredSigners: [],
      signers: [],
    });
    assert.equal(c.utxosAt(to).filter((u) => u.input.txHash === txHash && u.output.plutusData === tag).length, 1);
  });
});
