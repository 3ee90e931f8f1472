// Unknown fields where routes tolerate them (src/server/unknown-fields.ts): a typo of a known
// field is a 400 before validation (a typo of a required field is named as such); other unknown fields become the `warnings` of the 200
// answer. Every route whose body or query string tolerates unknown fields gets `warnings` in its
// 200 response schema here, once, as it is added (so the OpenAPI document shows it too).
import type { FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { Type, type TSchema } from "typebox";
import { checkUnknownFields, toleratesUnknownFields } from "../unknown-fields.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The unknown fields this request's body or query string carried, as sentences (unknown-fields.ts). */
    unknownFieldWarnings?: string[];
  }
}

export const Warnings = Type.Array(Type.String(), {
  description:
    "Fields of the request that this service does not know and ignored (the hosted API's clients send some of their own), one sentence each. " +
    "Absent when there is none. An unknown field that looks like a typo of a known one is a 400 SVC_ERR_UNKNOWN_FIELD instead.",
  examples: [["body.walletName is not a field of the request body: it was ignored."]],
});

/** The 200 response schema with `warnings` added, or as it is when it is not an object of known fields. */
function withWarnings(response: unknown): unknown {
  const ok = response as { type?: string; properties?: Record<string, TSchema> } | undefined;
  if (ok?.type !== "object" || ok.properties === undefined || "warnings" in ok.properties) return response;
  return { ...ok, properties: { ...ok.properties, warnings: Warnings } };
}

async function unknownFieldsPlugin(app: FastifyInstance): Promise<void> {
  app.addHook("onRoute", (route) => {
    const schema = route.schema as (FastifySchema & { response?: Record<string, unknown> }) | undefined;
    if (
      !schema ||
      !(toleratesUnknownFields(schema.body as TSchema) || toleratesUnknownFields(schema.querystring as TSchema))
    )
      return;
    const body = schema.body as TSchema | undefined;
    const query = schema.querystring as TSchema | undefined;
    if (schema.response?.["200"] !== undefined || schema.response?.[200] !== undefined) {
      route.schema = {
        ...schema,
        response: { ...schema.response, 200: withWarnings(schema.response[200] ?? schema.response["200"]) },
      };
    }
    const check: NonNullable<typeof route.preValidation> = async (request) => {
      const warnings = [
        ...(query ? checkUnknownFields(query, request.query, "query", "the query string") : []),
        ...(body ? checkUnknownFields(body, request.body, "body", "the request body") : []),
      ];
      if (warnings.length > 0) request.unknownFieldWarnings = warnings;
    };
    // Before validation, so that a typo of a required field says "did you mean" rather than "is required".
    const existing = route.preValidation;
    route.preValidation =
      existing === undefined ? [check] : [check, ...(Array.isArray(existing) ? existing : [existing])];
  });

  app.addHook("preSerialization", async (request, reply, payload) => {
    const warnings = request.unknownFieldWarnings;
    if (
      warnings === undefined ||
      reply.statusCode !== 200 ||
      payload === null ||
      typeof payload !== "object" ||
      Array.isArray(payload)
    )
      return payload;
    return { ...payload, warnings };
  });
}

export default fp(unknownFieldsPlugin, { name: "unknown-fields", fastify: "5.x" });
