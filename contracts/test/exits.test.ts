// Issue #8 property 1: a registration leaves its address only three ways: cancelled by its
// registrant's signature, appended to its own tournament by an add that spends that tournament, or
// (once added) refunded or cancelled with its tournament. It can never be spent in a transaction
// that creates a tournament, whatever that transaction's outputs hold.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { encodeTournamentDatum, REGISTRATION_ADD_REDEEMER } from "../../src/tournament/datum.js";
import { attempt, type Chain, hasOnlyAda, lovelaceOf, type RefScript, submitPlan, type TxPlan } from "./helpers.js";
import {
  addAll,
  assertScriptRejected,
  clonePlan,
  makeWorld,
  openTournament,
  participantIndex,
  passDeadline,
  registerAll,
  registrationOf,
  SOON,
  type World,
} from "./fixture.js";
import {
  addPlan,
  cancelPlan,
  closePlan,
  createPlan,
  deploy,
  ledgerOrder,
  registrations,
  settlePlan,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";

let w: World;
let base: Chain;
/** Alice added, bob's registration pending. */
let cup: Tournament;
/** Mallory's registration pending. */
let other: Tournament;
/** A full bracket of two (alice, bob); carol's registration pending. */
let duel: Tournament;

before(async () => {
  w = await makeWorld();
  base = w.chain;
  cup = await openTournament(w, SOON);
  other = await openTournament(w, { ...SOON, name: "Other Cup" });
  duel = await openTournament(w, { ...SOON, name: "Duel", bracketSize: 2, payoutStructure: [8_000_000n] });
  await registerAll(base, cup, [w.alice]);
  await addAll(base, cup, w.admin);
  await registerAll(base, cup, [w.bob]);
  await registerAll(base, other, [w.mallory]);
  await registerAll(base, duel, [w.alice, w.bob]);
  await addAll(base, duel, w.admin);
  await registerAll(base, duel, [w.carol]);
});

/** A pending registration spent with Add, appended to `plan` (one thing changed). */
function withAdd(plan: TxPlan, t: Tournament, reg: ReturnType<typeof registrationOf>): TxPlan {
  const bad = clonePlan(plan);
  bad.scriptInputs.push({ utxo: reg, redeemer: REGISTRATION_ADD_REDEEMER, script: t.refs.registration! });
  return bad;
}

/**
 * Registrations sent to the registration address of a tournament that does not exist yet (its ID,
 * hence the address, is known from the seed the creator will spend), and the creation's plan.
 */
async function beforeItExists() {
  const chain = base.snapshot();
  const seed = chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
  const { plan, tournament } = createPlan(w.ref, w.admin, { ...SOON, name: "Not Yet" }, seed);
  // Deployed by someone else, so that the creator's seed stays unspent.
  const [regRef] = await deploy(chain, w.mallory, [tournament.registration]);
  const t: Tournament = { ...tournament, refs: { tournament: w.ref, registration: regRef as RefScript } };
  await registerAll(chain, t, [w.alice, w.bob]);
  const early = registrations(chain, t).sort(ledgerOrder);
  assert.equal(early.length, 2);
  return { chain, plan, t, early };
}

describe("P1: a registration leaves its address only three ways", () => {
  it("attack: the creator sweeps registrations made before the tournament exists, in the transaction that creates it", async () => {
    const { chain, plan, t, early } = await beforeItExists();
    const bad = clonePlan(plan);
    for (const r of early)
      bad.scriptInputs.push({ utxo: r, redeemer: REGISTRATION_ADD_REDEEMER, script: t.refs.registration! });
    // Output 0 holds the new NFT at the tournament address: only the mint tells a creation apart.
    assertScriptRejected(await attempt(chain, bad), "a registration cannot be taken where a tournament is created");
  });

  it("attack: the same sweep with a forged registration_hash in the created datum", async () => {
    const { chain, plan, t, early } = await beforeItExists();
    const bad = clonePlan(plan);
    const datum = encodeTournamentDatum({
      config: { ...t.config, registrationHash: "cd".repeat(28) },
      participants: [],
    });
    bad.outputs[0] = { ...plan.outputs[0]!, datum };
    for (const r of early)
      bad.scriptInputs.push({ utxo: r, redeemer: REGISTRATION_ADD_REDEEMER, script: t.refs.registration! });
    assertScriptRejected(await attempt(chain, bad), "a registration cannot be taken where a tournament is created");
  });

  it("attack: the same sweep listing the registrants as participants of the created tournament", async () => {
    const { chain, plan, t, early } = await beforeItExists();
    const bad = clonePlan(plan);
    const datum = encodeTournamentDatum({ config: t.config, participants: [w.alice.address, w.bob.address] });
    bad.outputs[0] = { ...plan.outputs[0]!, datum, lovelace: plan.outputs[0]!.lovelace + 2n * t.config.entryFee };
    for (const r of early)
      bad.scriptInputs.push({ utxo: r, redeemer: REGISTRATION_ADD_REDEEMER, script: t.refs.registration! });
    assertScriptRejected(
      await attempt(chain, bad),
      /a registration cannot be taken where a tournament is created|participants must start empty/,
    );
  });

  it("honest: registrations made before the tournament exists are added once it does, or cancelled", async () => {
    const { chain, plan, t, early } = await beforeItExists();
    await submitPlan(chain, plan);
    await submitPlan(chain.snapshot(), cancelPlan(t, w.alice, registrationOf(chain, t, w.alice.address)));
    await submitPlan(chain, addPlan(t, w.admin, tournamentUtxo(chain, t), early).plan);
    assert.equal(registrations(chain, t).length, 0);
    assert.equal(participantIndex(chain, t, w.bob.address) >= 0, true);
  });

  it("attack: an add of this tournament in the same transaction as the creation of another (nothing is taken, but P1 says never)", async () => {
    // The registration's own tournament is spent and would append it; the rule is still literal:
    // no registration leaves its address in a transaction that mints under the tournament policy.
    const chain = base.snapshot();
    const { plan } = addPlan(cup, w.admin, tournamentUtxo(chain, cup), [registrationOf(chain, cup, w.bob.address)]);
    await submitPlan(chain.snapshot(), plan);
    const seed = chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
    const z = createPlan(w.ref, w.admin, { ...SOON, name: "Zed" }, seed);
    const both = clonePlan(plan);
    both.walletInputs = [seed];
    both.mints = z.plan.mints;
    both.outputs.push(...z.plan.outputs);
    both.validFrom = z.plan.validFrom;
    assertScriptRejected(await attempt(chain, both), "a registration cannot be taken where a tournament is created");
  });

  it("attack: a pending registration spent with Add in a settlement", async () => {
    const chain = base.snapshot();
    const plan = settlePlan(duel, w.admin, tournamentUtxo(chain, duel), [1]);
    await submitPlan(chain.snapshot(), plan);
    const bad = withAdd(plan, duel, registrationOf(chain, duel, w.carol.address));
    assertScriptRejected(await attempt(chain, bad), "tournament not spent in this transaction");
  });

  it("attack: a pending registration spent with Add in a cancel", async () => {
    const chain = base.snapshot();
    const plan = closePlan(cup, w.admin, tournamentUtxo(chain, cup), "cancel");
    await submitPlan(chain.snapshot(), plan);
    const bad = withAdd(plan, cup, registrationOf(chain, cup, w.bob.address));
    assertScriptRejected(await attempt(chain, bad), "tournament not spent in this transaction");
  });

  it("attack: a pending registration spent with Add in a refund", async () => {
    const chain = passDeadline(base.snapshot(), cup);
    const plan = closePlan(cup, w.mallory, tournamentUtxo(chain, cup), "refund");
    await submitPlan(chain.snapshot(), plan);
    const bad = withAdd(plan, cup, registrationOf(chain, cup, w.bob.address));
    assertScriptRejected(await attempt(chain, bad), "tournament not spent in this transaction");
  });

  it("attack: a registration of another tournament appended by this tournament's add (v1)", async () => {
    const chain = base.snapshot();
    const { plan, datum } = addPlan(cup, w.admin, tournamentUtxo(chain, cup), [
      registrationOf(chain, cup, w.bob.address),
    ]);
    const foreign = registrationOf(chain, other, w.mallory.address);
    const bad = withAdd(plan, other, foreign);
    const sorted = [registrationOf(chain, cup, w.bob.address), foreign].sort(ledgerOrder);
    const appended = sorted.map((r) => (r === foreign ? w.mallory.address : w.bob.address));
    const d = encodeTournamentDatum({ ...datum, participants: [...datum.participants.slice(0, 1), ...appended] });
    bad.outputs[0] = { ...plan.outputs[0]!, datum: d, lovelace: plan.outputs[0]!.lovelace + SOON.entryFee };
    // Both scripts refuse: the tournament takes no other script's input, and the foreign
    // registration's own tournament is not in the transaction; the evaluator reports either.
    assertScriptRejected(
      await attempt(chain, bad),
      /no other script may be spent with an add|tournament not spent in this transaction/,
    );
  });

  it("attack: a registration of another tournament swept (not appended) by this tournament's add (v1)", async () => {
    const chain = base.snapshot();
    const { plan } = addPlan(cup, w.admin, tournamentUtxo(chain, cup), [registrationOf(chain, cup, w.bob.address)]);
    const bad = withAdd(plan, other, registrationOf(chain, other, w.mallory.address));
    assertScriptRejected(
      await attempt(chain, bad),
      /no other script may be spent with an add|tournament not spent in this transaction/,
    );
  });

  it("attack: a tournament created with a forged registration hash cannot take its genuine registrations (v1)", async () => {
    // The policy cannot recompute a registration validator's hash, so a creator may write any hash
    // in the datum. The genuine registrations then sit at a script the tournament does not count as
    // its registrations: it refuses them, and they can still be cancelled.
    const chain = base.snapshot();
    const seed = chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
    const { plan, tournament } = createPlan(w.ref, w.admin, { ...SOON, name: "Crooked" }, seed);
    const crooked: Tournament = { ...tournament, config: { ...tournament.config, registrationHash: "cd".repeat(28) } };
    await submitPlan(chain, {
      ...plan,
      outputs: [{ ...plan.outputs[0]!, datum: encodeTournamentDatum({ config: crooked.config, participants: [] }) }],
    });
    crooked.refs.registration = (await deploy(chain, w.admin, [crooked.registration]))[0];
    await registerAll(chain, crooked, [w.alice]);
    const { plan: add } = addPlan(crooked, w.admin, tournamentUtxo(chain, crooked), registrations(chain, crooked));
    assertScriptRejected(await attempt(chain, add), "no other script may be spent with an add");
    await submitPlan(chain, cancelPlan(crooked, w.alice, registrationOf(chain, crooked, w.alice.address)));
  });

  it("honest: a registration not added is cancelled by its registrant after its tournament was settled", async () => {
    const chain = base.snapshot();
    await submitPlan(chain, settlePlan(duel, w.admin, tournamentUtxo(chain, duel), [0]));
    const reg = registrationOf(chain, duel, w.carol.address);
    const before = chain.utxosAt(w.carol.address).reduce((s, u) => s + lovelaceOf(u), 0n);
    await submitPlan(chain, cancelPlan(duel, w.carol, reg));
    const after = chain.utxosAt(w.carol.address).reduce((s, u) => s + lovelaceOf(u), 0n);
    assert.equal(registrations(chain, duel).length, 0);
    assert.ok(after > before + lovelaceOf(reg) - 1_000_000n, "the registration's value, less the fee");
  });

  it("honest: a registration not added is cancelled by its registrant after its tournament was refunded (or cancelled)", async () => {
    for (const how of ["refund", "cancel"] as const) {
      const chain = how === "refund" ? passDeadline(base.snapshot(), cup) : base.snapshot();
      await submitPlan(chain, closePlan(cup, how === "refund" ? w.mallory : w.admin, tournamentUtxo(chain, cup), how));
      await submitPlan(chain, cancelPlan(cup, w.bob, registrationOf(chain, cup, w.bob.address)));
      assert.equal(registrations(chain, cup).length, 0, how);
    }
  });
});
