// The guard against unknown fields of request bodies and query strings, on every route as it is
// added, by the rules of src/server/unknown-field-rules.ts: a typo of a known field is a 400 before
// validation (so a typo of a required field is named as a typo, not as missing); other unknown
// fields of open body objects become the `warnings` of the 200 answer, and every route whose body
// tolerates unknown fields gets `warnings` in its 200 response schema here, once, as it is added
// (so the OpenAPI document shows it too).
// Query strings are closed on every route under BASE_PATH (a route without a query schema takes
// none): an unknown query parameter is a 400 naming it, with "did you mean" when it is a typo. The
// docs page's routes (hidden from the OpenAPI document), health (BASE_PATH/health, probed by load
// balancers) and the routes outside BASE_PATH (health at the root, metrics, the Blockfrost-compatible
// API, which ignores what Blockfrost ignores) are left as they are.
import type { FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { Type, type TSchema } from "typebox";
import { BASE_PATH } from "../paths.js";
import { checkUnknownFields, toleratesUnknownFields } from "../unknown-field-rules.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The unknown fields this request's body or query string carried, as sentences (unknown-field-rules.ts). */
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

/** A route's query schema, closed: none when the route declares none. */
function closedQuery(query: unknown): TSchema {
  const q = query as (TSchema & { type?: string; additionalProperties?: unknown }) | undefined;
  if (q === undefined) return Type.Object({}, { additionalProperties: false });
  return q.type === "object" && q.additionalProperties !== false ? { ...q, additionalProperties: false } : q;
}

async function unknownFieldGuardPlugin(app: FastifyInstance): Promise<void> {
  app.addHook("onRoute", (route) => {
    const schema = route.schema as (FastifySchema & { response?: Record<string, unknown>; hide?: boolean }) | undefined;
    const underApi = route.url === BASE_PATH || route.url.startsWith(`${BASE_PATH}/`);
    // Health is probed by load balancers and monitors, some of which add a query of their own (a
    // cache buster): like health at the root, it ignores its query string.
    const probe = route.url === `${BASE_PATH}/health`;
    if (underApi && !probe && schema?.hide !== true)
      route.schema = { ...schema, querystring: closedQuery(schema?.querystring) };
    const routeSchema = route.schema as (FastifySchema & { response?: Record<string, unknown> }) | undefined;
    const body = routeSchema?.body as TSchema | undefined;
    const query = routeSchema?.querystring as TSchema | undefined;
    if (!routeSchema || (body === undefined && query === undefined)) return;
    if (
      (toleratesUnknownFields(body) || toleratesUnknownFields(query)) &&
      (routeSchema.response?.["200"] !== undefined || routeSchema.response?.[200] !== undefined)
    ) {
      route.schema = {
        ...routeSchema,
        response: {
          ...routeSchema.response,
          200: withWarnings(routeSchema.response[200] ?? routeSchema.response["200"]),
        },
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

export default fp(unknownFieldGuardPlugin, { name: "unknown-field-guard", fastify: "5.x" });
