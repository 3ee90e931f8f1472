// The Plutus part of the transaction-building core (src/txcore/balance.ts) without a chain: a
// positional redeemer is written from the final inputs, coin selection included; redeemers point
// at the ledger-sorted inputs and policies; the script data hash is the one CSL computes from the
// witness set; the execution-unit price is exact; the collateral and its return are in the body.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import type { UTxO } from "@meshsdk/common";
import { DEFAULT_PROTOCOL_PARAMETERS, DEFAULT_V2_COST_MODEL_LIST } from "@meshsdk/common";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { readAddress } from "../../src/cardano/address-rules.js";
import { CborWriter } from "../../src/cardano/cbor.js";
import { balanceTransaction, type TxDraft } from "../../src/txcore/balance.js";
import { decimalFraction, exUnitsFee } from "../../src/cardano/tx-encode.js";
import { toHex } from "../../src/cardano/tx-cbor.js";
import { outRefOf } from "../../src/cardano/utxo.js";
import { valueOf } from "../../src/cardano/value.js";
import { tournamentAddress } from "../../src/tournament/contracts.js";

const wallet = serializeAddressObj(pubKeyAddress("11".repeat(28)), 0);
const walletAddress = readAddress(wallet, "wallet");
const script = tournamentAddress("devnet");
const utxo = (txHash: string, index: number, address: string, lovelace: number): UTxO => ({
  input: { txHash, outputIndex: index },
  output: { address, amount: [{ unit: "lovelace", quantity: String(lovelace) }] },
});
/** Plutus data: an integer, CBOR hex. */
const intData = (n: number): string => toHex(new CborWriter().uint(n).finish());
const NATIVE_POLICY = "00".repeat(28);
const PLUTUS_POLICY = "ff".repeat(28);

describe("the core's Plutus transactions", () => {
  const locked = utxo("55".repeat(32), 1, script, 3_000_000);
  const collateral = utxo("99".repeat(32), 0, wallet, 10_000_000);
  // Coin selection takes the largest first: "77…" and "33…", the latter sorting before the script input.
  const pool = [
    utxo("77".repeat(32), 0, wallet, 4_000_000),
    utxo("33".repeat(32), 2, wallet, 4_000_000),
    utxo("11".repeat(32), 0, wallet, 1_000_000),
  ];
  const calls: string[][] = [];
  const draft: TxDraft = {
    inputs: [],
    outputs: [{ address: walletAddress, value: valueOf(9_000_000n) }],
    mint: new Map([[NATIVE_POLICY + "aa", 1n]]),
    nativeScripts: [toHex(new CborWriter().array(2).uint(0).bytes(new Uint8Array(28).fill(0x11)).finish())],
    referenceInputs: [],
    requiredSigners: [],
    metadata: new Map(),
    validity: { start: null, end: null },
    plutus: {
      spends: [
        {
          utxo: locked,
          redeemer: (sorted) => {
            calls.push([...sorted]);
            return intData(sorted.indexOf(outRefOf(locked)));
          },
        },
      ],
      mints: [{ policyId: PLUTUS_POLICY, assets: new Map([["bb", 1n]]), redeemer: intData(42) }],
      inlineScripts: [{ version: "V2", code: "4e4d01000033222220051200120011" }],
      scriptReferences: [],
      costModels: { V2: DEFAULT_V2_COST_MODEL_LIST },
      collateral: { utxo: collateral, total: 5_000_000n },
      budgets: new Map([
        [`spend:${outRefOf(locked)}`, { mem: 1000n, steps: 2000n }],
        [`mint:${PLUTUS_POLICY}`, { mem: 30n, steps: 40n }],
      ]),
    },
  };
  const tx = balanceTransaction(draft, { pool, changeAddress: walletAddress, params: DEFAULT_PROTOCOL_PARAMETERS });
  const csl = CSL.Transaction.from_bytes(tx.cbor);

  it("writes a positional redeemer from the final inputs, in ledger order", () => {
    const refs = tx.inputs.map(outRefOf);
    assert.ok(refs.length > 1, "coin selection added inputs");
    assert.deepEqual(calls.at(-1), refs, "the last call saw the final inputs");
    const index = refs.indexOf(outRefOf(locked));
    assert.ok(index > 0, "inputs sorted before the script input shift its index");
    const spend = csl.witness_set().redeemers()!.get(0);
    assert.equal(spend.tag().kind(), CSL.RedeemerTagKind.Spend);
    assert.equal(spend.index().to_str(), String(index), "the spend redeemer points at the script input");
    assert.equal(spend.data().to_hex(), intData(index), "and its data names the same position");
    assert.deepEqual([spend.ex_units().mem().to_str(), spend.ex_units().steps().to_str()], ["1000", "2000"]);
  });

  it("points a mint redeemer at its policy among the sorted policies, native ones included", () => {
    const mint = csl.witness_set().redeemers()!.get(1);
    assert.equal(mint.tag().kind(), CSL.RedeemerTagKind.Mint);
    assert.equal(mint.index().to_str(), "1", "the native policy 00… sorts first");
  });

  it("hashes the redeemers and the V2 language view as CSL does", () => {
    const model = CSL.CostModel.new();
    DEFAULT_V2_COST_MODEL_LIST.forEach((cost, i) => model.set(i, CSL.Int.from_str(String(cost))));
    const models = CSL.Costmdls.new();
    models.insert(CSL.Language.new_plutus_v2(), model);
    const expected = CSL.hash_script_data(csl.witness_set().redeemers()!, models, csl.witness_set().plutus_data());
    assert.equal(csl.body().script_data_hash()?.to_hex(), expected.to_hex());
  });

  it("declares the collateral, its total and its return, and prices the budgets exactly", () => {
    const body = csl.body();
    assert.equal(body.collateral()?.get(0).transaction_id().to_hex(), collateral.input.txHash);
    assert.equal(body.total_collateral()?.to_str(), "5000000");
    assert.equal(body.collateral_return()?.amount().coin().to_str(), "5000000");
    assert.equal(tx.exUnits.mem, 1030n);
    // Size fee + script fee: ceil(1030 × 0.0577 + 2040 × 0.0000721) = ceil(59.431 + 0.147084) = 60.
    assert.equal(exUnitsFee(tx.exUnits, 0.0577, 0.0000721), 60n);
    assert.equal(
      tx.fee,
      BigInt(DEFAULT_PROTOCOL_PARAMETERS.minFeeA) * BigInt(tx.signedSize) +
        BigInt(DEFAULT_PROTOCOL_PARAMETERS.minFeeB) +
        60n,
    );
  });

  it("reads the parameters' decimals as exact fractions", () => {
    assert.deepEqual(decimalFraction(7.21e-5), { num: 721n, den: 10_000_000n });
    assert.deepEqual(decimalFraction("0.0577"), { num: 577n, den: 10_000n });
    assert.deepEqual(decimalFraction(15), { num: 15n, den: 1n });
    assert.deepEqual(decimalFraction("1.5e3"), { num: 1500n, den: 1n });
    // 411,404 × 0.0577 + 130,333,480 × 0.0000721 = 33,135.0547…: the ceiling, never a float's rounding.
    assert.equal(exUnitsFee({ mem: 411_404n, steps: 130_333_480n }, 0.0577, 7.21e-5), 33_136n);
  });
});
