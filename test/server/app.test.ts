import assert from "node:assert/strict";
import { availableParallelism } from "node:os";
import { after, before, describe, it } from "node:test";
import { ConfigError, loadConfig } from "../../src/config.js";
import type { OpenApiAnswer } from "../support/openapi.js";
import { startService, type RunningService } from "../support/service.js";

describe("configuration", () => {
  it("defaults to the devnet on 127.0.0.1:3000 with optional auth", () => {
    const config = loadConfig({});
    assert.equal(config.network, "devnet");
    assert.equal(config.port, 3000);
    assert.equal(config.host, "127.0.0.1");
    assert.equal(config.auth, "optional");
    assert.equal(config.evaluationWorkers, Math.min(2, availableParallelism()));
    assert.equal(config.evaluationQueue, 16);
    assert.ok(Object.isFrozen(config));
  });

  it("requires keys on real networks by default", () => {
    assert.equal(loadConfig({ NETWORK: "preprod" }).auth, "required");
    assert.equal(loadConfig({ NETWORK: "preprod", AUTH: "optional" }).auth, "optional");
  });

  it("keeps to Blockfrost's published rate unless told otherwise", () => {
    const rate = (env: Record<string, string>) => {
      const backend = loadConfig({ NETWORK: "preview", BLOCKFROST_PROJECT_ID: "previewabc", ...env }).backend;
      return backend?.kind === "blockfrost" ? backend.rateLimit : undefined;
    };
    assert.deepEqual(rate({}), { perSecond: 10, burst: 500 });
    assert.deepEqual(rate({ BLOCKFROST_REQUESTS_PER_SECOND: "50", BLOCKFROST_BURST: "5000" }), {
      perSecond: 50,
      burst: 5000,
    });
  });

  for (const [env, variable] of [
    [{ NETWORK: "testnet" }, "NETWORK"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "abc" }, "PORT"],
    [{ AUTH: "sometimes" }, "AUTH"],
    [{ NETWORK: "devnet", BLOCKFROST_PROJECT_ID: "preprodabc" }, "BLOCKFROST_PROJECT_ID"],
    [{ NETWORK: "preview", BLOCKFROST_PROJECT_ID: "preprodabc" }, "BLOCKFROST_PROJECT_ID"],
    [{ NETWORK: "preview", OGMIOS_URL: "ws://127.0.0.1:1337" }, "KUPO_URL"],
    [{ NETWORK: "preview", OGMIOS_URL: "not a url", KUPO_URL: "http://x" }, "OGMIOS_URL"],
    [{ EVALUATION_WORKERS: "0" }, "EVALUATION_WORKERS"],
    [{ EVALUATION_QUEUE: "-1" }, "EVALUATION_QUEUE"],
    [
      { NETWORK: "preview", BLOCKFROST_PROJECT_ID: "previewabc", BLOCKFROST_REQUESTS_PER_SECOND: "0" },
      "BLOCKFROST_REQUESTS_PER_SECOND",
    ],
    [{ NETWORK: "preview", BLOCKFROST_PROJECT_ID: "previewabc", BLOCKFROST_BURST: "ten" }, "BLOCKFROST_BURST"],
  ] as const) {
    it(`rejects ${JSON.stringify(env)} naming ${variable}`, () => {
      assert.throws(
        () => loadConfig(env),
        (error: unknown) =>
          error instanceof ConfigError && error.variable === variable && error.message.includes(variable),
      );
    });
  }
});

describe("HTTP foundation", () => {
  let service: RunningService;
  before(async () => {
    service = await startService({ NETWORK: "preview" });
  });
  after(() => service.close());

  it("answers an unknown route with 404 naming the base path", async () => {
    const response = await service.request<"error">("GET", "/nope");
    assert.equal(response.status, 404);
    assert.deepEqual(Object.keys(response.body).sort(), ["code", "error", "message", "requestId", "statusCode"]);
    assert.match(response.body.message, /\/v2\/services/);
    const outside = await fetch(`${service.url}/v1/whatever`);
    assert.equal(outside.status, 404);
  });

  it("reports a real network without a backend as degraded, saying what to configure", async () => {
    const response = await service.request<"getHealth">("GET", "/health");
    assert.equal(response.status, 503);
    assert.equal(response.body.status, "degraded");
    assert.equal(response.body.network, "preview");
    assert.match(response.body.reason!, /No chain backend is configured/);
  });

  it("serves the OpenAPI 3.1 description", async () => {
    const response = await service.request<OpenApiAnswer>("GET", "/openapi.json");
    assert.equal(response.status, 200);
    assert.equal(response.body.openapi, "3.1.0");
    assert.ok(response.body.paths["/v2/services/health"]);
  });
});
