// Picks the chain backend from the config. The devnet and the real-network backends plug in here.
import type { Config } from "../config.js";
import { DevnetChain } from "./devnet/devnet.js";
import type { ChainPort } from "./port.js";
import { createRealNetworkChain } from "./real-networks.js";

/** The chain backend for this instance, or null when a real network has no backend configured. */
export async function createChain(config: Config): Promise<ChainPort | null> {
  if (config.network === "devnet") return DevnetChain.inDataDir(config.dataDir);
  if (config.backend) return createRealNetworkChain(config.network, config.backend);
  return null;
}
