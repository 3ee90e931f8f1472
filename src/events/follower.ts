// What a backend's chain follower gives the event service (docs/events-design.md §3): blocks in
// chain order, and rollbacks to a block the service's log already holds. One interface for the
// devnet (its accepted history), Ogmios (chain synchronisation) and Blockfrost (block hashes
// compared): the service derives the same events from each (src/events/service.ts), and keeps the
// journal of recent blocks a rollback needs (which transactions left the chain).
import type { UTxO } from "../cardano/types.js";
import type { NewEvent } from "./types.js";

/** A block on the followed chain. */
export interface BlockPoint {
  readonly slot: number;
  /** Hex, 64 characters. */
  readonly hash: string;
  readonly height: number;
  /**
   * What the follower needs to find this block again after a restart, opaque to the service
   * (the devnet: the number of the block's last transaction in its history). Absent when the
   * hash is enough (Ogmios, Blockfrost).
   */
  readonly cursor?: string;
}

/** A transaction of a followed block: what its events are derived from. */
export interface FollowedTx {
  readonly txHash: string;
  /** Whether its scripts passed (phase 2): a failed one spent its collateral and created its collateral return. */
  readonly valid: boolean;
  /** The outputs it created, in order. */
  readonly created: readonly UTxO[];
  /**
   * The outputs it spent, where the follower knows them: on the devnet every one; on a real
   * network those at the addresses the service watches (the follower is told which).
   */
  readonly spent: readonly UTxO[];
  /** The end of its validity interval (the first slot it is no longer valid at), if it has one. */
  readonly invalidHereafter: number | null;
}

export type FollowUpdate =
  | {
      readonly type: "forward";
      readonly block: BlockPoint;
      readonly txs: readonly FollowedTx[];
      /**
       * Optional: transactions the follower knows the chain will never include (the devnet drops
       * the rolled-back ones it cannot apply again): a pending one of them expires now.
       */
      readonly dropped?: readonly string[];
    }
  /**
   * The chain switched to a fork: every block after `to` left it (`to` null: every block the
   * service holds). `to` is always one of the blocks the service said it holds.
   */
  | {
      readonly type: "backward";
      readonly to: BlockPoint | null;
      /** Optional: as a forward's `dropped`, known when the rollback is (the devnet's POST /devnet/rollback). */
      readonly dropped?: readonly string[];
    };

export interface ChainFollower {
  /** The name of its position in the event store ("devnet", "ogmios", "blockfrost"). */
  readonly name: string;
  /**
   * The updates after the blocks the service holds, `known` (newest first, its journal: at most
   * the rollback depth; empty: follow from the tip, or the devnet's first transaction), at most
   * `max` forward blocks; an empty list when nothing is new. A rollback to a block older than the
   * oldest of `known` is reported as backward to null.
   */
  next(known: readonly BlockPoint[], max: number, signal: AbortSignal): Promise<FollowUpdate[]>;
  /** Resolves when there may be something new (a devnet submit, a poll interval), or when `signal` aborts. */
  wait(signal: AbortSignal): Promise<void>;
}

/**
 * Derives more events from each block, after its transaction and address events (the tournament
 * events: src/events/tournament-events.ts), and is told of rollbacks so that it can derive again.
 */
export interface BlockEventSource {
  eventsOf(block: BlockPoint, txs: readonly FollowedTx[]): Promise<NewEvent[]>;
  rolledBack(to: BlockPoint | null): void;
  /**
   * The addresses whose spent outputs it needs on a real network (the tournaments' contracts),
   * where a follower resolves spent outputs only for watched addresses (src/events/watched.ts).
   */
  watchedAddresses?(): Iterable<string>;
}
