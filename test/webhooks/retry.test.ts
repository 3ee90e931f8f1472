// What an attempt's result means (src/webhooks/retry.ts): which answers are delivered, retried or
// failed; the backoff's bounds, doubling and ±20 % jitter up to its maximum; and when a webhook is
// paused (N failures in a row, or H hours of them).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { StoredWebhook } from "../../src/store/types.js";
import { outcomeOf, pauseReason, retryDelayMs, type RetryPolicy } from "../../src/webhooks/retry.js";
import type { SendResult } from "../../src/webhooks/send.js";

const POLICY: RetryPolicy = { baseMs: 5000, maxMs: 3_600_000, pauseAfterFailures: 10, pauseAfterMs: 24 * 3_600_000 };
const answered = (status: number, error: string | null = null): SendResult => ({
  status,
  error,
  refused: false,
  transient: false,
});

describe("an attempt's outcome", () => {
  it("a 2xx is delivered; 408, 429 and 5xx are retried; other 4xx and 3xx fail", () => {
    for (const status of [200, 201, 204, 299])
      assert.deepEqual(outcomeOf(answered(status), 1, 0, POLICY, 0.5), {
        state: "delivered",
        status,
        error: null,
        nextAttemptAt: null,
      });
    for (const status of [408, 429, 500, 502, 503, 599]) {
      const outcome = outcomeOf(answered(status, "busy"), 1, 1_000, POLICY, 0.5);
      assert.deepEqual(outcome, { state: "pending", status, error: `HTTP ${status}: busy`, nextAttemptAt: 6_000 });
    }
    for (const status of [400, 401, 403, 404, 410, 413, 422])
      assert.deepEqual(outcomeOf(answered(status), 1, 0, POLICY, 0.5), {
        state: "failed",
        status,
        error: `HTTP ${status}`,
        nextAttemptAt: null,
      });
    assert.deepEqual(outcomeOf(answered(301), 1, 0, POLICY, 0.5), {
      state: "failed",
      status: 301,
      error: "HTTP 301: redirects are not followed; give the final URL.",
      nextAttemptAt: null,
    });
  });

  it("no answer: a timeout or a connection error is retried, a refused target fails", () => {
    const timeout: SendResult = { status: null, error: "No answer within 10 s.", refused: false, transient: true };
    assert.deepEqual(outcomeOf(timeout, 2, 0, POLICY, 0.5), {
      state: "pending",
      status: null,
      error: "No answer within 10 s.",
      nextAttemptAt: 10_000,
    });
    const refused: SendResult = { status: null, error: "The URL names…", refused: true, transient: false };
    assert.equal(outcomeOf(refused, 1, 0, POLICY, 0.5).state, "failed");
  });

  it("backs off 5 s · 2^(n-1), ±20 %, up to 1 h", () => {
    assert.deepEqual(
      [1, 2, 3, 4].map((n) => retryDelayMs(POLICY, n, 0.5)),
      [5_000, 10_000, 20_000, 40_000],
    );
    assert.equal(retryDelayMs(POLICY, 1, 0), 4_000, "-20 %");
    assert.equal(retryDelayMs(POLICY, 1, 0.999999), 6_000, "+20 %");
    assert.equal(retryDelayMs(POLICY, 11, 0.5), 3_600_000, "capped at an hour");
    assert.equal(retryDelayMs(POLICY, 10_000, 0.5), 3_600_000, "huge attempt counts stay finite: the cap");
  });
});

describe("pausing a webhook", () => {
  const webhook = (failures: number, failingSince: number | null): StoredWebhook => ({
    id: "wh_000000000000000000000001",
    seq: 1,
    owner: "k",
    url: "https://example.com/",
    filter: {},
    confirmations: 1,
    secret: "s",
    fromEvent: 0,
    createdAt: 0,
    state: "active",
    pausedReason: null,
    pausedAt: null,
    failures,
    failingSince,
  });

  it("after N failures in a row, or H hours of failures, with the reason; not before", () => {
    assert.equal(pauseReason(webhook(9, 0), 1_000, POLICY, "HTTP 500"), null);
    assert.equal(
      pauseReason(webhook(10, 0), 1_000, POLICY, "HTTP 500"),
      "10 failed attempts in a row (WEBHOOK_PAUSE_AFTER_FAILURES); the last: HTTP 500",
    );
    assert.equal(pauseReason(webhook(3, 0), 24 * 3_600_000 - 1, POLICY, "HTTP 503"), null);
    assert.equal(
      pauseReason(webhook(3, 0), 24 * 3_600_000, POLICY, "HTTP 503"),
      "No delivery for 24 h of failed attempts (WEBHOOK_PAUSE_AFTER_HOURS); the last: HTTP 503",
    );
  });
});
