// Route validators are compiled at their first use (src/server/validation.ts), not at registration
// nor at start, and then answer as Ajv's compiled schema does.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LazyValidators } from "../../src/server/validation.js";

const SHARED = { Slot: { $id: "Slot", type: "integer", minimum: 0 } };
const BODY = {
  type: "object",
  required: ["slot"],
  properties: { slot: { $ref: "Slot#" } },
  additionalProperties: false,
};
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
