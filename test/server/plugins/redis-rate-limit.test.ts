// REDIS_URL through real HTTP: two instances of the service on one DATA_DIR and one throwaway
// redis-server share each key's token bucket exactly, and a Redis outage answers 503
// STORE_ERR_UNAVAILABLE (not 500, not a hang, not a charge to the daily quota) until Redis is back.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, it } from "node:test";
import { Redis } from "ioredis";
import { THROTTLED_MESSAGE } from "../../../src/errors.js";
import type { KeyLimits } from "../../../src/store/types.js";
import { utcDay } from "../../../src/store/utc-day.js";
import { ManualClock, WHOAMI, addKeyedRoutes, type WhoamiAnswer } from "../../support/keyed-routes.js";
import { redisMissing, startRedis, type TestRedis } from "../../support/redis.js";
import { startService, type RunningService } from "../../support/service.js";

const NOON = Date.UTC(2026, 10, 21, 12, 0, 0);

describe("rate limits in Redis (REDIS_URL)", { skip: redisMissing() }, () => {
  const clock = new ManualClock(NOON);
  let redis: TestRedis | undefined;
  let first: RunningService | undefined;
  let second: RunningService | undefined;

  before(async () => {
    redis = await startRedis();
    const env = { NETWORK: "preview", REDIS_URL: redis.url };
    first = await startService(env, { chain: null, clock: clock.read, beforeListen: addKeyedRoutes });
    second = await startService(env, {
      chain: null,
      clock: clock.read,
      beforeListen: addKeyedRoutes,
      dataDir: first.dataDir,
    });
  });
  after(async () => {
    await second?.close();
    await first?.close();
    await redis?.stop();
  });

  const call = (service: RunningService, key: string): Promise<WhoamiAnswer> =>
    service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": key });
  const newKey = (limits: Partial<KeyLimits>) =>
    first!.app.keyStore.create({ name: "redis test", env: "testnet", limits });

  it("20 concurrent requests over two instances against burst 5: exactly 5 pass, the rest are 429 with Retry-After", async () => {
    const { key, record } = await newKey({ burst: 5, perSecond: 1, perDay: 1000 });
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i % 2 ? first! : second!, key)));
    const passed = responses.filter((r) => r.status === 200);
    assert.equal(passed.length, 5);
    for (const refused of responses.filter((r) => r.status !== 200)) {
      assert.equal(refused.status, 429);
      assert.equal(refused.body.code, "AUTH_ERR_THROTTLED");
      assert.equal(refused.body.message, THROTTLED_MESSAGE);
      assert.equal(refused.headers.get("retry-after"), "1");
    }
    assert.equal(await first!.app.keyStore.usedOn(record.id, utcDay(clock.now)), 5, "refused requests are not counted");
    // The bucket is one hash in Redis, under the network's prefix.
    const client = new Redis(redis!.url);
    try {
      assert.deepEqual(Object.keys(await client.hgetall(`txsvc:preview:bucket:${record.id}`)).sort(), ["at", "tokens"]);
    } finally {
      client.disconnect();
    }
    clock.advance(1000);
    assert.equal((await call(second!, key)).status, 200, "one token a second later");
    assert.equal((await call(first!, key)).status, 429);
  });

  it("Redis down: 503 STORE_ERR_UNAVAILABLE naming Redis, nothing charged; Redis back: 200 again", async () => {
    const { key, record } = await newKey({ burst: 5, perSecond: 1, perDay: 1000 });
    assert.equal((await call(first!, key)).status, 200);
    await redis!.kill();
    for (const service of [first!, second!, first!]) {
      const started = Date.now();
      const response = await call(service, key);
      // Bounded by the 1 s command timeout, not by reconnection attempts (generous: the machine is shared).
      assert.ok(Date.now() - started < 5000, `answered after ${Date.now() - started} ms`);
      assert.equal(response.status, 503);
      assert.equal(response.body.code, "STORE_ERR_UNAVAILABLE");
      assert.match(response.body.message, /^The rate limiter's store \(Redis\) cannot be reached: .+\. Retry later\.$/);
    }
    assert.equal(
      await first!.app.keyStore.usedOn(record.id, utcDay(clock.now)),
      1,
      "requests refused with 503 are not counted",
    );
    const degraded = await first!.request<"getHealth">("GET", "/health");
    assert.equal(degraded.status, 503, JSON.stringify(degraded.body));
    assert.match(
      degraded.body.reason!,
      /^The service cannot serve keyed requests: the rate limiter's store \(Redis\) cannot be reached: .+\. They answer 503 until it is back\./,
    );
    await redis!.restart();
    const deadline = Date.now() + 5000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      status = (await call(first!, key)).status;
      if (status !== 200) await sleep(100);
    }
    assert.equal(status, 200, "the service answers again within 5 s of Redis coming back");
    assert.equal((await call(second!, key)).status, 200);
    assert.doesNotMatch(
      (await second!.request<"getHealth">("GET", "/health")).body.reason ?? "",
      /keyed requests/,
      "health no longer names the store (it runs on preview without a chain backend: that stays)",
    );
  });
});
