// Assembles the chain port of a real network (preview, preprod, mainnet) from its backend
// settings: the adapter, wrapped by the resilience layer (deadlines, retries, rate limit, 503s)
// by the per-epoch protocol-parameter cache, and by the local cross-check of script evaluation
// (./cross-checked-evaluation.ts). Called by createChain.
import type { BackendSettings, Network } from "../config.js";
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
    limiter = new TokenBucket(options.rateLimit ?? settings.rateLimit ?? BLOCKFROST_RATE_LIMIT);
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
