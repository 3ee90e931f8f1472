// The official schemas of the backends' answers, loaded once for the tests that check the fakes'
// answers (recorded or live) against them: Blockfrost's (@blockfrost/openapi json-schema.json),
// Ogmios's (ogmios.json and cardano.json of v6.14, the line of @cardano-ogmios/client we use) and
// Kupo's (its OpenAPI document, v2.12.0). Two defects of the published schemas are worked around,
// narrowly, and explained where it is done. Each set is read and compiled once per process (the
// test files of a grouped run share it): Ajv compiling Ogmios's schemas alone took seconds.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type AnySchema, type ValidateFunction } from "ajv";
import { fixture } from "./server.js";

const require = createRequire(import.meta.url);

/** `make`'s answer, made at the first call and kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

const validator = (): Ajv => new Ajv({ strict: false, validateFormats: false, allErrors: true });

/** OpenAPI 3.0's `nullable: true` in JSON Schema terms (Blockfrost's schemas are OpenAPI 3.0). */
function fromOpenApi30(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(fromOpenApi30);
  if (schema === null || typeof schema !== "object") return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const converted = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, k === "example" ? v : fromOpenApi30(v)]),
  );
  if (nullable !== true) return converted;
  if (typeof converted["type"] === "string")
    return {
      ...converted,
      type: [converted["type"], "null"],
      ...(Array.isArray(converted["enum"]) ? { enum: [...(converted["enum"] as unknown[]), null] } : {}),
    };
  return { anyOf: [converted, { type: "null" }] };
}

function assertValid(validate: ValidateFunction | undefined, ajv: Ajv, data: unknown, name: string): void {
  assert.ok(validate, `no schema for ${name}`);
  assert.ok(validate(data), `${name} does not follow its schema: ${ajv.errorsText(validate.errors)}`);
}

/** Blockfrost's answer schema of `endpoint` (as the specification writes it, e.g. /txs/{hash}) and status. */
export const blockfrostSchemas = once(function blockfrostSchemas() {
  const spec = JSON.parse(readFileSync(require.resolve("@blockfrost/openapi/json-schema.json"), "utf8")) as Record<
    string,
    { response: Record<string, AnySchema> }
  >;
  const ajv = validator();
  const compiled = new Map<string, ValidateFunction>();
  const get = (endpoint: string, status: string): ValidateFunction => {
    const key = `${endpoint} ${status}`;
    let validate = compiled.get(key);
    if (!validate) {
      const schema = spec[endpoint]?.response[status];
      assert.ok(schema, `the specification has no ${status} answer for ${endpoint}`);
      validate = ajv.compile(fromOpenApi30(schema) as AnySchema);
      compiled.set(key, validate);
    }
    return validate;
  };
  return {
    validate: get,
    check: (endpoint: string, status: string, data: unknown, name: string) =>
      assertValid(get(endpoint, status), ajv, data, name),
  };
});

/** Ogmios's `<Method>Response` schemas of ogmios.json v6.14. */
export const ogmiosSchemas = once(function ogmiosSchemas() {
  const ajv = validator();
  for (const file of ["cardano.json", "ogmios.json"]) {
    const { $schema: _meta, ...schema } = fixture<Record<string, { Value?: { propertyNames: { pattern: string } } }>>(
      `ogmios/${file}`,
    );
    // Known defect of the published schema: Value requires the key "ada" but its propertyNames
    // pattern (56 hex digits) forbids it, so no value validates under JSON Schema's rules.
    // The pattern is widened by exactly that key, nothing else.
    const value = schema["definitions"]?.Value;
    if (value) value.propertyNames.pattern = "^(ada|[0-9a-f]{56})$";
    ajv.addSchema(schema as AnySchema, file);
  }
  const get = (response: string) => ajv.getSchema(`ogmios.json#/properties/${response}`);
  return {
    validate: (response: string) => {
      const validate = get(response);
      assert.ok(validate, `no schema ${response}`);
      return validate;
    },
    check: (response: string, data: unknown, name: string) => assertValid(get(response), ajv, data, name),
  };
});

/** Kupo's MatchQuantityAsString, or another schema of its OpenAPI document v2.12.0 (e.g. Point). */
export const kupoSchemas = once(function kupoSchemas() {
  const ajv = validator();
  const document = fixture<{ components: { schemas: Record<string, { oneOf?: unknown[]; anyOf?: unknown[] }> } }>(
    "kupo/openapi-v2.12.0.json",
  );
  // Known defect of the published document: each address form is a oneOf of plain strings told
  // apart only by `contentEncoding` (an annotation), so every address matches two branches and
  // fails oneOf. The address forms are checked with anyOf instead; nothing else is changed.
  const anyOfInstead = (form: { oneOf?: unknown[]; anyOf?: unknown[] } | undefined) => {
    if (form?.oneOf) {
      form.anyOf = form.oneOf;
      delete form.oneOf;
    }
  };
  for (const name of ["Address_Shelley", "Address_Stake", "Address_Bootstrap"])
    anyOfInstead(document.components.schemas[name]);
  for (const form of (document.components.schemas["Address"] as { anyOf: { oneOf?: unknown[]; anyOf?: unknown[] }[] })
    .anyOf)
    anyOfInstead(form);
  ajv.addSchema(document as AnySchema, "kupo.json");
  const get = (schema: string) => ajv.getSchema(`kupo.json#/components/schemas/${schema}`);
  return {
    validate: (schema = "MatchQuantityAsString") => {
      const validate = get(schema);
      assert.ok(validate, `no schema ${schema}`);
      return validate;
    },
    check: (data: unknown, name: string, schema = "MatchQuantityAsString") => assertValid(get(schema), ajv, data, name),
  };
});
