// What an attempt's result means for its delivery and its webhook (docs/events-design.md §5): a
// 2xx is delivered; a timeout, a connection error, a 408, a 429 or a 5xx is tried again after
// min(max, base · 2^(attempt-1)) ±20 % (5 s, 10 s, 20 s… up to 1 h by default); any other answer
// (another 4xx, a 3xx: redirects are not followed) and a refused target fail the delivery for good.
// A webhook whose attempts fail N times in a row, or for H hours since the first of them, is paused.
import type { AttemptOutcome, StoredWebhook } from "../store/types.js";
import type { SendResult } from "./send.js";

export interface RetryPolicy {
  /** The first retry's delay (ms). */
  readonly baseMs: number;
  /** The longest delay (ms). */
  readonly maxMs: number;
  /** Failed attempts in a row that pause the webhook. */
  readonly pauseAfterFailures: number;
  /** Milliseconds of failures that pause the webhook. */
  readonly pauseAfterMs: number;
}

/** The delay before attempt `attempts + 1`, `attempts` having failed; `random` in [0, 1). */
export function retryDelayMs(policy: RetryPolicy, attempts: number, random: number): number {
  const plain = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(attempts - 1, 40));
  return Math.round(plain * (0.8 + 0.4 * random));
}

const retried = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/** The delivery's state after its `attempts`-th attempt met `result` at `now`. */
export function outcomeOf(
  result: SendResult,
  attempts: number,
  now: number,
  policy: RetryPolicy,
  random: number,
): AttemptOutcome {
  const { status } = result;
  if (status !== null && status >= 200 && status < 300)
    return { state: "delivered", status, error: null, nextAttemptAt: null };
  let error: string;
  if (status === null) error = result.error ?? "No answer.";
  else if (status >= 300 && status < 400) error = `HTTP ${status}: redirects are not followed; give the final URL.`;
  else error = `HTTP ${status}${result.error === null ? "" : `: ${result.error}`}`;
  const again = status === null ? result.transient && !result.refused : retried(status);
  return again
    ? { state: "pending", status, error, nextAttemptAt: now + retryDelayMs(policy, attempts, random) }
    : { state: "failed", status, error, nextAttemptAt: null };
}

/** Why `webhook` (as it is after a failed attempt) is to be paused now, or null when it is not. */
export function pauseReason(
  webhook: StoredWebhook,
  now: number,
  policy: RetryPolicy,
  lastError: string,
): string | null {
  if (webhook.failures >= policy.pauseAfterFailures)
    return `${webhook.failures} failed attempts in a row (WEBHOOK_PAUSE_AFTER_FAILURES); the last: ${lastError}`;
  if (webhook.failingSince !== null && now - webhook.failingSince >= policy.pauseAfterMs)
    return `No delivery for ${Math.round((now - webhook.failingSince) / 3_600_000)} h of failed attempts (WEBHOOK_PAUSE_AFTER_HOURS); the last: ${lastError}`;
  return null;
}
