// Failure handling around a real backend (the resilience wrapper), against the fake Blockfrost:
// deadlines, retries with backoff on 429 and 5xx only, Retry-After, the rate limit, submit never
// blindly retried, and ChainUnavailableError (503) naming the backend — never a hang.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { createRealNetworkChain } from "../../../src/chain/real-networks.js";
import { TokenBucket } from "../../../src/chain/resilience/rate-limiter.js";
import { FakeBlockfrost } from "../../support/fakes/blockfrost.js";

const SIGNED_TX =
  "84a300d90102818258200000000000000000000000000000000000000000000000000000000000000000000181a200581d600000000000000000000000000000000000000000000000000000000001821a001e8480a0021a00030d40a0f5f6";
const FAST = {
  attemptTimeoutMs: 300,
  deadlineMs: 3000,
  submitTimeoutMs: 300,
  retries: 3,
  backoffBaseMs: 20,
  backoffMaxMs: 200,
};

let fake: FakeBlockfrost;
const chainFor = (overrides = {}) =>
  createRealNetworkChain(
    "preprod",
    { kind: "blockfrost", projectId: "preprodTESTKEY", url: fake.apiUrl },
    { ...FAST, ...overrides },
  );
const unavailable = (pattern: RegExp) => (error: Error & { statusCode?: number; code?: string }) => {
  assert.equal(error.statusCode, 503, error.message);
  assert.equal(error.code, "CHAIN_ERR_UNAVAILABLE");
  assert.match(error.message, /The blockfrost chain backend/);
  assert.match(error.message, pattern);
  return true;
};

describe("backend resilience", () => {
  before(async () => {
    fake = await FakeBlockfrost.start();
  });
  after(async () => {
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it("gives up on a slow backend after the attempt timeout, retrying, within the deadline", async () => {
    await chainFor().tip(); // warm up the HTTP client, so that attempts start on time
    fake.reset();
    // The fake answers after 5 s, so two 300 ms attempts and two slow answers (10 s) are far apart
    // even on a loaded machine: the bound below tells the two apart, it does not measure speed.
    fake.behave({ kind: "slow", delayMs: 5000 });
    const started = Date.now();
    await assert.rejects(chainFor({ retries: 1 }).tip(), unavailable(/no answer within 300 ms|no answer in time/));
    const elapsed = Date.now() - started;
    assert.ok(
      elapsed >= 550 && elapsed < 4500,
      `two attempts of 300 ms (not two slow answers of 5 s), took ${elapsed} ms`,
    );
    assert.equal(fake.requests.length, 2);
  });

  it("probes the tip for health in one short attempt, without retries", async () => {
    const chain = chainFor({ attemptTimeoutMs: 2000, retries: 4 });
    // A roomy timeout for the healthy probe: a loaded machine may take longer than 200 ms to answer.
    assert.equal((await chain.probe(5000)).slot, 412162133);
    fake.reset();
    fake.behave({ kind: "slow", delayMs: 5000 });
    const started = Date.now();
    await assert.rejects(chain.probe(200), unavailable(/no answer within 200 ms/));
    assert.ok(Date.now() - started < 4000, "gave up long before the 5 s answer");
    assert.equal(fake.requests.length, 1);
    assert.equal(chain.health().state, "down");
  });

  it("never waits past the call's deadline", async () => {
    fake.behave({ kind: "slow", delayMs: 5000 });
    const started = Date.now();
    await assert.rejects(
      chainFor({ attemptTimeoutMs: 2000, deadlineMs: 400, retries: 5 }).tip(),
      unavailable(/no answer/),
    );
    assert.ok(Date.now() - started < 1500, "the 400 ms deadline, not the 2 s attempt timeout nor the 5 s answer");
  });

  it("retries a 500 and a 503 with backoff, then succeeds", async () => {
    fake.behave({ kind: "fail", status: 500, times: 1 });
    const chain = chainFor({ random: () => 0.999 });
    assert.equal((await chain.tip()).slot, 412162133);
    assert.equal(fake.requests.length, 2);

    fake.requests.length = 0;
    fake.behave({ kind: "fail", status: 503, times: 3 });
    assert.equal((await chain.tip()).slot, 412162133);
    const gaps = fake.requests.slice(1).map((r, i) => r.at - fake.requests[i]!.at);
    assert.equal(fake.requests.length, 4);
    // Full jitter with random ≈ 1: about 20, 40, 80 ms. Each wait at least as long as the one before.
    assert.ok(gaps[0]! >= 15 && gaps[1]! >= 35 && gaps[2]! >= 70, `backoff gaps ${gaps.join(", ")}`);
  });

  it("draws each backoff at random below an exponentially growing ceiling (full jitter)", async () => {
    fake.behave({ kind: "fail", status: 500, times: 3 });
    const draws: number[] = [];
    const chain = chainFor({ backoffBaseMs: 100, random: () => (draws.push(0), 0) });
    const started = Date.now();
    await chain.tip();
    assert.equal(draws.length, 3, "one draw per retry");
    // Without jitter the waits alone would be 100 + 200 + 400 ms.
    assert.ok(Date.now() - started < 600, "random 0 means no wait at all");
  });

  it("reports a backend that keeps failing as 503 naming it, after the retries", async () => {
    fake.behave({ kind: "fail", status: 500 });
    await assert.rejects(
      chainFor().tip(),
      unavailable(/4 attempts.*answered 500: An unexpected response was received from the backend/),
    );
    assert.equal(fake.requests.length, 4);
    assert.equal(chainFor().health().state, "unknown");
  });

  it("answers 503, never 500, to answers it cannot read", async () => {
    fake.answer("GET", /^\/blocks\/latest$/, { status: 200, body: "<html>maintenance</html>", raw: true });
    await assert.rejects(chainFor().tip(), unavailable(/GET \/blocks\/latest: the answer is not JSON/));
    fake.reset();
    fake.answer("GET", /^\/blocks\/latest$/, { status: 200, body: null });
    await assert.rejects(chainFor().tip(), unavailable(/\/blocks\/latest: Cannot read properties of null/));
  });

  it("does not retry a 4xx other than 429", async () => {
    fake.answer("GET", /^\/blocks\/latest$/, (request) =>
      request.headers["project_id"] === "preprodREVOKED"
        ? { status: 403, body: '{"status_code":403,"error":"Forbidden","message":"Invalid project token."}' }
        : undefined,
    );
    await assert.rejects(
      createRealNetworkChain(
        "preprod",
        { kind: "blockfrost", projectId: "preprodREVOKED", url: fake.apiUrl },
        FAST,
      ).tip(),
      unavailable(/refused the project id \(403\): Invalid project token/),
    );
    assert.equal(fake.requests.length, 1);
  });

  it("waits as long as a 429's Retry-After says, then retries", async () => {
    fake.behave({ kind: "throttle", retryAfterSeconds: 1, times: 1 });
    const started = Date.now();
    assert.equal((await chainFor().tip()).slot, 412162133);
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 950, `waited ${elapsed} ms`);
    assert.equal(fake.requests.length, 2);
  });

  it("gives up with 503 when Retry-After is longer than the deadline allows", async () => {
    fake.behave({ kind: "throttle", retryAfterSeconds: 30 });
    const started = Date.now();
    await assert.rejects(chainFor({ deadlineMs: 2000 }).tip(), unavailable(/429/));
    assert.ok(Date.now() - started < 1500, "no pointless wait for a 30 s Retry-After");
  });

  it("keeps to the backend's rate limit (token bucket: burst, then the sustained rate)", async () => {
    const limiter = { perSecond: 20, burst: 5 };
    // Waiting for a token counts against the attempt: give it room.
    const chain = chainFor({ rateLimit: limiter, deadlineMs: 5000, attemptTimeoutMs: 2000 });
    const started = Date.now();
    await Promise.all(Array.from({ length: 15 }, () => chain.tip()));
    const elapsed = Date.now() - started;
    assert.equal(fake.requests.length, 15);
    // 5 at once, then 10 more at 20/s: at least 450 ms.
    assert.ok(elapsed >= 450, `15 requests took ${elapsed} ms`);
    // The bucket lets 5 + 3 through in the first 150 ms after the calls. Counted from the calls,
    // not from the first arrival: a busy machine can only delay an arrival, never advance it, so
    // this bound holds under any load (arrivals bunched late once failed it counted from the first).
    const early = fake.requests.filter((r) => r.at - started < 150).length;
    assert.ok(early <= 9, `${early} requests in the first 150 ms`);
  });

  it("token bucket arithmetic: a burst, then one token every 1/rate seconds", async () => {
    let now = 1_000_000;
    const bucket = new TokenBucket({ perSecond: 10, burst: 3 }, () => now);
    for (let i = 0; i < 3; i++) {
      assert.equal(bucket.waitTime(), 0);
      await bucket.take();
    }
    assert.equal(bucket.waitTime(), 100, "the fourth waits 100 ms");
    now += 100;
    assert.equal(bucket.waitTime(), 0);
    now += 10_000;
    assert.equal(bucket.waitTime(), 0, "refilled");
    for (let i = 0; i < 3; i++) await bucket.take();
    assert.equal(bucket.waitTime(), 100, "but never beyond the burst");
    bucket.pause(2_000);
    assert.equal(bucket.waitTime(), 2_000, "a 429 pauses it");
  });

  it("pauses the whole bucket after a 429 so concurrent calls also wait", async () => {
    const bucket = new TokenBucket({ perSecond: 1000, burst: 1000 });
    bucket.pause(300);
    const started = Date.now();
    await bucket.take();
    assert.ok(Date.now() - started >= 280);
    assert.equal(await new TokenBucket({ perSecond: 1, burst: 1 }).take(0), true);
    const empty = new TokenBucket({ perSecond: 1, burst: 1 });
    await empty.take();
    assert.equal(await empty.take(100), false, "a wait longer than allowed takes nothing");
  });

  it("does not retry a submit after a 500 and names the transaction to check", async () => {
    fake.answer("POST", /^\/tx\/submit$/, {
      status: 500,
      body: '{"status_code":500,"error":"Internal Server Error","message":"An unexpected response was received from the backend."}',
    });
    await assert.rejects(
      chainFor().submit(SIGNED_TX),
      unavailable(/check GET \/transactions\/[0-9a-f]{64} before submitting it again/),
    );
    assert.equal(fake.requests.filter((r) => r.path === "/api/v0/tx/submit").length, 1);
  });

  it("does not retry a submit that timed out", async () => {
    fake.behave({ kind: "slow", delayMs: 800 });
    await assert.rejects(chainFor().submit(SIGNED_TX), unavailable(/may have reached the backend/));
    assert.equal(fake.requests.length, 1);
  });

  it("retries a submit the backend throttled (it was not acted on)", async () => {
    fake.behave({ kind: "throttle", retryAfterSeconds: 0, times: 2 });
    assert.match(await chainFor().submit(SIGNED_TX), /^[0-9a-f]{64}$/);
    assert.equal(fake.requests.length, 3);
  });

  it("answers 503 quickly when connections are refused, retries, and recovers; health follows", async () => {
    const chain = chainFor({ backoffBaseMs: 5, backoffMaxMs: 20 });
    await chain.tip();
    assert.equal(chain.health().state, "up");
    await fake.refuse();
    try {
      const started = Date.now();
      await assert.rejects(chain.tip(), unavailable(/ECONNREFUSED/));
      assert.ok(Date.now() - started < 2000);
      assert.equal(chain.health().state, "down");
      assert.match(chain.health().lastError ?? "", /ECONNREFUSED/);
      // A submit that never reached the backend may be retried safely.
      await assert.rejects(chain.submit(SIGNED_TX), (error: Error) => !/may have reached/.test(error.message));
    } finally {
      await fake.accept();
    }
    await chain.tip();
    assert.equal(chain.health().state, "up");
  });
});
