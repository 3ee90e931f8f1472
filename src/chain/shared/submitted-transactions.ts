// What a real-network adapter remembers of the transactions it submitted itself: their CBOR, by
// id, so that it can give a transaction the chain does not show yet (in the mempool) or one its
// indexer keeps no body of (Kupo). In memory and bounded: a restart, or SUBMITTED_MEMORY
// submissions later, forgets one. Only what the backend accepted is kept.
import { txHashOf } from "../../cardano/tx-view.js";

/** How many submitted transactions an adapter remembers (at most 16 KB each: 16 MB). */
export const SUBMITTED_MEMORY = 1_000;

export class SubmittedTransactions {
  readonly #cbor = new Map<string, string>();

  constructor(readonly capacity = SUBMITTED_MEMORY) {}

  /** Remembers a transaction the backend accepted (its id read from the CBOR when not given). */
  accepted(txCbor: string, txHash?: string): void {
    let key: string;
    try {
      key = (txHash ?? txHashOf(txCbor)).toLowerCase();
    } catch {
      return; // accepted yet unreadable here: nothing to remember it by
    }
    this.#cbor.delete(key);
    if (this.#cbor.size >= this.capacity) this.#cbor.delete(this.#cbor.keys().next().value as string);
    this.#cbor.set(key, txCbor.toLowerCase());
  }

  /** The CBOR hex of a transaction this adapter submitted, or null. */
  cborOf(txHash: string): string | null {
    return this.#cbor.get(txHash.toLowerCase()) ?? null;
  }
}
