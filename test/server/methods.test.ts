// 405 Method Not Allowed (src/server/plugins/methods.ts) over real HTTP: a path that a route serves
// under other methods answers 405 with Allow and a message naming them, also where a parameter
// route of the request's method would match (GET /transactions/build vs GET /transactions/{txHash});
// with no API key even when keys are required; in Blockfrost's error body under its prefix; CORS
// preflights still answered 204; an unknown path still a 404.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { RouteMethods } from "../../src/server/plugins/methods.js";
import { jsonRequest, startService, type RunningService } from "../support/service.js";

describe("405 with Allow for a known path and a wrong method", () => {
  let service: RunningService;
  before(async () => {
    service = await startService({ AUTH: "required", CORS_ORIGINS: "*" });
  });
  after(() => service.close());

  /** Asserts a 405 of the service's error body: its Allow header and message. */
  function assert405(
    answer: { status: number; headers: Headers; body: unknown },
    allow: string,
    message: string,
  ): void {
    assert.equal(answer.status, 405, JSON.stringify(answer.body));
    assert.equal(answer.headers.get("allow"), allow);
    const body = answer.body as Record<string, unknown>;
    assert.equal(body["code"], "HTTP_ERR_METHOD_NOT_ALLOWED");
    assert.equal(body["error"], "Method Not Allowed");
    assert.equal(body["statusCode"], 405);
    assert.equal(body["message"], message);
  }

  it("answers a literal path shadowed by a parameter route with 405, not a params error", async () => {
    assert405(
      await service.request<"getTransactionStatus">("GET", "/transactions/build"),
      "POST",
      "The endpoint /v2/services/transactions/build takes POST, not GET.",
    );
    assert405(
      await service.request("GET", "/transactions/submit/"),
      "POST",
      "The endpoint /v2/services/transactions/submit takes POST, not GET.",
    );
    assert405(
      await service.request<"getTournament">("GET", "/tournaments/submit-tx"),
      "POST",
      "The endpoint /v2/services/tournaments/submit-tx takes POST, not GET.",
    );
    // A parameter route still serves what it matches: a transaction hash that is not one is its own 400.
    const status = await service.request<"getTransactionStatus">("GET", "/transactions/nothex");
    assert.equal(status.status, 401, "auth runs for a route that exists");
  });

  it("answers a path no route of the method matches, under another method, with 405 naming the methods", async () => {
    assert405(
      await service.request("DELETE", "/transactions/build"),
      "POST",
      "The endpoint /v2/services/transactions/build takes POST, not DELETE.",
    );
    assert405(
      await service.request("PUT", "/tournaments"),
      "GET, HEAD, POST",
      "The endpoint /v2/services/tournaments takes GET or POST, not PUT.",
    );
    assert405(
      await service.request("POST", `/transactions/${"ab".repeat(32)}`),
      "GET, HEAD",
      `The endpoint /v2/services/transactions/${"ab".repeat(32)} takes GET, not POST.`,
    );
    assert405(
      await service.request("GET", `/tournaments/${"ab".repeat(32)}/settle`),
      "PATCH",
      `The endpoint /v2/services/tournaments/${"ab".repeat(32)}/settle takes PATCH, not GET.`,
    );
    const head = await fetch(`${service.base}/transactions/build`, { method: "HEAD" });
    assert.equal(head.status, 405);
    assert.equal(head.headers.get("allow"), "POST");
  });

  it("keeps an unknown path a 404, and CORS preflights a 204; a 405 carries the CORS headers", async () => {
    const unknown = await service.request("GET", "/nope");
    assert.equal(unknown.status, 404);
    assert.equal((unknown.body as { code: string }).code, "HTTP_ERR_UNKNOWN_ENDPOINT");
    const preflight = await fetch(`${service.base}/transactions/build`, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:5173", "access-control-request-method": "POST" },
    });
    assert.equal(preflight.status, 204);
    const wrong = await jsonRequest(`${service.base}/transactions/build`, "GET", undefined, {
      origin: "http://127.0.0.1:5173",
    });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get("access-control-allow-origin"), "*");
  });

  it("answers 405 in Blockfrost's error body under the Blockfrost-compatible prefix", async () => {
    for (const [method, path, allow, takes] of [
      ["GET", "/tx/submit", "POST", "POST"],
      ["POST", `/txs/${"ab".repeat(32)}`, "GET, HEAD", "GET"],
      ["DELETE", "/epochs/latest", "GET, HEAD", "GET"],
    ] as const) {
      const response = await fetch(`${service.url}/blockfrost/api/v0${path}`, {
        method,
        headers: { project_id: "devnet" },
      });
      assert.equal(response.status, 405);
      assert.equal(response.headers.get("allow"), allow);
      assert.deepEqual(await response.json(), {
        status_code: 405,
        error: "Method Not Allowed",
        message: `The endpoint /blockfrost/api/v0${path} takes ${takes}, not ${method}.`,
      });
    }
  });
});

describe("RouteMethods", () => {
  it("picks the most exact template: a literal segment before a parameter, from the left", () => {
    const routes = new RouteMethods();
    routes.add("GET", "/a/:id");
    routes.add("HEAD", "/a/:id");
    routes.add("POST", "/a/build");
    routes.add("GET", "/a/:id/x");
    routes.add("PATCH", "/a/b/:y");
    routes.add("OPTIONS", "*");
    assert.deepEqual(routes.at("/a/build"), { url: "/a/build", methods: ["POST"] });
    assert.deepEqual(routes.at("/a/other?q=1"), { url: "/a/:id", methods: ["GET", "HEAD"] });
    assert.deepEqual(routes.at("//a//build/"), { url: "/a/build", methods: ["POST"] });
    assert.deepEqual(routes.at("/a/b/x"), { url: "/a/b/:y", methods: ["PATCH"] });
    assert.equal(routes.at("/b"), undefined);
  });
});
