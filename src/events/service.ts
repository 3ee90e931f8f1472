// The events of the instance (docs/events-design.md §4): the log in the store's EventStore, what
// records into it (a chain follower's blocks, src/events/follower.ts, with its journal of recent
// blocks and its pending transactions as its position: src/events/journal.ts, ./chain-step.ts;
// the submit route's tx.submitted), and what readers wait on. A reader learns of new events from
// an in-process signal when this instance recorded them, and from a look at the store every
// STORE_POLL_MS otherwise (another writer: an instance of a fleet on PostgreSQL, the CLI). Retention prunes the oldest first, by age and by count, at start
// and every PRUNE_EVERY_MS. No HTTP here: src/server/routes/events/ streams what `read` yields.
import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { readTx } from "../devnet-index/transactions.js";
import { fromHex } from "../cardano/tx-cbor.js";
import { FollowerMovedError, type EventStore, type FollowerPosition } from "../store/types.js";
import { PendingSet, stepOf } from "./chain-step.js";
import type { BlockEventSource, ChainFollower } from "./follower.js";
import { decodePosition, encodePosition, pointsOf, type Journal, type JournalTx } from "./journal.js";
import { STREAM_GAP, type ChainEvent, type EventFilter, type NewEvent } from "./types.js";
import { WatchSet, type Relevance } from "./watched.js";

/** Between two looks at the store for events another writer recorded. */
export const STORE_POLL_MS = 250;
/** Forward blocks asked of a follower at once: what one store transaction of events covers at most. */
export const FOLLOW_MAX_BLOCKS = 100;
/** Between two tries to read the follower's saved position, when the store cannot be read. */
export const POSITION_RETRY_MS = 1_000;
/** Between two prunes of the log. */
export const PRUNE_EVERY_MS = 60_000;
/** How long the follower holds a block whose transaction this instance is still submitting (its tx.submitted first). */
export const SUBMIT_WAIT_MS = 2_000;
/** Events a reader reads from the store at once. */
export const READ_PAGE = 500;

/**
 * Which transactions of the followed chain get events: "everything" (the devnet: all its
 * transactions are its users'), or "watched" (a real network: ./watched.ts).
 */
export type FollowScope = "everything" | "watched";

export interface EventRetention {
  /** EVENT_RETENTION_HOURS: events older than this are pruned. */
  readonly hours: number;
  /** EVENT_RETENTION_MAX: at most this many events are kept, the newest. */
  readonly max: number;
}

/** Where the service reports what it cannot do itself (pino's shape). */
export interface EventLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface EventServiceOptions {
  readonly store: EventStore;
  readonly retention: EventRetention;
  readonly log: EventLog;
  /** Unix milliseconds (tests inject one); Date.now by default. */
  readonly clock?: () => number;
}

/** The first item of a read resumed from an id older than the oldest kept: the oldest id kept (the next one when none is). */
export interface StreamGap {
  readonly type: typeof STREAM_GAP;
  readonly oldest: string;
}

export class EventService {
  readonly #store: EventStore;
  readonly #retention: EventRetention;
  readonly #log: EventLog;
  readonly #clock: () => number;
  readonly #signal = new EventEmitter();
  /** The highest id this instance knows was recorded. */
  #latest: number;
  #closed = false;
  readonly #stop = new AbortController();
  readonly #timers: NodeJS.Timeout[] = [];
  #follower: Promise<void> | null = null;
  #nudged: (() => void) | null = null;
  /** Transactions whose submit through this instance is under way, with how many submits of each. */
  readonly #submitting = new Map<string, number>();
  /** The transactions whose tx.confirmed or tx.expired the follower still owes (src/events/chain-step.ts). */
  #pending = new PendingSet();
  /** The journal of the followed chain, as last recorded. */
  #journal: Journal = [];
  /** Submits recorded while a follower step is being derived: pending after it unless it confirmed them. */
  #submittedDuringStep: JournalTx[] | null = null;
  /** The follower's position as saved (the text), for the compare-and-set of the next append. */
  #savedText: string | null = null;
  /** The followed chain's block event sources. */
  #sources: readonly BlockEventSource[] = [];
  /** What a real network's events are recorded for: the open streams' and the webhooks' filter keys (./watched.ts). */
  readonly watching = new WatchSet();

  /** Whether the store ever answered this instance its latest id (it may have been down at start). */
  #latestKnown: boolean;

  private constructor(options: EventServiceOptions, latest: number | null) {
    this.#store = options.store;
    this.#retention = options.retention;
    this.#log = options.log;
    this.#clock = options.clock ?? Date.now;
    this.#latest = latest ?? 0;
    this.#latestKnown = latest !== null;
    this.#signal.setMaxListeners(0);
  }

  /**
   * The service over `options.store`: pruned once, then watching the store and pruning on its
   * timers. A store that cannot serve now (PostgreSQL down) does not stop the start: the service
   * learns the latest id from its first look that succeeds.
   */
  static async start(options: EventServiceOptions): Promise<EventService> {
    const latest = await options.store.bounds().then(
      (bounds) => bounds.latest,
      (error: unknown) => {
        options.log.warn({ err: error }, "events: the event store cannot be read now; streams start once it can");
        return null;
      },
    );
    const service = new EventService(options, latest);
    await service.prune().catch(() => 0);
    const every = (ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => {
        work().catch((error: unknown) => service.#log.warn({ err: error }, "events: a periodic task failed"));
      }, ms);
      timer.unref();
      service.#timers.push(timer);
    };
    // A store that cannot be read now is not logged four times a second: health reports it.
    every(STORE_POLL_MS, () =>
      options.store.bounds().then(
        (bounds) => service.#saw(bounds.latest),
        () => undefined,
      ),
    );
    every(PRUNE_EVERY_MS, () => service.prune());
    return service;
  }

  /** The height of the newest block of the followed chain this instance recorded; null before the first (or when it follows none). */
  get tipHeight(): number | null {
    return this.#journal[0]?.point.height ?? null;
  }

  /** The highest id recorded, as this instance knows it. */
  get latest(): number {
    return this.#latest;
  }

  /**
   * The highest id recorded, asked of the store when `id` is above what this instance has seen
   * (another instance of a fleet may have recorded it since the last poll).
   */
  async latestAtLeast(id: number): Promise<number> {
    if (id <= this.#latest) return this.#latest;
    this.#saw((await this.#store.bounds()).latest);
    return this.#latest;
  }

  /** Records `events` (and a follower's position with them) and wakes the readers. */
  async record(events: readonly NewEvent[], position?: FollowerPosition): Promise<ChainEvent[]> {
    const stored = await this.#store.append(events, this.#clock(), position);
    const last = stored[stored.length - 1];
    if (last !== undefined) this.#saw(Number(last.id));
    return stored;
  }

  /**
   * Marks a submit of `txHash` through this instance as under way, until the function it returns
   * is called (once its tx.submitted is recorded, or the submit failed): the follower holds a
   * block holding it (SUBMIT_WAIT_MS at most), so that tx.submitted always comes before tx.confirmed.
   */
  submitting(txHash: string): () => void {
    const key = txHash.toLowerCase();
    this.#submitting.set(key, (this.#submitting.get(key) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.#submitting.get(key) ?? 1) - 1;
      if (left > 0) this.#submitting.set(key, left);
      else this.#submitting.delete(key);
      this.#signal.emit("submitted");
    };
  }

  /** Resolves once no transaction of `txHashes` is being submitted through this instance, or after SUBMIT_WAIT_MS. */
  async #submitsSettled(txHashes: readonly string[]): Promise<void> {
    const deadline = Date.now() + SUBMIT_WAIT_MS;
    while (txHashes.some((h) => this.#submitting.has(h)) && Date.now() < deadline && !this.#closed) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          this.#signal.removeListener("submitted", done);
          resolve();
        };
        const timer = setTimeout(done, deadline - Date.now());
        this.#signal.once("submitted", done);
      });
    }
  }

  /**
   * tx.submitted for a transaction a backend accepted from this instance at `slot` (the tip's):
   * its data what GET /transactions/{txHash} answers then; its addresses those of its outputs.
   * Nudges the devnet follower, which then finds it at once.
   */
  async recordSubmitted(txHash: string, slot: number, transaction: string): Promise<void> {
    let addresses: string[] = [];
    let invalidHereafter: number | null = null;
    try {
      const tx = readTx(fromHex(transaction));
      addresses = [...new Set(tx.outputs(txHash).map((u) => u.output.address))];
      invalidHereafter = tx.invalidHereafter;
    } catch {
      // A transaction the backend accepted decodes; if our reader cannot, the event goes without addresses.
    }
    await this.record([
      {
        type: "tx.submitted",
        point: { slot, blockHash: null, blockHeight: null, txHash },
        data: { txHash, status: "pending" },
        addresses,
        tournamentId: null,
      },
    ]);
    // Pending until a block confirms it (tx.expired otherwise), unless the journal holds it already (a submit again).
    if (!this.#journal.some((b) => b.txs.some((t) => t.txHash === txHash))) {
      const pending = { txHash, addresses, invalidHereafter };
      this.#pending.add(pending);
      this.#submittedDuringStep?.push(pending);
    }
    this.#nudged?.();
  }

  /** Wakes the follower at once (the chain changed: a devnet rollback). */
  nudge(): void {
    this.#nudged?.();
  }

  /** Prunes what the retention no longer keeps; answers how many events went. */
  async prune(): Promise<number> {
    const { hours, max } = this.#retention;
    return this.#store.prune(this.#clock() - hours * 3_600_000, max);
  }

  /**
   * Starts following `follower` (once), deriving each forward block's events (src/events/block-events.ts,
   * then each of `sources`); stops when the service closes.
   */
  follow(follower: ChainFollower, sources: readonly BlockEventSource[] = [], scope: FollowScope = "everything"): void {
    this.#sources = sources;
    this.#follower ??= this.#follow(follower, sources, scope);
  }

  /** The addresses watched now: the streams' and webhooks' (this.watching) and the sources' (the tournaments' contracts). */
  watchedAddresses(): Set<string> {
    const addresses = this.watching.addresses();
    for (const source of this.#sources) for (const a of source.watchedAddresses?.() ?? []) addresses.add(a);
    return addresses;
  }

  async #follow(follower: ChainFollower, sources: readonly BlockEventSource[], scope: FollowScope): Promise<void> {
    if (!(await this.#loadPosition(follower))) return;
    while (!this.#closed) {
      try {
        const updates = await follower.next(pointsOf(this.#journal), FOLLOW_MAX_BLOCKS, this.#stop.signal);
        if (updates.length > 0) {
          await this.#recordUpdates(follower, sources, updates, scope === "watched" ? this.#relevance() : null);
          continue;
        }
      } catch (error) {
        if (this.#closed) return;
        // What the sources derived from the blocks not recorded is forgotten: they derive it again.
        for (const source of sources) source.rolledBack(this.#journal[0]?.point ?? null);
        if (error instanceof FollowerMovedError) {
          // Another instance of the fleet recorded this step first: go on from what it recorded.
          this.#log.info(
            { follower: follower.name },
            "events: another instance recorded these blocks; following on from them",
          );
          if (!(await this.#loadPosition(follower))) return;
          continue;
        }
        this.#log.warn({ err: error, follower: follower.name }, "events: following the chain failed; trying again");
      }
      await this.#waitForChain(follower);
    }
  }

  /** Reads the follower's saved journal and pending set (false when the service closed first). */
  async #loadPosition(follower: ChainFollower): Promise<boolean> {
    const saved = await this.#savedPosition(follower);
    if (saved === null) return false;
    this.#journal = saved.journal;
    for (const tx of this.#pending.list()) saved.pending.add(tx); // submitted while the position was read
    this.#pending = saved.pending;
    this.#savedText = saved.text;
    return true;
  }

  /** A step's relevance on a real network (./watched.ts), the watched addresses read once for the step. */
  #relevance(): Relevance {
    const addresses = this.watchedAddresses();
    return { txHash: (h) => this.watching.hasTx(h), address: (a) => addresses.has(a) };
  }

  /** The journal and pending set saved for `follower`, read again until the store answers; null when the service closed first. */
  async #savedPosition(
    follower: ChainFollower,
  ): Promise<{ journal: Journal; pending: PendingSet; text: string | null } | null> {
    while (!this.#closed) {
      try {
        const text = await this.#store.position(follower.name);
        const saved = decodePosition(text);
        if (saved.unreadable !== undefined)
          this.#log.warn(
            { follower: follower.name, reason: saved.unreadable },
            "events: the follower's saved position cannot be read; following the chain from its start",
          );
        return { journal: saved.journal, pending: new PendingSet(saved.pending), text };
      } catch (error) {
        this.#log.warn({ err: error }, "events: the follower's position cannot be read now; trying again");
        await sleep(POSITION_RETRY_MS, undefined, { signal: this.#stop.signal }).catch(() => undefined);
      }
    }
    return null;
  }

  /**
   * Records the events of `updates` with the journal and pending set after them, in one store
   * transaction. A forward block waits for the submits of its transactions through this instance
   * (their tx.submitted first).
   */
  async #recordUpdates(
    follower: ChainFollower,
    sources: readonly BlockEventSource[],
    updates: Awaited<ReturnType<ChainFollower["next"]>>,
    relevance: Relevance | null,
  ): Promise<void> {
    await this.#submitsSettled(updates.flatMap((u) => (u.type === "forward" ? u.txs.map((tx) => tx.txHash) : [])));
    const submitted: JournalTx[] = [];
    this.#submittedDuringStep = submitted;
    try {
      const step = await stepOf(this.#journal, this.#pending.list(), updates, sources, relevance);
      for (const tx of submitted) if (!step.confirmed.has(tx.txHash)) step.pending.add(tx);
      for (const update of updates)
        if (update.type === "backward")
          this.#log.info({ follower: follower.name, to: update.to }, "events: the chain rolled back");
      if (step.forgotten > 0)
        this.#log.warn(
          { follower: follower.name, forgotten: step.forgotten },
          "events: more pending transactions than the service tracks; the oldest get no tx.expired",
        );
      const position = encodePosition({ journal: step.journal, pending: step.pending.list() });
      await this.record(step.events, { follower: follower.name, position, previous: this.#savedText });
      this.#savedText = position;
      this.#journal = step.journal;
      this.#pending = step.pending;
    } finally {
      this.#submittedDuringStep = null;
    }
  }

  /** Resolves when the follower says there may be something new, a submit through this instance nudges, or the service closes. */
  async #waitForChain(follower: ChainFollower): Promise<void> {
    const waiting = new AbortController();
    const stop = (): void => waiting.abort();
    this.#stop.signal.addEventListener("abort", stop, { once: true });
    this.#nudged = stop;
    try {
      await follower.wait(waiting.signal);
    } finally {
      this.#nudged = null;
      this.#stop.signal.removeEventListener("abort", stop);
    }
  }

  /**
   * The events after `after` that pass `filter`, oldest first: those the log holds, then each new
   * one as it is recorded, until `signal` aborts. After an id older than the oldest kept, a
   * StreamGap comes first. `after` null: only events recorded from now on.
   */
  async *read(after: number | null, filter: EventFilter, signal: AbortSignal): AsyncGenerator<ChainEvent | StreamGap> {
    // "From now on" needs to know where now is: a store down since the start is asked first (a
    // failure ends the read, and the client tries again), not taken as an empty log to replay.
    if (after === null && !this.#latestKnown) this.#saw((await this.#store.bounds()).latest);
    let last = after ?? this.#latest;
    if (after !== null) {
      const bounds = await this.#store.bounds();
      if (after < bounds.prunedThrough)
        yield { type: STREAM_GAP, oldest: String(bounds.oldest ?? bounds.prunedThrough + 1) };
    }
    while (!signal.aborted && !this.#closed) {
      // Listen before reading: an event recorded between the read and the wait still wakes it.
      const recorded = this.#nextRecord(signal);
      const seen = this.#latest;
      const page = await this.#store.after(last, filter, READ_PAGE);
      for (const event of page) {
        last = Number(event.id);
        yield event;
      }
      if (page.length === READ_PAGE) {
        recorded.cancel();
        continue;
      }
      // Nothing else up to `seen` passes the filter: the next read starts after it.
      last = Math.max(last, seen);
      await recorded.promise;
    }
  }

  /** A promise resolved when an id above the current latest is seen (or `signal` aborts, or the service closes). */
  #nextRecord(signal: AbortSignal): { promise: Promise<void>; cancel(): void } {
    let cancel = (): void => {};
    const promise = new Promise<void>((resolve) => {
      const done = (): void => {
        cancel();
        resolve();
      };
      this.#signal.once("recorded", done);
      signal.addEventListener("abort", done, { once: true });
      this.#stop.signal.addEventListener("abort", done, { once: true });
      cancel = () => {
        this.#signal.removeListener("recorded", done);
        signal.removeEventListener("abort", done);
        this.#stop.signal.removeEventListener("abort", done);
      };
    });
    return { promise, cancel };
  }

  #saw(latest: number): void {
    this.#latestKnown = true;
    if (latest <= this.#latest) return;
    this.#latest = latest;
    this.#signal.emit("recorded");
  }

  /** Stops the timers and the follower, and ends every read. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const timer of this.#timers) clearInterval(timer);
    this.#stop.abort();
    await this.#follower;
    await sleep(0);
  }
}
