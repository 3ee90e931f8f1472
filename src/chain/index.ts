// Picks the chain backend from the config. The devnet and the real-network backends plug in here.
import type { Config, Network } from "../config.js";
import { DevnetChain } from "./devnet/devnet.js";
import type { WarnLogger } from "./cross-checked-evaluation.js";
import type { ChainPort } from "./port.js";
import { createRealNetworkChain } from "./real-networks.js";

/**
 * The chain backend for this instance, or null when a real network has no backend configured.
 * `logger` gets the warnings of a real network's evaluation cross-check (stderr without one).
 */
export async function createChain(config: Config, logger?: WarnLogger): Promise<ChainPort | null> {
  const evaluation = { workers: config.evaluationWorkers, queue: config.evaluationQueue };
  if (config.network === "devnet") return DevnetChain.inDataDir(config.dataDir, evaluation);
  if (config.backend) return createRealNetworkChain(config.network, config.backend, {}, logger, evaluation);
  return null;
}

/** What an instance without a chain backend says (health, the 503 of every chain call, the CLI). */
export const noChainBackend = (network: Network): string =>
  `No chain backend is configured for ${network}: set BLOCKFROST_PROJECT_ID, or OGMIOS_URL and KUPO_URL`;
