// API keys and quotas. Every request to a non-public route is checked here, in onRequest
// (before the body is read): the key in X-Api-Key is looked up in the store on every request
// (so a key revoked by the CLI is refused by a running server from the next request on), then
// the key's token bucket (per-second rate and burst) and its daily quota are charged. Once a key's
// daily quota is used up, the instance remembers it until 00:00 UTC and refuses it without a
// store or bucket call (a revoked key spent today is then refused with that 429, not a 401).
//
// Public: routes with `config: { public: true }` (health, openapi.json), the docs and their
// static assets under BASE_PATH/docs, and unknown routes (they answer 404 without a key).
// Public requests neither need a key nor count against a quota; a key sent to them is ignored.
//
// Headers of keyed requests (IETF draft-ietf-httpapi-ratelimit-headers): RateLimit-Limit,
// RateLimit-Remaining and RateLimit-Reset describe the daily quota window, the one a client
// can plan with: the key's per-day limit, what is left of it today, and the seconds until
// 00:00 UTC. RateLimit-Policy names that window (`<perDay>;w=86400`). The per-second bucket is
// reported only when it refuses, through Retry-After.
//
// Under the devnet's Blockfrost-compatible prefix (/blockfrost/api/v0), the key may come in the
// project_id header instead, where the SDKs' Blockfrost providers put their project id.
//
// Keyless requests (AUTH=optional, the devnet's default) are charged to a token bucket of their
// client IP, in this process (KEYLESS_PER_SECOND, KEYLESS_BURST): 429 with Retry-After beyond it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { familyOf } from "../../config.js";
import { ThrottledError, UnauthorizedError } from "../../errors.js";
import { hashKey, keyEnvOf } from "../../store/key-material.js";
import { MemoryTokenBuckets } from "../../store/token-buckets.js";
import type { ApiKeyRecord } from "../../store/types.js";
import { msToNextUtcMidnight, utcDay } from "../../store/utc-day.js";
import { BASE_PATH } from "../paths.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The key the request was made with; null on public routes and keyless optional-mode requests. */
    apiKey: ApiKeyRecord | null;
  }
}

export interface AuthOptions {
  /** Unix milliseconds; quotas, refills and the UTC day come from it (tests inject one). */
  clock?: () => number;
}

export const API_KEY_HEADER = "x-api-key";
/** The header Blockfrost's clients send their project id in: the API key under BLOCKFROST_API_PREFIX. */
export const PROJECT_ID_HEADER = "project_id";
/** The devnet's Blockfrost-compatible API (routes/blockfrost/), whose clients send the key as their project id. */
const BLOCKFROST_API_PREFIX = "/blockfrost/api/v0/";
const DOCS_PREFIX = `${BASE_PATH}/docs`;

function isPublic(request: FastifyRequest): boolean {
  if (request.is404) return true;
  if (request.routeOptions.config.public === true) return true;
  const route = request.routeOptions.url ?? "";
  return route === DOCS_PREFIX || route.startsWith(`${DOCS_PREFIX}/`);
}

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

async function authPlugin(app: FastifyInstance, options: AuthOptions): Promise<void> {
  const clock = options.clock ?? Date.now;
  // The keys, their daily counters and their token buckets: the stores plugin opened them and closes them.
  const store = app.keyStore;
  const buckets = app.tokenBuckets;
  app.decorateRequest("apiKey", null);

  const network = app.config.network;
  const family = familyOf(network);
  // One bucket per client IP for requests without a key; in this process even when keys' buckets are in Redis.
  const keylessBuckets = new MemoryTokenBuckets();
  const keylessLimits = {
    perSecond: app.config.limits.keylessPerSecond,
    burst: app.config.limits.keylessBurst,
    perDay: Number.MAX_SAFE_INTEGER,
  };
  app.addHook("onClose", () => keylessBuckets.close());

  /** Charges a keyless request to its client IP's bucket: 429 with Retry-After when it is empty. */
  async function chargeKeyless(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = await keylessBuckets.take(request.ip, keylessLimits, clock());
    if (token.allowed) return;
    void reply.header("retry-after", seconds(token.retryAfterMs));
    throw new ThrottledError();
  }

  /** The key in the header, checked for its form and network; throws 401 saying what is wrong. */
  function keyOf(header: string | string[]): string {
    const key = Array.isArray(header) ? "" : header.trim();
    if (key === "") throw new UnauthorizedError("The X-Api-Key header is empty: send your API key in it.");
    const env = keyEnvOf(key);
    if (env === undefined) {
      throw new UnauthorizedError(
        "The API key in X-Api-Key is malformed: a key is testnet_ or mainnet_ followed by 40 letters and digits.",
      );
    }
    if (env !== family) {
      const wanted = family === "mainnet" ? "a mainnet key" : "a testnet key";
      throw new UnauthorizedError(`The API key is a ${env} key, but this service serves ${network}: use ${wanted}.`);
    }
    return key;
  }

  /** The record of the key of this hash, if it is valid; throws 401 saying what is wrong. */
  async function authenticate(hash: string): Promise<ApiKeyRecord> {
    const record = await store.findByHash(hash);
    if (!record) throw new UnauthorizedError("The API key is unknown: check it, or ask the operator for one.");
    if (record.revokedAt !== null) {
      throw new UnauthorizedError(
        `The API key ${record.id} was revoked on ${new Date(record.revokedAt).toISOString()}: use its replacement or ask the operator for a new one.`,
      );
    }
    return record;
  }

  function rateLimitHeaders(reply: FastifyReply, record: ApiKeyRecord, used: number, now: number): void {
    void reply.headers({
      "ratelimit-limit": record.limits.perDay,
      "ratelimit-remaining": Math.max(0, record.limits.perDay - used),
      "ratelimit-reset": seconds(msToNextUtcMidnight(now)),
      "ratelimit-policy": `${record.limits.perDay};w=86400`,
    });
  }

  // Keys whose daily quota is used up, by key hash, with the UTC day it is used up for: until that
  // day ends, this instance refuses them without asking the store or the buckets (a client
  // retrying a spent key in a loop costs no database round trip). Entries of past days are
  // dropped as new ones come, so the map holds at most the keys spent today.
  const spent = new Map<string, { readonly record: ApiKeyRecord; readonly day: string }>();

  function rememberSpent(hash: string, record: ApiKeyRecord, day: string): void {
    for (const [other, entry] of spent) if (entry.day !== day) spent.delete(other);
    spent.set(hash, { record, day });
  }

  /** The 429 of a key whose daily quota is used up: wait for midnight UTC. */
  function spentForToday(reply: FastifyReply, record: ApiKeyRecord, now: number): Error {
    rateLimitHeaders(reply, record, record.limits.perDay, now);
    void reply.header("retry-after", seconds(msToNextUtcMidnight(now)));
    return new ThrottledError();
  }

  /** Charges one request to the key: its bucket first, then the daily quota (refunding the token on refusal). */
  async function charge(hash: string, record: ApiKeyRecord, reply: FastifyReply): Promise<void> {
    const now = clock();
    const day = utcDay(now);
    const { limits } = record;
    const token = await buckets.take(record.id, limits, now);
    if (!token.allowed) {
      const used = await store.usedOn(record.id, day);
      if (used >= limits.perDay) {
        // When the day's quota is gone too, the next token would not help: wait for midnight.
        rememberSpent(hash, record, day);
        throw spentForToday(reply, record, now);
      }
      rateLimitHeaders(reply, record, used, now);
      void reply.header("retry-after", seconds(token.retryAfterMs));
      throw new ThrottledError();
    }
    const daily = await store.consumeDaily(record.id, day, limits.perDay);
    if (daily.used >= limits.perDay) rememberSpent(hash, record, day);
    if (!daily.allowed) {
      await buckets.refund(record.id, limits, now);
      throw spentForToday(reply, record, now);
    }
    rateLimitHeaders(reply, record, daily.used, now);
  }

  /**
   * The key a request carries: X-Api-Key, or under the Blockfrost-compatible prefix the project_id
   * header the SDKs' Blockfrost providers send. There, when keys are optional, a project id that
   * is not an API key (any id an SDK needs, "devnet") is ignored: the request is keyless.
   */
  function keyHeaderOf(request: FastifyRequest): string | string[] | undefined {
    const header = request.headers[API_KEY_HEADER];
    if (header !== undefined || !request.url.startsWith(BLOCKFROST_API_PREFIX)) return header;
    const projectId = request.headers[PROJECT_ID_HEADER];
    if (projectId === undefined) return undefined;
    if (app.config.auth === "optional" && (Array.isArray(projectId) || keyEnvOf(projectId.trim()) === undefined))
      return undefined;
    return projectId;
  }

  app.addHook("onRequest", async (request, reply) => {
    if (isPublic(request)) return;
    const header = keyHeaderOf(request);
    if (header === undefined) {
      if (app.config.auth === "optional") return chargeKeyless(request, reply);
      const where = request.url.startsWith(BLOCKFROST_API_PREFIX)
        ? "the project_id header (or X-Api-Key)"
        : "the X-Api-Key header";
      throw new UnauthorizedError(`An API key is required: send it in ${where} (this service serves ${network}).`);
    }
    const hash = hashKey(keyOf(header));
    const remembered = spent.get(hash);
    const now = clock();
    if (remembered?.day === utcDay(now)) {
      request.apiKey = remembered.record;
      throw spentForToday(reply, remembered.record, now);
    }
    const record = await authenticate(hash);
    request.apiKey = record;
    await charge(hash, record, reply);
  });
}

export default fp(authPlugin, { name: "auth", fastify: "5.x", dependencies: ["stores", "errors"] });
