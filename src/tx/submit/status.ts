// The status of a transaction as a client sees it: what the chain says (confirmed, with its
// depth), completed by what this instance remembers of its own recent submissions: one the ledger
// refused is `rejected` with the ledger's reason; one a backend accepted that is not on the chain
// yet is `pending`. The memory is in-process and bounded (SUBMISSION_MEMORY, the oldest forgotten
// first): after a restart, or 10,000 submissions later, such a transaction is `unknown` again.
// And the wait: the status polled until the transaction is deep enough, refused, or time is up.
import { setTimeout as sleep } from "node:timers/promises";
import type { ChainPort } from "../../chain/port.js";

/** How many recent submissions' outcomes an instance remembers. */
export const SUBMISSION_MEMORY = 10_000;

export type TransactionStatus =
  | { readonly status: "confirmed"; readonly confirmations: number | null }
  | { readonly status: "pending" }
  | { readonly status: "rejected"; readonly reason: string }
  | { readonly status: "unknown" };

type Outcome = { readonly status: "pending" } | { readonly status: "rejected"; readonly reason: string };

/** The outcomes of this instance's recent submissions, by transaction id (lowercase hex). */
export class SubmissionLog {
  readonly #outcomes = new Map<string, Outcome>();

  constructor(readonly capacity = SUBMISSION_MEMORY) {}

  /** The backend accepted the transaction: pending until the chain shows it. */
  accepted(txHash: string): void {
    this.#remember(txHash, { status: "pending" });
  }

  /** The ledger refused the transaction, for `reason`. */
  rejected(txHash: string, reason: string): void {
    this.#remember(txHash, { status: "rejected", reason });
  }

  /** Forgets every outcome: the devnet's state was replaced (a reset, a restore), so the chain alone tells. */
  clear(): void {
    this.#outcomes.clear();
  }

  outcomeOf(txHash: string): Outcome | undefined {
    return this.#outcomes.get(txHash.toLowerCase());
  }

  #remember(txHash: string, outcome: Outcome): void {
    const key = txHash.toLowerCase();
    this.#outcomes.delete(key); // the latest outcome is the newest entry
    if (this.#outcomes.size >= this.capacity) this.#outcomes.delete(this.#outcomes.keys().next().value as string);
    this.#outcomes.set(key, outcome);
  }
}

/** The chain's answer first (a transaction on the chain is confirmed whatever was remembered), then the log's. */
export async function transactionStatus(
  chain: ChainPort,
  log: SubmissionLog,
  txHash: string,
): Promise<TransactionStatus> {
  const onChain = await chain.txStatus(txHash);
  if (onChain.status === "confirmed") return onChain;
  return log.outcomeOf(txHash) ?? { status: "unknown" };
}

export interface WaitOptions {
  /** The depth to reach (1: in a block). */
  readonly confirmations: number;
  readonly timeoutMs: number;
  /** Between two looks at the chain. */
  readonly intervalMs: number;
  /** Aborted when the client goes away: the polling stops. */
  readonly signal?: AbortSignal;
}

export type WaitResult = TransactionStatus & { readonly timedOut: boolean };

const deepEnough = (status: TransactionStatus, confirmations: number): boolean =>
  status.status === "confirmed" &&
  (status.confirmations === null ? confirmations === 1 : status.confirmations >= confirmations);

/**
 * Polls the status until the transaction has `confirmations` blocks (or the backend confirms it
 * without a depth and one was asked for), is rejected, or `timeoutMs` passed: then the last status
 * with `timedOut: true`. Rejects with the signal's reason when the signal aborts.
 */
export async function waitForTransaction(
  chain: ChainPort,
  log: SubmissionLog,
  txHash: string,
  options: WaitOptions,
): Promise<WaitResult> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    options.signal?.throwIfAborted();
    const status = await transactionStatus(chain, log, txHash);
    if (status.status === "rejected" || deepEnough(status, options.confirmations))
      return { ...status, timedOut: false };
    const left = deadline - Date.now();
    if (left <= 0) return { ...status, timedOut: true };
    await sleep(Math.min(options.intervalMs, left), undefined, { signal: options.signal }).catch((error: unknown) => {
      throw options.signal?.reason ?? error; // the signal's reason, as throwIfAborted gives it
    });
  }
}
