// What a real network's events are recorded for (docs/events-design.md §2). The devnet's
// follower sees only the devnet's own transactions, so every one gets its events; a real
// network's blocks carry the whole chain's traffic (mainnet: hundreds of thousands of
// transactions a day), of which a user of this service asked about a few. There the log records
// a transaction's events only when it is pending (submitted through this instance, or rolled
// back), or its hash or one of the addresses it touches is watched; and an output's
// address.received or address.spent only when its address is watched. Watched: the filters of
// the open GET /events streams and of the live webhooks (each holds its watch while it lives),
// and the addresses the block event sources declare (the tournaments' contracts).

/** What a holder watches: the keys of its filter. */
export interface Watch {
  readonly addresses?: readonly string[];
  readonly txHashes?: readonly string[];
}

/** Which transactions and outputs of a block get events (null in the step: all of them). */
export interface Relevance {
  txHash(txHash: string): boolean;
  address(address: string): boolean;
}

/** Addresses and transaction ids watched, each counted by its holders. */
export class WatchSet {
  readonly #addresses = new Map<string, number>();
  readonly #txHashes = new Map<string, number>();

  /** Watches `watch` until the function it answers is called (once; later calls do nothing). */
  watch(watch: Watch): () => void {
    const addresses = [...new Set(watch.addresses ?? [])];
    const txHashes = [...new Set((watch.txHashes ?? []).map((h) => h.toLowerCase()))];
    for (const a of addresses) this.#addresses.set(a, (this.#addresses.get(a) ?? 0) + 1);
    for (const h of txHashes) this.#txHashes.set(h, (this.#txHashes.get(h) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const a of addresses) release(this.#addresses, a);
      for (const h of txHashes) release(this.#txHashes, h);
    };
  }

  hasAddress(address: string): boolean {
    return this.#addresses.has(address);
  }

  hasTx(txHash: string): boolean {
    return this.#txHashes.has(txHash.toLowerCase());
  }

  /** The watched addresses now (a copy: the followers read it once per batch). */
  addresses(): Set<string> {
    return new Set(this.#addresses.keys());
  }
}

function release(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
