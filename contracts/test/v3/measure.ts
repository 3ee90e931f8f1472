// Measures v3's seat tree (contracts/V3-DESIGN.md §3.1, §9 commit 4) at the production shape
// (1,024 seats, batches of 64): its functions one by one with Helios' evaluator under the devnet's
// Plutus V2 cost model, each compiled optimized and unoptimized and checked against
// src/tournament/seat-tree.ts (§10 item 6: the optimizer once broke a recursion), and each broken
// multiproof refused both ways. The whole contract's figures on the devnet's ledger (fill, settle,
// closes and batches at 1,024 and 1,000) are the bench's: bench/tournament-v3.ts.
// Run: node --import tsx contracts/test/v3/measure.ts
import assert from "node:assert/strict";
import { makeIntData, makeListData } from "@helios-lang/uplc";
import { addressToData } from "../../../src/tournament/datum.js";
import {
  accumulatorOf,
  appendLeaf,
  buildMultiproof,
  leafOf,
  rootOf,
  subtreeRoot,
  type Hash,
  type ProofOp,
} from "../../../src/tournament/seat-tree.js";
import { MAX_TX_MEM, MAX_TX_STEPS } from "../helpers.js";
import {
  bytesData,
  bytesOf,
  evaluate,
  hex,
  intsData,
  isTrue,
  listBytes,
  opsData,
  testingPrograms,
  type Evaluated,
} from "./helios.js";
// The deterministic inputs, shared with budget.test.ts.
import { randomBaseAddress as baseAddress, randomWinners, worstWinners } from "./attack-world.js";

const pct = (x: number, of: bigint | number): string => `${((100 * x) / Number(of)).toFixed(1)} %`;

// ---------------------------------------------------------------- Helios

interface Row {
  readonly what: string;
  readonly mem: bigint;
  readonly cpu: bigint;
}

function unitChecks(seats: readonly string[], leaves: readonly Hash[]): Row[] {
  const rows: Row[] = [];
  const both = (label: string, results: Evaluated[], check: (e: Evaluated) => void): void => {
    results.forEach(check);
    rows.push({ what: `${label} (unoptimized)`, mem: results[0]!.mem, cpu: results[0]!.cpu });
    rows.push({ what: `${label} (optimized)`, mem: results[1]!.mem, cpu: results[1]!.cpu });
  };

  const leafFn = testingPrograms("a: Address) -> ByteArray", "leaf(a)", "leaf");
  for (const s of seats.slice(0, 20)) {
    const results = leafFn.map((p) => evaluate(p, [addressToData(s)]));
    both("leaf of a base address", results, (e) => assert.equal(bytesOf(e.value), hex(leafOf(s))));
  }

  const rootFn = testingPrograms("count: Int, peaks: []ByteArray) -> ByteArray", "root_of(count, peaks)", "root_of");
  for (const count of [0, 1, 2, 3, 63, 64, 65, 511, 1000, 1023, 1024]) {
    const acc = accumulatorOf(leaves.slice(0, count));
    const results = rootFn.map((p) =>
      evaluate(p, [makeIntData(BigInt(count)), makeListData(acc.peaks.map(bytesData))]),
    );
    both(`root from the peaks, count ${count}`, results, (e) => assert.equal(bytesOf(e.value), hex(rootOf(acc))));
  }

  const appendFn = testingPrograms(
    "count: Int, peaks: []ByteArray, x: ByteArray) -> []ByteArray",
    "append_leaf(count, peaks, x)",
    "append_leaf",
  );
  for (const count of [0, 1, 2, 3, 7, 62, 63, 500, 1023]) {
    const acc = accumulatorOf(leaves.slice(0, count));
    const next = appendLeaf(acc, leaves[count]!);
    const results = appendFn.map((p) =>
      evaluate(p, [makeIntData(BigInt(count)), makeListData(acc.peaks.map(bytesData)), bytesData(leaves[count]!)]),
    );
    both(`append one leaf at count ${count}`, results, (e) =>
      assert.deepEqual(listBytes(e.value), next.peaks.map(hex)),
    );
  }

  const proofFn = testingPrograms(
    "ops: []Data, seats: []Int, leaves: []ByteArray, root: ByteArray) -> Bool",
    "verify_multiproof(ops, seats, leaves, root)",
    "verify_multiproof",
  );
  const root = rootOf(accumulatorOf(leaves));
  const cases: [string, number[]][] = [
    ["multiproof, 32 of 1,024 spread (160 hashes)", worstWinners()],
    ["multiproof, 32 random of 1,024", randomWinners(1024, 32)],
    ["multiproof, 3 random of 1,024", randomWinners(1024, 3)],
    ["multiproof, 1 of 1,024", [777]],
  ];
  for (const [label, winners] of cases) {
    const ops = buildMultiproof(leaves, winners);
    const args = (o: readonly ProofOp[], w: readonly number[], l: readonly Hash[]) => [
      opsData(o),
      intsData(w),
      makeListData(l.map(bytesData)),
      bytesData(root),
    ];
    const wl = winners.map((s) => leaves[s]!);
    const hashes = ops.filter((op) => typeof op !== "number").length;
    both(
      `${label}: ${hashes} hashes, ${ops.length} ops`,
      proofFn.map((p) => evaluate(p, args(ops, winners, wl))),
      (e) => assert.ok(isTrue(e.value), `${label}: ${e.error}`),
    );
    // Refusals, both ways: a proof hash flipped, a winner's seat off by one, a leaf pushed twice.
    const at = ops.findIndex((op) => typeof op !== "number");
    const flipped = ops.map((op, i) => (i === at ? Uint8Array.from(op as Hash, (b, j) => (j === 0 ? b ^ 1 : b)) : op));
    const offByOne = winners.map((s, k) => (k === 0 ? (s + 1) % 1024 : s));
    const firstPush = ops.findIndex((op) => op === 0);
    const twice = ops.map((op, i) => (i === firstPush && winners.length > 1 ? 1 : op));
    for (const [o, w] of [
      [flipped, winners],
      [ops, offByOne],
      [twice, winners],
    ] as const) {
      if (o === twice && winners.length === 1) continue;
      for (const p of proofFn) {
        const e = evaluate(p, args(o, w, wl));
        assert.ok(!isTrue(e.value), `${label}: a broken proof passed`);
      }
    }
  }

  const batchFn = testingPrograms("leaves: []ByteArray) -> ByteArray", "subtree_root(leaves)", "subtree_root");
  for (const n of [1, 2, 33, 63, 64]) {
    const batch = leaves.slice(0, n);
    both(
      `batch subtree root, ${n} seats`,
      batchFn.map((p) => evaluate(p, [makeListData(batch.map(bytesData))])),
      (e) => assert.equal(bytesOf(e.value), hex(subtreeRoot(batch, 6))),
    );
  }
  return rows;
}

// ---------------------------------------------------------------- report

const seats = Array.from({ length: 1024 }, baseAddress);
const leaves = seats.map(leafOf);
const started = Date.now();
const rows = unitChecks(seats, leaves);
const shown = new Set<string>();
console.log("Seat tree functions, Helios evaluator, devnet Plutus V2 cost model (checked against seat-tree.ts):");
for (const r of rows) {
  if (shown.has(r.what)) continue;
  shown.add(r.what);
  const mem = `${r.mem.toString().padStart(9)} (${pct(Number(r.mem), MAX_TX_MEM).padStart(6)})`;
  const steps = `${r.cpu.toString().padStart(11)} (${pct(Number(r.cpu), MAX_TX_STEPS).padStart(6)})`;
  console.log(`  ${r.what.padEnd(72)} mem ${mem}  steps ${steps}`);
}
console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
