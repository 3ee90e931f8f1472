// Issue #8 property 5: what a registration holds beyond the entry fee (more lovelace, any token)
// goes back to its registrant when it is added, in an output tagged with the index the registrant
// gets as a participant, never to the admin; the pool grows by exactly the entry fees.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { encodePayoutTag } from "../../src/tournament/datum.js";
import { attempt, type Chain, lovelaceOf, mintNativeToken, outRef, submitPlan, type TxPlan } from "./helpers.js";
import {
  assertScriptRejected,
  clonePlan,
  CUP,
  makeWorld,
  openTournament,
  participantIndex,
  registerAll,
  registrationOf,
  taggedAt,
  type World,
} from "./fixture.js";
import {
  addPlan,
  cancelPlan,
  datumOf,
  ledgerOrder,
  registerPlan,
  registrations,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";

const ADA = 1_000_000n;

let w: World;
let base: Chain;
/** alice overpaid by 3 ADA, bob paid the fee plus 2 ADA and 5 tokens (v2.1: never added, only cancelled), carol paid the fee exactly. */
let cup: Tournament;
/** alice registered twice, each time overpaying by 3 ADA. */
let twice: Tournament;
let gem: string;

before(async () => {
  w = await makeWorld();
  base = w.chain;
  cup = await openTournament(w);
  twice = await openTournament(w, { ...CUP, name: "Twice" });
  await submitPlan(base, registerPlan(cup, w.alice, [w.alice.address], CUP.entryFee + 3n * ADA));
  const minted = await mintNativeToken(base, w.bob, "Gem", 5n);
  gem = minted.unit;
  const withToken = registerPlan(cup, w.bob, [w.bob.address], CUP.entryFee + 2n * ADA);
  withToken.walletInputs = [minted.utxo];
  withToken.outputs[0] = { ...withToken.outputs[0]!, assets: [{ unit: gem, quantity: "5" }] };
  await submitPlan(base, withToken);
  await registerAll(base, cup, [w.carol]);
  await submitPlan(base, registerPlan(twice, w.alice, [w.alice.address, w.alice.address], CUP.entryFee + 3n * ADA));
});

/** The admin's add of the tournament's registrations, bob's token-carrying one left out unless `withTokens`. */
function honest(t: Tournament = cup, withTokens = false) {
  const chain = base.snapshot();
  const current = tournamentUtxo(chain, t);
  const holdsTokens = (u: UTxO) => u.output.amount.some((a) => a.unit !== "lovelace");
  const regs = registrations(chain, t)
    .filter((u) => withTokens || !holdsTokens(u))
    .sort(ledgerOrder);
  return { chain, current, regs, ...addPlan(t, w.admin, current, regs) };
}

/** The participant index registration `reg` gets when `regs` are added (they follow the ledger's order). */
function indexOf(t: Tournament, regs: readonly UTxO[], reg: UTxO): number {
  const j = regs.findIndex((r) => outRef(r) === outRef(reg));
  if (j < 0) throw new Error("not among the registrations added");
  return datumOf(tournamentUtxo(base, t)).participants.length + j;
}

/** Position in `plan.outputs` of the overpayment returned for registration `reg`. */
function returnOf(plan: TxPlan, t: Tournament, regs: readonly UTxO[], reg: UTxO): number {
  const k = indexOf(t, regs, reg);
  const i = plan.outputs.findIndex((o) => o.datum === encodePayoutTag(t.id, k));
  if (i < 1) throw new Error("no return output for that registration");
  return i;
}

describe("P5: an overpaid registration's excess goes back to its registrant, never to the admin", () => {
  it("honest: alice gets her 3 ADA back, tagged; carol nothing; the pool grows by exactly the entry fees", async () => {
    const { chain, plan, current } = honest();
    const { txHash } = await submitPlan(chain, plan);
    const after = tournamentUtxo(chain, cup);
    assert.equal(lovelaceOf(after), lovelaceOf(current) + 2n * CUP.entryFee);
    assert.deepEqual(after.output.amount.map((a) => a.unit).sort(), ["lovelace", cup.nftUnit].sort());
    const a = participantIndex(chain, cup, w.alice.address);
    const c = participantIndex(chain, cup, w.carol.address);
    assert.equal(taggedAt(chain, w.alice.address, encodePayoutTag(cup.id, a), txHash).lovelace, 3n * ADA);
    assert.equal(
      taggedAt(chain, w.carol.address, encodePayoutTag(cup.id, c), txHash).count,
      0,
      "nothing to return to carol",
    );
  });

  it("v2.1 review: a registration carrying tokens cannot be added, even with its tokens returned (their min-UTxO would be the admin's to fund, and enough token names push any add that takes it over the budget); bob cancels it", async () => {
    const { chain, plan } = honest(cup, true);
    assertScriptRejected(await attempt(chain, plan), "registration holds tokens");
    const reg = registrationOf(chain, cup, w.bob.address);
    await submitPlan(chain, cancelPlan(cup, w.bob, reg));
    assert.equal(
      chain.utxosAt(w.bob.address).some((u) => u.output.amount.some((x) => x.unit === gem)),
      true,
      "bob has his tokens back",
    );
  });

  it("attack: the add without alice's return output", async () => {
    const { chain, plan, regs } = honest();
    const bad = clonePlan(plan);
    bad.outputs.splice(returnOf(plan, cup, regs, registrationOf(chain, cup, w.alice.address)), 1);
    assertScriptRejected(await attempt(chain, bad), "overpayment returned to the wrong address");
  });

  it("attack: alice's return paid to the admin", async () => {
    const { chain, plan, regs } = honest();
    const bad = clonePlan(plan);
    const i = returnOf(plan, cup, regs, registrationOf(chain, cup, w.alice.address));
    bad.outputs[i] = { ...plan.outputs[i]!, address: w.admin.address };
    assertScriptRejected(await attempt(chain, bad), "overpayment returned to the wrong address");
  });

  it("attack: alice's return one lovelace short", async () => {
    const { chain, plan, regs } = honest();
    const bad = clonePlan(plan);
    const i = returnOf(plan, cup, regs, registrationOf(chain, cup, w.alice.address));
    bad.outputs[i] = { ...plan.outputs[i]!, lovelace: 3n * ADA - 1n };
    assertScriptRejected(await attempt(chain, bad), "overpayment not returned");
  });

  it("attack: alice's return untagged, tagged with another index, or with another tournament's id", async () => {
    const { chain, plan, regs } = honest();
    const i = returnOf(plan, cup, regs, registrationOf(chain, cup, w.alice.address));
    const k = indexOf(cup, regs, registrationOf(chain, cup, w.alice.address));
    for (const datum of [undefined, encodePayoutTag(cup.id, k + 1), encodePayoutTag(twice.id, k)]) {
      const bad = clonePlan(plan);
      bad.outputs[i] = { ...plan.outputs[i]!, datum };
      assertScriptRejected(await attempt(chain, bad), "overpayment output not tagged");
    }
  });

  it("attack: one output returning both of alice's overpayments (two registrations, one output)", async () => {
    const { chain, plan, regs } = honest(twice);
    assert.equal(regs.length, 2);
    await submitPlan(chain.snapshot(), plan);
    const first = returnOf(plan, twice, regs, regs[0]!);
    const second = returnOf(plan, twice, regs, regs[1]!);
    const bad = clonePlan(plan);
    bad.outputs[first] = { ...plan.outputs[first]!, lovelace: 6n * ADA };
    bad.outputs.splice(second, 1);
    assertScriptRejected(await attempt(chain, bad), "overpayment returned to the wrong address");
    // Or two outputs, both tagged for the first.
    const sameTag = clonePlan(plan);
    sameTag.outputs[second] = { ...plan.outputs[second]!, datum: plan.outputs[first]!.datum };
    assertScriptRejected(await attempt(chain, sameTag), "overpayment output not tagged");
  });
});
