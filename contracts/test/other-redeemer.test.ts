// Issue #19 item 1, "other redeemer": v2's tournament validator appended each registration's datum
// trusting the registration validator's Add to have checked it was a key address without a
// pointer. But a registration can also leave with its Cancel redeemer (its registrant signs; the
// datum is read leniently there) in the very transaction where the admin adds: an admin and a
// registrant together, or an admin registering under a key of its own, then append a participant
// no refund can ever pay, and every entry fee in the pool is locked (the refund of a participant
// walks the list). v2.1's tournament validator checks every appended participant itself. Each
// attack runs against the frozen v2 (contracts/v2: accepted, the bug) and against v2.1 (refused).
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { UplcData } from "@helios-lang/uplc";
import { MINT_BURN_REDEEMER, REFUND_REDEEMER, REGISTRATION_CANCEL_REDEEMER } from "../../src/tournament/datum.js";
import { v2ClosePlan, V2_SCRIPTS } from "../v2/plans.js";
import { v2TournamentScript } from "../v2/scripts.js";
import { attempt, type Chain, lovelaceOf, type RefScript, submitPlan, type TxPlan } from "./helpers.js";
import {
  assertScriptFailed,
  assertScriptRejected,
  makeWorld,
  passDeadline,
  registerAll,
  registrationOf,
  SOON,
  type World,
} from "./fixture.js";
import {
  addPlan,
  createTournament,
  CURRENT,
  deploy,
  ledgerOrder,
  prizeOut,
  registerPlan,
  registrations,
  type Scripts,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";
import {
  addressData,
  addressToData,
  keyCred,
  makeConstrData,
  makeIntData,
  noStake,
  rawTournamentDatum,
} from "./raw.js";

let w: World;
let v2Ref: RefScript;

before(async () => {
  w = await makeWorld();
  const [ref] = await deploy(w.chain, w.mallory, [v2TournamentScript()]);
  if (!ref) throw new Error("deploy");
  v2Ref = ref;
});

/** mallory's address data with one thing wrong: a pointer, an extra field, a wrong constructor. Each still names her key. */
const MALFORMED: [string, () => UplcData][] = [
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
];

/**
 * A tournament of `scripts` (bracket 4, 5 ADA entry) with alice's registration and one of
 * mallory's whose datum is `datum`, both holding the entry fee; then the admin's add of alice's,
 * with mallory's spent beside it with Cancel (mallory signs) and appended too.
 */
async function attack(
  scripts: Scripts,
  ref: RefScript,
  datum: UplcData,
): Promise<{ chain: Chain; t: Tournament; plan: TxPlan }> {
  const chain = w.chain.snapshot();
  const { tournament: t } = await createTournament(chain, ref, w.admin, { ...SOON, name: "Other redeemer" }, scripts);
  await registerAll(chain, t, [w.alice]);
  const reg = registerPlan(t, w.mallory, [w.mallory.address]);
  reg.outputs[0] = {
    ...reg.outputs[0]!,
    datum: Buffer.from(datum.toCbor()).toString("hex"),
    lovelace: t.config.entryFee,
  };
  const { txHash } = await submitPlan(chain, reg);
  const bad = registrations(chain, t).find((u) => u.input.txHash === txHash)!;
  const alice = registrationOf(chain, t, w.alice.address);
  const { plan } = addPlan(t, w.admin, tournamentUtxo(chain, t), [alice]);
  const ordered = [alice, bad].sort(ledgerOrder).map((u) => (u === bad ? datum : addressToData(w.alice.address)));
  plan.scriptInputs.push({ utxo: bad, redeemer: REGISTRATION_CANCEL_REDEEMER, script: t.refs.registration! });
  plan.outputs[0] = {
    ...plan.outputs[0]!,
    lovelace: plan.outputs[0]!.lovelace + t.config.entryFee,
    datum: rawTournamentDatum(t.config, ordered),
  };
  plan.requiredSigners.push(w.mallory.pkh);
  plan.signers.push(w.mallory);
  return { chain, t, plan };
}

describe("issue #19 item 1: a registration spent with Cancel beside an add cannot smuggle a participant in", () => {
  for (const [what, datum] of MALFORMED) {
    it(`v2 accepted (the bug), v2.1 refuses: a registrant with ${what}, spent with Cancel in the admin's add`, async () => {
      const old = await attack(V2_SCRIPTS, v2Ref, datum());
      const accepted = await attempt(old.chain, old.plan);
      assert.equal(accepted.ledger.ok, true, `v2 refused it: ${accepted.evaluationError} ${accepted.ledger.error}`);
      const now = await attack(CURRENT, w.ref, datum());
      assertScriptRejected(await attempt(now.chain, now.plan), "registrant is not a key address");
    });
  }

  for (const [what, datum] of MALFORMED) {
    it(`v2: once a registrant with ${what} is in, no refund can pay the participants: the entry fees are locked`, async () => {
      const old = await attack(V2_SCRIPTS, v2Ref, datum());
      await submitPlan(old.chain, old.plan);
      const chain = passDeadline(old.chain, old.t);
      const current = tournamentUtxo(chain, old.t);
      // The service's decoder refuses this datum (the service cannot read the tournament any more
      // either), so v2ClosePlan cannot write the refund: it is written by hand, paying mallory's key.
      assert.throws(() => v2ClosePlan(old.t, w.carol, current, "refund"), /no well-formed datum/);
      const fee = old.t.config.entryFee;
      const aliceFirst =
        old.plan.outputs[0]!.datum === rawTournamentDatum(old.t.config, [addressToData(w.alice.address), datum()]);
      const addresses = aliceFirst ? [w.alice.address, w.mallory.address] : [w.mallory.address, w.alice.address];
      const refund: TxPlan = {
        payer: w.carol,
        scriptInputs: [{ utxo: current, redeemer: REFUND_REDEEMER, script: old.t.refs.tournament }],
        walletInputs: [],
        mints: [{ script: old.t.refs.tournament, name: old.t.id, quantity: -1n, redeemer: MINT_BURN_REDEEMER }],
        outputs: [
          ...addresses.map((a, k) => prizeOut(old.t, a, fee, k)),
          prizeOut(old.t, w.admin.address, lovelaceOf(current) - 2n * fee, 2),
        ],
        requiredSigners: [],
        signers: [],
        validFrom: chain.slot,
      };
      // A script fails (Address::from_data, or the address compared): the ledger refuses in phase 2.
      assertScriptFailed(await attempt(chain, refund));
    });
  }
});
