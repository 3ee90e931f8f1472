// review3 (independent audit): registration.hl says "a transaction that creates any tournament
// mints under the policy: no registration can be taken there". That holds for a registration spent
// with Add; one spent with Cancel (its registrant signing) is still appended by the pool's add, and
// then nothing forbids a creation in the same transaction. Observed here; harmless (the registrant
// consents, the new pool's output is checked on its own), so informational only.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { REGISTRATION_CANCEL_REDEEMER } from "../../../src/tournament/datum.js";
import { type Chain, submitPlan, type TxPlan } from "../helpers.js";
import { addPlan, type Pool } from "./plans.js";
import { create, creation, CUP, makeV3World, poolUtxo, refused, register, type V3World } from "./attack-world.js";

let w: V3World;
let on: Chain;
let pool: Pool;

before(async () => {
  w = await makeV3World();
  on = w.chain.snapshot();
  pool = await create(w, on, { ...CUP, name: "r3 add" });
  await register(on, pool, w.alice, [w.alice.address]);
});

/** The admin's add of alice's registration merged with the creation of a second pool. */
function addAndCreate(registrationRedeemer?: string): TxPlan {
  const regs = on.utxosAt(pool.registrationAddress);
  const add = addPlan(pool, w.admin, poolUtxo(on, pool), [], regs).plan;
  const make = creation(w, on, { ...CUP, name: "r3 second" }).plan;
  const scriptInputs =
    registrationRedeemer === undefined
      ? add.scriptInputs
      : add.scriptInputs.map((s, i) => (i === 0 ? s : { ...s, redeemer: registrationRedeemer }));
  return {
    ...add,
    scriptInputs,
    walletInputs: make.walletInputs,
    mints: make.mints,
    outputs: [...add.outputs, ...make.outputs],
    requiredSigners: registrationRedeemer === undefined ? add.requiredSigners : [...add.requiredSigners, w.alice.pkh],
    signers: registrationRedeemer === undefined ? add.signers : [...add.signers, w.alice],
    validFrom: make.validFrom,
  };
}

describe("review3 add: a creation beside an add", () => {
  it("refused with the registration's Add: T59", async () => {
    await refused(on, addAndCreate(), "T59");
  });

  it("informational: accepted when the registration is spent with Cancel, alice signing (she is seated, the second pool created)", async () => {
    const c = on.snapshot();
    await submitPlan(c, addAndCreate(REGISTRATION_CANCEL_REDEEMER));
    assert.equal(c.utxosAt(pool.registrationAddress).length, 0);
    const pools = c.utxosAt(pool.address).filter((u) => u.output.amount.length === 2);
    assert.ok(pools.length >= 2);
  });
});
