// WebhookStore (../types.ts) on the service's SQLite file, with its own migrations ("webhooks" in
// the file's ledger) and its own connection. One instance uses a SQLite file, so a claim needs no
// row locks: the IMMEDIATE transaction that picks and leases the rows is the whole claim.
// PostgreSQL's counterpart is ../postgres/webhooks.ts.
import type Database from "better-sqlite3";
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
import { migrate, openDatabase, whileAvailable } from "./database.js";

const COMPONENT = "webhooks";
/** Append only: each entry runs once, in order (see migrate). */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE webhooks (
     seq           INTEGER PRIMARY KEY AUTOINCREMENT,
     id            TEXT NOT NULL UNIQUE,
     owner         TEXT NOT NULL,
     url           TEXT NOT NULL,
     filter        TEXT NOT NULL,
     confirmations INTEGER NOT NULL,
     secret        TEXT NOT NULL,
     from_event    INTEGER NOT NULL,
     state         TEXT NOT NULL,
     paused_reason TEXT,
     paused_at     INTEGER,
     failures      INTEGER NOT NULL,
     failing_since INTEGER,
     created_at    INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX webhooks_by_owner ON webhooks (owner, seq);
   CREATE TABLE webhook_deliveries (
     webhook_id  TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
     event_seq   INTEGER NOT NULL,
     event_type  TEXT NOT NULL,
     body        TEXT NOT NULL,
     state       TEXT NOT NULL,
     attempts    INTEGER NOT NULL,
     next_at     INTEGER,
     min_height  INTEGER,
     tx_hash     TEXT,
     lease       TEXT,
     lease_until INTEGER,
     last_status INTEGER,
     last_error  TEXT,
     created_at  INTEGER NOT NULL,
     updated_at  INTEGER NOT NULL,
     PRIMARY KEY (webhook_id, event_seq)
   ) STRICT;
   CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_at);
   CREATE INDEX webhook_deliveries_by_updated ON webhook_deliveries (updated_at);
   CREATE INDEX webhook_deliveries_waiting ON webhook_deliveries (tx_hash) WHERE min_height IS NOT NULL;
   CREATE TABLE webhook_cursor (
     id         INTEGER PRIMARY KEY CHECK (id = 1),
     after      INTEGER NOT NULL,
     tip_height INTEGER NOT NULL
   ) STRICT;
   INSERT INTO webhook_cursor (id, after, tip_height) VALUES (1, 0, 0);`,
];

const STORE = "webhook store";

export class SqliteWebhookStore implements WebhookStore {
  readonly #db: Database.Database;

  private constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Opens (creating if needed) the store at `path`; `:memory:` for one that forgets. */
  static async open(path: string): Promise<SqliteWebhookStore> {
    const db = openDatabase(path);
    try {
      migrate(db, COMPONENT, MIGRATIONS);
      return new SqliteWebhookStore(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  #use<T>(work: () => T): T {
    return whileAvailable(this.#db, STORE, work);
  }

  #byId(id: string): StoredWebhook | undefined {
    const row = this.#db.prepare(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = ?`).get(id) as
      WebhookRow | undefined;
    return row && webhookOf(row);
  }

  async create(webhook: NewWebhook, limit: number): Promise<StoredWebhook> {
    return this.#use(() =>
      this.#db
        .transaction(() => {
          const { n } = this.#db.prepare(`SELECT count(*) AS n FROM webhooks WHERE owner = ?`).get(webhook.owner) as {
            n: number;
          };
          if (n >= limit) throw new WebhookLimitError(limit);
          const { after } = this.#db.prepare(`SELECT after FROM webhook_cursor WHERE id = 1`).get() as {
            after: number;
          };
          const id = newWebhookId();
          this.#db
            .prepare(
              `INSERT INTO webhooks (id, owner, url, filter, confirmations, secret, from_event, state, failures, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, 'active', 0, ?)`,
            )
            .run(
              id,
              webhook.owner,
              webhook.url,
              JSON.stringify(webhook.filter),
              webhook.confirmations,
              webhook.secret,
              Math.max(webhook.fromEvent, after),
              webhook.createdAt,
            );
          return this.#byId(id)!;
        })
        .immediate(),
    );
  }

  async get(owner: string, id: string): Promise<StoredWebhook | undefined> {
    return this.#use(() => {
      const found = this.#byId(id);
      return found?.owner === owner ? found : undefined;
    });
  }

  async list(owner: string, limit: number, cursor?: string): Promise<WebhookPage> {
    return this.#use(() => {
      const rows = this.#db
        .prepare(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE owner = ? AND seq > ? ORDER BY seq LIMIT ?`)
        .all(owner, cursorNumber(cursor) ?? 0, limit + 1) as WebhookRow[];
      const page = rows.slice(0, limit);
      return {
        webhooks: page.map(webhookOf),
        ...(rows.length > limit && { next: String(page[page.length - 1]!.seq) }),
      };
    });
  }

  async delete(owner: string, id: string): Promise<boolean> {
    return this.#use(() =>
      this.#db
        .transaction(() => {
          this.#db
            .prepare(
              `DELETE FROM webhook_deliveries WHERE webhook_id = (SELECT id FROM webhooks WHERE id = ? AND owner = ?)`,
            )
            .run(id, owner);
          return this.#db.prepare(`DELETE FROM webhooks WHERE id = ? AND owner = ?`).run(id, owner).changes > 0;
        })
        .immediate(),
    );
  }

  async resume(owner: string, id: string, now: number): Promise<StoredWebhook | undefined> {
    return this.#use(() =>
      this.#db
        .transaction(() => {
          const { changes } = this.#db
            .prepare(
              `UPDATE webhooks SET state = 'active', paused_reason = NULL, paused_at = NULL, failures = 0, failing_since = NULL
               WHERE id = ? AND owner = ?`,
            )
            .run(id, owner);
          if (changes === 0) return undefined;
          this.#db
            .prepare(
              `UPDATE webhook_deliveries SET next_at = min(next_at, ?), lease = NULL, lease_until = NULL
               WHERE webhook_id = ? AND state = 'pending'`,
            )
            .run(now, id);
          return this.#byId(id);
        })
        .immediate(),
    );
  }

  async pause(id: string, reason: string, at: number): Promise<void> {
    this.#use(() =>
      this.#db
        .prepare(
          `UPDATE webhooks SET state = 'paused', paused_reason = ?, paused_at = ? WHERE id = ? AND state = 'active'`,
        )
        .run(reason, at, id),
    );
  }

  async all(): Promise<StoredWebhook[]> {
    return this.#use(() =>
      (this.#db.prepare(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks ORDER BY seq`).all() as WebhookRow[]).map(webhookOf),
    );
  }

  async cursor(): Promise<WebhookCursor> {
    return this.#use(() => {
      const row = this.#db.prepare(`SELECT after, tip_height FROM webhook_cursor WHERE id = 1`).get() as {
        after: number;
        tip_height: number;
      };
      return { after: row.after, tipHeight: row.tip_height };
    });
  }

  async queue(
    deliveries: readonly NewDelivery[],
    cursor: WebhookCursor,
    now: number,
    rolledBack: readonly RolledBack[] = [],
  ): Promise<void> {
    this.#use(() =>
      this.#db
        .transaction(() => {
          // A webhook deleted since it was read has no row to refer to: its deliveries are dropped.
          const insert = this.#db.prepare(
            `INSERT INTO webhook_deliveries (webhook_id, event_seq, event_type, body, state, attempts, next_at, min_height, tx_hash, created_at, updated_at)
             SELECT ?, ?, ?, ?, 'pending', 0, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM webhooks WHERE id = ?)
             ON CONFLICT (webhook_id, event_seq) DO NOTHING`,
          );
          for (const d of deliveries)
            insert.run(d.webhookId, d.eventId, d.eventType, d.body, now, d.minHeight, d.txHash, now, now, d.webhookId);
          const cancel = this.#db.prepare(
            `UPDATE webhook_deliveries SET state = 'cancelled', last_error = ?, next_at = NULL, lease = NULL, lease_until = NULL, updated_at = ?
             WHERE tx_hash = ? AND min_height IS NOT NULL AND state = 'pending' AND event_seq < ?`,
          );
          for (const r of rolledBack) cancel.run(r.reason, now, r.txHash, r.rollback);
          const { start } =
            cursor.matchedThrough === undefined
              ? { start: null }
              : (this.#db
                  .prepare(`SELECT min(from_event) AS start FROM webhooks WHERE seq > ?`)
                  .get(cursor.matchedThrough) as { start: number | null });
          this.#db
            .prepare(`UPDATE webhook_cursor SET after = max(after, ?), tip_height = max(tip_height, ?) WHERE id = 1`)
            .run(cursorAfter(cursor.after, start), cursor.tipHeight);
        })
        .immediate(),
    );
  }

  async claim(now: number, limit: number, leaseMs: number, tipHeight?: number): Promise<ClaimedDelivery[]> {
    return this.#use(() =>
      this.#db
        .transaction(() => {
          const rows = this.#db
            .prepare(
              `SELECT d.webhook_id, d.event_seq, d.body, d.attempts, w.url, w.secret, w.owner
               FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
               WHERE d.state = 'pending' AND w.state = 'active' AND d.next_at <= ?
                 AND (d.lease_until IS NULL OR d.lease_until <= ?)
                 AND (d.min_height IS NULL OR d.min_height <= coalesce(?, (SELECT tip_height FROM webhook_cursor WHERE id = 1)))
               ORDER BY d.next_at, d.event_seq LIMIT ?`,
            )
            .all(now, now, tipHeight ?? null, limit) as Array<{
            webhook_id: string;
            event_seq: number;
            body: string;
            attempts: number;
            url: string;
            secret: string;
            owner: string;
          }>;
          const lease = this.#db.prepare(
            `UPDATE webhook_deliveries SET lease = ?, lease_until = ? WHERE webhook_id = ? AND event_seq = ?`,
          );
          return rows.map((row) => {
            const token = newLease();
            lease.run(token, now + leaseMs, row.webhook_id, row.event_seq);
            return {
              webhookId: row.webhook_id,
              eventId: row.event_seq,
              body: row.body,
              url: row.url,
              secret: row.secret,
              owner: row.owner,
              attempts: row.attempts,
              lease: token,
            };
          });
        })
        .immediate(),
    );
  }

  async record(claimed: ClaimedDelivery, outcome: AttemptOutcome, at: number): Promise<StoredWebhook | undefined> {
    return this.#use(() =>
      this.#db
        .transaction(() => {
          const { changes } = this.#db
            .prepare(
              `UPDATE webhook_deliveries SET state = ?, attempts = attempts + 1, last_status = ?, last_error = ?,
                 next_at = ?, lease = NULL, lease_until = NULL, updated_at = ?
               WHERE webhook_id = ? AND event_seq = ? AND lease = ?`,
            )
            .run(
              outcome.state,
              outcome.status,
              outcome.error,
              outcome.nextAttemptAt,
              at,
              claimed.webhookId,
              claimed.eventId,
              claimed.lease,
            );
          if (changes === 0) return undefined;
          if (outcome.state === "delivered")
            this.#db
              .prepare(`UPDATE webhooks SET failures = 0, failing_since = NULL WHERE id = ?`)
              .run(claimed.webhookId);
          else
            this.#db
              .prepare(
                `UPDATE webhooks SET failures = failures + 1, failing_since = coalesce(failing_since, ?) WHERE id = ?`,
              )
              .run(at, claimed.webhookId);
          return this.#byId(claimed.webhookId);
        })
        .immediate(),
    );
  }

  async deliveries(owner: string, id: string, limit: number, cursor?: string): Promise<DeliveryPage | undefined> {
    return this.#use(() => {
      const found = this.#byId(id);
      if (found?.owner !== owner) return undefined;
      const rows = this.#db
        .prepare(
          `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = ? AND event_seq < ?
           ORDER BY event_seq DESC LIMIT ?`,
        )
        .all(id, cursorNumber(cursor) ?? Number.MAX_SAFE_INTEGER, limit + 1) as DeliveryRow[];
      const page = rows.slice(0, limit);
      return {
        deliveries: page.map(deliveryOf),
        ...(rows.length > limit && { next: String(page[page.length - 1]!.event_seq) }),
      };
    });
  }

  async prune(before: number): Promise<number> {
    return this.#use(
      () =>
        this.#db
          .prepare(
            `DELETE FROM webhook_deliveries WHERE state IN ('delivered', 'failed', 'cancelled') AND updated_at < ?`,
          )
          .run(before).changes,
    );
  }

  async expire(queuedBefore: number, at: number, reason: string): Promise<number> {
    return this.#use(
      () =>
        this.#db
          .prepare(
            `UPDATE webhook_deliveries SET state = 'failed', last_error = ?, next_at = NULL, lease = NULL, lease_until = NULL, updated_at = ?
             WHERE state = 'pending' AND created_at < ?`,
          )
          .run(reason, at, queuedBefore).changes,
    );
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}
