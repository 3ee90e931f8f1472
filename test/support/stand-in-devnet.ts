// A devnet standing in for a real network's ledger: the service sees it through a chain port of the
// test's own (no faucet, no clock, no system start), as it sees a real backend, so that it takes
// the real networks' paths (no devnet deploy, no devnet endpoints) on a ledger the test controls.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEVNET_FALLBACK_START_MS } from "../../src/cardano/era-history.js";
import { DevnetChain } from "../../src/chain/devnet/devnet.js";
import type { ChainParameters, ChainPort } from "../../src/chain/port.js";
import { startService, type RunningService } from "./service.js";

/**
 * A devnet in `dataDir` that starts at DEVNET_FALLBACK_START_MS, the start the service's era
 * history assumes for a devnet it cannot ask, so that validity bounds (a tournament's deadline)
 * convert to the slots its ledger uses.
 */
function standInDevnet(dataDir: string): Promise<DevnetChain> {
  let first = true;
  const now = (): number => {
    if (!first) return Date.now();
    first = false;
    return DEVNET_FALLBACK_START_MS + 1000; // the devnet starts one slot before its first reading
  };
  return DevnetChain.create({ path: join(dataDir, "devnet.sqlite"), now });
}

/** The devnet as a real network's backend shows it: its port operations only, the parameters as `parameters` rewrites them. */
function asRealNetwork(devnet: DevnetChain, parameters: (own: ChainParameters) => ChainParameters): ChainPort {
  return {
    network: devnet.network,
    backendName: "real-network-stand-in",
    tip: () => devnet.tip(),
    protocolParameters: async () => parameters(await devnet.protocolParameters()),
    utxosAt: (a) => devnet.utxosAt(a),
    utxosByRef: (r) => devnet.utxosByRef(r),
    evaluate: (tx, extra) => devnet.evaluate(tx, extra),
    submit: (tx) => devnet.submit(tx),
    txStatus: (h) => devnet.txStatus(h),
    lastOutputWith: (unit) => devnet.lastOutputWith(unit),
    stakeAccount: (address) => devnet.stakeAccount(address),
    close: () => devnet.close(),
  };
}

export interface StandIn {
  readonly devnet: DevnetChain;
  /** The service, in its own DATA_DIR (`service.dataDir`), on the stand-in's port. */
  readonly service: RunningService;
  /** Pays `lovelace` from the devnet's faucet, behind the service's back (it has no devnet operations). */
  fund(address: string, lovelace: number | bigint): Promise<string>;
  /** Closes the service (and with it the devnet), then removes the DATA_DIR. */
  close(): Promise<void>;
}

/**
 * The service on a stand-in devnet, in a fresh DATA_DIR named after `prefix`; `parameters` rewrites
 * the protocol parameters the port reports (read at each call; default: the devnet's own).
 */
export async function startOnStandIn(
  prefix: string,
  parameters: (own: ChainParameters) => ChainParameters = (own) => own,
): Promise<StandIn> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  let devnet: DevnetChain | undefined;
  try {
    devnet = await standInDevnet(dataDir);
    const service = await startService({}, { chain: asRealNetwork(devnet, parameters), dataDir });
    const chain = devnet;
    return {
      devnet: chain,
      service,
      fund: (address, lovelace) => chain.faucet(address, BigInt(lovelace)),
      async close() {
        await service.close();
        removeDir();
      },
    };
  } catch (error) {
    await devnet?.close();
    removeDir();
    throw error;
  }
}
