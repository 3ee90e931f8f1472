// The stores of the instance, opened once and first (src/server/app.ts registers this plugin before
// every other), closed when the instance closes: the key, blueprint and deployment stores
// (src/store/open.ts: PostgreSQL when DATABASE_URL is set, else the SQLite files in DATA_DIR) as
// `app.stores`, and the token buckets of keyed requests (Redis when REDIS_URL is set, else this
// process's) as `app.tokenBuckets`. A plugin that uses a store declares `dependencies: ["stores"]`
// and reads these decorations; none opens or closes a store itself.
//
// A store that cannot open stops the start with its own error (a malformed DATABASE_URL, a schema
// newer than this service); PostgreSQL or Redis out of reach does not: the instance starts degraded,
// `app.storeProblem()` says why (health reports it), and keyed requests answer 503 until it is back.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { openStores, type Stores } from "../../store/open.js";
import { openTokenBuckets } from "../../store/open-token-buckets.js";
import type { TokenBuckets } from "../../store/token-buckets.js";
import type { KeyStore, QuotaStore } from "../../store/types.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Every store of the instance (keys, blueprints, deployments): PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
    readonly stores: Stores;
    /** API keys and their daily counters (stores.keys). */
    readonly keyStore: KeyStore & QuotaStore;
    /** The per-second token buckets of API keys: Redis's when REDIS_URL is set (a fleet shares them), else this process's. */
    readonly tokenBuckets: TokenBuckets;
    /** Why a store of the service (PostgreSQL, Redis) cannot serve requests right now, or null: health reports it. */
    storeProblem(): Promise<string | null>;
  }
}

export interface StoresOptions {
  /** Unix milliseconds for key and blueprint times, and the buckets' refills (tests inject one). */
  clock?: () => number;
}

async function storesPlugin(app: FastifyInstance, options: StoresOptions): Promise<void> {
  const buckets = await openTokenBuckets({
    redisUrl: app.config.redisUrl,
    network: app.config.network,
    callerClock: options.clock !== undefined,
    onStatus: (up, error) =>
      up
        ? app.log.info("Redis (token buckets) answers again.")
        : app.log.warn(
            { err: error },
            "Redis (token buckets) cannot be reached; keyed requests get 503 until it is back.",
          ),
  });
  let stores: Stores;
  try {
    stores = await openStores(app.config, { clock: options.clock ?? Date.now });
  } catch (error) {
    await buckets.close();
    throw error;
  }
  const startProblem = await stores.problem();
  if (startProblem !== null) {
    app.log.warn(
      { problem: startProblem },
      "starting degraded: requests that need the store answer 503 until it is back (health says when)",
    );
  }
  app.decorate("stores", stores);
  app.decorate("keyStore", stores.keys);
  app.decorate("tokenBuckets", buckets);
  app.decorate("storeProblem", async () => (await stores.problem()) ?? (await buckets.problem()));
  app.addHook("onClose", async () => {
    await Promise.all([stores.close(), buckets.close()]);
  });
}

export default fp(storesPlugin, { name: "stores", fastify: "5.x", decorators: { fastify: ["config"] } });
