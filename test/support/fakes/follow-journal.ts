// What the event service keeps of a follower's blocks (its journal: newest first, at most a depth),
// for tests that drive a ChainFollower directly: each update is applied as the service applies it,
// and one that does not fit (a backward to a block not held, a forward not after the newest) fails
// the test at once.
import assert from "node:assert/strict";
import type { BlockPoint, ChainFollower, FollowedTx, FollowUpdate } from "../../../src/events/follower.js";

export class FollowJournal {
  /** The blocks held, newest first. */
  known: BlockPoint[] = [];
  /** Every update applied, in order. */
  readonly updates: FollowUpdate[] = [];
  /** The transactions of each forward block, by block hash (the latest delivery). */
  readonly txs = new Map<string, readonly FollowedTx[]>();

  constructor(readonly depth = 2_160) {}

  apply(updates: readonly FollowUpdate[]): void {
    for (const update of updates) {
      this.updates.push(update);
      if (update.type === "forward") {
        const newest = this.known[0];
        if (newest !== undefined)
          assert.ok(
            update.block.height > newest.height && update.block.slot > newest.slot,
            `block ${update.block.height} at slot ${update.block.slot} does not follow the newest held, ${newest.height} at ${newest.slot}`,
          );
        this.known = [update.block, ...this.known].slice(0, this.depth);
        this.txs.set(update.block.hash, update.txs);
        continue;
      }
      if (update.to === null) {
        this.known = [];
        continue;
      }
      const at = this.known.findIndex((b) => b.hash === update.to!.hash);
      assert.ok(at >= 0, `a rollback to ${update.to.hash}, which is not held`);
      assert.deepEqual(this.known[at], update.to);
      this.known = this.known.slice(at);
    }
  }

  /** The forward updates applied, in order. */
  get forwards(): (FollowUpdate & { type: "forward" })[] {
    return this.updates.filter((u) => u.type === "forward") as (FollowUpdate & { type: "forward" })[];
  }

  /** The forward update of the block holding `txHash`, the latest one. */
  blockOf(txHash: string): (FollowUpdate & { type: "forward" }) | undefined {
    return this.forwards.findLast((u) => u.txs.some((t) => t.txHash === txHash));
  }

  /** The followed transaction `txHash`, from its latest block. */
  tx(txHash: string): FollowedTx | undefined {
    return this.blockOf(txHash)?.txs.find((t) => t.txHash === txHash);
  }
}

/**
 * Calls next() and wait() as the service does, applying each answer to `journal`, until `done`
 * holds; fails after `calls` calls (a bound on the work, not a timing).
 */
export async function followUntil(
  follower: ChainFollower,
  journal: FollowJournal,
  done: () => boolean | Promise<boolean>,
  options: { max?: number; calls?: number } = {},
): Promise<number> {
  const signal = new AbortController().signal;
  const { max = 50, calls = 400 } = options;
  for (let call = 1; call <= calls; call++) {
    journal.apply(await follower.next(journal.known, max, signal));
    if (await done()) return call;
    await follower.wait(signal);
  }
  assert.fail(`not done after ${calls} calls of next(); the journal holds ${journal.known.length} blocks`);
}
