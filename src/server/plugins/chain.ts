// The chain backend as a service of the instance: `app.chain` is always there. Without a backend
// (a real network with none configured) it is a port whose every call answers 503 saying what to
// configure, so that routes never ask whether a chain exists. `app.chainConfigured` tells health
// apart, and `app.eraHistory` converts slots and times for the network.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { eraHistoryFor, type EraHistory } from "../../cardano/era-history.js";
import { createChain, noChainBackend } from "../../chain/index.js";
import { withCallMetrics } from "../../chain/metrics.js";
import { isDevnet, type ChainPort } from "../../chain/port.js";
import type { Network } from "../../config.js";
import { ChainUnavailableError } from "../../errors.js";
import { SubmissionLog } from "../../tx/submit/status.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The chain backend; without one, a port whose every call is a 503 (see unavailableChain). */
    readonly chain: ChainPort;
    /** False when no chain backend is configured (health reports it as degraded). */
    readonly chainConfigured: boolean;
    /** Slot ↔ time for config.network; the devnet's runs from its own system start. */
    readonly eraHistory: EraHistory;
    /** The outcomes of this instance's recent submissions (pending, rejected), in memory. */
    readonly submissions: SubmissionLog;
  }
}

export interface ChainPluginOptions {
  /** Use this chain backend instead of the one the config selects; null: none (tests). */
  chain?: ChainPort | null;
}

/** The port of an instance without a chain backend: every query and submit is a 503 naming what to configure. */
function unavailableChain(network: Network): ChainPort {
  const unavailable = async (): Promise<never> => {
    throw new ChainUnavailableError(`${noChainBackend(network)}, and restart.`);
  };
  return {
    network,
    backendName: "none",
    tip: unavailable,
    protocolParameters: unavailable,
    utxosAt: unavailable,
    utxosByRef: unavailable,
    evaluate: unavailable,
    submit: unavailable,
    txStatus: unavailable,
    lastOutputWith: unavailable,
    assetHistory: unavailable,
    consumedBy: unavailable,
    stakeAccount: unavailable,
    // Closing holds nothing to release: it must not fail the instance's close.
    close: async () => {},
  };
}

async function chainPlugin(app: FastifyInstance, options: ChainPluginOptions): Promise<void> {
  const backend = options.chain !== undefined ? options.chain : await createChain(app.config, app.log);
  // Every backend call is timed for GET /metrics (src/chain/metrics.ts); the port's shape is unchanged.
  const chain = withCallMetrics(backend ?? unavailableChain(app.config.network), app.metrics);
  if (isDevnet(chain) && hasLedgerSize(chain)) app.metrics.setLedgerSize(() => chain.utxoCount());
  app.decorate("chain", chain);
  app.decorate("chainConfigured", backend !== null);
  app.decorate("submissions", new SubmissionLog());
  // Without a DevnetPort (no devnet backend), the devnet converts from DEVNET_FALLBACK_START_MS.
  app.decorate("eraHistory", eraHistoryFor(app.config.network, isDevnet(chain) ? chain.systemStartMs : undefined));
  app.addHook("onClose", async () => {
    await chain.close();
  });
}

/** The embedded devnet tells its ledger's size (a port given by a test may not). */
const hasLedgerSize = (chain: ChainPort): chain is ChainPort & { utxoCount(): number } =>
  typeof (chain as { utxoCount?: unknown }).utxoCount === "function";

export default fp(chainPlugin, { name: "chain", fastify: "5.x", decorators: { fastify: ["config", "metrics"] } });
