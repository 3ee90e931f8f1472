// The TokenBuckets contract, run against every implementation: MemoryTokenBuckets (one instance)
// and RedisTokenBuckets (a fleet: two instances on one throwaway redis-server, as two processes
// would be). Then what only Redis has: its own clock, idle keys expiring, and outages.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, it } from "node:test";
import { Redis } from "ioredis";
import { openTokenBuckets } from "../../src/store/open-token-buckets.js";
import { RedisTokenBuckets } from "../../src/store/redis-token-buckets.js";
import { MemoryTokenBuckets, type TokenBuckets } from "../../src/store/token-buckets.js";
import type { KeyLimits } from "../../src/store/types.js";
import { redisMissing, startRedis, type TestRedis } from "../support/redis.js";

/** Two handles on the same buckets: one object for Memory, two clients of one Redis for Redis. */
interface Pair {
  a: TokenBuckets;
  b: TokenBuckets;
}

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const limits = (perSecond: number, burst: number): KeyLimits => ({ perDay: 1_000_000, perSecond, burst });
const newKey = (): string => `key-${randomUUID()}`;

function runTokenBucketContract(name: string, pair: () => Pair): void {
  describe(`TokenBuckets contract: ${name}`, () => {
    it("400 concurrent takes on two instances: exactly `burst` are allowed", async () => {
      const { a, b } = pair();
      const key = newKey();
      const results = await Promise.all(
        Array.from({ length: 400 }, (_, i) => (i % 2 ? a : b).take(key, limits(1, 37), T0)),
      );
      const allowed = results.filter((r) => r.allowed);
      assert.equal(allowed.length, 37);
      assert.deepEqual(
        allowed.map((r) => r.remaining).sort((x, y) => x - y),
        Array.from({ length: 37 }, (_, i) => i),
      );
      for (const refused of results.filter((r) => !r.allowed))
        assert.deepEqual(refused, { allowed: false, remaining: 0, retryAfterMs: 1000 });
    });

    it("refills continuously at perSecond, up to burst and no more", async () => {
      const { a, b } = pair();
      const key = newKey();
      const l = limits(2, 3);
      for (let i = 0; i < 3; i++) assert.equal((await a.take(key, l, T0)).allowed, true);
      assert.deepEqual(await b.take(key, l, T0), { allowed: false, remaining: 0, retryAfterMs: 500 });
      assert.deepEqual(await b.take(key, l, T0 + 250), { allowed: false, remaining: 0, retryAfterMs: 250 });
      assert.deepEqual(await a.take(key, l, T0 + 500), { allowed: true, remaining: 0, retryAfterMs: 0 });
      // A second later: two more tokens.
      assert.deepEqual(await b.take(key, l, T0 + 1500), { allowed: true, remaining: 1, retryAfterMs: 0 });
      assert.equal((await a.take(key, l, T0 + 1500)).allowed, true);
      assert.equal((await a.take(key, l, T0 + 1500)).allowed, false);
      // An hour refills only up to the burst.
      const results = [];
      for (let i = 0; i < 4; i++) results.push((await b.take(key, l, T0 + 3_600_000)).allowed);
      assert.deepEqual(results, [true, true, true, false]);
    });

    it("answers retryAfterMs as the time to one whole token, partial refills included", async () => {
      const { a } = pair();
      const key = newKey();
      const l = limits(4, 2);
      await a.take(key, l, T0);
      await a.take(key, l, T0);
      assert.deepEqual(await a.take(key, l, T0), { allowed: false, remaining: 0, retryAfterMs: 250 });
      assert.equal((await a.take(key, l, T0 + 100)).retryAfterMs, 150);
      assert.equal((await a.take(key, l, T0 + 250)).allowed, true);
    });

    it("refund gives a token back, never beyond burst", async () => {
      const { a, b } = pair();
      const key = newKey();
      const l = limits(1, 2);
      await a.take(key, l, T0);
      await a.take(key, l, T0);
      await b.refund(key, l, T0);
      assert.deepEqual(await a.take(key, l, T0), { allowed: true, remaining: 0, retryAfterMs: 0 });
      const full = newKey();
      await b.refund(full, l, T0);
      await b.refund(full, l, T0);
      assert.deepEqual(await a.take(full, l, T0), { allowed: true, remaining: 1, retryAfterMs: 0 });
    });

    it("a clock that goes backwards adds nothing; keys have buckets of their own", async () => {
      const { a, b } = pair();
      const key = newKey();
      const l = limits(1, 1);
      assert.equal((await a.take(key, l, T0 + 5000)).allowed, true);
      assert.equal((await b.take(key, l, T0)).allowed, false);
      assert.equal((await b.take(key, l, T0 + 5999)).allowed, false);
      assert.equal((await b.take(key, l, T0 + 6000)).allowed, true);
      assert.equal((await a.take(newKey(), l, T0)).allowed, true);
    });
  });
}

const memory = new MemoryTokenBuckets();
runTokenBucketContract("MemoryTokenBuckets", () => ({ a: memory, b: memory }));

it("without REDIS_URL the buckets are this process's, as for one instance", async () => {
  const buckets = await openTokenBuckets({ network: "preview" });
  assert.ok(buckets instanceof MemoryTokenBuckets);
  await buckets.close();
});

const skip = redisMissing();
describe("Redis", { skip }, () => {
  let redis: TestRedis;
  const opened: RedisTokenBuckets[] = [];
  const open = async (clock: "redis" | "caller", timeoutMs?: number): Promise<RedisTokenBuckets> => {
    const buckets = await RedisTokenBuckets.open(redis.url, {
      prefix: "test:bucket:",
      clock,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    opened.push(buckets);
    return buckets;
  };
  let pair: Pair;
  before(async () => {
    redis = await startRedis();
    pair = { a: await open("caller"), b: await open("caller") };
  });
  after(async () => {
    await Promise.all(opened.map((b) => b.close()));
    await redis?.stop();
  });

  runTokenBucketContract("RedisTokenBuckets (two clients, the caller's clock)", () => pair);

  it("on the caller's clock a bucket lives at least a minute: a clock moved by hand does not refill it", async () => {
    const client = new Redis(redis.url);
    try {
      const key = newKey();
      await pair.a.take(key, limits(10, 2), T0);
      assert.ok((await client.pttl(`test:bucket:${key}`)) > 50_000);
    } finally {
      client.disconnect();
    }
  });

  describe("on Redis's own clock", () => {
    it("grants exactly burst at once, then refills in real time", async () => {
      const [a, b] = [await open("redis"), await open("redis")];
      const key = newKey();
      const results = await Promise.all(
        Array.from({ length: 400 }, (_, i) => (i % 2 ? a : b).take(key, limits(1, 30), 0)),
      );
      assert.equal(results.filter((r) => r.allowed).length, 30);
      // `now` is ignored: Redis's clock refills 2 tokens a second, and 1.1 s fill a burst of 2.
      const slow = newKey();
      const l = limits(2, 2);
      const atOnce = await Promise.all([a.take(slow, l, 0), b.take(slow, l, 0), a.take(slow, l, 0)]);
      assert.equal(atOnce.filter((r) => r.allowed).length, 2);
      await sleep(1100);
      const later = [];
      for (let i = 0; i < 3; i++) later.push((await (i % 2 ? a : b).take(slow, l, 0)).allowed);
      assert.deepEqual(later, [true, true, false]);
    });

    it("opened from REDIS_URL, its keys are namespaced by network", async () => {
      const buckets = await openTokenBuckets({ redisUrl: redis.url, network: "preprod" });
      const client = new Redis(redis.url);
      try {
        const key = newKey();
        await buckets.take(key, limits(1, 5), 0);
        assert.equal(await client.exists(`txsvc:preprod:bucket:${key}`), 1);
      } finally {
        client.disconnect();
        await buckets.close();
      }
    });

    it("stores one hash per key that expires when the bucket would be full again", async () => {
      const buckets = await open("redis");
      const client = new Redis(redis.url);
      try {
        await client.ping();
        const key = newKey();
        await buckets.take(key, limits(2, 5), 0);
        await buckets.take(key, limits(2, 5), 0);
        const stored = await client.hgetall(`test:bucket:${key}`);
        assert.deepEqual(Object.keys(stored).sort(), ["at", "tokens"]);
        assert.ok(Number(stored["tokens"]) >= 3 && Number(stored["tokens"]) < 4, `tokens ${stored["tokens"]}`);
        const ttl = await client.pttl(`test:bucket:${key}`);
        assert.ok(ttl > 0 && ttl <= 1000, `PTTL ${ttl}: two tokens at 2/s refill in 1000 ms`);
        await sleep(ttl + 50);
        assert.equal(await client.exists(`test:bucket:${key}`), 0);
      } finally {
        client.disconnect();
      }
    });
  });

  describe("outages", () => {
    it("a killed Redis rejects quickly with STORE_ERR_UNAVAILABLE naming Redis, and the same instance recovers", async () => {
      const buckets = await open("redis", 500);
      const key = newKey();
      assert.equal((await buckets.take(key, limits(1, 5), 0)).allowed, true);
      await redis.kill();
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        await assert.rejects(
          buckets.take(key, limits(1, 5), 0),
          (error: Error & { code?: string; statusCode?: number }) => {
            assert.equal(error.code, "STORE_ERR_UNAVAILABLE");
            assert.equal(error.statusCode, 503);
            assert.match(error.message, /^The rate limiter's store \(Redis\) cannot be reached: .+\. Retry later\.$/);
            return true;
          },
        );
        assert.ok(Date.now() - started < 2000, `rejected after ${Date.now() - started} ms`);
        await sleep(100);
      }
      await redis.restart();
      const deadline = Date.now() + 5000;
      let result;
      while (!result && Date.now() < deadline) {
        result = await buckets.take(key, limits(1, 5), 0).catch(() => sleep(100).then(() => undefined));
      }
      assert.deepEqual(
        result,
        { allowed: true, remaining: 4, retryAfterMs: 0 },
        "a restarted Redis is empty: a full bucket",
      );
    });

    it("opening while Redis is down does not hang; the buckets work once Redis is up", async () => {
      await redis.stop();
      const started = Date.now();
      const buckets = await open("redis", 500);
      assert.ok(Date.now() - started < 2000, `open took ${Date.now() - started} ms`);
      await assert.rejects(buckets.take(newKey(), limits(1, 1), 0), /ECONNREFUSED|Redis/);
      await redis.restart();
      const deadline = Date.now() + 5000;
      let ok = false;
      while (!ok && Date.now() < deadline)
        ok = await buckets.take(newKey(), limits(1, 1), 0).then(
          (r) => r.allowed,
          () => sleep(100).then(() => false),
        );
      assert.ok(ok, "the buckets answered within 5 s of Redis coming back");
    });
  });
});
