// collateralFrom: an ADA-only UTxO when there is one; else, given the network's coinsPerUtxoSize,
// a UTxO that also holds tokens, when it covers 5 ADA and a collateral return giving them back.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { collateralFrom, MIN_COLLATERAL } from "../../src/cardano/collateral.js";
import { newCslKey } from "../support/wallets.js";

const address = newCslKey().address;
const TOKEN = `${"ab".repeat(28)}000de140${Buffer.from("nft").toString("hex")}`;
const COINS_PER_BYTE = 4310;

function utxo(index: number, lovelace: bigint, tokens = false): UTxO {
  const amount = [
    { unit: "lovelace", quantity: lovelace.toString() },
    ...(tokens ? [{ unit: TOKEN, quantity: "1" }] : []),
  ];
  return { input: { txHash: "cd".repeat(32), outputIndex: index }, output: { address, amount } };
}

describe("collateralFrom", () => {
  it("takes the largest ADA-only UTxO, whatever UTxOs with tokens hold", () => {
    const chosen = collateralFrom(
      [utxo(0, 50_000_000n, true), utxo(1, 6_000_000n), utxo(2, 9_000_000n)],
      COINS_PER_BYTE,
    );
    assert.equal(chosen?.utxo.input.outputIndex, 2);
    assert.equal(chosen?.total, MIN_COLLATERAL);
  });

  it("falls back to a UTxO with tokens only given coinsPerUtxoSize, with a return for them", () => {
    const withTokens = [utxo(0, 3_000_000n), utxo(1, 20_000_000n, true)];
    assert.equal(collateralFrom(withTokens), undefined, "the tournaments' call, without the parameter, is unchanged");
    const chosen = collateralFrom(withTokens, COINS_PER_BYTE);
    assert.equal(chosen?.utxo.input.outputIndex, 1);
    assert.equal(chosen?.total, MIN_COLLATERAL, "always with a collateral return: the tokens must go back");
  });

  it("refuses a UTxO with tokens whose ADA cannot cover both the collateral and the return's minimum", () => {
    assert.equal(collateralFrom([utxo(0, MIN_COLLATERAL + 500_000n, true)], COINS_PER_BYTE), undefined);
    assert.ok(collateralFrom([utxo(0, MIN_COLLATERAL + 1_500_000n, true)], COINS_PER_BYTE));
  });
});
