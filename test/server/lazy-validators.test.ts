// Route validators are compiled at their first use (src/server/validation.ts), not at registration
// nor at start, and then answer as Ajv's compiled schema does.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ajvCompileCount, LazyValidators } from "../../src/server/validation.js";

const SHARED = { Slot: { $id: "Slot", type: "integer", minimum: 0 } };
const BODY_OF_SLOT = {
  type: "object",
  required: ["slot"],
  properties: { slot: { $ref: "Slot#" } },
  additionalProperties: false,
};
const BODY = BODY_OF_SLOT;
const QUERY = { type: "object", properties: { count: { type: "integer", default: 10 } } };

describe("lazy route validators", () => {
  it("compiles nothing at registration, and a schema at its first use", () => {
    const validators = new LazyValidators();
    const compiler = validators.compilerFor(SHARED);
    const body = compiler({ schema: BODY, httpPart: "body", method: "POST", url: "/x" });
    compiler({ schema: QUERY, httpPart: "querystring", method: "GET", url: "/x" });
    assert.equal(validators.compiled, 0);
    assert.equal(validators.pending, 2);
    assert.equal(body({ slot: 5 }), true);
    assert.equal(validators.compiled, 1);
    assert.equal(validators.pending, 1);
  });

  it("apps built in one process share what was compiled: a copy of a schema is not compiled again, another one is", () => {
    const first = new LazyValidators().compilerFor(structuredClone(SHARED));
    const second = new LazyValidators().compilerFor(structuredClone(SHARED));
    const before = ajvCompileCount();
    // A schema no other test here compiles.
    const BODY = { ...BODY_OF_SLOT, description: "shared between apps" };
    const bodyOf = (compiler: typeof first, schema: object) =>
      compiler({ schema: structuredClone(schema), httpPart: "body", method: "POST", url: "/x" });
    assert.equal(bodyOf(first, BODY)({ slot: 5 }), true);
    const once = ajvCompileCount();
    assert.equal(bodyOf(second, BODY)({ slot: -1 }), false, "the second app's validator still validates");
    assert.equal(ajvCompileCount(), once, "the second app reused the first one's compiled schema");
    assert.equal(once, before + 1, "the first app compiled it");
    // Other shared schemas (Slot from 10): compiled apart, and validating by their own rules.
    const other = new LazyValidators().compilerFor({ Slot: { $id: "Slot", type: "integer", minimum: 10 } });
    assert.equal(bodyOf(other, BODY)({ slot: 5 }), false);
    assert.equal(ajvCompileCount(), once + 1);
  });

  it("answers as Ajv does: errors of the last call, strict bodies, coerced and defaulted query strings", () => {
    const validators = new LazyValidators();
    const compiler = validators.compilerFor(SHARED);
    const body = compiler({ schema: BODY, httpPart: "body", method: "POST", url: "/x" }) as ((
      data: unknown,
    ) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> | null };
    assert.equal(body({ slot: "5" }), false, "a body is not coerced");
    assert.equal(body.errors?.[0]?.instancePath, "/slot");
    assert.equal(body.errors?.[0]?.message, "must be integer");
    assert.equal(body({ slot: -1 }), false);
    assert.equal(body.errors?.[0]?.message, "must be >= 0");
    assert.equal(body({ slot: 7 }), true);
    assert.equal(body.errors, null);

    const query = compiler({ schema: QUERY, httpPart: "querystring", method: "GET", url: "/x" }) as ((
      data: unknown,
      context?: object,
    ) => boolean) & { schemaEnv?: unknown };
    // Fastify hands the parent to a validator with a schemaEnv, so that Ajv may replace the value itself.
    assert.ok(query.schemaEnv);
    const request = { query: { count: "3" } as Record<string, unknown> };
    assert.equal(query(request.query, { parentData: request, parentDataProperty: "query" }), true);
    assert.deepEqual(request.query, { count: 3 });
    const empty = { query: {} as Record<string, unknown> };
    assert.equal(query(empty.query, { parentData: empty, parentDataProperty: "query" }), true);
    assert.deepEqual(empty.query, { count: 10 });
  });
});
