// The devnet's follower (docs/events-design.md §3): a ChainFollower (src/events/follower.ts) over
// the transactions the devnet accepted, in order (DevnetChain.acceptedAfter, as the read model's
// index reads them: src/devnet-index/), grouped into blocks. The service derives the events.
//
// Blocks: the devnet has none (one per slot, by convention, for the Blockfrost-compatible API). Here
// a block is a run of transactions accepted at the same slot, read together: its height counts the
// blocks from 1, its hash is blake2b-256 of the previous block's hash, its slot and its
// transactions' ids, so a different history (or the same transactions again at a later slot, after
// a rollback) gives different hashes. A transaction accepted at a slot whose block was already read
// (the follower is faster than the slot) starts a new block at the same slot. A block's cursor is
// the number (devnet_txs.seq) of its last transaction.
//
// The service holds the blocks it read (its journal); each `next` first checks that the devnet's
// history still holds the newest of them (its rows read again give its hash), walking back to the
// newest one it does hold: the blocks after it were rolled back (POST /devnet/rollback) or the
// history was replaced (a reset, a snapshot restored: backward to null, then the new history from
// its start).
import { blake2b256, fromHex } from "../cardano/tx-cbor.js";
import { consumedByOf, type ChainPort } from "../chain/port.js";
import type { HistorySource } from "../devnet-index/history.js";
import { readTx } from "../devnet-index/transactions.js";
import type { BlockPoint, ChainFollower, FollowedTx, FollowUpdate } from "./follower.js";

type AcceptedRow = ReturnType<HistorySource["acceptedAfter"]>[number];

/** The part of the devnet the follower reads (DevnetChain has it): its history, and the outputs a transaction spent. */
export type DevnetHistory = Pick<HistorySource, "acceptedAfter" | "txHashAt"> &
  Pick<ChainPort, "backendName" | "consumedBy"> & {
    /** The transactions a rollback dropped (DevnetChain.droppedBetween); a devnet without rollbacks has none. */
    droppedBetween?(from: number, through: number): string[];
  };

/** The name of the devnet follower's position in the event store. */
export const DEVNET_FOLLOWER = "devnet";

/** The hash before the first block. */
export const GENESIS_BLOCK_HASH = "00".repeat(32);

/** Transactions read per step: what one store transaction of events covers at most. */
export const FOLLOW_BATCH = 200;

/** Between two looks at the devnet for transactions it accepted (a submit through the service nudges it at once). */
export const FOLLOW_POLL_MS = 200;

/** The hash of the block after `previous` made at `slot` holding `txHashes`, in order. */
export function blockHashOf(previous: string, slot: number, txHashes: readonly string[]): string {
  return blake2b256(fromHex(previous + slot.toString(16).padStart(16, "0") + txHashes.join("")));
}

/** Where a block ends in the history: its cursor, `<seq>` (or `<seq>:<txHash>` from a position saved before the journal). */
function cursorOf(point: BlockPoint): { seq: number; txHash: string | null } | null {
  const match = /^(\d{1,15})(?::([0-9a-f]{64}))?$/.exec(point.cursor ?? "");
  return match === null ? null : { seq: Number(match[1]), txHash: match[2] ?? null };
}

export class DevnetFollower implements ChainFollower {
  readonly name = DEVNET_FOLLOWER;
  readonly #history: DevnetHistory;

  constructor(history: DevnetHistory) {
    this.#history = history;
  }

  async next(known: readonly BlockPoint[], max: number): Promise<FollowUpdate[]> {
    const held = this.#newestHeld(known);
    if (held > 0) {
      const to = known[held]!;
      return [{ type: "backward", to, dropped: this.#dropped(cursorOf(to)!.seq, Number.MAX_SAFE_INTEGER) }];
    }
    const updates: FollowUpdate[] = [];
    const newest = known[0];
    let at = newest === undefined ? 0 : cursorOf(newest)!.seq;
    if (newest !== undefined && held < 0) {
      // None held: the history was replaced (a reset, a snapshot restored). Its blocks are followed
      // from its start, continuing the height and hash chain (a height never repeats in the log).
      updates.push({ type: "backward", to: null, dropped: this.#dropped(0, Number.MAX_SAFE_INTEGER) });
      at = 0;
    }
    let hash = newest?.hash ?? GENESIS_BLOCK_HASH;
    let height = newest?.height ?? 0;
    for (const rows of blocksOf(this.#history.acceptedAfter(at, FOLLOW_BATCH)).slice(0, Math.max(1, max))) {
      const slot = rows[0]!.slot;
      hash = blockHashOf(
        hash,
        slot,
        rows.map((r) => r.txHash),
      );
      height++;
      const last = rows[rows.length - 1]!.seq;
      const block: BlockPoint = { slot, hash, height, cursor: String(last) };
      const txs = await Promise.all(rows.map((row) => this.#followed(row)));
      // Dropped before this block's transactions were accepted (after those of the block before it).
      const dropped = this.#dropped(at, last - 1);
      updates.push(dropped.length > 0 ? { type: "forward", block, txs, dropped } : { type: "forward", block, txs });
      at = last;
    }
    return updates;
  }

  wait(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, FOLLOW_POLL_MS);
      signal.addEventListener("abort", done, { once: true });
    });
  }

  #dropped(from: number, through: number): string[] {
    return this.#history.droppedBetween?.(from, through) ?? [];
  }

  /** The index in `known` of the newest block the history still holds; -1 for none. */
  #newestHeld(known: readonly BlockPoint[]): number {
    for (let i = 0; i < known.length; i++) if (this.#holds(known[i]!, known[i + 1])) return i;
    return -1;
  }

  /**
   * Whether the history holds `block`, `previous` the block before it when the service holds it:
   * its rows, read again, give its hash. Without the block before it (the oldest of the journal),
   * its last row must be there, at its slot (or be its transaction, for a position saved before
   * the journal).
   */
  #holds(block: BlockPoint, previous: BlockPoint | undefined): boolean {
    const end = cursorOf(block);
    if (end === null) return false;
    const start = previous === undefined ? (block.height === 1 ? 0 : null) : cursorOf(previous)?.seq;
    if (start === undefined) return false;
    if (start === null) {
      const last = this.#history.acceptedAfter(end.seq - 1, 1)[0];
      if (last === undefined || last.seq !== end.seq) return false;
      return end.txHash !== null ? last.txHash === end.txHash : last.slot === block.slot;
    }
    if (end.seq <= start) return false;
    // Numbers are not contiguous (a rollback's rows leave gaps): the block's rows are those up to its
    // cursor, among the first end - start after the block before it (numbers only grow).
    const rows = this.#history
      .acceptedAfter(start, Math.min(FOLLOW_BATCH, end.seq - start))
      .filter((r) => r.seq <= end.seq);
    if (rows.length === 0 || rows[rows.length - 1]!.seq !== end.seq) return false;
    if (rows.some((r) => r.slot !== block.slot)) return false;
    const previousHash = previous?.hash ?? GENESIS_BLOCK_HASH;
    return (
      blockHashOf(
        previousHash,
        block.slot,
        rows.map((r) => r.txHash),
      ) === block.hash
    );
  }

  async #followed(row: AcceptedRow): Promise<FollowedTx> {
    const tx = row.cbor === null ? null : readTx(row.cbor);
    return {
      txHash: row.txHash,
      valid: tx?.valid ?? true,
      created: tx === null ? [] : tx.outputs(row.txHash),
      spent: tx?.valid ? await spentBy(this.#history, row.txHash) : [],
      invalidHereafter: tx?.invalidHereafter ?? null,
    };
  }
}

/** Runs of rows accepted at the same slot, in order. */
function blocksOf(rows: readonly AcceptedRow[]): AcceptedRow[][] {
  const blocks: AcceptedRow[][] = [];
  for (const row of rows) {
    const current = blocks[blocks.length - 1];
    if (current !== undefined && current[0]!.slot === row.slot) current.push(row);
    else blocks.push([row]);
  }
  return blocks;
}

/** The outputs the transaction spent, as the devnet kept them; none when it no longer knows them (spent before it kept spent outputs). */
async function spentBy(history: DevnetHistory, txHash: string): Promise<FollowedTx["spent"]> {
  try {
    return await consumedByOf(history, txHash);
  } catch {
    return [];
  }
}
