// The one assembly path (src/txcore/assemble.ts) without a chain: each way a build can fail is one
// message, worded once, that ends with the advice of its caller (a build request's or a tournament
// operation's), naming the caller's field where the caller's words do; the evaluator's answers
// and refusals are taken from a stub, as the chain port gives them.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { DEFAULT_PROTOCOL_PARAMETERS, DEFAULT_V2_COST_MODEL_LIST } from "@meshsdk/common";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { CborWriter } from "../../src/cardano/cbor.js";
import { toHex } from "../../src/cardano/tx-cbor.js";
import { fieldsUnder, InsufficientFundsError, TxTooLargeError, UnprocessableError } from "../../src/errors.js";
import { assemble, draftOf, type Advice } from "../../src/txcore/assemble.js";
import type { Balancing, TxDraft } from "../../src/txcore/balance.js";
import type { RedeemerBudget } from "../../src/chain/port.js";
import { valueOf } from "../../src/cardano/value.js";
import { readAddress } from "../../src/cardano/address-rules.js";

const wallet = serializeAddressObj(pubKeyAddress("11".repeat(28)), 0);
const walletAddress = readAddress(wallet, "wallet");
const utxo = (txHash: string, lovelace: number): UTxO => ({
  input: { txHash, outputIndex: 0 },
  output: { address: wallet, amount: [{ unit: "lovelace", quantity: String(lovelace) }] },
});
const pay = (lovelace: number): TxDraft =>
  draftOf({ outputs: [{ address: walletAddress, value: valueOf(BigInt(lovelace)) }] });
const balancing = (pool: UTxO[]): Balancing => ({
  pool,
  changeAddress: walletAddress,
  params: DEFAULT_PROTOCOL_PARAMETERS,
});

/** Two callers' advice: the build request's literal words, a tournament's naming its field. */
const build: Advice = {
  utxos: (at) => at("utxos"),
  fund: () => "Fund the change address or pass more utxos.",
  tooLarge: () => "send fewer outputs",
  tooManyInputs: () => "consolidate small UTxOs first",
  overBudget: () => "run fewer scripts in one transaction",
  scriptRefuses: (message) => `A Plutus script refuses it: ${message}`,
};
const tournament: Advice = {
  ...build,
  fund: (at) => `Pass more or larger UTxOs in ${at("utxos")}.`,
  overBudget: (at) => `pass fewer, larger UTxOs in ${at("utxos")}`,
  scriptRefuses: (message) => `A tournament script refuses this transaction: ${message}`,
};
const noChain = {
  evaluate: (): Promise<RedeemerBudget[]> => Promise.reject(new Error("no script runs: nothing is evaluated")),
};

/** A draft that runs one Plutus V2 mint, its collateral a 10 ADA UTxO. */
const scriptDraft = (): TxDraft =>
  draftOf({
    outputs: [{ address: walletAddress, value: valueOf(2_000_000n) }],
    plutus: {
      spends: [],
      mints: [
        {
          policyId: "ff".repeat(28),
          assets: new Map([["bb", 1n]]),
          redeemer: toHex(new CborWriter().uint(1).finish()),
        },
      ],
      inlineScripts: [{ version: "V2", code: "4e4d01000033222220051200120011" }],
      scriptReferences: [],
      costModels: { V2: DEFAULT_V2_COST_MODEL_LIST },
      collateral: { utxo: utxo("99".repeat(32), 10_000_000), total: null },
      budgets: new Map(),
    },
  });
const evaluator = (mem: number, steps: number) => ({
  evaluate: (): Promise<RedeemerBudget[]> => Promise.resolve([{ tag: "MINT", index: 0, budget: { mem, steps } }]),
});

describe("the one assembly path", () => {
  it("balances a payment at the ledger's minimum fee", async () => {
    const tx = await assemble(pay(2_000_000), balancing([utxo("aa".repeat(32), 10_000_000)]), noChain, build);
    const { minFeeA, minFeeB } = DEFAULT_PROTOCOL_PARAMETERS;
    assert.equal(tx.fee, BigInt(minFeeA) * BigInt(tx.signedSize) + BigInt(minFeeB));
  });

  it("says an ADA shortfall in one wording, ending with each caller's advice", async () => {
    const shortfall = (advice: string) =>
      new RegExp(
        String.raw`^Not enough ADA: the outputs need 100000000 lovelace \(100 ADA\), the fee about \d+ lovelace \(0\.\d+ ADA\) and the change output at least \d+ lovelace \([\d.]+ ADA\), ` +
          String.raw`but the available UTxOs hold 3000000 lovelace \(3 ADA\): about \d+ lovelace \([\d.]+ ADA\) missing\. ${advice}$`,
      );
    const poor = balancing([utxo("aa".repeat(32), 3_000_000)]);
    await assert.rejects(assemble(pay(100_000_000), poor, noChain, build), (error: Error) => {
      assert.ok(error instanceof InsufficientFundsError);
      assert.match(error.message, shortfall(String.raw`Fund the change address or pass more utxos\.`));
      return true;
    });
    await assert.rejects(assemble(pay(100_000_000), poor, noChain, tournament), (error: Error) => {
      assert.ok(error instanceof InsufficientFundsError);
      assert.match(error.message, shortfall(String.raw`Pass more or larger UTxOs in utxos\.`));
      // The route's words: the field as the answer names it.
      assert.match(
        (fieldsUnder("body", error) as Error).message,
        shortfall(String.raw`Pass more or larger UTxOs in body\.utxos\.`),
      );
      return true;
    });
  });

  it("refuses scripts over the ledger's ExUnits with the caller's advice", async () => {
    const max = {
      mem: Number(DEFAULT_PROTOCOL_PARAMETERS.maxTxExMem),
      steps: Number(DEFAULT_PROTOCOL_PARAMETERS.maxTxExSteps),
    };
    const pool = balancing([utxo("aa".repeat(32), 20_000_000)]);
    await assert.rejects(assemble(scriptDraft(), pool, evaluator(max.mem + 1, 1000), tournament), (error: Error) => {
      assert.ok(error instanceof TxTooLargeError);
      assert.equal(
        error.message,
        `The scripts of this transaction need ${max.mem + 1} memory units and 1000 steps, more than the ledger allows per transaction ` +
          `(${max.mem} and ${max.steps}): pass fewer, larger UTxOs in utxos.`,
      );
      return true;
    });
    const tx = await assemble(scriptDraft(), pool, evaluator(1000, 2000), tournament);
    assert.deepEqual(tx.exUnits, { mem: 1000n, steps: 2000n });
  });

  it("gives a script's refusal in the caller's words, with the evaluator's trace", async () => {
    const refusing = { evaluate: () => Promise.reject(new UnprocessableError("Script evaluation failed: trace T01")) };
    const pool = balancing([utxo("aa".repeat(32), 20_000_000)]);
    await assert.rejects(assemble(scriptDraft(), pool, refusing, build), (error: Error) => {
      assert.ok(error instanceof UnprocessableError);
      assert.equal(error.message, "A Plutus script refuses it: Script evaluation failed: trace T01");
      return true;
    });
    await assert.rejects(assemble(scriptDraft(), pool, refusing, tournament), (error: Error) => {
      assert.ok(error instanceof UnprocessableError);
      assert.equal(error.message, "A tournament script refuses this transaction: Script evaluation failed: trace T01");
      return true;
    });
  });
});
