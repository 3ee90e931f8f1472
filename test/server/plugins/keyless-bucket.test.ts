// Requests without an API key (AUTH=optional, the devnet's default) through real HTTP: each client
// IP has a token bucket of KEYLESS_BURST requests refilled at KEYLESS_PER_SECOND; beyond it, 429
// AUTH_ERR_THROTTLED with Retry-After. Public routes (health) are not charged. The variables are
// checked at start.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ConfigError, loadConfig } from "../../../src/config.js";
import { THROTTLED_MESSAGE } from "../../../src/errors.js";
import { startService, type RunningService } from "../../support/service.js";
import { ManualClock } from "../../support/keyed-routes.js";

describe("the keyless per-IP bucket", () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 26, 12));
  let service: RunningService;
  before(async () => {
    service = await startService({ KEYLESS_PER_SECOND: "2", KEYLESS_BURST: "3" }, { clock: clock.read });
  });
  after(() => service.close());

  const slotToTime = () => service.request<"slotToTime">("POST", "/utils/network/slot-to-time", { slot: 0 });

  it("lets KEYLESS_BURST requests through, then answers 429 with Retry-After until the bucket refills", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await slotToTime()).status);
    assert.deepEqual(statuses, [200, 200, 200]);
    const refused = await slotToTime();
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, "AUTH_ERR_THROTTLED");
    assert.equal(refused.body.message, THROTTLED_MESSAGE);
    assert.equal(refused.headers.get("retry-after"), "1");
    // Health is public: never charged, never refused.
    assert.equal((await service.request<"getHealth">("GET", "/health")).status, 200);
    clock.advance(500); // one token at 2 per second
    assert.equal((await slotToTime()).status, 200);
    assert.equal((await slotToTime()).status, 429);
  });

  it("does not charge requests with an API key to the address's bucket", async () => {
    const key = (
      await service.app.keyStore.create({
        name: "k",
        env: "testnet",
        limits: { perDay: 1000, perSecond: 100, burst: 100 },
      })
    ).key;
    assert.equal((await slotToTime()).status, 429, "the address's bucket is empty");
    assert.equal(
      (await service.request<"slotToTime">("POST", "/utils/network/slot-to-time", { slot: 0 }, { "x-api-key": key }))
        .status,
      200,
    );
  });
});

describe("the keyless bucket's variables", () => {
  it("default to 20 per second and a burst of 100", () => {
    const { limits } = loadConfig({});
    assert.equal(limits.keylessPerSecond, 20);
    assert.equal(limits.keylessBurst, 100);
  });
  it("refuse a burst below the rate, naming both variables", () => {
    assert.throws(
      () => loadConfig({ KEYLESS_PER_SECOND: "50", KEYLESS_BURST: "10" }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message ===
          "Invalid environment variable KEYLESS_BURST: 10 is below KEYLESS_PER_SECOND (50): a bucket must hold at least one second's requests, so raise it or lower KEYLESS_PER_SECOND.",
    );
    assert.throws(
      () => loadConfig({ WAIT_MAX_TOTAL: "0" }),
      /WAIT_MAX_TOTAL: "0" must be a whole number from 1 to 1000000/,
    );
  });
});
