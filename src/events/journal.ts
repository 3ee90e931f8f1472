// The event service's position on a followed chain (docs/events-design.md §3, §6): the journal of
// the last ROLLBACK_DEPTH blocks it derived events from, newest first, each with its point and
// what a tx.rolled_back of its transactions needs (their ids, the addresses they touched, the end
// of their validity interval). It is saved with the events of each step, in one store transaction
// (EventStore.append's position), so a restart resumes after the last block recorded and can still
// roll back the blocks before it.
//
// A position saved before the journal (the devnet follower's of issue #24's first commit:
// { seq, txHash, blockHash, blockHeight }) is read as a journal of one block: its last transaction
// only (the others of that block are not known), its cursor carrying that transaction's id so
// that the devnet follower can tell whether its history still holds it.
import type { BlockPoint, FollowedTx } from "./follower.js";
import { touchedAddresses } from "./block-events.js";

/**
 * The deepest rollback the service turns into events, counted by slot. On a real chain a slot has
 * one block at most; the devnet's follower may read one slot's transactions as several blocks (it
 * reads faster than the slot), and a devnet rollback counts slots (POST /devnet/rollback), so the
 * journal keeps every block of its last ROLLBACK_DEPTH + 1 slots: the block before the deepest
 * rollback is still held, and that rollback is a backward to it, not to null (which a follower
 * answers when none is held: the chain replaced, followed again from its start).
 */
export const ROLLBACK_DEPTH = 100;

/** The most blocks the journal holds whatever their slots (a position saved with each step stays small). */
export const JOURNAL_MAX_BLOCKS = 1_000;

/** A transaction of a journaled block: what its tx.rolled_back (and tx.expired after it) is made of. */
export interface JournalTx {
  readonly txHash: string;
  readonly addresses: readonly string[];
  readonly invalidHereafter: number | null;
}

export interface JournalBlock {
  readonly point: BlockPoint;
  readonly txs: readonly JournalTx[];
}

/** The journal, newest block first, at most ROLLBACK_DEPTH blocks. */
export type Journal = readonly JournalBlock[];

/** The journal with `block` (a forward block's point and transactions) at its head, its oldest beyond the depth dropped. */
export function journalWith(journal: Journal, point: BlockPoint, txs: readonly FollowedTx[]): Journal {
  const block: JournalBlock = {
    point,
    txs: txs.map((tx) => ({
      txHash: tx.txHash,
      addresses: touchedAddresses(tx),
      invalidHereafter: tx.invalidHereafter,
    })),
  };
  const blocks = [block, ...journal];
  const slots = new Set<number>();
  let kept = 0;
  while (kept < blocks.length && kept < JOURNAL_MAX_BLOCKS) {
    const slot = blocks[kept]!.point.slot;
    if (!slots.has(slot) && slots.size === ROLLBACK_DEPTH + 1) break;
    slots.add(slot);
    kept++;
  }
  return blocks.slice(0, kept);
}

/**
 * The blocks after `to` (newest first: the ones a rollback to `to` undoes) and the journal cut
 * back to `to`. `to` null: every block. A `to` the journal does not hold is answered as null (a
 * follower reports a rollback deeper than the journal as backward to null).
 */
export function cutTo(journal: Journal, to: BlockPoint | null): { undone: JournalBlock[]; kept: Journal } {
  const at = to === null ? -1 : journal.findIndex((b) => b.point.hash === to.hash && b.point.height === to.height);
  return at < 0 ? { undone: [...journal], kept: [] } : { undone: journal.slice(0, at), kept: journal.slice(at) };
}

/** The journal's points, newest first: what a follower's `next` is given. */
export const pointsOf = (journal: Journal): BlockPoint[] => journal.map((b) => b.point);

/** The most pending transactions the service tracks for tx.expired (the oldest goes first beyond it). */
export const PENDING_MAX = 10_000;

/**
 * The position saved in the event store: the journal, and the pending transactions (submitted
 * through the instance or rolled back, not confirmed since), oldest first, whose tx.expired the
 * service still owes.
 */
export interface SavedPosition {
  readonly journal: Journal;
  readonly pending: readonly JournalTx[];
}

export const encodePosition = (position: SavedPosition): string => JSON.stringify({ version: 2, ...position });

/** The position saved as `text`; an empty journal for none or for one it cannot read (then `unreadable` says why). */
export function decodePosition(text: string | null): SavedPosition & { readonly unreadable?: string } {
  if (text === null) return { journal: [], pending: [] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { journal: [], pending: [], unreadable: "not JSON" };
  }
  if (isObject(json) && json["version"] === 2 && Array.isArray(json["journal"]))
    return {
      journal: json["journal"] as JournalBlock[],
      pending: Array.isArray(json["pending"]) ? (json["pending"] as JournalTx[]) : [],
    };
  if (
    isObject(json) &&
    typeof json["seq"] === "number" &&
    typeof json["blockHash"] === "string" &&
    typeof json["blockHeight"] === "number"
  ) {
    const { seq, txHash, blockHash, blockHeight } = json as {
      seq: number;
      txHash: string | null;
      blockHash: string;
      blockHeight: number;
    };
    if (seq === 0 || txHash === null) return { journal: [], pending: [] };
    return {
      pending: [],
      journal: [
        {
          point: { slot: 0, hash: blockHash, height: blockHeight, cursor: `${seq}:${txHash}` },
          txs: [{ txHash, addresses: [], invalidHereafter: null }],
        },
      ],
    };
  }
  return { journal: [], pending: [], unreadable: "neither a journal nor a position of the first devnet follower" };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
