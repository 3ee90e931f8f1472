// When and how long to wait before sending a request again: exponential backoff with full jitter,
// or the server's Retry-After when it gives one. Sleep and randomness are injectable for tests.

export interface RetryOptions {
  /** Sends in all, the first included (1: never retry). Default 4. */
  attempts: number;
  /** The backoff's first ceiling, in ms: retry n waits random() × min(maxDelayMs, baseDelayMs × 2^n). Default 500. */
  baseDelayMs: number;
  /** The backoff's largest ceiling, in ms. Default 10 000. */
  maxDelayMs: number;
  /** A Retry-After longer than this (a daily quota's, until midnight UTC) is not waited for: the ApiError is thrown at once. Default 60 000. */
  maxRetryAfterMs: number;
  /** Waits `ms` (default: a timer, aborted with the call's signal). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) (default Math.random). */
  random: () => number;
}

export const DEFAULT_RETRY: Readonly<RetryOptions> = Object.freeze({
  attempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
  sleep: (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
  random: Math.random,
});

/** The options with `overrides` applied; `false` means a single attempt. */
export function retryOptions(base: Readonly<RetryOptions>, overrides?: Partial<RetryOptions> | false): RetryOptions {
  if (overrides === false) return { ...base, attempts: 1 };
  const options = { ...base, ...overrides };
  if (!Number.isInteger(options.attempts) || options.attempts < 1)
    throw new RangeError(`retry.attempts must be an integer ≥ 1, not ${options.attempts}`);
  return options;
}

/** Full-jitter exponential backoff before retry number `retry` (0 for the first retry). */
export function backoffMs(retry: number, options: Pick<RetryOptions, "baseDelayMs" | "maxDelayMs" | "random">): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  return Math.floor(options.random() * ceiling);
}

/**
 * The wait before retry number `retry`, or undefined not to retry: Retry-After (seconds) when
 * the answer had one (undefined when it is longer than maxRetryAfterMs), else the backoff.
 */
export function delayBeforeRetry(
  retry: number,
  retryAfterSeconds: number | undefined,
  options: RetryOptions,
): number | undefined {
  if (retryAfterSeconds === undefined) return backoffMs(retry, options);
  const ms = retryAfterSeconds * 1000;
  return ms > options.maxRetryAfterMs ? undefined : ms;
}
