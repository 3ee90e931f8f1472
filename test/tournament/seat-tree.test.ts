// The v3 seat tree off chain (contracts/V3-DESIGN.md §5.1): fixed vectors computed here by hand
// from blake2b, and properties of the accumulator, the batch roots and the postfix multiproof.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { shelleyAddress } from "../../src/cardano/credential-address.js";
import { blake2b256Bytes } from "../../src/cardano/hash.js";
import {
  accumulatorOf,
  appendLeaf,
  appendLeaves,
  batchRoots,
  buildMultiproof,
  EMPTY_ACCUMULATOR,
  JOIN,
  leafOf,
  popcount,
  rootOf,
  rootOfBatchRoots,
  subtreeRoot,
  verifyMultiproof,
  zeroHashes,
  type Accumulator,
  type Hash,
  type ProofOp,
  type TreeShape,
} from "../../src/tournament/seat-tree.js";

const SMALL: TreeShape = { depth: 4, batchHeight: 1 };
const MID: TreeShape = { depth: 7, batchHeight: 3 };
const hex = (h: Hash): string => Buffer.from(h).toString("hex");
const h256 = (...parts: Uint8Array[]): Hash => blake2b256Bytes(Buffer.concat(parts));
const leafN = (n: number): Hash => h256(Buffer.from([n >> 8, n & 0xff]));
const leavesN = (n: number): Hash[] => Array.from({ length: n }, (_, i) => leafN(i));
const flip = (h: Hash, at: number, mask: number): Hash => {
  const copy = Uint8Array.from(h);
  copy[at % copy.length]! ^= mask;
  return copy;
};

/** The root of a tree of `depth` over `leaves`, the obvious way: pad to 2^depth with zeros, hash pairwise. */
function naiveRoot(leaves: readonly Hash[], depth: number): Hash {
  let row: Hash[] = [...leaves];
  while (row.length < 2 ** depth) row.push(new Uint8Array(32));
  for (let h = 0; h < depth; h++) {
    const next: Hash[] = [];
    for (let i = 0; i < row.length; i += 2) next.push(h256(row[i]!, row[i + 1]!));
    row = next;
  }
  return row[0]!;
}

/** A tree of `shape`, its seat count and a set of distinct winner seats in random placement order. */
const treeWithWinners = (shape: TreeShape, maxWinners: number) =>
  fc.integer({ min: 1, max: 2 ** shape.depth }).chain((count) =>
    fc.record({
      count: fc.constant(count),
      winners: fc.shuffledSubarray(
        Array.from({ length: count }, (_, i) => i),
        { minLength: 1, maxLength: Math.min(maxWinners, count) },
      ),
    }),
  );

function proofCase(shape: TreeShape, count: number, winners: readonly number[]) {
  const leaves = leavesN(count);
  const root = rootOf(accumulatorOf(leaves, shape), shape);
  const ops = buildMultiproof(leaves, winners, shape);
  const winnerLeaves = winners.map((s) => leaves[s]!);
  return { leaves, root, ops, winnerLeaves };
}

describe("seat tree: fixed vectors", () => {
  it("Z[h] is the root of an empty subtree: Z[0] = 32 zero bytes, Z[1] = blake2b(Z[0] ‖ Z[0])", () => {
    const z = zeroHashes(10);
    assert.equal(hex(z[0]!), "00".repeat(32));
    assert.equal(hex(z[1]!), hex(h256(new Uint8Array(64))));
    assert.equal(hex(z[2]!), hex(h256(z[1]!, z[1]!)));
    assert.equal(z.length, 11);
  });

  it("a tree of 3 seats, depth 2: the peaks and the root by hand", () => {
    const [a, b, c] = [leafN(0), leafN(1), leafN(2)];
    const z0 = new Uint8Array(32);
    const ab = h256(a, b);
    const acc = accumulatorOf([a, b, c], { depth: 2, batchHeight: 1 });
    assert.equal(acc.count, 3);
    assert.deepEqual(acc.peaks.map(hex), [hex(c), hex(ab)]);
    assert.equal(hex(rootOf(acc, { depth: 2, batchHeight: 1 })), hex(h256(ab, h256(c, z0))));
    // At depth 10 the same three seats climb 8 more levels beside empty subtrees.
    let expected = h256(ab, h256(c, z0));
    let z = h256(h256(z0, z0), h256(z0, z0));
    for (let h = 2; h < 10; h++) {
      expected = h256(expected, z);
      z = h256(z, z);
    }
    assert.equal(hex(rootOf(accumulatorOf([a, b, c]))), hex(expected));
  });

  it("the multiproof of seats 0 and 2 of 3 (depth 2): push 0, sibling b, push 1, sibling Z[0], join", () => {
    const shape = { depth: 2, batchHeight: 1 };
    const leaves = [leafN(0), leafN(1), leafN(2)];
    const ops = buildMultiproof(leaves, [2, 0], shape);
    assert.deepEqual(
      ops.map((op) => (typeof op === "number" ? op : hex(op))),
      [1, hex(leaves[1]!), 0, "00".repeat(32), JOIN],
    );
    const root = rootOf(accumulatorOf(leaves, shape), shape);
    assert.ok(verifyMultiproof(root, 3, [2, 0], [leaves[2]!, leaves[0]!], ops, shape));
  });

  it("a seat's leaf is blake2b-256 of its address's Plutus data CBOR (Constr 0 [Constr 0 [key hash], Constr 0 [Constr 0 [Constr 0 [stake hash]]]])", () => {
    const pay = "11".repeat(28);
    const stake = "22".repeat(28);
    const base = shelleyAddress({ hash: pay, isScript: false }, { hash: stake, isScript: false }, 0);
    // Helios writes a non-empty constr's fields as an indefinite list (9f … ff), as the Plutus
    // builtin serialiseData does; constr 0 is tag 121 (d8 79).
    const cred = (h: string) => `d8799f581c${h}ff`;
    const data = `d8799f${cred(pay)}d8799fd8799f${cred(stake)}ffffff`;
    assert.equal(hex(leafOf(base)), hex(h256(Buffer.from(data, "hex"))));
    const enterprise = shelleyAddress({ hash: pay, isScript: false }, undefined, 0);
    assert.equal(hex(leafOf(enterprise)), hex(h256(Buffer.from(`d8799f${cred(pay)}d87a80ff`, "hex"))));
  });

  it("a full tree's root is its one peak; an empty tree's is Z[depth]", () => {
    const leaves = leavesN(16);
    const acc = accumulatorOf(leaves, SMALL);
    assert.equal(acc.peaks.length, 1);
    assert.equal(hex(rootOf(acc, SMALL)), hex(naiveRoot(leaves, 4)));
    assert.equal(hex(rootOf(EMPTY_ACCUMULATOR, SMALL)), hex(zeroHashes(4)[4]!));
    assert.throws(() => appendLeaf(acc, leafN(16), SMALL), /holds 0\.\.16 seats, not 17/);
  });

  it("the builder refuses a seat outside the tree and a seat holding two placements", () => {
    assert.throws(() => buildMultiproof(leavesN(5), [5], SMALL), /seat 5 is not one of the 5 seats/);
    assert.throws(() => buildMultiproof(leavesN(5), [1, 3, 1], SMALL), /seat 1 holds two placements/);
    assert.deepEqual(buildMultiproof(leavesN(5), [], SMALL), []);
  });

  it("the worst case at 1,024: 32 winners in 32 distinct subtrees of 32 seats take 160 proof hashes, 223 operations", () => {
    const winners = Array.from({ length: 32 }, (_, k) => 32 * ((k * 7) % 32) + ((k * 13) % 32));
    const { root, ops, winnerLeaves } = proofCase({ depth: 10, batchHeight: 6 }, 1024, winners);
    assert.equal(ops.filter((op) => typeof op !== "number").length, 160);
    assert.equal(ops.length, 223);
    assert.ok(verifyMultiproof(root, 1024, winners, winnerLeaves, ops));
  });
});

describe("seat tree: properties", () => {
  it("the peaks of n leaves appended one at a time equal those of one batch append, from any start", () => {
    fc.assert(
      fc.property(fc.nat(2 ** MID.depth), fc.nat(2 ** MID.depth), (a, b) => {
        const before = Math.min(a, b);
        const total = Math.max(a, b);
        const leaves = leavesN(total);
        let one: Accumulator = EMPTY_ACCUMULATOR;
        for (const leaf of leaves.slice(0, before)) one = appendLeaf(one, leaf, MID);
        const start = one;
        for (const leaf of leaves.slice(before)) one = appendLeaf(one, leaf, MID);
        const batch = appendLeaves(start, leaves.slice(before), MID);
        assert.equal(batch.count, total);
        assert.equal(batch.peaks.length, popcount(total));
        assert.deepEqual(batch.peaks.map(hex), one.peaks.map(hex));
        assert.equal(hex(rootOf(batch, MID)), hex(naiveRoot(leaves, MID.depth)));
      }),
      { numRuns: 60 },
    );
  });

  it("the batches' subtree roots combine to the root", () => {
    fc.assert(
      fc.property(fc.nat(2 ** MID.depth), (n) => {
        const leaves = leavesN(n);
        const roots = batchRoots(leaves, MID);
        assert.equal(roots.length, Math.ceil(n / 2 ** MID.batchHeight));
        roots.forEach((r, j) => {
          const batch = leaves.slice(j * 8, j * 8 + 8);
          assert.equal(hex(r), hex(naiveRoot(batch, MID.batchHeight)));
          assert.equal(hex(subtreeRoot(batch, MID.batchHeight)), hex(r));
        });
        assert.equal(hex(rootOfBatchRoots(roots, MID)), hex(rootOf(accumulatorOf(leaves, MID), MID)));
      }),
      { numRuns: 60 },
    );
  });

  it("a proof built for any set of seats verifies against the root", () => {
    for (const shape of [SMALL, MID]) {
      fc.assert(
        fc.property(treeWithWinners(shape, 32), ({ count, winners }) => {
          const { root, ops, winnerLeaves } = proofCase(shape, count, winners);
          assert.ok(verifyMultiproof(root, count, winners, winnerLeaves, ops, shape));
          // Leaves are pushed in seat order, each once.
          const pushed = ops.filter((op): op is number => typeof op === "number" && op >= 0).map((k) => winners[k]!);
          assert.deepEqual(
            pushed,
            [...winners].sort((x, y) => x - y),
          );
        }),
        { numRuns: 80 },
      );
    }
  });

  it("any flipped byte of a leaf or of a proof hash fails", () => {
    fc.assert(
      fc.property(
        treeWithWinners(SMALL, 6),
        fc.nat(),
        fc.nat(31),
        fc.integer({ min: 1, max: 255 }),
        (t, pick, at, mask) => {
          const { root, ops, winnerLeaves } = proofCase(SMALL, t.count, t.winners);
          const k = pick % winnerLeaves.length;
          const badLeaves = winnerLeaves.map((l, i) => (i === k ? flip(l, at, mask) : l));
          assert.equal(verifyMultiproof(root, t.count, t.winners, badLeaves, ops, SMALL), false);
          const hashes = ops.flatMap((op, i) => (typeof op === "number" ? [] : [i]));
          if (hashes.length > 0) {
            const i = hashes[pick % hashes.length]!;
            const badOps = ops.map((op, j) => (j === i ? flip(op as Hash, at, mask) : op));
            assert.equal(verifyMultiproof(root, t.count, t.winners, winnerLeaves, badOps, SMALL), false);
          }
          assert.equal(verifyMultiproof(flip(root, at, mask), t.count, t.winners, winnerLeaves, ops, SMALL), false);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("any changed, dropped, repeated or added operation fails", () => {
    const mutations = (ops: readonly ProofOp[], winners: number, i: number, v: number): ProofOp[][] => {
      const op = ops[i]!;
      const changed: ProofOp =
        typeof op !== "number"
          ? JOIN
          : op === JOIN
            ? new Uint8Array(32)
            : (op + 1 + (v % Math.max(1, winners))) % (winners + 1);
      return [
        ops.map((o, j) => (j === i ? changed : o)),
        ops.filter((_, j) => j !== i),
        [...ops.slice(0, i + 1), op, ...ops.slice(i + 1)],
        [...ops, v % 2 === 0 ? JOIN : zeroHashes(0)[0]!],
        [...ops.slice(0, i), v % (winners + 1), ...ops.slice(i)],
      ];
    };
    fc.assert(
      fc.property(treeWithWinners(SMALL, 6), fc.nat(), fc.nat(), (t, pick, v) => {
        const { root, ops, winnerLeaves } = proofCase(SMALL, t.count, t.winners);
        for (const bad of mutations(ops, t.winners.length, pick % ops.length, v)) {
          assert.equal(
            verifyMultiproof(root, t.count, t.winners, winnerLeaves, bad, SMALL),
            false,
            JSON.stringify(bad),
          );
        }
      }),
      { numRuns: 150 },
    );
  });

  it("a winner's seat off by one, repeated, negative or beyond the count fails", () => {
    fc.assert(
      fc.property(treeWithWinners(SMALL, 6), fc.nat(), (t, pick) => {
        const { leaves, root, ops, winnerLeaves } = proofCase(SMALL, t.count, t.winners);
        const k = pick % t.winners.length;
        const seat = t.winners[k]!;
        const others = [seat + 1, seat - 1, -1, t.count, t.winners[(k + 1) % t.winners.length]!].filter(
          (s) => s !== seat,
        );
        for (const other of others) {
          const winners = t.winners.map((s, i) => (i === k ? other : s));
          // Even with the other seat's own leaf where it has one.
          const ls = winnerLeaves.map((l, i) => (i === k ? (leaves[other] ?? l) : l));
          assert.equal(verifyMultiproof(root, t.count, winners, ls, ops, SMALL), false);
        }
      }),
      { numRuns: 150 },
    );
  });
});
