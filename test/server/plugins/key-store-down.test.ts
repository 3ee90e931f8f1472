// Every keyed route while the key store is down: each operation of the OpenAPI document that needs
// a key answers 503 STORE_ERR_UNAVAILABLE (never a 500) when a fleet's PostgreSQL is unreachable or
// the SQLite file's connection is closed, and the document lists that 503 with its example.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { generateKey } from "../../../src/store/key-material.js";
import {
  examplesOf,
  isPublic,
  isRecord,
  operationsOf,
  type OpenApiAnswer,
  type OpenApiDocument,
  type OperationObject,
} from "../../support/openapi.js";
import { freePort } from "../../support/process.js";
import { startService, type RunningService } from "../../support/service.js";

/** Sends `operation` with an API key, its path parameters from their examples and an empty JSON body. */
async function callKeyed(
  service: RunningService,
  method: string,
  path: string,
  op: OperationObject,
): Promise<Response> {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = (op.parameters ?? []).find((p) => p.in === "path" && p.name === name);
    const example = parameter?.schema?.examples?.[0] ?? parameter?.example ?? "x";
    return encodeURIComponent(typeof example === "string" ? example : JSON.stringify(example));
  });
  const hasBody = !["GET", "DELETE"].includes(method);
  return fetch(`${service.url}${filled}`, {
    method,
    headers: { "x-api-key": generateKey("testnet"), ...(hasBody && { "content-type": "application/json" }) },
    ...(hasBody && { body: "{}" }),
  });
}

describe("keyed routes with PostgreSQL unreachable", () => {
  let service: RunningService;
  let document: OpenApiDocument;
  before(async () => {
    // Nothing listens on this port: every connection is refused, as when a fleet's database is down.
    service = await startService({ DATABASE_URL: `postgresql://txsvc@127.0.0.1:${await freePort()}/txsvc` });
    document = (await service.request<OpenApiAnswer>("GET", "/openapi.json")).body;
  });
  after(() => service.close());

  it("every keyed operation answers 503 STORE_ERR_UNAVAILABLE with Retry-After, and documents that 503", async () => {
    const keyed = operationsOf(document).filter((operation) => !isPublic(document, operation));
    assert.ok(keyed.length >= 30, `${keyed.length} keyed operations`);
    const wrong: string[] = [];
    for (const { method, path, op } of keyed) {
      const answer = await callKeyed(service, method, path, op);
      const body = (await answer.json()) as { code?: string; message?: string };
      if (
        answer.status !== 503 ||
        body.code !== "STORE_ERR_UNAVAILABLE" ||
        !/^The database \(PostgreSQL\) cannot be reached: .+\. Retry later\.$/.test(body.message ?? "") ||
        answer.headers.get("retry-after") !== "5"
      )
        wrong.push(`${method} ${path}: ${answer.status} ${JSON.stringify(body)}`);
      const documented = op.responses?.["503"]?.content?.["application/json"];
      const codes = examplesOf(documented, document).map((example) =>
        isRecord(example) ? example["code"] : undefined,
      );
      if (documented?.schema?.$ref !== "#/components/schemas/ErrorBody" || !codes.includes("STORE_ERR_UNAVAILABLE"))
        wrong.push(`${method} ${path}: its 503 is not documented as ErrorBody with a STORE_ERR_UNAVAILABLE example`);
    }
    assert.deepEqual(wrong, []);
  });
});

describe("keyed routes with the SQLite key store closed", () => {
  let service: RunningService;
  let key: string;
  before(async () => {
    service = await startService({ NETWORK: "preview" }, { chain: null });
    key = (await service.app.keyStore.create({ name: "alice", env: "testnet" })).key;
  });
  after(() => service.close());

  it("answers 503 STORE_ERR_UNAVAILABLE naming the key store, not 500, and 200 with the key before", async () => {
    const slotToTime = () =>
      service.request<"slotToTime">("POST", "/utils/network/slot-to-time", { slot: 1000 }, { "x-api-key": key });
    assert.equal((await slotToTime()).status, 200);
    await service.app.stores.close();
    const down = await slotToTime();
    assert.equal(down.status, 503, JSON.stringify(down.body));
    assert.deepEqual(
      { code: down.body.code, message: down.body.message },
      {
        code: "STORE_ERR_UNAVAILABLE",
        message: "The key store (SQLite, in DATA_DIR) cannot be used: its connection is closed. Retry later.",
      },
    );
  });
});
