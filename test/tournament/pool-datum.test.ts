// v3's data codecs (src/tournament/pool-datum.ts) against the bytes the v3 contract's honest plans
// write (the contract checks those: contracts/V3-DESIGN.md §5.2), round trips over random pools and
// batches, and the tolerant decoders' refusals of data the contract would never let a pool hold.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { makeByteArrayData, makeIntData, makeListData } from "@helios-lang/uplc";
import { shelleyAddress } from "../../src/cardano/credential-address.js";
import { configToData, type TournamentConfig } from "../../src/tournament/datum.js";
import type { TournamentId } from "../../src/tournament/id.js";
import {
  decodeBatchDatum,
  decodePoolDatum,
  decodePoolSpendRedeemer,
  encodeBatchDatum,
  encodePoolDatum,
  PAY_BATCH_REDEEMER,
  poolCloseRedeemer,
  poolSettleRedeemer,
} from "../../src/tournament/pool-datum.js";
import { accumulatorOf, buildMultiproof, leafOf, PRODUCTION_TREE } from "../../src/tournament/seat-tree.js";
import {
  batchDatum,
  closeRedeemer,
  PAY_BATCH_REDEEMER as PLAN_PAY_BATCH,
  poolDatum,
  settleRedeemerV3,
} from "../../contracts/test/v3/plans.js";

const seat = (i: number): string =>
  shelleyAddress({ hash: "ab".repeat(26) + i.toString(16).padStart(4, "0"), isScript: false }, undefined, 0);
const CONFIG: TournamentConfig = {
  name: "Spring cup",
  adminAddress: seat(9999),
  bracketSize: 1024,
  entryFee: 5_000_000n,
  payoutStructure: [30_000_000n, 20_000_000n],
  fixedPayouts: [{ address: seat(7777), amount: 2_000_000n }],
  registrationHash: "cd".repeat(28),
  settleBy: 1_800_000_000_000,
};
const hexOf = (d: { toCbor(): number[] }): string => Buffer.from(d.toCbor()).toString("hex");
const ID = "ef".repeat(32) as TournamentId;

describe("v3 pool datum", () => {
  it("encodes what the contract's plans write, and decodes it back, at every count up to 1,024", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1024 }), (count) => {
        const seats = Array.from({ length: count }, (_, i) => seat(i % 300));
        const acc = accumulatorOf(seats.map(leafOf), PRODUCTION_TREE);
        const cbor = encodePoolDatum({ config: CONFIG, count, peaks: acc.peaks });
        assert.equal(cbor, poolDatum(CONFIG, seats, PRODUCTION_TREE));
        const back = decodePoolDatum(cbor, false);
        assert.deepEqual(back, { config: CONFIG, count, peaks: acc.peaks });
      }),
      { numRuns: 30 },
    );
  });

  it("refuses a pool datum the contract never lets a pool hold", () => {
    const cfg = configToData(CONFIG);
    const h = makeByteArrayData(new Array<number>(32).fill(7));
    const cases: [string, string][] = [
      ["a fourth item", hexOf(makeListData([cfg, makeIntData(1n), makeListData([h]), makeIntData(0n)]))],
      ["v2.1's two items", hexOf(makeListData([cfg, makeListData([])]))],
      ["one peak for three seats", hexOf(makeListData([cfg, makeIntData(3n), makeListData([h])]))],
      ["count 1,025", hexOf(makeListData([cfg, makeIntData(1025n), makeListData([h, h])]))],
      ["a negative count", hexOf(makeListData([cfg, makeIntData(-1n), makeListData([h])]))],
      ["a 31-byte peak", hexOf(makeListData([cfg, makeIntData(1n), makeListData([makeByteArrayData([1, 2])])]))],
      ["not CBOR", "zz"],
    ];
    for (const [what, cbor] of cases) assert.equal(decodePoolDatum(cbor, false), null, what);
  });
});

describe("v3 batch datum", () => {
  it("encodes what the contract's close writes, and decodes it back", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 15 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.integer({ min: 1, max: 64 }),
        fc.bigInt({ min: 0n, max: 45_000_000_000_000_000n }),
        fc.bigInt({ min: 0n, max: 1023n }),
        (batch, subroot, count, pay, extra) => {
          const cbor = encodeBatchDatum({ tournamentId: ID, batch, subroot, count, pay, extra });
          assert.equal(cbor, batchDatum(ID, batch, subroot, count, pay, extra));
          assert.deepEqual(decodeBatchDatum(cbor), { tournamentId: ID, batch, subroot, count, pay, extra });
        },
      ),
      { numRuns: 50 },
    );
  });

  it("refuses a batch datum with a short id, no seats or a seventh item", () => {
    const root = new Uint8Array(32).fill(3);
    const good = { tournamentId: ID, batch: 0, subroot: root, count: 2, pay: 1n, extra: 0n };
    assert.equal(decodeBatchDatum(encodeBatchDatum({ ...good, tournamentId: "ef".repeat(31) as TournamentId })), null);
    assert.equal(decodeBatchDatum(encodeBatchDatum({ ...good, count: 0 })), null);
    const seven = `87${encodeBatchDatum(good).slice(2)}00`;
    assert.equal(decodeBatchDatum(seven), null);
    assert.notEqual(decodeBatchDatum(encodeBatchDatum(good)), null);
  });
});

describe("v3 redeemers", () => {
  it("settle, cancel, refund and pay-batch are the bytes the contract's plans use, and decode to their action", () => {
    const seats = Array.from({ length: 100 }, (_, i) => seat(i));
    const winners = [77, 3, 50];
    const proof = buildMultiproof(seats.map(leafOf), winners, PRODUCTION_TREE);
    assert.equal(poolSettleRedeemer(winners, proof), settleRedeemerV3(winners, proof));
    assert.deepEqual(decodePoolSpendRedeemer(poolSettleRedeemer(winners, proof)), { action: "settle", winners });
    const subroots = [new Uint8Array(32).fill(1), new Uint8Array(32).fill(2)];
    for (const how of ["cancel", "refund"] as const) {
      assert.equal(poolCloseRedeemer(how, subroots), closeRedeemer(how, subroots));
      assert.deepEqual(decodePoolSpendRedeemer(poolCloseRedeemer(how, subroots)), { action: how, batches: 2 });
    }
    assert.equal(PAY_BATCH_REDEEMER, PLAN_PAY_BATCH);
    assert.deepEqual(decodePoolSpendRedeemer("d87a9fd87980ff"), { action: "add" });
    assert.equal(decodePoolSpendRedeemer(PAY_BATCH_REDEEMER), null);
    assert.equal(decodePoolSpendRedeemer("d87a9fd87b9f9f1904d2ff80ffff"), null, "a winner beyond seat 1,023");
  });
});
