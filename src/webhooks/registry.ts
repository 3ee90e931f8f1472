// Each owner's webhooks (docs/events-design.md §5): what the routes call, over the WebhookStore
// and the delivery worker. An owner is an API key's rotation chain (its first key's id), as for
// blueprints: a rotated key keeps its webhooks. Refusals name their field (`url`, the routes put it
// under `body`); a webhook of another owner is the same 404 as none.
import { BadRequestError, NotFoundError, refusal } from "../errors.js";
import type { EventFilter } from "../events/types.js";
import {
  WebhookLimitError,
  type DeliveryPage,
  type EventStore,
  type StoredWebhook,
  type WebhookPage,
  type WebhookStore,
} from "../store/types.js";
import { newSecret } from "./signature.js";
import { checkedAddresses, TargetError, targetUrl, type Resolver } from "./target.js";
import type { TestResult, WebhookWorker } from "./worker.js";

export interface WebhookInput {
  readonly url: string;
  readonly filter: EventFilter;
  /** tx.confirmed waits until its block is this deep (1: at once). */
  readonly confirmations: number;
}

export interface RegistryOptions {
  readonly store: WebhookStore;
  readonly events: EventStore;
  readonly worker: WebhookWorker;
  readonly maxPerOwner: number;
  readonly allowPrivate: boolean;
  readonly resolve: Resolver;
  /** How long the lookup of a new webhook's host may take (WEBHOOK_TIMEOUT_SECONDS, ms). */
  readonly lookupTimeoutMs: number;
  readonly clock?: () => number;
  /** Called after a webhook was created or deleted (the events' watched set reads the filters again). */
  readonly onChange?: () => Promise<void>;
}

const notFound = (id: string): Error =>
  new NotFoundError(`No webhook ${id} belongs to your API key (a webhook another key created is not yours to see).`);

export class WebhookRegistry {
  readonly #o: RegistryOptions;
  readonly #clock: () => number;

  constructor(options: RegistryOptions) {
    this.#o = options;
    this.#clock = options.clock ?? Date.now;
  }

  /** Creates `owner`'s webhook: answers it with its secret, which is never answered again. */
  async create(owner: string, input: WebhookInput): Promise<StoredWebhook> {
    let url: URL;
    try {
      url = targetUrl(input.url);
      await checkedAddresses(url, this.#o.resolve, this.#o.allowPrivate, { timeoutMs: this.#o.lookupTimeoutMs });
    } catch (error) {
      if (error instanceof TargetError) throw refusal(BadRequestError, (at) => `${at("url")} ${error.message}`);
      throw error;
    }
    const { latest } = await this.#o.events.bounds();
    try {
      const created = await this.#o.store.create(
        {
          owner,
          url: url.href,
          filter: input.filter,
          confirmations: input.confirmations,
          secret: newSecret(),
          fromEvent: latest,
          createdAt: this.#clock(),
        },
        this.#o.maxPerOwner,
      );
      await this.#o.onChange?.();
      return created;
    } catch (error) {
      if (error instanceof WebhookLimitError)
        throw new BadRequestError(
          `Your API key has ${error.limit} webhooks already, the most one key may have (WEBHOOK_MAX_PER_KEY): delete one first, or widen the filter of one.`,
        );
      throw error;
    }
  }

  list(owner: string, limit: number, cursor?: string): Promise<WebhookPage> {
    return this.#o.store.list(owner, limit, cursor);
  }

  async get(owner: string, id: string): Promise<StoredWebhook> {
    return (await this.#o.store.get(owner, id)) ?? Promise.reject(notFound(id));
  }

  async delete(owner: string, id: string): Promise<void> {
    if (!(await this.#o.store.delete(owner, id))) throw notFound(id);
    await this.#o.onChange?.();
  }

  /** Sets the webhook active again, its missed deliveries due now; an active one stays as it is. */
  async resume(owner: string, id: string): Promise<StoredWebhook> {
    return (await this.#o.store.resume(owner, id, this.#clock())) ?? Promise.reject(notFound(id));
  }

  async deliveries(owner: string, id: string, limit: number, cursor?: string): Promise<DeliveryPage> {
    return (await this.#o.store.deliveries(owner, id, limit, cursor)) ?? Promise.reject(notFound(id));
  }

  /** A webhook.test delivery to the owner's webhook now (paused or not). */
  async test(owner: string, id: string): Promise<TestResult> {
    return this.#o.worker.testDelivery(await this.get(owner, id));
  }
}
