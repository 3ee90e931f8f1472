// Balancing (src/txcore/balance.ts) over random pools and drafts: random assets, quantities up to
// 2^64 - 1, outputs and burns asking for more than the pool holds. Either a transaction comes out
// whose inputs and mint equal its outputs and fee for every unit (the ledger's value preservation,
// read back from the transaction by CSL, which also reads every quantity as an unsigned 64-bit
// one), or a BalanceError saying what is missing, by how much: never anything else (a quantity
// that does not fit CBOR's head was a 500).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import fc from "fast-check";
import type { Asset, UTxO } from "@meshsdk/common";
import { DEFAULT_PROTOCOL_PARAMETERS } from "@meshsdk/common";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { add, fromAssets, subtract, valueOf, ZERO, type Value } from "../../src/cardano/value.js";
import { readAddress } from "../../src/cardano/address-rules.js";
import { CborWriter } from "../../src/cardano/cbor.js";
import { writeValue } from "../../src/cardano/tx-encode.js";
import { InsufficientFundsError } from "../../src/errors.js";
import { assemble } from "../../src/txcore/assemble.js";
import { BalanceError, balanceTransaction, draftOf, type TxDraft } from "../../src/txcore/balance.js";

const U64_MAX = 2n ** 64n - 1n;
const INT64_MAX = 2n ** 63n - 1n;
const wallet = serializeAddressObj(pubKeyAddress("11".repeat(28)), 0);
const walletAddress = readAddress(wallet, "wallet");
const params = DEFAULT_PROTOCOL_PARAMETERS;
const UNITS = ["a1".repeat(28), "a1".repeat(28) + "01", "b2".repeat(28) + "0202"] as const;

const amountOf = (lovelace: bigint, assets: ReadonlyArray<readonly [string, bigint]>): Asset[] => [
  { unit: "lovelace", quantity: lovelace.toString() },
  ...assets.map(([unit, quantity]) => ({ unit, quantity: quantity.toString() })),
];
const utxo = (i: number, amount: Asset[]): UTxO => ({
  input: { txHash: (i + 1).toString(16).padStart(64, "0"), outputIndex: i % 3 },
  output: { address: wallet, amount },
});

/** Small, near 2^64 - 1, or anywhere between. */
const quantityArb = fc.oneof(
  fc.bigInt({ min: 1n, max: 1000n }),
  fc.bigInt({ min: U64_MAX - 1000n, max: U64_MAX }),
  fc.bigInt({ min: 1n, max: U64_MAX }),
);
const assetsArb = fc.uniqueArray(fc.tuple(fc.constantFrom(...UNITS), quantityArb), {
  maxLength: 3,
  selector: ([unit]) => unit,
});
/** Mostly the ledger's amounts; now and then one a request can claim but no ledger holds. */
const lovelaceArb = fc.oneof(
  { arbitrary: fc.bigInt({ min: 1_000_000n, max: 60_000_000n }), weight: 8 },
  { arbitrary: fc.bigInt({ min: 1n, max: U64_MAX }), weight: 1 },
);
const poolArb = fc.array(fc.tuple(lovelaceArb, assetsArb), { maxLength: 6 });
const outputsArb = fc.array(
  fc.tuple(
    fc.bigInt({ min: 1_000_000n, max: 40_000_000n }),
    fc.oneof({ arbitrary: fc.constant([]), weight: 2 }, { arbitrary: assetsArb, weight: 1 }),
  ),
  {
    minLength: 1,
    maxLength: 3,
  },
);
const mintArb = fc.uniqueArray(
  fc.tuple(
    fc.constantFrom(...UNITS),
    fc.oneof(fc.bigInt({ min: -1000n, max: 1000n }), fc.bigInt({ min: -INT64_MAX, max: INT64_MAX })),
  ),
  { maxLength: 2, selector: ([unit]) => unit },
);

/** A CSL value as ours. */
function valueOfCsl(value: CSL.Value): Value {
  const out: Array<[string, bigint]> = [];
  const multiasset = value.multiasset();
  const policies = multiasset?.keys();
  for (let i = 0; i < (policies?.len() ?? 0); i++) {
    const policy = policies!.get(i);
    const assets = multiasset!.get(policy)!;
    const names = assets.keys();
    for (let j = 0; j < names.len(); j++) {
      const name = names.get(j);
      const unit = policy.to_hex() + Buffer.from(name.name()).toString("hex");
      out.push([unit, BigInt(assets.get(name)!.to_str())]);
    }
  }
  return valueOf(BigInt(value.coin().to_str()), out);
}

/** What the transaction consumes less what it produces, per unit: all zero when value is preserved. */
function imbalance(cbor: Uint8Array, known: ReadonlyMap<string, UTxO>, mint: ReadonlyMap<string, bigint>): Value {
  const body = CSL.Transaction.from_bytes(cbor).body();
  let balance = valueOf(0n, mint);
  const inputs = body.inputs();
  for (let i = 0; i < inputs.len(); i++) {
    const input = inputs.get(i);
    const spent = known.get(`${input.transaction_id().to_hex()}#${input.index()}`);
    assert.ok(spent, "an input that is neither the draft's nor the pool's");
    balance = add(balance, fromAssets(spent.output.amount));
  }
  const outputs = body.outputs();
  for (let i = 0; i < outputs.len(); i++) balance = subtract(balance, valueOfCsl(outputs.get(i).amount()));
  return subtract(balance, valueOf(BigInt(body.fee().to_str())));
}

describe("balancing (random pools and drafts)", () => {
  it("gives a transaction that preserves value, or a BalanceError that says what is missing", () => {
    const kinds = new Map<string, number>();
    fc.assert(
      fc.property(poolArb, fc.nat({ max: 2 }), outputsArb, mintArb, (holdings, given, outputs, mint) => {
        const utxos = holdings.map(([lovelace, assets], i) => utxo(i, amountOf(lovelace, assets)));
        const draft: TxDraft = draftOf({
          inputs: utxos.slice(0, given),
          outputs: outputs.map(([lovelace, assets]) => ({ address: walletAddress, value: valueOf(lovelace, assets) })),
          mint: new Map(mint),
        });
        const known = new Map(utxos.map((u) => [`${u.input.txHash}#${u.input.outputIndex}`, u]));
        let held = valueOf(0n, mint);
        for (const u of utxos) held = add(held, fromAssets(u.output.amount));
        for (const o of draft.outputs) held = subtract(held, o.value);
        let cbor: Uint8Array;
        try {
          cbor = balanceTransaction(draft, { pool: utxos.slice(given), changeAddress: walletAddress, params }).cbor;
        } catch (error) {
          assert.ok(error instanceof BalanceError, `not a BalanceError: ${(error as Error).stack}`);
          const failure = error.failure;
          kinds.set(failure.kind, (kinds.get(failure.kind) ?? 0) + 1);
          if (failure.kind === "insufficient-asset") {
            // Every holder of the unit was selected: the whole shortage, exactly.
            assert.equal(failure.missing, -(held.assets.get(failure.unit) ?? 0n), failure.unit);
            assert.ok(failure.missing > 0n);
          } else if (failure.kind === "insufficient-ada") {
            assert.equal(
              failure.held,
              [...known.values()].reduce((s, u) => s + BigInt(u.output.amount[0]!.quantity), 0n),
            );
            assert.ok(failure.held < failure.sent + failure.fee + failure.changeMin, "refused though the ADA is there");
          } else assert.fail(`unexpected failure ${failure.kind}`);
          return;
        }
        kinds.set("balanced", (kinds.get("balanced") ?? 0) + 1);
        assert.deepEqual(imbalance(cbor, known, draft.mint), ZERO);
      }),
      { numRuns: 400 },
    );
    // The property met each outcome, not only one of them.
    for (const kind of ["balanced", "insufficient-asset", "insufficient-ada"])
      assert.ok((kinds.get(kind) ?? 0) >= 5, `${kind}: ${JSON.stringify([...kinds])}`);
  });

  it("splits a change of more than 2^64 - 1 of a token over outputs the ledger can hold", () => {
    const unit = UNITS[1];
    const pool = [0, 1, 2].map((i) => utxo(i, amountOf(5_000_000n, [[unit, U64_MAX - BigInt(i)]])));
    const draft = draftOf({ outputs: [{ address: walletAddress, value: valueOf(8_000_000n, [[unit, 5n]]) }] });
    const tx = balanceTransaction(draft, { pool, changeAddress: walletAddress, params });
    const outputs = CSL.Transaction.from_bytes(tx.cbor).body().outputs();
    const quantities = Array.from({ length: outputs.len() }, (_, i) =>
      valueOfCsl(outputs.get(i).amount()).assets.get(unit),
    );
    // The ADA needs all three inputs, of about 2^64 each; 5 sent: the rest over three change outputs.
    assert.deepEqual(quantities, [5n, U64_MAX, U64_MAX, U64_MAX - 8n]);
    const known = new Map(pool.map((u) => [`${u.input.txHash}#${u.input.outputIndex}`, u]));
    assert.deepEqual(imbalance(tx.cbor, known, new Map()), ZERO);
  });

  it("deals a change of many assets over outputs whose values are within maxValSize, each holding its minimum", () => {
    const policies = ["c3".repeat(28), "d4".repeat(28), "e5".repeat(28)];
    const unitArb = fc
      .tuple(fc.constantFrom(...policies), fc.uint8Array({ maxLength: 32 }))
      .map(([policy, name]) => policy + Buffer.from(name).toString("hex"));
    const holdingsArb = fc.uniqueArray(fc.tuple(unitArb, quantityArb), {
      maxLength: 250,
      size: "max",
      selector: ([unit]) => unit,
    });
    fc.assert(
      fc.property(
        holdingsArb,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 400, max: 6000 }),
        (holdings, count, maxValSize) => {
          const big = { ...params, maxValSize, maxTxSize: 200_000 };
          const inputs = Array.from({ length: count }, (_, i) =>
            utxo(
              i,
              amountOf(
                1_000_000_000n,
                holdings.filter((_, j) => j % count === i),
              ),
            ),
          );
          const draft = draftOf({ inputs, outputs: [{ address: walletAddress, value: valueOf(2_000_000n) }] });
          const tx = balanceTransaction(draft, { pool: [], changeAddress: walletAddress, params: big });
          const outputs = CSL.Transaction.from_bytes(tx.cbor).body().outputs();
          const known = new Map(inputs.map((u) => [`${u.input.txHash}#${u.input.outputIndex}`, u]));
          assert.deepEqual(imbalance(tx.cbor, known, new Map()), ZERO);
          for (let i = 0; i < outputs.len(); i++) {
            const output = outputs.get(i);
            const size = output.amount().to_bytes().length;
            assert.ok(size <= maxValSize, `output ${i}: a value of ${size} bytes, over ${maxValSize}`);
            const min = BigInt(160 + output.to_bytes().length) * BigInt(params.coinsPerUtxoSize);
            assert.ok(BigInt(output.amount().coin().to_str()) >= min, `output ${i} under its minimum`);
          }
          // A change that fits one output (its coin counted at 9 bytes) is not split.
          const whole = writeValue(new CborWriter(), valueOf(U64_MAX, holdings));
          if (whole.length <= maxValSize && holdings.every(([, q]) => q <= U64_MAX)) assert.equal(outputs.len(), 2);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses a token no input holds, naming it and how much is missing (it was a 500)", async () => {
    const unit = UNITS[2];
    const draft = draftOf({ outputs: [{ address: walletAddress, value: valueOf(2_000_000n, [[unit, 7n]]) }] });
    const balancing = { pool: [utxo(0, amountOf(10_000_000n, []))], changeAddress: walletAddress, params };
    assert.throws(
      () => balanceTransaction(draft, balancing),
      (error) => error instanceof BalanceError && error.failure.kind === "insufficient-asset",
    );
    const advice = {
      utxos: () => "utxos",
      fund: () => "Fund it.",
      tooLarge: () => "",
      tooManyInputs: () => "",
      overBudget: () => "",
      scriptRefuses: (message: string) => message,
    };
    await assert.rejects(assemble(draft, balancing, { evaluate: () => Promise.resolve([]) }, advice), (error) => {
      assert.ok(error instanceof InsufficientFundsError);
      assert.equal(
        error.message,
        `Not enough of asset ${unit.slice(0, 56)}.0202: the available UTxOs hold 7 too few. Pass the UTxOs that hold it in utxos.`,
      );
      return true;
    });
  });
});
