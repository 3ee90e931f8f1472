// build(config) assembles the service and never listens (src/main.ts does).
// Registration order: config → stores → metrics → chain → tournaments → events → webhooks → request ids → CORS → methods (405) → error handler → OpenAPI → auth → blueprints → routes (the service's, then the devnet's Blockfrost-compatible API).
// Services are plugins that decorate the instance (app.stores, app.chain, app.tournaments, app.events, app.blueprints); routes take them
// from there, so nothing under routes/ imports this file. The stores come first: every plugin that uses one
// declares `dependencies: ["stores"]` and reads app.stores, and none opens or closes a store itself.
import Fastify, { type FastifyInstance } from "fastify";
import type { ChainPort } from "../chain/port.js";
import type { Config } from "../config.js";
import { BASE_PATH } from "./paths.js";
import auth from "./plugins/auth.js";
import blueprints from "./plugins/blueprints.js";
import chain from "./plugins/chain.js";
import cors from "./plugins/cors.js";
import metrics from "./plugins/metrics.js";
import methods from "./plugins/methods.js";
import errors, { clientErrorHandler, frameworkErrors } from "./plugins/errors.js";
import events from "./plugins/events.js";
import openapi from "./plugins/openapi.js";
import requestId, { genReqId } from "./plugins/request-id.js";
import stores from "./plugins/stores.js";
import unknownFieldGuard from "./plugins/unknown-field-guard.js";
import webhooks, { type WebhooksPluginOptions } from "./plugins/webhooks.js";
import tournaments from "./plugins/tournaments.js";
import addressRoutes from "./routes/addresses/index.js";
import blockfrostRoutes, { BLOCKFROST_PREFIX } from "./routes/blockfrost/index.js";
import blueprintRoutes from "./routes/blueprints/index.js";
import devnetRoutes from "./routes/devnet/index.js";
import eventRoutes from "./routes/events/index.js";
import explorerRoutes from "./routes/explorer/index.js";
import healthRoutes from "./routes/health/index.js";
import metricsRoutes from "./routes/health/metrics.js";
import tournamentRoutes from "./routes/tournaments/index.js";
import transactionRoutes from "./routes/transactions/index.js";
import utilsRoutes from "./routes/utils/index.js";
import validatorRoutes from "./routes/validators/index.js";
import webhookRoutes from "./routes/webhooks/index.js";
import { RequestLogController } from "./request-log.js";
import { ErrorBody } from "./schemas.js";
import { sharedSerializers } from "./serialization.js";
import { jsonBodyParser, LazyValidators } from "./validation.js";

declare module "fastify" {
  interface FastifyInstance {
    readonly config: Config;
  }
  interface FastifyContextConfig {
    /** Public routes need no API key and count against no quota (health, docs). */
    public?: boolean;
  }
}

export interface BuildOptions {
  /** Use this chain backend instead of the one the config selects; null: none (tests). */
  chain?: ChainPort | null;
  /** Unix milliseconds for quotas and key times (tests inject a clock they can move). */
  clock?: () => number;
  /** Where the JSON log lines go (default: stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** The webhook worker's clock, resolver and round period (tests). */
  webhooks?: WebhooksPluginOptions;
}

export async function build(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const validators = new LazyValidators();
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : { level: config.logLevel, ...(options.logStream && { stream: options.logStream }) },
    // A request's "request completed" line at error for a 5xx, info otherwise (src/server/request-log.ts).
    logController: new RequestLogController(),
    bodyLimit: config.bodyLimit,
    // A plugin's start and an onReady hook may take up to a minute (Fastify's default is 10 s): on
    // a loaded machine the devnet's first start (Scalus loaded, the tournament script deployed) took
    // longer, and a slow start must not become a failed one. A start
    // that truly hangs still fails, naming the plugin.
    pluginTimeout: 60_000,
    // A path parameter may be a bech32 address: testnet base addresses are 108 characters.
    // Duplicate slashes are ignored too: Blaze's Blockfrost provider joins its base URL (ending in
    // "/") and paths starting with "/" into ".../api/v0//tx/submit", which Blockfrost accepts.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 1024 },
    frameworkErrors,
    clientErrorHandler,
    // The client's X-Request-Id when sane, else a new UUID; every log line of the request carries it as reqId.
    requestIdHeader: false,
    genReqId,
    // Our own Ajv pair (src/server/validation.ts), built per context with every addSchema'd schema;
    // each route's validators compiled on first use. Response serializers likewise, and shared by
    // the apps of one process (src/server/serialization.ts).
    schemaController: {
      compilersFactory: { buildValidator: validators.buildValidator, buildSerializer: sharedSerializers },
    },
    // Slow clients (issue #12): headers and the whole request (not its answer: a wait may last
    // minutes once asked) must arrive in time, else 408 (clientErrorHandler); idle keep-alive
    // connections close. Node checks these deadlines every connectionsCheckingInterval (30 s by
    // default, which would let a trickling client stay 30 s past its deadline).
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
    },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
  });
  app.addSchema(ErrorBody);
  // JSON is the only request media type (others are 415); see parseJsonBody for what it refuses.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, jsonBodyParser);

  app.decorate("config", config);
  try {
    await registerAll(app, options);
  } catch (error) {
    // What opened before the failure (the stores, a devnet) closes again: a failed start holds no
    // file, pool or connection. The error that stopped the start is the one reported.
    await app
      .close()
      .catch((closeError: unknown) => app.log.warn({ err: closeError }, "closing after a failed start failed"));
    throw error;
  }
  return app;
}

async function registerAll(app: FastifyInstance, options: BuildOptions): Promise<void> {
  // First: a store that cannot open stops the start before anything else opens.
  await app.register(stores, { clock: options.clock });
  // Before the chain: the chain plugin reports backend calls to app.metrics.
  await app.register(metrics);
  await app.register(chain, { chain: options.chain });
  await app.register(tournaments);
  await app.register(events);
  await app.register(webhooks, options.webhooks ?? {});
  await app.register(requestId);
  // CORS: after the request ids (a preflight's answer carries one), before auth (a preflight needs no key
  // and counts against no quota; a 401 or 429 still carries the CORS headers); at the root, so that
  // every route, including the ones registered later, is covered.
  await app.register(cors);
  // Before the routes (it records each one's methods) and before auth (a 405, like a 404, needs no key).
  await app.register(methods);
  await app.register(errors);
  // Before the OpenAPI plugin: it adds `warnings` to the answers of routes that tolerate unknown fields.
  await app.register(unknownFieldGuard);
  await app.register(openapi);
  await app.register(auth, { clock: options.clock });
  await app.register(blueprints);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(utilsRoutes);
      await api.register(transactionRoutes);
      await api.register(addressRoutes);
      await api.register(devnetRoutes);
      await api.register(tournamentRoutes);
      await api.register(blueprintRoutes);
      await api.register(validatorRoutes);
      await api.register(eventRoutes);
      await api.register(webhookRoutes);
    },
    { prefix: BASE_PATH },
  );
  // The devnet's Blockfrost-compatible API, for the SDKs' Blockfrost providers (its own error body and media types).
  await app.register(blockfrostRoutes, { prefix: BLOCKFROST_PREFIX });
  // Health is also served at the root, for load balancers and uptime checks; metrics only there, where scrapers look.
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  // The explorer page (public, like the docs): BASE_PATH/explorer, and /explorer leading to it.
  await app.register(explorerRoutes);
  // Route validators are compiled at their first use, never all at start: compiling the ~70 schemas
  // took about a second of every start before listening (942 ms of a 3.1 s compiled restart), and in
  // the background after listening it held the event loop under load (a hostile test's health probes
  // took 1.5 s while 2,000 waits arrived). A route's first request pays its own compile once (the
  // build request's, the largest, about 100 ms). Scalus is not preloaded either: loading it blocks the
  // event loop for most of a second; the first request that needs it loads it
  // (src/chain/shared/scalus-bundle.ts).
}
