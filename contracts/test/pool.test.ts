// Issue #19 item 3: the pool output (the one holding the tournament NFT) is pinned completely at
// creation and at every add: at the tournament script's enterprise address, only ada and the NFT,
// no reference script, and exactly the tournament datum, its config unchanged as data (item for
// item; v2's decoded struct equality turned out to compare the data as well). An unpinned field makes every
// later spend of the pool more expensive (a reference script on a spent input is charged by the
// byte) or too big to fit. Where v2 accepted the attack, the test shows it on the frozen v2 too.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { v2TournamentScript } from "../v2/scripts.js";
import { V2_SCRIPTS } from "../v2/plans.js";
import { attempt, type Chain, hasOnlyAda, type RefScript, submitPlan, type TxPlan } from "./helpers.js";
import { assertScriptRejected, clonePlan, CUP, makeWorld, registerAll, registrationOf, type World } from "./fixture.js";
import {
  addPlan,
  createPlan,
  createTournament,
  CURRENT,
  deploy,
  type Scripts,
  tournamentUtxo,
} from "./tournament-txs.js";
import { addressToData, configItems, cborHex, makeIntData, makeListData } from "./raw.js";
import { PARAMS } from "./helpers.js";

let w: World;
let v2Ref: RefScript;

before(async () => {
  w = await makeWorld();
  const [ref] = await deploy(w.chain, w.mallory, [v2TournamentScript()]);
  if (!ref) throw new Error("deploy");
  v2Ref = ref;
});

/** The registration validator's code: any script will do as a reference script riding on the pool. */
const withRefScript = (plan: TxPlan, code: string): TxPlan => {
  const bad = clonePlan(plan);
  const o = plan.outputs[0]!;
  bad.outputs[0] = {
    ...o,
    scriptCode: code,
    lovelace: o.lovelace + BigInt(code.length / 2 + 10) * BigInt(PARAMS.coinsPerUtxoSize),
  };
  return bad;
};

/** A tournament of `scripts` with alice's registration pending, and the honest add of it. */
async function honestAdd(scripts: Scripts, ref: RefScript) {
  const chain = w.chain.snapshot();
  const { tournament: t } = await createTournament(chain, ref, w.admin, { ...CUP, name: "Pinned" }, scripts);
  await registerAll(chain, t, [w.alice]);
  return { chain, t, ...addPlan(t, w.admin, tournamentUtxo(chain, t), [registrationOf(chain, t, w.alice.address)]) };
}

describe("issue #19 item 3: the pool output is pinned at creation and at every add", () => {
  it("attack: a creation whose tournament output carries a reference script", async () => {
    const chain: Chain = w.chain.snapshot();
    const seed = chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
    const { plan, tournament } = createPlan(w.ref, w.admin, CUP, seed);
    assertScriptRejected(
      await attempt(chain, withRefScript(plan, tournament.registration.code)),
      "tournament output carries a reference script",
    );
  });

  it("attack: an add whose tournament output carries a reference script (v2 accepted it)", async () => {
    const old = await honestAdd(V2_SCRIPTS, v2Ref);
    const accepted = await attempt(old.chain, withRefScript(old.plan, old.t.registration.code));
    assert.equal(accepted.ledger.ok, true, `v2 refused it: ${accepted.evaluationError} ${accepted.ledger.error}`);
    const now = await honestAdd(CURRENT, w.ref);
    assertScriptRejected(
      await attempt(now.chain, withRefScript(now.plan, now.t.registration.code)),
      "tournament output carries a reference script",
    );
  });

  it("attack: an add whose config carries a ninth item (v2 refused it too: its struct equality compares the data)", async () => {
    for (const [scripts, ref] of [
      [V2_SCRIPTS, v2Ref],
      [CURRENT, w.ref],
    ] as const) {
      const { chain, t, plan } = await honestAdd(scripts, ref);
      const bad = clonePlan(plan);
      const padded = cborHex(
        makeListData([
          makeListData([...configItems(t.config), makeIntData(7n)]),
          makeListData([addressToData(w.alice.address)]),
        ]),
      );
      bad.outputs[0] = { ...plan.outputs[0]!, datum: padded };
      assertScriptRejected(await attempt(chain, bad), "configuration changed");
    }
  });

  it("honest: the add's pool output as the harness writes it (ada and the NFT, the datum, no reference script)", async () => {
    const { chain, t, plan } = await honestAdd(CURRENT, w.ref);
    await submitPlan(chain, plan);
    const pool = tournamentUtxo(chain, t);
    assert.equal(pool.output.scriptRef ?? undefined, undefined);
    assert.deepEqual(pool.output.amount.map((a) => a.unit).sort(), ["lovelace", t.nftUnit].sort());
  });
});
