// KeyStore and QuotaStore on PostgreSQL, for a fleet of instances: the same rules and answers
// as the SQLite store (../sqlite/keys.ts), checked by the shared suite (test/support/store-suite.ts).
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
import type { PgDatabase, Queryable } from "./database.js";
import { KEY_COLUMNS, keyRecordOf, type KeyRow } from "../rows.js";

export const KEYS_COMPONENT = "keys";
/** Append only: each entry runs once, in order (see PgDatabase.migrate). */
export const KEYS_MIGRATIONS: readonly string[] = [
  `CREATE TABLE api_keys (
     seq          BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
     id           TEXT PRIMARY KEY,
     key_hash     TEXT NOT NULL UNIQUE,
     name         TEXT NOT NULL,
     env          TEXT NOT NULL CHECK (env IN ('testnet', 'mainnet')),
     per_day      INTEGER NOT NULL CHECK (per_day >= 1),
     per_second   INTEGER NOT NULL CHECK (per_second >= 1),
     burst        INTEGER NOT NULL CHECK (burst >= 1),
     created_at   BIGINT NOT NULL,
     revoked_at   BIGINT,
     rotated_from TEXT REFERENCES api_keys (id)
   );
   CREATE TABLE api_key_daily_usage (
     key_id TEXT NOT NULL REFERENCES api_keys (id),
     day    TEXT NOT NULL,
     used   INTEGER NOT NULL,
     PRIMARY KEY (key_id, day)
   );`,
];

export class PostgresKeyStore implements KeyStore, QuotaStore {
  readonly #db: PgDatabase;
  readonly #clock: () => number;

  /** A store on `db`, whose keys schema is migrated (open.ts does it). */
  constructor(db: PgDatabase, clock: () => number = Date.now) {
    this.#db = db;
    this.#clock = clock;
  }

  async create(input: NewKey): Promise<CreatedKey> {
    return this.#create(this.#db, input, null);
  }

  async findByHash(hash: string): Promise<ApiKeyRecord | undefined> {
    const [row] = await this.#db.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = $1`, [hash]);
    return row && keyRecordOf(row);
  }

  async findById(id: string): Promise<ApiKeyRecord | undefined> {
    const [row] = await this.#db.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = $1`, [id]);
    return row && keyRecordOf(row);
  }

  async list(): Promise<ApiKeyRecord[]> {
    return (await this.#db.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at, seq`)).map(
      keyRecordOf,
    );
  }

  async revoke(id: string): Promise<ApiKeyRecord> {
    return this.#db.transaction((tx) => this.#revokeActive(tx, id));
  }

  async rotate(id: string): Promise<CreatedKey> {
    return this.#db.transaction(async (tx) => {
      const old = await this.#revokeActive(tx, id);
      return this.#create(tx, { name: old.name, env: old.env, limits: old.limits }, old.id);
    });
  }

  async consumeDaily(keyId: string, day: string, limit: number): Promise<DailyUsage> {
    // Check and increment in one statement: the row is only created or bumped while `used` is
    // below the limit (ON CONFLICT locks the row and re-checks WHERE against its latest version,
    // so concurrent requests on any number of instances queue up); no row comes back when the
    // quota is used up.
    const [row] = await this.#db.query<{ used: number }>(
      `INSERT INTO api_key_daily_usage AS u (key_id, day, used) VALUES ($1, $2, 1)
       ON CONFLICT (key_id, day) DO UPDATE SET used = u.used + 1 WHERE u.used < $3
       RETURNING used`,
      [keyId, day, limit],
    );
    if (row) return { allowed: true, used: row.used };
    return { allowed: false, used: (await this.#usedOn(keyId, day)) ?? limit };
  }

  async usedOn(keyId: string, day: string): Promise<number> {
    return (await this.#usedOn(keyId, day)) ?? 0;
  }

  async #usedOn(keyId: string, day: string): Promise<number | undefined> {
    const [row] = await this.#db.query<{ used: number }>(
      `SELECT used FROM api_key_daily_usage WHERE key_id = $1 AND day = $2`,
      [keyId, day],
    );
    return row?.used;
  }

  async #create(db: Queryable, input: NewKey, rotatedFrom: string | null): Promise<CreatedKey> {
    const { name, env, limits } = resolveNewKey(input);
    const key = generateKey(env);
    const createdAt = this.#clock();
    // A 48-bit ID collides with negligible probability; ON CONFLICT turns that into a retry
    // without aborting the transaction a rotation runs in.
    for (let attempt = 0; attempt <= 3; attempt++) {
      const [row] = await db.query<KeyRow>(
        `INSERT INTO api_keys (id, key_hash, name, env, per_day, per_second, burst, created_at, rotated_from)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING
         RETURNING ${KEY_COLUMNS}`,
        [
          generateKeyId(),
          hashKey(key),
          name,
          env,
          limits.perDay,
          limits.perSecond,
          limits.burst,
          createdAt,
          rotatedFrom,
        ],
      );
      if (row) return { key, record: keyRecordOf(row) };
    }
    throw new Error("Four random key IDs in a row were taken: the key ID generator is broken.");
  }

  /** Revokes `id` inside the caller's transaction; FOR UPDATE makes a concurrent revoke or rotate wait, then refuse. */
  async #revokeActive(tx: Queryable, id: string): Promise<ApiKeyRecord> {
    const [row] = await tx.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = $1 FOR UPDATE`, [id]);
    assertActiveKey(id, row && keyRecordOf(row));
    const [revoked] = await tx.query<KeyRow>(
      `UPDATE api_keys SET revoked_at = $1 WHERE id = $2 RETURNING ${KEY_COLUMNS}`,
      [this.#clock(), id],
    );
    return keyRecordOf(revoked!);
  }
}
