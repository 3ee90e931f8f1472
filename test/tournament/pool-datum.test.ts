// v3's data codecs (src/tournament/pool-datum.ts), which the contracts' tests and fuzzer write too
// (contracts/test/v3/plans.ts), against the contract itself: a datum is the data Helios makes of
// v3_types' PoolDatum or BatchDatum struct (the layout both validators read) from the same fields, a
// redeemer is the blueprint's variant of that name (contracts/plutus.json, SpendAction and the batch's
// Redeemer); round trips over random pools and batches, and the tolerant decoders' refusals of data
// the contract would never let a pool hold.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { decodeUplcData, makeByteArrayData, makeIntData, makeListData, type UplcData } from "@helios-lang/uplc";
import { shelleyAddress } from "../../src/cardano/credential-address.js";
import { ADD_PARTICIPANTS_REDEEMER, configToData, type TournamentConfig } from "../../src/tournament/datum.js";
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
import { loadBlueprint, V3_CONTRACT } from "../../src/tournament/contracts.js";
import { compileDraft, evaluate } from "../../contracts/test/v3/helios.js";
import { conforms } from "../../contracts/test/cip57.js";

/**
 * The data Helios makes of one of v3_types' structs built from its fields (given as data, in order
 * of `signature`): the program is compiled once.
 */
function heliosStruct(
  struct: "PoolDatum" | "BatchDatum",
  signature: string,
): (fields: readonly UplcData[]) => UplcData {
  const names = signature.split(",").map((p) => p.split(":")[0]!.trim());
  const program = compileDraft(
    `testing layout\nimport { Config } from tournament_types\nimport { ${struct} } from v3_types\n` +
      `func main(${signature}) -> ${struct} { ${struct}{${names.map((n) => `${n}: ${n}`).join(", ")}} }`,
    false,
  );
  return (fields) => {
    const r = evaluate(program, fields);
    if (r.value === null) throw new Error(`Helios: ${r.error}`);
    return r.value;
  };
}

const blueprint = loadBlueprint(V3_CONTRACT);
const defs = blueprint.definitions as Record<string, Record<string, unknown>>;
/** The blueprint's variant `title` of the enum `definition`. */
const variant = (definition: string, title: string): Record<string, unknown> =>
  (defs[definition]!["anyOf"] as Record<string, unknown>[]).find((v) => v["title"] === title)!;
const decode = (cbor: string): UplcData => decodeUplcData(Buffer.from(cbor, "hex"));
/** The action inside a spending redeemer (Helios' mixed script wraps it in Constr 1). */
const actionOf = (cbor: string): UplcData => {
  const d = decode(cbor);
  assert.ok(d.kind === "constr" && d.tag === 1 && d.fields.length === 1, "a spending redeemer is Constr 1 [action]");
  return d.fields[0]!;
};

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
const bytes = (b: Uint8Array): UplcData => makeByteArrayData([...b]);
const POOL = heliosStruct("PoolDatum", "config: Config, count: Int, peaks: []ByteArray");
const BATCH = heliosStruct(
  "BatchDatum",
  "tournament_id: ByteArray, batch: Int, subtree_root: ByteArray, count: Int, pay: Int, extra: Int",
);

describe("v3 pool datum", () => {
  it("encodes the contract's PoolDatum struct, and decodes it back, at every count up to 1,024", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1024 }), (count) => {
        const seats = Array.from({ length: count }, (_, i) => seat(i % 300));
        const acc = accumulatorOf(seats.map(leafOf), PRODUCTION_TREE);
        const cbor = encodePoolDatum({ config: CONFIG, count, peaks: acc.peaks });
        const fields = [configToData(CONFIG), makeIntData(BigInt(count)), makeListData(acc.peaks.map(bytes))];
        assert.equal(cbor, hexOf(POOL(fields)));
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
  it("encodes the contract's BatchDatum struct, and decodes it back", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 15 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.integer({ min: 1, max: 64 }),
        fc.bigInt({ min: 0n, max: 45_000_000_000_000_000n }),
        fc.bigInt({ min: 0n, max: 1023n }),
        (batch, subroot, count, pay, extra) => {
          const cbor = encodeBatchDatum({ tournamentId: ID, batch, subroot, count, pay, extra });
          const ints = [batch, count].map((x) => makeIntData(BigInt(x)));
          const fields = [
            makeByteArrayData(ID),
            ints[0]!,
            bytes(subroot),
            ints[1]!,
            makeIntData(pay),
            makeIntData(extra),
          ];
          assert.equal(cbor, hexOf(BATCH(fields)));
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
  it("settle, cancel, refund and pay-batch are the blueprint's variants of those names, and decode to their action", () => {
    const seats = Array.from({ length: 100 }, (_, i) => seat(i));
    const winners = [77, 3, 50];
    const proof = buildMultiproof(seats.map(leafOf), winners, PRODUCTION_TREE);
    assert.ok(conforms(actionOf(poolSettleRedeemer(winners, proof)), variant("SpendAction", "Settle"), defs));
    assert.deepEqual(decodePoolSpendRedeemer(poolSettleRedeemer(winners, proof)), { action: "settle", winners });
    const subroots = [new Uint8Array(32).fill(1), new Uint8Array(32).fill(2)];
    for (const [how, title, other] of [
      ["cancel", "Cancel", "Refund"],
      ["refund", "Refund", "Cancel"],
    ] as const) {
      const action = actionOf(poolCloseRedeemer(how, subroots));
      assert.ok(conforms(action, variant("SpendAction", title), defs), how);
      assert.ok(!conforms(action, variant("SpendAction", other), defs), `${how} is not ${other}`);
      assert.deepEqual(decodePoolSpendRedeemer(poolCloseRedeemer(how, subroots)), { action: how, batches: 2 });
    }
    assert.ok(conforms(decode(PAY_BATCH_REDEEMER), variant("BatchAction", "PayBatch"), defs));
    assert.ok(conforms(actionOf(ADD_PARTICIPANTS_REDEEMER), variant("SpendAction", "AddParticipants"), defs));
    assert.deepEqual(decodePoolSpendRedeemer(ADD_PARTICIPANTS_REDEEMER), { action: "add" });
    assert.equal(decodePoolSpendRedeemer(PAY_BATCH_REDEEMER), null);
    assert.equal(decodePoolSpendRedeemer("d87a9fd87b9f9f1904d2ff80ffff"), null, "a winner beyond seat 1,023");
  });
});
