// What a real network's events are recorded for (src/events/watched.ts, ./chain-step.ts): the
// watch set counts its holders, and a step with a relevance keeps the pending and the relevant
// transactions only, each with its relevant outputs, in its events and in the journal (so a
// rollback rolls back only what was recorded), while the sources see every transaction.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { UTxO } from "../../src/cardano/types.js";
import { stepOf } from "../../src/events/chain-step.js";
import type { BlockEventSource, BlockPoint, FollowedTx } from "../../src/events/follower.js";
import { WatchSet } from "../../src/events/watched.js";

const hash = (n: number) => n.toString(16).padStart(64, "0");
const block = (height: number): BlockPoint => ({ slot: height * 10, hash: hash(1000 + height), height });
const WATCHED = "addr_test1vqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq";
const OTHER = "addr_test1vzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz";

const output = (n: number, index: number, address: string): UTxO => ({
  input: { txHash: hash(n), outputIndex: index },
  output: { address, amount: [{ unit: "lovelace", quantity: String(1_000_000 * (index + 1)) }] },
});
/** Transaction n paying each of `to`, spending `spent`. */
const tx = (n: number, to: string[], spent: UTxO[] = []): FollowedTx => ({
  txHash: hash(n),
  valid: true,
  created: to.map((address, i) => output(n, i, address)),
  spent,
  invalidHereafter: null,
});

describe("the watch set", () => {
  it("counts each address and transaction id by its holders, and forgets it with the last", () => {
    const set = new WatchSet();
    const one = set.watch({ addresses: [WATCHED, WATCHED], txHashes: [hash(1).toUpperCase()] });
    const two = set.watch({ addresses: [WATCHED] });
    assert.ok(set.hasAddress(WATCHED) && set.hasTx(hash(1)));
    one();
    one(); // a second release changes nothing
    assert.ok(set.hasAddress(WATCHED), "still held by the second");
    assert.ok(!set.hasTx(hash(1)));
    two();
    assert.ok(!set.hasAddress(WATCHED));
    assert.deepEqual([...set.addresses()], []);
  });
});

describe("a step with a relevance (a real network)", () => {
  const relevance = { txHash: (h: string) => h === hash(3), address: (a: string) => a === WATCHED };
  const pending = [{ txHash: hash(4), addresses: [OTHER], invalidHereafter: null }];
  const seen: string[][] = [];
  const source: BlockEventSource = {
    async eventsOf(_block, txs) {
      seen.push(txs.map((t) => t.txHash));
      return [];
    },
    rolledBack() {},
  };
  const txs = [
    tx(1, [OTHER]), // nobody's: no event
    tx(2, [OTHER, WATCHED], [output(9, 0, OTHER)]), // pays a watched address
    tx(3, [OTHER]), // a watched id
    tx(4, [OTHER]), // pending: submitted through this instance
  ];

  it("records the relevant and the pending transactions, their outputs at relevant addresses only", async () => {
    const step = await stepOf([], pending, [{ type: "forward", block: block(1), txs }], [source], relevance);
    assert.deepEqual(
      step.events.map((e) => [e.type, e.point.txHash, e.addresses]),
      [
        ["tx.confirmed", hash(2), [WATCHED]],
        ["address.received", hash(2), [WATCHED]],
        ["tx.confirmed", hash(3), []],
        ["tx.confirmed", hash(4), []],
      ],
    );
    assert.deepEqual(seen.at(-1), [1, 2, 3, 4].map(hash), "the sources see every transaction");
    assert.equal(step.pending.size, 0, "the pending one is confirmed");
    assert.deepEqual(
      step.journal[0]!.txs.map((t) => t.txHash),
      [2, 3, 4].map(hash),
    );
    // A rollback then rolls back what was recorded, not the rest of the block.
    const back = await stepOf(step.journal, [], [{ type: "backward", to: null }], [source], relevance);
    assert.deepEqual(
      back.events.map((e) => [e.type, e.point.txHash]),
      [4, 3, 2].map((n) => ["tx.rolled_back", hash(n)]),
    );
  });

  it("without a relevance (the devnet) records every transaction and output", async () => {
    const step = await stepOf([], [], [{ type: "forward", block: block(1), txs }], [source]);
    assert.equal(step.events.filter((e) => e.type === "tx.confirmed").length, 4);
    assert.equal(step.events.filter((e) => e.type === "address.received").length, 5);
    assert.equal(step.events.filter((e) => e.type === "address.spent").length, 1);
  });
});
