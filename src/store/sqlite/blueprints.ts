// BlueprintStore on the service's SQLite file (the one of the keys, storePath), with its own
// migrations ("blueprints" in the file's ledger, see migrate in database.ts) and its own connection.
// PostgreSQL's counterpart is ../postgres/blueprints.ts.
//
// A blueprint is one row of `blueprints`, and each of its distinct validator hashes one row of
// `blueprint_validators`, which also holds the hash's reference script when one was recorded.
// Identity: (owner, the sorted set of hashes), kept as the `identity` column under a UNIQUE
// constraint, so that two saves of the same blueprint can never make two rows. `touched` is a
// counter bumped by every save of a row (and `ref_touched` by every recorded ref): "the most
// recent" without relying on the clock's resolution.
import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import { migrate, openDatabase } from "./database.js";
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
import { BLUEPRINT_COLUMNS, blueprintOf, refOf, type BlueprintRow, type ValidatorRow } from "../rows.js";

const COMPONENT = "blueprints";
/** Append only: each entry runs once, in order (see migrate). */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE blueprints (
     seq        INTEGER PRIMARY KEY,
     id         TEXT NOT NULL UNIQUE,
     owner      TEXT NOT NULL,
     identity   TEXT NOT NULL,
     title      TEXT NOT NULL,
     version    TEXT NOT NULL,
     json       TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     touched    INTEGER NOT NULL,
     UNIQUE (owner, identity)
   ) STRICT;
   CREATE INDEX blueprints_by_title ON blueprints (owner, title, version);
   CREATE TABLE blueprint_validators (
     blueprint_seq INTEGER NOT NULL REFERENCES blueprints (seq) ON DELETE CASCADE,
     owner         TEXT NOT NULL,
     hash          TEXT NOT NULL,
     position      INTEGER NOT NULL,
     ref_tx_hash   TEXT,
     ref_index     INTEGER CHECK (ref_index >= 0),
     ref_touched   INTEGER,
     PRIMARY KEY (blueprint_seq, hash)
   ) STRICT, WITHOUT ROWID;
   CREATE INDEX blueprint_validators_by_hash ON blueprint_validators (owner, hash);`,
];

export interface BlueprintStoreOptions {
  /** Unix milliseconds for createdAt and updatedAt (tests inject one). */
  readonly clock?: () => number;
}

export class SqliteBlueprintStore implements BlueprintStore {
  readonly #db: Database.Database;
  readonly #clock: () => number;
  readonly #byIdentity: Database.Statement<[string, string], { seq: number }>;
  readonly #byId: Database.Statement<[string, string], BlueprintRow>;
  readonly #bySeq: Database.Statement<[number], BlueprintRow>;
  readonly #validatorsOf: Database.Statement<[number], ValidatorRow>;
  readonly #insert: Database.Statement<[Record<string, unknown>]>;
  readonly #insertValidator: Database.Statement<[Record<string, unknown>]>;
  readonly #update: Database.Statement<[Record<string, unknown>]>;
  readonly #setRef: Database.Statement<[Record<string, unknown>]>;
  readonly #nextTouch: Database.Statement<[], { n: number }>;
  readonly #nextRefTouch: Database.Statement<[], { n: number }>;
  readonly #delete: Database.Statement<[string, string]>;
  readonly #holding: Database.Statement<[string, string], BlueprintRow & ValidatorRow>;
  readonly #latestRef: Database.Statement<[string, string], ValidatorRow>;
  readonly #count: Database.Statement<[string], { n: number }>;

  private constructor(db: Database.Database, clock: () => number) {
    this.#db = db;
    this.#clock = clock;
    this.#byIdentity = db.prepare(`SELECT seq FROM blueprints WHERE owner = ? AND identity = ?`);
    this.#byId = db.prepare(`SELECT ${BLUEPRINT_COLUMNS} FROM blueprints b WHERE b.owner = ? AND b.id = ?`);
    this.#bySeq = db.prepare(`SELECT ${BLUEPRINT_COLUMNS} FROM blueprints b WHERE b.seq = ?`);
    this.#validatorsOf = db.prepare(
      `SELECT hash, ref_tx_hash, ref_index FROM blueprint_validators WHERE blueprint_seq = ? ORDER BY position`,
    );
    this.#insert = db.prepare(
      `INSERT INTO blueprints (id, owner, identity, title, version, json, created_at, updated_at, touched)
       VALUES (@id, @owner, @identity, @title, @version, @json, @now, @now, @touched)`,
    );
    this.#insertValidator = db.prepare(
      `INSERT INTO blueprint_validators (blueprint_seq, owner, hash, position) VALUES (@seq, @owner, @hash, @position)`,
    );
    this.#update = db.prepare(
      `UPDATE blueprints SET title = @title, version = @version, json = @json, updated_at = @now, touched = @touched WHERE seq = @seq`,
    );
    this.#setRef = db.prepare(
      `UPDATE blueprint_validators SET ref_tx_hash = @txHash, ref_index = @index, ref_touched = @touched
       WHERE blueprint_seq = @seq AND hash = @hash`,
    );
    this.#nextTouch = db.prepare(`SELECT coalesce(max(touched), 0) + 1 AS n FROM blueprints`);
    this.#nextRefTouch = db.prepare(`SELECT coalesce(max(ref_touched), 0) + 1 AS n FROM blueprint_validators`);
    this.#delete = db.prepare(`DELETE FROM blueprints WHERE owner = ? AND id = ?`);
    // (owner, hash) is an index of blueprint_validators: one search, then the blueprints by rowid.
    this.#holding = db.prepare(
      `SELECT ${BLUEPRINT_COLUMNS}, v.hash, v.ref_tx_hash, v.ref_index FROM blueprint_validators v JOIN blueprints b ON b.seq = v.blueprint_seq
       WHERE v.owner = ? AND v.hash = ? ORDER BY b.touched DESC LIMIT 1`,
    );
    this.#latestRef = db.prepare(
      `SELECT hash, ref_tx_hash, ref_index FROM blueprint_validators
       WHERE owner = ? AND hash = ? AND ref_tx_hash IS NOT NULL ORDER BY ref_touched DESC LIMIT 1`,
    );
    this.#count = db.prepare(`SELECT count(*) AS n FROM blueprints WHERE owner = ?`);
  }

  /** Opens (creating if needed) and migrates the blueprint tables of the store file at `path` (storePath). */
  static async open(path: string, options: BlueprintStoreOptions = {}): Promise<SqliteBlueprintStore> {
    const db = openDatabase(path);
    try {
      migrate(db, COMPONENT, MIGRATIONS);
      return new SqliteBlueprintStore(db, options.clock ?? Date.now);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** The underlying connection, for diagnostics and tests (query plans). */
  get database(): Database.Database {
    return this.#db;
  }

  async save(
    owner: string,
    blueprint: NewBlueprint,
    { limit }: SaveOptions = {},
  ): Promise<{ blueprint: StoredBlueprint; created: boolean }> {
    const { hashes, identity } = blueprintIdentity(blueprint);
    // One synchronous IMMEDIATE transaction: it holds the file's write lock from the count to the
    // insert, so neither another save of this process nor one of another process comes between.
    return this.#db
      .transaction(() => {
        const now = this.#clock();
        const touched = this.#nextTouch.get()!.n;
        const fields = { title: blueprint.title, version: blueprint.version, json: blueprint.json, now, touched };
        let seq = this.#byIdentity.get(owner, identity)?.seq;
        const created = seq === undefined;
        if (created && limit !== undefined && this.#count.get(owner)!.n >= limit) throw new BlueprintLimitError(limit);
        if (seq === undefined) {
          seq = this.#insertNew(owner, identity, fields);
          hashes.forEach((hash, position) => this.#insertValidator.run({ seq, owner, hash, position }));
        } else {
          this.#update.run({ ...fields, seq });
        }
        let refTouched = this.#nextRefTouch.get()!.n;
        for (const [hash, ref] of Object.entries(blueprint.refs)) {
          this.#setRef.run({ seq, hash, txHash: ref.txHash, index: ref.index, touched: refTouched++ });
        }
        return { blueprint: this.#record(this.#bySeq.get(seq)!), created };
      })
      .immediate();
  }

  async list(owner: string, filter: BlueprintFilter): Promise<BlueprintPage> {
    const where = ["b.owner = @owner", "b.seq > @after"];
    if (filter.title !== undefined) where.push("b.title = @title");
    if (filter.version !== undefined) where.push("b.version = @version");
    if (filter.hash !== undefined)
      where.push("b.seq IN (SELECT blueprint_seq FROM blueprint_validators WHERE owner = @owner AND hash = @hash)");
    // The page's seqs first (ordering whole rows would sort every matching blueprint's JSON in a
    // temporary tree), then its rows one by one, so that no more than the page's bytes (and the one
    // row beyond them) are read.
    const seqs = this.#db
      .prepare<[Record<string, unknown>], number>(
        `SELECT b.seq FROM blueprints b WHERE ${where.join(" AND ")} ORDER BY b.seq LIMIT @limit`,
      )
      .pluck()
      .all({
        owner,
        after: filter.after ?? 0,
        title: filter.title,
        version: filter.version,
        hash: filter.hash,
        limit: filter.limit + 1,
      });
    const page: BlueprintRow[] = [];
    let bytes = 0;
    let more = false;
    for (const seq of seqs) {
      const row = this.#bySeq.get(seq)!;
      if (
        page.length === filter.limit ||
        (filter.maxBytes !== undefined && page.length > 0 && bytes + row.json.length > filter.maxBytes)
      ) {
        more = true;
        break;
      }
      page.push(row);
      bytes += row.json.length;
    }
    const next = more ? page.at(-1)?.seq : undefined;
    return next === undefined
      ? { blueprints: page.map((row) => this.#record(row)) }
      : { blueprints: page.map((row) => this.#record(row)), next };
  }

  async get(owner: string, id: string): Promise<StoredBlueprint | undefined> {
    const row = this.#byId.get(owner, id);
    return row && this.#record(row);
  }

  async delete(owner: string, id: string): Promise<boolean> {
    // The validators' rows go with it (ON DELETE CASCADE: foreign keys are on, see openDatabase).
    return this.#delete.run(owner, id).changes > 0;
  }

  async findValidator(owner: string, hash: string): Promise<FoundValidator | undefined> {
    const row = this.#holding.get(owner, hash);
    if (!row) return undefined;
    const ref = refOf(row) ?? refOf(this.#latestRef.get(owner, hash));
    return { blueprint: this.#record(row), ref };
  }

  async count(owner: string): Promise<number> {
    return this.#count.get(owner)!.n;
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }

  /** Inserts a new row under a fresh random ID (a collision, with negligible probability, is retried); its seq. */
  #insertNew(owner: string, identity: string, fields: Record<string, unknown>): number {
    for (let attempt = 0; ; attempt++) {
      try {
        return Number(
          this.#insert.run({ ...fields, id: randomBytes(6).toString("hex"), owner, identity }).lastInsertRowid,
        );
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== "SQLITE_CONSTRAINT_UNIQUE" || attempt >= 3) throw error;
      }
    }
  }

  #record(row: BlueprintRow): StoredBlueprint {
    const validators = this.#validatorsOf.all(row.seq);
    return blueprintOf(row, validators);
  }
}
