// Failure handling around a real-network backend, as a wrapper of the port (the adapters stay
// plain translations): every call has a deadline; transient failures (unreachable, timeout,
// 429, 5xx) are retried with exponential backoff and full jitter, honouring Retry-After; the
// backend's rate limit is kept with a token bucket; what still fails becomes
// ChainUnavailableError (503) naming the backend. Ledger rejections pass through untouched.
//
// Submit is special: it is retried only when the backend certainly did not act on it (429, or a
// connection that was refused before anything was sent). After a timeout or a 5xx the
// transaction may already be in the mempool; the error names its id so the caller checks
// GET /transactions/{txHash} instead of the service double-submitting behind its back.
import { txHashOf } from "../../cardano/tx-view.js";
import { ChainUnavailableError } from "../../errors.js";
import type { BackendHealth, ChainBackend, EpochInfo, ObservedChain } from "../backend.js";
import {
  assetHistoryOf,
  consumedByOf,
  spenderOf,
  transactionOf,
  type AssetOutput,
  type ChainParameters,
  type HeldOutput,
  type OutRef,
  type RedeemerBudget,
  type StakeAccount,
  type Tip,
  type TxStatus,
  type UTxO,
} from "../port.js";
import { BackendError, isBackendError } from "./backend-error.js";
import { TokenBucket, type RateLimit } from "./rate-limiter.js";

export interface ResilienceOptions {
  /** Longest wait for one attempt. */
  readonly attemptTimeoutMs: number;
  /** Longest time for a whole call, retries and waits included. */
  readonly deadlineMs: number;
  /** Longest time for one submit attempt (submits are not retried after a timeout). */
  readonly submitTimeoutMs: number;
  /** Retries after the first attempt. */
  readonly retries: number;
  readonly backoffBaseMs: number;
  readonly backoffMaxMs: number;
  /** The backend's published rate limit, when it has one. */
  readonly rateLimit?: RateLimit;
  /**
   * The bucket the adapter takes a token from before each HTTP request (one port call may make
   * several). The wrapper pauses it when the backend answers 429. Without one, the wrapper
   * keeps `rateLimit` itself, one token per port call. Either way, waiting for a token counts
   * against the attempt's timeout.
   */
  readonly limiter?: TokenBucket;
  /** Source of jitter in [0, 1) (tests may fix it). */
  readonly random?: () => number;
}

export const DEFAULT_RESILIENCE: ResilienceOptions = {
  attemptTimeoutMs: 10_000,
  deadlineMs: 25_000,
  submitTimeoutMs: 30_000,
  retries: 4,
  backoffBaseMs: 250,
  backoffMaxMs: 8_000,
};

/** Blockfrost's published limit: 10 requests per second per IP, bursts of 500. */
export const BLOCKFROST_RATE_LIMIT: RateLimit = { perSecond: 10, burst: 500 };

type RetryPolicy = (error: BackendError) => boolean;
const retryTransient: RetryPolicy = (error) => error.transient;
const retrySubmit: RetryPolicy = (error) => error.kind === "throttled" || (error.kind === "unreachable" && !error.sent);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const isLedgerRejection = (error: unknown): boolean =>
  (error as { code?: string })?.code === "CHAIN_ERR_LEDGER_REJECTED";
const isClientError = (error: unknown): boolean => {
  const status = (error as { statusCode?: unknown })?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
};

class ResilientChain implements ChainBackend, ObservedChain {
  readonly network;
  readonly backendName;
  readonly #inner: ChainBackend;
  readonly #options: ResilienceOptions;
  /** Per-call bucket (when the adapter does not limit its own requests). */
  readonly #bucket: TokenBucket | undefined;
  /** The adapter's per-request bucket, paused on 429. */
  readonly #sharedBucket: TokenBucket | undefined;
  readonly #random: () => number;
  #health: BackendHealth;

  constructor(inner: ChainBackend, options: ResilienceOptions) {
    this.#inner = inner;
    this.network = inner.network;
    this.backendName = inner.backendName;
    this.#options = options;
    this.#sharedBucket = options.limiter;
    this.#bucket = options.limiter ? undefined : options.rateLimit ? new TokenBucket(options.rateLimit) : undefined;
    this.#random = options.random ?? Math.random;
    this.#health = { backend: inner.backendName, state: "unknown", since: Date.now(), consecutiveFailures: 0 };
  }

  health(): BackendHealth {
    return this.#health;
  }

  tip(): Promise<Tip> {
    return this.#call("tip", () => this.#inner.tip());
  }
  probe(timeoutMs = 3_000): Promise<Tip> {
    return this.#call(
      "tip",
      () => this.#inner.tip(),
      () => false,
      timeoutMs,
    );
  }
  currentEpoch(): Promise<EpochInfo> {
    return this.#call("currentEpoch", () => this.#inner.currentEpoch());
  }
  protocolParameters(): Promise<ChainParameters> {
    return this.#call("protocolParameters", () => this.#inner.protocolParameters());
  }
  utxosAt(address: string): Promise<UTxO[]> {
    return this.#call("utxosAt", () => this.#inner.utxosAt(address));
  }
  utxosByRef(refs: readonly OutRef[]): Promise<UTxO[]> {
    return this.#call("utxosByRef", () => this.#inner.utxosByRef(refs));
  }
  evaluate(txCbor: string, additionalUtxos?: readonly UTxO[]): Promise<RedeemerBudget[]> {
    return this.#call("evaluate", () => this.#inner.evaluate(txCbor, additionalUtxos));
  }
  txStatus(txHash: string): Promise<TxStatus> {
    return this.#call("txStatus", () => this.#inner.txStatus(txHash));
  }
  lastOutputWith(unit: string): Promise<AssetOutput | null> {
    return this.#call("lastOutputWith", () => this.#inner.lastOutputWith(unit));
  }
  stakeAccount(rewardAddress: string): Promise<StakeAccount> {
    return this.#call("stakeAccount", () => this.#inner.stakeAccount(rewardAddress));
  }
  transaction(txHash: string): Promise<string | null> {
    return this.#call("transaction", () => transactionOf(this.#inner, txHash));
  }
  spentBy(ref: OutRef): Promise<string | null> {
    return this.#call("spentBy", () => spenderOf(this.#inner, ref));
  }
  assetHistory(unit: string): Promise<HeldOutput[]> {
    return this.#call("assetHistory", () => assetHistoryOf(this.#inner, unit));
  }
  consumedBy(txHash: string): Promise<UTxO[]> {
    return this.#call("consumedBy", () => consumedByOf(this.#inner, txHash));
  }
  submit(txCbor: string): Promise<string> {
    return this.#call(
      "submit",
      () => this.#inner.submit(txCbor),
      retrySubmit,
      this.#options.submitTimeoutMs,
      () => {
        let txHash: string | undefined;
        try {
          txHash = txHashOf(txCbor);
        } catch {
          txHash = undefined;
        }
        return txHash === undefined
          ? " The transaction may have reached the backend: check its status before submitting it again."
          : ` The transaction may have reached the backend: check GET /transactions/${txHash} before submitting it again.`;
      },
    );
  }
  close(): Promise<void> {
    return this.#inner.close();
  }

  #backoff(attempt: number): number {
    const ceiling = Math.min(this.#options.backoffMaxMs, this.#options.backoffBaseMs * 2 ** attempt);
    return Math.floor(this.#random() * ceiling); // "full jitter"
  }

  async #call<T>(
    operation: string,
    run: () => Promise<T>,
    mayRetry: RetryPolicy = retryTransient,
    attemptTimeoutMs = this.#options.attemptTimeoutMs,
    uncertainOutcome?: () => string,
  ): Promise<T> {
    const { deadlineMs, retries } = this.#options;
    const started = Date.now();
    const remaining = (): number => deadlineMs - (Date.now() - started);
    let lastError: BackendError | undefined;
    let attempts = 0;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (this.#bucket && !(await this.#bucket.take(Math.max(0, remaining())))) {
        lastError = new BackendError(
          this.backendName,
          "throttled",
          `our request budget for the ${this.backendName} rate limit is used up`,
        );
        break;
      }
      const budget = Math.max(1, Math.min(attemptTimeoutMs, operation === "submit" ? attemptTimeoutMs : remaining()));
      attempts += 1;
      try {
        const value = await withTimeout(
          run(),
          budget,
          () => new BackendError(this.backendName, "timeout", `no answer within ${budget} ms`),
        );
        this.#up();
        return value;
      } catch (error) {
        if (isLedgerRejection(error)) {
          this.#up(); // the backend answered: the ledger said no
          throw error;
        }
        if (isClientError(error)) throw error; // bad input (400): the caller's to fix
        if (!isBackendError(error)) {
          // Anything else an adapter lets through is an answer it could not read: the backend's
          // failure (503), not a crash of the service (500). Not retried: it would read the same.
          lastError = new BackendError(
            this.backendName,
            "refused",
            `${operation}: unexpected answer: ${(error as Error)?.message ?? String(error)}`,
            { cause: error },
          );
          break;
        }
        lastError = error;
        if (error.kind === "throttled" && error.retryAfterMs !== undefined)
          (this.#bucket ?? this.#sharedBucket)?.pause(error.retryAfterMs);
        if (!mayRetry(error) || attempt === retries) break;
        const delay = error.retryAfterMs ?? this.#backoff(attempt);
        if (delay >= remaining()) break;
        await sleep(delay);
      }
    }
    const reason = lastError?.message ?? "no attempt could be made in time";
    this.#down(reason);
    const tries = attempts > 1 ? ` (${attempts} attempts)` : "";
    const maybeActedOn =
      lastError !== undefined && lastError.sent && ["timeout", "server", "unreachable"].includes(lastError.kind);
    const uncertain = uncertainOutcome && maybeActedOn ? uncertainOutcome() : "";
    throw new ChainUnavailableError(
      `The ${this.backendName} chain backend could not serve ${operation}${tries}: ${reason}${/[.!?]$/.test(reason) ? "" : "."}${uncertain}`,
      { cause: lastError },
    );
  }

  #up(): void {
    if (this.#health.state !== "up" || this.#health.consecutiveFailures !== 0) {
      this.#health = { backend: this.backendName, state: "up", since: Date.now(), consecutiveFailures: 0 };
    }
  }

  #down(reason: string): void {
    const since = this.#health.state === "down" ? this.#health.since : Date.now();
    this.#health = {
      backend: this.backendName,
      state: "down",
      since,
      consecutiveFailures: this.#health.consecutiveFailures + 1,
      lastError: reason,
    };
  }
}

/** Wraps a backend with deadlines, retries, its rate limit and health tracking. */
export function withResilience(
  inner: ChainBackend,
  options: Partial<ResilienceOptions> = {},
): ChainBackend & ObservedChain {
  return new ResilientChain(inner, { ...DEFAULT_RESILIENCE, ...options });
}
