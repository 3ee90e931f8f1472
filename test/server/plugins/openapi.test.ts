// The OpenAPI document is complete: every operation of the running service has a summary, a
// description and a declared tag; every parameter, request-body property and response property
// (recursively, through $refs) has a description; every operation documents a 2xx with a schema,
// 400 when it takes input, 413/415 when it takes a body, 401/429/503 when it needs a key; and every
// error response is ErrorBody; every operation has a unique camelCase operationId, a request example
// (body and required parameters) and an example of every response, error statuses included, each
// valid against its own schema. A route added without descriptions or examples makes this test fail.
import assert from "node:assert/strict";
import { STATUS_CODES } from "node:http";
import { after, before, describe, it } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { Type } from "typebox";
import { loadConfig } from "../../../src/config.js";
import { ERROR_CODES, type ErrorCode } from "../../../src/errors.js";
import { build } from "../../../src/server/app.js";
import { OPENAPI_TAGS } from "../../../src/server/plugins/openapi.js";
import { errorResponses } from "../../../src/server/schemas.js";
import {
  checkOperation,
  deref,
  examplesOf,
  operationsOf,
  isRecord,
  type ExampleHolder,
  type OpenApiAnswer,
  type OpenApiDocument,
  type Schema,
} from "../../support/openapi.js";
import { startService, type RunningService } from "../../support/service.js";

describe("OpenAPI document of the running service", () => {
  let service: RunningService;
  let document: OpenApiDocument;
  before(async () => {
    service = await startService();
    const response = await service.request<OpenApiAnswer>("GET", "/openapi.json");
    assert.equal(response.status, 200);
    document = response.body;
  });
  after(() => service.close());

  it("is OpenAPI 3.1 with a described API-key scheme, described tags and the ErrorBody schema", () => {
    assert.equal(document.openapi, "3.1.0");
    const scheme = document.components?.securitySchemes?.["apiKey"];
    assert.deepEqual(
      { type: scheme?.type, in: scheme?.in, name: scheme?.name },
      { type: "apiKey", in: "header", name: "X-Api-Key" },
    );
    assert.ok(scheme?.description, "the API-key scheme has a description");
    assert.deepEqual(document.security, [{ apiKey: [] }]);
    assert.deepEqual(
      (document.tags ?? []).map((t) => t.name),
      OPENAPI_TAGS.map((t) => t.name),
    );
    for (const tag of document.tags ?? []) assert.ok(tag.description, `tag ${tag.name} has a description`);
    const errorBody = deref(document, { $ref: "#/components/schemas/ErrorBody" });
    assert.deepEqual([...(errorBody.required ?? [])].sort(), ["code", "error", "message", "requestId", "statusCode"]);
    assert.deepEqual(Object.keys(errorBody.properties ?? {}).sort(), [
      "code",
      "detail",
      "error",
      "message",
      "requestId",
      "statusCode",
    ]);
  });

  it("is valid OpenAPI 3.1 (the document's structure)", async () => {
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Parameters<Validator["validate"]>[0],
    );
    assert.ok(result.valid, JSON.stringify(result.errors, null, 1)?.slice(0, 2000));
  });

  it("holds only valid JSON Schema 2020-12 (OpenAPI 3.1's dialect: no draft-07 tuples)", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas: [string, unknown][] = Object.entries(document.components?.schemas ?? {}).map(([name, s]) => [
      `components.schemas.${name}`,
      s,
    ]);
    for (const { method, path, op } of operationsOf(document)) {
      for (const p of op.parameters ?? []) schemas.push([`${method} ${path} ${p.in} ${p.name}`, p.schema]);
      const body = op.requestBody?.content?.["application/json"]?.schema;
      if (body) schemas.push([`${method} ${path} body`, body]);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
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
      // At the root: health (for load balancers) and Prometheus metrics (where scrapers look).
      assert.ok(
        path === "/health" || path === "/metrics" || path.startsWith("/v2/services/"),
        `${path} lives under /v2/services`,
      );
      assert.ok(
        !path.startsWith("/v2/services/docs") && path !== "/v2/services/openapi.json",
        `${path} is not an API operation`,
      );
    }
  });

  it("gives every operation its own operationId", () => {
    const ids = operationsOf(document).map(({ op }) => op.operationId);
    assert.deepEqual(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      [],
      "operationIds are unique",
    );
  });

  it("has examples that match their own schemas (validated as the service validates: Ajv, no coercion of bodies)", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: true, allErrors: false });
    // ajv-formats is CommonJS: at run time its default import is the plugin function (as in src/server/validation.ts).
    (addFormats as unknown as (a: Ajv2020) => Ajv2020)(ajv);
    // Every schema of the document, reachable by its pointer, so that $refs resolve.
    ajv.addSchema({ $id: "doc", components: document.components } as object, "doc");
    const wrong: string[] = [];
    const check = (where: string, holder: ExampleHolder, schema: Schema | undefined) => {
      if (!schema) return;
      const rooted = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as object;
      const validate = ajv.compile(rooted);
      for (const example of examplesOf(holder, document)) {
        if (!validate(example))
          wrong.push(`${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(example).slice(0, 200)}`);
      }
    };
    let count = 0;
    for (const { method, path, op } of operationsOf(document)) {
      const name = `${method} ${path}`;
      for (const p of op.parameters ?? []) check(`${name} ${p.in} ${p.name}`, p, p.schema);
      const body = op.requestBody?.content?.["application/json"];
      if (body) check(`${name} body`, body, body.schema);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const media = response.content?.["application/json"];
        if (media) check(`${name} ${status}`, media, media.schema);
        count += examplesOf(media, document).length;
      }
    }
    assert.ok(count > 0, "the document has response examples");
    assert.deepEqual(wrong, []);
  });

  it("has error examples whose status and code agree with the registry", () => {
    const wrong: string[] = [];
    for (const { method, path, op } of operationsOf(document)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const media = response.content?.["application/json"];
        if (!/^[45]\d\d$/.test(status) || media?.schema?.$ref !== "#/components/schemas/ErrorBody") continue;
        for (const example of examplesOf(media, document)) {
          const expected = isRecord(example) ? ERROR_CODES[example["code"] as ErrorCode] : undefined;
          if (
            !isRecord(example) ||
            example["statusCode"] !== Number(status) ||
            (expected !== "4xx" && expected !== Number(status)) ||
            example["error"] !== STATUS_CODES[Number(status)]
          ) {
            wrong.push(`${method} ${path} ${status}: ${JSON.stringify(example)}`);
          }
        }
      }
    }
    assert.deepEqual(wrong, []);
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
          operationId: "checkRulesTestGood",
          summary: "A well documented operation",
          description: "Documented with the shared helpers.",
          tags: ["Utilities"],
          body: Type.Object(
            { address: Type.String({ description: "An address." }) },
            {
              additionalProperties: false,
              examples: [{ address: "addr_test1vpc8d2d0mde78amck0rqzaqq3l9zdvz4plhvaynrg94m89q70x2nj" }],
            },
          ),
          response: {
            200: Type.Object(
              { ok: Type.Boolean({ description: "Always true." }) },
              { description: "It worked.", examples: [{ ok: true }] },
            ),
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
            nested: Type.Object(
              { deep: Type.Array(Type.Object({ leaf: Type.Integer() })) },
              { description: "Nested." },
            ),
            asset: Type.Ref("RulesTestAsset"),
          }),
          response: {
            200: Type.Object({ result: Type.String() }),
            404: Type.Object({ reason: Type.String({ description: "Why." }) }),
          },
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
      "does not document 503",
      "200 response has no description (give the response schema a description)",
      "no camelCase operationId (e.g. buildTransaction)",
      "request body has no example",
      "path parameter id has no example",
      "200 response has no example",
      "200 response.result has no description",
      "404 response does not reference ErrorBody (use errorResponses() from src/server/schemas.ts)",
    ]) {
      assert.ok(problems.includes(expected), `reports "${expected}"; got:\n${problems.join("\n")}`);
    }
    assert.ok(!problems.includes("body.nested has no description"), "a described property is not reported");
  });
});
