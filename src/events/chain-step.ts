// What a step of a chain follower (src/events/follower.ts) adds to the log (docs/events-design.md
// §2, §6): forward blocks give their transaction and address events (./block-events.ts), then
// their sources' events; a backward update gives tx.rolled_back for each transaction of each block
// that left the chain (newest block first, its last transaction first), and those transactions
// become pending again. A pending transaction (also one submitted through the instance) is
// confirmed by a forward block holding it, or expires: when a forward block's slot reaches the end
// of its validity interval, or when the follower says the chain dropped it. No store here: the
// service records what a step answers, with the journal and the pending set after it, at once.
import { blockEvents, touchedAddresses } from "./block-events.js";
import type { BlockEventSource, BlockPoint, FollowedTx, FollowUpdate } from "./follower.js";
import { cutTo, journalWith, PENDING_MAX, type Journal, type JournalTx } from "./journal.js";
import type { ChainPoint, NewEvent } from "./types.js";
import type { Relevance } from "./watched.js";

/** The transactions whose tx.confirmed or tx.expired is still owed, oldest first, PENDING_MAX at most. */
export class PendingSet {
  readonly #txs = new Map<string, JournalTx>();

  constructor(txs: Iterable<JournalTx> = []) {
    for (const tx of txs) this.add(tx);
  }

  /** Adds (or moves to the newest) `tx`; answers the one dropped to stay within PENDING_MAX, if any. */
  add(tx: JournalTx): JournalTx | null {
    this.#txs.delete(tx.txHash);
    this.#txs.set(tx.txHash, tx);
    if (this.#txs.size <= PENDING_MAX) return null;
    const oldest = this.#txs.values().next().value!;
    this.#txs.delete(oldest.txHash);
    return oldest;
  }

  delete(txHash: string): JournalTx | undefined {
    const tx = this.#txs.get(txHash);
    this.#txs.delete(txHash);
    return tx;
  }

  has(txHash: string): boolean {
    return this.#txs.has(txHash);
  }

  get size(): number {
    return this.#txs.size;
  }

  list(): JournalTx[] {
    return [...this.#txs.values()];
  }
}

export interface StepResult {
  readonly events: NewEvent[];
  readonly journal: Journal;
  readonly pending: PendingSet;
  /** The transactions confirmed in the step (a submit recorded meanwhile is not pending for them). */
  readonly confirmed: ReadonlySet<string>;
  /** Pending transactions forgotten to stay within PENDING_MAX. */
  readonly forgotten: number;
}

/**
 * The events of `updates` from `journal` and `pending` (left unchanged), and what they become.
 * With a `relevance` (a real network: ./watched.ts), a block's transaction events, and its place in
 * the journal, go only to the transactions pending or relevant, and address events only to the
 * relevant addresses; the sources see every transaction.
 */
export async function stepOf(
  journal: Journal,
  pending: readonly JournalTx[],
  updates: readonly FollowUpdate[],
  sources: readonly BlockEventSource[],
  relevance: Relevance | null = null,
): Promise<StepResult> {
  const events: NewEvent[] = [];
  const owed = new PendingSet(pending);
  const confirmed = new Set<string>();
  let forgotten = 0;
  let held = journal;
  const expire = (tx: JournalTx, point: ChainPoint): void => {
    owed.delete(tx.txHash);
    events.push({
      type: "tx.expired",
      point: { ...point, txHash: tx.txHash },
      data: { txHash: tx.txHash, status: "expired", invalidHereafter: tx.invalidHereafter },
      addresses: tx.addresses,
      tournamentId: null,
    });
  };
  const expireDropped = (dropped: readonly string[] | undefined, point: ChainPoint): void => {
    for (const txHash of dropped ?? []) {
      const tx = owed.delete(txHash);
      if (tx !== undefined) expire(tx, point);
    }
  };
  for (const update of updates) {
    if (update.type === "forward") {
      const { block } = update;
      const txs = relevance === null ? update.txs : relevantTxs(update.txs, owed, relevance);
      const at = pointOf(block);
      expireDropped(update.dropped, at);
      for (const tx of txs) {
        owed.delete(tx.txHash);
        confirmed.add(tx.txHash);
      }
      events.push(...blockEvents(block, txs));
      for (const source of sources) events.push(...(await source.eventsOf(block, update.txs)));
      // A block at or after a pending transaction's invalidHereafter cannot hold it any more.
      for (const tx of owed.list())
        if (tx.invalidHereafter !== null && block.slot >= tx.invalidHereafter) expire(tx, at);
      held = journalWith(held, block, txs);
    } else {
      const { undone, kept } = cutTo(held, update.to);
      const to =
        update.to === null ? null : { slot: update.to.slot, blockHash: update.to.hash, blockHeight: update.to.height };
      for (const block of undone)
        for (const tx of [...block.txs].reverse()) {
          events.push({
            type: "tx.rolled_back",
            point: { ...pointOf(block.point), txHash: tx.txHash },
            data: { txHash: tx.txHash, status: "rolled_back", rolledBackTo: to },
            addresses: tx.addresses,
            tournamentId: null,
          });
          confirmed.delete(tx.txHash);
          if (owed.add(tx) !== null) forgotten++;
        }
      expireDropped(
        update.dropped,
        update.to === null ? { ...pointOf(undone[0]?.point), blockHash: null, blockHeight: null } : pointOf(update.to),
      );
      for (const source of sources) source.rolledBack(update.to);
      held = kept;
    }
  }
  return { events, journal: held, pending: owed, confirmed, forgotten };
}

/**
 * The transactions of a block that get events on a real network: those pending, or whose id or
 * an address they touch is relevant; each with only the outputs at relevant addresses (its
 * address events; its events' filter keys are then the relevant addresses: no other is watched).
 */
function relevantTxs(txs: readonly FollowedTx[], pending: PendingSet, relevance: Relevance): FollowedTx[] {
  const kept: FollowedTx[] = [];
  for (const tx of txs) {
    const touchesRelevant = touchedAddresses(tx).some((a) => relevance.address(a));
    if (!pending.has(tx.txHash) && !relevance.txHash(tx.txHash) && !touchesRelevant) continue;
    const atRelevant = (u: FollowedTx["created"][number]) => relevance.address(u.output.address);
    kept.push({ ...tx, created: tx.created.filter(atRelevant), spent: tx.spent.filter(atRelevant) });
  }
  return kept;
}

/** A block's point as an event's (its txHash set per event). */
function pointOf(block: BlockPoint | undefined): ChainPoint {
  return block === undefined
    ? { slot: 0, blockHash: null, blockHeight: null, txHash: null }
    : { slot: block.slot, blockHash: block.hash, blockHeight: block.height, txHash: null };
}
