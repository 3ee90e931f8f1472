// Independent review (helper "review"): hypotheses not covered by the suite, each the honest
// transaction with one thing changed. Addresses checked only in part: a payout to the right payment
// key with another stake part (the attacker's), which would let the attacker control the
// delegation and the votes of the prize or refund. And the mixed script's dispatch: a mint whose
// redeemer carries the spending wrapper (Constr 1) instead of the minting one (Constr 0).
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { attempt, type Chain, hasOnlyAda, type TxPlan } from "./helpers.js";
import {
  addAll,
  assertScriptRejected,
  clonePlan,
  CUP,
  makeWorld,
  openTournament,
  passDeadline,
  registerAll,
  SOON,
  type World,
} from "./fixture.js";
import { closePlan, createPlan, datumOf, settlePlan, type Tournament, tournamentUtxo } from "./tournament-txs.js";

const ADA = 1_000_000n;

let w: World;
let base: Chain;
/** A full bracket of two: alice and bob; one placement of 8 ADA. */
let duel: Tournament;

/** `owner`'s payment key with `staker`'s key as stake part (a base address on testnet). */
const restaked = (ownerPkh: string, stakerPkh: string): string =>
  serializeAddressObj(pubKeyAddress(ownerPkh, stakerPkh), 0);

/** `plan` with the output paying `address` moved to the same payment key staked by mallory. */
function restake(plan: TxPlan, address: string, pkh: string): TxPlan {
  const bad = clonePlan(plan);
  const k = bad.outputs.findIndex((o) => o.address === address);
  assert.ok(k >= 0, "the honest plan pays that address");
  bad.outputs[k] = { ...bad.outputs[k]!, address: restaked(pkh, w.mallory.pkh) };
  return bad;
}

before(async () => {
  w = await makeWorld();
  base = w.chain;
  duel = await openTournament(w, { ...SOON, name: "Review Duel", bracketSize: 2, payoutStructure: [8n * ADA] });
  await registerAll(base, duel, [w.alice, w.bob]);
  await addAll(base, duel, w.admin);
  assert.deepEqual(
    [...datumOf(tournamentUtxo(base, duel)).participants].sort(),
    [w.alice.address, w.bob.address].sort(),
  );
});

describe("review: payouts to the right key with the attacker's stake part", () => {
  it("attack: a stranger's refund pays alice's entry fee and share to alice's key staked by mallory", async () => {
    const chain = passDeadline(base.snapshot(), duel);
    const plan = closePlan(duel, w.mallory, tournamentUtxo(chain, duel), "refund");
    assertScriptRejected(
      await attempt(chain, restake(plan, w.alice.address, w.alice.pkh)),
      "refund paid to the wrong address",
    );
  });

  it("attack: the admin's settlement pays the winner's prize to the winner's key staked by mallory", async () => {
    const chain = base.snapshot();
    const current = tournamentUtxo(chain, duel);
    const plan = settlePlan(duel, w.admin, current, [datumOf(current).participants.indexOf(w.bob.address)]);
    assertScriptRejected(
      await attempt(chain, restake(plan, w.bob.address, w.bob.pkh)),
      "placement paid to the wrong address",
    );
  });

  it("attack: a cancel pays the admin's remainder to the admin's key staked by mallory", async () => {
    const chain = base.snapshot();
    const plan = closePlan(duel, w.admin, tournamentUtxo(chain, duel), "cancel");
    const bad = clonePlan(plan);
    const n = bad.outputs.length - 1;
    bad.outputs[n] = { ...bad.outputs[n]!, address: restaked(w.admin.pkh, w.mallory.pkh) };
    assertScriptRejected(await attempt(chain, bad), "remainder paid to another address than the admin");
  });
});

describe("review: the mixed script's dispatch of a mint", () => {
  // Helios's mixed entry point tells a mint from a spend by its second argument: for a mint that is
  // the script context (always Constr 0), so the redeemer's own wrapper tag is never read. A
  // creation with the spending wrapper runs the same Create checks. Harmless (the minting rules are
  // the same whatever the tag), recorded because the README's redeemer table says mints are
  // "wrapped in Constr 0".
  it("observation: a creation whose redeemer wraps Create in Constr 1 (the spending wrapper) is accepted", async () => {
    const chain = base.snapshot();
    const seed = chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
    const { plan } = createPlan(w.ref, w.admin, CUP, seed);
    const bad = clonePlan(plan);
    const honest = bad.mints[0]!;
    assert.ok(honest.redeemer.startsWith("d8799f"), honest.redeemer);
    bad.mints[0] = { ...honest, redeemer: `d87a9f${honest.redeemer.slice(6)}` };
    const outcome = await attempt(chain, bad);
    assert.equal(outcome.ledger.ok, true, `${outcome.evaluationError ?? ""} ${outcome.ledger.error ?? ""}`);
  });
});
