// EventStore on PostgreSQL: the tables and answers of the SQLite store (../sqlite/events.ts),
// shared by a fleet. Ids are given from event_log.latest, whose row every append updates first:
// appends of every instance are serialized by that row's lock, so ids are gapless and become
// visible in their order (a reader that saw id n never later finds a smaller one).
import type { ChainEvent, EventFilter, NewEvent } from "../../events/types.js";
import { addressesBySeq, eventOf, pageQuery, type EventRow } from "../event-rows.js";
import {
  FollowerMovedError,
  positionHolds,
  type EventLogBounds,
  type EventStore,
  type FollowerPosition,
} from "../types.js";
import type { PgDatabase } from "./database.js";

export const EVENTS_COMPONENT = "events";
/** Append only: each entry runs once, in order (see PgDatabase.migrate). */
export const EVENTS_MIGRATIONS: readonly string[] = [
  `CREATE TABLE events (
     seq           BIGINT PRIMARY KEY,
     type          TEXT NOT NULL,
     slot          BIGINT NOT NULL,
     block_hash    TEXT,
     block_height  BIGINT,
     tx_hash       TEXT,
     tournament_id TEXT,
     data          TEXT NOT NULL,
     created_at    BIGINT NOT NULL
   );
   CREATE INDEX events_by_tx ON events (tx_hash, seq);
   CREATE INDEX events_by_tournament ON events (tournament_id, seq);
   CREATE INDEX events_by_created ON events (created_at);
   CREATE TABLE event_addresses (
     seq      BIGINT NOT NULL,
     position INTEGER NOT NULL,
     address  TEXT NOT NULL,
     PRIMARY KEY (seq, position)
   );
   CREATE INDEX event_addresses_by_address ON event_addresses (address, seq);
   CREATE TABLE event_log (
     id             INTEGER PRIMARY KEY CHECK (id = 1),
     latest         BIGINT NOT NULL,
     pruned_through BIGINT NOT NULL
   );
   INSERT INTO event_log (id, latest, pruned_through) VALUES (1, 0, 0);
   CREATE TABLE event_followers (
     follower TEXT PRIMARY KEY,
     position TEXT NOT NULL
   );`,
];

export class PostgresEventStore implements EventStore {
  readonly #db: PgDatabase;

  /** A store on `db`, whose events schema is migrated (open.ts does it). */
  constructor(db: PgDatabase) {
    this.#db = db;
  }

  async append(events: readonly NewEvent[], createdAt: number, position?: FollowerPosition): Promise<ChainEvent[]> {
    return this.#db.transaction(async (tx) => {
      const [log] = await tx.query<{ latest: number }>(
        `UPDATE event_log SET latest = latest + $1 WHERE id = 1 RETURNING latest`,
        [events.length],
      );
      // The row lock above serializes every append: the position read here cannot move before the commit.
      if (position && position.previous !== undefined) {
        const [saved] = await tx.query<{ position: string }>(
          `SELECT position FROM event_followers WHERE follower = $1`,
          [position.follower],
        );
        if (!positionHolds(position.previous, saved?.position ?? null)) throw new FollowerMovedError(position.follower);
      }
      let seq = log!.latest - events.length;
      const stored: ChainEvent[] = [];
      for (const event of events) {
        seq++;
        const { point } = event;
        await tx.query(
          `INSERT INTO events (seq, type, slot, block_hash, block_height, tx_hash, tournament_id, data, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            seq,
            event.type,
            point.slot,
            point.blockHash,
            point.blockHeight,
            point.txHash,
            event.tournamentId,
            JSON.stringify(event.data),
            createdAt,
          ],
        );
        const addresses = [...new Set(event.addresses)];
        if (addresses.length > 0)
          await tx.query(
            `INSERT INTO event_addresses (seq, position, address)
             SELECT $1, p - 1, a FROM unnest($2::text[]) WITH ORDINALITY AS t(a, p)`,
            [seq, addresses],
          );
        stored.push({ ...event, addresses, id: String(seq), createdAt });
      }
      if (position)
        await tx.query(
          `INSERT INTO event_followers (follower, position) VALUES ($1, $2)
           ON CONFLICT (follower) DO UPDATE SET position = excluded.position`,
          [position.follower, position.position],
        );
      return stored;
    });
  }

  async after(after: number, filter: EventFilter, limit: number): Promise<ChainEvent[]> {
    const { sql, params } = pageQuery(after, filter, limit, (n) => `$${n}`);
    const rows = await this.#db.query<EventRow>(sql, params);
    if (rows.length === 0) return [];
    const addresses = await this.#db.query<{ seq: number; address: string }>(
      `SELECT seq, address FROM event_addresses WHERE seq BETWEEN $1 AND $2 ORDER BY seq, position`,
      [rows[0]!.seq, rows[rows.length - 1]!.seq],
    );
    const bySeq = addressesBySeq(addresses);
    return rows.map((row) => eventOf(row, bySeq));
  }

  async bounds(): Promise<EventLogBounds> {
    const [row] = await this.#db.query<{ oldest: number | null; pruned: number; latest: number }>(
      `SELECT (SELECT min(seq) FROM events) AS oldest, pruned_through AS pruned, latest FROM event_log WHERE id = 1`,
    );
    return { oldest: row!.oldest, prunedThrough: row!.pruned, latest: row!.latest };
  }

  async prune(createdBefore: number, keep: number): Promise<number> {
    return this.#db.transaction(async (tx) => {
      const [row] = await tx.query<{ by_age: number | null; by_count: number | null }>(
        `SELECT (SELECT max(seq) FROM events WHERE created_at < $1) AS by_age,
                (SELECT seq FROM events ORDER BY seq DESC LIMIT 1 OFFSET $2) AS by_count`,
        [createdBefore, keep],
      );
      const through = Math.max(row?.by_age ?? 0, row?.by_count ?? 0);
      if (through === 0) return 0;
      await tx.query(`DELETE FROM event_addresses WHERE seq <= $1`, [through]);
      const deleted = await tx.query<{ seq: number }>(`DELETE FROM events WHERE seq <= $1 RETURNING seq`, [through]);
      await tx.query(`UPDATE event_log SET pruned_through = GREATEST(pruned_through, $1) WHERE id = 1`, [through]);
      return deleted.length;
    });
  }

  async position(follower: string): Promise<string | null> {
    const [row] = await this.#db.query<{ position: string }>(
      `SELECT position FROM event_followers WHERE follower = $1`,
      [follower],
    );
    return row?.position ?? null;
  }
}
