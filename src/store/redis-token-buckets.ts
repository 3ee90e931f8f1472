// Token buckets shared by a fleet: the same per-second rate and burst as MemoryTokenBuckets, kept in
// Redis so that every instance charges the same bucket. One Lua script (run with EVALSHA through
// ioredis defineCommand) refills, takes or refunds, and writes back in one atomic step, so
// concurrent requests on any number of instances are granted exactly `burst` tokens at once.
//
// Why our own script rather than rate-limiter-flexible: its limiters are fixed or sliding windows,
// and its BurstyRateLimiter (a window plus a burst window) lets perSecond + burst requests through
// in the first second, where a token bucket lets exactly `burst` through and then one every
// 1/perSecond seconds. The fleet must answer as one instance does today, so the arithmetic here is
// MemoryTokenBuckets', line for line (test/store/token-buckets.test.ts runs both on one contract).
//
// Layout: one hash per key, `<prefix><keyId>` → { tokens (a float), at (Unix ms of the last
// refill) }. The key expires (PEXPIRE) when the bucket would be full again: a full bucket is the
// same as none, so idle keys cost Redis nothing.
//
// Time: Redis's own clock (TIME inside the script) by default. The instances of a fleet have
// clocks that differ by milliseconds or more; a bucket refilled by whichever instance's clock is
// ahead would grant extra tokens, and one whose clock is behind would refill nothing. One clock
// for every instance removes that, and it is the clock PEXPIRE runs on anyway. Tests move time
// by hand, so `clock: "caller"` uses the `now` passed to take() instead (the service does so when
// a clock is injected). Expiry still runs on Redis's clock, and a hand-moved clock runs slower
// than it: with the caller's clock a bucket is kept at least CALLER_CLOCK_TTL_MS, so that it does
// not vanish (refill) while the test's time stands still.
//
// Failures: every call is bounded (commandTimeout), fails at once while disconnected (no offline
// queue, no retries of a command), and rejects with StoreUnavailableError naming Redis; ioredis
// keeps reconnecting on its own, so the service recovers when Redis is back.
import { Redis } from "ioredis";
import { StoreUnavailableError } from "../errors.js";
import type { TakeResult, TokenBuckets } from "./token-buckets.js";
import type { KeyLimits } from "./types.js";

// KEYS[1]: the bucket. ARGV: perSecond, burst, now (Unix ms; "" for Redis's TIME), "take" | "refund",
// the shortest TTL in ms.
// Returns { allowed (0|1), whole tokens left, ms until one whole token (0 when allowed) }.
// Numbers are doubles in Lua; tokens are written with %.17g so that they round-trip exactly.
const SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if now == nil then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens, at
if state[1] then
  tokens = tonumber(state[1])
  at = tonumber(state[2])
  -- A clock that goes backwards adds nothing.
  tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
  at = math.max(at, now)
else
  tokens = burst
  at = now
end
if ARGV[4] == 'take' then
  if tokens < 1 then
    return { 0, 0, math.ceil((1 - tokens) * 1000 / rate) }
  end
  tokens = tokens - 1
else
  tokens = math.min(burst, tokens + 1)
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'at', string.format('%.17g', at))
redis.call('PEXPIRE', KEYS[1], math.max(tonumber(ARGV[5]), math.ceil((burst - tokens) * 1000 / rate)))
return { 1, math.floor(tokens), 0 }
`;

/** The shortest life of a bucket refilled on the caller's clock (see the module comment). */
const CALLER_CLOCK_TTL_MS = 60_000;

type ScriptReply = [allowed: number, remaining: number, retryAfterMs: number];

interface BucketClient extends Redis {
  tokenBucket(
    key: string,
    perSecond: number,
    burst: number,
    now: string,
    op: "take" | "refund",
    minTtlMs: number,
  ): Promise<ScriptReply>;
}

export interface RedisTokenBucketsOptions {
  /** Prepended to every key ID; namespace it by network so one Redis can serve several. */
  prefix: string;
  /** Whose time refills the buckets; see the module comment. Default "redis". */
  clock?: "redis" | "caller";
  /** Upper bound of one call, in ms (also of connecting). Default 1000. */
  timeoutMs?: number;
  /** Told once when Redis stops answering, and once when it answers again. */
  onStatus?: (up: boolean, error?: Error) => void;
}

export class RedisTokenBuckets implements TokenBuckets {
  readonly #redis: BucketClient;
  readonly #prefix: string;
  readonly #callerClock: boolean;
  /** Why the connection last failed: a command refused while disconnected only says "not writeable". */
  #lastError: Error | undefined;

  private constructor(redis: BucketClient, options: RedisTokenBucketsOptions) {
    this.#redis = redis;
    redis.on("error", (error: Error) => (this.#lastError = error));
    this.#prefix = options.prefix;
    this.#callerClock = options.clock === "caller";
  }

  /**
   * Connects to `url` and waits (at most timeoutMs) for Redis to answer. When it does not, the
   * buckets are returned anyway: calls reject with StoreUnavailableError until Redis is reachable,
   * as during any later outage, rather than the service refusing to start.
   */
  static async open(url: string, options: RedisTokenBucketsOptions): Promise<RedisTokenBuckets> {
    const timeoutMs = options.timeoutMs ?? 1000;
    const redis = new Redis(url, {
      commandTimeout: timeoutMs,
      connectTimeout: timeoutMs,
      // A command sent while disconnected fails at once instead of waiting for a reconnection,
      // and one cut off by a dropped connection is not resent: the request gets its 503 now.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Reconnect forever, soon enough that the service is back within a second of Redis.
      retryStrategy: (times) => Math.min(times * 100, 1000),
      lazyConnect: true,
    }) as BucketClient;
    redis.defineCommand("tokenBucket", { numberOfKeys: 1, lua: SCRIPT });
    let up: boolean | undefined;
    const status = (next: boolean, error?: Error): void => {
      // Reaching Redis at start is not news; losing it is, and so is getting it back.
      if (next ? up === false : up !== false) options.onStatus?.(next, error);
      up = next;
    };
    // Without a listener ioredis prints every failed reconnection attempt to stderr.
    redis.on("error", (error: Error) => status(false, error));
    redis.on("ready", () => status(true));
    const buckets = new RedisTokenBuckets(redis, options);
    await redis.connect().catch(() => undefined);
    return buckets;
  }

  async take(keyId: string, limits: KeyLimits, now: number): Promise<TakeResult> {
    const [allowed, remaining, retryAfterMs] = await this.#run(keyId, limits, now, "take");
    return { allowed: allowed === 1, remaining, retryAfterMs };
  }

  async refund(keyId: string, limits: KeyLimits, now: number): Promise<void> {
    await this.#run(keyId, limits, now, "refund");
  }

  /** Why Redis cannot be used now (one PING, bounded by the command timeout), or null. */
  async problem(): Promise<string | null> {
    try {
      await this.#redis.ping();
      return null;
    } catch (error) {
      const cause = this.#redis.status !== "ready" && this.#lastError ? this.#lastError : error;
      return `the rate limiter's store (Redis) cannot be reached: ${(cause instanceof Error ? cause.message : String(cause)).replace(/\.$/, "")}`;
    }
  }

  /** Closes the connection (the service's onClose). */
  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }

  async #run(keyId: string, limits: KeyLimits, now: number, op: "take" | "refund"): Promise<ScriptReply> {
    const at = this.#callerClock ? String(now) : "";
    try {
      const minTtlMs = this.#callerClock ? CALLER_CLOCK_TTL_MS : 1;
      return await this.#redis.tokenBucket(this.#prefix + keyId, limits.perSecond, limits.burst, at, op, minTtlMs);
    } catch (error) {
      const cause = this.#redis.status !== "ready" && this.#lastError ? this.#lastError : error;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new StoreUnavailableError(
        `The rate limiter's store (Redis) cannot be reached: ${reason.replace(/\.$/, "")}. Retry later.`,
        { cause: error },
      );
    }
  }
}
