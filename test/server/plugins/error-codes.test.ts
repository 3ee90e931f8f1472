// Every error answer carries a code of the registry (src/errors.ts): representative requests,
// through real HTTP, answer the code and status docs/errors.md documents for their situation, in
// the one shape {statusCode, error, code, message}; the docs' example is a real answer; the log
// line of a failed request carries the same code. (test/errors-doc.test.ts checks the lists.)
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { STATUS_CODES } from "node:http";
import { Duplex } from "node:stream";
import { after, before, describe, it } from "node:test";
import { Ajv } from "ajv";
import Fastify, { type FastifyInstance } from "fastify";
import { BadRequestError, ERROR_CODE_LIST, ERROR_CODES, type ErrorCode } from "../../../src/errors.js";
import errors, { clientErrorHandler } from "../../../src/server/plugins/errors.js";
import { ErrorBody } from "../../../src/server/schemas.js";
import { build } from "../../support/transactions-api.js";
import { fund, newBaseWallet } from "../../support/wallets.js";
import { jsonRequest, rawExchange, startService, type RunningService } from "../../support/service.js";

const ADDRESS = "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz";
const docs = readFileSync(new URL("../../../docs/errors.md", import.meta.url), "utf8");
const validErrorBody = new Ajv({ strict: false }).compile(ErrorBody);

/** The codes the answers of this file carried: the last test checks that they cover the registry. */
const seen = new Set<ErrorCode>();

interface Answer {
  status: number;
  body: unknown;
}

/** Asserts an error answer: its code, the status the registry gives that code, and the shape. */
function expectCode(answer: Answer, code: ErrorCode, status?: number): { message: string } {
  const expected = status ?? ERROR_CODES[code];
  assert.equal(typeof expected, "number", `${code}: give the status of a code without a fixed one`);
  assert.equal(answer.status, expected, JSON.stringify(answer.body));
  const body = answer.body as Record<string, unknown>;
  assert.ok(validErrorBody(body), `${JSON.stringify(body)} is an ErrorBody: ${JSON.stringify(validErrorBody.errors)}`);
  // `detail` only on a translated ledger refusal; `requestId` always (issue #13).
  assert.deepEqual(
    Object.keys(body)
      .filter((key) => key !== "detail")
      .sort(),
    ["code", "error", "message", "requestId", "statusCode"],
  );
  assert.equal(body["code"], code, JSON.stringify(body));
  assert.equal(body["statusCode"], expected);
  assert.equal(body["error"], STATUS_CODES[answer.status]);
  assert.ok(String(body["message"]).trim().length > 0, "a message");
  seen.add(code);
  return { message: String(body["message"]) };
}

/** Raw bytes to the service (rawExchange); the answer's status and JSON body. */
async function rawAnswer(origin: string, bytes: string): Promise<Answer> {
  const text = await rawExchange(origin, bytes);
  return {
    status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1]),
    body: JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)),
  };
}

describe("error codes on the devnet", () => {
  let service: RunningService;
  before(async () => {
    service = await startService(
      {},
      {
        beforeListen: (app) => {
          app.get("/v2/services/test/bug", async () => {
            throw new TypeError("Cannot read properties of undefined (reading 'x')");
          });
        },
      },
    );
  });
  after(() => service.close());

  it("answers the example of docs/errors.md exactly (SVC_ERR_VALIDATION)", async () => {
    const example = JSON.parse(/```json\n(.*)\n```/.exec(docs)![1]!) as { requestId: string };
    // The example's request id is sent as X-Request-Id, which the answer echoes.
    const answer = await service.request<"buildTransaction">(
      "POST",
      "/transactions/build",
      { changeAddress: ADDRESS, outputs: [{ lovelace: 2_000_000 }] },
      { "x-request-id": example.requestId },
    );
    expectCode(answer, "SVC_ERR_VALIDATION");
    assert.deepEqual(answer.body, example);
  });

  it("names the field of a schema mismatch as the docs show (SVC_ERR_VALIDATION)", async () => {
    const type = expectCode(
      await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: "10" }),
      "SVC_ERR_VALIDATION",
    );
    assert.equal(type.message, "body.seconds must be integer.");
    assert.ok(docs.includes(`(\`${type.message}\`)`), "docs/errors.md quotes it");
    const union = expectCode(
      await service.request<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: ADDRESS,
        outputs: [{ address: ADDRESS, lovelace: true }],
      }),
      "SVC_ERR_VALIDATION",
    );
    assert.match(
      union.message,
      /^body\.outputs\[0\]\.lovelace is invalid: Lovelace to send\. .* A non-negative safe integer, or a decimal string such as "5_000_000"\.$/,
    );
    assert.ok(
      docs.includes(
        '`body.outputs[0].lovelace is invalid: Lovelace to send. … A non-negative safe integer, or a decimal string such as "5_000_000".`',
      ),
    );
  });

  it("tells an unknown field apart (SVC_ERR_UNKNOWN_FIELD)", async () => {
    const { message } = expectCode(
      await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", { address: ADDRESS, extra: 1 }),
      "SVC_ERR_UNKNOWN_FIELD",
    );
    assert.equal(message, 'body has an unknown field "extra".');
    assert.ok(docs.includes(`(\`${message}\`)`), "docs/errors.md quotes it");
  });

  it("answers bad input that the schema cannot see with SVC_ERR_BAD_REQUEST", async () => {
    const { message } = expectCode(
      await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
        address: ADDRESS,
        lovelace: "99999999999999999999",
      }),
      "SVC_ERR_BAD_REQUEST",
    );
    assert.match(message, /^body\.lovelace /);
  });

  it("answers CBOR over the nesting limit with SVC_ERR_CBOR_LIMIT", async () => {
    const { message } = expectCode(
      await service.request<"submitTransaction">("POST", "/transactions/submit", {
        transaction: "81".repeat(200) + "00",
      }),
      "SVC_ERR_CBOR_LIMIT",
    );
    assert.equal(message, "body.transaction nests deeper than 128 levels, the limit on CBOR nesting depth.");
  });

  it("answers an unknown endpoint with HTTP_ERR_UNKNOWN_ENDPOINT", async () => {
    for (const path of ["/v2/services/nope", "/v1/whatever"]) {
      const { message } = expectCode(await jsonRequest(`${service.url}${path}`, "GET"), "HTTP_ERR_UNKNOWN_ENDPOINT");
      assert.match(message, /is incorrect: every endpoint lives under \/v2\/services/);
    }
  });

  it("answers a known path with a wrong method with HTTP_ERR_METHOD_NOT_ALLOWED and Allow", async () => {
    const answer = await service.request<"getTransactionStatus">("GET", "/transactions/build");
    const { message } = expectCode(answer, "HTTP_ERR_METHOD_NOT_ALLOWED");
    assert.equal(message, "The endpoint /v2/services/transactions/build takes POST, not GET.");
    assert.equal(answer.headers.get("allow"), "POST");
  });

  it("answers bodies it cannot read with HTTP_ERR_BODY_TOO_LARGE, HTTP_ERR_UNSUPPORTED_MEDIA_TYPE, HTTP_ERR_INVALID_JSON", async () => {
    const url = `${service.base}/utils/addresses/parse`;
    const json = { "content-type": "application/json" };
    const big = JSON.stringify({ address: "a".repeat(service.config.bodyLimit) });
    expectCode(await jsonRequest(url, "POST", big, json), "HTTP_ERR_BODY_TOO_LARGE");
    expectCode(
      await jsonRequest(url, "POST", "address=x", { "content-type": "application/x-www-form-urlencoded" }),
      "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
    );
    const invalid = expectCode(await jsonRequest(url, "POST", '{"address": ', json), "HTTP_ERR_INVALID_JSON");
    assert.match(invalid.message, /^The request body is not valid JSON: /);
    const empty = expectCode(await jsonRequest(url, "POST", "", json), "HTTP_ERR_INVALID_JSON");
    assert.equal(empty.message, "The request body is empty: send a JSON object.");
  });

  it("answers URLs it cannot route with HTTP_ERR_BAD_URL and HTTP_ERR_PARAM_TOO_LONG", async () => {
    expectCode(await jsonRequest(`${service.base}/addresses/%E0%A4%A/utxos`, "GET"), "HTTP_ERR_BAD_URL");
    expectCode(
      await jsonRequest(`${service.base}/addresses/${"a".repeat(1100)}/utxos`, "GET"),
      "HTTP_ERR_PARAM_TOO_LONG",
    );
  });

  it("answers what the docs page's static files refuse with HTTP_ERR_REFUSED and their status", async () => {
    expectCode(await jsonRequest(`${service.base}/docs/static/%00`, "GET"), "HTTP_ERR_REFUSED", 403);
    expectCode(
      await jsonRequest(`${service.base}/docs/static/swagger-ui.css`, "GET", undefined, { range: "bytes=99999999-" }),
      "HTTP_ERR_REFUSED",
      416,
    );
  });

  it("answers a build the wallet cannot pay for with TX_ERR_INSUFFICIENT_FUNDS", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 5_000_000);
    const answer = await service.request<"buildTransaction">("POST", "/transactions/build", {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, lovelace: 10_000_000 }],
    });
    assert.match(expectCode(answer, "TX_ERR_INSUFFICIENT_FUNDS").message, /^Not enough ADA: .* missing/);
  });

  it("answers a snapshot name in use with DEVNET_ERR_SNAPSHOT_EXISTS, and one snapshot too many with DEVNET_ERR_SNAPSHOT_LIMIT", async () => {
    assert.equal(
      (await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "s0" })).status,
      200,
    );
    assert.match(
      expectCode(
        await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "s0" }),
        "DEVNET_ERR_SNAPSHOT_EXISTS",
      ).message,
      /^A snapshot named "s0" exists already/,
    );
    // DEVNET_SNAPSHOT_LIMIT is 20 by default.
    for (let i = 1; i < 20; i++)
      assert.equal(
        (await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: `s${i}` })).status,
        200,
      );
    assert.match(
      expectCode(
        await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "s20" }),
        "DEVNET_ERR_SNAPSHOT_LIMIT",
      ).message,
      /^The devnet holds 20 snapshots, its maximum/,
    );
  });

  it("answers a transaction the ledger refuses (its validity ended) with CHAIN_ERR_LEDGER_REJECTED", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 10_000_000);
    const tick = await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 1 });
    assert.equal(tick.status, 200, JSON.stringify(tick.body));
    const now = Math.floor((tick.body.time as number) / 1000);
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: alice.address, lovelace: 2_000_000 }],
      validityInterval: { start: now, end: now + 30 },
    });
    assert.equal((await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 60 })).status, 200);
    const answer = await service.request<"submitTransaction">("POST", "/transactions/submit", {
      transaction: built.complete,
      signatures: [await alice.witnessSet(built.complete)],
    });
    assert.match(
      expectCode(answer, "CHAIN_ERR_LEDGER_REJECTED").message,
      /^The ledger rejected the transaction: the transaction's validity interval has ended: .* Rebuild the transaction/,
    );
    assert.match(answer.body.detail!, /outside the validity interval/);
  });

  it("answers a bug with SVC_ERR_INTERNAL and a message that says only so", async () => {
    const { message } = expectCode(await service.request("GET", "/test/bug"), "SVC_ERR_INTERNAL");
    assert.equal(message, "Internal error: this is a bug in the service, please report it.");
  });

  it("answers requests that are not valid HTTP with HTTP_ERR_MALFORMED and HTTP_ERR_HEADERS_TOO_LARGE", async () => {
    expectCode(await rawAnswer(service.url, "GARBAGE\r\n\r\n"), "HTTP_ERR_MALFORMED");
    expectCode(
      await rawAnswer(
        service.url,
        `GET /v2/services/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(40_000)}\r\n\r\n`,
      ),
      "HTTP_ERR_HEADERS_TOO_LARGE",
    );
  });

  it("answers a request that did not arrive in time with HTTP_ERR_TIMEOUT (Node's error, handed over directly)", async () => {
    // Node raises it after its headersTimeout (60 s), checked every 30 s: too slow to wait for here.
    let written = "";
    const socket = new Duplex({
      read() {},
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.toString("latin1");
        callback();
      },
    });
    socket.on("error", () => undefined);
    clientErrorHandler(Object.assign(new Error("Request timeout"), { code: "ERR_HTTP_REQUEST_TIMEOUT" }), socket);
    expectCode(
      {
        status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(written)?.[1]),
        body: JSON.parse(written.slice(written.indexOf("\r\n\r\n") + 4)),
      },
      "HTTP_ERR_TIMEOUT",
    );
    assert.ok(socket.destroyed, "the connection is closed");
  });
});

describe("error codes on a real network without a chain backend, with API keys", () => {
  let service: RunningService;
  let key: string;
  const utxos = `/addresses/${ADDRESS}/utxos`;
  before(async () => {
    service = await startService({ NETWORK: "preview" }, { chain: null });
    key = (await service.app.keyStore.create({ name: "codes", env: "testnet", limits: { perDay: 1000, burst: 1000 } }))
      .key;
  });
  after(() => service.close());

  it("answers a missing or wrong key with AUTH_ERR_UNAUTHORIZED", async () => {
    expectCode(await service.request("GET", utxos), "AUTH_ERR_UNAUTHORIZED");
    expectCode(
      await service.request("GET", utxos, undefined, { "x-api-key": `testnet_${"a".repeat(40)}` }),
      "AUTH_ERR_UNAUTHORIZED",
    );
    expectCode(await service.request("GET", utxos, undefined, { "x-api-key": "nope" }), "AUTH_ERR_UNAUTHORIZED");
  });

  it("answers a request that needs the missing chain backend with CHAIN_ERR_UNAVAILABLE", async () => {
    const { message } = expectCode(
      await service.request("GET", utxos, undefined, { "x-api-key": key }),
      "CHAIN_ERR_UNAVAILABLE",
    );
    assert.match(message, /No chain backend is configured for preview/);
  });

  it("answers a devnet endpoint on a real network with SVC_ERR_NOT_FOUND", async () => {
    expectCode(
      await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 1 }, { "x-api-key": key }),
      "SVC_ERR_NOT_FOUND",
    );
  });

  it("answers a key over its quota with AUTH_ERR_THROTTLED and Retry-After", async () => {
    const limited = (await service.app.keyStore.create({ name: "one a day", env: "testnet", limits: { perDay: 1 } }))
      .key;
    assert.notEqual((await service.request("GET", utxos, undefined, { "x-api-key": limited })).status, 429);
    const answer = await service.request("GET", utxos, undefined, { "x-api-key": limited });
    expectCode(answer, "AUTH_ERR_THROTTLED");
    assert.ok(Number(answer.headers.get("retry-after")) >= 1, "Retry-After");
  });
});

describe("the log line of a failed request", () => {
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  before(async () => {
    app = Fastify({
      logger: {
        level: "info",
        stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
      },
    });
    await app.register(errors);
    app.get("/refused", async () => {
      throw new BadRequestError("query.x is wrong.");
    });
    app.get("/bug", async () => {
      throw new Error("boom");
    });
    app.post("/echo", async (request) => request.body);
  });
  after(() => app.close());

  const logOf = (msg: string) => lines.filter((line) => line["msg"] === msg).at(-1);

  it("carries the public code, the status and the message", async () => {
    expectCode(await inject(app, "GET", "/refused"), "SVC_ERR_BAD_REQUEST");
    assert.deepEqual(pick(logOf("request failed")), {
      level: 30,
      code: "SVC_ERR_BAD_REQUEST",
      statusCode: 400,
      reason: "query.x is wrong.",
    });
  });

  it("carries Fastify's own code only as errorCode", async () => {
    expectCode(
      await inject(app, "POST", "/echo", "{", { "content-type": "application/json" }),
      "HTTP_ERR_INVALID_JSON",
    );
    const line = logOf("request failed");
    assert.equal(line?.["code"], "HTTP_ERR_INVALID_JSON");
    assert.equal(line?.["errorCode"], "FST_ERR_CTP_INVALID_JSON_BODY");
    expectCode(await inject(app, "GET", "/nope"), "HTTP_ERR_UNKNOWN_ENDPOINT");
    assert.equal(logOf("request failed")?.["code"], "HTTP_ERR_UNKNOWN_ENDPOINT");
  });

  it("logs a bug at error level with SVC_ERR_INTERNAL and the stack", async () => {
    expectCode(await inject(app, "GET", "/bug"), "SVC_ERR_INTERNAL");
    const line = logOf("unhandled error");
    assert.equal(line?.["level"], 50);
    assert.equal(line?.["code"], "SVC_ERR_INTERNAL");
    assert.match(String((line?.["err"] as { stack?: string } | undefined)?.stack), /boom/);
  });
});

async function inject(
  app: FastifyInstance,
  method: "GET" | "POST",
  url: string,
  payload?: string,
  headers?: Record<string, string>,
): Promise<Answer> {
  const response = await app.inject({
    method,
    url,
    ...(payload !== undefined && { payload }),
    ...(headers && { headers }),
  });
  return { status: response.statusCode, body: response.json() };
}

function pick(line: Record<string, unknown> | undefined): Record<string, unknown> {
  const { level, code, statusCode, reason } = line ?? {};
  return { level, code, statusCode, reason };
}

describe("coverage", () => {
  it("exercised every code of the registry but those that need a contract, a huge transaction, a store outage or waits held open", () => {
    // SVC_ERR_UNPROCESSABLE (a tournament script that refuses: the tournament tests), TX_ERR_TOO_LARGE (too many inputs: the build-errors tests),
    // STORE_ERR_UNAVAILABLE (PostgreSQL, Redis or a full disk going away: the store and fleet tests),
    // AUTH_ERR_WAIT_LIMIT and SVC_ERR_WAITS_FULL (waits held open beyond their caps: server/wait-slots.test.ts),
    // SVC_ERR_BUSY (evaluations queued beyond the pool: chain/evaluation-pool.test.ts),
    // CHAIN_ERR_SEATS_UNREADABLE (a backend that lost a v3 pool's history: tournament/seats.test.ts),
    // AUTH_ERR_STREAM_LIMIT (event streams held open beyond their caps: events/stream.test.ts),
    // AUTH_ERR_WEBHOOK_TEST_LIMIT (test deliveries held open beyond their caps: webhooks/delivery.test.ts).
    const elsewhere = new Set<ErrorCode>([
      "SVC_ERR_UNPROCESSABLE",
      "TX_ERR_TOO_LARGE",
      "STORE_ERR_UNAVAILABLE",
      "AUTH_ERR_WAIT_LIMIT",
      "SVC_ERR_WAITS_FULL",
      "SVC_ERR_BUSY",
      "CHAIN_ERR_SEATS_UNREADABLE",
      "AUTH_ERR_STREAM_LIMIT",
      "AUTH_ERR_WEBHOOK_TEST_LIMIT",
    ]);
    assert.deepEqual(
      ERROR_CODE_LIST.filter((code) => !seen.has(code) && !elsewhere.has(code)),
      [],
    );
  });
});
