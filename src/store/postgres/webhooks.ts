// WebhookStore on PostgreSQL: the tables and answers of the SQLite store (../sqlite/webhooks.ts),
// shared by a fleet. A claim takes due rows with FOR UPDATE SKIP LOCKED and leases them in the
// same statement: two instances claiming at once take different rows, and a row leased by one is
// not due for another until its lease expires (an instance that died mid-attempt). Recording an
// attempt needs the lease token, so an attempt whose lease expired records nothing.
import {
  DELIVERY_COLUMNS,
  cursorAfter,
  cursorNumber,
  deliveryOf,
  newLease,
  newWebhookId,
  WEBHOOK_COLUMNS,
  webhookOf,
  type DeliveryRow,
  type WebhookRow,
} from "../webhook-rows.js";
import {
  WebhookLimitError,
  type AttemptOutcome,
  type ClaimedDelivery,
  type DeliveryPage,
  type NewDelivery,
  type NewWebhook,
  type RolledBack,
  type StoredWebhook,
  type WebhookCursor,
  type WebhookPage,
  type WebhookStore,
} from "../types.js";
import type { PgDatabase, Queryable } from "./database.js";

export const WEBHOOKS_COMPONENT = "webhooks";
/** Append only: each entry runs once, in order (see PgDatabase.migrate). */
export const WEBHOOKS_MIGRATIONS: readonly string[] = [
  `CREATE TABLE webhooks (
     seq           BIGSERIAL PRIMARY KEY,
     id            TEXT NOT NULL UNIQUE,
     owner         TEXT NOT NULL,
     url           TEXT NOT NULL,
     filter        TEXT NOT NULL,
     confirmations INTEGER NOT NULL,
     secret        TEXT NOT NULL,
     from_event    BIGINT NOT NULL,
     state         TEXT NOT NULL,
     paused_reason TEXT,
     paused_at     BIGINT,
     failures      INTEGER NOT NULL,
     failing_since BIGINT,
     created_at    BIGINT NOT NULL
   );
   CREATE INDEX webhooks_by_owner ON webhooks (owner, seq);
   CREATE TABLE webhook_deliveries (
     webhook_id  TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
     event_seq   BIGINT NOT NULL,
     event_type  TEXT NOT NULL,
     body        TEXT NOT NULL,
     state       TEXT NOT NULL,
     attempts    INTEGER NOT NULL,
     next_at     BIGINT,
     min_height  BIGINT,
     tx_hash     TEXT,
     lease       TEXT,
     lease_until BIGINT,
     last_status INTEGER,
     last_error  TEXT,
     created_at  BIGINT NOT NULL,
     updated_at  BIGINT NOT NULL,
     PRIMARY KEY (webhook_id, event_seq)
   );
   CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_at);
   CREATE INDEX webhook_deliveries_by_updated ON webhook_deliveries (updated_at);
   CREATE INDEX webhook_deliveries_waiting ON webhook_deliveries (tx_hash) WHERE min_height IS NOT NULL;
   CREATE TABLE webhook_cursor (
     id         INTEGER PRIMARY KEY CHECK (id = 1),
     after      BIGINT NOT NULL,
     tip_height BIGINT NOT NULL
   );
   INSERT INTO webhook_cursor (id, after, tip_height) VALUES (1, 0, 0);`,
];

/** The advisory lock that serializes creations of one owner's webhooks (the count and the insert). */
const CREATE_LOCK = 7_478_737_664;

export class PostgresWebhookStore implements WebhookStore {
  readonly #db: PgDatabase;

  /** A store on `db`, whose webhooks schema is migrated (open.ts does it). */
  constructor(db: PgDatabase) {
    this.#db = db;
  }

  async #byId(q: Queryable, id: string): Promise<StoredWebhook | undefined> {
    const [row] = await q.query<WebhookRow>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1`, [id]);
    return row && webhookOf(row);
  }

  async create(webhook: NewWebhook, limit: number): Promise<StoredWebhook> {
    return this.#db.transaction(async (tx) => {
      // Two creations of one owner at once, on two instances, must not both pass the count.
      await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [CREATE_LOCK % 2 ** 31, webhook.owner]);
      const [count] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhooks WHERE owner = $1`, [
        webhook.owner,
      ]);
      if (count!.n >= limit) throw new WebhookLimitError(limit);
      // Shared: a queueing that moves the cursor (FOR UPDATE) waits for this creation, and then sees it.
      const [cursor] = await tx.query<{ after: number }>(`SELECT after FROM webhook_cursor WHERE id = 1 FOR SHARE`);
      const [row] = await tx.query<WebhookRow>(
        `INSERT INTO webhooks (id, owner, url, filter, confirmations, secret, from_event, state, failures, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', 0, $8) RETURNING ${WEBHOOK_COLUMNS}`,
        [
          newWebhookId(),
          webhook.owner,
          webhook.url,
          JSON.stringify(webhook.filter),
          webhook.confirmations,
          webhook.secret,
          Math.max(webhook.fromEvent, cursor!.after),
          webhook.createdAt,
        ],
      );
      return webhookOf(row!);
    });
  }

  async get(owner: string, id: string): Promise<StoredWebhook | undefined> {
    const found = await this.#byId(this.#db, id);
    return found?.owner === owner ? found : undefined;
  }

  async list(owner: string, limit: number, cursor?: string): Promise<WebhookPage> {
    const rows = await this.#db.query<WebhookRow>(
      `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE owner = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [owner, cursorNumber(cursor) ?? 0, limit + 1],
    );
    const page = rows.slice(0, limit);
    return {
      webhooks: page.map(webhookOf),
      ...(rows.length > limit && { next: String(page[page.length - 1]!.seq) }),
    };
  }

  async delete(owner: string, id: string): Promise<boolean> {
    // The deliveries go with it (ON DELETE CASCADE).
    const rows = await this.#db.query<{ id: string }>(
      `DELETE FROM webhooks WHERE id = $1 AND owner = $2 RETURNING id`,
      [id, owner],
    );
    return rows.length > 0;
  }

  async resume(owner: string, id: string, now: number): Promise<StoredWebhook | undefined> {
    return this.#db.transaction(async (tx) => {
      const [row] = await tx.query<WebhookRow>(
        `UPDATE webhooks SET state = 'active', paused_reason = NULL, paused_at = NULL, failures = 0, failing_since = NULL
         WHERE id = $1 AND owner = $2 RETURNING ${WEBHOOK_COLUMNS}`,
        [id, owner],
      );
      if (!row) return undefined;
      await tx.query(
        `UPDATE webhook_deliveries SET next_at = LEAST(next_at, $1), lease = NULL, lease_until = NULL
         WHERE webhook_id = $2 AND state = 'pending'`,
        [now, id],
      );
      return webhookOf(row);
    });
  }

  async pause(id: string, reason: string, at: number): Promise<void> {
    await this.#db.query(
      `UPDATE webhooks SET state = 'paused', paused_reason = $1, paused_at = $2 WHERE id = $3 AND state = 'active'`,
      [reason, at, id],
    );
  }

  async all(): Promise<StoredWebhook[]> {
    return (await this.#db.query<WebhookRow>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks ORDER BY seq`)).map(webhookOf);
  }

  async cursor(): Promise<WebhookCursor> {
    const [row] = await this.#db.query<{ after: number; tip_height: number }>(
      `SELECT after, tip_height FROM webhook_cursor WHERE id = 1`,
    );
    return { after: row!.after, tipHeight: row!.tip_height };
  }

  async queue(
    deliveries: readonly NewDelivery[],
    cursor: WebhookCursor,
    now: number,
    rolledBack: readonly RolledBack[] = [],
  ): Promise<void> {
    await this.#db.transaction(async (tx) => {
      // The cursor's row first: a creation in progress holds it shared, so the check below, in a
      // statement after the lock, sees the webhook it created.
      await tx.query(`SELECT after FROM webhook_cursor WHERE id = 1 FOR UPDATE`);
      if (deliveries.length > 0)
        // A webhook deleted since it was read has no row to refer to: its deliveries are dropped.
        await tx.query(
          `INSERT INTO webhook_deliveries (webhook_id, event_seq, event_type, body, state, attempts, next_at, min_height, tx_hash, created_at, updated_at)
           SELECT d.webhook_id, d.event_seq, d.event_type, d.body, 'pending', 0, $6, d.min_height, d.tx_hash, $6, $6
           FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $7::text[])
             AS d(webhook_id, event_seq, event_type, body, min_height, tx_hash)
           WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.id = d.webhook_id)
           ON CONFLICT (webhook_id, event_seq) DO NOTHING`,
          [
            deliveries.map((d) => d.webhookId),
            deliveries.map((d) => d.eventId),
            deliveries.map((d) => d.eventType),
            deliveries.map((d) => d.body),
            deliveries.map((d) => d.minHeight),
            now,
            deliveries.map((d) => d.txHash),
          ],
        );
      for (const r of rolledBack)
        await tx.query(
          `UPDATE webhook_deliveries SET state = 'cancelled', last_error = $1, next_at = NULL, lease = NULL, lease_until = NULL, updated_at = $2
           WHERE tx_hash = $3 AND min_height IS NOT NULL AND state = 'pending' AND event_seq < $4`,
          [r.reason, now, r.txHash, r.rollback],
        );
      const [created] =
        cursor.matchedThrough === undefined
          ? [{ start: null }]
          : await tx.query<{ start: string | number | null }>(
              `SELECT min(from_event) AS start FROM webhooks WHERE seq > $1`,
              [cursor.matchedThrough],
            );
      await tx.query(
        `UPDATE webhook_cursor SET after = GREATEST(after, $1), tip_height = GREATEST(tip_height, $2) WHERE id = 1`,
        [cursorAfter(cursor.after, created!.start === null ? null : Number(created!.start)), cursor.tipHeight],
      );
    });
  }

  async claim(now: number, limit: number, leaseMs: number, tipHeight?: number): Promise<ClaimedDelivery[]> {
    const lease = newLease();
    const rows = await this.#db.query<{
      webhook_id: string;
      event_seq: number;
      body: string;
      attempts: number;
      url: string;
      secret: string;
      owner: string;
    }>(
      `WITH due AS (
         SELECT d.webhook_id, d.event_seq FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
         WHERE d.state = 'pending' AND w.state = 'active' AND d.next_at <= $1
           AND (d.lease_until IS NULL OR d.lease_until <= $1)
           AND (d.min_height IS NULL OR d.min_height <= COALESCE($5::bigint, (SELECT tip_height FROM webhook_cursor WHERE id = 1)))
         ORDER BY d.next_at, d.event_seq LIMIT $2
         FOR UPDATE OF d SKIP LOCKED
       )
       UPDATE webhook_deliveries d SET lease = $3, lease_until = $4
       FROM due, webhooks w
       WHERE d.webhook_id = due.webhook_id AND d.event_seq = due.event_seq AND w.id = d.webhook_id
       RETURNING d.webhook_id, d.event_seq, d.body, d.attempts, w.url, w.secret, w.owner`,
      [now, limit, lease, now + leaseMs, tipHeight ?? null],
    );
    return rows
      .sort((a, b) => a.event_seq - b.event_seq)
      .map((row) => ({
        webhookId: row.webhook_id,
        eventId: row.event_seq,
        body: row.body,
        url: row.url,
        secret: row.secret,
        owner: row.owner,
        attempts: row.attempts,
        lease,
      }));
  }

  async record(claimed: ClaimedDelivery, outcome: AttemptOutcome, at: number): Promise<StoredWebhook | undefined> {
    return this.#db.transaction(async (tx) => {
      const updated = await tx.query<{ webhook_id: string }>(
        `UPDATE webhook_deliveries SET state = $1, attempts = attempts + 1, last_status = $2, last_error = $3,
           next_at = $4, lease = NULL, lease_until = NULL, updated_at = $5
         WHERE webhook_id = $6 AND event_seq = $7 AND lease = $8 RETURNING webhook_id`,
        [
          outcome.state,
          outcome.status,
          outcome.error,
          outcome.nextAttemptAt,
          at,
          claimed.webhookId,
          claimed.eventId,
          claimed.lease,
        ],
      );
      if (updated.length === 0) return undefined;
      const [row] = await tx.query<WebhookRow>(
        outcome.state === "delivered"
          ? `UPDATE webhooks SET failures = 0, failing_since = NULL WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`
          : `UPDATE webhooks SET failures = failures + 1, failing_since = COALESCE(failing_since, $2)
             WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`,
        outcome.state === "delivered" ? [claimed.webhookId] : [claimed.webhookId, at],
      );
      return row && webhookOf(row);
    });
  }

  async deliveries(owner: string, id: string, limit: number, cursor?: string): Promise<DeliveryPage | undefined> {
    const found = await this.get(owner, id);
    if (!found) return undefined;
    const rows = await this.#db.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1 AND event_seq < $2
       ORDER BY event_seq DESC LIMIT $3`,
      [id, cursorNumber(cursor) ?? Number.MAX_SAFE_INTEGER, limit + 1],
    );
    const page = rows.slice(0, limit);
    return {
      deliveries: page.map(deliveryOf),
      ...(rows.length > limit && { next: String(page[page.length - 1]!.event_seq) }),
    };
  }

  async prune(before: number): Promise<number> {
    const rows = await this.#db.query<{ event_seq: number }>(
      `DELETE FROM webhook_deliveries WHERE state IN ('delivered', 'failed', 'cancelled') AND updated_at < $1 RETURNING event_seq`,
      [before],
    );
    return rows.length;
  }

  async expire(queuedBefore: number, at: number, reason: string): Promise<number> {
    const rows = await this.#db.query<{ event_seq: number }>(
      `UPDATE webhook_deliveries SET state = 'failed', last_error = $1, next_at = NULL, lease = NULL, lease_until = NULL, updated_at = $2
       WHERE state = 'pending' AND created_at < $3 RETURNING event_seq`,
      [reason, at, queuedBefore],
    );
    return rows.length;
  }
}
