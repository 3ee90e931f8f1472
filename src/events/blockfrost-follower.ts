// The follower of a network through Blockfrost (docs/events-design.md §3): Blockfrost has no
// chain synchronisation, so blocks are polled and rollbacks found by comparing hashes. Every
// request goes through the project's Blockfrost client, so its rate limiter (one token per
// request) counts the follower's requests with the others'.
//
// One call of next(), given the blocks the service holds (newest first):
// - GET /blocks/latest. None held: that block is the first followed (the tip, no replay of the
//   chain's history). Its hash is the newest held: nothing new.
// - GET /blocks/{newest held}/next?count: the blocks after it, each checked to follow the one
//   before (previous_block); a break (the chain moved between two requests) ends the batch there.
//   This is where the design said to walk back from the tip through previous_block: reading
//   forward from the held block costs one request per 100 blocks however far behind the
//   follower is, where walking back costs one per block.
// - A 404 there: Blockfrost no longer knows the newest held block. GET /blocks/{its height}: the
//   same hash is a Blockfrost instance that has not seen it yet (nothing new); another is a fork.
//   The common ancestor is the newest held block still on the chain (GET /blocks/{height}, by
//   bisection over the held blocks, since every block older than one on the chain is on it:
//   log2(2,160) ≈ 12 requests at most); none is a rollback deeper than what is held: backward
//   to null. The forward blocks of the new fork come at the next call.
// - A block's transactions: GET /blocks/{hash}/txs/cbor (100 a page; none for a block whose
//   tx_count is 0), read with the project's own CBOR reader: every output created, the validity
//   flag and interval, the id checked against the body's hash.
// - Spent outputs, for watched addresses only: GET /addresses/{a}/transactions?from&to (the
//   batch's block heights) per watched address, then the outputs each transaction found there
//   spent (the chain port's consumedBy: GET /txs/{h}/utxos, scripts resolved and cached). The
//   request count follows what is watched, not the chain's traffic.
import type { components } from "@blockfrost/openapi";
import type { UTxO } from "../cardano/types.js";
import { fromHex, splitTransaction, txIdOfBody } from "../cardano/tx-cbor.js";
import { BACKEND, type BlockfrostClient } from "../chain/blockfrost/client.js";
import { BackendError } from "../chain/resilience/backend-error.js";
import { readTx } from "../devnet-index/transactions.js";
import type { BlockPoint, ChainFollower, FollowedTx, FollowUpdate } from "./follower.js";

type Schemas = components["schemas"];
type BlockContent = Schemas["block_content"];

/** The name of the Blockfrost follower's position in the event store. */
export const BLOCKFROST_FOLLOWER = "blockfrost";

/** Blockfrost's largest page. */
const PAGE = 100;
/** A transaction's CBOR (hex) longer than this is not one the ledger accepts (16 KiB today): the answer is refused. */
const MAX_TX_HEX = 2 * 64 * 1024;
/** Pages of an address's transactions read for one batch (10,000 transactions): beyond, the batch fails rather than half-answer. */
const MAX_ADDRESS_PAGES = 100;

export interface BlockfrostFollowerOptions {
  /** The project's client (with the instance's rate limiter). */
  readonly client: BlockfrostClient;
  /** The addresses whose spent outputs the service wants (read at each batch). */
  readonly watched: () => ReadonlySet<string>;
  /** The outputs a transaction spent, in ledger order (the chain port's consumedBy). */
  readonly consumedBy: (txHash: string) => Promise<UTxO[]>;
  /** Between two looks at the latest block (a block comes every 20 s on average). */
  readonly pollMs?: number;
}

const failure = (message: string): BackendError => new BackendError(BACKEND, "server", message);

function pointOf(block: BlockContent): BlockPoint {
  if (typeof block.slot !== "number" || typeof block.height !== "number" || !/^[0-9a-f]{64}$/.test(block.hash))
    throw failure(`Blockfrost's block ${block.hash} has no slot, height or hash`);
  return { slot: block.slot, hash: block.hash, height: block.height };
}

/** One transaction of a block, from its CBOR: every output it created, and none of what it spent yet. */
function followedTx(txHash: string, cbor: string, block: string): FollowedTx & { spent: UTxO[] } {
  if (!/^[0-9a-f]{64}$/.test(txHash) || cbor.length > MAX_TX_HEX || !/^([0-9a-f]{2})+$/.test(cbor))
    throw failure(`Blockfrost's transaction ${txHash.slice(0, 64)} of block ${block} is not a hash with its CBOR`);
  try {
    const bytes = fromHex(cbor);
    const { body } = splitTransaction(bytes);
    if (txIdOfBody(body) !== txHash) throw new Error("its CBOR is another transaction's");
    const tx = readTx(bytes);
    return { txHash, valid: tx.valid, created: tx.outputs(txHash), spent: [], invalidHereafter: tx.invalidHereafter };
  } catch (error) {
    if (error instanceof BackendError) throw error;
    throw failure(`Blockfrost's transaction ${txHash} of block ${block}: ${(error as Error).message}`);
  }
}

type Forward = FollowUpdate & { type: "forward"; txs: (FollowedTx & { spent: UTxO[] })[] };

export class BlockfrostFollower implements ChainFollower {
  readonly name = BLOCKFROST_FOLLOWER;
  readonly #options: BlockfrostFollowerOptions;
  readonly #client: BlockfrostClient;

  constructor(options: BlockfrostFollowerOptions) {
    this.#options = options;
    this.#client = options.client;
  }

  async next(known: readonly BlockPoint[], max: number, signal: AbortSignal): Promise<FollowUpdate[]> {
    const latest = await this.#client.get<BlockContent>("/blocks/latest");
    const held = known[0];
    if (held === undefined) {
      const tip = await this.#forward(latest, signal);
      await this.#addSpent([tip], signal);
      return [tip];
    }
    if (latest.hash === held.hash) return [];
    const count = Math.max(1, Math.min(max, PAGE));
    const after = await this.#client.get<BlockContent[] | null>(`/blocks/${held.hash}/next?count=${count}`, null);
    if (after === null) {
      const same = await this.#blockAt(held.height);
      if (same?.hash === held.hash) return [];
      return [{ type: "backward", to: await this.#ancestor(known, signal) }];
    }
    if (!Array.isArray(after)) throw failure(`GET /blocks/{hash}/next: the answer is not a list of blocks`);
    const updates: Forward[] = [];
    let previous = held.hash;
    for (const block of after) {
      if (block.previous_block !== previous) break;
      signal.throwIfAborted();
      updates.push(await this.#forward(block, signal));
      previous = block.hash;
    }
    await this.#addSpent(updates, signal);
    return updates;
  }

  async wait(signal: AbortSignal): Promise<void> {
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, this.#options.pollMs ?? 10_000);
      signal.addEventListener("abort", done, { once: true });
    });
  }

  /** Nothing to release (each request is its own). */
  async close(): Promise<void> {}

  /** The block at `height` on the chain as Blockfrost has it, null when it has none there. */
  #blockAt(height: number): Promise<BlockContent | null> {
    return this.#client.get<BlockContent | null>(`/blocks/${height}`, null);
  }

  /** The newest of `known` after the first still on the chain (every older one is then on it too), null for none. */
  async #ancestor(known: readonly BlockPoint[], signal: AbortSignal): Promise<BlockPoint | null> {
    let [low, high] = [1, known.length];
    while (low < high) {
      signal.throwIfAborted();
      const middle = Math.floor((low + high) / 2);
      const block = known[middle]!;
      if ((await this.#blockAt(block.height))?.hash === block.hash) high = middle;
      else low = middle + 1;
    }
    return known[low] ?? null;
  }

  /** A block with its transactions (one request per 100 of them; none for an empty block). */
  async #forward(block: BlockContent, signal: AbortSignal): Promise<Forward> {
    const point = pointOf(block);
    const txs: Forward["txs"] = [];
    const pages = Math.ceil((block.tx_count ?? 0) / PAGE);
    for (let page = 1; page <= pages; page++) {
      signal.throwIfAborted();
      const list = await this.#client.get<Schemas["block_content_txs_cbor"]>(
        `/blocks/${point.hash}/txs/cbor?count=${PAGE}&page=${page}`,
      );
      if (!Array.isArray(list)) throw failure(`GET /blocks/{hash}/txs/cbor: the answer is not a list`);
      for (const { tx_hash, cbor } of list) txs.push(followedTx(tx_hash, cbor, point.hash));
    }
    if (txs.length !== (block.tx_count ?? 0))
      throw failure(
        `Blockfrost lists ${txs.length} transactions of block ${point.hash}, whose tx_count is ${block.tx_count}`,
      );
    return { type: "forward", block: point, txs };
  }

  /** Adds to each transaction the outputs of watched addresses it spent. */
  async #addSpent(updates: readonly Forward[], signal: AbortSignal): Promise<void> {
    const withTxs = updates.filter((u) => u.txs.length > 0);
    const watched = this.#options.watched();
    const first = withTxs[0];
    const last = withTxs[withTxs.length - 1];
    if (first === undefined || last === undefined || watched.size === 0) return;
    const txs = new Map<string, Forward["txs"][number]>();
    for (const update of withTxs) for (const tx of update.txs) txs.set(tx.txHash, tx);
    const touching = new Set<string>();
    for (const address of watched) {
      for (let page = 1; ; page++) {
        signal.throwIfAborted();
        if (page > MAX_ADDRESS_PAGES)
          throw failure(
            `${address} has more than ${MAX_ADDRESS_PAGES * PAGE} transactions in blocks ${first.block.height} to ${last.block.height}`,
          );
        const list = await this.#client.get<Schemas["address_transactions_content"] | null>(
          `/addresses/${encodeURIComponent(address)}/transactions?from=${first.block.height}&to=${last.block.height}&count=${PAGE}&page=${page}`,
          null,
        );
        // 404: an address the chain never saw.
        if (list === null) break;
        if (!Array.isArray(list)) throw failure(`GET /addresses/{address}/transactions: the answer is not a list`);
        for (const { tx_hash } of list) if (txs.has(tx_hash)) touching.add(tx_hash);
        if (list.length < PAGE) break;
      }
    }
    for (const txHash of touching) {
      signal.throwIfAborted();
      const tx = txs.get(txHash)!;
      // A transaction whose scripts failed spent its collateral, which consumedBy does not list.
      if (!tx.valid) continue;
      tx.spent.push(...(await this.#options.consumedBy(txHash)).filter((u) => watched.has(u.output.address)));
    }
  }
}
