// Issue #8 property 8 (v1 property 4, re-run against v2): a registration can be spent only by its
// registrant (cancel) or by an add-participants transaction of its own tournament. The v2 cases
// (creation sweep, settle, cancel, refund, another tournament) are in exits.test.ts (P1).
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { makeConstrData } from "@helios-lang/uplc";
import { decodeRegistrationDatum, REGISTRATION_ADD_REDEEMER } from "../../src/tournament/datum.js";
import { attempt, type Chain, lovelaceOf, submitPlan, type TxPlan } from "./helpers.js";
import {
  assertScriptFailed,
  assertScriptRejected,
  clonePlan,
  makeWorld,
  openTournament,
  registerAll,
  type World,
} from "./fixture.js";
import { cancelPlan, registerPlan, registrations, type Tournament } from "./tournament-txs.js";

let w: World;
let base: Chain;
let cup: Tournament;

before(async () => {
  w = await makeWorld();
  base = w.chain;
  cup = await openTournament(w);
  await registerAll(base, cup, [w.alice, w.bob]);
});

const regOf = (chain: Chain, address: string) => {
  const r = registrations(chain, cup).find((u) => u.output.plutusData && registrantIs(u.output.plutusData, address));
  if (!r) throw new Error("registration not found");
  return r;
};
const registrantIs = (datum: string, address: string) => decodeRegistrationDatum(datum, false) === address;

describe("P8 · v1 registration: cancelled by its registrant, added only with its tournament", () => {
  it("honest: register locks the entry fee at the tournament's registration address with the registrant's address", async () => {
    const chain = base.snapshot();
    await submitPlan(chain, registerPlan(cup, w.carol, [w.carol.address]));
    const r = regOf(chain, w.carol.address);
    assert.equal(r.output.address, cup.registrationAddress);
    assert.equal(lovelaceOf(r), cup.config.entryFee);
  });

  it("honest: the registrant cancels and gets the whole output back", async () => {
    const chain = base.snapshot();
    const reg = regOf(chain, w.alice.address);
    const before = chain.utxosAt(w.alice.address).reduce((s, u) => s + lovelaceOf(u), 0n);
    await submitPlan(chain, cancelPlan(cup, w.alice, reg));
    const after = chain.utxosAt(w.alice.address).reduce((s, u) => s + lovelaceOf(u), 0n);
    assert.equal(registrations(chain, cup).length, 1);
    assert.ok(after > before + lovelaceOf(reg) - 1_000_000n, "refund minus the fee");
  });

  it("attack: cancelling someone else's registration", async () => {
    const chain = base.snapshot();
    const plan = cancelPlan(cup, w.alice, regOf(chain, w.alice.address));
    const bad = clonePlan(plan);
    bad.payer = w.mallory;
    bad.requiredSigners = [w.mallory.pkh];
    bad.signers = [w.mallory];
    bad.outputs = [{ address: w.mallory.address, lovelace: plan.outputs[0]!.lovelace }];
    assertScriptRejected(await attempt(chain, bad), "registrant signature missing");
  });

  it("attack: cancel where the registrant's key witnesses but is not a required signer", async () => {
    const chain = base.snapshot();
    const plan = cancelPlan(cup, w.alice, regOf(chain, w.alice.address));
    const bad = clonePlan(plan);
    bad.requiredSigners = [];
    assertScriptRejected(await attempt(chain, bad), "registrant signature missing");
  });

  it("attack: spending a registration with Add in a transaction without its tournament", async () => {
    const chain = base.snapshot();
    const plan: TxPlan = { ...cancelPlan(cup, w.alice, regOf(chain, w.alice.address)) };
    const bad = clonePlan(plan);
    bad.payer = w.mallory;
    bad.signers = [w.mallory];
    bad.requiredSigners = [];
    bad.scriptInputs = [{ ...plan.scriptInputs[0]!, redeemer: REGISTRATION_ADD_REDEEMER }];
    bad.outputs = [{ address: w.mallory.address, lovelace: plan.outputs[0]!.lovelace }];
    assertScriptRejected(await attempt(chain, bad), "tournament not spent in this transaction");
  });

  it("attack: spending a registration with a redeemer that is neither Cancel nor Add", async () => {
    const chain = base.snapshot();
    const plan = cancelPlan(cup, w.alice, regOf(chain, w.alice.address));
    const bad = clonePlan(plan);
    bad.scriptInputs = [
      { ...plan.scriptInputs[0]!, redeemer: Buffer.from(makeConstrData(2, []).toCbor()).toString("hex") },
    ];
    assertScriptFailed(await attempt(chain, bad));
  });
});
