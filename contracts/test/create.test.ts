// Issue #8 property 8 (v1 property 1, re-run against v2): each tournament NFT is unique (its name
// derives from an output reference the minting transaction consumes), at most one is minted, and it
// lands at the tournament validator with a well-formed datum. The v2 configuration rules are in
// config.test.ts (P2), the deposit in deposit.test.ts (P3), the stake credential in stake.test.ts (P7).
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { makeConstrData, makeIntData, makeListData } from "@helios-lang/uplc";
import { tournamentScript, V2_1_CONTRACT } from "../../src/tournament/contracts.js";
import { encodeTournamentDatum, mintCreateRedeemer, tournamentIdOf } from "../../src/tournament/datum.js";
import { attempt, hasOnlyAda, submitPlan } from "./helpers.js";
import { assertScriptFailed, assertScriptRejected, clonePlan, CUP, makeWorld, type World } from "./fixture.js";
import { createPlan, datumOf, minLovelace, NETWORK, tournamentUtxo } from "./tournament-txs.js";
import { scriptAddress } from "../../src/tournament/contracts.js";

let w: World;
before(async () => {
  w = await makeWorld();
});

function honest(chain = w.chain.snapshot()) {
  const seed = chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0];
  if (!seed) throw new Error("no seed");
  return { chain, seed, ...createPlan(w.ref, w.admin, CUP, seed) };
}

describe("P8 · v1 create: the tournament NFT is unique and lands at the validator", () => {
  it("honest: mints one NFT named after the consumed seed, at the tournament address, with the datum", async () => {
    const { chain, seed, plan, tournament, datum } = honest();
    await submitPlan(chain, plan);
    assert.equal(tournament.id, tournamentIdOf(seed.input.txHash, seed.input.outputIndex));
    const out = tournamentUtxo(chain, tournament);
    assert.equal(out.output.address, scriptAddress(tournamentScript(V2_1_CONTRACT), NETWORK));
    assert.equal(out.output.plutusData, datum);
    assert.deepEqual(datumOf(out).participants, []);
    assert.equal(datumOf(out).config.name, CUP.name);
    assert.equal(
      chain
        .utxosAt(w.admin.address)
        .some((u) => u.input.txHash === seed.input.txHash && u.input.outputIndex === seed.input.outputIndex),
      false,
    );
  });

  it("attack: minting two of the NFT", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.mints[0] = { ...plan.mints[0]!, quantity: 2n };
    bad.outputs[0] = { ...plan.outputs[0]!, assets: [{ unit: plan.outputs[0]!.assets![0]!.unit, quantity: "2" }] };
    assertScriptRejected(await attempt(chain, bad), "must mint exactly one NFT");
  });

  it("attack: minting a second token under the policy in the same transaction", async () => {
    const { chain, plan, tournament } = honest();
    const bad = clonePlan(plan);
    const other = "00".repeat(32);
    bad.mints.push({ ...plan.mints[0]!, name: other });
    bad.outputs[0] = {
      ...plan.outputs[0]!,
      assets: [...plan.outputs[0]!.assets!, { unit: tournament.nftUnit.slice(0, 56) + other, quantity: "1" }],
    };
    assertScriptRejected(await attempt(chain, bad), "must mint exactly one NFT");
  });

  it("attack: minting a copy with the same name later (its seed already spent)", async () => {
    const { chain, seed, plan } = honest();
    await submitPlan(chain, plan);
    // Same name and redeemer, but the seed is gone: the copy consumes another UTxO.
    const other = chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
    const copy = clonePlan(plan);
    copy.walletInputs = [other];
    assert.equal(copy.mints[0]!.redeemer, mintCreateRedeemer(seed.input.txHash, seed.input.outputIndex));
    assertScriptRejected(await attempt(chain, copy), "seed not consumed");
  });

  it("attack: naming the NFT after a seed the transaction does not consume", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    const notSpent = chain.utxosAt(w.alice.address).filter(hasOnlyAda)[0]!;
    const name = tournamentIdOf(notSpent.input.txHash, notSpent.input.outputIndex);
    bad.mints[0] = {
      ...plan.mints[0]!,
      name,
      redeemer: mintCreateRedeemer(notSpent.input.txHash, notSpent.input.outputIndex),
    };
    bad.outputs[0] = {
      ...plan.outputs[0]!,
      assets: [{ unit: plan.outputs[0]!.assets![0]!.unit.slice(0, 56) + name, quantity: "1" }],
    };
    assertScriptRejected(await attempt(chain, bad), "seed not consumed");
  });

  it("attack: sending the NFT elsewhere than the tournament validator", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.outputs[0] = { ...plan.outputs[0]!, address: w.admin.address };
    assertScriptRejected(await attempt(chain, bad), "NFT must go to the tournament validator");
  });

  it("attack: the NFT at the validator with a datum that is not a tournament datum", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.outputs[0] = {
      ...plan.outputs[0]!,
      datum: Buffer.from(makeListData([makeIntData(1n), makeIntData(2n)]).toCbor()).toString("hex"),
    };
    assertScriptRejected(await attempt(chain, bad), "malformed tournament datum");
  });

  it("attack: the NFT at the validator with participants already in the datum", async () => {
    const { chain, plan, tournament } = honest();
    const bad = clonePlan(plan);
    const datum = encodeTournamentDatum({ config: tournament.config, participants: [w.mallory.address] });
    bad.outputs[0] = { ...plan.outputs[0]!, datum, lovelace: minLovelace(datum, true) };
    assertScriptRejected(await attempt(chain, bad), "participants must start empty");
  });

  it("attack: a minting redeemer that is not Create or Burn", async () => {
    const { chain, plan } = honest();
    const bad = clonePlan(plan);
    bad.mints[0] = {
      ...plan.mints[0]!,
      redeemer: Buffer.from(makeConstrData(0, [makeConstrData(7, [])]).toCbor()).toString("hex"),
    };
    assertScriptFailed(await attempt(chain, bad));
  });
});
