// Properties of the builder over random payments (utxos given: a stub chain answers only the parameters and the tip), checked with CSL:
// value is conserved, outputs keep their order and amounts, each output holds at least the
// ledger minimum, the fee covers the signed transaction, and "not enough ADA" only when it is so.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import fc from "fast-check";
import { DEFAULT_PROTOCOL_PARAMETERS } from "@meshsdk/common";
import { eraHistoryFor } from "../../src/cardano/era-history.js";
import { encodeUtxo } from "../../src/cardano/utxo.js";
import type { ChainParameters, ChainPort } from "../../src/chain/port.js";
import { buildTransaction, type BuildContext } from "../../src/tx/build/build.js";
import { buildIntent } from "../../src/server/routes/transactions/to-domain.js";
import { newBaseWallet } from "../support/wallets.js";

const START_MS = Date.UTC(2025, 0, 1);
const PARAMS: ChainParameters = { ...DEFAULT_PROTOCOL_PARAMETERS, costModels: {} };
const TIP = { slot: 10_000, time: START_MS + 10_000_000 };
/** A build given its utxos (and no reference inputs) reads only the parameters and the tip. */
const chain = { protocolParameters: async () => PARAMS, tip: async () => TIP } as unknown as ChainPort;
const context: BuildContext = { network: "devnet", chain, eraHistory: eraHistoryFor("devnet", START_MS) };

const lovelaceOf = (value: CSL.Value): bigint => BigInt(value.coin().to_str());

function outputsOf(tx: CSL.Transaction): CSL.TransactionOutput[] {
  const outputs = tx.body().outputs();
  return Array.from({ length: outputs.len() }, (_, i) => outputs.get(i));
}

describe("build properties (random payments)", () => {
  test("conservation, order, min-UTxO, fee of the signed transaction; shortfalls only when real", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    const utxoArb = fc.array(fc.integer({ min: 1_000_000, max: 100_000_000 }), { minLength: 1, maxLength: 8 });
    const outputArb = fc.array(fc.option(fc.integer({ min: 1_000_000, max: 40_000_000 }), { nil: undefined }), {
      maxLength: 4,
    });
    await fc.assert(
      fc.asyncProperty(utxoArb, outputArb, fc.boolean(), async (amounts, outputs, withMessage) => {
        const utxos = amounts.map((lovelace, i) =>
          encodeUtxo({
            input: { txHash: (i + 1).toString(16).padStart(64, "0"), outputIndex: i },
            output: { address: alice.address, amount: [{ unit: "lovelace", quantity: String(lovelace) }] },
          }),
        );
        const held = amounts.reduce((s, a) => s + BigInt(a), 0n);
        const request = {
          changeAddress: alice.address,
          utxos,
          outputs: outputs.map((lovelace) =>
            lovelace === undefined ? { address: bob.address } : { address: bob.address, lovelace },
          ),
          ...(withMessage ? { message: "property" } : {}),
        };
        let built;
        try {
          built = await buildTransaction(buildIntent(context.network, request), context);
        } catch (error) {
          const e = error as { statusCode?: number; message: string };
          assert.equal(e.statusCode, 400, e.message);
          assert.match(e.message, /^Not enough ADA/);
          const asked = outputs.reduce<bigint>((s, l) => s + BigInt(l ?? 1_000_000), 0n);
          assert.ok(held < asked + 2_000_000n, `refused although ${held} held for ${asked} asked`);
          return;
        }
        const signed = CSL.FixedTransaction.from_hex(built.complete);
        signed.sign_and_add_vkey_signature(CSL.PrivateKey.generate_ed25519()); // a signature's size is what matters
        const tx = CSL.Transaction.from_hex(signed.to_hex());
        const fee = BigInt(tx.body().fee().to_str());
        // The ledger prices the bytes as submitted, without the is_valid byte (CSL's min_fee would
        // re-serialize the transaction its own way, with tag 258 on every set, and price that).
        const ledgerSize = BigInt(signed.to_hex().length / 2 - 1);
        const minFee = 44n * ledgerSize + 155381n;
        assert.ok(fee >= minFee, `fee ${fee} < min ${minFee}`);

        const inputs = tx.body().inputs();
        const spent = Array.from({ length: inputs.len() }, (_, i) => amounts[inputs.get(i).index()]!).reduce(
          (s, a) => s + BigInt(a),
          0n,
        );
        const produced = outputsOf(tx).reduce((s, o) => s + lovelaceOf(o.amount()), 0n);
        assert.equal(spent, produced + fee, "inputs = outputs + fee");

        const dataCost = CSL.DataCost.new_coins_per_byte(CSL.BigNum.from_str("4310"));
        outputsOf(tx).forEach((output, i) => {
          const min = BigInt(CSL.min_ada_for_output(output, dataCost).to_str());
          assert.ok(lovelaceOf(output.amount()) >= min, `output ${i} below the minimum`);
          const asked = outputs[i];
          if (i < outputs.length) {
            assert.equal(output.address().to_bech32(), bob.address, `output ${i} in order`);
            if (asked !== undefined) assert.equal(lovelaceOf(output.amount()), BigInt(asked));
            else assert.equal(lovelaceOf(output.amount()), min, `output ${i} holds exactly the minimum`);
          }
        });
      }),
      { numRuns: 40 },
    );
  });
});
