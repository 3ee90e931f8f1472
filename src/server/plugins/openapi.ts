// The OpenAPI document and its docs page: @fastify/swagger collects every route registered after
// this plugin (hence its place before the routes in server/app.ts), Swagger UI serves the page
// under BASE_PATH/docs, and BASE_PATH/openapi.json serves the document. All three are public.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { VERSION } from "../../version.js";
import { BASE_PATH } from "../paths.js";
import { toJsonSchema2020 } from "../schemas.js";

/** The OpenAPI tags, in the order the docs page lists them. Every route's tag must be one of these. */
export const OPENAPI_TAGS = [
  { name: "Health", description: "Service and chain backend status. Never needs an API key." },
  { name: "Utilities", description: "Addresses, native scripts, slot and time: pure functions that need no chain." },
  { name: "Transactions", description: "Build unsigned transactions, submit signed ones, look them up." },
  { name: "Chain", description: "Chain queries: the UTxOs at an address." },
  { name: "Devnet", description: "The embedded devnet's faucet and clock (404 on other networks)." },
  { name: "Tournaments", description: "On-chain tournaments: create, register, add participants, settle." },
  { name: "Smart contracts", description: "CIP-57 blueprints stored per API key, their validators' addresses, datums and redeemers as JSON, parameters applied." },
];

async function openapiPlugin(app: FastifyInstance): Promise<void> {
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
          "Amounts are accepted as safe integers or decimal strings (\"5_000_000\") and returned as decimal strings.",
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
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json["$id"] === "string" ? json["$id"] : `def-${i}`) },
    // OpenAPI 3.1 speaks JSON Schema 2020-12: rewrite draft-07 tuples (TypeBox's Type.Tuple).
    transformObject: (document) => ("openapiObject" in document ? toJsonSchema2020(document.openapiObject) : document.swaggerObject),
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
