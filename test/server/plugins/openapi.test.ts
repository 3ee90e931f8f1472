// The OpenAPI document is complete: every operation of the running service has a summary, a
// description and a declared tag; every parameter, request-body property and response property
// (recursively, through $refs) has a description; every operation documents a 2xx with a schema,
// 400 when it takes input, 413/415 when it takes a body, 401/429 when it needs a key; and every
// error response is ErrorBody. A route added without descriptions makes this test fail.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { Type } from "typebox";
import { loadConfig } from "../../../src/config.js";
import { build } from "../../../src/server/app.js";
import { OPENAPI_TAGS } from "../../../src/server/plugins/openapi.js";
import { errorResponses } from "../../../src/server/schemas.js";
import { checkOperation, deref, operationsOf, type OpenApiDocument } from "../../support/openapi.js";
import { startService, type RunningService } from "../../support/service.js";

describe("OpenAPI document of the running service", () => {
  let service: RunningService;
  let document: OpenApiDocument;
  before(async () => {
    service = await startService();
    const response = await service.request("GET", "/openapi.json");
    assert.equal(response.status, 200);
    document = response.body as OpenApiDocument;
  });
  after(() => service.close());

  it("is OpenAPI 3.1 with a described API-key scheme, described tags and the ErrorBody schema", () => {
    assert.equal(document.openapi, "3.1.0");
    const scheme = document.components?.securitySchemes?.["apiKey"];
    assert.deepEqual({ type: scheme?.type, in: scheme?.in, name: scheme?.name }, { type: "apiKey", in: "header", name: "X-Api-Key" });
    assert.ok(scheme?.description, "the API-key scheme has a description");
    assert.deepEqual(document.security, [{ apiKey: [] }]);
    assert.deepEqual(
      (document.tags ?? []).map((t) => t.name),
      OPENAPI_TAGS.map((t) => t.name),
    );
    for (const tag of document.tags ?? []) assert.ok(tag.description, `tag ${tag.name} has a description`);
    const errorBody = deref(document, { $ref: "#/components/schemas/ErrorBody" });
    assert.deepEqual([...errorBody.required].sort(), ["code", "error", "message", "statusCode"]);
    assert.deepEqual(Object.keys(errorBody.properties).sort(), ["code", "error", "message", "statusCode"]);
  });

  it("is valid OpenAPI 3.1 (the document's structure)", async () => {
    const result = await new Validator().validate(structuredClone(document) as unknown as Parameters<Validator["validate"]>[0]);
    assert.ok(result.valid, JSON.stringify(result.errors, null, 1)?.slice(0, 2000));
  });

  it("holds only valid JSON Schema 2020-12 (OpenAPI 3.1's dialect: no draft-07 tuples)", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas: [string, unknown][] = Object.entries(document.components?.schemas ?? {}).map(([name, s]) => [`components.schemas.${name}`, s]);
    for (const { method, path, op } of operationsOf(document)) {
      for (const p of op.parameters ?? []) schemas.push([`${method} ${path} ${p.in} ${p.name}`, p.schema]);
      const body = op.requestBody?.content?.["application/json"]?.schema;
      if (body) schemas.push([`${method} ${path} body`, body]);
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, { content?: Record<string, { schema?: unknown }> }>)) {
        const schema = response.content?.["application/json"]?.schema;
        if (schema) schemas.push([`${method} ${path} ${status}`, schema]);
      }
    }
    const invalid: string[] = [];
    for (const [where, schema] of schemas) {
      if (!ajv.validateSchema(schema as object)) invalid.push(`${where}: ${ajv.errorsText(ajv.errors)}`);
    }
    assert.deepEqual(invalid, []);
  });

  it("lists only API operations (docs and the document itself are hidden)", () => {
    const paths = Object.keys(document.paths);
    assert.ok(paths.includes("/v2/services/health"));
    for (const path of paths) {
      assert.ok(path === "/health" || path.startsWith("/v2/services/"), `${path} lives under /v2/services`);
      assert.ok(!path.startsWith("/v2/services/docs") && path !== "/v2/services/openapi.json", `${path} is not an API operation`);
    }
  });

  it("every operation is completely documented", async (t) => {
    const operations = operationsOf(document);
    assert.ok(operations.length > 0);
    for (const operation of operations) {
      await t.test(`${operation.method} ${operation.path}`, () => {
        assert.deepEqual(checkOperation(document, operation), []);
      });
    }
  });
});

describe("the completeness rules themselves", () => {
  // A real app (build()), plus two routes added before it is ready: one documented with the shared
  // helpers, one as a hurried colleague might write it. The rules accept the first and name every gap of the second.
  let document: OpenApiDocument;
  before(async () => {
    const app = await build(loadConfig({ LOG_LEVEL: "silent", NETWORK: "preview" }));
    const Asset = Type.Object(
      { policyId: Type.String({ description: "Policy ID." }), quantity: Type.String() },
      { $id: "RulesTestAsset", description: "An asset." },
    );
    app.addSchema(Asset);
    app.post(
      "/v2/services/rules-test/good",
      {
        schema: {
          summary: "A well documented operation",
          description: "Documented with the shared helpers.",
          tags: ["Utilities"],
          body: Type.Object({ address: Type.String({ description: "An address." }) }, { additionalProperties: false }),
          response: {
            200: Type.Object({ ok: Type.Boolean({ description: "Always true." }) }, { description: "It worked." }),
            ...errorResponses(),
          },
        },
      },
      async () => ({ ok: true }),
    );
    app.post(
      "/v2/services/rules-test/bad/:id",
      {
        schema: {
          summary: "Hurried",
          tags: ["Nowhere"],
          params: Type.Object({ id: Type.String() }),
          body: Type.Object({
            nested: Type.Object({ deep: Type.Array(Type.Object({ leaf: Type.Integer() })) }, { description: "Nested." }),
            asset: Type.Ref("RulesTestAsset"),
          }),
          response: { 200: Type.Object({ result: Type.String() }), 404: Type.Object({ reason: Type.String({ description: "Why." }) }) },
        },
      },
      async () => ({ result: "" }),
    );
    await app.ready();
    document = app.swagger() as unknown as OpenApiDocument;
    await app.close();
  });

  it("accept an operation documented with the shared helpers", () => {
    const good = operationsOf(document).find((o) => o.path === "/v2/services/rules-test/good");
    assert.ok(good);
    assert.deepEqual(checkOperation(document, good), []);
  });

  it("name every gap of a hurried operation", () => {
    const bad = operationsOf(document).find((o) => o.path === "/v2/services/rules-test/bad/{id}");
    assert.ok(bad);
    const problems = checkOperation(document, bad).map((p) => p.replace("POST /v2/services/rules-test/bad/{id}: ", ""));
    for (const expected of [
      "no description",
      'tag "Nowhere" is not in the document\'s tags list (OPENAPI_TAGS in src/server/plugins/openapi.ts)',
      "path parameter id has no description",
      "body.nested.deep has no description",
      "body.nested.deep[].leaf has no description",
      "body.asset→RulesTestAsset.quantity has no description",
      "does not document 400",
      "does not document 401",
      "does not document 413",
      "does not document 415",
      "does not document 429",
      "200 response has no description (give the response schema a description)",
      "200 response.result has no description",
      "404 response does not reference ErrorBody (use errorResponses() from src/server/schemas.ts)",
    ]) {
      assert.ok(problems.includes(expected), `reports "${expected}"; got:\n${problems.join("\n")}`);
    }
    assert.ok(!problems.includes("body.nested has no description"), "a described property is not reported");
  });
});
