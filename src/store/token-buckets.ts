// Per-second rate and burst: one token bucket per key, holding at most `burst` tokens and
// refilled continuously at `perSecond` tokens per second; a request takes one token.
//
// MemoryTokenBuckets keeps the buckets in this process. That is exact for one instance; a fleet
// behind a load balancer would let each instance grant the full rate, so with REDIS_URL set the
// buckets live in Redis (RedisTokenBuckets: a script doing the same arithmetic atomically), and
// openTokenBuckets (open-token-buckets.ts) picks one of the two.
import type { KeyLimits } from "./types.js";

export interface TakeResult {
  readonly allowed: boolean;
  /** Whole tokens left after this request. */
  readonly remaining: number;
  /** When refused: milliseconds until one whole token is available. 0 when allowed. */
  readonly retryAfterMs: number;
}

export interface TokenBuckets {
  /** Takes one token from the key's bucket at time `now` (Unix ms), if one is available. */
  take(keyId: string, limits: KeyLimits, now: number): Promise<TakeResult>;
  /** Gives back a token taken for a request that was refused for another reason. */
  refund(keyId: string, limits: KeyLimits, now: number): Promise<void>;
  /** Lets go of what the buckets hold open (a connection); they are not used afterwards. */
  close(): Promise<void>;
  /** Why the buckets cannot be charged right now (for health), or null when they can. */
  problem(): Promise<string | null>;
}

interface Bucket {
  tokens: number;
  at: number;
  /** When the bucket will be full again; from then on it is the same as no bucket. */
  fullAt: number;
}

/** Buckets beyond this many are swept of full ones (a full bucket is the same as none). */
const SWEEP_ABOVE = 10_000;

export class MemoryTokenBuckets implements TokenBuckets {
  readonly #buckets = new Map<string, Bucket>();

  async take(keyId: string, limits: KeyLimits, now: number): Promise<TakeResult> {
    const bucket = this.#refilled(keyId, limits, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      bucket.fullAt = bucket.at + ((limits.burst - bucket.tokens) * 1000) / limits.perSecond;
      return { allowed: true, remaining: Math.floor(bucket.tokens), retryAfterMs: 0 };
    }
    return { allowed: false, remaining: 0, retryAfterMs: Math.ceil(((1 - bucket.tokens) * 1000) / limits.perSecond) };
  }

  async refund(keyId: string, limits: KeyLimits, now: number): Promise<void> {
    const bucket = this.#refilled(keyId, limits, now);
    bucket.tokens = Math.min(limits.burst, bucket.tokens + 1);
    bucket.fullAt = bucket.at + ((limits.burst - bucket.tokens) * 1000) / limits.perSecond;
  }

  async close(): Promise<void> {
    this.#buckets.clear();
  }

  async problem(): Promise<string | null> {
    return null;
  }

  /** The key's bucket brought up to `now`. A clock that goes backwards adds nothing. */
  #refilled(keyId: string, limits: KeyLimits, now: number): Bucket {
    let bucket = this.#buckets.get(keyId);
    if (!bucket) {
      if (this.#buckets.size >= SWEEP_ABOVE) this.#sweep(now);
      bucket = { tokens: limits.burst, at: now, fullAt: now };
      this.#buckets.set(keyId, bucket);
      return bucket;
    }
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(limits.burst, bucket.tokens + (elapsed * limits.perSecond) / 1000);
    bucket.at = Math.max(bucket.at, now);
    return bucket;
  }

  /** Drops the buckets that have refilled completely: forgetting them changes nothing. */
  #sweep(now: number): void {
    for (const [id, bucket] of this.#buckets) if (bucket.fullAt <= now) this.#buckets.delete(id);
  }
}
