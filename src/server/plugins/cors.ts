// CORS (CORS_ORIGINS, @fastify/cors): which web pages may call the service from a browser. Any
// origin on the devnet by default, none on a real network unless configured; with none, the
// plugin is not registered at all and the service answers as if CORS did not exist.
//
// Registered at the root, after the request ids and before auth, so that:
// - a preflight (OPTIONS, on any path: the API, the docs, health, the Blockfrost-compatible prefix,
//   an unknown path) is answered 204 in the onRequest hook, with its X-Request-Id, before auth
//   runs: it needs no API key and counts against no quota (the browser sends no X-Api-Key with it);
// - every other answer, errors included (401, 429, 400, 404), carries Access-Control-Allow-Origin
//   and Access-Control-Expose-Headers, set before auth or a handler can fail, so that the page can
//   read the error and its headers. Errors raised while routing (a malformed URL), before any hook,
//   get the same headers through `corsForRoutingError` (called by the errors plugin's frameworkErrors).
//
// An origin not in the list gets no Access-Control-Allow-Origin: the browser then refuses the page
// the answer (the request itself still reaches the service, as from any non-browser client).
// No credentials (cookies) are involved: the API key travels in a header the page sets.
import fastifyCors from "@fastify/cors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../config.js";

/** The methods of the API (HEAD answers every GET). */
export const CORS_METHODS = ["GET", "HEAD", "POST", "PATCH", "DELETE"];

/**
 * Request headers a page may send: the API key, JSON bodies, its own request id, and what the
 * Blockfrost SDKs send to the Blockfrost-compatible API (`project_id`; Lucid adds `lucid`).
 */
export const CORS_ALLOWED_HEADERS = ["Content-Type", "X-Api-Key", "X-Request-Id", "project_id", "lucid"];

/** Answer headers a page may read besides the safelisted ones: the request id, the quota and when to retry. */
export const CORS_EXPOSED_HEADERS = [
  "X-Request-Id",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "RateLimit-Policy",
  "Retry-After",
];

/** How long a browser may reuse a preflight's answer, in seconds (Chromium caps it at 7200). */
export const CORS_MAX_AGE_S = 600;

/** Whether CORS_ORIGINS lets any page call the service. */
export const corsEnabled = (config: Config): boolean => config.corsOrigins === "*" || config.corsOrigins.length > 0;

/** The Access-Control-Allow-Origin for a request's Origin header, or undefined when that origin may not read the answer. */
function allowedOrigin(config: Config, origin: string | undefined): string | undefined {
  if (config.corsOrigins === "*") return "*";
  return origin !== undefined && config.corsOrigins.includes(origin) ? origin : undefined;
}

/**
 * The CORS headers of a routing error's answer (Fastify's `frameworkErrors`: a malformed URL, an
 * over-long path parameter), which runs no hook: the ones a simple answer gets from the plugin.
 */
export function corsForRoutingError(request: FastifyRequest, reply: FastifyReply): void {
  const { config } = request.server;
  if (!corsEnabled(config)) return;
  const allowed = allowedOrigin(config, request.headers.origin);
  if (config.corsOrigins !== "*") void reply.header("vary", "Origin");
  if (allowed === undefined) return;
  void reply
    .header("access-control-allow-origin", allowed)
    .header("access-control-expose-headers", CORS_EXPOSED_HEADERS.join(", "));
}

async function corsPlugin(app: FastifyInstance): Promise<void> {
  const { config } = app;
  if (!corsEnabled(config)) return;
  await app.register(fastifyCors, {
    // "*" answers Access-Control-Allow-Origin: * (no credentials are used); a list echoes the request's origin when listed, with Vary: Origin.
    origin: config.corsOrigins === "*" ? "*" : [...config.corsOrigins],
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE_S,
    credentials: false,
    // Any OPTIONS is answered 204 with the preflight headers, also one without Origin or
    // Access-Control-Request-Method (strict mode would answer those a text/plain 400 outside the error contract).
    strictPreflight: false,
  });
}

export default fp(corsPlugin, { name: "cors", fastify: "5.x", dependencies: ["request-id"] });
