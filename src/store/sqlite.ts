// KeyStore and QuotaStore on one SQLite file (better-sqlite3), the embedded default.
//
// The server and the CLI open the same file as separate processes: WAL mode lets readers run
// beside the one writer, and `timeout` makes a writer wait for the lock instead of failing.
// synchronous=NORMAL under WAL survives a crash of the process (not of the machine's power)
// without an fsync per request. The file is shared by several components (keys here, blueprints
// in blueprints.ts), each with its own migrations in one ledger by component name (`migrate`),
// instead of PRAGMA user_version.
//
// Cost per keyed request, measured on the 2-core build machine under load (1,000 keys):
// hashing plus findByHash ≈ 12 µs, consumeDaily (one UPSERT committed in WAL) ≈ 42 µs.
import { join } from "node:path";
import Database from "better-sqlite3";
import { generateKey, generateKeyId, hashKey } from "./key-material.js";
import {
  assertActiveKey,
  resolveNewKey,
  type ApiKeyRecord,
  type CreatedKey,
  type DailyUsage,
  type KeyStore,
  type NewKey,
  type QuotaStore,
} from "./types.js";
import { KEY_COLUMNS, keyRecordOf, type KeyRow } from "./rows.js";
import { privateFile } from "../private-files.js";

/** The store's file inside DATA_DIR. */
export function storePath(dataDir: string): string {
  return join(dataDir, "service.sqlite");
}

const COMPONENT = "keys";
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

export interface SqliteStoreOptions {
  /** Unix milliseconds; creation and revocation times come from it (tests inject one). */
  readonly clock?: () => number;
}

export class SqliteStore implements KeyStore, QuotaStore {
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
  static async open(path: string, options: SqliteStoreOptions = {}): Promise<SqliteStore> {
    const db = openDatabase(path);
    try {
      migrate(db, COMPONENT, MIGRATIONS);
      return new SqliteStore(db, options.clock ?? Date.now);
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

  async findByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    const row = this.#byHash.get(hash);
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
    const row = this.#consume.get({ keyId, day, limit });
    if (row) return { allowed: true, used: row.used };
    return { allowed: false, used: this.#used.get(keyId, day)?.used ?? limit };
  }

  async usedOn(keyId: string, day: string): Promise<number> {
    return this.#used.get(keyId, day)?.used ?? 0;
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

/**
 * Opens (creating the directory and file if needed) a connection to the store's file, configured
 * as every component of the store uses it: WAL, synchronous=NORMAL, foreign keys, a 5 s lock wait.
 */
export function openDatabase(path: string): Database.Database {
  const db = new Database(privateFile(path), { timeout: 5000 });
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Brings `component`'s tables up to date: applies, in order and once each, the entries of its
 * append-only `migrations` list that the file's ledger (schema_migrations) has not recorded yet.
 * Every component of the file (keys, blueprints) keeps its own list and version.
 */
export function migrate(db: Database.Database, component: string, migrations: readonly string[]): void {
  // IMMEDIATE takes the write lock first, so a server and a CLI opening a fresh file at the
  // same moment cannot both apply the same migration.
  db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
               component  TEXT NOT NULL,
               version    INTEGER NOT NULL,
               applied_at INTEGER NOT NULL,
               PRIMARY KEY (component, version)
             ) STRICT`);
    const row = db.prepare(`SELECT max(version) AS v FROM schema_migrations WHERE component = ?`).get(component) as {
      v: number | null;
    };
    const current = row.v ?? 0;
    if (current > migrations.length) {
      throw new Error(
        `The store's ${component} schema is version ${current}, newer than this service knows (${migrations.length}): upgrade the service.`,
      );
    }
    for (let version = current + 1; version <= migrations.length; version++) {
      db.exec(migrations[version - 1]!);
      db.prepare(`INSERT INTO schema_migrations (component, version, applied_at) VALUES (?, ?, ?)`).run(
        component,
        version,
        Date.now(),
      );
    }
  }).immediate();
}
