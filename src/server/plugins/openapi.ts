// The OpenAPI document and its docs page: @fastify/swagger collects every route registered after
// this plugin (hence its place before the routes in server/app.ts), Swagger UI serves the page
// under BASE_PATH/docs, and BASE_PATH/openapi.json serves the document. All three are public.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { VERSION } from "../../version.js";
import { BASE_PATH } from "../paths.js";
import { toJsonSchema2020 } from "../schemas.js";
import { BLOCKFROST_ENDPOINTS, BLOCKFROST_PREFIX } from "../routes/blockfrost/http.js";

/** The OpenAPI tags, in the order the docs page lists them. Every route's tag must be one of these. */
export const OPENAPI_TAGS = [
  { name: "Health", description: "Service and chain backend status. Never needs an API key." },
  { name: "Utilities", description: "Addresses, native scripts, slot and time: pure functions that need no chain." },
  { name: "Transactions", description: "Build unsigned transactions, submit signed ones, look them up." },
  { name: "Chain", description: "Chain queries: the UTxOs at an address." },
  {
    name: "Devnet",
    description:
      "The embedded devnet: what it is (clock, one block per slot, tip, faucet), its faucet, its clock, the stake pools and DReps it registers by id, its reset and named snapshots (404 on other networks).",
  },
  { name: "Tournaments", description: "On-chain tournaments: create, register, add participants, settle." },
  {
    name: "Events",
    description: "What happened, as it happens: a server-sent event stream of transactions and address activity.",
  },
  {
    name: "Webhooks",
    description:
      "Events POSTed to your URL, signed (Webhook-Signature, HMAC-SHA256), retried with backoff, paused with a reason: per API key, with a delivery log.",
  },
  {
    name: "Blockfrost-compatible (devnet)",
    description:
      `On the devnet, ${BLOCKFROST_PREFIX} answers as Blockfrost's API does (https://docs.blockfrost.io), so that the SDKs' Blockfrost providers ` +
      `(Mesh, Lucid Evolution, Blaze, the Evolution SDK) work unchanged but for their base URL, e.g. http://localhost:3000${BLOCKFROST_PREFIX}. ` +
      "Its operations are not repeated in this document: each follows Blockfrost's own specification (@blockfrost/openapi), field for field. " +
      `Served: ${BLOCKFROST_ENDPOINTS.join(", ")}. Lists take page, count (1 to 100) and order; a page past the end is []. ` +
      "Errors are Blockfrost's {status_code, error, message}; an address the devnet never saw is 404; a path served under other methods is 405 with Allow; a Blockfrost endpoint not served is 501 naming it. " +
      "The API key travels in the project_id header (or X-Api-Key) when keys are required; otherwise any project id is accepted. " +
      `On other networks every path under ${BLOCKFROST_PREFIX} is 404.`,
  },
  {
    name: "Smart contracts",
    description:
      "CIP-57 blueprints stored per API key, their validators' addresses, datums and redeemers as JSON, parameters applied.",
  },
];

/**
 * @fastify/swagger drops a `$ref` response's sibling keywords, so the examples that errorResponses()
 * puts beside `$ref: ErrorBody` are collected here, per operation and status, and written into the
 * document as the response's media example, or its examples named by code when there are several
 * (a 503: the route's own and the key store's) (attachErrorExamples).
 */
type ResponseExamples = Map<string, Map<string, unknown[]>>;

function collectRefExamples(route: RouteOptions, into: ResponseExamples): void {
  const responses = (route.schema?.response ?? {}) as Record<string, { $ref?: unknown; examples?: unknown }>;
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
  for (const method of [route.method].flat()) {
    for (const [status, schema] of Object.entries(responses)) {
      if (typeof schema?.$ref !== "string" || !Array.isArray(schema.examples) || schema.examples.length === 0) continue;
      const key = `${method.toLowerCase()} ${path}`;
      if (!into.has(key)) into.set(key, new Map());
      into.get(key)!.set(status, schema.examples);
    }
  }
}

/** A response's examples named by their codes (a code that repeats takes its place as a suffix). */
function namedExamples(list: readonly unknown[]): Record<string, { value: unknown }> {
  const named: Record<string, { value: unknown }> = {};
  list.forEach((value, i) => {
    const code = String((value as { code?: unknown }).code);
    named[code in named ? `${code}-${i + 1}` : code] = { value };
  });
  return named;
}

function attachErrorExamples<T>(document: T, examples: ResponseExamples): T {
  const paths = (
    document as {
      paths?: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, Record<string, unknown>> }> }>
      >;
    }
  ).paths;
  for (const [path, item] of Object.entries(paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, list] of examples.get(`${method} ${path}`) ?? []) {
        const media = operation.responses?.[status]?.content?.["application/json"];
        if (!media || "example" in media || "examples" in media) continue;
        if (list.length === 1) media["example"] = list[0];
        else media["examples"] = namedExamples(list);
      }
    }
  }
  return document;
}

async function openapiPlugin(app: FastifyInstance): Promise<void> {
  const refExamples: ResponseExamples = new Map();
  app.addHook("onRoute", (route) => collectRefExamples(route, refExamples));
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Cardano transaction service",
        version: VERSION,
        description:
          "Builds unsigned Cardano transactions (payments, mints, burns, metadata, on-chain tournaments), " +
          "helps with addresses, native scripts and slot/time, and submits what the client signed. " +
          `Every endpoint lives under ${BASE_PATH}. Errors are {statusCode, error, code, message}, code being one of the stable codes listed in ErrorBody. ` +
          "A path that exists under other methods answers 405 HTTP_ERR_METHOD_NOT_ALLOWED with an Allow header listing them (GET /transactions/build: Allow: POST); " +
          "any other unknown path 404 HTTP_ERR_UNKNOWN_ENDPOINT. Neither needs an API key. " +
          'Amounts are accepted as safe integers or decimal strings ("5_000_000") and returned as decimal strings. ' +
          'Every operation has an example request, answer and error answers, recorded on a devnet. On a fresh devnet "Try it out" answers 200 ' +
          "with the examples of health, the utilities and the devnet faucet and clock; POST /transactions/build's example answers 400 (no funds) " +
          "until the faucet's example, which funds the same address, has run; the submit, chain-query and tournament examples name transactions, " +
          "UTxOs and a tournament of the devnet they were recorded on, so elsewhere they answer the 4xx their error examples show.",
      },
      servers: [{ url: "/" }],
      components: {
        securitySchemes: {
          apiKey: {
            type: "apiKey",
            in: "header",
            name: "X-Api-Key",
            description:
              "An API key (testnet_… or mainnet_…, made with `npm run cli -- keys create`). Required on real networks, " +
              "optional on the devnet (checked when sent). Health, these docs and the OpenAPI document need none. " +
              "Keyed answers carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset for the key's daily quota " +
              "(the UTC day); a 429 carries Retry-After in seconds.",
          },
        },
      },
      security: [{ apiKey: [] }],
      tags: OPENAPI_TAGS,
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json["$id"] === "string" ? json["$id"] : `def-${i}`,
    },
    // OpenAPI 3.1 speaks JSON Schema 2020-12: rewrite draft-07 tuples (TypeBox's Type.Tuple).
    // Error responses get their examples back (collectRefExamples).
    transformObject: (document) =>
      "openapiObject" in document
        ? attachErrorExamples(toJsonSchema2020(document.openapiObject), refExamples)
        : document.swaggerObject,
  });
  // The docs page and its assets are public, like the OpenAPI document.
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith(`${BASE_PATH}/docs`)) route.config = { ...route.config, public: true };
  });
  await app.register(swaggerUi, {
    routePrefix: `${BASE_PATH}/docs`,
    uiConfig: { validatorUrl: null, docExpansion: "list", deepLinking: true },
    uiHooks: {},
    // Everything the page needs comes from this service: no CDN, no fonts, no validator badge, and
    // no upgrade-insecure-requests (it would break the page when served over plain http on a LAN).
    // Swagger UI injects a <style> element at run time, hence 'unsafe-inline' for styles (not scripts).
    staticCSP:
      "default-src 'self'; base-uri 'self'; connect-src 'self'; font-src 'self' data:; form-action 'self'; " +
      "frame-ancestors 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; " +
      "style-src 'self' 'unsafe-inline'",
  });
  app.get(`${BASE_PATH}/openapi.json`, { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
}

export default fp(openapiPlugin, { name: "openapi", fastify: "5.x" });
