// The instance's webhooks (src/webhooks/) as `app.webhooks`: each key's webhooks over
// app.stores.webhooks, and the delivery worker, started once the instance is ready and stopped
// before it closes its connections (attempts in flight are dropped: their leases expire and they
// are tried again). Every instance of a fleet runs a worker: claims share the deliveries out.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { WebhookRegistry } from "../../webhooks/registry.js";
import { systemResolver, type Resolver } from "../../webhooks/target.js";
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
    resolve,
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
      maxPerOwner: settings.maxPerKey,
      allowPrivate: settings.allowPrivate,
      resolve,
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
  dependencies: ["stores"],
  decorators: { fastify: ["config"] },
});
