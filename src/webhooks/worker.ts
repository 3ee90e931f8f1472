// The delivery worker (docs/events-design.md §5), one per instance. Every POLL_MS it
//  1. queues: reads the event log after the cursor kept in the store, and queues one delivery per
//     event and matching webhook (active or paused: a paused one's missed events wait for its
//     resume), each webhook's events after the one it was created at. The cursor moves in the same
//     transaction. Instances of a fleet may queue the same events: a delivery is unique per webhook
//     and event, so the second queueing changes nothing;
//  2. delivers: claims as many due deliveries as it has free attempts (WEBHOOK_CONCURRENCY), and
//     makes each: signed (./signature.ts), sent (./send.ts), its answer recorded under the claim's
//     lease, then the webhook paused when its failures say so (./retry.ts).
// An attempt stopped by the instance closing records nothing: its lease expires and any instance
// tries it again (delivery is at least once; Webhook-Id lets the receiver drop the repeat).
// No HTTP server here: the routes (src/server/routes/webhooks/) call `testDelivery`.
import { setMaxListeners } from "node:events";
import type { ChainEvent } from "../events/types.js";
import { matches } from "../events/types.js";
import type {
  ClaimedDelivery,
  EventStore,
  NewDelivery,
  RolledBack,
  StoredWebhook,
  WebhookStore,
} from "../store/types.js";
import { outcomeOf, pauseReason, type RetryPolicy } from "./retry.js";
import { send, type SendResult } from "./send.js";
import { deliveryId, ID_HEADER, SIGNATURE_HEADER, signatureHeader } from "./signature.js";
import { systemResolver, type Resolver } from "./target.js";

/** Between two rounds of queueing and claiming. */
export const POLL_MS = 250;
/** Events read from the log at once, and pages read in one round at most. */
const QUEUE_PAGE = 500;
const QUEUE_PAGES_PER_ROUND = 10;
/** Between two prunes of the delivery log. */
const PRUNE_EVERY_MS = 60_000;
/** The last error of a delivery given up (WorkerOptions.logRetentionMs). */
export const EXPIRED =
  "Not delivered within EVENT_RETENTION_HOURS of its event (the webhook paused, or its receiver failing, that long): given up.";
/** Why a webhook whose API key was revoked is paused. */
export const REVOKED =
  "The API key that owns this webhook was revoked: nothing is delivered until a key of its rotation resumes it.";
export const USER_AGENT = "cardano-tx-service-webhooks/1";

export interface WebhookLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface WorkerOptions {
  readonly store: WebhookStore;
  readonly events: EventStore;
  readonly log: WebhookLog;
  readonly policy: RetryPolicy;
  readonly timeoutMs: number;
  readonly concurrency: number;
  readonly allowPrivate: boolean;
  /** Pending deliveries are given up, and finished ones deleted, this long after (ms): EVENT_RETENTION_HOURS. */
  readonly logRetentionMs: number;
  /**
   * The followed chain's height now (the events follower's newest block), null when the instance
   * does not follow: a delivery waiting for `confirmations` compares with it, so a rollback lowers
   * it and blocks that record nothing (a real network's unwatched traffic) raise it.
   */
  readonly chainTip?: () => number | null;
  /** Tests inject these. */
  readonly clock?: () => number;
  readonly random?: () => number;
  readonly resolve?: Resolver;
  readonly pollMs?: number;
  /**
   * Whether an owner (a key's rotation chain, by its first key's id) holds an active key: a
   * webhook whose owner holds none (its keys revoked) is paused at its next attempt, which is not
   * made. Absent: every owner does.
   */
  readonly ownerActive?: (owner: string) => Promise<boolean>;
}

/** The JSON a delivery carries: the event as GET /events's `data:` line gives it. */
export const eventBody = (event: ChainEvent): string =>
  JSON.stringify({ id: event.id, type: event.type, point: event.point, createdAt: event.createdAt, data: event.data });

/** What POST /webhooks/{id}/test answers. */
export interface TestResult {
  readonly delivered: boolean;
  readonly status: number | null;
  readonly error: string | null;
  readonly webhookId: string;
  readonly durationMs: number;
}

export class WebhookWorker {
  readonly #o: WorkerOptions;
  readonly #clock: () => number;
  readonly #random: () => number;
  readonly #resolve: Resolver;
  readonly #stop = new AbortController();
  readonly #inFlight = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
  #round: Promise<void> | null = null;
  #lastPrune = 0;
  /** Whether the last claim took all it asked for (more may be due): an attempt's end then claims at once. */
  #backlog = false;
  #claiming: Promise<void> | null = null;
  #again = false;
  /** Whether the last round failed (so that an outage is logged once, not four times a second). */
  #failing = false;

  constructor(options: WorkerOptions) {
    this.#o = options;
    this.#clock = options.clock ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#resolve = options.resolve ?? systemResolver;
    // Every attempt in flight listens for the close.
    setMaxListeners(0, this.#stop.signal);
  }

  /** Starts the rounds (once). */
  start(): void {
    if (this.#timer !== null || this.#stop.signal.aborted) return;
    this.#timer = setInterval(() => {
      this.#round ??= this.round().finally(() => (this.#round = null));
    }, this.#o.pollMs ?? POLL_MS);
    this.#timer.unref();
  }

  /** One round: queue what the log holds, start the attempts due. Resolves once they are started (not done). */
  async round(): Promise<void> {
    try {
      await this.queue();
      await this.deliver();
      if (this.#clock() - this.#lastPrune >= PRUNE_EVERY_MS) {
        this.#lastPrune = this.#clock();
        const before = this.#clock() - this.#o.logRetentionMs;
        await this.#o.store.expire(before, this.#clock(), EXPIRED);
        await this.#o.store.prune(before);
      }
      if (this.#failing) this.#o.log.info({}, "webhooks: the store answers again; deliveries go on");
      this.#failing = false;
    } catch (error) {
      if (!this.#failing) this.#o.log.warn({ err: error }, "webhooks: a round of the delivery worker failed; retrying");
      this.#failing = true;
    }
  }

  /** Queues the deliveries of the events after the cursor (a few pages a round). */
  async queue(): Promise<void> {
    const { store, events } = this.#o;
    for (let page = 0; page < QUEUE_PAGES_PER_ROUND; page++) {
      const cursor = await store.cursor();
      const webhooks = await store.all();
      if (webhooks.length === 0) {
        // Nothing to match: the cursor jumps to the log's end (a webhook created later starts after its own creation anyway).
        const { latest } = await events.bounds();
        if (latest > cursor.after)
          await store.queue([], { after: latest, tipHeight: cursor.tipHeight, matchedThrough: 0 }, this.#clock());
        return;
      }
      const read = await events.after(cursor.after, {}, QUEUE_PAGE);
      if (read.length === 0) return;
      let tipHeight = cursor.tipHeight;
      const deliveries: NewDelivery[] = [];
      const rolledBack: RolledBack[] = [];
      for (const event of read) {
        if (event.type === "tx.rolled_back" && event.point.txHash !== null)
          rolledBack.push({
            txHash: event.point.txHash,
            rollback: Number(event.id),
            reason: `Its transaction was rolled back (event ${event.id}) before its block was deep enough: not delivered.`,
          });
        const height = event.point.blockHeight;
        if (height !== null && height > tipHeight) tipHeight = height;
        for (const webhook of webhooks)
          if (Number(event.id) > webhook.fromEvent && matches(event, webhook.filter))
            deliveries.push({
              webhookId: webhook.id,
              eventId: Number(event.id),
              eventType: event.type,
              body: eventBody(event),
              minHeight:
                event.type === "tx.confirmed" && webhook.confirmations > 1 && height !== null
                  ? height + webhook.confirmations - 1
                  : null,
              txHash: event.point.txHash,
            });
      }
      const matchedThrough = Math.max(...webhooks.map((w) => w.seq));
      await store.queue(
        deliveries,
        { after: Number(read[read.length - 1]!.id), tipHeight, matchedThrough },
        this.#clock(),
        rolledBack,
      );
      if (read.length < QUEUE_PAGE) return;
    }
  }

  /**
   * Claims due deliveries for the free attempts and starts them. One claim at a time (a round and
   * the end of an attempt may both ask): a request while one runs makes it claim once more after.
   */
  deliver(): Promise<void> {
    if (this.#claiming !== null) {
      this.#again = true;
      return this.#claiming;
    }
    this.#claiming = (async () => {
      do {
        this.#again = false;
        await this.#claimOnce();
      } while (this.#again && !this.#stop.signal.aborted);
    })().finally(() => (this.#claiming = null));
    return this.#claiming;
  }

  async #claimOnce(): Promise<void> {
    const free = this.#o.concurrency - this.#inFlight.size;
    if (free <= 0 || this.#stop.signal.aborted) return;
    // The lease outlasts the attempt's timeout: an attempt records before another instance may take it.
    const claimed = await this.#o.store.claim(
      this.#clock(),
      free,
      this.#o.timeoutMs + 60_000,
      this.#o.chainTip?.() ?? undefined,
    );
    this.#backlog = claimed.length === free;
    for (const delivery of claimed) {
      const attempt = this.#attempt(delivery).catch((error: unknown) =>
        this.#o.log.warn({ err: error, webhookId: delivery.webhookId }, "webhooks: recording an attempt failed"),
      );
      this.#inFlight.add(attempt);
      void attempt.finally(() => {
        this.#inFlight.delete(attempt);
        // A backlog is worked through at the receivers' pace, not one claim a round.
        if (this.#backlog && !this.#stop.signal.aborted) this.deliver().catch(() => undefined);
      });
    }
  }

  /** Resolves once every attempt in flight ended (tests, the bench). */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }

  #post(webhookId: string, url: string, secret: string, id: string, body: string): Promise<SendResult> {
    return send({
      url: new URL(url),
      headers: {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        [ID_HEADER]: id,
        [SIGNATURE_HEADER]: signatureHeader(secret, body, this.#clock() / 1000),
      },
      body,
      timeoutMs: this.#o.timeoutMs,
      resolve: this.#resolve,
      allowPrivate: this.#o.allowPrivate,
      signal: this.#stop.signal,
    });
  }

  async #attempt(delivery: ClaimedDelivery): Promise<void> {
    if (this.#o.ownerActive !== undefined && !(await this.#o.ownerActive(delivery.owner))) {
      // Nothing is sent for a revoked key; its deliveries wait, paused (a successor key may resume them), until they expire.
      await this.#o.store.pause(delivery.webhookId, REVOKED, this.#clock());
      this.#o.log.info({ webhookId: delivery.webhookId }, "webhooks: a webhook of a revoked key was paused");
      return;
    }
    const id = deliveryId(delivery.webhookId, delivery.eventId);
    const result = await this.#post(delivery.webhookId, delivery.url, delivery.secret, id, delivery.body);
    if (this.#stop.signal.aborted) return;
    const now = this.#clock();
    const outcome = outcomeOf(result, delivery.attempts + 1, now, this.#o.policy, this.#random());
    const webhook = await this.#o.store.record(delivery, outcome, now);
    if (webhook === undefined || outcome.state === "delivered" || webhook.state !== "active") return;
    const reason = pauseReason(webhook, now, this.#o.policy, outcome.error ?? "");
    if (reason !== null) {
      await this.#o.store.pause(webhook.id, reason, now);
      this.#o.log.info({ webhookId: webhook.id, reason }, "webhooks: a webhook was paused");
    }
  }

  /**
   * A `webhook.test` delivery to `webhook` now, signed with its secret: not queued, not retried,
   * not counted among its failures. Webhook-Id: the webhook's id and "test-" with the time.
   */
  async testDelivery(webhook: StoredWebhook): Promise<TestResult> {
    const started = this.#clock();
    const t0 = Date.now();
    const body = JSON.stringify({
      id: `test-${started}`,
      type: "webhook.test",
      point: null,
      createdAt: started,
      data: { webhookId: webhook.id, message: "A test delivery: POST /webhooks/{id}/test." },
    });
    const result = await this.#post(
      webhook.id,
      webhook.url,
      webhook.secret,
      deliveryId(webhook.id, `test-${started}`),
      body,
    );
    const delivered = result.status !== null && result.status >= 200 && result.status < 300;
    return {
      delivered,
      status: result.status,
      error: delivered ? null : (outcomeOf(result, 1, started, this.#o.policy, 0).error ?? null),
      webhookId: webhook.id,
      durationMs: Date.now() - t0,
    };
  }

  /** Stops the rounds and the attempts in flight (their leases expire: another round, here or elsewhere, retries them). */
  async close(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    this.#stop.abort();
    await this.#round;
    await this.#claiming?.catch(() => undefined);
    await Promise.allSettled([...this.#inFlight]);
  }
}
