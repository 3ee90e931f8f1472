// EventStore (../types.ts) on the service's SQLite file (storePath), with its own migrations
// ("events" in the file's ledger) and its own connection. PostgreSQL's counterpart is
// ../postgres/events.ts; the page query both run is ../event-rows.ts.
import type Database from "better-sqlite3";
import type { ChainEvent, EventFilter, NewEvent } from "../../events/types.js";
import { addressesBySeq, eventOf, pageQuery, type EventRow } from "../event-rows.js";
import {
  FollowerMovedError,
  positionHolds,
  type EventLogBounds,
  type EventStore,
  type FollowerPosition,
} from "../types.js";
import { migrate, openDatabase, whileAvailable } from "./database.js";

const COMPONENT = "events";
/** Append only: each entry runs once, in order (see migrate). */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE events (
     seq           INTEGER PRIMARY KEY AUTOINCREMENT,
     type          TEXT NOT NULL,
     slot          INTEGER NOT NULL,
     block_hash    TEXT,
     block_height  INTEGER,
     tx_hash       TEXT,
     tournament_id TEXT,
     data          TEXT NOT NULL,
     created_at    INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX events_by_tx ON events (tx_hash, seq);
   CREATE INDEX events_by_tournament ON events (tournament_id, seq);
   CREATE INDEX events_by_created ON events (created_at);
   CREATE TABLE event_addresses (
     seq      INTEGER NOT NULL,
     position INTEGER NOT NULL,
     address  TEXT NOT NULL,
     PRIMARY KEY (seq, position)
   ) STRICT, WITHOUT ROWID;
   CREATE INDEX event_addresses_by_address ON event_addresses (address, seq);
   CREATE TABLE event_log (
     id             INTEGER PRIMARY KEY CHECK (id = 1),
     pruned_through INTEGER NOT NULL
   ) STRICT;
   INSERT INTO event_log (id, pruned_through) VALUES (1, 0);
   CREATE TABLE event_followers (
     follower TEXT PRIMARY KEY,
     position TEXT NOT NULL
   ) STRICT;`,
];

const STORE = "event store";

export class SqliteEventStore implements EventStore {
  readonly #db: Database.Database;

  private constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Opens (creating if needed) the store at `path`; `:memory:` for one that forgets. */
  static async open(path: string): Promise<SqliteEventStore> {
    const db = openDatabase(path);
    try {
      migrate(db, COMPONENT, MIGRATIONS);
      return new SqliteEventStore(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async append(events: readonly NewEvent[], createdAt: number, position?: FollowerPosition): Promise<ChainEvent[]> {
    return whileAvailable(this.#db, STORE, () =>
      this.#db
        .transaction(() => {
          if (position && !positionHolds(position.previous, this.#positionNow(position.follower)))
            throw new FollowerMovedError(position.follower);
          const insert = this.#db.prepare(
            `INSERT INTO events (type, slot, block_hash, block_height, tx_hash, tournament_id, data, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          );
          const insertAddress = this.#db.prepare(
            `INSERT INTO event_addresses (seq, position, address) VALUES (?, ?, ?)`,
          );
          const stored = events.map((event) => {
            const { point } = event;
            const { lastInsertRowid } = insert.run(
              event.type,
              point.slot,
              point.blockHash,
              point.blockHeight,
              point.txHash,
              event.tournamentId,
              JSON.stringify(event.data),
              createdAt,
            );
            const seq = Number(lastInsertRowid);
            const addresses = [...new Set(event.addresses)];
            addresses.forEach((address, position) => insertAddress.run(seq, position, address));
            return { ...event, addresses, id: String(seq), createdAt };
          });
          if (position)
            this.#db
              .prepare(
                `INSERT INTO event_followers (follower, position) VALUES (?, ?)
                 ON CONFLICT (follower) DO UPDATE SET position = excluded.position`,
              )
              .run(position.follower, position.position);
          return stored;
        })
        .immediate(),
    );
  }

  async after(after: number, filter: EventFilter, limit: number): Promise<ChainEvent[]> {
    return whileAvailable(this.#db, STORE, () => {
      const { sql, params } = pageQuery(after, filter, limit, () => "?");
      const rows = this.#db.prepare(sql).all(...params) as EventRow[];
      if (rows.length === 0) return [];
      const first = rows[0]!.seq;
      const last = rows[rows.length - 1]!.seq;
      const addresses = this.#db
        .prepare(`SELECT seq, address FROM event_addresses WHERE seq BETWEEN ? AND ? ORDER BY seq, position`)
        .all(first, last) as Array<{ seq: number; address: string }>;
      const bySeq = addressesBySeq(addresses);
      return rows.map((row) => eventOf(row, bySeq));
    });
  }

  async bounds(): Promise<EventLogBounds> {
    return whileAvailable(this.#db, STORE, () => {
      const row = this.#db
        .prepare(
          `SELECT (SELECT min(seq) FROM events) AS oldest, (SELECT pruned_through FROM event_log) AS pruned,
                  (SELECT seq FROM sqlite_sequence WHERE name = 'events') AS latest`,
        )
        .get() as { oldest: number | null; pruned: number; latest: number | null };
      return { oldest: row.oldest, prunedThrough: row.pruned, latest: row.latest ?? 0 };
    });
  }

  async prune(createdBefore: number, keep: number): Promise<number> {
    return whileAvailable(this.#db, STORE, () =>
      this.#db
        .transaction(() => {
          const row = this.#db
            .prepare(
              `SELECT (SELECT max(seq) FROM events WHERE created_at < ?) AS by_age,
                      (SELECT seq FROM events ORDER BY seq DESC LIMIT 1 OFFSET ?) AS by_count`,
            )
            .get(createdBefore, keep) as { by_age: number | null; by_count: number | null };
          const through = Math.max(row.by_age ?? 0, row.by_count ?? 0);
          if (through === 0) return 0;
          this.#db.prepare(`DELETE FROM event_addresses WHERE seq <= ?`).run(through);
          const { changes } = this.#db.prepare(`DELETE FROM events WHERE seq <= ?`).run(through);
          this.#db.prepare(`UPDATE event_log SET pruned_through = max(pruned_through, ?)`).run(through);
          return changes;
        })
        .immediate(),
    );
  }

  #positionNow(follower: string): string | null {
    const row = this.#db.prepare(`SELECT position FROM event_followers WHERE follower = ?`).get(follower) as
      { position: string } | undefined;
    return row?.position ?? null;
  }

  async position(follower: string): Promise<string | null> {
    return whileAvailable(this.#db, STORE, () => this.#positionNow(follower));
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}
