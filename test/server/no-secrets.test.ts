// No secret in an answer or a log line (issue #20, item 5), through real HTTP: a chain backend URL
// with a user or password is refused at start with a message that says where the credential goes
// instead (and does not print it); BLOCKFROST_AUTHORIZATION reaches the backend as its
// Authorization header; a backend URL with a path and a query token is used as given; and health
// and error bodies name the backend by scheme and host only, even when the backend's own answer
// quotes internal URLs and addresses.
import assert from "node:assert/strict";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { after, before, describe, it } from "node:test";
import { ConfigError, loadConfig } from "../../src/config.js";
import { logText, publicText } from "../../src/url-display.js";
import { startService } from "../support/service.js";

const PROJECT = "preprodNoSecrets0123456789abcdefABCD";
const ADDRESS = "addr_test1wpstyq5yshslvx2gw6tnulc6g7quuctdsvx6g946klyc2uq746297";

describe("backend URLs with a user or password are refused at start", () => {
  const refusal = (env: Record<string, string>): string => {
    try {
      loadConfig({ NETWORK: "preprod", ...env });
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      return error.message;
    }
    assert.fail("the configuration was accepted");
  };

  it("BLOCKFROST_URL: names BLOCKFROST_AUTHORIZATION, and prints neither user nor password", () => {
    const message = refusal({
      BLOCKFROST_PROJECT_ID: PROJECT,
      BLOCKFROST_URL: "https://bob:hunter2@blockfrost.internal:8443/api/v0",
    });
    assert.equal(
      message,
      'Invalid environment variable BLOCKFROST_URL: https://blockfrost.internal carries a user or password, which would show wherever the URL is printed: write the URL without them, and put the credential in BLOCKFROST_AUTHORIZATION, the Authorization header to send (for a user and password: "Basic " and the base64 of user:password).',
    );
  });

  it("KUPO_URL names KUPO_AUTHORIZATION; OGMIOS_URL says Ogmios takes none", () => {
    assert.match(
      refusal({ OGMIOS_URL: "ws://127.0.0.1:1337", KUPO_URL: "http://kupo:s3cret@127.0.0.1:1442" }),
      /^Invalid environment variable KUPO_URL: http:\/\/127\.0\.0\.1 carries a user or password.*KUPO_AUTHORIZATION/,
    );
    const ogmios = refusal({ OGMIOS_URL: "ws://alice:s3cret@ogmios.internal:1337", KUPO_URL: "http://127.0.0.1:1442" });
    assert.match(
      ogmios,
      /^Invalid environment variable OGMIOS_URL: ws:\/\/ogmios\.internal carries a user or password.*the Ogmios client sends no credentials/,
    );
    assert.doesNotMatch(ogmios, /s3cret|alice/);
  });

  it("an unparsable URL is not echoed either", () => {
    const message = refusal({ BLOCKFROST_PROJECT_ID: PROJECT, BLOCKFROST_URL: "https://bob:hunter2@[bad" });
    assert.doesNotMatch(message, /hunter2|bob/);
    assert.equal(message, "Invalid environment variable BLOCKFROST_URL: https://… is not an http(s) or ws(s) URL.");
  });

  it("DATABASE_URL keeps its password (PostgreSQL's convention) and BLOCKFROST_AUTHORIZATION must be a header value", () => {
    assert.equal(
      loadConfig({ DATABASE_URL: "postgres://svc:pw@db.internal:5432/svc" }).databaseUrl,
      "postgres://svc:pw@db.internal:5432/svc",
    );
    assert.match(
      refusal({ BLOCKFROST_PROJECT_ID: PROJECT, BLOCKFROST_AUTHORIZATION: "Basic a\nb" }),
      /BLOCKFROST_AUTHORIZATION: must be one line of printable ASCII/,
    );
  });
});

describe("text for answers and for logs", () => {
  it("answers: scheme and host only, no address:port; logs: host and port, no user, password, path or query", () => {
    const text =
      "GET http://bob:pw@kupo.internal:1442/secret/matches?token=abc failed: connect ECONNREFUSED 10.0.0.5:1442, or [::1]:5432, or kupo.internal:1442.";
    assert.equal(
      publicText(text),
      "GET http://kupo.internal failed: connect ECONNREFUSED (the backend's address), or (the backend's address), or (the backend's address).",
    );
    assert.equal(
      logText(text),
      "GET http://kupo.internal:1442 failed: connect ECONNREFUSED 10.0.0.5:1442, or [::1]:5432, or kupo.internal:1442.",
    );
    assert.equal(
      publicText("Blockfrost GET /addresses/addr_test1xyz/utxos: no answer in time at 12:30:45."),
      "Blockfrost GET /addresses/addr_test1xyz/utxos: no answer in time at 12:30:45.",
    );
  });
});

describe("health and error bodies with a backend URL holding a path and a query token", () => {
  const SECRETS = ["proxy-secret-path", "TOKEN_S3CRET", "10.1.2.3", "internal.example", "hunter2", ":3000", ":8080"];
  let backend: Server;
  let port: number;
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  before(async () => {
    // A proxy in front of Blockfrost that refuses, quoting its internals in the answer.
    backend = createServer((request, response) => {
      seen.push({ url: request.url ?? "", headers: request.headers });
      response.writeHead(403, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          status_code: 403,
          error: "Forbidden",
          message:
            "upstream 10.1.2.3:3000 refused; see http://admin:hunter2@internal.example:8080/x?token=TOKEN_S3CRET",
        }),
      );
    });
    await new Promise<void>((resolve) => backend.listen(0, "127.0.0.1", resolve));
    port = (backend.address() as { port: number }).port;
  });
  after(() => new Promise<void>((resolve) => backend.close(() => resolve())));

  it("sends requests under the URL's path with its query and the Authorization header, and answers without any of them", async () => {
    const service = await startService({
      NETWORK: "preprod",
      AUTH: "optional",
      BLOCKFROST_PROJECT_ID: PROJECT,
      BLOCKFROST_URL: `http://127.0.0.1:${port}/proxy-secret-path/api/v0?token=TOKEN_S3CRET`,
      BLOCKFROST_AUTHORIZATION: "Bearer hunter2",
    });
    try {
      const health = await service.request<"getHealth">("GET", "/health");
      assert.equal(health.status, 503);
      assert.equal(health.body.status, "degraded");
      assert.match(
        health.body.reason!,
        /^The blockfrost backend is unreachable: .*Blockfrost refused the project id \(403\): upstream \(the backend's address\) refused; see http:\/\/internal\.example$/,
      );
      assert.equal(health.body.reason!.includes("internal.example"), true, "the host stays: it names the backend");
      const utxos = await service.request<"getAddressUtxos">("GET", `/addresses/${ADDRESS}/utxos`);
      assert.equal(utxos.status, 503);
      assert.equal(utxos.body.code, "CHAIN_ERR_UNAVAILABLE");
      for (const body of [JSON.stringify(health.body), JSON.stringify(utxos.body)]) {
        for (const secret of SECRETS.filter((s) => s !== "internal.example"))
          assert.equal(body.includes(secret), false, `${secret} in ${body}`);
      }
      assert.ok(seen.length >= 2);
      assert.match(seen[0]!.url, /^\/proxy-secret-path\/api\/v0\/blocks\/latest\?token=TOKEN_S3CRET$/);
      assert.ok(
        seen.some((s) =>
          /^\/proxy-secret-path\/api\/v0\/addresses\/addr_test1\w+\/utxos\?(.+&)?token=TOKEN_S3CRET$/.test(s.url),
        ),
        JSON.stringify(seen.map((s) => s.url)),
      );
      assert.equal(seen[0]!.headers["authorization"], "Bearer hunter2");
      assert.equal(seen[0]!.headers["project_id"], PROJECT);
    } finally {
      await service.close();
    }
  });
});
