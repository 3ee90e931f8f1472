// build(config) assembles the service and never listens (src/server.ts does).
// Registration order: config → chain → error handler → OpenAPI → auth → routes.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { createChain } from "./chain/index.js";
import type { ChainPort } from "./chain/port.js";
import { isDevnet } from "./chain/port.js";
import { eraHistoryFor, type EraHistory } from "./cardano/era-history.js";
import type { Config } from "./config.js";
import { ChainUnavailableError } from "./errors.js";
import auth from "./server/plugins/auth.js";
import errors, { clientErrorHandler, frameworkErrors } from "./server/plugins/errors.js";
import { BASE_PATH } from "./server/paths.js";
import chainRoutes from "./server/routes/chain.js";
import healthRoutes from "./server/routes/health.js";
import tournamentRoutes from "./server/routes/tournaments.js";
import transactionRoutes from "./server/routes/transactions.js";
import utilsRoutes from "./server/routes/utils.js";
import { ErrorBody, toJsonSchema2020 } from "./server/schemas.js";
import { buildValidator, jsonBodyParser } from "./server/validation.js";
import { VERSION } from "./version.js";

declare module "fastify" {
  interface FastifyInstance {
    readonly config: Config;
    /** The chain backend, or null when a real network has none configured. */
    readonly chain: ChainPort | null;
    /** Slot ↔ time for config.network; the devnet's runs from its own system start. */
    readonly eraHistory: EraHistory;
  }
  interface FastifyContextConfig {
    /** Public routes need no API key and count against no quota (health, docs). */
    public?: boolean;
  }
}

/** The OpenAPI tags, in the order the docs page lists them. Every route's tag must be one of these. */
export const OPENAPI_TAGS = [
  { name: "Health", description: "Service and chain backend status. Never needs an API key." },
  { name: "Utilities", description: "Addresses, native scripts, slot and time: pure functions that need no chain." },
  { name: "Transactions", description: "Build unsigned transactions, submit signed ones, look them up." },
  { name: "Chain", description: "Chain queries: the UTxOs at an address." },
  { name: "Devnet", description: "The embedded devnet's faucet and clock (404 on other networks)." },
  { name: "Tournaments", description: "On-chain tournaments: create, register, add participants, settle." },
];

export interface BuildOptions {
  /** Use this chain backend instead of the one the config selects (tests). */
  chain?: ChainPort | null;
  /** Unix milliseconds for quotas and key times (tests inject a clock they can move). */
  clock?: () => number;
}

export async function build(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    // A path parameter may be a bech32 address: testnet base addresses are 108 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    frameworkErrors,
    clientErrorHandler,
    // Our own Ajv pair (src/server/validation.ts), built per context with every addSchema'd schema.
    schemaController: { compilersFactory: { buildValidator } },
  });
  app.addSchema(ErrorBody);
  // JSON is the only request media type (others are 415); see parseJsonBody for what it refuses.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, jsonBodyParser);

  app.decorate("config", config);
  const chain = options.chain !== undefined ? options.chain : await createChain(config, app.log);
  app.decorate("chain", chain);
  // Without a DevnetPort (no devnet backend yet), the devnet converts from DEVNET_FALLBACK_START_MS.
  app.decorate("eraHistory", eraHistoryFor(config.network, chain && isDevnet(chain) ? chain.systemStartMs : undefined));
  app.addHook("onClose", async () => {
    await chain?.close();
  });

  await app.register(errors);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Cardano transaction service",
        version: VERSION,
        description:
          "Builds unsigned Cardano transactions (payments, mints, burns, metadata, on-chain tournaments), " +
          "helps with addresses, native scripts and slot/time, and submits what the client signed. " +
          `Every endpoint lives under ${BASE_PATH}. Errors are {statusCode, error, message}. ` +
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
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json["$id"] ?? `def-${i}`) },
    // OpenAPI 3.1 speaks JSON Schema 2020-12: rewrite draft-07 tuples (TypeBox's Type.Tuple).
    transformObject: (document) => ("openapiObject" in document ? toJsonSchema2020(document.openapiObject) : document.swaggerObject),
  });
  // The docs page and its assets are public, like the OpenAPI document.
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith(`${BASE_PATH}/docs`)) route.config = { ...route.config, public: true };
  });
  await app.register(swaggerUi, {
    routePrefix: `${BASE_PATH}/docs`,
    uiConfig: { validatorUrl: null, docExpansion: "list", deepLinking: true } as Record<string, unknown>,
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

  await app.register(auth, { clock: options.clock });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(utilsRoutes);
      await api.register(transactionRoutes);
      await api.register(chainRoutes);
      await api.register(tournamentRoutes);
    },
    { prefix: BASE_PATH },
  );
  // Health is also served at the root, for load balancers and uptime checks.
  await app.register(healthRoutes);
  return app;
}

/** The chain backend, or a 503 that says what to configure. For routes that need the chain. */
export function requireChain(app: FastifyInstance): ChainPort {
  if (app.chain) return app.chain;
  throw new ChainUnavailableError(
    `No chain backend is configured for ${app.config.network}: set BLOCKFROST_PROJECT_ID, or OGMIOS_URL and KUPO_URL, and restart.`,
  );
}
