// An outside auditor's further attacks on value that could move or lock, beyond the properties the
// issue lists (contracts/README.md gives each one's row in the table). Each is the honest plan with
// one thing changed.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { CANCEL_REDEEMER, MINT_BURN_REDEEMER, tournamentDatumToData } from "../../src/tournament/datum.js";
import { attempt, type Chain, hasOnlyAda, lovelaceOf, mintNativeToken, submitPlan } from "./helpers.js";
import {
  addAll,
  assertLedgerRejected,
  assertScriptFailed,
  assertScriptRejected,
  clonePlan,
  CUP,
  makeWorld,
  openTournament,
  registerAll,
  registrationOf,
  SOON,
  type World,
} from "./fixture.js";
import {
  addPlan,
  afterDeadline,
  closePlan,
  createPlan,
  minLovelace,
  registerPlan,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";
import { cborHex, makeByteArrayData, makeListData } from "./raw.js";

let w: World;
let base: Chain;
/** alice's registration pending. */
let cup: Tournament;
/** alice and bob added, deadline one day after the chain's start. */
let soon: Tournament;

before(async () => {
  w = await makeWorld();
  base = w.chain;
  cup = await openTournament(w);
  soon = await openTournament(w, { ...SOON, name: "Soon" });
  await registerAll(base, cup, [w.alice]);
  await registerAll(base, soon, [w.alice, w.bob]);
  await addAll(base, soon, w.admin);
});

function honestAdd(chain: Chain = base.snapshot()) {
  return { chain, ...addPlan(cup, w.admin, tournamentUtxo(chain, cup), [registrationOf(chain, cup, w.alice.address)]) };
}

describe("auditor: further attacks on value that could move or lock", () => {
  it("attack: an add that pads the pool with a token (a refund of a full bracket could then exceed the limits)", async () => {
    const { chain, plan } = honestAdd();
    const { unit, utxo } = await mintNativeToken(chain, w.admin, "Pad", 1n);
    const bad = clonePlan(plan);
    bad.walletInputs = [utxo];
    bad.outputs[0] = { ...plan.outputs[0]!, assets: [...plan.outputs[0]!.assets!, { unit, quantity: "1" }] };
    assertScriptRejected(await attempt(chain, bad), "tournament output holds ada and the NFT only");
  });

  it("attack: a creation whose tournament output also holds a token", async () => {
    const chain = base.snapshot();
    const { unit, utxo } = await mintNativeToken(chain, w.admin, "Pad", 1n);
    const seed = chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
    const { plan } = createPlan(w.ref, w.admin, CUP, seed);
    const bad = clonePlan(plan);
    bad.walletInputs = [seed, utxo];
    bad.outputs[0] = { ...plan.outputs[0]!, assets: [...plan.outputs[0]!.assets!, { unit, quantity: "1" }] };
    assertScriptRejected(await attempt(chain, bad), "tournament output holds ada and the NFT only");
  });

  it("attack: an add whose output datum carries an extra item (it would ride along and break every off-chain reader)", async () => {
    const { chain, plan, datum } = honestAdd();
    const d = tournamentDatumToData(datum);
    assert.ok(d.kind === "list");
    const bad = clonePlan(plan);
    const bloated = cborHex(makeListData([...d.items, makeByteArrayData("ff".repeat(1000))]));
    bad.outputs[0] = {
      ...plan.outputs[0]!,
      datum: bloated,
      lovelace: plan.outputs[0]!.lovelace + minLovelace(bloated),
    };
    assertScriptRejected(await attempt(chain, bad), "tournament datum must be [config, participants]");
  });

  it("attack: junk at the tournament address (a tournament's datum, no NFT) cannot be spent, alone or beside a tournament", async () => {
    const chain = base.snapshot();
    const { txHash } = await submitPlan(chain, {
      payer: w.mallory,
      scriptInputs: [],
      walletInputs: [],
      mints: [],
      outputs: [
        { address: soon.address, lovelace: 10_000_000n, datum: tournamentUtxo(chain, soon).output.plutusData! },
      ],
      requiredSigners: [],
      signers: [],
    });
    const junk = chain.utxosAt(soon.address).find((u) => u.input.txHash === txHash)!;
    // Alone, with the admin's signature: it holds no tournament NFT.
    const alone = {
      payer: w.admin,
      scriptInputs: [{ utxo: junk, redeemer: CANCEL_REDEEMER, script: soon.refs.tournament }],
      walletInputs: [],
      mints: [],
      outputs: [{ address: w.admin.address, lovelace: 9_000_000n }],
      requiredSigners: [w.admin.pkh],
      signers: [],
    };
    // Helios's get_policy fails (without a trace) on a value with no token of the policy.
    assertScriptFailed(await attempt(chain, alone));
    // Beside the tournament it imitates, in an honest cancel (the junk's value to the admin's change).
    const cancel = closePlan(soon, w.admin, tournamentUtxo(chain, soon), "cancel");
    const both = clonePlan(cancel);
    both.scriptInputs.push(alone.scriptInputs[0]!);
    // The junk's own run fails as above (the tournament would count two inputs at its address).
    assertScriptFailed(await attempt(chain, both));
  });

  it("attack: a refund claiming a validity start after the deadline before the deadline has come (the ledger refuses it)", async () => {
    const chain = base.snapshot();
    const plan = closePlan(soon, w.mallory, tournamentUtxo(chain, soon), "refund");
    assert.equal(plan.validFrom, afterDeadline(soon.config.settleBy));
    assertLedgerRejected(await attempt(chain, plan), /outside the validity interval/);
  });

  it("attack: burning the NFT (with Burn) while continuing the tournament in an add", async () => {
    const { chain, plan } = honestAdd();
    const bad = clonePlan(plan);
    bad.mints = [{ script: cup.refs.tournament, name: cup.id, quantity: -1n, redeemer: MINT_BURN_REDEEMER }];
    bad.outputs[0] = { ...plan.outputs[0]!, assets: [] };
    assertScriptRejected(
      await attempt(chain, bad),
      /tournament output holds ada and the NFT only|tournament not spent in this transaction/,
    );
  });

  it("attack: minting with the Burn redeemer", async () => {
    const chain = base.snapshot();
    const seed = chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
    const { plan } = createPlan(w.ref, w.admin, CUP, seed);
    const bad = clonePlan(plan);
    bad.mints[0] = { ...plan.mints[0]!, redeemer: MINT_BURN_REDEEMER };
    assertScriptRejected(await attempt(chain, bad), "burn only");
  });

  it("attack: an entry fee below an output's minimum (v2 accepted it: each refund then needed a top-up by whoever refunded)", async () => {
    // v2.1 (issue #19 item 4): an entry fee is 0 or at least MIN_PAYOUT_LOVELACE (config.test.ts has the boundaries).
    const chain = base.snapshot();
    const seed = chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
    const { plan } = createPlan(
      w.ref,
      w.admin,
      { ...SOON, name: "Tiny", entryFee: 1n, payoutStructure: [2_000_000n] },
      seed,
    );
    assertScriptRejected(await attempt(chain, plan), "entry fee must be 0 or at least the minimum payout");
  });

  it("honest: a registration holding less than the entry fee is added with the admin topping it up; nothing goes back", async () => {
    const chain = base.snapshot();
    await submitPlan(chain, registerPlan(cup, w.bob, [w.bob.address], 2_000_000n));
    const reg = registrationOf(chain, cup, w.bob.address);
    const { plan } = addPlan(cup, w.admin, tournamentUtxo(chain, cup), [reg]);
    assert.equal(plan.outputs.length, 1, "no return output");
    await submitPlan(chain, plan);
    assert.equal(lovelaceOf(tournamentUtxo(chain, cup)), lovelaceOf(tournamentUtxo(base, cup)) + CUP.entryFee);
  });
});
