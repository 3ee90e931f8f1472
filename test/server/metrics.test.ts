// GET /metrics through real HTTP: after a known set of requests, the Prometheus text holds the
// counters with the route's pattern (never the raw URL), the status, the build/submit outcome,
// the backend call by method and outcome, the quota refusals by reason and the devnet ledger's
// size; each instance counts apart; every answer, /metrics and refusals included, carries X-Request-Id.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { withCallMetrics, type ChainCallObserver } from "../../src/chain/metrics.js";
import { isDevnet } from "../../src/chain/port.js";
import { BUILD_OPERATIONS, SUBMIT_OPERATIONS } from "../../src/server/plugins/metrics.js";
import { LedgerRejectedError } from "../../src/errors.js";
import { ManualClock, WHOAMI, addKeyedRoutes } from "../support/keyed-routes.js";
import { operationsOf, type OpenApiAnswer } from "../support/openapi.js";
import { startService, type RunningService } from "../support/service.js";

const TX_HASH = "ab".repeat(32);

/** The value of one series in Prometheus text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{(.*)\}/)?.[1] ?? "";
    const found = Object.fromEntries(
      [...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m): [string, string] => [m[1]!, m[2]!]),
    );
    if (
      Object.entries(labels).every(([k, v]) => found[k] === v) &&
      Object.keys(found).length === Object.keys(labels).length
    ) {
      return Number(line.split(" ").at(-1));
    }
  }
  return undefined;
}

async function scrape(service: RunningService): Promise<string> {
  const response = await fetch(`${service.url}/metrics`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
  assert.ok(response.headers.get("x-request-id"), "X-Request-Id on /metrics");
  return response.text();
}

describe("GET /metrics on the devnet", () => {
  let service: RunningService;
  let other: RunningService;
  before(async () => {
    service = await startService({ AUTH: "optional" });
    other = await startService({ AUTH: "optional" });
  });
  after(async () => {
    await service.close();
    await other.close();
  });

  it("counts requests by route pattern and status, builds and submits by outcome, backend calls by method and outcome", async () => {
    // The service itself calls the chain as it starts (the tournament contract's reference scripts): counted from here.
    const start = await scrape(service);
    const since = (text: string, name: string, labels: Record<string, string> = {}) =>
      (sample(text, name, labels) ?? 0) - (sample(start, name, labels) ?? 0);
    for (let i = 0; i < 2; i++) assert.equal((await service.request<"getHealth">("GET", "/health")).status, 200);
    assert.equal((await service.request<"getTransactionStatus">("GET", `/transactions/${TX_HASH}`)).status, 200);
    assert.equal(
      (await service.request<"getTransactionStatus">("GET", `/transactions/${"cd".repeat(32)}`)).status,
      200,
    );
    const badSubmit = await service.request<"submitTransaction">("POST", "/transactions/submit", { transaction: "zz" });
    assert.equal(badSubmit.status, 400);
    const badBuild = await service.request<"buildTransaction">("POST", "/transactions/build", {});
    assert.equal(badBuild.status, 400);
    const funded = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
      address: "addr_test1vpc8d2d0mde78amck0rqzaqq3l9zdvz4plhvaynrg94m89q70x2nj",
      lovelace: 5_000_000,
    });
    assert.equal(funded.status, 200, JSON.stringify(funded.body));
    const unknown = await fetch(`${service.url}/nowhere/${TX_HASH}`);
    assert.equal(unknown.status, 404);
    assert.ok(unknown.headers.get("x-request-id"), "X-Request-Id on a 404");

    const text = await scrape(service);
    assert.equal(
      sample(text, "http_requests_total", { method: "GET", route: "/metrics", status: "200" }),
      1,
      "the first scrape, counted once answered",
    );
    assert.equal(
      sample(text, "http_requests_total", { method: "GET", route: "/v2/services/health", status: "200" }),
      2,
    );
    // Two hashes, one series: the pattern, not the URL.
    assert.equal(
      sample(text, "http_requests_total", { method: "GET", route: "/v2/services/transactions/:txHash", status: "200" }),
      2,
    );
    assert.ok(!text.includes(TX_HASH), "no raw URL in any label");
    assert.equal(sample(text, "http_requests_total", { method: "GET", route: "unmatched", status: "404" }), 1);
    assert.equal(
      sample(text, "http_request_duration_seconds_count", {
        method: "GET",
        route: "/v2/services/health",
        status: "200",
      }),
      2,
    );
    assert.equal(
      sample(text, "http_request_duration_seconds_bucket", {
        method: "GET",
        route: "/v2/services/health",
        status: "200",
        le: "+Inf",
      }),
      2,
    );
    assert.equal(sample(text, "tx_submits_total", { operation: "submitTransaction", outcome: "invalid" }), 1);
    assert.equal(sample(text, "tx_builds_total", { operation: "buildTransaction", outcome: "invalid" }), 1);
    assert.equal(since(text, "chain_backend_calls_total", { backend: "devnet", method: "faucet", outcome: "ok" }), 1);
    assert.equal(since(text, "chain_backend_calls_total", { backend: "devnet", method: "txStatus", outcome: "ok" }), 2);
    assert.equal(
      since(text, "chain_backend_call_duration_seconds_count", { backend: "devnet", method: "faucet", outcome: "ok" }),
      1,
    );
    // The payment spent one faucet output and made two: the recipient's and the change.
    assert.ok((sample(start, "devnet_ledger_utxos") ?? 0) >= 1);
    assert.equal(since(text, "devnet_ledger_utxos"), 1);
    assert.ok((sample(text, "process_resident_memory_bytes") ?? 0) > 0, "default process metrics");
    assert.ok(sample(text, "nodejs_eventloop_lag_seconds") !== undefined, "default Node metrics");

    // The other instance has its own registry: none of the above.
    const otherText = await scrape(other);
    assert.equal(
      sample(otherText, "http_requests_total", { method: "GET", route: "/v2/services/health", status: "200" }),
      undefined,
    );
    assert.equal(
      sample(otherText, "tx_builds_total", { operation: "buildTransaction", outcome: "invalid" }),
      undefined,
    );
  });

  it("is public, served at the root, and documented in the OpenAPI as text/plain", async () => {
    const document = (await service.request<OpenApiAnswer>("GET", "/openapi.json")).body;
    const operation = document.paths["/metrics"]?.get;
    assert.equal(operation?.operationId, "getMetrics");
    assert.ok(operation.responses?.["200"]?.content?.["text/plain"], JSON.stringify(operation.responses));
    // The operations counted as builds and submits exist under those ids (a rename would silently stop the count).
    const ids = new Set(operationsOf(document).map(({ op }) => op.operationId));
    for (const id of [...BUILD_OPERATIONS, ...SUBMIT_OPERATIONS])
      assert.ok(ids.has(id), `operation ${id} is in the OpenAPI`);
  });
});

describe("GET /metrics with keys", () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
  let service: RunningService;
  before(async () => {
    service = await startService(
      { NETWORK: "preview" },
      { chain: null, clock: clock.read, beforeListen: addKeyedRoutes },
    );
  });
  after(() => service.close());

  it("needs no key and counts 429s by reason: rate (the bucket) or daily (the day's quota)", async () => {
    const bursty = (
      await service.app.keyStore.create({
        name: "bursty",
        env: "testnet",
        limits: { perDay: 100, perSecond: 1, burst: 1 },
      })
    ).key;
    const daily = (
      await service.app.keyStore.create({
        name: "daily",
        env: "testnet",
        limits: { perDay: 1, perSecond: 100, burst: 100 },
      })
    ).key;
    const call = (key: string) => service.request("GET", WHOAMI, undefined, { "x-api-key": key });
    assert.deepEqual(
      [(await call(bursty)).status, (await call(bursty)).status, (await call(bursty)).status],
      [200, 429, 429],
    );
    const refused = await call(daily).then(() => call(daily));
    assert.equal(refused.status, 429);
    assert.ok(refused.headers.get("x-request-id"), "X-Request-Id on a 429");

    const text = await scrape(service);
    assert.equal(sample(text, "quota_refusals_total", { reason: "rate" }), 2);
    assert.equal(sample(text, "quota_refusals_total", { reason: "daily" }), 1);
    assert.equal(sample(text, "devnet_ledger_utxos"), undefined, "no ledger size off the devnet");
  });
});

describe("withCallMetrics", () => {
  it("reports each call's outcome and keeps the devnet's own methods visible", async () => {
    const calls: Array<{ method: string; outcome: string }> = [];
    const observer: ChainCallObserver = { observe: ({ method, outcome }) => calls.push({ method, outcome }) };
    class Stand {
      readonly network = "devnet" as const;
      readonly backendName = "devnet";
      readonly #secret = 7;
      async tip() {
        return { slot: this.#secret, time: 0 };
      }
      async submit(): Promise<string> {
        throw new LedgerRejectedError("no");
      }
      async faucet() {
        return "tx";
      }
      async advance() {
        return this.tip();
      }
    }
    const port = withCallMetrics(new Stand() as unknown as Parameters<typeof withCallMetrics>[0], observer);
    assert.equal(isDevnet(port), true);
    assert.deepEqual(await port.tip(), { slot: 7, time: 0 });
    await assert.rejects(port.submit("00"), { code: "CHAIN_ERR_LEDGER_REJECTED" });
    assert.deepEqual(calls, [
      { method: "tip", outcome: "ok" },
      { method: "submit", outcome: "rejected" },
    ]);
  });
});
