// The seats of a v3 pool (contracts/V3-DESIGN.md §5.6): its datum keeps only [count, peaks], the
// accumulator of the seats' leaves, so the seat list (bech32 addresses, seat order) is read back
// from the chain's history. Seat s is the s-th registration the pool's adds spent: each add spent
// the previous pool output (the one holding the NFT) and registrations at the tournament's
// registration address, appended in the ledger's input order. The walk goes backwards from the
// pool output through ChainPort.consumedBy: the transaction that made an output spent the previous
// pool output (its datum gives the count before) and the add's registrations, until a pool output
// with count 0 (the creation's) or one read before. The list is accepted only when its accumulator
// equals the datum's [count, peaks]; otherwise the seats are unreadable (SeatsUnreadableError, with
// what was missing and how the operator fixes the backend).
//
// Why consumedBy alone, not assetHistory then consumedBy: every hop needs the add's inputs anyway,
// and the add's inputs name the previous pool output, so the NFT's history adds nothing but calls
// (on Blockfrost one request per transaction of the asset, on every read); walking back, a read
// costs one consumedBy per add not read before, and none for a pool output read before.
//
// Cache: per pool output reference, its seats and accumulator. A read of a newer output of the same
// pool walks back to the cached one and extends it by the new adds; the older entry is then
// dropped (that output is spent: only its successor is read again). Bounded by the seats it holds
// (MAX_CACHED_SEATS, least recently used first out): an entry is at most 1,024 addresses (about
// 150 KB), so the bound, not the number of entries, is what keeps memory in check.
import type { UTxO } from "../cardano/types.js";
import { ledgerOrder, outRefOf } from "../cardano/utxo.js";
import type { Network } from "../config.js";
import { consumedByOf, type ChainPort } from "../chain/port.js";
import { NotFoundError, SeatsUnreadableError } from "../errors.js";
import { decodeRegistrationDatum } from "./datum.js";
import { decodePoolDatum } from "./pool-datum.js";
import {
  appendLeaves,
  EMPTY_ACCUMULATOR,
  leafOf,
  PRODUCTION_TREE,
  type Accumulator,
  type TreeShape,
} from "./seat-tree.js";

/** The most seats the cache holds, all pools together (64 full brackets of 1,024, some 10 MB). */
export const MAX_CACHED_SEATS = 65_536;

/** A pool output whose seats are read: the output holding the NFT, and what its datum says. */
export interface PoolOutput {
  /** The NFT: policy id followed by the tournament ID (hex). */
  readonly unit: string;
  readonly utxo: UTxO;
  /** The datum's count and peaks. */
  readonly accumulator: Accumulator;
  /** The tournament's registration address (bech32): the add inputs there are its seats. */
  readonly registrationAddress: string;
}

interface Entry {
  readonly seats: readonly string[];
  readonly accumulator: Accumulator;
}

const EMPTY: Entry = { seats: [], accumulator: EMPTY_ACCUMULATOR };

const sameAccumulator = (a: Accumulator, b: Accumulator): boolean =>
  a.count === b.count &&
  a.peaks.length === b.peaks.length &&
  a.peaks.every((p, i) => Buffer.from(p).equals(Buffer.from(b.peaks[i]!)));

/** What the reader needs of a chain port: its name (for the fix it names) and its history of spent outputs. */
export type SeatHistory = Pick<ChainPort, "backendName" | "consumedBy">;

/** What the operator of `chain` can do when its history misses what an add spent, a sentence. */
export function historyFix(chain: SeatHistory): string {
  switch (chain.backendName) {
    case "ogmios-kupo":
      return (
        'Kupo must keep spent outputs and index every address: run it without --prune-utxo, with --match "*", at v2.10 or later, ' +
        "synchronised from before the tournament was created."
      );
    case "blockfrost":
      return "Blockfrost may still be indexing the latest blocks: retry in a minute; if it persists, report it to the operator.";
    case "devnet":
      return "A devnet data directory from before the devnet kept spent outputs cannot give them back: use a fresh DATA_DIR.";
    default:
      return `The chain backend ${chain.backendName} must give every transaction's spent outputs with their inline datums: use the devnet, Blockfrost, or Ogmios with an unpruned Kupo.`;
  }
}

/** Reads v3 pools' seats from the chain's history, with a bounded cache (one reader per service). */
export class SeatReader {
  readonly #mainnet: boolean;
  readonly #shape: TreeShape;
  readonly #maxSeats: number;
  readonly #cache = new Map<string, Entry>();
  /** The reads under way, by pool output: what a request for the same output waits for. */
  readonly #reading = new Map<string, Promise<readonly string[]>>();
  #cachedSeats = 0;

  constructor(network: Network, options: { readonly shape?: TreeShape; readonly maxCachedSeats?: number } = {}) {
    this.#mainnet = network === "mainnet";
    this.#shape = options.shape ?? PRODUCTION_TREE;
    this.#maxSeats = options.maxCachedSeats ?? MAX_CACHED_SEATS;
  }

  /** How many pool outputs and seats the cache holds now. */
  get cached(): { readonly outputs: number; readonly seats: number } {
    return { outputs: this.#cache.size, seats: this.#cachedSeats };
  }

  /**
   * The seats of `pool` (bech32 addresses, seat order), checked against its datum's accumulator;
   * a SeatsUnreadableError naming the pool output, what is wrong and the fix when the history
   * does not give them back.
   */
  async seatsOf(chain: SeatHistory, pool: PoolOutput): Promise<readonly string[]> {
    const ref = outRefOf(pool.utxo);
    const cached = this.#touch(ref);
    if (cached !== undefined) return cached.seats;
    // One walk per output at a time: requests that find the same output being read wait for that
    // read instead of each walking the whole history again (N cold GETs of a pool cost N × its adds
    // in backend calls before; review4).
    const reading = this.#reading.get(ref);
    if (reading !== undefined) return reading;
    const read = this.#read(chain, pool, ref);
    this.#reading.set(ref, read);
    try {
      return await read;
    } finally {
      this.#reading.delete(ref);
    }
  }

  async #read(chain: SeatHistory, pool: PoolOutput, ref: string): Promise<readonly string[]> {
    const unreadable = (why: string): Error =>
      new SeatsUnreadableError(
        `The seats of the v3 tournament output ${ref} cannot be read back from the ${chain.backendName} backend's history: ${why} ${historyFix(chain)}`,
      );
    if (pool.accumulator.count > 0 && chain.consumedBy === undefined)
      throw unreadable("this backend cannot say which outputs a transaction spent.");

    // Back from the pool output to a cached one, or to the creation's (count 0): the adds, newest first.
    const adds: (readonly string[])[] = [];
    let at = pool.utxo;
    let count = pool.accumulator.count;
    let base: Entry | undefined;
    let baseRef: string | undefined;
    for (;;) {
      const known = at === pool.utxo ? undefined : this.#touch(outRefOf(at));
      if (known !== undefined) {
        base = known;
        baseRef = outRefOf(at);
        break;
      }
      if (count === 0) {
        base = EMPTY;
        break;
      }
      const hop = await this.#hop(chain, pool, at, count, unreadable);
      adds.push(hop.added);
      at = hop.previous;
      count = hop.previousCount;
    }
    if (base.accumulator.count !== count)
      throw unreadable(`the cached seats of ${outRefOf(at)} are ${base.accumulator.count}, its datum says ${count}.`);

    const added = adds.reverse().flat();
    const accumulator = appendLeaves(base.accumulator, added.map(leafOf), this.#shape);
    if (!sameAccumulator(accumulator, pool.accumulator))
      throw unreadable(
        `the ${accumulator.count} seats its adds spent do not give the datum's seat tree (count ${pool.accumulator.count} and its peaks): ` +
          "the history is incomplete or out of order.",
      );
    const entry: Entry = { seats: [...base.seats, ...added], accumulator };
    if (baseRef !== undefined) this.#drop(baseRef);
    this.#store(ref, entry);
    return entry.seats;
  }

  /**
   * One add, read back: the transaction that made pool output `at` (with `count` seats), what it
   * spent at the registration address (the seats it added, in ledger order) and the pool output it
   * spent, with that output's count.
   */
  async #hop(
    chain: SeatHistory,
    pool: PoolOutput,
    at: UTxO,
    count: number,
    unreadable: (why: string) => Error,
  ): Promise<{ added: string[]; previous: UTxO; previousCount: number }> {
    const txHash = at.input.txHash;
    let spent: UTxO[];
    try {
      spent = [...(await consumedByOf(chain, txHash))].sort(ledgerOrder);
    } catch (error) {
      // A transaction the backend does not know, though it made the output it shows: its history has a hole.
      if (error instanceof NotFoundError)
        throw unreadable(`the backend knows no transaction ${txHash}, which made output ${outRefOf(at)}.`);
      throw error;
    }
    const pools = spent.filter((u) => u.output.amount.some((a) => a.unit === pool.unit && a.quantity === "1"));
    const previous = pools[0];
    if (previous === undefined || pools.length !== 1)
      throw unreadable(
        `transaction ${txHash} made output ${outRefOf(at)} with ${count} seats, but the backend gives ${pools.length} outputs holding the NFT among the ${spent.length} it spent (an add spends exactly one).`,
      );
    const datum =
      previous.output.plutusData === undefined ? null : decodePoolDatum(previous.output.plutusData, this.#mainnet);
    if (datum === null)
      throw unreadable(
        `the backend gives the pool output ${outRefOf(previous)}, which transaction ${txHash} spent, without an inline datum that decodes as a pool datum.`,
      );
    const registrations = spent.filter((u) => u.output.address === pool.registrationAddress);
    const added: string[] = [];
    for (const r of registrations) {
      const address =
        r.output.plutusData === undefined ? null : decodeRegistrationDatum(r.output.plutusData, this.#mainnet);
      if (address === null)
        throw unreadable(
          `the backend gives the registration ${outRefOf(r)}, which transaction ${txHash} spent, without an inline datum naming its registrant.`,
        );
      added.push(address);
    }
    if (added.length === 0 || datum.count + added.length !== count)
      throw unreadable(
        `transaction ${txHash} took the pool from ${datum.count} to ${count} seats, but the backend gives ${added.length} registrations among the outputs it spent.`,
      );
    return { added, previous, previousCount: datum.count };
  }

  /** The entry of `ref`, now the most recently used; undefined when none. */
  #touch(ref: string): Entry | undefined {
    const entry = this.#cache.get(ref);
    if (entry !== undefined) {
      this.#cache.delete(ref);
      this.#cache.set(ref, entry);
    }
    return entry;
  }

  #drop(ref: string): void {
    const entry = this.#cache.get(ref);
    if (entry === undefined) return;
    this.#cache.delete(ref);
    this.#cachedSeats -= entry.seats.length;
  }

  #store(ref: string, entry: Entry): void {
    this.#drop(ref);
    this.#cache.set(ref, entry);
    this.#cachedSeats += entry.seats.length;
    // Least recently used first out (Map keeps insertion order; #touch re-inserts), the newest kept.
    for (const [oldest] of this.#cache) {
      if (this.#cachedSeats <= this.#maxSeats || oldest === ref) break;
      this.#drop(oldest);
    }
  }
}
