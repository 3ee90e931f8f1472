// Quotas through real HTTP with a hand-moved clock: the token bucket (burst and per-second
// refill), the daily quota (UTC reset, persisted across restarts), and parallel requests.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { THROTTLED_MESSAGE } from "../../../src/errors.js";
import { MemoryTokenBuckets } from "../../../src/store/token-buckets.js";
import type { KeyLimits } from "../../../src/store/types.js";
import { msToNextUtcMidnight, utcDay } from "../../../src/store/utc-day.js";
import { startService, type JsonResponse, type RunningService } from "../../support/service.js";
import { ManualClock, WHOAMI, addKeyedRoutes } from "../../support/keyed-routes.js";

const NOON = Date.UTC(2026, 10, 21, 12, 0, 0);

function start(clock: ManualClock, dataDir?: string): Promise<RunningService> {
  return startService(
    { NETWORK: "preview" },
    { chain: null, clock: clock.read, beforeListen: addKeyedRoutes, ...(dataDir ? { dataDir } : {}) },
  );
}

async function newKey(service: RunningService, limits: Partial<KeyLimits>): Promise<string> {
  return (await service.app.keyStore.create({ name: "quota test", env: "testnet", limits })).key;
}

const call = (service: RunningService, key: string): Promise<JsonResponse> =>
  service.request("GET", WHOAMI, undefined, { "x-api-key": key });

function assertThrottled(response: JsonResponse, retryAfter?: number): void {
  assert.equal(response.status, 429);
  assert.deepEqual(response.body, {
    statusCode: 429,
    error: "Too Many Requests",
    code: "AUTH_ERR_THROTTLED",
    message: THROTTLED_MESSAGE,
    requestId: response.headers.get("x-request-id"),
  });
  const header = Number(response.headers.get("retry-after"));
  assert.ok(Number.isInteger(header) && header >= 1, `Retry-After ${response.headers.get("retry-after")}`);
  if (retryAfter !== undefined) assert.equal(header, retryAfter);
}

async function statuses(service: RunningService, key: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call(service, key)).status);
  return out;
}

describe("UTC day helpers", () => {
  it("name the UTC day and count down to its end", () => {
    assert.equal(utcDay(Date.UTC(2026, 11, 31, 23, 59, 59, 999)), "2026-12-31");
    assert.equal(utcDay(Date.UTC(2027, 0, 1)), "2027-01-01");
    assert.equal(msToNextUtcMidnight(Date.UTC(2026, 11, 31, 23, 59, 59, 999)), 1);
    assert.equal(msToNextUtcMidnight(Date.UTC(2027, 0, 1)), 86_400_000);
    assert.equal(msToNextUtcMidnight(NOON), 43_200_000);
  });
});

describe("token bucket (unit)", () => {
  const limits: KeyLimits = { perDay: 1000, perSecond: 4, burst: 2 };
  it("refills continuously, caps at burst, and gives refunded tokens back", async () => {
    const buckets = new MemoryTokenBuckets();
    assert.equal((await buckets.take("k", limits, 0)).allowed, true);
    assert.equal((await buckets.take("k", limits, 0)).allowed, true);
    const refused = await buckets.take("k", limits, 0);
    assert.deepEqual(refused, { allowed: false, remaining: 0, retryAfterMs: 250 });
    assert.equal((await buckets.take("k", limits, 100)).retryAfterMs, 150);
    assert.equal((await buckets.take("k", limits, 250)).allowed, true);
    await buckets.refund("k", limits, 250);
    assert.equal((await buckets.take("k", limits, 250)).allowed, true);
    assert.equal((await buckets.take("k", limits, 250)).allowed, false);
    const later = await buckets.take("k", limits, 3_600_000);
    assert.deepEqual(later, { allowed: true, remaining: 1, retryAfterMs: 0 });
    assert.equal((await buckets.take("other", limits, 250)).allowed, true, "buckets are per key");
  });
});

describe("per-second rate and burst", () => {
  const clock = new ManualClock(NOON);
  let service: RunningService;
  before(async () => {
    service = await start(clock);
  });
  after(() => service.close());

  it("allows a burst, then refills at the per-second rate", async () => {
    const key = await newKey(service, { burst: 3, perSecond: 2, perDay: 1000 });
    assert.deepEqual(await statuses(service, key, 3), [200, 200, 200]);
    assertThrottled(await call(service, key), 1); // one token in 500 ms: rounded up to a whole second
    clock.advance(499);
    assertThrottled(await call(service, key), 1);
    clock.advance(1);
    assert.deepEqual(await statuses(service, key, 2), [200, 429]);
    clock.advance(1000); // two more tokens
    assert.deepEqual(await statuses(service, key, 3), [200, 200, 429]);
    clock.advance(3_600_000); // an hour refills only up to the burst
    assert.deepEqual(await statuses(service, key, 4), [200, 200, 200, 429]);
  });

  it("reports the daily counter on a 429 of the bucket, which counts nothing", async () => {
    const key = await newKey(service, { burst: 1, perSecond: 1, perDay: 10 });
    const ok = await call(service, key);
    assert.equal(ok.headers.get("ratelimit-remaining"), "9");
    const refused = await call(service, key);
    assertThrottled(refused, 1);
    assert.equal(refused.headers.get("ratelimit-limit"), "10");
    assert.equal(refused.headers.get("ratelimit-remaining"), "9");
    clock.advance(1000);
    assert.equal((await call(service, key)).headers.get("ratelimit-remaining"), "8");
  });

  it("points Retry-After at midnight when both the bucket and the day are used up", async () => {
    const key = await newKey(service, { burst: 1, perSecond: 1, perDay: 1 });
    assert.equal((await call(service, key)).status, 200);
    const refused = await call(service, key); // the bucket refuses first; the day is over too
    assertThrottled(refused, Math.ceil(msToNextUtcMidnight(clock.now) / 1000));
    assert.equal(refused.headers.get("ratelimit-remaining"), "0");
  });

  it("keeps each key's bucket separate", async () => {
    const a = await newKey(service, { burst: 1, perDay: 100 });
    const b = await newKey(service, { burst: 1, perDay: 100 });
    assert.equal((await call(service, a)).status, 200);
    assert.equal((await call(service, a)).status, 429);
    assert.equal((await call(service, b)).status, 200);
  });
});

describe("daily quota", () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 20, 0, 0));
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), "txsvc-quota-"));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it("stops at the daily limit until 00:00 UTC, and a restart does not reset it", async () => {
    let service = await start(clock, dataDir);
    const key = await newKey(service, { perDay: 3, burst: 100 });
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await call(service, key);
      assert.equal(response.status, 200);
      remaining.push(response.headers.get("ratelimit-remaining"));
      assert.equal(response.headers.get("ratelimit-reset"), String(4 * 3600));
    }
    assert.deepEqual(remaining, ["2", "1", "0"]);
    const refused = await call(service, key);
    assertThrottled(refused, 4 * 3600); // 20:00 → midnight
    assert.equal(refused.headers.get("ratelimit-remaining"), "0");
    await service.close();

    // Same DATA_DIR, new process state (fresh token buckets): the counter came from SQLite.
    clock.advance(60_000);
    service = await start(clock, dataDir);
    try {
      assertThrottled(await call(service, key), 4 * 3600 - 60);
      clock.now = Date.UTC(2026, 10, 21, 23, 59, 59, 500);
      assertThrottled(await call(service, key), 1);
      clock.now = Date.UTC(2026, 10, 22, 0, 0, 0, 0);
      const fresh = await call(service, key);
      assert.equal(fresh.status, 200);
      assert.equal(fresh.headers.get("ratelimit-remaining"), "2");
      assert.equal(fresh.headers.get("ratelimit-reset"), "86400");
      const store = service.app.keyStore;
      const id = (await store.list())[0]!.id;
      assert.equal(await store.usedOn(id, "2026-11-21"), 3);
      assert.equal(await store.usedOn(id, "2026-11-22"), 1);
    } finally {
      await service.close();
    }
  });

  it("does not take a token for a request the daily quota refuses", async () => {
    const service = await start(clock, dataDir);
    try {
      clock.now = Date.UTC(2026, 10, 22, 23, 59, 59, 0);
      const key = await newKey(service, { perDay: 2, burst: 3, perSecond: 1 });
      // Two pass (one token left), four are refused by the daily quota and give their token back.
      assert.deepEqual(await statuses(service, key, 6), [200, 200, 429, 429, 429, 429]);
      clock.advance(1000); // 00:00 UTC: a new day, and one more token (two in all)
      assert.deepEqual(await statuses(service, key, 3), [200, 200, 429]);
    } finally {
      await service.close();
    }
  });
});

describe("parallel requests never exceed a limit", () => {
  const clock = new ManualClock(NOON);
  let service: RunningService;
  before(async () => {
    service = await start(clock);
  });
  after(() => service.close());

  async function fire(key: string, n: number, target = service): Promise<JsonResponse[]> {
    return Promise.all(Array.from({ length: n }, () => call(target, key)));
  }

  function tally(responses: JsonResponse[]): { ok: number; throttled: number } {
    let ok = 0;
    let throttled = 0;
    for (const response of responses) {
      if (response.status === 200) ok++;
      else {
        assertThrottled(response);
        throttled++;
      }
    }
    return { ok, throttled };
  }

  it("200 at once against burst 20 (perDay 50): exactly 20 pass", async () => {
    const key = await newKey(service, { burst: 20, perDay: 50, perSecond: 1 });
    assert.deepEqual(tally(await fire(key, 200)), { ok: 20, throttled: 180 });
  });

  it("200 at once against perDay 50 (burst 100): exactly 50 pass and 50 are counted", async () => {
    const created = await service.app.keyStore.create({
      name: "p",
      env: "testnet",
      limits: { burst: 100, perDay: 50, perSecond: 1 },
    });
    const responses = await fire(created.key, 200);
    assert.deepEqual(tally(responses), { ok: 50, throttled: 150 });
    assert.equal(await service.app.keyStore.usedOn(created.record.id, utcDay(clock.now)), 50);
    const remaining = responses
      .filter((r) => r.status === 200)
      .map((r) => Number(r.headers.get("ratelimit-remaining")));
    assert.deepEqual(
      remaining.sort((a, b) => a - b),
      Array.from({ length: 50 }, (_, i) => i),
    );
  });

  it("two instances on one DATA_DIR share the daily quota exactly", async () => {
    const second = await startService(
      { NETWORK: "preview" },
      { chain: null, clock: clock.read, beforeListen: addKeyedRoutes, dataDir: service.dataDir },
    );
    try {
      const key = await newKey(service, { burst: 100, perDay: 60, perSecond: 1 });
      const [a, b] = await Promise.all([fire(key, 80), fire(key, 80, second)]);
      const total = tally([...a, ...b]);
      assert.deepEqual(total, { ok: 60, throttled: 100 });
    } finally {
      await second.close();
    }
  });
});
