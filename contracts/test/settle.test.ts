// Issue #8 property 8 (v1 properties 5 and 6, re-run against v2): settlement needs a full bracket
// and the admin, burns the NFT, pays each placement and fixed payout its amount in a distinct output
// tagged with its index, and pays only participants; no other redeemer moves the tournament output.
// The deadline is in close.test.ts (P6), a registration spent in a settlement in exits.test.ts (P1).
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { makeConstrData } from "@helios-lang/uplc";
import { encodePayoutTag, REGISTRATION_ADD_REDEEMER, settleRedeemer } from "../../src/tournament/datum.js";
import { attempt, type Chain, lovelaceOf, submitPlan } from "./helpers.js";
import {
  assertScriptFailed,
  assertScriptRejected,
  clonePlan,
  CUP,
  makeWorld,
  openTournament,
  registerAll,
  type World,
} from "./fixture.js";
import {
  addPlan,
  datumOf,
  ledgerOrder,
  prizeOut,
  registerPlan,
  registrations,
  settlePlan,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";

let w: World;
let base: Chain;
/** Full bracket: alice, bob, carol and alice again (she registered twice); fixed payout to carol. */
let cup: Tournament;
/** Three of four places taken. */
let partial: Tournament;
let fixedTo: string;

async function fill(t: Tournament, count?: number): Promise<void> {
  const regs = registrations(base, t).sort(ledgerOrder).slice(0, count);
  await submitPlan(base, addPlan(t, w.admin, tournamentUtxo(base, t), regs).plan);
}

before(async () => {
  w = await makeWorld();
  base = w.chain;
  fixedTo = w.carol.address;
  cup = await openTournament(w, { ...CUP, fixedPayouts: [{ address: fixedTo, amount: 3_000_000n }] });
  partial = await openTournament(w, { ...CUP, name: "Partial" });
  await registerAll(base, cup, [w.alice, w.bob, w.carol]);
  await submitPlan(base, registerPlan(cup, w.alice, [w.alice.address]));
  await registerAll(base, partial, [w.alice, w.bob, w.carol]);
  await fill(cup);
  await fill(partial);
  // A registration still pending at the full tournament's registration address.
  await submitPlan(base, registerPlan(cup, w.mallory, [w.mallory.address]));
});

const participants = (chain: Chain, t: Tournament = cup) => datumOf(tournamentUtxo(chain, t)).participants;
const indexOf = (chain: Chain, address: string, skip = 0): number => {
  const parts = participants(chain);
  let seen = 0;
  for (let i = 0; i < parts.length; i++) if (parts[i] === address && seen++ === skip) return i;
  throw new Error("not a participant");
};

/** Honest settlement: bob first, carol second; carol also gets the fixed payout. */
function honest() {
  const chain = base.snapshot();
  const winners = [indexOf(chain, w.bob.address), indexOf(chain, w.carol.address)];
  return { chain, winners, plan: settlePlan(cup, w.admin, tournamentUtxo(chain, cup), winners) };
}

describe("P8 · v1 settle: a full bracket, the admin, tagged payouts to participants only", () => {
  it("honest: pays placements and the fixed payout in tagged outputs and burns the NFT", async () => {
    const { chain, plan } = honest();
    const { tx } = await submitPlan(chain, plan);
    const left = chain.utxosAt(cup.address).filter((u) => u.output.amount.some((a) => a.unit === cup.nftUnit));
    assert.equal(left.length, 0, "the tournament output is spent");
    assert.equal(
      chain.allUtxos().some((u) => u.output.amount.some((a) => a.unit === cup.nftUnit)),
      false,
      "the NFT is burnt",
    );
    const bobPrize = chain.utxosAt(w.bob.address).find((u) => u.output.plutusData === encodePayoutTag(cup.id, 0));
    assert.ok(bobPrize && lovelaceOf(bobPrize) >= 8_000_000n);
    const carolTags = chain
      .utxosAt(w.carol.address)
      .map((u) => u.output.plutusData)
      .filter(Boolean)
      .sort();
    assert.deepEqual(carolTags, [encodePayoutTag(cup.id, 1), encodePayoutTag(cup.id, 2)].sort());
    assert.ok(tx.length > 0);
  });

  it("attack: settling before the bracket is full", async () => {
    const chain = base.snapshot();
    const plan = settlePlan(partial, w.admin, tournamentUtxo(chain, partial), [0, 1]);
    assertScriptRejected(await attempt(chain, plan), "bracket not full");
  });

  it("attack: settling without the admin's signature", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.requiredSigners = [];
    assertScriptRejected(await attempt(chain, bad), "admin signature missing");
  });

  it("attack: someone else settles", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.payer = w.mallory;
    bad.signers = [w.mallory];
    bad.requiredSigners = [w.mallory.pkh];
    assertScriptRejected(await attempt(chain, bad), "admin signature missing");
  });

  it("attack: paying a non-participant", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.outputs[0] = { ...plan.outputs[0]!, address: w.mallory.address };
    assertScriptRejected(await attempt(chain, bad), "placement paid to the wrong address");
  });

  it("attack: naming a winner index outside the participants", async () => {
    const { chain, plan, winners } = honest();
    const bad = clonePlan(plan);
    bad.scriptInputs[0] = { ...plan.scriptInputs[0]!, redeemer: settleRedeemer([4, winners[1]!]) };
    assertScriptRejected(await attempt(chain, bad), "winners must be distinct participants");
  });

  it("attack: paying a placement less than its amount", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.outputs[0] = { ...plan.outputs[0]!, lovelace: 8_000_000n - 1n };
    assertScriptRejected(await attempt(chain, bad), "placement underpaid");
  });

  it("attack: paying a fixed payout less than its amount", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.outputs[2] = { ...plan.outputs[2]!, lovelace: 3_000_000n - 1n };
    assertScriptRejected(await attempt(chain, bad), "fixed payout underpaid");
  });

  it("attack: the same participant placed twice", async () => {
    const { chain, plan } = honest();
    const bob = indexOf(chain, w.bob.address);
    const bad = clonePlan(plan);
    bad.scriptInputs[0] = { ...plan.scriptInputs[0]!, redeemer: settleRedeemer([bob, bob]) };
    bad.outputs[1] = prizeOut(cup, w.bob.address, 4_000_000n, 1);
    assertScriptRejected(await attempt(chain, bad), "winners must be distinct participants");
  });

  it("attack: one output for two placements of the same address (alice is participant twice)", async () => {
    const chain = base.snapshot();
    const winners = [indexOf(chain, w.alice.address, 0), indexOf(chain, w.alice.address, 1)];
    const plan = settlePlan(cup, w.admin, tournamentUtxo(chain, cup), winners);
    // Honest: two outputs to alice, tagged 0 and 1 (checked on a copy of the chain).
    await submitPlan(chain.snapshot(), plan);
    // Attack: one output of 12 ADA to alice meant to count for both places.
    const bad = clonePlan(plan);
    bad.outputs = [prizeOut(cup, w.alice.address, 12_000_000n, 0), plan.outputs[2]!];
    assertScriptRejected(await attempt(chain, bad), /placement paid to the wrong address|placement output not tagged/);
  });

  it("attack: one output for a placement and the fixed payout of the same address", async () => {
    const { chain, plan } = honest();
    // carol wins 2nd place (4 ADA) and holds the fixed payout (3 ADA): one 7 ADA output for both.
    const bad = clonePlan(plan);
    bad.outputs = [plan.outputs[0]!, prizeOut(cup, w.carol.address, 7_000_000n, 1)];
    assertScriptRejected(
      await attempt(chain, bad),
      /fixed payout paid to the wrong address|fixed payout output not tagged/,
    );
  });

  it("attack: a prize output tagged with another payout's index", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.outputs[1] = { ...plan.outputs[1]!, datum: encodePayoutTag(cup.id, 2) };
    assertScriptRejected(await attempt(chain, bad), "placement output not tagged");
  });

  it("attack: a prize output tagged for another tournament", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.outputs[0] = { ...plan.outputs[0]!, datum: encodePayoutTag(partial.id, 0) };
    assertScriptRejected(await attempt(chain, bad), "placement output not tagged");
  });

  it("attack: settling without burning the NFT (it goes to the admin)", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.mints = [];
    assertScriptRejected(await attempt(chain, bad), "NFT not burnt");
  });

  it("attack: consuming a pending registration in the settlement", async () => {
    const { chain, plan } = honest();
    const pending = registrations(chain, cup)[0]!;
    const bad = clonePlan(plan);
    bad.scriptInputs.push({ utxo: pending, redeemer: REGISTRATION_ADD_REDEEMER, script: cup.refs.registration! });
    // Refused by the registration: its tournament's NFT is burnt, not in output 0 (v2's Settle no
    // longer looks at registrations: the registration validator alone guards them, see exits.test.ts).
    assertScriptRejected(await attempt(chain, bad), "tournament not spent in this transaction");
  });

  it("attack: fewer winners than placements", async () => {
    const { chain, plan, winners } = honest();
    const bad = clonePlan(plan);
    bad.scriptInputs[0] = { ...plan.scriptInputs[0]!, redeemer: settleRedeemer(winners.slice(0, 1)) };
    assertScriptRejected(await attempt(chain, bad), "one winner per placement");
  });

  it("attack: spending the tournament with a redeemer that is none of AddParticipants, Settle, Cancel, Refund", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    // Constr 1 [Constr 5 []]: the spending wrapper around an unknown action.
    bad.scriptInputs[0] = {
      ...plan.scriptInputs[0]!,
      redeemer: Buffer.from(makeConstrData(1, [makeConstrData(5, [])]).toCbor()).toString("hex"),
    };
    assertScriptFailed(await attempt(chain, bad));
  });

  it("attack: spending the tournament with a minting-shaped redeemer (Constr 0)", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.scriptInputs[0] = {
      ...plan.scriptInputs[0]!,
      redeemer: Buffer.from(makeConstrData(0, [makeConstrData(1, [])]).toCbor()).toString("hex"),
    };
    assertScriptFailed(await attempt(chain, bad));
  });
});
