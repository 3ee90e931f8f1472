// Which token buckets the service uses: Redis's when REDIS_URL is set (a fleet shares them), else
// this process's. A module of its own so that token-buckets.ts (the contract) and
// redis-token-buckets.ts (one implementation) import only downwards, and ioredis is loaded only
// when REDIS_URL asks for it.
import { MemoryTokenBuckets, type TokenBuckets } from "./token-buckets.js";

export interface OpenBucketsOptions {
  /** Redis for a fleet (REDIS_URL); undefined: this process. */
  redisUrl?: string | undefined;
  /** Names the keys in Redis, so that one Redis can serve the services of several networks. */
  network: string;
  /** Refill on the `now` given to take() (an injected test clock) instead of Redis's clock. */
  callerClock?: boolean;
  /** Told when Redis stops answering and when it answers again. */
  onStatus?: (up: boolean, error?: Error) => void;
}

/** The buckets the configuration asks for. Loads the Redis client only when REDIS_URL is set. */
export async function openTokenBuckets(options: OpenBucketsOptions): Promise<TokenBuckets> {
  if (options.redisUrl === undefined) return new MemoryTokenBuckets();
  const { RedisTokenBuckets } = await import("./redis-token-buckets.js");
  return RedisTokenBuckets.open(options.redisUrl, {
    prefix: `txsvc:${options.network}:bucket:`,
    clock: options.callerClock ? "caller" : "redis",
    ...(options.onStatus ? { onStatus: options.onStatus } : {}),
  });
}
