// The tournament builder hashes the chain's own Plutus V2 cost model into the script data hash, never
// Mesh's default. The chain here is a devnet seen through a port (as a real network's backend is)
// whose parameters can say a V2 cost model other than the emulator's: the transaction's script data
// hash is then recomputed with CSL from its witness set and that cost model, and the devnet's ledger,
// which applies Mesh's default, refuses it; with the devnet's own cost models it accepts.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { DEFAULT_V2_COST_MODEL_LIST } from "@meshsdk/common";
import type { RunningService } from "../support/service.js";
import { startOnStandIn, type StandIn } from "../support/stand-in-devnet.js";
import { ADA, ok, signAndSubmit } from "../support/tournament-api.js";
import { fundedWallet } from "../support/wallets.js";

/**
 * A Plutus V2 cost model other than Mesh's default (which the devnet applies): the default with
 * its first ten costs raised by one, as a network's parameter update would change them.
 */
const OTHER_V2: readonly number[] = DEFAULT_V2_COST_MODEL_LIST.map((c, i) => (i < 10 ? c + 1 : c));

/** The script data hash of `txHex` recomputed from its witness set with `v2` as the Plutus V2 cost model. */
function scriptDataHashWith(txHex: string, v2: readonly number[]): string {
  const tx = CSL.Transaction.from_hex(txHex);
  const witnesses = tx.witness_set();
  const redeemers = witnesses.redeemers();
  assert.ok(redeemers && redeemers.len() > 0, "the transaction runs a script");
  const model = CSL.CostModel.new();
  v2.forEach((cost, i) => model.set(i, CSL.Int.from_str(String(cost))));
  assert.equal(model.len(), v2.length);
  const models = CSL.Costmdls.new();
  models.insert(CSL.Language.new_plutus_v2(), model);
  return CSL.hash_script_data(redeemers, models, witnesses.plutus_data()).to_hex();
}

const bodyScriptDataHash = (txHex: string): string | undefined =>
  CSL.Transaction.from_hex(txHex).body().script_data_hash()?.to_hex();

describe("the tournament builder uses the chain's cost models", () => {
  let standIn: StandIn;
  let s: RunningService;
  /** The PlutusV2 cost model the port reports; undefined: the devnet's own. */
  let reportedV2: readonly number[] | undefined;

  before(async () => {
    standIn = await startOnStandIn("txsvc-costmodels-", (params) =>
      reportedV2 ? { ...params, costModels: { ...params.costModels, PlutusV2: reportedV2 } } : params,
    );
    s = standIn.service;
  });
  after(() => standIn?.close());

  it("hashes the reported V2 cost model: another one than the ledger's is refused, the ledger's is accepted", async () => {
    const admin = await fundedWallet(standIn, 200 * ADA);
    const create = async () =>
      ok(
        await s.request<"createTournament">("POST", "/tournaments", {
          name: "Cost models",
          adminAddress: admin.address,
          bracketSize: 2,
          entryFee: 10 * ADA,
          payoutStructure: [15 * ADA],
          utxos: await admin.utxos(),
        }),
      );

    reportedV2 = OTHER_V2;
    const other = await create();
    const otherHash = bodyScriptDataHash(other.complete);
    assert.ok(otherHash, "the body has a script data hash");
    assert.equal(otherHash, scriptDataHashWith(other.complete, OTHER_V2), "computed with the reported cost model");
    assert.notEqual(
      otherHash,
      scriptDataHashWith(other.complete, DEFAULT_V2_COST_MODEL_LIST),
      "not with Mesh's default",
    );
    // The devnet's ledger applies Mesh's default V2 cost model: it refuses this transaction's hash.
    const refused = await s.request<"submitTournamentTransaction">("POST", "/tournaments/submit-tx", {
      transaction: other.complete,
      signatures: [await admin.witnessSet(other.complete)],
    });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.match(JSON.stringify(refused.body), /PPViewHashesDontMatch|[Ii]nvalid script data hash/);

    reportedV2 = undefined;
    const own = await create();
    assert.equal(bodyScriptDataHash(own.complete), scriptDataHashWith(own.complete, DEFAULT_V2_COST_MODEL_LIST));
    await signAndSubmit(s, own, [admin]);
  });
});
