// Group commit: the transactions a devnet validates one after another while none is on disk yet
// are written together, in one SQLite transaction (one fsync), and each submit is answered only
// once the commit that holds it succeeded. A PendingBatch is what was validated and not yet
// committed: the ledger as the next transaction of the batch must see it (the outputs the batch
// spent are gone, those it created are there, with the datums its witness sets carry), layered
// over the devnet's UTxO index, which changes only after the commit. A failed commit drops the
// whole batch: nothing of it was accepted.
import type { OutRef } from "../port.js";
import type { AcceptedTx } from "./store.js";
import { inputCbor } from "./utxo-map.js";

/** An accepted transaction as its batch holds it: what the store writes, and how its asset spends are read. */
export interface PendingTx extends Omit<AcceptedTx, "assetSpends"> {
  /** Its spent inputs (valid or not), for the asset history's spends (read inside the commit). */
  readonly inputs: readonly OutRef[];
  readonly witnessSet: Uint8Array;
  /** False when it is marked invalid (is_valid false: only its collateral moves). */
  readonly valid: boolean;
}

/** Who waits for a transaction of the batch: answered with its id after the commit, or the commit's error. */
export interface Waiter {
  readonly txHash: string;
  readonly resolve: (txHash: string) => void;
  readonly reject: (error: unknown) => void;
}

export class PendingBatch {
  readonly txs: PendingTx[] = [];
  readonly waiters: Waiter[] = [];
  /** Outputs the batch created (input CBOR hex → output), and those it spent (input CBOR hex). */
  readonly #created = new Map<string, Uint8Array>();
  readonly #spent = new Set<string>();
  readonly #datums = new Map<string, string>();
  readonly #hashes = new Set<string>();
  /** Set by a transaction whose certificates change the stake state: the next one is validated after the commit. */
  #stakeChanged = false;

  get isEmpty(): boolean {
    return this.txs.length === 0 && this.waiters.length === 0;
  }

  /** True once a transaction of the batch changed the stake state, which the next validation reads from the store. */
  get mustCommit(): boolean {
    return this.#stakeChanged;
  }

  /** Whether the batch holds the transaction `txHash`. */
  holds(txHash: string): boolean {
    return this.#hashes.has(txHash);
  }

  /**
   * The output at `input` (CBOR hex) as the batch leaves the ledger: undefined when the batch spent
   * it, else the batch's own output, else what `committed` holds.
   */
  output(input: string, committed: ReadonlyMap<string, Uint8Array>): Uint8Array | undefined {
    if (this.#spent.has(input)) return undefined;
    return this.#created.get(input) ?? committed.get(input);
  }

  /** A datum a witness set of the batch carried, by hash. */
  datum(hash: string): string | undefined {
    return this.#datums.get(hash);
  }

  /**
   * Applies the batch to the UTxO index `index` (after its commit): its outputs added, then those
   * it spent removed (the order of its transactions needs no replay: none spends an output of a
   * later one). The keys are those add() wrote; each output is copied out of its transaction's bytes.
   */
  applyTo(index: Map<string, Uint8Array>): void {
    for (const [input, output] of this.#created) index.set(input, output.slice());
    for (const input of this.#spent) index.delete(input);
  }

  add(tx: PendingTx): void {
    this.txs.push(tx);
    this.#hashes.add(tx.txHash);
    for (const ref of tx.spent) this.#spent.add(inputCbor(ref.txHash, ref.index));
    for (const { index, output } of tx.created) this.#created.set(inputCbor(tx.txHash, index), output);
    for (const { hash, datum } of tx.datums) this.#datums.set(hash, datum);
    if ((tx.certificates ?? []).length > 0) this.#stakeChanged = true;
  }
}
