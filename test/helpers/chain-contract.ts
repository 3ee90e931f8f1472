// The chain port's contract: one suite that every backend must pass (the devnet; Blockfrost and
// Ogmios + Kupo against their loopback fakes answering from a live ledger, and, with an
// environment flag, against the real services). It goes through the port only, with transactions
// built by Mesh from the port's own protocol parameters and signed by a test wallet, so that it
// also checks that the builder and the ledger agree on fees and min-UTxO.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { calculateFees, Serialization, TxCBOR } from "@meshsdk/core-cst";
import { fromHex, joinTransaction, readMapEntries, readSet, splitTransaction, txIdOfBody } from "../../src/cardano/tx-cbor.js";
import type { ChainParameters, ChainPort, Protocol } from "../../src/chain/port.js";
import { LedgerRejectedError } from "../../src/errors.js";
import { buildPayment, lovelaceOf, newTestWallet, type TestWallet } from "./test-wallet.js";

export interface ChainContractSubject {
  readonly port: ChainPort;
  /** Gives `address` at least `lovelace` in new UTxOs, visible to `port.utxosAt` when it resolves. */
  fund(address: string, lovelace: bigint): Promise<void>;
  /** How long to wait for a submitted transaction to show as confirmed (0 on the devnet). */
  readonly confirmTimeoutMs?: number;
  close(): Promise<void>;
}

const feeOf = (txHex: string): bigint => Serialization.Transaction.fromCbor(TxCBOR(txHex)).body().fee();
const bodyHash = (txHex: string): string => txIdOfBody(splitTransaction(fromHex(txHex)).body);
/**
 * The size the ledger charges for: the transaction without its is_valid flag (the Alonzo ledger
 * measures the 3-element form [body, witnesses, auxiliary data]), one byte less than its CBOR.
 */
function ledgerSize(txHex: string): number {
  const parts = splitTransaction(fromHex(txHex));
  const rest = parts.rest.filter((item) => !(item.length === 1 && (item[0] === 0xf4 || item[0] === 0xf5)));
  return joinTransaction({ ...parts, rest }).length;
}
const minFee = (params: Protocol, txHex: string): bigint => BigInt(params.minFeeA) * BigInt(ledgerSize(txHex)) + BigInt(params.minFeeB);
/** Mesh's own fee formula (calculateFees of core-cst, no scripts): minFeeB + size × minFeeA over the whole CBOR. */
const meshMinFee = (params: Protocol, txHex: string): bigint =>
  calculateFees(params.minFeeA, params.minFeeB, params.minFeeRefScriptCostPerByte, params.priceMem, params.priceStep, Serialization.Transaction.fromCbor(TxCBOR(txHex)), 0);

/** The encoded size of output `index` of a transaction, in bytes. */
function outputSize(txHex: string, index: number): number {
  const outputs = readMapEntries(splitTransaction(fromHex(txHex)).body).find(([key]) => key.length === 1 && key[0] === 1);
  assert.ok(outputs, "the body has outputs");
  const output = readSet(outputs[1]).items[index];
  assert.ok(output, `the body has output ${index}`);
  return output.length;
}

/** The one UTxO holding the most lovelace: transactions built from it alone always pick the same input. */
const largest = (utxos: readonly UTxO[]): UTxO[] => [...utxos].sort((a, b) => (lovelaceOf(b) > lovelaceOf(a) ? 1 : -1)).slice(0, 1);

async function rejects(promise: Promise<unknown>, reason: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof LedgerRejectedError, `expected LedgerRejectedError, got ${String(error)}`);
    assert.equal((error as { statusCode?: number }).statusCode, 422);
    assert.match((error as Error).message, reason);
    return true;
  });
}

export function runChainContract(name: string, makeSubject: () => Promise<ChainContractSubject>): void {
  describe(`chain port contract: ${name}`, () => {
    let subject: ChainContractSubject;
    let port: ChainPort;
    let params: ChainParameters;
    let alice: TestWallet;
    let bob: TestWallet;

    const confirmed = async (txHash: string): Promise<void> => {
      const deadline = Date.now() + (subject.confirmTimeoutMs ?? 0);
      for (;;) {
        if ((await port.txStatus(txHash)) === "confirmed") return;
        if (Date.now() >= deadline) assert.fail(`${txHash} is not confirmed`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    };

    before(async () => {
      subject = await makeSubject();
      port = subject.port;
      params = await port.protocolParameters();
      [alice, bob] = await Promise.all([newTestWallet(), newTestWallet()]);
      await subject.fund(alice.address, 100_000_000n);
    });
    after(() => subject.close());

    it("gives the tip as a slot and the start of that slot, never going back", async () => {
      const first = await port.tip();
      assert.ok(Number.isSafeInteger(first.slot) && first.slot >= 0);
      assert.ok(Number.isSafeInteger(first.time) && first.time > 0);
      const second = await port.tip();
      assert.ok(second.slot >= first.slot);
      assert.equal(second.time - first.time, (second.slot - first.slot) * 1000);
    });

    it("gives complete protocol parameters in Mesh's shape", () => {
      for (const key of ["minFeeA", "minFeeB", "maxTxSize", "coinsPerUtxoSize", "priceMem", "priceStep", "collateralPercent", "maxCollateralInputs"] as const) {
        assert.equal(typeof params[key], "number", key);
        assert.ok(params[key] > 0, `${key} is positive`);
      }
      for (const key of ["maxTxExMem", "maxTxExSteps"] as const) assert.match(params[key], /^[1-9][0-9]*$/, key);
    });

    it("gives the cost models the ledger applies: per Plutus language, a list of integers", () => {
      // Every network since Conway has the three; the tournament's scripts are Plutus V2.
      for (const language of ["PlutusV1", "PlutusV2", "PlutusV3"] as const) {
        const costs = params.costModels[language];
        assert.ok(Array.isArray(costs) && costs.length > 0, `a ${language} cost model`);
        assert.ok(costs.every((c) => Number.isSafeInteger(c)), `${language}: integers only`);
      }
    });

    it("finds nothing at an address that never received anything, and nothing for unknown references", async () => {
      const nobody = await newTestWallet();
      assert.deepEqual(await port.utxosAt(nobody.address), []);
      assert.deepEqual(await port.utxosByRef([{ txHash: randomBytes(32).toString("hex"), index: 0 }]), []);
      assert.equal(await port.txStatus(randomBytes(32).toString("hex")), "unknown");
    });

    it("finds the funded UTxOs by address and by reference", async () => {
      const utxos = await port.utxosAt(alice.address);
      assert.ok(utxos.length > 0);
      assert.ok(utxos.every((u) => u.output.address === alice.address));
      const byRef = await port.utxosByRef(utxos.map((u) => ({ txHash: u.input.txHash, index: u.input.outputIndex })));
      assert.deepEqual(
        byRef.map((u) => `${u.input.txHash}#${u.input.outputIndex}`).sort(),
        utxos.map((u) => `${u.input.txHash}#${u.input.outputIndex}`).sort(),
      );
    });

    it("rejects a transaction that lacks its owner's signature", async () => {
      const unsigned = await buildPayment(params, alice.address, await port.utxosAt(alice.address), bob.address, 2_000_000n);
      await rejects(port.submit(unsigned), /[Mm]issing|witness|signature/);
      await rejects(port.submit(await bob.sign(unsigned)), /[Mm]issing|witness|signature/);
      assert.equal(await port.txStatus(bodyHash(unsigned)), "unknown");
    });

    it("accepts a signed payment: its id is the body hash, it is confirmed, outputs appear and inputs go", async () => {
      const before = largest(await port.utxosAt(alice.address));
      const signed = await alice.sign(await buildPayment(params, alice.address, before, bob.address, 3_000_000n));
      const txHash = await port.submit(signed);
      assert.equal(txHash, bodyHash(signed));
      await confirmed(txHash);
      const atBob = await port.utxosAt(bob.address);
      assert.ok(atBob.some((u) => u.input.txHash === txHash && lovelaceOf(u) === 3_000_000n));
      const spent = Serialization.Transaction.fromCbor(TxCBOR(signed)).body().inputs().values().map((i) => `${i.transactionId()}#${i.index()}`);
      const now = (await port.utxosAt(alice.address)).map((u) => `${u.input.txHash}#${u.input.outputIndex}`);
      for (const ref of spent) assert.ok(!now.includes(ref), `${ref} is spent`);
      const refs = spent.map((r) => ({ txHash: r.split("#")[0] ?? "", index: Number(r.split("#")[1]) }));
      assert.deepEqual(await port.utxosByRef(refs), []);

      // Spending the same inputs again is a double spend.
      await rejects(port.submit(await alice.sign(await buildPayment(params, alice.address, before, bob.address, 4_000_000n))), /[Mm]issing inputs|spent|[Uu]nknown/);
    });

    it("charges exactly minFeeA × size + minFeeB: that fee is accepted, one lovelace less is not", async () => {
      const utxos = largest(await port.utxosAt(alice.address));
      const draft = await alice.sign(await buildPayment(params, alice.address, utxos, bob.address, 2_500_000n));
      const exact = minFee(params, draft);
      assert.ok(feeOf(draft) >= exact, "Mesh never builds a fee below the minimum");
      const withFee = async (fee: bigint) => alice.sign(await buildPayment(params, alice.address, utxos, bob.address, 2_500_000n, (b) => b.setFee(fee.toString())));
      const low = await withFee(exact - 1n);
      const right = await withFee(exact);
      assert.equal(right.length, draft.length, "setting the fee kept the size");
      assert.equal(minFee(params, right), exact);
      assert.equal(feeOf(right), exact);
      await rejects(port.submit(low), /[Ff]ee/);
      await confirmed(await port.submit(right));

      // Mesh's own minimum (over the whole CBOR, is_valid included) is minFeeA above the ledger's: accepted too.
      const next = largest(await port.utxosAt(alice.address));
      const meshDraft = await alice.sign(await buildPayment(params, alice.address, next, bob.address, 2_500_000n));
      const meshFee = BigInt(meshMinFee(params, meshDraft));
      assert.equal(meshFee, minFee(params, meshDraft) + BigInt(params.minFeeA));
      const meshExact = await alice.sign(await buildPayment(params, alice.address, next, bob.address, 2_500_000n, (b) => b.setFee(meshFee.toString())));
      assert.equal(feeOf(meshExact), meshFee);
      assert.equal(BigInt(meshMinFee(params, meshExact)), meshFee);
      await confirmed(await port.submit(meshExact));
    });

    it("requires (160 + output size) × coinsPerUtxoSize lovelace in an output: that is accepted, one less is not", async () => {
      const utxos = largest(await port.utxosAt(alice.address));
      const probe = await buildPayment(params, alice.address, utxos, bob.address, 1_000_000n);
      const minimum = BigInt((160 + outputSize(probe, 0)) * params.coinsPerUtxoSize);
      const pay = async (lovelace: bigint) => alice.sign(await buildPayment(params, alice.address, utxos, bob.address, lovelace));
      const below = await pay(minimum - 1n);
      assert.equal(outputSize(below, 0), outputSize(probe, 0));
      await rejects(port.submit(below), /too small|[Mm]in/);
      await confirmed(await port.submit(await pay(minimum)));
    });

    it("evaluates a transaction without scripts to no redeemers", async () => {
      const utxos: UTxO[] = await port.utxosAt(alice.address);
      const unsigned = await buildPayment(params, alice.address, utxos, bob.address, 2_000_000n);
      assert.deepEqual(await port.evaluate(unsigned), []);
    });
  });
}
