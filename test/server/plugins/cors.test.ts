// CORS through real HTTP (the browser's side is in slow/cors-browser.test.ts): CORS_ORIGINS and its
// defaults by network, preflights on every kind of route answered before auth (no key, no quota),
// the headers a page may send and read, and error answers that still carry the CORS headers.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ConfigError, loadConfig } from "../../../src/config.js";
import { CORS_EXPOSED_HEADERS } from "../../../src/server/plugins/cors.js";
import { THROTTLED_MESSAGE } from "../../../src/errors.js";
import { startService, type RunningService } from "../../support/service.js";
import { WHOAMI, addKeyedRoutes } from "../../support/keyed-routes.js";

const PAGE = "http://127.0.0.1:5173";
const OTHER = "http://127.0.0.1:5174";
const BLOCKFROST_PATH = "/blockfrost/api/v0/epochs/latest/parameters";

function start(env: Record<string, string>): Promise<RunningService> {
  return startService(env, { chain: null, beforeListen: addKeyedRoutes });
}

/** A browser's preflight for `method` from `origin` with the request headers it would send. */
function preflight(
  url: string,
  origin: string,
  method = "POST",
  headers = "content-type,x-api-key",
): Promise<Response> {
  return fetch(url, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": method, "access-control-request-headers": headers },
  });
}

const listOf = (header: string | null): string[] =>
  (header ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "");

/** Asserts the headers that let a page from `origin` read an answer (`allowed`: what Access-Control-Allow-Origin says). */
function assertReadable(response: Response, allowed: string, label: string): void {
  assert.equal(response.headers.get("access-control-allow-origin"), allowed, label);
  assert.deepEqual(
    listOf(response.headers.get("access-control-expose-headers")),
    CORS_EXPOSED_HEADERS.map((h) => h.toLowerCase()),
    label,
  );
}

describe("CORS_ORIGINS", () => {
  it("defaults to any origin on the devnet and to none on the real networks", () => {
    assert.equal(loadConfig({}).corsOrigins, "*");
    for (const network of ["preview", "preprod", "mainnet"])
      assert.deepEqual(loadConfig({ NETWORK: network }).corsOrigins, [], network);
  });

  it("takes *, none, or a list of origins written as browsers send them", () => {
    assert.equal(loadConfig({ NETWORK: "mainnet", CORS_ORIGINS: "*" }).corsOrigins, "*");
    assert.deepEqual(loadConfig({ CORS_ORIGINS: "none" }).corsOrigins, []);
    const config = loadConfig({
      NETWORK: "mainnet",
      CORS_ORIGINS:
        " https://App.Example.com:443, http://localhost:5173,chrome-extension://abcdefgh,http://[::1]:8080,http://localhost:5173 ",
    });
    assert.deepEqual(config.corsOrigins, [
      "https://app.example.com",
      "http://localhost:5173",
      "chrome-extension://abcdefgh",
      "http://[::1]:8080",
    ]);
    assert.ok(Object.isFrozen(config.corsOrigins));
  });

  for (const [value, reason] of [
    [
      "http://localhost:5173/",
      /is not an origin: write each origin as scheme:\/\/host\[:port\], without a path or a trailing slash/,
    ],
    ["https://app.example.com/dapp", /"https:\/\/app\.example\.com\/dapp" is not an origin/],
    ["localhost:5173", /"localhost:5173" is not an origin/],
    ["http://user:pw@app.example.com", /is not an origin/],
    ["http://app.example.com?x=1", /is not an origin/],
    ["http://app.example.com:99999", /is not an origin/],
    ["http://a b.example", /is not an origin/],
    ["http://a.example,,http://b.example", /has an empty entry: separate the origins with single commas/],
    ["*,http://a.example", /"\*" stands alone: write CORS_ORIGINS=\* for any origin, or list the origins/],
  ] as const) {
    it(`refuses ${JSON.stringify(value)}, naming CORS_ORIGINS`, () => {
      assert.throws(
        () => loadConfig({ CORS_ORIGINS: value }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.variable === "CORS_ORIGINS" &&
          error.message.startsWith("Invalid environment variable CORS_ORIGINS: ") &&
          reason.test(error.message),
      );
    });
  }
});

describe("CORS on the devnet by default (any origin)", () => {
  let service: RunningService;
  before(async () => {
    service = await start({});
  });
  after(() => service.close());

  it("answers a preflight on every kind of route 204, with the methods and request headers a page needs", async () => {
    const paths = [
      "/v2/services/transactions/build",
      "/v2/services/devnet/faucet",
      "/v2/services/addresses/addr_test1vz/utxos",
      "/v2/services/tournaments/t1",
      "/v2/services/blueprints/b1",
      "/v2/services/health",
      "/health",
      "/v2/services/docs",
      "/v2/services/docs/static/index.html",
      "/v2/services/openapi.json",
      BLOCKFROST_PATH,
      "/v2/services/no/such/route",
    ];
    for (const path of paths) {
      const response = await preflight(
        `${service.url}${path}`,
        PAGE,
        "POST",
        "content-type,x-api-key,project_id,x-request-id",
      );
      assert.equal(response.status, 204, path);
      assert.equal(await response.text(), "", path);
      assert.equal(response.headers.get("access-control-allow-origin"), "*", path);
      for (const method of ["GET", "HEAD", "POST", "PATCH", "DELETE"])
        assert.ok(
          listOf(response.headers.get("access-control-allow-methods")).includes(method.toLowerCase()),
          `${path} ${method}`,
        );
      for (const header of ["x-api-key", "content-type", "project_id", "lucid", "x-request-id"])
        assert.ok(listOf(response.headers.get("access-control-allow-headers")).includes(header), `${path} ${header}`);
      assert.equal(response.headers.get("access-control-max-age"), "600", path);
      assert.match(
        response.headers.get("x-request-id") ?? "",
        /^[0-9a-f-]{36}$/,
        `${path}: a preflight has its request id`,
      );
    }
  });

  it("lets any origin read answers and their request id, rate-limit and Retry-After headers", async () => {
    for (const origin of [PAGE, "https://dapp.example.com", "null"]) {
      const response = await fetch(`${service.base}/health`, { headers: { origin } });
      assertReadable(response, "*", origin);
      assert.ok(response.headers.get("x-request-id"), origin);
    }
    const exposed = listOf(
      (await fetch(`${service.base}${WHOAMI}`, { headers: { origin: PAGE } })).headers.get(
        "access-control-expose-headers",
      ),
    );
    for (const header of [
      "x-request-id",
      "ratelimit-limit",
      "ratelimit-remaining",
      "ratelimit-reset",
      "ratelimit-policy",
      "retry-after",
    ])
      assert.ok(exposed.includes(header), header);
  });

  it("carries the CORS headers on error answers: 404, 400, 401, an unknown Blockfrost path, routing errors", async () => {
    const answers: Array<[string, Response, number]> = [
      ["unknown route", await fetch(`${service.base}/no/such/route`, { headers: { origin: PAGE } }), 404],
      [
        "validation",
        await fetch(`${service.base}/devnet/faucet`, {
          method: "POST",
          headers: { origin: PAGE, "content-type": "application/json" },
          body: "{}",
        }),
        400,
      ],
      [
        "handler error",
        await fetch(`${service.base}${WHOAMI}/fail`, { method: "POST", headers: { origin: PAGE } }),
        400,
      ],
      ["bad key", await fetch(`${service.base}${WHOAMI}`, { headers: { origin: PAGE, "x-api-key": "nope" } }), 401],
      [
        "malformed URL (routing error, no hook runs)",
        await fetch(`${service.base}/addresses/%zz/utxos`, { headers: { origin: PAGE } }),
        400,
      ],
      [
        "over-long path parameter (routing error)",
        await fetch(`${service.base}/addresses/${"a".repeat(1100)}/utxos`, { headers: { origin: PAGE } }),
        414,
      ],
    ];
    for (const [label, response, status] of answers) {
      assert.equal(response.status, status, label);
      assertReadable(response, "*", label);
      const body = (await response.json()) as { requestId: string };
      assert.equal(response.headers.get("x-request-id"), body.requestId, label);
    }
    const blockfrost = await fetch(`${service.url}${BLOCKFROST_PATH}`, { headers: { origin: PAGE } });
    assertReadable(blockfrost, "*", BLOCKFROST_PATH);
  });

  it("answers a bare OPTIONS (no Origin, no Access-Control-Request-Method) 204 rather than an error outside the error contract", async () => {
    const response = await fetch(`${service.base}/transactions/build`, { method: "OPTIONS" });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get("access-control-allow-methods"), "GET, HEAD, POST, PATCH, DELETE");
  });
});

describe("CORS on a real network by default (none)", () => {
  let service: RunningService;
  before(async () => {
    service = await start({ NETWORK: "preview", AUTH: "optional" });
  });
  after(() => service.close());

  it("sends no CORS header: a preflight is a method the path does not take (405), answers carry no Access-Control-*", async () => {
    const response = await preflight(`${service.base}/transactions/build`, PAGE);
    assert.equal(response.status, 405);
    assert.equal(response.headers.get("allow"), "POST");
    assert.equal(
      ((await response.json()) as { message: string }).message,
      "The endpoint /v2/services/transactions/build takes POST, not OPTIONS.",
    );
    for (const url of [
      `${service.base}/transactions/build`,
      `${service.base}/health`,
      `${service.base}/addresses/%zz/utxos`,
    ]) {
      const answer = url.endsWith("build") ? response : await fetch(url, { headers: { origin: PAGE } });
      for (const [name] of answer.headers) assert.ok(!name.startsWith("access-control-"), `${url}: ${name}`);
    }
  });
});

describe("CORS with a list of origins", () => {
  let service: RunningService;
  before(async () => {
    service = await start({ CORS_ORIGINS: `${PAGE}, https://dapp.example.com` });
  });
  after(() => service.close());

  it("lets a listed origin read the answer (its own origin echoed, Vary: Origin) and no other", async () => {
    for (const origin of [PAGE, "https://dapp.example.com"]) {
      const answer = await fetch(`${service.base}/health`, { headers: { origin } });
      assertReadable(answer, origin, origin);
      assert.match(answer.headers.get("vary") ?? "", /Origin/i);
      const check = await preflight(`${service.base}/transactions/build`, origin);
      assert.equal(check.status, 204);
      assert.equal(check.headers.get("access-control-allow-origin"), origin);
    }
    for (const origin of [OTHER, "https://dapp.example.com.evil.example", "http://127.0.0.1", "null"]) {
      const answer = await fetch(`${service.base}/health`, { headers: { origin } });
      assert.equal(answer.headers.get("access-control-allow-origin"), null, origin);
      assert.match(answer.headers.get("vary") ?? "", /Origin/i, `${origin}: a cache keeps answers per origin`);
      const check = await preflight(`${service.base}/transactions/build`, origin);
      assert.equal(
        check.headers.get("access-control-allow-origin"),
        null,
        `${origin}: the browser refuses the preflight`,
      );
    }
    const routingError = await fetch(`${service.base}/addresses/%zz/utxos`, { headers: { origin: OTHER } });
    assert.equal(routingError.headers.get("access-control-allow-origin"), null);
    const listedRoutingError = await fetch(`${service.base}/addresses/%zz/utxos`, { headers: { origin: PAGE } });
    assertReadable(listedRoutingError, PAGE, "routing error, listed origin");
  });
});

describe("CORS and API keys (AUTH=required, one origin listed)", () => {
  let service: RunningService;
  before(async () => {
    service = await start({ NETWORK: "preview", CORS_ORIGINS: PAGE });
  });
  after(() => service.close());

  it("answers preflights without a key and without charging the key's quota", async () => {
    const { key } = await service.app.keyStore.create({
      name: "page",
      env: "testnet",
      limits: { perDay: 100, burst: 100 },
    });
    const first = await fetch(`${service.base}${WHOAMI}`, { headers: { origin: PAGE, "x-api-key": key } });
    assert.equal(first.status, 200);
    assertReadable(first, PAGE, "keyed answer");
    assert.equal(first.headers.get("ratelimit-remaining"), "99");
    for (let i = 0; i < 5; i++) {
      const check = await preflight(`${service.base}${WHOAMI}`, PAGE, "GET", "x-api-key");
      assert.equal(check.status, 204, "a preflight carries no key and needs none");
      assert.equal(check.headers.get("ratelimit-limit"), null);
    }
    const second = await fetch(`${service.base}${WHOAMI}`, { headers: { origin: PAGE, "x-api-key": key } });
    assert.equal(second.headers.get("ratelimit-remaining"), "98", "the preflights were not counted");
  });

  it("carries the CORS headers on 401 and 429, with the rate-limit headers the page may read", async () => {
    const keyless = await fetch(`${service.base}${WHOAMI}`, { headers: { origin: PAGE } });
    assert.equal(keyless.status, 401);
    assertReadable(keyless, PAGE, "401");
    assert.match(((await keyless.json()) as { message: string }).message, /API key is required/);

    const { key } = await service.app.keyStore.create({ name: "tiny", env: "testnet", limits: { perDay: 1 } });
    assert.equal(
      (await fetch(`${service.base}${WHOAMI}`, { headers: { origin: PAGE, "x-api-key": key } })).status,
      200,
    );
    const refused = await fetch(`${service.base}${WHOAMI}`, { headers: { origin: PAGE, "x-api-key": key } });
    assert.equal(refused.status, 429);
    assertReadable(refused, PAGE, "429");
    assert.equal(((await refused.json()) as { message: string }).message, THROTTLED_MESSAGE);
    assert.equal(refused.headers.get("ratelimit-remaining"), "0");
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
  });
});

describe("CORS and the keyless bucket (devnet, one request a second)", () => {
  let service: RunningService;
  before(async () => {
    service = await start({ KEYLESS_PER_SECOND: "1", KEYLESS_BURST: "1" });
  });
  after(() => service.close());

  it("does not charge preflights to the client IP's bucket; its 429 is readable by the page", async () => {
    for (let i = 0; i < 5; i++)
      assert.equal((await preflight(`${service.base}${WHOAMI}`, PAGE, "GET", "content-type")).status, 204);
    const first = await fetch(`${service.base}${WHOAMI}`, { headers: { origin: PAGE } });
    assert.equal(first.status, 200, "the bucket's one token is still there after five preflights");
    const second = await fetch(`${service.base}${WHOAMI}`, { headers: { origin: PAGE } });
    assert.equal(second.status, 429);
    assertReadable(second, "*", "keyless 429");
    assert.ok(Number(second.headers.get("retry-after")) >= 1);
  });
});
