// Issue #8 property 4: every participant is a well-formed address with a key payment credential.
// The registration validator checks its own datum when it is added (the tournament validator then
// appends exactly that datum), so a registration whose datum is anything else can never become a
// participant; its registrant, where it has a key, can still cancel it.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { UplcData } from "@helios-lang/uplc";
import { attempt, type Chain, submitPlan } from "./helpers.js";
import {
  assertScriptFailed,
  assertScriptRejected,
  clonePlan,
  makeWorld,
  openTournament,
  registrationOf,
  type World,
} from "./fixture.js";
import {
  addPlan,
  cancelPlan,
  datumOf,
  registerPlan,
  registrations,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";
import {
  addressData,
  addressToData,
  cborHex,
  keyCred,
  makeByteArrayData,
  makeConstrData,
  makeIntData,
  noStake,
  rawTournamentDatum,
  scriptCred,
  stakeOf,
} from "./raw.js";

let w: World;
let base: Chain;
let cup: Tournament;

before(async () => {
  w = await makeWorld();
  base = w.chain;
  cup = await openTournament(w);
  await submitPlan(base, registerPlan(cup, w.alice, [w.alice.address]));
});

/** A registration of `cup` holding exactly the entry fee, with `datum` as its datum. */
async function registerRaw(chain: Chain, datum: UplcData) {
  const plan = registerPlan(cup, w.mallory, [w.mallory.address]);
  plan.outputs[0] = { ...plan.outputs[0]!, datum: cborHex(datum), lovelace: cup.config.entryFee };
  const { txHash } = await submitPlan(chain, plan);
  const reg = registrations(chain, cup).find((u) => u.input.txHash === txHash);
  if (!reg) throw new Error("registration not found");
  return reg;
}

/**
 * The honest add of alice's registration with that registration swapped for one whose datum is
 * `datum`, which the admin appends as is.
 */
async function addOf(datum: UplcData) {
  const chain = base.snapshot();
  const bad = await registerRaw(chain, datum);
  const { plan } = addPlan(cup, w.admin, tournamentUtxo(chain, cup), [registrationOf(chain, cup, w.alice.address)]);
  const attack = clonePlan(plan);
  attack.scriptInputs[1] = { ...plan.scriptInputs[1]!, utxo: bad };
  attack.outputs[0] = { ...plan.outputs[0]!, datum: rawTournamentDatum(cup.config, [datum]) };
  return { chain, attack, bad };
}

describe("P4: every participant is a well-formed address with a key payment credential", () => {
  const alice = () => w.alice.pkh;

  it("honest: a key address with a script stake credential is added", async () => {
    const datum = addressData(keyCred(alice()), stakeOf(scriptCred("ab".repeat(28))));
    const { chain, attack } = await addOf(datum);
    await submitPlan(chain, attack);
    assert.equal(datumOf(tournamentUtxo(chain, cup)).participants.length, 1);
  });

  it("attack: a registration whose datum is an integer, not an address; nobody can cancel it", async () => {
    const { chain, attack, bad } = await addOf(makeIntData(5n));
    assertScriptRejected(await attempt(chain, attack), "registrant is not a key address");
    // No registrant: the output has no owner (as anything sent to a script without a key datum).
    assertScriptFailed(await attempt(chain, cancelPlan(cup, w.alice, bad)));
  });

  it("attack: an address whose payment credential is a script; no key can cancel it", async () => {
    const { chain, attack, bad } = await addOf(addressData(scriptCred(alice())));
    assertScriptRejected(await attempt(chain, attack), "registrant is not a key address");
    assertScriptRejected(await attempt(chain, cancelPlan(cup, w.alice, bad)), "registrant must be a key credential");
  });

  it("attack: a key hash of 27 bytes; no key can cancel it", async () => {
    const { chain, attack, bad } = await addOf(addressData(keyCred(alice().slice(2))));
    assertScriptRejected(await attempt(chain, attack), "registrant is not a key address");
    assertScriptRejected(await attempt(chain, cancelPlan(cup, w.alice, bad)), "registrant signature missing");
  });

  // The registrant's key is in these datums: the registration cannot be added, but its registrant cancels it.
  const withKey: [string, () => UplcData][] = [
    ["a wrong constructor (Constr 1 instead of Constr 0)", () => makeConstrData(1, [keyCred(alice()), noStake])],
    ["an extra field", () => makeConstrData(0, [keyCred(alice()), noStake, makeIntData(0n)])],
    ["a stake key hash of 27 bytes", () => addressData(keyCred(alice()), stakeOf(keyCred("ab".repeat(27))))],
    // A pointer is Some (StakingPtr slot tx cert): without the Some wrapper the stake part is malformed.
    [
      "a pointer stake part without its Some wrapper",
      () => addressData(keyCred(alice()), makeConstrData(1, [makeIntData(1n), makeIntData(2n), makeIntData(3n)])),
    ],
    // Well-formed, but pointers no longer delegate since Conway and the service's codec has none:
    // a participant the service could not read back would hide its tournament from the API.
    [
      "a pointer stake part (Some (StakingPtr slot tx cert))",
      () =>
        addressData(
          keyCred(alice()),
          makeConstrData(0, [makeConstrData(1, [makeIntData(1n), makeIntData(2n), makeIntData(3n)])]),
        ),
    ],
  ];
  for (const [what, datum] of withKey) {
    it(`attack: an address with ${what}; its registrant cancels it`, async () => {
      const { chain, attack, bad } = await addOf(datum());
      assertScriptRejected(await attempt(chain, attack), "registrant is not a key address");
      const cancel = await attempt(chain, cancelPlan(cup, w.alice, bad));
      assert.equal(cancel.ledger.ok, true, `the registrant's cancel: ${cancel.evaluationError} ${cancel.ledger.error}`);
    });
  }

  it("attack: a payment credential that is bytes, not a constructor; nobody can cancel it", async () => {
    const { chain, attack, bad } = await addOf(addressData(makeByteArrayData(alice())));
    assertScriptRejected(await attempt(chain, attack), "registrant is not a key address");
    assertScriptFailed(await attempt(chain, cancelPlan(cup, w.alice, bad)));
  });

  it("honest: the canonical datum of the same registrant is added (each attack above changes only the datum)", async () => {
    const { chain, attack } = await addOf(addressToData(w.alice.address));
    await submitPlan(chain, attack);
    assert.deepEqual(datumOf(tournamentUtxo(chain, cup)).participants, [w.alice.address]);
  });
});
