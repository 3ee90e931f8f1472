// The one error type adapters throw for a failure of the backend itself (as opposed to the
// ledger refusing a transaction, which is LedgerRejectedError). The resilience wrapper reads
// `kind` to decide whether to retry, and turns what is left into ChainUnavailableError (503).

/**
 * - `unreachable`: the connection could not be made or broke before an answer (safe to retry
 *   reads; a submit that never reached the backend is safe to retry too when `sent` is false).
 * - `timeout`: no answer within the time allowed (the backend may still act on it).
 * - `throttled`: the backend asked us to slow down (HTTP 429, 425 mempool full).
 * - `server`: the backend failed (HTTP 5xx, a JSON-RPC internal error).
 * - `refused`: the backend answered and will not serve this (bad project id, quota exhausted,
 *   an answer we cannot read): retrying does not help.
 */
export type BackendFailure = "unreachable" | "timeout" | "throttled" | "server" | "refused";

export interface BackendErrorDetails {
  /** HTTP status or JSON-RPC code, when the backend answered. */
  readonly status?: number;
  /** How long the backend asked us to wait (Retry-After), in milliseconds. */
  readonly retryAfterMs?: number;
  /** False when the request certainly never reached the backend (connection refused). */
  readonly sent?: boolean;
  readonly cause?: unknown;
}

export class BackendError extends Error {
  override readonly name = "BackendError";
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly sent: boolean;

  constructor(
    readonly backend: string,
    readonly kind: BackendFailure,
    message: string,
    details: BackendErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.sent = details.sent ?? kind !== "unreachable";
  }

  /** Whether asking again later may succeed. */
  get transient(): boolean {
    return this.kind !== "refused";
  }
}

export const isBackendError = (error: unknown): error is BackendError => error instanceof BackendError;

/** Reads a Retry-After header (delta-seconds or an HTTP date) as milliseconds from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Classifies an error thrown by fetch (undici) before any response arrived. */
export function fromFetchError(backend: string, what: string, error: unknown): BackendError {
  const err = error as { name?: string; cause?: { code?: string; message?: string } };
  if (err?.name === "TimeoutError" || err?.name === "AbortError") {
    return new BackendError(backend, "timeout", `${what}: no answer in time.`, { cause: error });
  }
  const code = err?.cause?.code;
  const notSent =
    code === "ECONNREFUSED" ||
    code === "ENOTFOUND" ||
    code === "EAI_AGAIN" ||
    code === "EHOSTUNREACH" ||
    code === "ENETUNREACH";
  const reason = code ?? err?.cause?.message ?? (error as Error)?.message ?? String(error);
  return new BackendError(backend, "unreachable", `${what}: ${reason}.`, { cause: error, sent: !notSent });
}
