// Assembles the chain port of a real network (preview, preprod, mainnet) from its backend
// settings: the adapter, wrapped by the resilience layer (deadlines, retries, rate limit, 503s)
// by the per-epoch protocol-parameter cache, and by the local cross-check of script evaluation
// (./cross-checked-evaluation.ts). Called by createChain.
import type { BackendSettings, BlockfrostSettings, Network } from "../config.js";
import type { ChainBackend, ObservedChain } from "./backend.js";
import {
  stderrLogger,
  withEvaluationCrossCheck,
  type EvaluationCrossCheck,
  type WarnLogger,
} from "./cross-checked-evaluation.js";
import { BlockfrostBackend } from "./blockfrost/index.js";
import { OgmiosKupoBackend } from "./ogmios-kupo/index.js";
import type { EvaluationPoolOptions } from "./shared/evaluation-pool.js";
import { withEpochCache } from "./resilience/epoch-cache.js";
import { TokenBucket } from "./resilience/rate-limiter.js";
import {
  BLOCKFROST_RATE_LIMIT,
  DEFAULT_RESILIENCE,
  withResilience,
  type ResilienceOptions,
} from "./resilience/resilient.js";

export type RealNetwork = Exclude<Network, "devnet">;

const limiters = new WeakMap<BlockfrostSettings, TokenBucket>();

/**
 * The one rate limiter of a Blockfrost project's settings: the chain port and the event follower
 * (src/events/blockfrost-follower.ts) take their tokens from it, so that together they keep to
 * the project's rate.
 */
export function blockfrostLimiterFor(settings: BlockfrostSettings): TokenBucket {
  let limiter = limiters.get(settings);
  if (!limiter) {
    limiter = new TokenBucket(settings.rateLimit ?? BLOCKFROST_RATE_LIMIT);
    limiters.set(settings, limiter);
  }
  return limiter;
}

/**
 * The backend of a real network, with failure handling and caching around it, its evaluations
 * cross-checked locally (disagreements are warnings on `logger`) in `evaluation`'s worker threads.
 */
export function createRealNetworkChain(
  network: RealNetwork,
  settings: BackendSettings,
  overrides: Partial<ResilienceOptions> = {},
  logger: WarnLogger = stderrLogger,
  evaluation?: EvaluationPoolOptions,
): ChainBackend & ObservedChain & EvaluationCrossCheck {
  const options: ResilienceOptions = { ...DEFAULT_RESILIENCE, ...overrides };
  let backend: ChainBackend;
  let limiter: TokenBucket | undefined;
  if (settings.kind === "blockfrost") {
    limiter = options.rateLimit ? new TokenBucket(options.rateLimit) : blockfrostLimiterFor(settings);
    backend = new BlockfrostBackend({
      network,
      projectId: settings.projectId,
      ...(settings.url === undefined ? {} : { baseUrl: settings.url }),
      ...(settings.authorization === undefined ? {} : { authorization: settings.authorization }),
      requestTimeoutMs: options.attemptTimeoutMs,
      limiter,
    });
  } else {
    backend = new OgmiosKupoBackend({
      network,
      ogmiosUrl: settings.ogmiosUrl,
      kupoUrl: settings.kupoUrl,
      ...(settings.kupoAuthorization === undefined ? {} : { kupoAuthorization: settings.kupoAuthorization }),
      requestTimeoutMs: options.attemptTimeoutMs,
    });
  }
  return withEvaluationCrossCheck(
    withEpochCache(withResilience(backend, { ...options, ...(limiter ? { limiter } : {}) })),
    logger,
    evaluation,
  );
}
