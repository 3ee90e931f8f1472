// API keys through real HTTP: modes, the 401 cases and their messages, network families,
// public routes, and the RateLimit headers of keyed requests.
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { THROTTLED_MESSAGE } from "../../../src/errors.js";
import { generateKey, hashKey, keyEnvOf } from "../../../src/store/key-material.js";
import { storePath } from "../../../src/store/sqlite/database.js";
import { startService, type RunningService } from "../../support/service.js";
import { WHOAMI, addKeyedRoutes, type WhoamiAnswer } from "../../support/keyed-routes.js";

const KEY_RE = /^(testnet|mainnet)_[0-9A-Za-z]{40}$/;

function start(env: Record<string, string>): Promise<RunningService> {
  return startService(env, { chain: null, beforeListen: addKeyedRoutes });
}

function assertErrorBody(body: unknown, statusCode: number): void {
  assert.deepEqual(Object.keys(body as object).sort(), ["code", "error", "message", "requestId", "statusCode"]);
  assert.equal((body as { statusCode: number }).statusCode, statusCode);
}

describe("key material", () => {
  it("generates distinct keys of the documented shape and recognizes their network", () => {
    const keys = new Set<string>();
    for (let i = 0; i < 2000; i++) keys.add(generateKey(i % 2 ? "mainnet" : "testnet"));
    assert.equal(keys.size, 2000);
    for (const key of keys) assert.match(key, KEY_RE);
    assert.equal(keyEnvOf(generateKey("mainnet")), "mainnet");
    assert.equal(keyEnvOf(generateKey("testnet")), "testnet");
    for (const bad of [
      "",
      "testnet_",
      `testnet_${"a".repeat(39)}`,
      `testnet_${"a".repeat(41)}`,
      `preview_${"a".repeat(40)}`,
      `testnet_${"a".repeat(39)}-`,
    ]) {
      assert.equal(keyEnvOf(bad), undefined, bad);
    }
  });

  it("uses all 62 characters, roughly evenly (no modulo bias towards the first ones)", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++)
      for (const c of generateKey("testnet").slice(8)) counts.set(c, (counts.get(c) ?? 0) + 1);
    assert.equal(counts.size, 62);
    const expected = (3000 * 40) / 62; // ≈ 1935 per character
    for (const [c, n] of counts) assert.ok(n > expected * 0.85 && n < expected * 1.15, `${c}: ${n}`);
  });
});

describe("auth required (preview)", () => {
  let service: RunningService;
  let key: string;
  let keyId: string;
  before(async () => {
    service = await start({ NETWORK: "preview" });
    const created = await service.app.keyStore.create({
      name: "alice",
      env: "testnet",
      limits: { perDay: 1000, burst: 1000 },
    });
    key = created.key;
    keyId = created.record.id;
  });
  after(() => service.close());

  it("refuses a request without a key with 401 saying how to send one", async () => {
    const response = await service.request<WhoamiAnswer>("GET", WHOAMI);
    assert.equal(response.status, 401);
    assertErrorBody(response.body, 401);
    assert.equal(response.body.error, "Unauthorized");
    assert.match(response.body.message, /API key is required.*X-Api-Key/);
    assert.equal(response.headers.get("ratelimit-limit"), null);
  });

  it("accepts a valid key under any capitalization of the header name", async () => {
    for (const header of ["X-Api-Key", "x-api-key", "X-API-KEY"]) {
      const response = await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { [header]: key });
      assert.equal(response.status, 200, header);
      assert.deepEqual(response.body, { keyId });
    }
  });

  it("reports the daily window in RateLimit headers, counting down", async () => {
    const first = await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": key });
    const second = await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": key });
    assert.equal(first.headers.get("ratelimit-limit"), "1000");
    assert.equal(
      Number(first.headers.get("ratelimit-remaining")) - 1,
      Number(second.headers.get("ratelimit-remaining")),
    );
    const reset = Number(first.headers.get("ratelimit-reset"));
    assert.ok(Number.isInteger(reset) && reset >= 1 && reset <= 86400, String(reset));
    assert.equal(first.headers.get("ratelimit-policy"), "1000;w=86400");
    assert.equal(first.headers.get("retry-after"), null);
  });

  it("carries the RateLimit headers on 4xx answers of keyed requests too", async () => {
    const response = await service.request("POST", `${WHOAMI}/fail`, {}, { "x-api-key": key });
    assert.equal(response.status, 400);
    assert.equal(response.headers.get("ratelimit-limit"), "1000");
    assert.ok(Number(response.headers.get("ratelimit-remaining")) < 1000);
  });

  it("refuses an empty, malformed or unknown key, saying which", async () => {
    const cases: [string, RegExp][] = [
      [" ", /header is empty/],
      ["secret", /malformed/],
      [`testnet_${"x".repeat(39)}`, /malformed/],
      [generateKey("testnet"), /unknown/],
    ];
    for (const [sent, message] of cases) {
      const response = await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": sent });
      assert.equal(response.status, 401, sent);
      assertErrorBody(response.body, 401);
      assert.match(response.body.message, message);
    }
  });

  it("refuses a mainnet key on preview, naming both networks", async () => {
    const mainnet = await service.app.keyStore.create({ name: "m", env: "mainnet" });
    const response = await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": mainnet.key });
    assert.equal(response.status, 401);
    assert.match(response.body.message, /mainnet key.*serves preview.*testnet key/);
  });

  it("refuses a revoked key from the next request on, naming its ID", async () => {
    const created = await service.app.keyStore.create({ name: "bob", env: "testnet" });
    assert.equal(
      (await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": created.key })).status,
      200,
    );
    await service.app.keyStore.revoke(created.record.id);
    const response = await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": created.key });
    assert.equal(response.status, 401);
    assert.match(response.body.message, new RegExp(`${created.record.id} was revoked`));
  });

  it("serves health, the OpenAPI document and the docs without a key, ignoring a bad one", async () => {
    for (const headers of [{}, { "x-api-key": "garbage" }] as Record<string, string>[]) {
      assert.equal((await service.request<"getHealth">("GET", "/health", undefined, headers)).status, 503); // no chain: degraded, not 401
      assert.equal((await fetch(`${service.url}/health`, { headers })).status, 503);
      assert.equal((await fetch(`${service.url}/health`, { method: "HEAD", headers })).status, 503);
      assert.equal((await service.request("GET", "/openapi.json", undefined, headers)).status, 200);
      const docs = await fetch(`${service.base}/docs`, { headers });
      assert.equal(docs.status, 200);
      assert.match(await docs.text(), /swagger/i);
      const asset = await fetch(`${service.base}/docs/static/swagger-ui.css`, { headers });
      assert.equal(asset.status, 200);
    }
  });

  it("answers an unknown route 404 without asking for a key", async () => {
    for (const headers of [{}, { "x-api-key": "garbage" }] as Record<string, string>[]) {
      const response = await service.request<"error">("GET", "/no/such/thing", undefined, headers);
      assert.equal(response.status, 404);
      assert.match(response.body.message, /\/v2\/services/);
    }
  });

  it("does not count public requests against the quota", async () => {
    const before = Number(
      (await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": key })).headers.get(
        "ratelimit-remaining",
      ),
    );
    for (let i = 0; i < 5; i++) await service.request<"getHealth">("GET", "/health", undefined, { "x-api-key": key });
    await service.request("GET", "/openapi.json", undefined, { "x-api-key": key });
    const after = Number(
      (await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": key })).headers.get(
        "ratelimit-remaining",
      ),
    );
    assert.equal(after, before - 1);
  });

  it("keeps only the key's hash: the key appears nowhere in the SQLite files", async () => {
    const created = await service.app.keyStore.create({ name: "carol", env: "testnet" });
    const files = [storePath(service.dataDir), `${storePath(service.dataDir)}-wal`].filter(existsSync);
    const bytes = Buffer.concat(files.map((f) => readFileSync(f)));
    const body = created.key.slice("testnet_".length);
    assert.equal(bytes.includes(Buffer.from(body)), false);
    assert.equal(bytes.includes(Buffer.from(hashKey(created.key))), true); // it was written: the search is meaningful
  });

  it("looks keys up through the unique index on the hash, in microseconds", async (t) => {
    const store = service.app.keyStore as unknown as { database: import("better-sqlite3").Database };
    const plan = store.database.prepare("EXPLAIN QUERY PLAN SELECT id FROM api_keys WHERE key_hash = ?").all("00") as {
      detail: string;
    }[];
    assert.match(plan.map((p) => p.detail).join(" "), /SEARCH api_keys USING INDEX/);
    for (let i = 0; i < 300; i++) await service.app.keyStore.create({ name: `bulk ${i}`, env: "testnet" });
    const hash = hashKey(key);
    const rounds = 20_000;
    const started = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) await service.app.keyStore.findByHash(hash);
    const perLookupUs = Number(process.hrtime.bigint() - started) / 1000 / rounds;
    t.diagnostic(
      `findByHash: ${perLookupUs.toFixed(2)} µs per lookup among ${(await service.app.keyStore.list()).length} keys`,
    );
    assert.ok(perLookupUs < 500, `${perLookupUs} µs`);
  });
});

describe("every documented operation", () => {
  let service: RunningService;
  before(async () => {
    service = await start({ NETWORK: "preview" });
  });
  after(() => service.close());

  it("needs a key unless the OpenAPI document marks it public (security: []), and accepts a valid key", async (t) => {
    const document = (await service.request("GET", "/openapi.json")).body as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const { key } = await service.app.keyStore.create({ name: "walker", env: "testnet" });
    let keyed = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const url = `${service.url}${path.replace(/\{[^}]+\}/g, "x")}`;
        const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
        const init = {
          method: method.toUpperCase(),
          headers: { "content-type": "application/json" },
          body: method === "get" ? null : "{}",
        };
        const keyless = await fetch(url, init);
        const label = `${method.toUpperCase()} ${path}`;
        if (isPublic) {
          assert.notEqual(keyless.status, 401, label);
          continue;
        }
        keyed++;
        assert.equal(keyless.status, 401, label);
        assert.match(((await keyless.json()) as { message: string }).message, /API key is required/, label);
        const withKey = await fetch(url, { ...init, headers: { ...init.headers, "x-api-key": key } });
        assert.notEqual(withKey.status, 401, label);
        assert.notEqual(withKey.status, 429, label);
        assert.equal(withKey.headers.get("ratelimit-limit"), "50000", label);
      }
    }
    assert.ok(document.paths["/v2/services/health"], "the walk covers the document");
    t.diagnostic(`${keyed} keyed operations checked`);
  });
});

describe("auth optional (devnet default)", () => {
  let service: RunningService;
  before(async () => {
    service = await start({});
    assert.equal(service.config.auth, "optional");
  });
  after(() => service.close());

  it("lets a request without a key through, unmetered", async () => {
    const response = await service.request<WhoamiAnswer>("GET", WHOAMI);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { keyId: null });
    assert.equal(response.headers.get("ratelimit-limit"), null);
  });

  it("still checks a key when one is sent", async () => {
    assert.equal(
      (await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": generateKey("testnet") })).status,
      401,
    );
    assert.equal((await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": "nope" })).status, 401);
    const created = await service.app.keyStore.create({ name: "dev", env: "testnet", limits: { perDay: 7 } });
    const ok = await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": created.key });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, { keyId: created.record.id });
    assert.equal(ok.headers.get("ratelimit-limit"), "7");
    assert.equal(ok.headers.get("ratelimit-remaining"), "6");
  });

  it("refuses a mainnet key on the devnet", async () => {
    const created = await service.app.keyStore.create({ name: "m", env: "mainnet" });
    const response = await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": created.key });
    assert.equal(response.status, 401);
    assert.match(response.body.message, /mainnet key.*serves devnet/);
  });

  it("still throttles a keyed request over its limits", async () => {
    const created = await service.app.keyStore.create({ name: "tiny", env: "testnet", limits: { perDay: 1 } });
    assert.equal(
      (await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": created.key })).status,
      200,
    );
    const refused = await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": created.key });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.message, THROTTLED_MESSAGE);
  });
});

describe("auth modes and networks", () => {
  it("AUTH=required on the devnet refuses a keyless request", async () => {
    const service = await start({ AUTH: "required" });
    try {
      assert.equal((await service.request<WhoamiAnswer>("GET", WHOAMI)).status, 401);
      const created = await service.app.keyStore.create({ name: "d", env: "testnet" });
      assert.equal(
        (await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": created.key })).status,
        200,
      );
    } finally {
      await service.close();
    }
  });

  it("AUTH=optional on preprod lets keyless requests through and accepts testnet keys", async () => {
    const service = await start({ NETWORK: "preprod", AUTH: "optional" });
    try {
      assert.equal((await service.request<WhoamiAnswer>("GET", WHOAMI)).status, 200);
      const created = await service.app.keyStore.create({ name: "p", env: "testnet" });
      assert.equal(
        (await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": created.key })).status,
        200,
      );
    } finally {
      await service.close();
    }
  });

  it("mainnet requires a key by default, accepts a mainnet key and refuses a testnet one", async () => {
    const service = await start({ NETWORK: "mainnet" });
    try {
      assert.equal((await service.request<WhoamiAnswer>("GET", WHOAMI)).status, 401);
      const main = await service.app.keyStore.create({ name: "m", env: "mainnet" });
      const test = await service.app.keyStore.create({ name: "t", env: "testnet" });
      assert.equal(
        (await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": main.key })).status,
        200,
      );
      const refused = await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": test.key });
      assert.equal(refused.status, 401);
      assert.match(refused.body.message, /testnet key.*serves mainnet.*mainnet key/);
    } finally {
      await service.close();
    }
  });
});
