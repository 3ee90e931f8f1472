// Issue #13 item 5: every answer carries X-Request-Id, every error body its requestId, and every
// log line of the request the same id. A client's sane X-Request-Id is kept; anything else is replaced.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { jsonRequest, rawExchange, startService, type RunningService } from "../../support/service.js";

/** What the test-only route below answers: the request logger's bindings. */
interface LogBindingsAnswer {
  status: number;
  headers: Headers;
  body: { reqId?: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let service: RunningService;
before(async () => {
  service = await startService(
    { LOG_LEVEL: "error" },
    {
      beforeListen: (app) => {
        app.get("/test-only/log-bindings", { config: { public: true } }, async (request) =>
          (request.log as unknown as { bindings(): object }).bindings(),
        );
      },
    },
  );
});
after(async () => {
  await service.close();
});

describe("request ids", () => {
  test("generated when absent: a UUID in the header of a 200 and in the header and body of an error", async () => {
    const ok = await service.request<"getHealth">("GET", "/health");
    assert.equal(ok.status, 200);
    assert.match(ok.headers.get("x-request-id") ?? "", UUID);
    const bad = await service.request<"buildTransaction">("POST", "/transactions/build", {});
    assert.equal(bad.status, 400);
    assert.match(bad.body.requestId, UUID);
    assert.equal(bad.headers.get("x-request-id"), bad.body.requestId);
    assert.notEqual(bad.body.requestId, ok.headers.get("x-request-id"), "each request its own");
  });

  test("a client's sane X-Request-Id is echoed in the header and the error body", async () => {
    const id = "checkout-42.retry:3_a";
    const bad = await service.request<"buildTransaction">("POST", "/transactions/build", {}, { "x-request-id": id });
    assert.equal(bad.body.requestId, id);
    assert.equal(bad.headers.get("x-request-id"), id);
    const unknown = await service.request<"error">("GET", "/no-such-endpoint", undefined, { "x-request-id": id });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.requestId, id);
    const max = "a".repeat(128);
    assert.equal(
      (await service.request<"getHealth">("GET", "/health", undefined, { "x-request-id": max })).headers.get(
        "x-request-id",
      ),
      max,
    );
  });

  test("an X-Request-Id that is too long or not a plain token is replaced by a new one", async () => {
    for (const sent of ["a".repeat(129), "two words", "<script>", 'quote"d', "a/b"]) {
      const answer = await service.request<"buildTransaction">(
        "POST",
        "/transactions/build",
        {},
        { "x-request-id": sent },
      );
      assert.match(answer.body.requestId!, UUID, sent);
      assert.equal(answer.headers.get("x-request-id"), answer.body.requestId);
    }
  });

  test("the request's log lines carry the id as reqId", async () => {
    const answer = await jsonRequest<LogBindingsAnswer>(`${service.url}/test-only/log-bindings`, "GET", undefined, {
      "x-request-id": "trace-7",
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.reqId, "trace-7");
  });

  test("a request that is not valid HTTP still gets a request id", async () => {
    const text = await rawExchange(service.url, "GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n");
    const id = /X-Request-Id: ([0-9a-f-]{36})/i.exec(text)?.[1];
    assert.match(id ?? "", UUID, text);
    assert.ok(text.includes(`"requestId":"${id}"`), text);
  });
});
