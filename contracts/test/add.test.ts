// Issue #8 property 8 (v1 properties 2 and 3, re-run against v2): only the admin adds; adding
// appends exactly the datums of the registrations it consumes, in input order, never exceeds the
// bracket, keeps the NFT and the configuration, and the tournament output grows by the entry fee per
// participant added. Registrations of another tournament are in exits.test.ts (P1), overpayments in
// overpay.test.ts (P5), the deadline in close.test.ts (P6).
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import {
  ADD_PARTICIPANTS_REDEEMER,
  encodeRegistrationDatum,
  encodeTournamentDatum,
} from "../../src/tournament/datum.js";
import { attempt, type Chain, lovelaceOf, submitPlan } from "./helpers.js";
import { assertScriptRejected, clonePlan, CUP, makeWorld, openTournament, registerAll, type World } from "./fixture.js";
import {
  addPlan,
  datumOf,
  ledgerOrder,
  minLovelace,
  registerPlan,
  registrations,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";

let w: World;
let base: Chain;
let cup: Tournament;
let other: Tournament;
let small: Tournament;

before(async () => {
  w = await makeWorld();
  base = w.chain;
  cup = await openTournament(w);
  other = await openTournament(w, { ...CUP, name: "Other Cup" });
  small = await openTournament(w, { ...CUP, name: "Duel", bracketSize: 2, payoutStructure: [8_000_000n] });
  await registerAll(base, cup, [w.alice, w.bob, w.carol]);
  await registerAll(base, other, [w.mallory]);
  await registerAll(base, small, [w.alice, w.bob, w.carol]);
});

/** The honest add of all of `t`'s registrations (or `count` of them) on a fresh snapshot. */
function honest(t: Tournament = cup, count?: number) {
  const chain = base.snapshot();
  const regs = registrations(chain, t).sort(ledgerOrder).slice(0, count);
  const current = tournamentUtxo(chain, t);
  return { chain, regs, current, ...addPlan(t, w.admin, current, regs) };
}

describe("P8 · v1 add participants: only the admin, only appending, never beyond the bracket", () => {
  it("honest: appends the registrants in input order, output grows by the entry fees", async () => {
    const { chain, plan, regs, current } = honest();
    await submitPlan(chain, plan);
    const after = tournamentUtxo(chain, cup);
    const expected = regs.map((r) => r.output.plutusData);
    assert.deepEqual(datumOf(after).participants.map(encodeRegistrationDatum), expected);
    assert.equal(datumOf(after).config.registrationHash, cup.config.registrationHash);
    assert.equal(
      lovelaceOf(after),
      lovelaceOf(current) + 3n * CUP.entryFee,
      "the pool grows by exactly the entry fees",
    );
    assert.deepEqual(
      after.output.amount.map((a) => a.unit).sort(),
      ["lovelace", cup.nftUnit].sort(),
      "ada and the NFT only",
    );
    assert.equal(registrations(chain, cup).length, 0);
  });

  it("honest: a second add appends after the first", async () => {
    const { chain, plan } = honest(cup, 1);
    await submitPlan(chain, plan);
    const rest = registrations(chain, cup);
    const second = addPlan(cup, w.admin, tournamentUtxo(chain, cup), rest);
    await submitPlan(chain, second.plan);
    assert.equal(datumOf(tournamentUtxo(chain, cup)).participants.length, 3);
  });

  it("attack: adding without the admin's signature", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.requiredSigners = [];
    assertScriptRejected(await attempt(chain, bad), "admin signature missing");
  });

  it("attack: someone else adds, signing as required signer", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.payer = w.mallory;
    bad.requiredSigners = [w.mallory.pkh];
    bad.signers = [w.mallory];
    assertScriptRejected(await attempt(chain, bad), "admin signature missing");
  });

  it("attack: adding to two tournaments in one transaction with one continuing output", async () => {
    const { chain, plan } = honest();
    const second = tournamentUtxo(chain, other);
    const bad = clonePlan(plan);
    bad.scriptInputs.push({ utxo: second, redeemer: ADD_PARTICIPANTS_REDEEMER, script: cup.refs.tournament });
    bad.outputs[0] = {
      ...plan.outputs[0]!,
      assets: [...plan.outputs[0]!.assets!, { unit: other.nftUnit, quantity: "1" }],
    };
    // Each tournament refuses: output 0 holds two NFTs (both validators), and the inputs hold two tournaments.
    assertScriptRejected(
      await attempt(chain, bad),
      /tournament output holds ada and the NFT only|one tournament per transaction/,
    );
  });

  it("attack: adding to two tournaments in one transaction, each with its own continuing output", async () => {
    const { chain, plan } = honest();
    const second = tournamentUtxo(chain, other);
    const bad = clonePlan(plan);
    bad.scriptInputs.push({ utxo: second, redeemer: ADD_PARTICIPANTS_REDEEMER, script: cup.refs.tournament });
    bad.outputs.push({
      address: other.address,
      lovelace: lovelaceOf(second),
      assets: [{ unit: other.nftUnit, quantity: "1" }],
      datum: second.output.plutusData!,
    });
    // This tournament counts two tournament inputs; the other one finds this one's output first.
    assertScriptRejected(
      await attempt(chain, bad),
      /one tournament per transaction|tournament output holds ada and the NFT only/,
    );
  });

  it("attack: adding beyond the bracket", async () => {
    const { chain, plan, regs } = honest(small);
    assert.equal(regs.length, 3);
    assertScriptRejected(await attempt(chain, plan), "bracket overflow");
  });

  it("honest: filling the bracket exactly", async () => {
    const { chain, plan } = honest(small, 2);
    await submitPlan(chain, plan);
    assert.equal(datumOf(tournamentUtxo(chain, small)).participants.length, 2);
  });

  it("attack: altering the configuration while adding", async () => {
    const { chain, plan, datum } = honest();
    const bad = clonePlan(plan);
    const changed = encodeTournamentDatum({ ...datum, config: { ...datum.config, payoutStructure: [1_000_000n] } });
    bad.outputs[0] = { ...plan.outputs[0]!, datum: changed };
    assertScriptRejected(await attempt(chain, bad), "configuration changed");
  });

  it("attack: dropping an existing participant while adding", async () => {
    const chain = base.snapshot();
    const regs = registrations(chain, cup).sort(ledgerOrder);
    await submitPlan(chain, addPlan(cup, w.admin, tournamentUtxo(chain, cup), regs.slice(0, 1)).plan);
    const { plan, datum } = addPlan(cup, w.admin, tournamentUtxo(chain, cup), regs.slice(1));
    const bad = clonePlan(plan);
    const dropped = encodeTournamentDatum({ ...datum, participants: datum.participants.slice(1) });
    bad.outputs[0] = { ...plan.outputs[0]!, datum: dropped };
    assertScriptRejected(await attempt(chain, bad), "participants changed");
  });

  it("attack: appending an address other than the registration's", async () => {
    const { chain, plan, datum } = honest();
    const bad = clonePlan(plan);
    const swapped = encodeTournamentDatum({
      ...datum,
      participants: [w.mallory.address, ...datum.participants.slice(1)],
    });
    bad.outputs[0] = { ...plan.outputs[0]!, datum: swapped };
    assertScriptRejected(await attempt(chain, bad), "appended address differs from registration");
  });

  it("attack: appending a participant without a registration (admin pays the fee)", async () => {
    const { chain, plan, datum } = honest(cup, 2);
    const bad = clonePlan(plan);
    const extra = encodeTournamentDatum({ ...datum, participants: [...datum.participants, w.mallory.address] });
    bad.outputs[0] = {
      ...plan.outputs[0]!,
      datum: extra,
      lovelace: plan.outputs[0]!.lovelace + CUP.entryFee + minLovelace(extra, true),
    };
    assertScriptRejected(await attempt(chain, bad), "appended addresses without registrations");
  });

  it("attack: consuming a registration without appending it", async () => {
    const { chain, plan, datum } = honest();
    const bad = clonePlan(plan);
    const fewer = encodeTournamentDatum({ ...datum, participants: datum.participants.slice(0, 2) });
    bad.outputs[0] = { ...plan.outputs[0]!, datum: fewer };
    assertScriptRejected(await attempt(chain, bad), "registration not appended");
  });

  it("attack: an add that adds nobody (to move the tournament output)", async () => {
    const { chain, plan, current } = honest();
    const bad = clonePlan(plan);
    bad.scriptInputs = [plan.scriptInputs[0]!];
    bad.outputs[0] = { ...plan.outputs[0]!, datum: current.output.plutusData!, lovelace: lovelaceOf(current) };
    assertScriptRejected(await attempt(chain, bad), "nothing added");
  });

  it("attack: taking value out of the tournament output while adding", async () => {
    const { chain, plan, current } = honest();
    const bad = clonePlan(plan);
    bad.outputs[0] = { ...plan.outputs[0]!, lovelace: lovelaceOf(current) + 3n * CUP.entryFee - 1n };
    assertScriptRejected(await attempt(chain, bad), "tournament output must grow by the entry fees");
  });

  it("attack: sending the NFT elsewhere while adding", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.outputs[0] = { ...plan.outputs[0]!, assets: [] };
    bad.outputs.push({ address: w.admin.address, lovelace: 2_000_000n, assets: plan.outputs[0]!.assets! });
    // Refused twice: by the tournament (its output lost the NFT) and by each registration (output
    // 0 no longer holds their tournament's NFT); the evaluator reports whichever ran first.
    assertScriptRejected(
      await attempt(chain, bad),
      /tournament output holds ada and the NFT only|tournament not spent in this transaction/,
    );
  });

  it("attack: continuing the tournament at another address", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.outputs[0] = { ...plan.outputs[0]!, address: w.admin.address };
    assertScriptRejected(
      await attempt(chain, bad),
      /first output must continue the tournament|tournament not spent in this transaction/,
    );
  });

  it("attack: underpaid registrations not topped up", async () => {
    const chain = base.snapshot();
    await submitPlan(chain, registerPlan(cup, w.mallory, [w.mallory.address], 2_000_000n));
    const regs = registrations(chain, cup).sort(ledgerOrder);
    const current = tournamentUtxo(chain, cup);
    const { plan } = addPlan(cup, w.admin, current, regs);
    const bad = clonePlan(plan);
    // Only what the registrations hold goes in: 3 × 5 ADA + 2 ADA, not 4 × 5 ADA.
    bad.outputs[0] = { ...plan.outputs[0]!, lovelace: lovelaceOf(current) + 17_000_000n };
    assertScriptRejected(await attempt(chain, bad), "tournament output must grow by the entry fees");
    // Honest: the admin tops up what the underpaid registration lacks.
    await submitPlan(chain, plan);
  });
});
