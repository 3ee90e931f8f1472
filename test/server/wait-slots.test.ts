// The caps on concurrent GET /transactions/{hash}/wait through real HTTP on the devnet: per API
// key (keyless requests: per client IP) a 429 AUTH_ERR_WAIT_LIMIT, for the instance a 503
// SVC_ERR_WAITS_FULL, both at once and with Retry-After; a look with timeout=0 is never refused; and a
// slot comes back when its wait ends, its client included when it disconnects.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Answer } from "../support/api.js";
import { startService, type RunningService } from "../support/service.js";

const UNKNOWN_TX = "ab".repeat(32);
const LIMITS = { perDay: 100_000, perSecond: 1000, burst: 1000 };

describe("concurrent waits: per key and in total", () => {
  let service: RunningService;
  let keyA: string;
  let keyB: string;
  const leave = new AbortController();
  const held: Promise<unknown>[] = [];
  before(async () => {
    service = await startService({ WAIT_MAX_PER_KEY: "2", WAIT_MAX_TOTAL: "3" });
    keyA = (await service.app.keyStore.create({ name: "a", env: "testnet", limits: LIMITS })).key;
    keyB = (await service.app.keyStore.create({ name: "b", env: "testnet", limits: LIMITS })).key;
  });
  after(async () => {
    leave.abort();
    await Promise.all(held);
    await service.close();
  });

  const as = (key: string | null): Record<string, string> => (key === null ? {} : { "x-api-key": key });
  const wait = (key: string | null, timeout: number): Promise<Answer<"waitForTransaction">> =>
    service.request<"waitForTransaction">(
      "GET",
      `/transactions/${UNKNOWN_TX}/wait?timeout=${timeout}`,
      undefined,
      as(key),
    );
  /** A wait held until the test ends (its client leaves then). */
  const hold = (key: string | null, signal = leave.signal): void => {
    held.push(
      fetch(`${service.base}/transactions/${UNKNOWN_TX}/wait?timeout=60`, { headers: as(key), signal }).catch(
        () => undefined,
      ),
    );
  };
  /** Asks with one-second waits until one is refused (the held ones are counted by then): that refusal. */
  async function firstRefusal(key: string | null): Promise<Answer<"waitForTransaction">> {
    for (let i = 0; i < 20; i++) {
      const answer = await wait(key, 1);
      if (answer.status !== 200) return answer;
    }
    assert.fail("no wait was refused");
  }

  it("a key beyond WAIT_MAX_PER_KEY is refused 429 AUTH_ERR_WAIT_LIMIT with Retry-After, naming the variable", async () => {
    hold(keyA);
    hold(keyA);
    const refused = await firstRefusal(keyA);
    assert.equal(refused.status, 429, JSON.stringify(refused.body));
    assert.equal(refused.body.code, "AUTH_ERR_WAIT_LIMIT");
    assert.equal(
      refused.body.message,
      "Your API key holds 2 waits already, the most one key may hold at once (WAIT_MAX_PER_KEY): let one of them end first, or look once with timeout=0.",
    );
    assert.equal(refused.headers.get("retry-after"), "1");
    // A look without waiting is not refused.
    const look = await wait(keyA, 0);
    assert.equal(look.status, 200);
    assert.equal(look.body.status, "unknown");
  });

  it("the instance beyond WAIT_MAX_TOTAL refuses every key 503 SVC_ERR_WAITS_FULL with Retry-After", async () => {
    hold(keyB); // the third of three
    const refused = await firstRefusal(keyB);
    assert.equal(refused.status, 503, JSON.stringify(refused.body));
    assert.equal(refused.body.code, "SVC_ERR_WAITS_FULL");
    assert.equal(
      refused.body.message,
      "The service holds 3 waits already, the most it holds at once (WAIT_MAX_TOTAL): ask again after Retry-After, or look once with timeout=0.",
    );
    assert.equal(refused.headers.get("retry-after"), "1");
    const keyless = await wait(null, 1);
    assert.equal(keyless.status, 503, "requests without a key are counted in the total too");
  });

  it("a client that disconnects gives its slot back", async () => {
    // Key B's one wait is held on a connection of its own, which the client now closes.
    const mine = new AbortController();
    const before_ = await firstRefusal(keyB);
    assert.equal(before_.status, 503);
    leave.abort(); // every held wait's client leaves: A's two and B's one
    await Promise.all(held);
    let answer: Answer<"waitForTransaction"> | undefined;
    for (let i = 0; i < 50; i++) {
      answer = await wait(keyB, 1);
      if (answer.status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(answer?.status, 200, JSON.stringify(answer?.body));
    assert.equal(answer?.body.timedOut, true);
    mine.abort();
  });
});

describe("concurrent waits without a key: per client IP", () => {
  let service: RunningService;
  const leave = new AbortController();
  const held: Promise<unknown>[] = [];
  before(async () => {
    service = await startService({ WAIT_MAX_PER_KEY: "1", WAIT_MAX_TOTAL: "10" });
  });
  after(async () => {
    leave.abort();
    await Promise.all(held);
    await service.close();
  });

  it("a second keyless wait from the same address is 429 naming the address's cap", async () => {
    held.push(
      fetch(`${service.base}/transactions/${UNKNOWN_TX}/wait?timeout=60`, { signal: leave.signal }).catch(
        () => undefined,
      ),
    );
    let refused: Answer<"waitForTransaction"> | undefined;
    for (let i = 0; i < 20 && refused === undefined; i++) {
      const answer = await service.request<"waitForTransaction">("GET", `/transactions/${UNKNOWN_TX}/wait?timeout=1`);
      if (answer.status !== 200) refused = answer;
    }
    assert.equal(refused?.status, 429);
    assert.equal(
      refused?.body.message,
      "Your address holds 1 waits already, the most one client without an API key may hold at once (WAIT_MAX_PER_KEY): let one of them end first, or look once with timeout=0.",
    );
  });
});
