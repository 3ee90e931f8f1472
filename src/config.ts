// The only module that reads process.env. It turns the environment into one typed,
// validated, frozen Config; a wrong value stops the start with a message naming the variable.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { describeUrl } from "./url-display.js";

export const NETWORKS = ["devnet", "preview", "preprod", "mainnet"] as const;
export type Network = (typeof NETWORKS)[number];

/** Mainnet keys and addresses are one family; devnet, preview and preprod are the testnet family. */
export type NetworkFamily = "mainnet" | "testnet";
export const familyOf = (network: Network): NetworkFamily => (network === "mainnet" ? "mainnet" : "testnet");

export type AuthMode = "required" | "optional";

export interface BlockfrostSettings {
  readonly kind: "blockfrost";
  readonly projectId: string;
  readonly url: string | undefined;
  /** BLOCKFROST_AUTHORIZATION: the Authorization header for a Blockfrost-compatible server behind one. */
  readonly authorization?: string;
  /**
   * BLOCKFROST_REQUESTS_PER_SECOND and BLOCKFROST_BURST: the rate the service keeps to (Blockfrost's
   * published 10 a second with bursts of 500 by default; a paid plan or a self-hosted server allows more).
   */
  readonly rateLimit?: { readonly perSecond: number; readonly burst: number };
}

export interface OgmiosKupoSettings {
  readonly kind: "ogmios-kupo";
  readonly ogmiosUrl: string;
  readonly kupoUrl: string;
  /** KUPO_AUTHORIZATION: the Authorization header for a Kupo behind one. */
  readonly kupoAuthorization?: string;
}

export type BackendSettings = BlockfrostSettings | OgmiosKupoSettings;

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly network: Network;
  readonly dataDir: string;
  readonly auth: AuthMode;
  readonly logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Largest accepted request body in bytes; larger bodies are answered with 413. */
  readonly bodyLimit: number;
  /**
   * CORS_ORIGINS: the web pages (by origin) whose scripts may call the service from a browser:
   * "*" for any, else a list of origins as browsers send them in `Origin` (empty: none, no CORS).
   */
  readonly corsOrigins: "*" | readonly string[];
  /** The chain backend of a real network; null on the devnet or when none is configured. */
  readonly backend: BackendSettings | null;
  /**
   * PostgreSQL (postgres:// or postgresql://) holding API keys, quotas, blueprints and contract
   * deployments for a fleet of instances; undefined: SQLite files in DATA_DIR (one instance).
   */
  readonly databaseUrl?: string;
  /** Redis (redis:// or rediss://) holding the per-second token buckets of a fleet; undefined: in this process. */
  readonly redisUrl?: string;
  /** How long the client may take to send the request headers (slow clients are answered 408). */
  readonly headersTimeoutMs: number;
  /** How long the client may take to send the whole request, headers and body (not the answer). */
  readonly requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  readonly keepAliveTimeoutMs: number;
  /** On SIGTERM, how long in-flight requests may take to finish before their connections are cut. */
  readonly shutdownTimeoutMs: number;
  /** Worker threads that run Plutus scripts (evaluation never runs on the event loop): the cores, at most 2, by default. */
  readonly evaluationWorkers: number;
  /** Evaluations that may wait for a busy worker; beyond them a request is answered 503 with Retry-After. */
  readonly evaluationQueue: number;
  /** What one client, and all of them together, may hold of the instance (resourceLimitsFrom). */
  readonly limits: ResourceLimits; /** The devnet's controls (devnetFrom); the same values on other networks, where they are unused. */
  readonly devnet: DevnetSettings;
  /** The event log and its streams (eventsFrom). */
  readonly events: EventSettings;
  /** Webhooks: their bounds, delivery, retries and targets (webhooksFrom). */
  readonly webhooks: WebhookSettings;
}

/** Webhooks (POST /webhooks and the delivery worker; README, configuration). */
export interface WebhookSettings {
  /** WEBHOOK_MAX_PER_KEY: the webhooks one API key may have; one more is 400. */
  readonly maxPerKey: number;
  /** WEBHOOK_TIMEOUT_SECONDS: an attempt's whole exchange (DNS lookup, connect, send, status and headers); the lookup of a new webhook's host. */
  readonly timeoutSeconds: number;
  /** WEBHOOK_CONCURRENCY: attempts in flight at once, per instance. */
  readonly concurrency: number;
  /** WEBHOOK_ALLOW_PRIVATE: targets may resolve to loopback, private, link-local… addresses (true on the devnet by default). */
  readonly allowPrivate: boolean;
  /** WEBHOOK_RETRY_BASE_MS: the first retry's delay; each next one doubles, ±20 %. */
  readonly retryBaseMs: number;
  /** WEBHOOK_RETRY_MAX_SECONDS: the longest delay between two attempts. */
  readonly retryMaxSeconds: number;
  /** WEBHOOK_PAUSE_AFTER_FAILURES: failed attempts in a row that pause a webhook. */
  readonly pauseAfterFailures: number;
  /** WEBHOOK_PAUSE_AFTER_HOURS: hours of failures (no delivery since the first failed attempt) that pause a webhook. */
  readonly pauseAfterHours: number;
}

/** The event log and its streams (GET /events; README, configuration). */
export interface EventSettings {
  /** EVENT_RETENTION_HOURS: events older than this are pruned. */
  readonly retentionHours: number;
  /** EVENT_RETENTION_MAX: the most events the log keeps (the newest). */
  readonly retentionMax: number;
  /** EVENT_STREAMS_PER_KEY: open GET /events streams of one API key (keyless: of one client IP); one more is 429. */
  readonly streamsPerKey: number;
  /** EVENT_STREAMS_TOTAL: open streams of the instance; one more is 429. */
  readonly streamsTotal: number;
  /** EVENT_STREAM_BUFFER_BYTES: what a stream's client may leave unread before it is disconnected. */
  readonly streamBufferBytes: number;
  /** EVENT_KEEPALIVE_SECONDS: between two comment lines on a stream (keeps proxies from closing an idle one). */
  readonly keepAliveSeconds: number;
  /**
   * EVENT_FOLLOWER: whether the instance follows its chain for events (blocks, rollbacks, the
   * tournaments'). Off, the log still records this instance's submits (tx.submitted), and a real
   * network's backend is not polled for blocks (a Blockfrost plan's daily requests).
   */
  readonly follow: boolean;
}

/** The devnet's faucet cap and snapshot count (README, configuration). */
export interface DevnetSettings {
  /** DEVNET_FAUCET_MAX_LOVELACE: the most one POST /devnet/faucet sends; above it, 400. */
  readonly faucetMaxLovelace: bigint;
  /** DEVNET_SNAPSHOT_LIMIT: how many named snapshots the devnet keeps at most; one more is 409. */
  readonly snapshotLimit: number;
}

/** Bounds on what clients may ask of the instance at once; each from its variable (docs/operations.md). */
export interface ResourceLimits {
  /** WAIT_MAX_PER_KEY: concurrent GET /transactions/{hash}/wait of one API key (keyless: of one client IP); beyond it, 429. */
  readonly waitsPerKey: number;
  /** WAIT_MAX_TOTAL: concurrent waits of the whole instance; beyond it, 503. */
  readonly waitsTotal: number;
  /** KEYLESS_PER_SECOND: requests per second one client IP may make without an API key (AUTH=optional). */
  readonly keylessPerSecond: number;
  /** KEYLESS_BURST: how many keyless requests one client IP may make at once before the per-second rate applies. */
  readonly keylessBurst: number;
  /** LIST_MAX_BYTES: the stored blueprint JSON one page of GET /blueprints reads at most (at least one blueprint per page). */
  readonly listMaxBytes: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid environment variable ${variable}: ${reason}`);
    this.name = "ConfigError";
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `"${raw}" is not one of ${allowed.join(", ")}.`);
  }
  return raw as T;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `"${raw}" must be a whole number from ${min} to ${max}.`);
  }
  return Number(raw);
}

/** Where each chain backend URL's credentials go instead of the URL's user and password. */
const CREDENTIALS_INSTEAD: Readonly<Record<string, string>> = {
  BLOCKFROST_URL:
    'put the credential in BLOCKFROST_AUTHORIZATION, the Authorization header to send (for a user and password: "Basic " and the base64 of user:password)',
  KUPO_URL:
    'put the credential in KUPO_AUTHORIZATION, the Authorization header to send (for a user and password: "Basic " and the base64 of user:password)',
  OGMIOS_URL:
    "the Ogmios client sends no credentials: reach Ogmios over a private network or a tunnel, or through a provider that takes its key in the host name",
};

/** A chain backend's URL: http(s) or ws(s), without a user or password (they would show wherever the URL is printed). */
function url(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
    if (!["http:", "https:", "ws:", "wss:"].includes(parsed.protocol)) throw new Error("protocol");
  } catch {
    throw new ConfigError(name, `${describeUrl(raw)} is not an http(s) or ws(s) URL.`);
  }
  if (parsed.username !== "" || parsed.password !== "") {
    throw new ConfigError(
      name,
      `${describeUrl(raw)} carries a user or password, which would show wherever the URL is printed: write the URL without them, and ${CREDENTIALS_INSTEAD[name] ?? "pass the credential separately"}.`,
    );
  }
  return raw.replace(/\/+$/, "");
}

/** An Authorization header value from `name`: printable, one line; undefined when unset. */
function authorization(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  if (!/^[\x21-\x7e][\x20-\x7e]*$/.test(raw))
    throw new ConfigError(
      name,
      'must be one line of printable ASCII, as an HTTP header value (for example "Basic dXNlcjpwYXNz").',
    );
  return raw;
}

/** A connection URL of one of `protocols` (kept as given: it may carry a password). */
function serviceUrl(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  let protocol: string;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    throw new ConfigError(name, `is not a URL; write it as ${protocols[0]}//user:password@host:port/…`);
  }
  if (!protocols.includes(protocol))
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(" or ")}, not ${protocol}//.`);
  // Its password is never printed: messages and logs name it by describeUrl (scheme and host).
  return raw;
}

function backendFrom(env: Env, network: Network): BackendSettings | null {
  const projectId = env["BLOCKFROST_PROJECT_ID"] || undefined;
  const ogmiosUrl = url(env, "OGMIOS_URL");
  const kupoUrl = url(env, "KUPO_URL");
  const blockfrostUrl = url(env, "BLOCKFROST_URL");
  const wantsOgmios = ogmiosUrl !== undefined || kupoUrl !== undefined;
  if (network === "devnet") {
    if (projectId || wantsOgmios) {
      throw new ConfigError(
        projectId ? "BLOCKFROST_PROJECT_ID" : "OGMIOS_URL",
        "the devnet runs an embedded ledger and takes no chain backend; set NETWORK to preview, preprod or mainnet to use one.",
      );
    }
    return null;
  }
  if (projectId && wantsOgmios) {
    throw new ConfigError(
      "BLOCKFROST_PROJECT_ID",
      "set either BLOCKFROST_PROJECT_ID or OGMIOS_URL and KUPO_URL, not both.",
    );
  }
  if (projectId) {
    if (!/^[A-Za-z0-9]+$/.test(projectId))
      throw new ConfigError("BLOCKFROST_PROJECT_ID", "must be letters and digits only.");
    const prefix = projectId.match(/^(mainnet|preprod|preview)/)?.[1];
    if (prefix !== undefined && prefix !== network) {
      throw new ConfigError("BLOCKFROST_PROJECT_ID", `this is a ${prefix} project key but NETWORK is ${network}.`);
    }
    const credential = authorization(env, "BLOCKFROST_AUTHORIZATION");
    return Object.freeze({
      kind: "blockfrost",
      projectId,
      url: blockfrostUrl,
      rateLimit: {
        perSecond: integer(env, "BLOCKFROST_REQUESTS_PER_SECOND", 10, 1, 10_000),
        burst: integer(env, "BLOCKFROST_BURST", 500, 1, 1_000_000),
      },
      ...(credential === undefined ? {} : { authorization: credential }),
    });
  }
  if (wantsOgmios) {
    if (ogmiosUrl === undefined) throw new ConfigError("OGMIOS_URL", "is required when KUPO_URL is set.");
    if (kupoUrl === undefined) throw new ConfigError("KUPO_URL", "is required when OGMIOS_URL is set.");
    const credential = authorization(env, "KUPO_AUTHORIZATION");
    return Object.freeze({
      kind: "ogmios-kupo",
      ogmiosUrl,
      kupoUrl,
      ...(credential === undefined ? {} : { kupoAuthorization: credential }),
    });
  }
  return null;
}

/** An origin: scheme://host[:port], as a browser writes it in the Origin header. */
const ORIGIN = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#@\s\\]+)$/;

/** One origin of CORS_ORIGINS, as a browser serializes it (lower case, no default port), or a ConfigError saying why not. */
function origin(entry: string): string {
  const fix =
    "write each origin as scheme://host[:port], without a path or a trailing slash (for example http://localhost:5173)";
  const match = ORIGIN.exec(entry);
  let parsed: URL | undefined;
  try {
    parsed = new URL(entry);
  } catch {
    // refused below
  }
  if (match === null || parsed === undefined || parsed.host === "")
    throw new ConfigError("CORS_ORIGINS", `"${entry}" is not an origin: ${fix}.`);
  // Browsers send http(s) origins in URL's serialization; another scheme (chrome-extension://id) as written, in lower case.
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : entry.toLowerCase();
}

/** CORS_ORIGINS: `*`, `none`, or a comma-separated list of origins; by default any origin on the devnet and none elsewhere. */
function corsOriginsFrom(env: Env, network: Network): Config["corsOrigins"] {
  const raw = env["CORS_ORIGINS"]?.trim();
  if (raw === undefined || raw === "") return network === "devnet" ? "*" : Object.freeze([]);
  if (raw === "*") return "*";
  if (raw.toLowerCase() === "none") return Object.freeze([]);
  const entries = raw.split(",").map((entry) => entry.trim());
  if (entries.includes(""))
    throw new ConfigError("CORS_ORIGINS", `"${raw}" has an empty entry: separate the origins with single commas.`);
  if (entries.includes("*"))
    throw new ConfigError(
      "CORS_ORIGINS",
      `"*" stands alone: write CORS_ORIGINS=* for any origin, or list the origins.`,
    );
  return Object.freeze([...new Set(entries.map(origin))]);
}

/** The HTTP server's timeouts for slow clients, and the shutdown's drain bound. */
function timeoutsFrom(
  env: Env,
): Pick<Config, "headersTimeoutMs" | "requestTimeoutMs" | "keepAliveTimeoutMs" | "shutdownTimeoutMs"> {
  const headersTimeoutMs = integer(env, "HEADERS_TIMEOUT_MS", 10_000, 100, 600_000);
  const requestTimeoutMs = integer(env, "REQUEST_TIMEOUT_MS", 30_000, 100, 3_600_000);
  // Node refuses a server whose headers may take longer than the whole request.
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(
      "HEADERS_TIMEOUT_MS",
      `${headersTimeoutMs} is longer than REQUEST_TIMEOUT_MS (${requestTimeoutMs}): the headers are part of the request, so lower it or raise REQUEST_TIMEOUT_MS.`,
    );
  }
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: integer(env, "KEEP_ALIVE_TIMEOUT_MS", 5_000, 100, 600_000),
    shutdownTimeoutMs: integer(env, "SHUTDOWN_TIMEOUT_MS", 10_000, 0, 600_000),
  };
}

/** The resource limits, each a whole number from its variable (defaults in docs/operations.md). */
function resourceLimitsFrom(env: Env): ResourceLimits {
  const waitsPerKey = integer(env, "WAIT_MAX_PER_KEY", 10, 1, 1_000_000);
  const waitsTotal = integer(env, "WAIT_MAX_TOTAL", 500, 1, 1_000_000);
  const keylessPerSecond = integer(env, "KEYLESS_PER_SECOND", 20, 1, 1_000_000);
  const keylessBurst = integer(env, "KEYLESS_BURST", 100, 1, 1_000_000);
  if (keylessBurst < keylessPerSecond) {
    throw new ConfigError(
      "KEYLESS_BURST",
      `${keylessBurst} is below KEYLESS_PER_SECOND (${keylessPerSecond}): a bucket must hold at least one second's requests, so raise it or lower KEYLESS_PER_SECOND.`,
    );
  }
  return {
    waitsPerKey,
    waitsTotal,
    keylessPerSecond,
    keylessBurst,
    listMaxBytes: integer(env, "LIST_MAX_BYTES", 4 * 1024 * 1024, 64 * 1024, 1024 * 1024 * 1024),
  };
}

/** The default faucet cap: 1,000,000 ADA a request. */
export const DEFAULT_FAUCET_MAX_LOVELACE = 1_000_000_000_000n;

/** The devnet's controls: the faucet's cap a request (lovelace, up to the genesis supply) and the snapshots' count. */
function devnetFrom(env: Env): DevnetSettings {
  const raw = env["DEVNET_FAUCET_MAX_LOVELACE"];
  let faucetMaxLovelace = DEFAULT_FAUCET_MAX_LOVELACE;
  if (raw !== undefined && raw !== "") {
    // From 1 ADA (the faucet's smallest useful payment) to the 45 billion ADA of the genesis.
    if (!/^\d+$/.test(raw) || BigInt(raw) < 1_000_000n || BigInt(raw) > 45_000_000_000_000_000n) {
      throw new ConfigError(
        "DEVNET_FAUCET_MAX_LOVELACE",
        `"${raw}" must be a whole number of lovelace from 1000000 (1 ADA) to 45000000000000000 (the devnet's whole supply).`,
      );
    }
    faucetMaxLovelace = BigInt(raw);
  }
  return { faucetMaxLovelace, snapshotLimit: integer(env, "DEVNET_SNAPSHOT_LIMIT", 20, 1, 1000) };
}

/** The event log's retention and its streams' bounds. */
function eventsFrom(env: Env): EventSettings {
  return {
    retentionHours: integer(env, "EVENT_RETENTION_HOURS", 24, 1, 24 * 366),
    retentionMax: integer(env, "EVENT_RETENTION_MAX", 1_000_000, 1, 1_000_000_000),
    streamsPerKey: integer(env, "EVENT_STREAMS_PER_KEY", 4, 1, 100_000),
    streamsTotal: integer(env, "EVENT_STREAMS_TOTAL", 256, 1, 1_000_000),
    streamBufferBytes: integer(env, "EVENT_STREAM_BUFFER_BYTES", 1024 * 1024, 4096, 1024 * 1024 * 1024),
    keepAliveSeconds: integer(env, "EVENT_KEEPALIVE_SECONDS", 15, 1, 300),
    follow: oneOf(env, "EVENT_FOLLOWER", ["on", "off"] as const, "on") === "on",
  };
}

/** Webhooks' bounds, delivery and retries; private targets allowed on the devnet unless WEBHOOK_ALLOW_PRIVATE says otherwise. */
function webhooksFrom(env: Env, network: Network): WebhookSettings {
  return {
    maxPerKey: integer(env, "WEBHOOK_MAX_PER_KEY", 10, 1, 1000),
    timeoutSeconds: integer(env, "WEBHOOK_TIMEOUT_SECONDS", 10, 1, 60),
    concurrency: integer(env, "WEBHOOK_CONCURRENCY", 8, 1, 256),
    allowPrivate:
      oneOf(env, "WEBHOOK_ALLOW_PRIVATE", ["true", "false"] as const, network === "devnet" ? "true" : "false") ===
      "true",
    retryBaseMs: integer(env, "WEBHOOK_RETRY_BASE_MS", 5000, 10, 3_600_000),
    retryMaxSeconds: integer(env, "WEBHOOK_RETRY_MAX_SECONDS", 3600, 1, 86_400),
    pauseAfterFailures: integer(env, "WEBHOOK_PAUSE_AFTER_FAILURES", 10, 1, 1000),
    pauseAfterHours: integer(env, "WEBHOOK_PAUSE_AFTER_HOURS", 24, 1, 24 * 30),
  };
}

/** Reads and validates the environment once. Throws ConfigError naming the first wrong variable. */
export function loadConfig(env: Env = process.env): Config {
  const network = oneOf(env, "NETWORK", NETWORKS, "devnet");
  const config: Config = {
    port: integer(env, "PORT", 3000, 0, 65535),
    host: env["HOST"] || "127.0.0.1",
    network,
    dataDir: resolve(env["DATA_DIR"] || "./data"),
    auth: oneOf(env, "AUTH", ["required", "optional"] as const, network === "devnet" ? "optional" : "required"),
    logLevel: oneOf(env, "LOG_LEVEL", ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const, "info"),
    bodyLimit: integer(env, "BODY_LIMIT", 1024 * 1024, 1024, 64 * 1024 * 1024),
    corsOrigins: corsOriginsFrom(env, network),
    backend: backendFrom(env, network),
    databaseUrl: serviceUrl(env, "DATABASE_URL", ["postgres:", "postgresql:"]),
    redisUrl: serviceUrl(env, "REDIS_URL", ["redis:", "rediss:"]),
    ...timeoutsFrom(env),
    evaluationWorkers: integer(env, "EVALUATION_WORKERS", Math.min(2, availableParallelism()), 1, 64),
    evaluationQueue: integer(env, "EVALUATION_QUEUE", 16, 0, 10_000),
    limits: Object.freeze(resourceLimitsFrom(env)),
    devnet: Object.freeze(devnetFrom(env)),
    events: Object.freeze(eventsFrom(env)),
    webhooks: Object.freeze(webhooksFrom(env, network)),
  };
  return Object.freeze(config);
}

/** Loads `.env` from the working directory into process.env when the file exists (Node ≥ 20.12). */
export function loadDotEnv(path = ".env"): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
