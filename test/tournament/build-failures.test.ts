// How the tournament builder says why it cannot build: a script that refuses the transaction is a
// 422 naming the rule its trace code stands for (the evaluator's reason), and UTxOs that cannot
// pay are a 400 naming the field.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { getOutputMinLovelace } from "@meshsdk/core";
import { decodeUtxos } from "../../src/cardano/utxo.js";
import { buildTournamentTx, type TournamentTxPlan } from "../../src/tournament/assemble.js";
import { tournamentScript } from "../../src/tournament/contracts.js";
import { encodeTournamentDatum, mintCreateRedeemer, tournamentIdOf } from "../../src/tournament/datum.js";
import { contractOf } from "../../src/tournament/deployment.js";
import { V2_1_CONTRACT } from "../../src/tournament/contracts.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA } from "../support/tournament-api.js";
import { fromAssets, valueOf } from "../../src/cardano/value.js";
import { fundedWallet, type Funded } from "../support/wallets.js";
import { readAddress } from "../../src/cardano/address-rules.js";

describe("tournament build failures", () => {
  let s: RunningService;
  let admin: Funded;
  before(async () => {
    s = await startService();
    admin = await fundedWallet(s, 100 * ADA);
  });
  after(async () => {
    await s?.close();
  });

  /** A create plan whose seed is an output the transaction does not spend: the minting policy refuses it (T01). */
  async function createWithoutSeed(): Promise<TournamentTxPlan> {
    const utxos = decodeUtxos(await admin.utxos(), "utxos");
    const seed = { txHash: "ab".repeat(32), index: 0 };
    const id = tournamentIdOf(seed.txHash, seed.index);
    const contract = contractOf(V2_1_CONTRACT, "devnet");
    const tip = await s.app.chain!.tip();
    const datum = encodeTournamentDatum({
      config: {
        name: "Unseeded",
        adminAddress: admin.address,
        bracketSize: 2,
        entryFee: BigInt(10 * ADA),
        payoutStructure: [BigInt(5 * ADA)],
        fixedPayouts: [],
        registrationHash: "ab".repeat(28),
        settleBy: tip.time + 24 * 3600 * 1000,
      },
      participants: [],
    });
    const nft = { unit: contract.policyId + id, quantity: "1" };
    const lovelace = getOutputMinLovelace(
      {
        address: contract.address.bech32,
        amount: [{ unit: "lovelace", quantity: String(10 * ADA) }, nft],
        datum: { type: "Inline", data: { type: "CBOR", content: datum } },
      },
      4310,
    );
    return {
      scriptInputs: [],
      keyInputs: [],
      mint: {
        source: { kind: "inline", script: tournamentScript() },
        assetName: id,
        quantity: 1n,
        redeemer: mintCreateRedeemer(seed.txHash, seed.index),
      },
      outputs: [
        {
          address: contract.address,
          value: fromAssets([{ unit: "lovelace", quantity: String(lovelace) }, nft]),
          datum,
        },
      ],
      requiredSigners: [],
      utxos,
      changeAddress: readAddress(admin.address, "changeAddress"),
      validFrom: tip.slot,
      validTo: tip.slot + 3600,
    };
  }

  it("answers a script's refusal with the rule it broke", async () => {
    await assert.rejects(
      buildTournamentTx(await createWithoutSeed(), s.app.chain!, await s.app.chain!.protocolParameters()),
      (error: Error & { statusCode?: number }) => {
        assert.equal(error.statusCode, 422);
        assert.match(
          error.message,
          /^A tournament script refuses this transaction: Script evaluation failed: .*seed not consumed \(T01\)/s,
        );
        return true;
      },
    );
  });

  it("answers UTxOs that cannot pay with the field to change", async () => {
    const utxos = decodeUtxos(await admin.utxos(), "utxos");
    const plan: TournamentTxPlan = {
      scriptInputs: [],
      keyInputs: [],
      outputs: [{ address: readAddress(admin.address, "address"), value: valueOf(BigInt(200 * ADA)) }],
      requiredSigners: [],
      utxos,
      changeAddress: readAddress(admin.address, "changeAddress"),
    };
    const tooPoor = (error: Error & { statusCode?: number }) => {
      assert.equal(error.statusCode, 400);
      assert.match(
        error.message,
        /^Not enough ADA: the outputs need \d+ lovelace \([\d.]+ ADA\), the fee about \d+ lovelace \([\d.]+ ADA\) and the change output at least \d+ lovelace \([\d.]+ ADA\), but the available UTxOs hold \d+ lovelace \([\d.]+ ADA\): about \d+ lovelace \([\d.]+ ADA\) missing\. Pass more or larger UTxOs in utxos\.$/,
      );
      return true;
    };
    await assert.rejects(buildTournamentTx(plan, s.app.chain!, await s.app.chain!.protocolParameters()), tooPoor);
  });
});
