// The seat tree of the v3 tournament contracts (contracts/V3-DESIGN.md §5.1), off chain: the leaf
// of a seat, the append-only accumulator the pool's datum keeps (its peaks), the root, the subtree
// roots of aligned batches, and the settle multiproof in postfix form with its verifier, the
// TypeScript twin of what the validator runs. Seat s is leaf s of a binary Merkle tree of fixed
// depth (TREE_DEPTH); seats from the count on are the zero leaf. Every hash is blake2b-256.
import { blake2b256Bytes } from "../cardano/hash.js";
import { addressToData } from "./datum.js";

/** Depth of the production tree: 2^10 = 1,024 seats. */
export const TREE_DEPTH = 10;
/** Height of a batch's subtree: 2^6 = 64 seats. */
export const BATCH_HEIGHT = 6;

/** A tree's constants; the fuzzer's small-tree build uses others (depth 4, batches of 2). */
export interface TreeShape {
  readonly depth: number;
  readonly batchHeight: number;
}

export const PRODUCTION_TREE: TreeShape = { depth: TREE_DEPTH, batchHeight: BATCH_HEIGHT };

export type Hash = Uint8Array;

/** The accumulator of `count` seats: one peak per set bit of `count`, lowest height first. */
export interface Accumulator {
  readonly count: number;
  readonly peaks: readonly Hash[];
}

export const EMPTY_ACCUMULATOR: Accumulator = { count: 0, peaks: [] };

/**
 * One postfix operation of a multiproof: an integer k ≥ 0 pushes placement k's leaf, JOIN (−1)
 * joins the top two entries (siblings, left below), a hash is the top entry's sibling.
 */
export type ProofOp = number | Hash;
export const JOIN = -1;

// ---------------------------------------------------------------- hashes

/** leaf(addr) = blake2b-256(serialiseData(addr)): the bytes the validator hashes, `addr.serialize().blake2b()`. */
export function leafOf(bech32: string): Hash {
  return blake2b256Bytes(Uint8Array.from(addressToData(bech32).toCbor()));
}

/** node(l, r) = blake2b-256(l ‖ r). */
export function nodeOf(left: Hash, right: Hash): Hash {
  const both = new Uint8Array(left.length + right.length);
  both.set(left, 0);
  both.set(right, left.length);
  return blake2b256Bytes(both);
}

const zeroCache = new Map<number, readonly Hash[]>();

/** Z[0..depth]: Z[0] is 32 zero bytes, Z[h + 1] = node(Z[h], Z[h]), the root of an empty subtree of height h. */
export function zeroHashes(depth: number): readonly Hash[] {
  let zs = zeroCache.get(depth);
  if (zs === undefined) {
    const built: Hash[] = [new Uint8Array(32)];
    for (let h = 0; h < depth; h++) built.push(nodeOf(built[h]!, built[h]!));
    zs = built;
    zeroCache.set(depth, zs);
  }
  return zs;
}

const zero = (h: number): Hash => zeroHashes(h)[h]!;
const bit = (n: number, h: number): boolean => Math.floor(n / 2 ** h) % 2 === 1;

// ---------------------------------------------------------------- accumulator

function checkCount(count: number, shape: TreeShape): void {
  if (!Number.isSafeInteger(count) || count < 0 || count > 2 ** shape.depth) {
    throw new Error(`a tree of depth ${shape.depth} holds 0..${2 ** shape.depth} seats, not ${count}`);
  }
}

/**
 * Appends one leaf, as the validator does: `c = count`, `acc = leaf`; while c is odd, acc =
 * node(lowest peak, acc), that peak dropped, c halved; then acc is pushed as the lowest peak.
 */
export function appendLeaf(acc: Accumulator, leaf: Hash, shape: TreeShape = PRODUCTION_TREE): Accumulator {
  checkCount(acc.count + 1, shape);
  let c = acc.count;
  let node = leaf;
  let k = 0;
  while (c % 2 === 1) {
    const peak = acc.peaks[k];
    if (peak === undefined) throw new Error(`an accumulator of ${acc.count} seats has ${acc.peaks.length} peaks`);
    node = nodeOf(peak, node);
    k++;
    c = (c - 1) / 2;
  }
  return { count: acc.count + 1, peaks: [node, ...acc.peaks.slice(k)] };
}

/**
 * Appends many leaves at once, level by level: at height h the row of new nodes, preceded by the
 * old peak of height h when there is one, is paired; an odd last node is the new peak of height h.
 * Gives the same peaks as appending the leaves one at a time (a property test checks it).
 */
export function appendLeaves(
  acc: Accumulator,
  leaves: readonly Hash[],
  shape: TreeShape = PRODUCTION_TREE,
): Accumulator {
  const count = acc.count + leaves.length;
  checkCount(count, shape);
  if (acc.peaks.length !== popcount(acc.count)) {
    throw new Error(`an accumulator of ${acc.count} seats has ${acc.peaks.length} peaks`);
  }
  const oldPeaks = [...acc.peaks];
  const peaks: Hash[] = [];
  let row: readonly Hash[] = leaves;
  for (let h = 0; h <= shape.depth; h++) {
    const extended = bit(acc.count, h) ? [oldPeaks.shift()!, ...row] : row;
    if (bit(count, h)) peaks.push(extended[extended.length - 1]!);
    const next: Hash[] = [];
    for (let i = 0; i + 1 < extended.length; i += 2) next.push(nodeOf(extended[i]!, extended[i + 1]!));
    row = next;
  }
  return { count, peaks };
}

export function popcount(n: number): number {
  let ones = 0;
  for (let c = n; c > 0; c = Math.floor(c / 2)) ones += c % 2;
  return ones;
}

/** The accumulator of these seats' leaves. */
export function accumulatorOf(leaves: readonly Hash[], shape: TreeShape = PRODUCTION_TREE): Accumulator {
  return appendLeaves(EMPTY_ACCUMULATOR, leaves, shape);
}

/**
 * root(count, peaks): the single peak of a full tree; otherwise acc = Z[0] and, for h from 0 up,
 * acc = node(peak_h, acc) where bit h of count is set, node(acc, Z[h]) where it is not.
 */
export function rootOf(acc: Accumulator, shape: TreeShape = PRODUCTION_TREE): Hash {
  checkCount(acc.count, shape);
  if (acc.peaks.length !== popcount(acc.count)) {
    throw new Error(`an accumulator of ${acc.count} seats has ${acc.peaks.length} peaks`);
  }
  if (acc.count === 2 ** shape.depth) return acc.peaks[0]!;
  let node = zero(0);
  let k = 0;
  for (let h = 0; h < shape.depth; h++) {
    node = bit(acc.count, h) ? nodeOf(acc.peaks[k++]!, node) : nodeOf(node, zero(h));
  }
  return node;
}

// ---------------------------------------------------------------- whole trees and batches

/**
 * The root of a subtree of height `height` over `leaves` (at most 2^height; the rest are Z[0]),
 * level by level on a plain list, an odd last node paired with Z[h]: how a batch checks its seats.
 */
export function subtreeRoot(leaves: readonly Hash[], height: number): Hash {
  if (leaves.length > 2 ** height) throw new Error(`a subtree of height ${height} holds at most ${2 ** height} leaves`);
  let row: readonly Hash[] = leaves.length === 0 ? [zero(0)] : leaves;
  for (let h = 0; h < height; h++) {
    const next: Hash[] = [];
    for (let i = 0; i < row.length; i += 2) next.push(nodeOf(row[i]!, row[i + 1] ?? zero(h)));
    row = next;
  }
  return row[0]!;
}

/** The subtree roots of the aligned batches of 2^batchHeight seats that hold at least one seat. */
export function batchRoots(leaves: readonly Hash[], shape: TreeShape = PRODUCTION_TREE): Hash[] {
  checkCount(leaves.length, shape);
  const size = 2 ** shape.batchHeight;
  const roots: Hash[] = [];
  for (let first = 0; first < leaves.length; first += size) {
    roots.push(subtreeRoot(leaves.slice(first, first + size), shape.batchHeight));
  }
  return roots;
}

/** The tree's root from its batches' subtree roots, padded with Z[batchHeight]: what a close checks. */
export function rootOfBatchRoots(roots: readonly Hash[], shape: TreeShape = PRODUCTION_TREE): Hash {
  const batches = 2 ** (shape.depth - shape.batchHeight);
  if (roots.length > batches)
    throw new Error(`a tree of depth ${shape.depth} has ${batches} batches, not ${roots.length}`);
  let row: readonly Hash[] = roots.length === 0 ? [zero(shape.batchHeight)] : roots;
  for (let h = shape.batchHeight; h < shape.depth; h++) {
    const next: Hash[] = [];
    for (let i = 0; i < row.length; i += 2) next.push(nodeOf(row[i]!, row[i + 1] ?? zero(h)));
    row = next;
  }
  return row[0]!;
}

// ---------------------------------------------------------------- multiproof

/** Every node of the tree over `leaves`, by height: levels[h][i], nodes beyond the seats absent (Z[h]). */
function levelsOf(leaves: readonly Hash[], depth: number): Hash[][] {
  const levels: Hash[][] = [[...leaves]];
  for (let h = 0; h < depth; h++) {
    const row = levels[h]!;
    const next: Hash[] = [];
    for (let i = 0; i < row.length; i += 2) next.push(nodeOf(row[i]!, row[i + 1] ?? zero(h)));
    levels.push(next);
  }
  return levels;
}

/**
 * The postfix multiproof that the seats `winners` (placement order) hold their leaves in the tree
 * over `leaves`: a depth-first walk of the subtrees holding winners, left first, so the leaves are
 * pushed in seat order; a subtree with no winner gives its hash as a sibling. Throws on a seat
 * outside the tree or a seat named twice (the validator would refuse both).
 */
export function buildMultiproof(
  leaves: readonly Hash[],
  winners: readonly number[],
  shape: TreeShape = PRODUCTION_TREE,
): ProofOp[] {
  checkCount(leaves.length, shape);
  const placementOf = new Map<number, number>();
  winners.forEach((seat, k) => {
    if (!Number.isSafeInteger(seat) || seat < 0 || seat >= leaves.length) {
      throw new Error(`winner ${k}'s seat ${seat} is not one of the ${leaves.length} seats`);
    }
    if (placementOf.has(seat)) throw new Error(`seat ${seat} holds two placements`);
    placementOf.set(seat, k);
  });
  if (winners.length === 0) return [];
  const levels = levelsOf(leaves, shape.depth);
  const seats = [...placementOf.keys()].sort((a, b) => a - b);
  const ops: ProofOp[] = [];
  // Seats in [from, to) lie in the subtree of height h at index i.
  const walk = (h: number, i: number, from: number, to: number): void => {
    if (h === 0) {
      ops.push(placementOf.get(seats[from]!)!);
      return;
    }
    const middle = (2 * i + 1) * 2 ** (h - 1);
    let split = from;
    while (split < to && seats[split]! < middle) split++;
    if (split > from && split < to) {
      walk(h - 1, 2 * i, from, split);
      walk(h - 1, 2 * i + 1, split, to);
      ops.push(JOIN);
    } else if (split > from) {
      walk(h - 1, 2 * i, from, to);
      ops.push(levels[h - 1]![2 * i + 1] ?? zero(h - 1));
    } else {
      walk(h - 1, 2 * i + 1, from, to);
      ops.push(levels[h - 1]![2 * i]!);
    }
  };
  walk(shape.depth, 0, 0, seats.length);
  return ops;
}

/**
 * The validator's check of a multiproof (§5.1), on a stack of (g, hash), g the generalized index
 * (root 1, seat s at 2^depth + s): `k ≥ 0` pushes (2^depth + winners[k], leaves[k]); JOIN needs
 * (2m, ·) below (2m + 1, ·) on top and leaves (m, node); a hash p is the top's sibling, never the
 * root's. It holds when exactly as many leaves were pushed as there are winners, each winner
 * seat lies in 0..count−1, and the stack ends as [(1, root)]. No distinctness check is needed:
 * two entries at one g never join, so a leaf pushed twice or two placements at one seat leave
 * two entries on the stack.
 */
export function verifyMultiproof(
  root: Hash,
  count: number,
  winners: readonly number[],
  leaves: readonly Hash[],
  ops: readonly ProofOp[],
  shape: TreeShape = PRODUCTION_TREE,
): boolean {
  if (winners.length !== leaves.length) return false;
  if (winners.some((seat) => !Number.isSafeInteger(seat) || seat < 0 || seat >= count)) return false;
  if (winners.length === 0) return ops.length === 0;
  const first = 2 ** shape.depth;
  const stack: { g: number; hash: Hash }[] = [];
  let pushed = 0;
  for (const op of ops) {
    if (typeof op === "number") {
      if (op === JOIN) {
        const top = stack.pop();
        const below = stack.pop();
        if (top === undefined || below === undefined || below.g % 2 !== 0 || top.g !== below.g + 1) return false;
        stack.push({ g: below.g / 2, hash: nodeOf(below.hash, top.hash) });
      } else {
        const seat = winners[op];
        const leaf = leaves[op];
        if (!Number.isSafeInteger(op) || op < 0 || seat === undefined || leaf === undefined) return false;
        stack.push({ g: first + seat, hash: leaf });
        pushed++;
      }
    } else {
      const top = stack.pop();
      if (top === undefined || top.g <= 1) return false;
      const hash = top.g % 2 === 0 ? nodeOf(top.hash, op) : nodeOf(op, top.hash);
      stack.push({ g: Math.floor(top.g / 2), hash });
    }
  }
  const only = stack[0];
  return (
    pushed === winners.length &&
    stack.length === 1 &&
    only !== undefined &&
    only.g === 1 &&
    Buffer.from(only.hash).equals(Buffer.from(root))
  );
}
