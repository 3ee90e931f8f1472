// The follower of a node through Ogmios (docs/events-design.md §3): chain synchronisation, which
// gives forward blocks and rollbacks natively. Its own WebSocket (the chain adapter's is shared by
// every query, and a nextBlock at the tip waits for the next block), opened on first use.
//
// - Start: with known blocks, findIntersection with them (newest first: the ten newest, then ever
//   sparser back to the oldest, so that a journal of 2,160 blocks is some twenty points); the
//   intersection, when it is not the newest known block, is a rollback to it; none at all is a
//   rollback deeper than the journal (backward to null). With none, the tip: blocks after it.
// - Then nextBlock, one request in flight: while the last answer's tip is ahead, the answers come
//   at once and next() reads on (up to `max` blocks); at the tip the request stays pending until a
//   block comes, and wait() resolves when it does.
// - Spent outputs: Ogmios gives a transaction's inputs, not the outputs they spent. Those at the
//   watched addresses are read from Kupo, one request per watched address per batch of blocks
//   (GET /matches/{address}?spent&spent_after&spent_before: the outputs spent in the batch's slots,
//   with the spending transaction and block), so the cost follows what is watched, not the
//   chain's traffic. Kupo follows its own node connection: an answer is used only once its
//   X-Most-Recent-Checkpoint has reached the batch's last slot, and only when the block it names
//   is the one Ogmios gave; otherwise the batch fails and is read again (never half-answered).
// - Any failure drops the session: the next call intersects again from what the service holds.
import { ChainSynchronization, LedgerStateQuery, Method } from "@cardano-ogmios/client";
import type { Block, NextBlockResponse, Point, Tip, Transaction } from "@cardano-ogmios/schema";
import type { Network } from "../config.js";
import type { UTxO } from "../cardano/types.js";
import { OgmiosConnection } from "../chain/ogmios-kupo/ogmios.js";
import { utxoFromKupo, type KupoClient, type KupoMatch } from "../chain/ogmios-kupo/kupo.js";
import { BackendError } from "../chain/resilience/backend-error.js";
import { utxoFromOgmios } from "../chain/shared/ogmios-wire.js";
import type { BlockPoint, ChainFollower, FollowedTx, FollowUpdate } from "./follower.js";

/** The name of the Ogmios follower's position in the event store. */
export const OGMIOS_FOLLOWER = "ogmios";

/** Kupo is asked again this many times, this far apart, while it has not indexed a batch's blocks yet. */
const KUPO_CATCH_UP = { tries: 10, delayMs: 300 } as const;
/** Kupo requests in flight at once for a batch's spent outputs. */
const KUPO_CONCURRENCY = 4;

export interface OgmiosFollowerOptions {
  /** OGMIOS_URL. */
  readonly ogmiosUrl: string;
  /** NETWORK: the Ogmios server must serve it. */
  readonly network: Network;
  readonly kupo: KupoClient;
  /** The addresses whose spent outputs the service wants (read at each batch). */
  readonly watched: () => ReadonlySet<string>;
  /** How long an answer that is due (not a wait at the tip) may take. */
  readonly requestTimeoutMs?: number;
  /** How long wait() waits when no request is pending (after a failure). */
  readonly retryMs?: number;
}

type NextAnswer = NextBlockResponse["result"];

interface Pending {
  readonly promise: Promise<NextAnswer>;
  settled: boolean;
}

/** One chain-synchronisation session: its connection and where it stands against the service. */
interface Session {
  readonly connection: OgmiosConnection;
  /** The hash of the block the service holds once it applied what this session gave (null: none yet). */
  held: string | null;
  /** The point of the last findIntersection, whose roll-back Ogmios sends first. */
  intersection: string | null;
  /** The hash of the block the session's cursor is on (the intersection, the last block, a roll-back's point). */
  cursor: string | null;
  /** Whether the session's cursor is at the tip (the next nextBlock waits for a block). */
  atTip: boolean;
  pending: Pending | null;
}

/** The ten newest, then every 2^i-th back, and the oldest: what findIntersection is given. */
export function intersectionPoints(known: readonly BlockPoint[]): BlockPoint[] {
  const picked: BlockPoint[] = [];
  for (let i = 0; i < known.length; i = i < 10 ? i + 1 : 2 * i - 10 + 1) picked.push(known[i]!);
  const oldest = known[known.length - 1];
  if (oldest !== undefined && picked[picked.length - 1] !== oldest) picked.push(oldest);
  return picked;
}

const abortError = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error("the follower was stopped");

/** `promise`, or a rejection when `signal` aborts or `timeoutMs` (when given) passes. */
function bounded<T>(promise: Promise<T>, signal: AbortSignal, timeoutMs: number | null, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer =
      timeoutMs === null
        ? undefined
        : setTimeout(
            () =>
              finish(() => reject(new BackendError("ogmios-kupo", "timeout", `${what}: no answer in ${timeoutMs} ms`))),
            timeoutMs,
          );
    const onAbort = (): void => finish(() => reject(abortError(signal)));
    const finish = (then: () => void): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      then();
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error as Error)),
    );
  });
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });

/** A transaction of a block in the follower's shape (spent outputs are added from Kupo). */
function followedTx(tx: Transaction): FollowedTx & { spent: UTxO[] } {
  const valid = tx.spends !== "collaterals";
  const output = (o: Transaction["outputs"][number], index: number): UTxO =>
    utxoFromOgmios({ ...o, transaction: { id: tx.id }, index });
  // A transaction whose scripts failed creates only its collateral return, numbered after its outputs.
  const created = valid
    ? tx.outputs.map(output)
    : tx.collateralReturn
      ? [output(tx.collateralReturn, tx.outputs.length)]
      : [];
  return { txHash: tx.id, valid, created, spent: [], invalidHereafter: tx.validityInterval?.invalidAfter ?? null };
}

function forwardOf(block: Block): FollowUpdate & { type: "forward" } {
  if (!("slot" in block) || typeof block.slot !== "number")
    throw new BackendError("ogmios-kupo", "server", `Ogmios nextBlock: block ${block.id} has no slot`);
  const transactions = "transactions" in block ? (block.transactions ?? []) : [];
  return {
    type: "forward",
    block: { slot: block.slot, hash: block.id, height: block.height },
    txs: transactions.map(followedTx),
  };
}

const idOf = (point: Point | Tip | "origin"): string | null => (point === "origin" ? null : point.id);

export class OgmiosFollower implements ChainFollower {
  readonly name = OGMIOS_FOLLOWER;
  readonly #options: OgmiosFollowerOptions;
  readonly #timeoutMs: number;
  #session: Session | null = null;
  #closed = false;

  constructor(options: OgmiosFollowerOptions) {
    this.#options = options;
    this.#timeoutMs = options.requestTimeoutMs ?? 10_000;
  }

  async next(known: readonly BlockPoint[], max: number, signal: AbortSignal): Promise<FollowUpdate[]> {
    if (this.#closed) throw new Error("the Ogmios follower is closed");
    if (this.#session !== null && this.#session.held !== (known[0]?.hash ?? null)) await this.#drop();
    try {
      let updates: FollowUpdate[] = [];
      if (this.#session === null) {
        const started = await this.#start(known, signal);
        if (started === null) return [{ type: "backward", to: null }];
        updates = started;
      }
      const read = await this.#read(this.#session!, known, updates, max, signal);
      if (read === null) {
        await this.#drop();
        return [{ type: "backward", to: null }];
      }
      await this.#addSpent(read, signal);
      return read;
    } catch (error) {
      await this.#drop();
      throw error;
    }
  }

  async wait(signal: AbortSignal): Promise<void> {
    // No session: after a failure, a pause before intersecting again. A session without a pending
    // request has more to read at once.
    if (this.#session === null) return sleep(this.#options.retryMs ?? 1_000, signal);
    const pending = this.#session.pending;
    if (pending && !pending.settled) await bounded(pending.promise, signal, null, "").catch(() => undefined);
  }

  /** Closes its connection. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#drop();
  }

  async #drop(): Promise<void> {
    const session = this.#session;
    this.#session = null;
    await session?.connection.close();
  }

  /** Opens a session at the service's known blocks (the update it implies), or at the tip; null when none of them is on the chain. */
  async #start(known: readonly BlockPoint[], signal: AbortSignal): Promise<FollowUpdate[] | null> {
    const connection = new OgmiosConnection(this.#options.ogmiosUrl, this.#options.network);
    const session: Session = { connection, held: null, intersection: null, cursor: null, atTip: false, pending: null };
    this.#session = session;
    const points =
      known.length > 0
        ? intersectionPoints(known).map((b): Point => ({ slot: b.slot, id: b.hash }))
        : [
            await bounded(
              connection.run("queryNetwork/tip", "query", (c) => LedgerStateQuery.networkTip(c)),
              signal,
              this.#timeoutMs,
              "Ogmios queryNetwork/tip",
            ),
          ];
    let found;
    try {
      found = await bounded(
        connection.run("findIntersection", "query", (c) => ChainSynchronization.findIntersection(c, points)),
        signal,
        this.#timeoutMs,
        "Ogmios findIntersection",
      );
    } catch (error) {
      // 1000: none of the points is on the chain. From the tip, it moved on: tried again later.
      if (error instanceof BackendError && error.status === 1000 && known.length > 0) {
        await this.#drop();
        return null;
      }
      throw error;
    }
    const at = idOf(found.intersection);
    session.intersection = at;
    session.cursor = at;
    session.atTip = at !== null && at === idOf(found.tip);
    if (known.length === 0) return [];
    session.held = at;
    const to = known.find((b) => b.hash === at);
    if (to === undefined) throw new Error(`Ogmios intersected at ${at}, which is not one of the points given`);
    return to === known[0] ? [] : [{ type: "backward", to }];
  }

  /** Sends one nextBlock, kept as the session's pending request. */
  #request(session: Session): Pending {
    const promise = session.connection.run("nextBlock", "query", (context) =>
      Method<{ method: "nextBlock" }, Omit<NextBlockResponse, "id"> & { id?: { requestId?: string } }, NextAnswer>(
        { method: "nextBlock" },
        {
          handler: (response, resolve, reject) => {
            const direction = response?.result?.direction;
            if (direction === "forward" || direction === "backward") resolve(response.result);
            else reject(response);
          },
        },
        context,
      ),
    );
    const pending: Pending = { promise, settled: false };
    promise.then(
      () => (pending.settled = true),
      () => (pending.settled = true),
    );
    return pending;
  }

  /**
   * The updates after `updates`, up to `max` forward blocks: what Ogmios answers at once, and what
   * a pending request already brought. Null: a rollback past every block the service holds.
   */
  async #read(
    session: Session,
    known: readonly BlockPoint[],
    start: FollowUpdate[],
    max: number,
    signal: AbortSignal,
  ): Promise<FollowUpdate[] | null> {
    let updates = start;
    const forwards = (): number => updates.filter((u) => u.type === "forward").length;
    while (forwards() < max) {
      session.pending ??= this.#request(session);
      if (!session.pending.settled && session.atTip) break;
      const answer = await bounded(
        session.pending.promise,
        signal,
        session.atTip ? null : this.#timeoutMs,
        "Ogmios nextBlock",
      );
      session.pending = null;
      const tip = idOf(answer.tip);
      if (answer.direction === "forward") {
        const update = forwardOf(answer.block);
        // Chain synchronisation gives a block after the last one; anything else is a broken session.
        if ("ancestor" in answer.block && session.cursor !== null && answer.block.ancestor !== session.cursor)
          throw new BackendError(
            "ogmios-kupo",
            "server",
            `Ogmios nextBlock: block ${update.block.hash} follows ${answer.block.ancestor}, not ${session.cursor}`,
          );
        session.cursor = update.block.hash;
        updates.push(update);
        session.held = update.block.hash;
        session.atTip = update.block.hash === tip;
        continue;
      }
      const to = idOf(answer.point);
      session.atTip = to === tip;
      session.cursor = to;
      if (to !== null && to === session.intersection) {
        // The roll-back Ogmios sends first after an intersection: to where the session already is.
        session.intersection = null;
        continue;
      }
      session.intersection = null;
      const inBatch = updates.findLastIndex((u) => u.type === "forward" && u.block.hash === to);
      if (inBatch >= 0) {
        updates = updates.slice(0, inBatch + 1);
      } else {
        const held = known.find((b) => b.hash === to);
        if (held === undefined) return null;
        updates = [{ type: "backward", to: held }];
      }
      session.held = to;
    }
    return updates;
  }

  /** Adds to each forward block's transactions the outputs of watched addresses they spent, read from Kupo. */
  async #addSpent(updates: readonly FollowUpdate[], signal: AbortSignal): Promise<void> {
    const blocks = updates.filter((u) => u.type === "forward" && u.txs.length > 0) as (FollowUpdate & {
      type: "forward";
    })[];
    const watched = [...this.#options.watched()];
    const first = blocks[0];
    const last = blocks[blocks.length - 1];
    if (first === undefined || last === undefined || watched.length === 0) return;
    const bySlot = new Map(blocks.map((b) => [b.block.slot, b]));
    const matches: KupoMatch[] = [];
    for (let i = 0; i < watched.length; i += KUPO_CONCURRENCY) {
      const found = await Promise.all(
        watched
          .slice(i, i + KUPO_CONCURRENCY)
          .map((address) => this.#spentAt(address, first.block.slot, last.block.slot, signal)),
      );
      for (const list of found) matches.push(...list);
    }
    for (const match of matches) {
      const at = match.spent_at;
      if (at === null) continue;
      const block = bySlot.get(at.slot_no);
      const ref = `${match.transaction_id}#${match.output_index}`;
      if (block === undefined || block.block.hash !== at.header_hash)
        throw new BackendError(
          "ogmios-kupo",
          "server",
          `Kupo says ${ref} was spent in block ${at.header_hash} at slot ${at.slot_no}, which is not the block Ogmios gave there: they follow different forks (read again later)`,
        );
      const tx = block.txs.find((t) => t.txHash === at.transaction_id) as (FollowedTx & { spent: UTxO[] }) | undefined;
      if (tx === undefined)
        throw new BackendError(
          "ogmios-kupo",
          "server",
          `Kupo says ${ref} was spent by ${at.transaction_id ?? "a transaction it does not name (Kupo older than v2.10)"}, which is not in block ${at.header_hash}`,
        );
      tx.spent.push(utxoFromKupo(match));
    }
    for (const block of blocks)
      for (const tx of block.txs)
        (tx.spent as UTxO[]).sort(
          (a, b) => a.input.txHash.localeCompare(b.input.txHash) || a.input.outputIndex - b.input.outputIndex,
        );
  }

  /** Kupo's outputs at `address` spent in slots `from` to `to`, once Kupo has indexed up to `to`. */
  async #spentAt(address: string, from: number, to: number, signal: AbortSignal): Promise<KupoMatch[]> {
    let checkpoint: number | null = null;
    for (let attempt = 0; attempt < KUPO_CATCH_UP.tries && !signal.aborted; attempt++) {
      if (attempt > 0) await sleep(KUPO_CATCH_UP.delayMs, signal);
      const answer = await this.#options.kupo.spentAtBetween(address, from, to);
      checkpoint = answer.checkpoint;
      if (checkpoint === null || checkpoint >= to) return answer.matches;
    }
    if (signal.aborted) throw abortError(signal);
    throw new BackendError(
      "ogmios-kupo",
      "server",
      `Kupo has indexed the chain up to slot ${checkpoint}, not yet to slot ${to}, the last block read from Ogmios`,
    );
  }
}
