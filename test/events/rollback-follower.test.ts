// The devnet's ChainFollower (src/events/devnet-follower.ts) on a real devnet ledger, its clock
// driven by the test: blocks (runs of one slot) with cursors and chained hashes; after
// DevnetChain.rollback, a backward to the newest block still held with the dropped transactions,
// then the transactions applied again in a block with a new hash; a journal none of whose blocks
// the devnet holds (a replaced history) is a backward to null, followed from the start with the
// heights going on.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { DevnetChain } from "../../src/chain/devnet/devnet.js";
import { blockHashOf, DevnetFollower, GENESIS_BLOCK_HASH } from "../../src/events/devnet-follower.js";
import type { BlockPoint, FollowUpdate } from "../../src/events/follower.js";
import { newEnterpriseWallet } from "../support/wallets.js";

type Forward = Extract<FollowUpdate, { type: "forward" }>;
const forwards = (updates: readonly FollowUpdate[]) => updates.filter((u): u is Forward => u.type === "forward");
/** The journal the service would hold after `updates`, newest first. */
const heldAfter = (known: readonly BlockPoint[], updates: readonly FollowUpdate[]) =>
  [...forwards(updates).map((u) => u.block)].reverse().concat(known);

describe("DevnetFollower on a real devnet", () => {
  let now = Date.UTC(2026, 0, 1);
  let devnet: DevnetChain;
  let address: string;

  before(async () => {
    devnet = await DevnetChain.create({ path: ":memory:", now: () => now, genesisStartMs: now - 1_000 });
    address = (await newEnterpriseWallet()).address;
  });
  after(async () => {
    await devnet?.close();
  });

  /** A faucet payment at the next slot. */
  const payAtNextSlot = async (lovelace: bigint): Promise<string> => {
    now += 1_000;
    return devnet.faucet(address, lovelace);
  };

  it("forward blocks, a rollback told as backward to the newest block held, the transactions again in a block with a new hash", async () => {
    const follower = new DevnetFollower(devnet);
    const [one, two] = [await payAtNextSlot(5_000_000n), await payAtNextSlot(6_000_000n)];
    const first = await follower.next([], 100);
    assert.deepEqual(
      forwards(first).map((u) => u.txs.map((t) => t.txHash)),
      [[one], [two]],
    );
    const [b1, b2] = forwards(first).map((u) => u.block) as [BlockPoint, BlockPoint];
    assert.equal(b1.hash, blockHashOf(GENESIS_BLOCK_HASH, b1.slot, [one]));
    assert.equal(b2.hash, blockHashOf(b1.hash, b2.slot, [two]));
    assert.deepEqual([b1.height, b2.height], [1, 2]);
    let known = heldAfter([], first);
    assert.deepEqual(await follower.next(known, 100), [], "nothing new");

    const done = await devnet.rollback(1);
    assert.deepEqual(done.reapplied, [two]);
    const back = await follower.next(known, 100);
    assert.deepEqual(back, [{ type: "backward", to: b1, dropped: [] }]);
    known = [b1];
    const again = forwards(await follower.next(known, 100));
    assert.equal(again.length, 1);
    assert.deepEqual(
      again[0]!.txs.map((t) => t.txHash),
      [two],
    );
    assert.equal(again[0]!.block.height, 2);
    assert.equal(again[0]!.block.slot, done.slot);
    assert.notEqual(again[0]!.block.hash, b2.hash, "the same transaction at a later slot: a new block hash");
    assert.equal(again[0]!.block.hash, blockHashOf(b1.hash, done.slot, [two]));
  });

  it("a journal the devnet holds none of (a replaced history): backward to null, then its blocks from the start, heights going on", async () => {
    const follower = new DevnetFollower(devnet);
    const stranger: BlockPoint = { slot: 1, hash: "ab".repeat(32), height: 40, cursor: "999" };
    const updates = await follower.next([stranger], 100);
    assert.deepEqual(updates[0], { type: "backward", to: null, dropped: [] });
    const blocks = forwards(updates).map((u) => u.block);
    assert.ok(blocks.length >= 2);
    assert.deepEqual(
      blocks.map((b) => b.height),
      blocks.map((_, i) => 41 + i),
    );
    assert.equal(
      blocks[0]!.hash,
      blockHashOf(
        stranger.hash,
        blocks[0]!.slot,
        forwards(updates)[0]!.txs.map((t) => t.txHash),
      ),
    );
  });
});
