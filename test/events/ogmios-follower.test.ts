// The Ogmios follower (src/events/ogmios-follower.ts) through the fake Ogmios and Kupo over a live
// ledger: chain synchronisation from the tip, the transactions of each block with what they
// created and, for a watched address, what they spent (from Kupo); a fork of the ledger's last
// blocks (a rollback to the common ancestor, then the new blocks); a restart from the blocks
// held; a fork deeper than those (backward to null). Its requests are counted.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../src/chain/protocol-params.js";
import { KupoClient } from "../../src/chain/ogmios-kupo/kupo.js";
import { intersectionPoints, OgmiosFollower } from "../../src/events/ogmios-follower.js";
import type { BlockPoint } from "../../src/events/follower.js";
import { FakeOgmiosKupo } from "../support/fakes/ogmios-kupo.js";
import { LiveLedger } from "../support/fakes/live-ledger.js";
import { FollowJournal, followUntil } from "../support/fakes/follow-journal.js";
import { buildPayment, newEnterpriseWallet, type TestWallet } from "../support/wallets.js";

let ledger: LiveLedger;
let fake: FakeOgmiosKupo;
let alice: TestWallet;
let bob: TestWallet;
const followers: OgmiosFollower[] = [];

before(async () => {
  ledger = await LiveLedger.create();
  fake = await FakeOgmiosKupo.start({ ledger, network: "preprod" });
  [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
});
after(async () => {
  for (const follower of followers) await follower.close();
  await fake.close();
  await ledger.close();
});

function follower(watched: ReadonlySet<string>): OgmiosFollower {
  const made = new OgmiosFollower({
    ogmiosUrl: fake.ogmiosUrl,
    network: "preprod",
    kupo: new KupoClient(fake.kupoUrl, 5_000),
    watched: () => watched,
    retryMs: 100,
  });
  followers.push(made);
  return made;
}

const ref = (u: { input: { txHash: string; outputIndex: number } }) => `${u.input.txHash}#${u.input.outputIndex}`;
/** A value without its undefined fields (the ledger's UTxOs carry some, the wire's have none). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const countRpc = (method: string) => fake.rpc.filter((r) => r.method === method).length;

describe("the Ogmios follower", () => {
  const journal = new FollowJournal();
  let first: OgmiosFollower;
  let funding: string;
  let payment: string;

  it("follows from the tip: each block once, in order, with its transactions, what they created and what they spent of a watched address", async () => {
    first = follower(new Set([alice.address]));
    const kupoBefore = fake.kupo.requests.length;
    const { slot: tipAtStart } = await ledger.tip();
    assert.deepEqual(await first.next([], 10, new AbortController().signal), []);
    // From the tip: no replay of the chain's history (the ledger's transactions before now).
    funding = await ledger.fund(alice.address, 20_000_000n);
    // The funding's block read first: the ledger puts the payment in a later block (a block read
    // gains no transaction), so the journal holds the block before the payment's, the common
    // ancestor of the fork below. Submitted at once, both could share a block the journal starts at.
    let calls = await followUntil(first, journal, () => journal.blockOf(funding) !== undefined);
    const utxos = await ledger.devnet.utxosAt(alice.address);
    payment = await ledger.submit(
      await alice.sign(await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, utxos, bob.address, 5_000_000n)),
    );
    calls += await followUntil(first, journal, () => journal.blockOf(payment) !== undefined);

    const forwards = journal.forwards;
    assert.ok(forwards[0]!.block.slot > tipAtStart, "the first block is after the tip at the start");
    for (const [i, update] of forwards.entries()) {
      assert.equal(update.block.hash, ledger.blockHash(update.block.slot));
      if (i > 0) assert.equal(update.block.height, forwards[i - 1]!.block.height + 1);
    }
    assert.equal(journal.updates.filter((u) => u.type === "backward").length, 0);

    const funded = ledger.record(funding)!;
    const paid = ledger.record(payment)!;
    assert.equal(journal.blockOf(funding)!.block.slot, funded.slot);
    // The block of a slot holds the transactions the ledger accepted in it, in order.
    assert.deepEqual(
      journal.blockOf(funding)!.txs.map((t) => t.txHash),
      [...ledger.records()].filter((r) => r.slot === funded.slot).map((r) => r.hash),
    );
    const fundingTx = journal.tx(funding)!;
    assert.equal(fundingTx.valid, true);
    assert.deepEqual(fundingTx.created, plain(funded.outputs));
    assert.deepEqual(fundingTx.spent, [], "the faucet's address is not watched");
    const paymentTx = journal.tx(payment)!;
    assert.deepEqual(paymentTx.created, plain(paid.outputs));
    assert.deepEqual(paymentTx.spent.map(ref), paid.inputs.filter((u) => u.output.address === alice.address).map(ref));
    assert.deepEqual(paymentTx.spent, plain(paid.inputs));
    assert.equal(paymentTx.invalidHereafter, paid.invalidHereafter ?? null);

    // Bounded: one intersection, a nextBlock per block (and the roll-back after the intersection,
    // and the one pending), and Kupo asked only about the watched address, once per batch with
    // transactions (the fake is never behind).
    assert.equal(countRpc("findIntersection"), 1);
    assert.ok(
      countRpc("nextBlock") <= forwards.length + 2,
      `${countRpc("nextBlock")} nextBlock for ${forwards.length} blocks`,
    );
    const kupo = fake.kupo.requests.slice(kupoBefore);
    assert.ok(kupo.length >= 1 && kupo.length <= calls, `${kupo.length} Kupo requests in ${calls} calls`);
    for (const request of kupo)
      assert.match(request.path, new RegExp(`^/matches/${alice.address}\\?spent&spent_after=\\d+&spent_before=\\d+`));
  });

  it("a fork of the last blocks: backward to the common ancestor, then the new blocks, the transactions again in them", async () => {
    const { slot: tip } = await ledger.tip();
    const paid = ledger.record(payment)!;
    // Wait until the journal holds the tip, then fork the blocks from the payment's on.
    await followUntil(first, journal, () => journal.known[0]!.slot >= tip);
    const oldHashes = new Map(journal.known.map((b) => [b.slot, b.hash]));
    assert.ok(
      journal.known.some((b) => b.slot === paid.slot - 1),
      "the journal holds the block before the payment's",
    );
    // After that block exactly (the ledger's tip may have moved on since the journal reached it).
    const fork = await ledger.forkAfter(paid.slot - 1);
    const from = journal.updates.length;
    await followUntil(first, journal, () => journal.known[0]!.slot > fork.tip);

    const after = journal.updates.slice(from);
    const back = after.findIndex((u) => u.type === "backward");
    assert.ok(back >= 0, "a backward update");
    const to = after[back]!;
    assert.ok(to.type === "backward" && to.to !== null);
    assert.equal(to.to.slot, fork.ancestor);
    assert.equal(to.to.hash, oldHashes.get(fork.ancestor));
    const replayed = after.slice(back + 1).filter((u) => u.type === "forward");
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
    const intersections = countRpc("findIntersection");
    const held = journal.known;
    const restarted = follower(new Set([alice.address]));
    const resumed = new FollowJournal();
    resumed.known = [...held];
    await followUntil(restarted, resumed, () => resumed.forwards.length >= 2);
    assert.equal(resumed.updates.filter((u) => u.type === "backward").length, 0);
    assert.equal(resumed.forwards[0]!.block.height, held[0]!.height + 1);
    assert.equal(countRpc("findIntersection"), intersections + 1);
    const asked = fake.rpc.filter((r) => r.method === "findIntersection").at(-1)!.params as {
      points: { slot: number; id: string }[];
    };
    assert.deepEqual(asked.points[0], { slot: held[0]!.slot, id: held[0]!.hash });
    assert.ok(asked.points.length <= 30, `${asked.points.length} points`);
  });

  it("Kupo behind Ogmios: the batch fails, naming both slots, and nothing of it is given; once Kupo catches up it is read again, whole", async () => {
    const watched = follower(new Set([alice.address]));
    const held = new FollowJournal();
    await followUntil(watched, held, () => held.known.length >= 1);
    const intersections = countRpc("findIntersection");
    fake.kupoReplies.push((url) =>
      url.pathname === `/matches/${alice.address}` && url.searchParams.has("spent")
        ? { status: 200, body: [], headers: { "x-most-recent-checkpoint": "1" } }
        : undefined,
    );
    const utxos = await ledger.devnet.utxosAt(alice.address);
    const again = await ledger.submit(
      await alice.sign(await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, utxos, bob.address, 2_000_000n)),
    );
    const signal = new AbortController().signal;
    let failure: Error | undefined;
    for (let call = 0; call < 60 && failure === undefined; call++) {
      try {
        held.apply(await watched.next(held.known, 50, signal));
        await watched.wait(signal);
      } catch (error) {
        failure = error as Error;
      }
    }
    assert.match(String(failure?.message), /^Kupo has indexed the chain up to slot 1, not yet to slot \d+/);
    assert.equal(held.blockOf(again), undefined, "no block of the failed batch was given");
    fake.kupoReplies.length = 0;
    await followUntil(watched, held, () => held.blockOf(again) !== undefined);
    assert.deepEqual(held.tx(again)!.spent, plain(ledger.record(again)!.inputs));
    assert.equal(countRpc("findIntersection"), intersections + 1, "intersected again from the blocks held");
  });

  it("a fork deeper than the blocks held: backward to null, then from the tip again", async () => {
    const shallow = new FollowJournal(3);
    const third = follower(new Set());
    await followUntil(third, shallow, () => shallow.known.length === 3);
    const fork = await ledger.fork(10);
    await followUntil(third, shallow, () => shallow.updates.some((u) => u.type === "backward"));
    const backward = shallow.updates.find((u) => u.type === "backward")!;
    assert.deepEqual(backward, { type: "backward", to: null });
    await followUntil(third, shallow, () => shallow.known.length > 0);
    assert.ok(shallow.known[0]!.slot > fork.tip, "followed from the tip again");
  });
});

describe("intersectionPoints", () => {
  const chain: BlockPoint[] = Array.from({ length: 2160 }, (_, i) => ({
    slot: 5000 - i,
    hash: i.toString(16).padStart(64, "0"),
    height: 5000 - i,
  }));

  it("the ten newest, then ever sparser, and the oldest", () => {
    const points = intersectionPoints(chain);
    assert.deepEqual(
      points.slice(0, 10).map((p) => p.height),
      chain.slice(0, 10).map((p) => p.height),
    );
    assert.equal(points.at(-1), chain.at(-1));
    assert.ok(points.length <= 25, `${points.length} points`);
    assert.deepEqual(intersectionPoints(chain.slice(0, 3)), chain.slice(0, 3));
    assert.deepEqual(intersectionPoints([]), []);
  });
});
