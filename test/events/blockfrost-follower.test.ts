// The Blockfrost follower (src/events/blockfrost-follower.ts) through the fake Blockfrost over a
// live ledger: from the tip, the blocks after it read forward (blocks/{hash}/next), each with its
// transactions from their CBOR, what they created and, for a watched address, what they spent
// (addresses/{a}/transactions, then txs/{h}/utxos); a fork of the ledger's last blocks (backward
// to the common ancestor found by height, then the new blocks); a restart from the blocks held; a
// fork deeper than those (backward to null). Its requests are counted.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../src/chain/protocol-params.js";
import { BlockfrostClient } from "../../src/chain/blockfrost/client.js";
import { BlockfrostBackend } from "../../src/chain/blockfrost/index.js";
import { BlockfrostFollower } from "../../src/events/blockfrost-follower.js";
import { FakeBlockfrost } from "../support/fakes/blockfrost.js";
import { LiveLedger } from "../support/fakes/live-ledger.js";
import { FollowJournal, followUntil } from "../support/fakes/follow-journal.js";
import { buildPayment, newEnterpriseWallet, type TestWallet } from "../support/wallets.js";

let ledger: LiveLedger;
let fake: FakeBlockfrost;
let backend: BlockfrostBackend;
let alice: TestWallet;
let bob: TestWallet;

before(async () => {
  ledger = await LiveLedger.create();
  fake = await FakeBlockfrost.start({ ledger });
  backend = new BlockfrostBackend({ network: "preprod", projectId: "test", baseUrl: fake.apiUrl });
  [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
});
after(async () => {
  await backend.close();
  await fake.close();
  await ledger.close();
});

function follower(watched: ReadonlySet<string>): BlockfrostFollower {
  return new BlockfrostFollower({
    client: new BlockfrostClient({ baseUrl: fake.apiUrl, projectId: "test", requestTimeoutMs: 5_000 }),
    watched: () => watched,
    consumedBy: (txHash) => backend.consumedBy(txHash),
    pollMs: 200,
  });
}

const ref = (u: { input: { txHash: string; outputIndex: number } }) => `${u.input.txHash}#${u.input.outputIndex}`;
/** A value without its undefined fields (the ledger's UTxOs carry some, the wire's have none). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
/** The paths (after /api/v0, without the query) of the fake's requests from `from` on. */
const paths = (from: number) => fake.requests.slice(from).map((r) => r.path.replace(/^\/api\/v0/, "").split("?")[0]!);

describe("the Blockfrost follower", () => {
  const journal = new FollowJournal();
  let first: BlockfrostFollower;
  let funding: string;
  let payment: string;

  it("follows from the tip: each block once, in order, with its transactions, what they created and what they spent of a watched address", async () => {
    first = follower(new Set([alice.address]));
    const from = fake.requests.length;
    const [tip] = await first.next([], 10, new AbortController().signal);
    assert.ok(tip?.type === "forward");
    const { slot } = await ledger.tip();
    assert.ok(
      tip.block.slot <= slot && tip.block.hash === ledger.blockHash(tip.block.slot),
      "the tip is the first block",
    );
    journal.apply([tip]);
    // The fake's latest block can still gain transactions while its slot lasts: the payments come after it.
    while ((await ledger.tip()).slot <= tip.block.slot) await new Promise((resolve) => setTimeout(resolve, 100));
    funding = await ledger.fund(alice.address, 20_000_000n);
    const utxos = await ledger.devnet.utxosAt(alice.address);
    payment = await ledger.submit(
      await alice.sign(await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, utxos, bob.address, 5_000_000n)),
    );
    const calls = await followUntil(first, journal, () => journal.blockOf(payment) !== undefined);

    const forwards = journal.forwards;
    for (const [i, update] of forwards.entries()) {
      assert.equal(update.block.hash, ledger.blockHash(update.block.slot));
      if (i > 0) assert.equal(update.block.height, forwards[i - 1]!.block.height + 1);
    }
    assert.equal(journal.updates.filter((u) => u.type === "backward").length, 0);
    const funded = ledger.record(funding)!;
    const paid = ledger.record(payment)!;
    assert.deepEqual(
      journal.blockOf(funding)!.txs.map((t) => t.txHash),
      [...ledger.records()].filter((r) => r.slot === funded.slot).map((r) => r.hash),
    );
    const fundingTx = journal.tx(funding)!;
    assert.equal(fundingTx.valid, true);
    assert.deepEqual(plain(fundingTx.created), plain(funded.outputs));
    assert.deepEqual(fundingTx.spent, [], "the faucet's address is not watched");
    const paymentTx = journal.tx(payment)!;
    assert.deepEqual(plain(paymentTx.created), plain(paid.outputs));
    assert.deepEqual(paymentTx.spent.map(ref), paid.inputs.map(ref));
    assert.deepEqual(paymentTx.spent, plain(paid.inputs));
    assert.equal(paymentTx.invalidHereafter, paid.invalidHereafter ?? null);

    // Bounded: per call one latest and one next page; a txs/cbor page per block with
    // transactions; the address's transactions once per batch with transactions; a txs/utxos for
    // each transaction touching it (the funding and the payment), none for others.
    const asked = paths(from);
    const count = (pattern: RegExp) => asked.filter((p) => pattern.test(p)).length;
    assert.equal(count(/^\/blocks\/latest$/), calls + 1);
    assert.ok(count(/^\/blocks\/[0-9a-f]{64}\/next$/) <= calls);
    const withTxs = forwards.filter((u) => u.txs.length > 0).length;
    assert.equal(count(/^\/blocks\/[0-9a-f]{64}\/txs\/cbor$/), withTxs);
    assert.ok(count(/^\/addresses\/[^/]+\/transactions$/) <= withTxs);
    assert.equal(count(/^\/txs\/[0-9a-f]{64}\/utxos$/), new Set([funding, payment]).size);
    assert.equal(
      asked.length,
      count(/^\/blocks\/latest$/) +
        count(/^\/blocks\/[0-9a-f]{64}\/next$/) +
        count(/^\/blocks\/[0-9a-f]{64}\/txs\/cbor$/) +
        count(/^\/addresses\/[^/]+\/transactions$/) +
        count(/^\/txs\/[0-9a-f]{64}\/utxos$/),
      `no other request: ${asked.join(" ")}`,
    );
  });

  it("a fork of the last blocks: backward to the common ancestor, then the new blocks, the transactions again in them", async () => {
    const paid = ledger.record(payment)!;
    const { slot: tip } = await ledger.tip();
    await followUntil(first, journal, () => journal.known[0]!.slot >= tip);
    const oldHashes = new Map(journal.known.map((b) => [b.slot, b.hash]));
    const fork = await ledger.fork((await ledger.tip()).slot - paid.slot + 1);
    assert.equal(fork.ancestor, paid.slot - 1);
    const from = journal.updates.length;
    const requests = fake.requests.length;
    await followUntil(first, journal, () => journal.known[0]!.slot > fork.tip);

    const after = journal.updates.slice(from);
    assert.equal(after[0]!.type, "backward");
    const to = after[0]!;
    assert.ok(to.type === "backward" && to.to !== null);
    assert.equal(to.to.slot, fork.ancestor);
    assert.equal(to.to.hash, oldHashes.get(fork.ancestor));
    // The ancestor is found by bisection over the held blocks, by height.
    const byHeight = paths(requests).filter((p) => /^\/blocks\/\d+$/.test(p)).length;
    assert.ok(byHeight <= Math.ceil(Math.log2(journal.depth)) + 1, `${byHeight} blocks read by height`);
    const replayed = after.slice(1).filter((u) => u.type === "forward");
    assert.equal(replayed[0]!.block.slot, fork.ancestor + 1);
    for (const update of replayed) {
      assert.equal(update.block.hash, ledger.blockHash(update.block.slot));
      if (update.block.slot <= fork.tip) assert.notEqual(update.block.hash, oldHashes.get(update.block.slot));
    }
    const again = replayed.find((u) => u.txs.some((t) => t.txHash === payment));
    assert.ok(again, "the payment is in the fork's block of its slot");
    assert.equal(again.block.slot, paid.slot);
    assert.deepEqual(again.txs.find((t) => t.txHash === payment)!.spent, plain(paid.inputs));
  });

  it("restarted with the blocks held: resumes after the newest, without a repeat", async () => {
    const held = journal.known;
    while ((await ledger.tip()).slot <= held[0]!.slot + 1) await new Promise((resolve) => setTimeout(resolve, 100));
    const resumed = new FollowJournal();
    resumed.known = [...held];
    await followUntil(follower(new Set([alice.address])), resumed, () => resumed.forwards.length >= 2);
    assert.equal(resumed.updates.filter((u) => u.type === "backward").length, 0);
    assert.equal(resumed.forwards[0]!.block.height, held[0]!.height + 1);
  });

  it("a Blockfrost instance behind (the newest held block unknown to it, yet at its height): nothing new, no rollback", async () => {
    const behind = follower(new Set());
    const held = new FollowJournal();
    await followUntil(behind, held, () => held.known.length >= 2);
    while ((await ledger.tip()).slot <= held.known[0]!.slot) await new Promise((resolve) => setTimeout(resolve, 100));
    let missing = 1;
    fake.answer("GET", /^\/blocks\/[0-9a-f]{64}\/next$/, () =>
      missing-- > 0 ? { status: 404, body: { status_code: 404, error: "Not Found", message: "gone" } } : undefined,
    );
    const from = fake.requests.length;
    assert.deepEqual(await behind.next(held.known, 50, new AbortController().signal), []);
    assert.deepEqual(paths(from).slice(1), [`/blocks/${held.known[0]!.hash}/next`, `/blocks/${held.known[0]!.height}`]);
    const newest = held.known[0]!.slot;
    await followUntil(behind, held, () => held.known[0]!.slot > newest);
    assert.equal(held.updates.filter((u) => u.type === "backward").length, 0);
  });

  it("a failing page of a block's transactions: the call fails and gives nothing; the next one reads the block whole", async () => {
    const failing = follower(new Set([alice.address]));
    const held = new FollowJournal();
    await followUntil(failing, held, () => held.known.length >= 1);
    while ((await ledger.tip()).slot <= held.known[0]!.slot) await new Promise((resolve) => setTimeout(resolve, 100));
    let failures = 1;
    fake.answer("GET", /^\/blocks\/[0-9a-f]{64}\/txs\/cbor$/, () =>
      failures-- > 0
        ? { status: 500, body: { status_code: 500, error: "Internal Server Error", message: "down" } }
        : undefined,
    );
    const utxos = await ledger.devnet.utxosAt(alice.address);
    const again = await ledger.submit(
      await alice.sign(await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, utxos, bob.address, 2_000_000n)),
    );
    while ((await ledger.tip()).slot <= ledger.record(again)!.slot)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const before = held.known;
    await assert.rejects(failing.next(held.known, 50, new AbortController().signal), /Blockfrost answered 500/);
    assert.equal(held.known, before);
    await followUntil(failing, held, () => held.blockOf(again) !== undefined);
    assert.deepEqual(held.tx(again)!.spent, plain(ledger.record(again)!.inputs));
  });

  it("a fork deeper than the blocks held: backward to null, then from the tip again", async () => {
    const shallow = new FollowJournal(3);
    const third = follower(new Set());
    await followUntil(third, shallow, () => shallow.known.length === 3);
    const fork = await ledger.fork(10);
    await followUntil(third, shallow, () => shallow.updates.some((u) => u.type === "backward"));
    assert.deepEqual(
      shallow.updates.find((u) => u.type === "backward"),
      { type: "backward", to: null },
    );
    await followUntil(third, shallow, () => shallow.known.length > 0);
    assert.ok(shallow.known[0]!.slot >= fork.tip, "followed from the tip again");
  });
});
