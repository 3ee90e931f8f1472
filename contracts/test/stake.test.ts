// Issue #8 property 7: the tournament output carries no stake credential the creator (or the
// admin, later) chose, so nobody delegates or votes with the pool: the policy wants the NFT at the
// tournament script's enterprise address, and an add continues at the very address it spends.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { deserializeAddress, serializePlutusScript } from "@meshsdk/core";
import { tournamentScript, V2_1_CONTRACT } from "../../src/tournament/contracts.js";
import { attempt, type Chain, hasOnlyAda, submitPlan } from "./helpers.js";
import { assertScriptRejected, clonePlan, CUP, makeWorld, openTournament, registerAll, type World } from "./fixture.js";
import { addPlan, createPlan, registrations, type Tournament, tournamentUtxo } from "./tournament-txs.js";

/** The tournament script's address with a stake part: a key hash, or a script hash. */
const staked = (stakeHash: string, isScript = false): string =>
  serializePlutusScript({ code: tournamentScript(V2_1_CONTRACT).code, version: "V2" }, stakeHash, 0, isScript)
    .address as string;

let w: World;
let base: Chain;
let cup: Tournament;

before(async () => {
  w = await makeWorld();
  base = w.chain;
  cup = await openTournament(w);
  await registerAll(base, cup, [w.alice, w.bob]);
});

describe("P7: the tournament output carries no stake credential", () => {
  it("attack: creating the tournament at its script address with a stake key, or a stake script, of the creator's choice", async () => {
    for (const address of [staked(w.admin.pkh), staked(randomBytes(28).toString("hex"), true)]) {
      const chain = base.snapshot();
      const seed = chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
      const { plan } = createPlan(w.ref, w.admin, CUP, seed);
      const bad = clonePlan(plan);
      bad.outputs[0] = { ...plan.outputs[0]!, address };
      assert.equal(deserializeAddress(address).scriptHash, tournamentScript(V2_1_CONTRACT).hash);
      assertScriptRejected(
        await attempt(chain, bad),
        "NFT must go to the tournament validator, without a stake credential",
      );
    }
  });

  it("attack: an add that continues the pool at the same script with a stake credential", async () => {
    const chain = base.snapshot();
    const { plan } = addPlan(cup, w.admin, tournamentUtxo(chain, cup), registrations(chain, cup));
    const bad = clonePlan(plan);
    bad.outputs[0] = { ...plan.outputs[0]!, address: staked(w.admin.pkh) };
    // The registrations accept (output 0's payment credential is the tournament script's): the tournament refuses.
    assertScriptRejected(await attempt(chain, bad), "first output must continue the tournament");
  });

  it("honest: created and added at the enterprise address, with no stake part", async () => {
    const chain = base.snapshot();
    await submitPlan(chain, addPlan(cup, w.admin, tournamentUtxo(chain, cup), registrations(chain, cup)).plan);
    const out = tournamentUtxo(chain, cup);
    assert.equal(deserializeAddress(out.output.address).stakeCredentialHash, "");
    assert.equal(deserializeAddress(out.output.address).stakeScriptCredentialHash, "");
    assert.equal(deserializeAddress(out.output.address).scriptHash, tournamentScript(V2_1_CONTRACT).hash);
  });
});
