// BlueprintStore on PostgreSQL: the tables, identity and answers of the SQLite store
// (../sqlite/blueprints.ts, whose header explains them), checked by the shared suite. Two differences of
// means, not of behaviour: a save is one upsert on (owner, identity), so that instances saving the
// same blueprint at once still make one row, and `touched`/`ref_touched` come from sequences
// rather than max() + 1, which concurrent transactions could both read.
import { randomBytes } from "node:crypto";
import {
  blueprintIdentity,
  BlueprintLimitError,
  type BlueprintFilter,
  type BlueprintPage,
  type BlueprintStore,
  type FoundValidator,
  type NewBlueprint,
  type SaveOptions,
  type StoredBlueprint,
} from "../types.js";
import type { PgDatabase, Queryable } from "./database.js";
import { BLUEPRINT_COLUMNS, blueprintOf, refOf, type BlueprintRow, type ValidatorRow } from "../rows.js";

export const BLUEPRINTS_COMPONENT = "blueprints";
/**
 * The first key of the advisory locks that serialize one owner's saves (the second is a hash of the
 * owner): two-key advisory locks never meet the one-key migration lock (PgDatabase.migrate).
 */
const OWNER_LOCK = 0x62_70_72_73; // "bprs"

/** Append only: each entry runs once, in order (see PgDatabase.migrate). */
export const BLUEPRINTS_MIGRATIONS: readonly string[] = [
  `CREATE SEQUENCE blueprints_touched;
   CREATE SEQUENCE blueprint_refs_touched;
   CREATE TABLE blueprints (
     seq        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     id         TEXT NOT NULL UNIQUE,
     owner      TEXT NOT NULL,
     identity   TEXT NOT NULL,
     title      TEXT NOT NULL,
     version    TEXT NOT NULL,
     json       TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     updated_at BIGINT NOT NULL,
     touched    BIGINT NOT NULL,
     UNIQUE (owner, identity)
   );
   CREATE INDEX blueprints_by_title ON blueprints (owner, title, version);
   CREATE TABLE blueprint_validators (
     blueprint_seq BIGINT NOT NULL REFERENCES blueprints (seq) ON DELETE CASCADE,
     owner         TEXT NOT NULL,
     hash          TEXT NOT NULL,
     position      INTEGER NOT NULL,
     ref_tx_hash   TEXT,
     ref_index     INTEGER CHECK (ref_index >= 0),
     ref_touched   BIGINT,
     PRIMARY KEY (blueprint_seq, hash)
   );
   CREATE INDEX blueprint_validators_by_hash ON blueprint_validators (owner, hash);`,
];

export class PostgresBlueprintStore implements BlueprintStore {
  readonly #db: PgDatabase;
  readonly #clock: () => number;
  /** The last capped save of each owner in this instance, which the next one waits for (#oneAtATime). */
  readonly #lastSave = new Map<string, Promise<unknown>>();

  /** A store on `db`, whose blueprints schema is migrated (open.ts does it). */
  constructor(db: PgDatabase, clock: () => number = Date.now) {
    this.#db = db;
    this.#clock = clock;
  }

  async save(
    owner: string,
    blueprint: NewBlueprint,
    { limit }: SaveOptions = {},
  ): Promise<{ blueprint: StoredBlueprint; created: boolean }> {
    const { hashes, identity } = blueprintIdentity(blueprint);
    const save = () => this.#saveRetrying(owner, blueprint, hashes, identity, limit);
    return limit === undefined ? save() : this.#oneAtATime(owner, save);
  }

  /**
   * Runs the capped saves of one owner one after the other in this instance: they would wait for
   * each other's advisory lock anyway (#checkLimit), and waiting here holds no pooled connection,
   * so that one key uploading many blueprints at once never takes the pool from other requests.
   */
  #oneAtATime<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const run = (this.#lastSave.get(owner) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => undefined);
    this.#lastSave.set(owner, settled);
    void settled.then(() => {
      if (this.#lastSave.get(owner) === settled) this.#lastSave.delete(owner);
    });
    return run;
  }

  async #saveRetrying(
    owner: string,
    blueprint: NewBlueprint,
    hashes: string[],
    identity: string,
    limit: number | undefined,
  ): Promise<{ blueprint: StoredBlueprint; created: boolean }> {
    // A new row's random 48-bit ID collides with negligible probability; the transaction is retried then.
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#db.transaction(async (tx) => {
          if (limit !== undefined) await this.#checkLimit(tx, owner, identity, limit);
          return this.#save(tx, owner, blueprint, hashes, identity);
        });
      } catch (error) {
        const { code, constraint } = error as { code?: string; constraint?: string };
        if (code !== "23505" || constraint !== "blueprints_id_key" || attempt >= 3) throw error;
      }
    }
  }

  /**
   * Throws BlueprintLimitError when the blueprint would be new and the owner stores `limit`. The
   * owner's advisory lock, held until the transaction ends, makes the check and the insert one step
   * for every instance: a concurrent save of the same owner waits for this one to commit, and its
   * count (a new snapshot per statement, under READ COMMITTED) then sees this one's row.
   */
  async #checkLimit(tx: Queryable, owner: string, identity: string, limit: number): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(${OWNER_LOCK}, hashtext($1))`, [owner]);
    const [row] = await tx.query<{ held: boolean; n: number }>(
      `SELECT EXISTS (SELECT 1 FROM blueprints WHERE owner = $1 AND identity = $2) AS held, (SELECT count(*) FROM blueprints WHERE owner = $1) AS n`,
      [owner, identity],
    );
    if (!row!.held && row!.n >= limit) throw new BlueprintLimitError(limit);
  }

  async #save(
    tx: Queryable,
    owner: string,
    blueprint: NewBlueprint,
    hashes: string[],
    identity: string,
  ): Promise<{ blueprint: StoredBlueprint; created: boolean }> {
    // xmax is 0 on a row version this statement inserted, and set on one it updated.
    const [row] = await tx.query<{ seq: number; created: boolean }>(
      `INSERT INTO blueprints AS b (id, owner, identity, title, version, json, created_at, updated_at, touched)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, nextval('blueprints_touched'))
       ON CONFLICT (owner, identity) DO UPDATE
         SET title = excluded.title, version = excluded.version, json = excluded.json, updated_at = excluded.updated_at, touched = excluded.touched
       RETURNING b.seq, (b.xmax = 0) AS created`,
      [
        randomBytes(6).toString("hex"),
        owner,
        identity,
        blueprint.title,
        blueprint.version,
        blueprint.json,
        this.#clock(),
      ],
    );
    const { seq, created } = row!;
    if (created) {
      await tx.query(
        `INSERT INTO blueprint_validators (blueprint_seq, owner, hash, position)
         SELECT $1, $2, h.hash, h.n - 1 FROM unnest($3::text[]) WITH ORDINALITY AS h (hash, n)`,
        [seq, owner, hashes],
      );
    }
    for (const [hash, ref] of Object.entries(blueprint.refs)) {
      await tx.query(
        `UPDATE blueprint_validators SET ref_tx_hash = $3, ref_index = $4, ref_touched = nextval('blueprint_refs_touched')
         WHERE blueprint_seq = $1 AND hash = $2`,
        [seq, hash, ref.txHash, ref.index],
      );
    }
    const [saved] = await tx.query<BlueprintRow>(`SELECT ${BLUEPRINT_COLUMNS} FROM blueprints b WHERE b.seq = $1`, [
      seq,
    ]);
    return { blueprint: await this.#record(tx, saved!), created };
  }

  async list(owner: string, filter: BlueprintFilter): Promise<BlueprintPage> {
    const params: unknown[] = [owner, filter.after ?? 0];
    const where = ["b.owner = $1", "b.seq > $2"];
    const add = (condition: (n: string) => string, value: unknown): void => {
      params.push(value);
      where.push(condition(`$${params.length}`));
    };
    if (filter.title !== undefined) add((n) => `b.title = ${n}`, filter.title);
    if (filter.version !== undefined) add((n) => `b.version = ${n}`, filter.version);
    if (filter.hash !== undefined)
      add(
        (n) => `b.seq IN (SELECT blueprint_seq FROM blueprint_validators WHERE owner = $1 AND hash = ${n})`,
        filter.hash,
      );
    params.push(filter.limit + 1);
    const limit = `$${params.length}`;
    params.push(filter.maxBytes ?? null);
    const maxBytes = `$${params.length}`;
    // The JSON of a row beyond the page's bytes is not sent (null): the row only says there is more.
    const rows = await this.#db.query<Omit<BlueprintRow, "json"> & { json: string | null }>(
      `SELECT seq, id, title, version, created_at, updated_at, CASE WHEN ${maxBytes}::bigint IS NULL OR running <= ${maxBytes}::bigint OR running = size THEN json END AS json
       FROM (SELECT ${BLUEPRINT_COLUMNS}, length(b.json) AS size, sum(length(b.json)) OVER (ORDER BY b.seq) AS running
             FROM blueprints b WHERE ${where.join(" AND ")} ORDER BY b.seq LIMIT ${limit}) page
       ORDER BY seq`,
      params,
    );
    const page: BlueprintRow[] = [];
    for (const row of rows) {
      if (page.length === filter.limit || row.json === null) break;
      page.push({ ...row, json: row.json });
    }
    const blueprints = await Promise.all(page.map((row) => this.#record(this.#db, row)));
    const next = rows.length > page.length ? page.at(-1)?.seq : undefined;
    return next === undefined ? { blueprints } : { blueprints, next };
  }

  async get(owner: string, id: string): Promise<StoredBlueprint | undefined> {
    const [row] = await this.#db.query<BlueprintRow>(
      `SELECT ${BLUEPRINT_COLUMNS} FROM blueprints b WHERE b.owner = $1 AND b.id = $2`,
      [owner, id],
    );
    return row && this.#record(this.#db, row);
  }

  async delete(owner: string, id: string): Promise<boolean> {
    // The validators' rows go with it (ON DELETE CASCADE).
    return (
      (await this.#db.query(`DELETE FROM blueprints WHERE owner = $1 AND id = $2 RETURNING seq`, [owner, id])).length >
      0
    );
  }

  async findValidator(owner: string, hash: string): Promise<FoundValidator | undefined> {
    const [row] = await this.#db.query<BlueprintRow & ValidatorRow>(
      `SELECT ${BLUEPRINT_COLUMNS}, v.hash, v.ref_tx_hash, v.ref_index FROM blueprint_validators v JOIN blueprints b ON b.seq = v.blueprint_seq
       WHERE v.owner = $1 AND v.hash = $2 ORDER BY b.touched DESC LIMIT 1`,
      [owner, hash],
    );
    if (!row) return undefined;
    let ref = refOf(row);
    if (!ref) {
      const [latest] = await this.#db.query<ValidatorRow>(
        `SELECT hash, ref_tx_hash, ref_index FROM blueprint_validators
         WHERE owner = $1 AND hash = $2 AND ref_tx_hash IS NOT NULL ORDER BY ref_touched DESC LIMIT 1`,
        [owner, hash],
      );
      ref = refOf(latest);
    }
    return { blueprint: await this.#record(this.#db, row), ref };
  }

  async count(owner: string): Promise<number> {
    const [row] = await this.#db.query<{ n: number }>(`SELECT count(*) AS n FROM blueprints WHERE owner = $1`, [owner]);
    return row!.n;
  }

  async #record(db: Queryable, row: BlueprintRow): Promise<StoredBlueprint> {
    const validators = await db.query<ValidatorRow>(
      `SELECT hash, ref_tx_hash, ref_index FROM blueprint_validators WHERE blueprint_seq = $1 ORDER BY position`,
      [row.seq],
    );
    return blueprintOf(row, validators);
  }
}
