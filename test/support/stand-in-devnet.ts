// A devnet standing in for a real network's ledger, for tests that show it to the service through
// a chain port of their own (no faucet, no clock, no system start), as a real backend would be.
import { join } from "node:path";
import { DEVNET_FALLBACK_START_MS } from "../../src/cardano/era-history.js";
import { DevnetChain } from "../../src/chain/devnet/devnet.js";

/**
 * A devnet in `dataDir` that starts at DEVNET_FALLBACK_START_MS, the start the service's era
 * history assumes for a devnet it cannot ask, so that validity bounds (a tournament's deadline)
 * convert to the slots its ledger uses.
 */
export function standInDevnet(dataDir: string): Promise<DevnetChain> {
  let first = true;
  const now = (): number => {
    if (!first) return Date.now();
    first = false;
    return DEVNET_FALLBACK_START_MS + 1000; // the devnet starts one slot before its first reading
  };
  return DevnetChain.create({ path: join(dataDir, "devnet.sqlite"), now });
}
