// Response serializers are compiled at their first answer and shared by the apps of one process
// (src/server/serialization.ts), and they answer as fast-json-stringify does: the schema's fields,
// through the shared schemas it refers to.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompileCount, sharedSerializers } from "../../src/server/serialization.js";

/** An app with one route answering `body`, its 200 described by `{ slot: Slot, note?: string }`. */
async function appAnswering(body: unknown, slotSchema: object, description: string): Promise<FastifyInstance> {
  const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: sharedSerializers } } });
  app.addSchema({ $id: "Slot", ...slotSchema });
  app.get(
    "/x",
    {
      schema: {
        response: {
          200: {
            description,
            type: "object",
            properties: { slot: { $ref: "Slot#" }, note: { type: "string" } },
          },
          // A status this app never answers: its serializer is never compiled.
          418: {
            description: `${description}, never sent`,
            type: "object",
            properties: { teapot: { type: "string" } },
          },
        },
      },
    },
    async () => body,
  );
  await app.ready();
  return app;
}

describe("shared response serializers", () => {
  it("compile at the first answer, once for two apps with the same schemas, and again for other shared schemas", async () => {
    const description = `shared serializer ${Math.random()}`;
    const before = serializerCompileCount();
    const first = await appAnswering({ slot: 5, note: "n", secret: "dropped" }, { type: "integer" }, description);
    const second = await appAnswering({ slot: 7 }, { type: "integer" }, description);
    const other = await appAnswering({ slot: "9" }, { type: "string" }, description);
    try {
      assert.equal(serializerCompileCount(), before, "nothing compiled before an answer");
      const a = await first.inject({ method: "GET", url: "/x" });
      assert.equal(a.body, '{"slot":5,"note":"n"}', "the schema's fields only");
      assert.equal(serializerCompileCount(), before + 1);
      const b = await second.inject({ method: "GET", url: "/x" });
      assert.equal(b.body, '{"slot":7}');
      assert.equal(serializerCompileCount(), before + 1, "the second app reused the first one's serializer");
      const c = await other.inject({ method: "GET", url: "/x" });
      assert.equal(c.body, '{"slot":"9"}', "Slot as this app's shared schema has it: a string");
      assert.equal(serializerCompileCount(), before + 2, "other shared schemas: compiled apart");
    } finally {
      await Promise.all([first.close(), second.close(), other.close()]);
    }
  });
});
