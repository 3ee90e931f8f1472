// The instance's webhooks (src/webhooks/) as `app.webhooks`: each key's webhooks over
// app.stores.webhooks, and the delivery worker, started once the instance is ready and stopped
// before it closes its connections (attempts in flight are dropped: their leases expire and they
// are tried again). Every instance of a fleet runs a worker: claims share the deliveries out.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { WebhookRegistry } from "../../webhooks/registry.js";
import { systemResolver, type Resolver } from "../../webhooks/target.js";
import type { KeyStore } from "../../store/types.js";
import { WebhookWorker } from "../../webhooks/worker.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Each key's webhooks (POST/GET/DELETE /webhooks…) and the test delivery. */
    readonly webhooks: WebhookRegistry;
    /** The delivery worker of this instance. */
    readonly webhookWorker: WebhookWorker;
  }
}

export interface WebhooksPluginOptions {
  /** Unix milliseconds (tests move it), Date.now by default. */
  readonly clock?: () => number;
  /** Host names to addresses (tests give names that resolve to private addresses), the system's by default. */
  readonly resolve?: Resolver;
  /** Between two rounds of the worker (ms). */
  readonly pollMs?: number;
  /** How long the list of owners holding an active key is kept (ms): a revocation takes effect within it. 30 s by default. */
  readonly ownersTtlMs?: number;
}

/**
 * Whether an owner (a rotation chain, by its first key's id) holds an active key, from the key
 * store's list, kept up to `ttlMs`: an owner the kept list does not show active is asked again at
 * once (a key created since), so a new key's webhooks are never held up; a revocation takes
 * effect within `ttlMs`.
 */
function ownerActiveOf(keys: KeyStore, ttlMs: number): (owner: string) => Promise<boolean> {
  let kept: { at: number; owners: ReadonlySet<string> } | null = null;
  const read = async (): Promise<ReadonlySet<string>> => {
    const all = await keys.list();
    const byId = new Map(all.map((k) => [k.id, k]));
    const rootOf = (id: string): string => {
      let current = byId.get(id)!;
      for (let hops = 0; current.rotatedFrom !== null && hops < 10_000; hops++) {
        const previous = byId.get(current.rotatedFrom);
        if (previous === undefined) break;
        current = previous;
      }
      return current.id;
    };
    const owners = new Set(all.filter((k) => k.revokedAt === null).map((k) => rootOf(k.id)));
    kept = { at: Date.now(), owners };
    return owners;
  };
  return async (owner) => {
    if (kept !== null && Date.now() - kept.at <= ttlMs && kept.owners.has(owner)) return true;
    return (await read()).has(owner);
  };
}

/** Between two reads of every webhook's filter (webhooks created or deleted through another instance of a fleet). */
export const WATCH_REFRESH_MS = 10_000;

/**
 * On a real network a block's events are recorded for what is watched (src/events/watched.ts):
 * the webhooks' filter keys (paused ones too: their events are still queued), read at start,
 * after each create or delete through this instance, and every WATCH_REFRESH_MS.
 */
function watchFilters(app: FastifyInstance): () => Promise<void> {
  let unwatch = (): void => {};
  const refresh = async (): Promise<void> => {
    const filters = (await app.stores.webhooks.all()).map((w) => w.filter);
    const watching = app.events.watching.watch({
      addresses: filters.flatMap((f) => (f.address === undefined ? [] : [f.address])),
      txHashes: filters.flatMap((f) => (f.txHash === undefined ? [] : [f.txHash])),
    });
    unwatch();
    unwatch = watching;
  };
  const refreshed = (): Promise<void> =>
    refresh().catch((error: unknown) => app.log.warn({ err: error }, "webhooks: their filters cannot be read now"));
  const timer = setInterval(() => void refreshed(), WATCH_REFRESH_MS);
  timer.unref();
  app.addHook("onReady", async () => refreshed());
  app.addHook("onClose", async () => {
    clearInterval(timer);
    unwatch();
  });
  return refreshed;
}

async function webhooksPlugin(app: FastifyInstance, options: WebhooksPluginOptions): Promise<void> {
  const settings = app.config.webhooks;
  const resolve = options.resolve ?? systemResolver;
  const worker = new WebhookWorker({
    store: app.stores.webhooks,
    events: app.stores.events,
    log: app.log,
    policy: {
      baseMs: settings.retryBaseMs,
      maxMs: settings.retryMaxSeconds * 1000,
      pauseAfterFailures: settings.pauseAfterFailures,
      pauseAfterMs: settings.pauseAfterHours * 3_600_000,
    },
    timeoutMs: settings.timeoutSeconds * 1000,
    concurrency: settings.concurrency,
    allowPrivate: settings.allowPrivate,
    logRetentionMs: app.config.events.retentionHours * 3_600_000,
    chainTip: () => app.events.tipHeight,
    resolve,
    ownerActive: ownerActiveOf(app.stores.keys, options.ownersTtlMs ?? 30_000),
    ...(options.clock && { clock: options.clock }),
    ...(options.pollMs !== undefined && { pollMs: options.pollMs }),
  });
  app.decorate("webhookWorker", worker);
  app.decorate(
    "webhooks",
    new WebhookRegistry({
      store: app.stores.webhooks,
      events: app.stores.events,
      worker,
      // The devnet records every transaction's events: nothing to watch there.
      ...(app.config.network === "devnet" ? {} : { onChange: watchFilters(app) }),
      maxPerOwner: settings.maxPerKey,
      allowPrivate: settings.allowPrivate,
      resolve,
      lookupTimeoutMs: settings.timeoutSeconds * 1000,
      ...(options.clock && { clock: options.clock }),
    }),
  );
  app.addHook("onReady", async () => worker.start());
  app.addHook("preClose", async () => worker.close());
  app.addHook("onClose", async () => worker.close());
}

export default fp(webhooksPlugin, {
  name: "webhooks",
  fastify: "5.x",
  dependencies: ["stores", "events"],
  decorators: { fastify: ["config"] },
});
