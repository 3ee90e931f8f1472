// Every recorded backend answer under test/fixtures is checked against the official schema it
// claims to follow: Blockfrost's (@blockfrost/openapi json-schema.json), Ogmios's (ogmios.json
// and cardano.json of v6.14, the line of @cardano-ogmios/client we use) and Kupo's (its OpenAPI
// document, v2.12.0). A fixture edited into a shape the real service never sends fails here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, it } from "node:test";
import { Ajv, type AnySchema } from "ajv";

const require = createRequire(import.meta.url);
const fixtures = join(import.meta.dirname, "fixtures");
const load = (path: string): unknown => JSON.parse(readFileSync(join(fixtures, path), "utf8"));

function validator(): Ajv {
  return new Ajv({ strict: false, validateFormats: false, allErrors: true });
}

/** OpenAPI 3.0's `nullable: true` in JSON Schema terms (Blockfrost's schemas are OpenAPI 3.0). */
function fromOpenApi30(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(fromOpenApi30);
  if (schema === null || typeof schema !== "object") return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, k === "example" ? v : fromOpenApi30(v)]));
  if (nullable !== true) return converted;
  if (typeof converted["type"] === "string") return { ...converted, type: [converted["type"], "null"], ...(Array.isArray(converted["enum"]) ? { enum: [...converted["enum"], null] } : {}) };
  return { anyOf: [converted, { type: "null" }] };
}

function check(ajv: Ajv, schema: AnySchema | string, data: unknown, name: string): void {
  const validate = typeof schema === "string" ? ajv.getSchema(schema) : ajv.compile(schema);
  assert.ok(validate, `no schema for ${name}`);
  const valid = validate(data);
  assert.ok(valid, `${name} does not follow its schema: ${ajv.errorsText(validate.errors)}`);
}

describe("backend fixtures follow the official schemas", () => {
  it("Blockfrost answers match @blockfrost/openapi", () => {
    const spec = JSON.parse(readFileSync(require.resolve("@blockfrost/openapi/json-schema.json"), "utf8")) as Record<
      string,
      { response: Record<string, AnySchema> }
    >;
    const ajv = validator();
    const cases: [string, string, string][] = [
      ["blocks-latest.json", "/blocks/latest", "200"],
      ["epochs-latest.json", "/epochs/latest", "200"],
      ["epochs-latest-parameters.json", "/epochs/latest/parameters", "200"],
      ["addresses-utxos.json", "/addresses/{address}/utxos", "200"],
      ["txs-utxos.json", "/txs/{hash}/utxos", "200"],
      ["txs.json", "/txs/{hash}", "200"],
      ["scripts.json", "/scripts/{script_hash}", "200"],
      ["scripts-cbor.json", "/scripts/{script_hash}/cbor", "200"],
      ["scripts-json.json", "/scripts/{script_hash}/json", "200"],
      ["tx-submit.json", "/tx/submit", "200"],
      ["error-400.json", "/tx/submit", "400"],
      ["error-403.json", "/blocks/latest", "403"],
      ["error-404.json", "/blocks/latest", "404"],
      ["error-429.json", "/blocks/latest", "429"],
      ["error-500.json", "/blocks/latest", "500"],
    ];
    for (const [file, endpoint, status] of cases) {
      const schema = spec[endpoint]?.response[status];
      assert.ok(schema, `the specification has no ${status} answer for ${endpoint}`);
      check(ajv, fromOpenApi30(schema) as AnySchema, load(`blockfrost/${file}`), `blockfrost/${file}`);
    }
    // And the schema is strict enough to catch a broken answer.
    const broken = { ...(load("blockfrost/blocks-latest.json") as object), slot: "not a number" };
    assert.equal(ajv.compile(fromOpenApi30(spec["/blocks/latest"]!.response["200"]!) as AnySchema)(broken), false);
  });

  it("Ogmios answers match ogmios.json v6.14", () => {
    const ajv = validator();
    for (const file of ["cardano.json", "ogmios.json"]) {
      const { $schema: _meta, ...schema } = load(`ogmios/${file}`) as Record<string, { Value?: { propertyNames: { pattern: string } } }>;
      // Known defect of the published schema: Value requires the key "ada" but its propertyNames
      // pattern (56 hex digits) forbids it, so no value validates under JSON Schema's rules.
      // The pattern is widened by exactly that key, nothing else.
      const value = schema["definitions"]?.Value;
      if (value) value.propertyNames.pattern = "^(ada|[0-9a-f]{56})$";
      ajv.addSchema(schema as AnySchema, file);
    }
    const cases: [string, string][] = [
      ["network-tip.json", "QueryNetworkTipResponse"],
      ["network-start-time.json", "QueryNetworkStartTimeResponse"],
      ["network-start-time-preprod.json", "QueryNetworkStartTimeResponse"],
      ["era-summaries.json", "QueryLedgerStateEraSummariesResponse"],
      ["era-summaries-preprod.json", "QueryLedgerStateEraSummariesResponse"],
      ["epoch.json", "QueryLedgerStateEpochResponse"],
      ["protocol-parameters.json", "QueryLedgerStateProtocolParametersResponse"],
      ["utxo.json", "QueryLedgerStateUtxoResponse"],
      ["utxo-empty.json", "QueryLedgerStateUtxoResponse"],
      ["evaluate-success.json", "EvaluateTransactionResponse"],
      ["evaluate-docs.json", "EvaluateTransactionResponse"],
      ["evaluate-script-failure.json", "EvaluateTransactionResponse"],
      ["submit-success.json", "SubmitTransactionResponse"],
      ["submit-failure.json", "SubmitTransactionResponse"],
    ];
    for (const [file, name] of cases) check(ajv, `ogmios.json#/properties/${name}`, load(`ogmios/${file}`), `ogmios/${file}`);
    const tip = load("ogmios/network-tip.json") as { result: { slot: unknown } };
    assert.equal(ajv.getSchema("ogmios.json#/properties/QueryNetworkTipResponse")!({ ...tip, result: { ...tip.result, slot: -1 } }), false);
  });

  it("Kupo matches match its OpenAPI document v2.12.0", () => {
    const ajv = validator();
    const document = load("kupo/openapi-v2.12.0.json") as { components: { schemas: Record<string, { oneOf?: unknown[]; anyOf?: unknown[] }> } };
    // Known defect of the published document: each address form is a oneOf of plain strings told
    // apart only by `contentEncoding` (an annotation), so every address matches two branches and
    // fails oneOf. The address forms are checked with anyOf instead; nothing else is changed.
    for (const name of ["Address_Shelley", "Address_Stake", "Address_Bootstrap"]) {
      const form = document.components.schemas[name];
      if (form?.oneOf) {
        form.anyOf = form.oneOf;
        delete form.oneOf;
      }
    }
    const address = document.components.schemas["Address"] as { anyOf: { oneOf?: unknown[]; anyOf?: unknown[] }[] };
    for (const form of address.anyOf) {
      if (form.oneOf) {
        form.anyOf = form.oneOf;
        delete form.oneOf;
      }
    }
    ajv.addSchema(document as AnySchema, "kupo.json");
    const matches = load("kupo/matches.json") as Record<string, unknown>[];
    assert.ok(matches.length >= 2);
    for (const [i, match] of matches.entries()) check(ajv, "kupo.json#/components/schemas/MatchQuantityAsString", match, `kupo/matches.json[${i}]`);
    assert.equal(ajv.getSchema("kupo.json#/components/schemas/MatchQuantityAsString")!({ ...matches[0], datum_hash: "3097...b635" }), false);
  });
});
