// The engine's Value (src/cardano/value.ts) over random values whose quantities go far past
// 2^64: add and subtract undo each other, sums are exact, covers agrees with the difference, zero
// quantities are never kept, and the amount list of the wire and the chain port round-trips.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  add,
  covers,
  fromAssets,
  isZero,
  quantityOf,
  subtract,
  sum,
  toAssets,
  units,
  valueOf,
  ZERO,
  type Value,
} from "../../src/cardano/value.js";

const U64 = 2n ** 64n;
const UNITS = ["a1".repeat(28), "a1".repeat(28) + "01", "a1".repeat(28) + "ff".repeat(32), "b2".repeat(28) + "0202"];

/** Small, around 2^64, or up to 2^70; negative now and then (a difference). */
const quantityArb = fc.oneof(
  fc.bigInt({ min: -1000n, max: 1000n }),
  fc.bigInt({ min: U64 - 1000n, max: U64 + 1000n }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
);
const valueArb: fc.Arbitrary<Value> = fc
  .tuple(quantityArb, fc.array(fc.tuple(fc.constantFrom(...UNITS), quantityArb), { maxLength: 6 }))
  .map(([lovelace, assets]) => valueOf(lovelace, assets));
/** Values that hold, none owes: what an output or a UTxO carries. */
const heldArb = valueArb.map((v) =>
  valueOf(
    v.lovelace < 0n ? -v.lovelace : v.lovelace,
    [...v.assets].map(([u, q]) => [u, q < 0n ? -q : q] as const),
  ),
);

describe("Value", () => {
  it("add and subtract undo each other, commute and are exact past 2^64", () => {
    fc.assert(
      fc.property(valueArb, valueArb, valueArb, (a, b, c) => {
        assert.deepEqual(subtract(add(a, b), b), a);
        assert.deepEqual(add(a, b), add(b, a));
        assert.deepEqual(add(add(a, b), c), add(a, add(b, c)));
        assert.deepEqual(sum([a, b, c]), add(add(a, b), c));
        assert.ok(isZero(subtract(a, a)));
        for (const unit of ["lovelace", ...UNITS])
          assert.equal(quantityOf(add(a, b), unit), quantityOf(a, unit) + quantityOf(b, unit), unit);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps no zero quantity", () => {
    fc.assert(
      fc.property(valueArb, valueArb, (a, b) => {
        for (const v of [a, add(a, b), subtract(a, b), sum([a, b])])
          assert.ok([...v.assets.values()].every((q) => q !== 0n));
      }),
    );
    assert.deepEqual(
      valueOf(0n, [
        [UNITS[0]!, 5n],
        [UNITS[0]!, -5n],
        [UNITS[1]!, 0n],
      ]),
      ZERO,
    );
  });

  it("covers a value exactly when their difference owes nothing", () => {
    fc.assert(
      fc.property(valueArb, valueArb, heldArb, (a, b, extra) => {
        const d = subtract(a, b);
        assert.equal(covers(a, b), d.lovelace >= 0n && [...d.assets.values()].every((q) => q > 0n));
        assert.ok(covers(add(a, extra), a));
        assert.ok(covers(a, a));
      }),
      { numRuns: 500 },
    );
  });

  it("round-trips the amount list, lovelace first and units in order", () => {
    fc.assert(
      fc.property(heldArb, (v) => {
        const list = toAssets(v);
        assert.deepEqual(list[0], { unit: "lovelace", quantity: v.lovelace.toString() });
        assert.deepEqual(
          list.slice(1).map((a) => a.unit),
          units(v),
        );
        assert.deepEqual(fromAssets(list), v);
      }),
      { numRuns: 300 },
    );
    // The chain port's lists as backends give them: "" for ADA, a unit listed twice.
    assert.deepEqual(
      fromAssets([
        { unit: "", quantity: "18446744073709551615" },
        { unit: UNITS[3]!, quantity: "18446744073709551615" },
        { unit: "lovelace", quantity: "1" },
        { unit: UNITS[3]!, quantity: "1" },
      ]),
      valueOf(U64, [[UNITS[3]!, U64]]),
    );
  });
});
