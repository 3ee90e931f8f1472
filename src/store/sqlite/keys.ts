// KeyStore and QuotaStore on the service's SQLite file (storePath, opened and migrated as
// database.ts says), the embedded default. PostgreSQL's counterpart is ../postgres/keys.ts.
//
// Cost per keyed request, measured on the 2-core build machine under load (1,000 keys):
// hashing plus findByHash ≈ 12 µs, consumeDaily (one UPSERT committed in WAL) ≈ 42 µs.
import type Database from "better-sqlite3";
import { generateKey, generateKeyId, hashKey } from "../key-material.js";
import {
  assertActiveKey,
  resolveNewKey,
  type ApiKeyRecord,
  type CreatedKey,
  type DailyUsage,
  type KeyStore,
  type NewKey,
  type QuotaStore,
} from "../types.js";
import { KEY_COLUMNS, keyRecordOf, type KeyRow } from "../rows.js";
import { migrate, openDatabase, whileAvailable } from "./database.js";

const COMPONENT = "keys";
/** The store as its 503 names it. */
const KEY_STORE = "key store";
/** Append only: each entry runs once, in order, inside one transaction with its ledger row. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE api_keys (
     id           TEXT PRIMARY KEY,
     key_hash     TEXT NOT NULL UNIQUE,
     name         TEXT NOT NULL,
     env          TEXT NOT NULL CHECK (env IN ('testnet', 'mainnet')),
     per_day      INTEGER NOT NULL CHECK (per_day >= 1),
     per_second   INTEGER NOT NULL CHECK (per_second >= 1),
     burst        INTEGER NOT NULL CHECK (burst >= 1),
     created_at   INTEGER NOT NULL,
     revoked_at   INTEGER,
     rotated_from TEXT REFERENCES api_keys (id)
   ) STRICT;
   CREATE TABLE api_key_daily_usage (
     key_id TEXT NOT NULL REFERENCES api_keys (id),
     day    TEXT NOT NULL,
     used   INTEGER NOT NULL,
     PRIMARY KEY (key_id, day)
   ) STRICT, WITHOUT ROWID;`,
];

export interface SqliteKeyStoreOptions {
  /** Unix milliseconds; creation and revocation times come from it (tests inject one). */
  readonly clock?: () => number;
}

export class SqliteKeyStore implements KeyStore, QuotaStore {
  readonly #db: Database.Database;
  readonly #clock: () => number;
  readonly #byHash: Database.Statement<[string], KeyRow>;
  readonly #byId: Database.Statement<[string], KeyRow>;
  readonly #all: Database.Statement<[], KeyRow>;
  readonly #insert: Database.Statement<[Record<string, unknown>]>;
  readonly #revoke: Database.Statement<[number, string]>;
  readonly #consume: Database.Statement<[{ keyId: string; day: string; limit: number }], { used: number }>;
  readonly #used: Database.Statement<[string, string], { used: number }>;

  private constructor(db: Database.Database, clock: () => number) {
    this.#db = db;
    this.#clock = clock;
    // key_hash is UNIQUE, so this is one B-tree search of its index (see the query-plan test).
    this.#byHash = db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = ?`);
    this.#byId = db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ?`);
    this.#all = db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at, rowid`);
    this.#insert = db.prepare(
      `INSERT INTO api_keys (id, key_hash, name, env, per_day, per_second, burst, created_at, rotated_from)
       VALUES (@id, @keyHash, @name, @env, @perDay, @perSecond, @burst, @createdAt, @rotatedFrom)`,
    );
    this.#revoke = db.prepare(`UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`);
    // Check and increment in one statement, hence one transaction: the row is only created or
    // bumped while `used` is below the limit; no row comes back when the quota is used up.
    this.#consume = db.prepare(
      `INSERT INTO api_key_daily_usage (key_id, day, used) VALUES (@keyId, @day, 1)
       ON CONFLICT (key_id, day) DO UPDATE SET used = used + 1 WHERE used < @limit
       RETURNING used`,
    );
    this.#used = db.prepare(`SELECT used FROM api_key_daily_usage WHERE key_id = ? AND day = ?`);
  }

  /** Opens (creating the directory and file if needed) and migrates the store at `path`. */
  static async open(path: string, options: SqliteKeyStoreOptions = {}): Promise<SqliteKeyStore> {
    const db = openDatabase(path);
    try {
      migrate(db, COMPONENT, MIGRATIONS);
      return new SqliteKeyStore(db, options.clock ?? Date.now);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** The underlying connection, for diagnostics and tests (query plans). */
  get database(): Database.Database {
    return this.#db;
  }

  async create(input: NewKey): Promise<CreatedKey> {
    return this.#create(input, null);
  }

  // The three calls of every keyed request (server/plugins/auth.ts): a store that cannot serve is a 503.
  async findByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    const row = whileAvailable(this.#db, KEY_STORE, () => this.#byHash.get(hash));
    return row && keyRecordOf(row);
  }

  async findById(id: string): Promise<ApiKeyRecord | undefined> {
    const row = this.#byId.get(id);
    return row && keyRecordOf(row);
  }

  async list(): Promise<ApiKeyRecord[]> {
    return this.#all.all().map(keyRecordOf);
  }

  async revoke(id: string): Promise<ApiKeyRecord> {
    return this.#db.transaction(() => this.#revokeActive(id)).immediate();
  }

  async rotate(id: string): Promise<CreatedKey> {
    return this.#db
      .transaction(() => {
        const old = this.#revokeActive(id);
        return this.#create({ name: old.name, env: old.env, limits: old.limits }, old.id);
      })
      .immediate();
  }

  async consumeDaily(keyId: string, day: string, limit: number): Promise<DailyUsage> {
    return whileAvailable(this.#db, KEY_STORE, () => {
      const row = this.#consume.get({ keyId, day, limit });
      if (row) return { allowed: true, used: row.used };
      return { allowed: false, used: this.#used.get(keyId, day)?.used ?? limit };
    });
  }

  async usedOn(keyId: string, day: string): Promise<number> {
    return whileAvailable(this.#db, KEY_STORE, () => this.#used.get(keyId, day)?.used ?? 0);
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }

  #create(input: NewKey, rotatedFrom: string | null): CreatedKey {
    const { name, env, limits } = resolveNewKey(input);
    const key = generateKey(env);
    const createdAt = this.#clock();
    // A 48-bit ID collides with negligible probability; the PRIMARY KEY turns that into a retry.
    for (let attempt = 0; ; attempt++) {
      const id = generateKeyId();
      try {
        this.#insert.run({ id, keyHash: hashKey(key), name, env, ...limits, createdAt, rotatedFrom });
        return { key, record: keyRecordOf(this.#byId.get(id)!) };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== "SQLITE_CONSTRAINT_PRIMARYKEY" || attempt >= 3) throw error;
      }
    }
  }

  #revokeActive(id: string): ApiKeyRecord {
    const row = this.#byId.get(id);
    assertActiveKey(id, row && keyRecordOf(row));
    this.#revoke.run(this.#clock(), id);
    return keyRecordOf(this.#byId.get(id)!);
  }
}
