// A token bucket that keeps our calls within a backend's published limits (Blockfrost:
// 10 requests per second with a burst of 500). Tokens are reserved in call order, so waiting
// callers are served first-come first-served without polling; a 429 pauses the whole bucket.

export interface RateLimit {
  /** Sustained requests per second. */
  readonly perSecond: number;
  /** Requests that may be made at once after a quiet period. */
  readonly burst: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class TokenBucket {
  #tokens: number;
  #updatedAt: number;
  #pausedUntil = 0;

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {
    if (!(limit.perSecond > 0) || !(limit.burst >= 1))
      throw new RangeError("A rate limit needs perSecond > 0 and burst >= 1.");
    this.#tokens = limit.burst;
    this.#updatedAt = now();
  }

  #refill(): void {
    const now = this.now();
    const elapsed = Math.max(0, now - this.#updatedAt) / 1000;
    this.#tokens = Math.min(this.limit.burst, this.#tokens + elapsed * this.limit.perSecond);
    this.#updatedAt = now;
  }

  /** Milliseconds a caller arriving now would wait for its token. */
  waitTime(): number {
    this.#refill();
    const pause = Math.max(0, this.#pausedUntil - this.now());
    const shortfall = this.#tokens >= 1 ? 0 : ((1 - this.#tokens) / this.limit.perSecond) * 1000;
    return Math.max(pause, Math.ceil(shortfall));
  }

  /**
   * Takes one token, waiting for it when needed. Resolves false, taking nothing, when the wait
   * would exceed `maxWaitMs`.
   */
  async take(maxWaitMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    const wait = this.waitTime();
    if (wait > maxWaitMs) return false;
    this.#tokens -= 1; // reserved now: later callers queue behind this one
    if (wait > 0) await sleep(wait);
    return true;
  }

  /** The backend said "too many requests": nobody calls it before `ms` from now, and the burst is spent. */
  pause(ms: number): void {
    this.#refill();
    this.#pausedUntil = Math.max(this.#pausedUntil, this.now() + ms);
    this.#tokens = Math.min(this.#tokens, 0);
  }
}
