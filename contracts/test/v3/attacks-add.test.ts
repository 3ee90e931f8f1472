// V3-DESIGN §6, §9 commit 5a: v2.1's add, registration, overpayment and participant attacks
// (contracts/SECURITY.md's matrix, contracts/test/{add,overpay,participant,other-redeemer,
// registration,exits,auditor,pool,stake,review-tokens,review2-dispatch}.test.ts) replayed on the
// v3's add (AddParticipants + each registration's Add; the seats appended to the peaks in
// ledger order), each the honest plan with one change, refused by the devnet ledger with its trace
// code. Small tree (depth 4, batches of 4). The attacks tournament.test.ts has
// (a peak flipped, another order, a phantom seat, a 4th item, beyond the bracket, return short /
// untagged / to mallory, dust, a reference script) are not repeated.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { makeByteArrayData, makeConstrData, makeIntData, makeListData, type UplcData } from "@helios-lang/uplc";
import {
  encodePayoutTag,
  MINT_BURN_REDEEMER,
  REGISTRATION_ADD_REDEEMER,
  REGISTRATION_CANCEL_REDEEMER,
} from "../../../src/tournament/datum.js";
import { accumulatorOf, leafOf } from "../../../src/tournament/seat-tree.js";
import { shelleyAddress } from "../../../src/cardano/credential-address.js";
import { blake2b256Bytes } from "../../../src/cardano/hash.js";
import { type Chain, lovelaceOf, mintNativeToken, submitPlan, type TxPlan } from "../helpers.js";
import { attempt, clonePlan } from "../fixture.js";
import { deploy, ledgerOrder, registerPlan } from "../tournament-txs.js";
import { addressData, cborHex, keyCred, noStake, scriptCred } from "../raw.js";
import { bytesData } from "./helios.js";
import { addPlan, closePlan, configData, poolDatum, type Pool } from "./plans.js";
import {
  ADA,
  baseAddress,
  create,
  creation,
  CUP,
  datumWith,
  failed,
  filled,
  makeV3World,
  pastDeadline,
  poolUtxo,
  refused,
  register,
  SMALL_TREE,
  stakedBy,
  type V3World,
} from "./attack-world.js";

let w: V3World;
let on: Chain;
/** Bracket 8: seats 0, 1 added; regs (three more base addresses) pending. */
let pool: Pool;
let seats: string[];
let regs: UTxO[];
/** Bracket 8 with one seat and a pending registration: a second pool. */
let other: Pool;
let otherSeats: string[];
let otherReg: UTxO;

before(async () => {
  w = await makeV3World();
  on = w.chain.snapshot();
  ({ pool, seats } = await filled(w, on, { ...CUP, bracketSize: 8, name: "adding" }, 2));
  regs = await register(on, pool, w.alice, [7, 8, 9].map(baseAddress));
  ({ pool: other, seats: otherSeats } = await filled(w, on, { ...CUP, bracketSize: 8, name: "other" }, 1, 20));
  otherReg = (await register(on, other, w.alice, [baseAddress(21)]))[0]!;
});

const honest = (c: Chain = on, rs: readonly UTxO[] = regs) => addPlan(pool, w.admin, poolUtxo(c, pool), seats, rs);
const plan = (c: Chain = on, rs: readonly UTxO[] = regs): TxPlan => clonePlan(honest(c, rs).plan);
const after = (): string[] => honest().seats;
const withDatum = (p: TxPlan, datum: string): TxPlan => {
  p.outputs[0] = { ...p.outputs[0]!, datum };
  return p;
};
const accOf = (addresses: readonly string[]) => accumulatorOf(addresses.map(leafOf), SMALL_TREE);

/** A registration of `pool` whose datum is `datum` (raw data), holding `lovelace`. */
async function registerRaw(c: Chain, datum: UplcData, lovelace = CUP.entryFee): Promise<UTxO> {
  const p = registerPlan(pool, w.mallory, [w.mallory.address]);
  p.outputs[0] = { ...p.outputs[0]!, datum: cborHex(datum), lovelace };
  const { txHash } = await submitPlan(c, p);
  return c.utxosAt(pool.registrationAddress).find((u) => u.input.txHash === txHash)!;
}

/** The seats' pool datum with `raw` appended as a seat (its leaf: the data's serialization, as the validator hashes it). */
function datumAppending(raw: UplcData, before: readonly string[]): string {
  const leaves = [...before.map(leafOf), leafOfData(raw)];
  const acc = accumulatorOf(leaves, SMALL_TREE);
  return datumWith(pool, acc.count, acc.peaks);
}

const leafOfData = (d: UplcData): Uint8Array => blake2b256Bytes(Uint8Array.from(d.toCbor()));

describe("v3 add: who, which pool, which output (v2.1's add.test.ts, pool, stake, auditor)", () => {
  it("honest baseline: the three registrations become seats 2..4, the pool grows by three fees", async () => {
    const c = on.snapshot();
    const held = lovelaceOf(poolUtxo(c, pool));
    await submitPlan(c, plan(c));
    assert.equal(poolUtxo(c, pool).output.plutusData, poolDatum(pool.config, after(), SMALL_TREE));
    assert.equal(lovelaceOf(poolUtxo(c, pool)), held + 3n * CUP.entryFee);
  });

  it("attack: adding without the admin's signature: T22", async () => {
    const p = plan();
    p.requiredSigners = [];
    p.signers = [];
    await refused(on, p, "T22");
  });

  it("attack: mallory adds, signing as the required signer: T22", async () => {
    const p = plan();
    p.payer = w.mallory;
    p.requiredSigners = [w.mallory.pkh];
    p.signers = [w.mallory];
    await refused(on, p, "T22");
  });

  it("attack: two pools in one add, one continuing output (the other pool's NFT taken along): T24 or T05", async () => {
    const p = plan();
    p.scriptInputs.push({ ...p.scriptInputs[0]!, utxo: poolUtxo(on, other) });
    p.outputs[0] = {
      ...p.outputs[0]!,
      lovelace: p.outputs[0]!.lovelace + lovelaceOf(poolUtxo(on, other)),
      assets: [...p.outputs[0]!.assets!, { unit: other.nftUnit, quantity: "1" }],
    };
    await refused(on, p, /\bT(24|05)\b/);
  });

  it("attack: two pools in one add, each with its own continuing output: T24, T05, T35 (or the other's registration's T58)", async () => {
    const mine = plan();
    const theirs = addPlan(other, w.admin, poolUtxo(on, other), otherSeats, [otherReg]).plan;
    mine.scriptInputs.push(...theirs.scriptInputs);
    mine.outputs.push(...theirs.outputs);
    await refused(on, mine, /\bT(24|05|35|58)\b/);
  });

  it("attack: the configuration altered (another name): T28; a ninth config item: T28", async () => {
    const acc = accOf(after());
    const renamed = { ...pool, config: { ...pool.config, name: "renamed" } };
    await refused(on, withDatum(plan(), datumWith(renamed, acc.count, acc.peaks)), "T28");
    const config = configData(pool.config);
    assert.equal(config.kind, "list");
    const ninth = cborHex(
      makeListData([
        makeListData([...(config.kind === "list" ? config.items : []), makeIntData(0n)]),
        makeIntData(BigInt(acc.count)),
        makeListData(acc.peaks.map(bytesData)),
      ]),
    );
    await refused(on, withDatum(plan(), ninth), "T28");
  });

  it("attack: an existing seat replaced by mallory's address: T71; an added seat's address replaced: T71", async () => {
    const replaced = accOf([w.mallory.address, ...after().slice(1)]);
    await refused(on, withDatum(plan(), datumWith(pool, replaced.count, replaced.peaks)), "T71");
    const appended = accOf([...after().slice(0, -1), w.mallory.address]);
    await refused(on, withDatum(plan(), datumWith(pool, appended.count, appended.peaks)), "T71");
  });

  it("attack: a registration consumed without being appended (count and peaks of the others): T70", async () => {
    const fewer = accOf(after().slice(0, -1));
    await refused(on, withDatum(plan(), datumWith(pool, fewer.count, fewer.peaks)), "T70");
  });

  it("attack: the registrations appended but the count unchanged: T31; 11 peaks: T71", async () => {
    const acc = accOf(after());
    await refused(on, withDatum(plan(), datumWith(pool, seats.length, acc.peaks)), "T31");
    const eleven = Array.from({ length: 11 }, (_, i) => acc.peaks[i % acc.peaks.length]!);
    await refused(on, withDatum(plan(), datumWith(pool, acc.count, eleven)), "T71");
  });

  it("attack: an add that adds nobody (to move the pool): T31", async () => {
    const p = plan(on, []);
    p.scriptInputs = [p.scriptInputs[0]!];
    await refused(on, withDatum(p, poolUtxo(on, pool).output.plutusData!), "T31");
  });

  it("attack: one lovelace taken out of the pool: T39; a registration under the fee not topped up: T39", async () => {
    const p = plan();
    p.outputs[0] = { ...p.outputs[0]!, lovelace: p.outputs[0]!.lovelace - 1n };
    await refused(on, p, "T39");
    const c = on.snapshot();
    const p4 = registerPlan(pool, w.alice, [baseAddress(30)], 4n * ADA);
    const { txHash } = await submitPlan(c, p4);
    const under = c.utxosAt(pool.registrationAddress).find((u) => u.input.txHash === txHash)!;
    const notTopped = plan(c, [under]);
    notTopped.outputs[0] = { ...notTopped.outputs[0]!, lovelace: lovelaceOf(poolUtxo(c, pool)) + 4n * ADA };
    await refused(c, notTopped, "T39");
  });

  // With the NFT out of output 0, each registration's Add refuses too (T58): which script the
  // ledger runs first follows the inputs' order, i.e. this run's random transaction ids.
  it("attack: the NFT sent to the admin, the pool continued without it: T05 (or the registrations' T58); the pool at the admin's address: T26 (or T58)", async () => {
    const p = plan();
    p.outputs[0] = { ...p.outputs[0]!, assets: [] };
    p.outputs.push({ address: w.admin.address, lovelace: 2n * ADA, assets: [{ unit: pool.nftUnit, quantity: "1" }] });
    await refused(on, p, /\bT(05|58)\b/);
    const moved = plan();
    moved.outputs[0] = { ...moved.outputs[0]!, address: w.admin.address };
    await refused(on, moved, /\bT(26|58)\b/);
  });

  it("attack: the pool continued at its script with mallory's stake credential: T26", async () => {
    const p = plan();
    p.outputs[0] = {
      ...p.outputs[0]!,
      address: shelleyAddress(
        { hash: w.scripts.tournament.hash, isScript: true },
        { hash: w.mallory.pkh, isScript: false },
        0,
      ),
    };
    await refused(on, p, "T26");
  });

  it("attack: the pool padded with a token: T05; with a reference script: T65", async () => {
    const c = on.snapshot();
    const { unit, utxo } = await mintNativeToken(c, w.admin, "pad", 1n);
    const p = plan(c);
    p.walletInputs.push(utxo);
    p.outputs[0] = { ...p.outputs[0]!, assets: [...p.outputs[0]!.assets!, { unit, quantity: "1" }] };
    await refused(c, p, "T05");
    const scripted = plan();
    scripted.outputs[0] = {
      ...scripted.outputs[0]!,
      lovelace: scripted.outputs[0]!.lovelace + 10n * ADA,
      scriptCode: w.scripts.batch.code,
    };
    await refused(on, scripted, "T65");
  });

  it("attack: the NFT burnt (Burn) while the add continues the pool: T05 (or the registrations' T58, T59)", async () => {
    const p = plan();
    p.mints = [{ script: pool.refs.tournament, name: pool.id, quantity: -1n, redeemer: MINT_BURN_REDEEMER }];
    p.outputs[0] = { ...p.outputs[0]!, assets: [] };
    await refused(on, p, /\bT(05|58|59)\b/);
  });

  it("attack: junk at the tournament address (a copy of the pool's datum, no NFT), spent alone or beside the pool in an add: the script fails (Helios' get_policy, untraced, as v2.1)", async () => {
    const c = on.snapshot();
    const { txHash } = await submitPlan(c, {
      payer: w.mallory,
      scriptInputs: [],
      walletInputs: [],
      mints: [],
      outputs: [{ address: pool.address, lovelace: 20n * ADA, datum: poolUtxo(c, pool).output.plutusData! }],
      requiredSigners: [],
      signers: [],
    });
    const junk = c.utxosAt(pool.address).find((u) => u.input.txHash === txHash)!;
    const p = plan(c);
    p.scriptInputs.push({ ...p.scriptInputs[0]!, utxo: junk });
    await failed(c, p);
    const alone: TxPlan = {
      payer: w.mallory,
      scriptInputs: [{ ...p.scriptInputs[0]!, utxo: junk }],
      walletInputs: [],
      mints: [],
      outputs: [{ address: w.mallory.address, lovelace: 19n * ADA }],
      requiredSigners: [],
      signers: [],
    };
    await failed(c, alone);
  });

  it("attack: adding with a validity ending one slot after the deadline: T23 (ending at the deadline: accepted)", async () => {
    const atDeadline = plan();
    atDeadline.validTo = atDeadline.validTo! + 1;
    await submitPlan(on.snapshot(), atDeadline);
    const late = plan();
    late.validTo = late.validTo! + 2;
    await refused(on, late, "T23");
  });
});

describe("v3 add: registrations that must not become seats (v2.1's participant, other-redeemer, review-tokens, exits)", () => {
  const RAW: [string, () => UplcData][] = [
    ["an integer", () => makeIntData(42n)],
    ["a script payment credential (the tournament's)", () => addressData(scriptCred(w.scripts.tournament.hash))],
    ["a key hash of 27 bytes", () => addressData(keyCred("ab".repeat(27)))],
    [
      "a pointer stake part",
      () =>
        addressData(
          keyCred(w.mallory.pkh),
          makeConstrData(0, [makeConstrData(1, [makeIntData(1n), makeIntData(2n), makeIntData(3n)])]),
        ),
    ],
    ["an extra field", () => makeConstrData(0, [keyCred(w.mallory.pkh), noStake, makeIntData(0n)])],
    ["a wrong constructor (Constr 1)", () => makeConstrData(1, [keyCred(w.mallory.pkh), noStake])],
    [
      "a payment credential that is bytes, not a constructor",
      () => makeConstrData(0, [makeByteArrayData(w.mallory.pkh), noStake]),
    ],
  ];
  for (const [what, datum] of RAW) {
    it(`attack: a registrant datum that is ${what}, appended as is: T60`, async () => {
      const c = on.snapshot();
      const bad = await registerRaw(c, datum());
      const p = plan(c, [regs[0]!]);
      p.scriptInputs[1] = { ...p.scriptInputs[1]!, utxo: bad };
      await refused(c, withDatum(p, datumAppending(datum(), seats)), "T60");
    });
  }
  for (const [what, datum] of RAW.slice(3, 6)) {
    it(`attack (other redeemer): a registrant with ${what}, spent with Cancel (mallory signs) beside the admin's add and appended: T60`, async () => {
      const c = on.snapshot();
      const bad = await registerRaw(c, datum());
      const [first] = regs;
      const p = plan(c, [first!]);
      p.scriptInputs.push({ utxo: bad, redeemer: REGISTRATION_CANCEL_REDEEMER, script: pool.refs.registration! });
      const order = [first!, bad].sort(ledgerOrder);
      const leaves = [
        ...seats.map(leafOf),
        ...order.map((u) => (u === bad ? leafOfData(datum()) : leafOf(baseAddress(7)))),
      ];
      const acc = accumulatorOf(leaves, SMALL_TREE);
      p.outputs[0] = {
        ...p.outputs[0]!,
        lovelace: p.outputs[0]!.lovelace + CUP.entryFee,
        datum: datumWith(pool, acc.count, acc.peaks),
      };
      p.requiredSigners.push(w.mallory.pkh);
      p.signers.push(w.mallory);
      await refused(c, p, "T60");
    });
  }

  it("honest baseline of the above: mallory's canonical address, registered raw, is added", async () => {
    const c = on.snapshot();
    const d = addressData(keyCred(w.mallory.pkh));
    const ok = await registerRaw(c, d);
    const p = plan(c, [regs[0]!]);
    p.scriptInputs[1] = { ...p.scriptInputs[1]!, utxo: ok };
    await submitPlan(c, withDatum(p, datumAppending(d, seats)));
  });

  it("attack: a registration carrying a token: T68; with its token and MIN_PAYOUT_LOVELACE returned: T68", async () => {
    const c = on.snapshot();
    const { unit, utxo } = await mintNativeToken(c, w.alice, "Gem", 5n);
    const p = registerPlan(pool, w.alice, [baseAddress(31)], CUP.entryFee + 2n * ADA);
    p.walletInputs = [utxo];
    p.outputs[0] = { ...p.outputs[0]!, assets: [{ unit, quantity: "5" }] };
    const { txHash } = await submitPlan(c, p);
    const gem = c.utxosAt(pool.registrationAddress).find((u) => u.input.txHash === txHash)!;
    const { plan: withToken } = addPlan(pool, w.admin, poolUtxo(c, pool), seats, [gem]);
    await refused(c, withToken, "T68");
    const returned = clonePlan(withToken);
    returned.outputs[1] = { ...returned.outputs[1]!, assets: [{ unit, quantity: "5" }] };
    await refused(c, returned, "T68");
  });

  it("attack: a registration of another tournament appended by this pool's add: T35 or T58", async () => {
    const p = plan(on, [regs[0]!]);
    p.scriptInputs.push({ utxo: otherReg, redeemer: REGISTRATION_ADD_REDEEMER, script: other.refs.registration! });
    const leaves = [regs[0]!, otherReg]
      .sort(ledgerOrder)
      .map((u) => (u === otherReg ? baseAddress(21) : baseAddress(7)));
    const acc = accOf([...seats, ...leaves]);
    p.outputs[0] = {
      ...p.outputs[0]!,
      lovelace: p.outputs[0]!.lovelace + CUP.entryFee,
      datum: datumWith(pool, acc.count, acc.peaks),
    };
    await refused(on, p, /\bT(35|58)\b/);
  });

  it("attack: a pool created with a forged registration hash takes its genuine registrations: T35; with another pool's registration hash, that pool's registrations: T58", async () => {
    // The policy cannot recompute a registration validator's hash, so a creator may write any hash.
    for (const [forged, code] of [
      ["cd".repeat(28), "T35"],
      [pool.registration.hash, "T58"],
    ] as const) {
      const c = on.snapshot();
      const { plan: make, pool: genuine } = creation(w, c, { ...CUP, name: "Crooked" });
      const crooked: Pool = { ...genuine, config: { ...genuine.config, registrationHash: forged } };
      const p = clonePlan(make);
      p.outputs[0] = { ...p.outputs[0]!, datum: poolDatum(crooked.config, [], SMALL_TREE) };
      await submitPlan(c, p);
      crooked.refs.registration = (await deploy(c, w.admin, [genuine.registration]))[0];
      const taken =
        forged === pool.registration.hash
          ? regs
          : await register(c, crooked, w.alice, [baseAddress(50), baseAddress(51)]);
      const { plan: addIt } = addPlan(crooked, w.admin, poolUtxo(c, crooked), [], taken);
      if (forged === pool.registration.hash)
        addIt.scriptInputs = addIt.scriptInputs.map((s, i) =>
          i === 0 ? s : { ...s, script: pool.refs.registration! },
        );
      await refused(c, addIt, code);
    }
  });

  it("attack: a registration spent with Constr 2 (neither Cancel nor Add) by mallory, without its pool: T58 (read as Add)", async () => {
    const p: TxPlan = {
      payer: w.mallory,
      scriptInputs: [{ utxo: regs[0]!, redeemer: cborHex(makeConstrData(2, [])), script: pool.refs.registration! }],
      walletInputs: [],
      mints: [],
      outputs: [{ address: w.mallory.address, lovelace: lovelaceOf(regs[0]!) - ADA }],
      requiredSigners: [],
      signers: [],
    };
    await refused(on, p, "T58");
  });

  // Decided (V3-DESIGN §6, SECURITY.md; v2.1's registration.hl, which v3 keeps, does the same):
  // the registration validator's `redeemer.switch` reads every constructor tag but 0, with any
  // fields, as Add. Add's rule is what protects the registrant (its pool spent in the same
  // transaction, which appends it and checks it whatever its redeemer), so an unknown redeemer can
  // do no more than Add: beside the admin's honest add it is accepted and the registrant is seated
  // (the add's pool datum includes it, or the pool validator refuses), and without its pool it is
  // refused (the T58 tests around this one).
  it("any redeemer but Cancel reads as Add (Constr 2, Constr 7, Constr 1 [5]): beside the honest add it is accepted and seated", async () => {
    for (const r of [makeConstrData(2, []), makeConstrData(7, []), makeConstrData(1, [makeIntData(5n)])]) {
      const p = plan(on, [regs[0]!]);
      p.scriptInputs[1] = { ...p.scriptInputs[1]!, redeemer: cborHex(r) };
      const outcome = await attempt(on.snapshot(), p);
      assert.equal(outcome.ledger.ok, true, `the honest add with ${cborHex(r)}: ${JSON.stringify(outcome.ledger)}`);
    }
  });

  it("attack: a registration spent with Add in a transaction without its pool: T58", async () => {
    const p: TxPlan = {
      payer: w.mallory,
      scriptInputs: [{ utxo: regs[0]!, redeemer: REGISTRATION_ADD_REDEEMER, script: pool.refs.registration! }],
      walletInputs: [],
      mints: [],
      outputs: [{ address: w.mallory.address, lovelace: lovelaceOf(regs[0]!) - ADA }],
      requiredSigners: [],
      signers: [],
    };
    await refused(on, p, "T58");
  });

  it("attack: the creator sweeps registrations made before the pool exists, in the transaction that creates it: T59", async () => {
    const c = on.snapshot();
    const { plan: createIt, pool: future } = creation(w, c, { ...CUP, name: "future" });
    // Neither the deploy nor the registration spends the admin's seed.
    const [regRef] = await deploy(c, w.mallory, [future.registration]);
    const { txHash } = await submitPlan(c, registerPlan(future, w.bob, [w.bob.address]));
    const early = c.utxosAt(future.registrationAddress).find((u) => u.input.txHash === txHash)!;
    const sweep = clonePlan(createIt);
    sweep.scriptInputs.push({ utxo: early, redeemer: REGISTRATION_ADD_REDEEMER, script: regRef! });
    await refused(c, sweep, "T59");
    await submitPlan(c.snapshot(), createIt);
  });

  it("attack: an add in the same transaction as the creation of another pool: T59", async () => {
    const c = on.snapshot();
    const p = plan(c);
    const { plan: z } = creation(w, c, { ...CUP, name: "Zed" });
    p.walletInputs = z.walletInputs;
    p.mints = z.mints;
    p.outputs.push(...z.outputs);
    p.validFrom = z.validFrom!;
    await refused(c, p, /\bT(59|03|16)\b/);
  });

  it("attack: an add that mints a second pool's NFT (Create, its seed spent) into the continuing pool: T05, T59 or T03", async () => {
    const c = on.snapshot();
    const p = plan(c);
    const { plan: z } = creation(w, c, { ...CUP, name: "Stowaway" });
    p.walletInputs = z.walletInputs;
    p.mints = z.mints;
    p.outputs[0] = { ...p.outputs[0]!, assets: [...p.outputs[0]!.assets!, ...z.outputs[0]!.assets!] };
    p.validFrom = z.validFrom!;
    await refused(c, p, /\bT(05|59|03|16|69)\b/);
  });

  it("attack: an add to one pool and the refund of another in one transaction: T24 or T59", async () => {
    // `other`'s deadline is later, so that the add is still open when `pool`'s refund is.
    const c = on.snapshot();
    const later = await create(w, c, {
      ...CUP,
      bracketSize: 8,
      name: "later",
      settleBy: CUP.settleBy + 10 * 86_400_000,
    });
    const [laterReg] = await register(c, later, w.bob, [baseAddress(40)]);
    const past = pastDeadline(c, pool);
    const { plan: addLater } = addPlan(later, w.admin, poolUtxo(past, later), [], [laterReg!]);
    const refund = closePlan(pool, w.mallory, poolUtxo(past, pool), seats, "refund").plan;
    const both = clonePlan(addLater);
    both.scriptInputs.push(...refund.scriptInputs);
    both.mints = refund.mints;
    both.outputs.push(...refund.outputs);
    both.validFrom = refund.validFrom!;
    await refused(past, both, /\bT(24|59|05|26)\b/);
  });
});

describe("v3 add: overpayment returns (v2.1's overpay.test.ts)", () => {
  let c: Chain;
  let twice: UTxO[];
  before(async () => {
    c = on.snapshot();
    // alice's address registered twice, each 2 ADA over the fee.
    const p = registerPlan(pool, w.alice, [w.alice.address, w.alice.address], CUP.entryFee + 2n * ADA);
    const { txHash } = await submitPlan(c, p);
    twice = c
      .utxosAt(pool.registrationAddress)
      .filter((u) => u.input.txHash === txHash)
      .sort(ledgerOrder);
  });
  const returning = (): TxPlan => clonePlan(addPlan(pool, w.admin, poolUtxo(c, pool), seats, twice).plan);

  it("honest baseline: each of alice's two registrations gets its 2 ADA back, tagged [id, 2] and [id, 3]", async () => {
    const p = returning();
    assert.deepEqual(
      p.outputs.slice(1).map((o) => [o.address, o.lovelace, o.datum]),
      [
        [w.alice.address, 2n * ADA, encodePayoutTag(pool.id, 2)],
        [w.alice.address, 2n * ADA, encodePayoutTag(pool.id, 3)],
      ],
    );
    await submitPlan(c.snapshot(), p);
  });

  it("attack: the returns dropped: T36 (the next output is the admin's change)", async () => {
    const p = returning();
    p.outputs = [p.outputs[0]!];
    await refused(c, p, /\bT3[678]\b/);
  });

  it("attack: one output returning both overpayments (4 ADA tagged [id, 2]): T36, T37 or T38", async () => {
    const p = returning();
    p.outputs = [p.outputs[0]!, { ...p.outputs[1]!, lovelace: 4n * ADA }];
    await refused(c, p, /\bT3[678]\b/);
  });

  it("attack: a return paid to the admin: T36; tagged with another tournament's id: T38", async () => {
    const toAdmin = returning();
    toAdmin.outputs[1] = { ...toAdmin.outputs[1]!, address: w.admin.address };
    await refused(c, toAdmin, "T36");
    const otherId = returning();
    otherId.outputs[2] = { ...otherId.outputs[2]!, datum: encodePayoutTag(other.id, 3) };
    await refused(c, otherId, "T38");
  });

  it("attack: the two returns swapped (tags [id, 3], [id, 2]): T38", async () => {
    const p = returning();
    [p.outputs[1], p.outputs[2]] = [p.outputs[2]!, p.outputs[1]!];
    await refused(c, p, "T38");
  });

  it("attack: a return staked by mallory (alice's key, mallory's stake): T36", async () => {
    const p = returning();
    p.outputs[1] = { ...p.outputs[1]!, address: stakedBy(w.alice.address, w.mallory.pkh) };
    await refused(c, p, "T36");
  });
});
