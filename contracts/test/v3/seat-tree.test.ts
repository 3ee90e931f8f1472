// v3's on-chain seat tree (contracts/src/seat_tree.hl) against its twin off chain
// (src/tournament/seat-tree.ts), each function compiled optimized and unoptimized (V3-DESIGN §10
// item 6: the optimizer once broke a recursion that returned a tuple). The tree is the small-tree
// build (depth 4, batches of 4) set by changeParam, so that fast-check covers every count and
// shape quickly; measure.ts runs the production depth (1,024 seats) the same way.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { makeIntData, makeListData } from "@helios-lang/uplc";
import fc from "fast-check";
import { shelleyAddress } from "../../../src/cardano/credential-address.js";
import { addressToData } from "../../../src/tournament/datum.js";
import {
  accumulatorOf,
  appendLeaf,
  batchRoots,
  buildMultiproof,
  leafOf,
  rootOf,
  rootOfBatchRoots,
  subtreeRoot,
  type Hash,
  type ProofOp,
  type TreeShape,
} from "../../../src/tournament/seat-tree.js";
import {
  bytesData,
  bytesOf,
  evaluate,
  hex,
  intsData,
  isTrue,
  listBytes,
  opsData,
  shapeParams,
  testingPrograms,
} from "./helios.js";

const SMALL: TreeShape = { depth: 4, batchHeight: 2 };
const params = shapeParams(SMALL);
const leafN = (n: number): Hash =>
  leafOf(shelleyAddress({ hash: (n + 16).toString(16).repeat(28), isScript: false }, undefined, 0));
const LEAVES = Array.from({ length: 16 }, (_, i) => leafN(i));
const peaksData = (count: number) => makeListData(accumulatorOf(LEAVES.slice(0, count), SMALL).peaks.map(bytesData));
const BOTH = ["unoptimized", "optimized"] as const;

describe("v3 seat_tree.hl = src/tournament/seat-tree.ts, optimized and unoptimized", () => {
  it("leaf: blake2b-256 of the address's serialised data, for base and enterprise addresses", () => {
    const programs = testingPrograms("a: Address) -> ByteArray", "leaf(a)", "leaf", params);
    const hash = fc.uint8Array({ minLength: 28, maxLength: 28 }).map((b) => Buffer.from(b).toString("hex"));
    fc.assert(
      fc.property(hash, fc.option(hash), (pay, stake) => {
        const address = shelleyAddress(
          { hash: pay, isScript: false },
          stake === null ? undefined : { hash: stake, isScript: false },
          0,
        );
        programs.forEach((p, i) =>
          assert.equal(bytesOf(evaluate(p, [addressToData(address)]).value), hex(leafOf(address)), BOTH[i]),
        );
      }),
      { numRuns: 8 },
    );
  });

  it("root_of and append_leaf, at every count of the small tree", () => {
    const root = testingPrograms(
      "count: Int, peaks: []ByteArray) -> ByteArray",
      "root_of(count, peaks)",
      "root_of",
      params,
    );
    const append = testingPrograms(
      "count: Int, peaks: []ByteArray, x: ByteArray) -> []ByteArray",
      "append_leaf(count, peaks, x)",
      "append_leaf",
      params,
    );
    for (let count = 0; count <= 16; count++) {
      const acc = accumulatorOf(LEAVES.slice(0, count), SMALL);
      root.forEach((p, i) =>
        assert.equal(
          bytesOf(evaluate(p, [makeIntData(BigInt(count)), peaksData(count)]).value),
          hex(rootOf(acc, SMALL)),
          `${BOTH[i]} ${count}`,
        ),
      );
      if (count === 16) continue;
      const next = appendLeaf(acc, LEAVES[count]!, SMALL);
      append.forEach((p, i) =>
        assert.deepEqual(
          listBytes(evaluate(p, [makeIntData(BigInt(count)), peaksData(count), bytesData(LEAVES[count]!)]).value),
          next.peaks.map(hex),
          `${BOTH[i]} ${count}`,
        ),
      );
    }
  });

  it("verify_multiproof accepts every proof the builder makes and refuses a flipped hash, a moved seat, a repeated push", () => {
    const programs = testingPrograms(
      "ops: []Data, seats: []Int, leaves: []ByteArray, root: ByteArray) -> Bool",
      "verify_multiproof(ops, seats, leaves, root)",
      "verify_multiproof",
      params,
    );
    const tree = fc.integer({ min: 1, max: 16 }).chain((count) =>
      fc.record({
        count: fc.constant(count),
        winners: fc.shuffledSubarray(
          Array.from({ length: count }, (_, i) => i),
          { minLength: 1, maxLength: count },
        ),
        pick: fc.nat(),
      }),
    );
    fc.assert(
      fc.property(tree, ({ count, winners, pick }) => {
        const leaves = LEAVES.slice(0, count);
        const root = rootOf(accumulatorOf(leaves, SMALL), SMALL);
        const ops = buildMultiproof(leaves, winners, SMALL);
        const winnerLeaves = winners.map((s) => leaves[s]!);
        const verdict = (o: readonly ProofOp[], w: readonly number[]) =>
          programs.map((p) =>
            isTrue(
              evaluate(p, [opsData(o), intsData(w), makeListData(winnerLeaves.map(bytesData)), bytesData(root)]).value,
            ),
          );
        assert.deepEqual(verdict(ops, winners), [true, true]);
        const hashes = ops.flatMap((op, i) => (typeof op === "number" ? [] : [i]));
        if (hashes.length > 0) {
          const at = hashes[pick % hashes.length]!;
          const flipped = ops.map((op, i) =>
            i === at ? Uint8Array.from(op as Hash, (b, j) => (j === pick % 32 ? b ^ 0x80 : b)) : op,
          );
          assert.deepEqual(verdict(flipped, winners), [false, false]);
        }
        const k = pick % winners.length;
        const moved = winners.map((s, i) => (i === k ? (s + 1) % 16 : s));
        assert.deepEqual(verdict(ops, moved), [false, false]);
        if (winners.length > 1) {
          const pushes = ops.flatMap((op, i) => (typeof op === "number" && op >= 0 ? [i] : []));
          const repeated = ops.map((op, i) => (i === pushes[1] ? ops[pushes[0]!]! : op));
          assert.deepEqual(verdict(repeated, winners), [false, false]);
        }
      }),
      { numRuns: 10 },
    );
  });

  it("subtree_root of a batch of 1..4 seats", () => {
    const programs = testingPrograms(
      "leaves: []ByteArray) -> ByteArray",
      "subtree_root(leaves)",
      "subtree_root",
      params,
    );
    for (let n = 1; n <= 4; n++) {
      const batch = LEAVES.slice(4, 4 + n);
      programs.forEach((p, i) =>
        assert.equal(
          bytesOf(evaluate(p, [makeListData(batch.map(bytesData))]).value),
          hex(subtreeRoot(batch, 2)),
          `${BOTH[i]} ${n}`,
        ),
      );
    }
  });

  it("root_of_batches of 1..4 batch roots (the close's check) and leaf_of_data", () => {
    const programs = testingPrograms(
      "roots: []ByteArray) -> ByteArray",
      "root_of_batches(roots)",
      "root_of_batches",
      params,
    );
    for (let n = 1; n <= 16; n++) {
      const roots = batchRoots(LEAVES.slice(0, n), SMALL);
      const root = rootOf(accumulatorOf(LEAVES.slice(0, n), SMALL), SMALL);
      assert.equal(hex(rootOfBatchRoots(roots, SMALL)), hex(root));
      programs.forEach((p, i) =>
        assert.equal(bytesOf(evaluate(p, [makeListData(roots.map(bytesData))]).value), hex(root), `${BOTH[i]} ${n}`),
      );
    }
    const leafData = testingPrograms("d: Data) -> ByteArray", "leaf_of_data(d)", "leaf_of_data", params);
    const address = shelleyAddress(
      { hash: "12".repeat(28), isScript: false },
      { hash: "34".repeat(28), isScript: false },
      0,
    );
    leafData.forEach((p, i) =>
      assert.equal(bytesOf(evaluate(p, [addressToData(address)]).value), hex(leafOf(address)), BOTH[i]),
    );
  });
});
