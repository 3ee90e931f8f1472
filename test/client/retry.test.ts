// The client's retries against a tiny local HTTP server that answers from a script: Retry-After
// honoured on a 429, backoff with full jitter within its bounds, giving up after N attempts with
// the ApiError, and which operations a 503 or a network error retries.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, beforeEach, describe, test } from "node:test";
import fc from "fast-check";
import {
  ApiError,
  backoffMs,
  createClient,
  DEFAULT_RETRY,
  retryAfterSeconds,
  type RetryOptions,
} from "../../client/src/index.js";

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

let server: Server;
let baseUrl: string;
/** What the server answers next (the last one repeats), and what it received. */
let script: Answer[] = [];
let received: { method: string; url: string; apiKey: string | undefined; body: string }[] = [];

const THROTTLED: Answer = {
  status: 429,
  headers: { "retry-after": "1" },
  body: {
    statusCode: 429,
    error: "Too Many Requests",
    code: "AUTH_ERR_THROTTLED",
    message: "Throttled, please try again later.",
    requestId: "r-429",
  },
};
const UNAVAILABLE: Answer = {
  status: 503,
  body: {
    statusCode: 503,
    error: "Service Unavailable",
    code: "CHAIN_ERR_UNAVAILABLE",
    message: "The chain backend is unreachable.",
    requestId: "r-503",
  },
};
const HEALTHY: Answer = { status: 200, body: { status: "ok", network: "devnet", version: "test" } };

before(async () => {
  server = createServer((request: IncomingMessage, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({
        method: request.method!,
        url: request.url!,
        apiKey: request.headers["x-api-key"] as string | undefined,
        body,
      });
      const answer = (script.length > 1 ? script.shift() : script[0])!;
      response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      response.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

/** A client whose sleeps are recorded, not waited. */
function recording(retry: Partial<RetryOptions> = {}, fetchImpl?: typeof fetch) {
  const delays: number[] = [];
  const client = createClient({
    baseUrl,
    apiKey: "testnet_abc",
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    retry: { sleep: async (ms) => void delays.push(ms), random: () => 0.5, ...retry },
  });
  return { client, delays };
}

const BUILD_BODY = { changeAddress: "addr_test1vq", outputs: [] };
const SUBMIT_BODY = { transaction: "84a0", signatures: [] };

describe("429", () => {
  test("Retry-After: 1 then 200: one retry after exactly 1000 ms, the same request sent again", async () => {
    script = [THROTTLED, HEALTHY];
    const { client, delays } = recording();
    const health = await client.getHealth();
    assert.equal(health.status, "ok");
    assert.deepEqual(delays, [1000]);
    assert.equal(received.length, 2);
    assert.ok(
      received.every((r) => r.method === "GET" && r.url === "/v2/services/health" && r.apiKey === "testnet_abc"),
    );
  });

  test("a POST that builds is retried on 429 too (the service did nothing), with its body", async () => {
    script = [THROTTLED, THROTTLED, { status: 200, body: { complete: "84a0", hash: "00", fee: "0" } }];
    const { client, delays } = recording();
    await client.buildTransaction({ body: BUILD_BODY });
    assert.deepEqual(delays, [1000, 1000]);
    assert.equal(received.length, 3);
    assert.ok(
      received.every(
        (r) =>
          r.method === "POST" && (JSON.parse(r.body) as { changeAddress: string }).changeAddress === "addr_test1vq",
      ),
    );
  });

  test("gives up after `attempts` sends with the last ApiError (status, code, message, requestId, retryAfter, attempts)", async () => {
    script = [THROTTLED];
    const { client, delays } = recording({ attempts: 3 });
    const error = await client.getHealth().catch((e: unknown) => e);
    assert.ok(error instanceof ApiError, String(error));
    assert.equal(error.status, 429);
    assert.equal(error.code, "AUTH_ERR_THROTTLED");
    assert.equal(error.message, "getHealth: Throttled, please try again later.");
    assert.equal(error.requestId, "r-429");
    assert.equal(error.retryAfter, 1);
    assert.equal(error.attempts, 3);
    assert.equal(received.length, 3);
    assert.deepEqual(delays, [1000, 1000]);
  });

  test("without Retry-After: exponential backoff with full jitter (random × min(max, base × 2^n))", async () => {
    script = [{ ...THROTTLED, headers: {} }];
    const { client, delays } = recording({ attempts: 6, baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.5 });
    await assert.rejects(client.getHealth(), ApiError);
    assert.deepEqual(delays, [50, 100, 200, 400, 500]);
  });

  test("a Retry-After longer than maxRetryAfterMs (a daily quota's) is not waited for", async () => {
    script = [{ ...THROTTLED, headers: { "retry-after": "3600" } }, HEALTHY];
    const { client, delays } = recording();
    const error = await client.getHealth().catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.retryAfter, 3600);
    assert.deepEqual(delays, []);
    assert.equal(received.length, 1);
  });

  test("retry: false (client-wide or per call) sends once", async () => {
    script = [THROTTLED, HEALTHY];
    const { client } = recording();
    await assert.rejects(
      client.getHealth(undefined, { retry: false }),
      (e: unknown) => e instanceof ApiError && e.attempts === 1,
    );
    script = [THROTTLED, HEALTHY];
    const once = createClient({ baseUrl, retry: false });
    await assert.rejects(once.getHealth(), ApiError);
  });
});

describe("503 and network errors: only operations safe to repeat", () => {
  test("a GET is retried on 503", async () => {
    script = [UNAVAILABLE, HEALTHY];
    const { client, delays } = recording({ baseDelayMs: 100 });
    await client.getHealth();
    assert.deepEqual(delays, [50]);
  });

  test("POST /transactions/submit and /tournaments/submit-tx are retried on 503 (the same transaction twice is safe)", async () => {
    for (const operation of ["submitTransaction", "submitTournamentTransaction"] as const) {
      script = [UNAVAILABLE, { status: 200, body: { txHash: "ab".repeat(32) } }];
      received = [];
      const { client } = recording();
      assert.equal((await client.call(operation, { body: SUBMIT_BODY })).txHash, "ab".repeat(32));
      assert.equal(received.length, 2);
    }
  });

  test("another POST is not retried on 503: the ApiError at once", async () => {
    script = [UNAVAILABLE, { status: 200, body: {} }];
    const { client, delays } = recording();
    const error = await client.buildTransaction({ body: BUILD_BODY }).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, "CHAIN_ERR_UNAVAILABLE");
    assert.deepEqual(delays, []);
    assert.equal(received.length, 1);
  });

  test("a network error is retried for a GET, not for a POST that builds", async () => {
    let failures = 1;
    const flaky: typeof fetch = async (input, init) => {
      if (failures-- > 0) throw new TypeError("fetch failed");
      return fetch(input, init);
    };
    script = [HEALTHY];
    const get = recording({}, flaky);
    assert.equal((await get.client.getHealth()).status, "ok");
    assert.equal(get.delays.length, 1);
    failures = 1;
    const post = recording({}, flaky);
    await assert.rejects(post.client.buildTransaction({ body: BUILD_BODY }), /fetch failed/);
    assert.deepEqual(post.delays, []);
  });

  test("a body that is not an ErrorBody still makes an ApiError (code undefined, X-Request-Id from the header)", async () => {
    script = [{ status: 502, headers: { "x-request-id": "proxy-1" }, body: "Bad gateway" }];
    const { client } = recording();
    const error = await client.getHealth().catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 502);
    assert.equal(error.code, undefined);
    assert.equal(error.requestId, "proxy-1");
  });
});

describe("the policy", () => {
  test("backoff stays within [0, min(maxDelayMs, baseDelayMs × 2^n)) for any random in [0, 1)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 120_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, baseDelayMs, maxDelayMs, r) => {
          const delay = backoffMs(retry, { baseDelayMs, maxDelayMs, random: () => r });
          const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** retry);
          return Number.isInteger(delay) && delay >= 0 && delay < ceiling;
        },
      ),
    );
  });

  test("the default policy: 4 attempts, ceilings 500 ms doubling to 10 s, Retry-After up to 60 s", () => {
    assert.equal(DEFAULT_RETRY.attempts, 4);
    const almostOne = { ...DEFAULT_RETRY, random: () => 0.999999 };
    assert.deepEqual(
      [0, 1, 2, 5, 10].map((n) => backoffMs(n, almostOne)),
      [499, 999, 1999, 9999, 9999],
    );
    assert.equal(DEFAULT_RETRY.maxRetryAfterMs, 60_000);
  });

  test("Retry-After: delta seconds or an HTTP date", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    assert.equal(retryAfterSeconds("7", now), 7);
    assert.equal(retryAfterSeconds("Wed, 01 Jan 2025 00:00:30 GMT", now), 30);
    assert.equal(retryAfterSeconds(null, now), undefined);
    assert.equal(retryAfterSeconds("soon", now), undefined);
  });

  test("attempts must be an integer ≥ 1", () => {
    assert.throws(() => createClient({ baseUrl, retry: { attempts: 0 } }), RangeError);
    assert.throws(() => createClient({ baseUrl: "localhost:3000" }), TypeError);
  });

  test("the default sleep waits, and an abort ends it", async () => {
    const started = Date.now();
    await DEFAULT_RETRY.sleep(20);
    assert.ok(Date.now() - started >= 15);
    const controller = new AbortController();
    const sleeping = DEFAULT_RETRY.sleep(10_000, controller.signal);
    controller.abort(new Error("stop"));
    await assert.rejects(sleeping, /stop/);
  });
});
