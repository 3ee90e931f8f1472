// The PostgreSQL connection of the stores: one pg.Pool that the key, blueprint and deployment
// stores share (open.ts makes one per process), queries and transactions on it, the schema
// ledger, and the translation of "the database cannot be reached" into StoreUnavailableError
// (503, with Retry-After), so that an outage is never answered as a 500. The pool reconnects by
// itself: once the server is back, the next query works without reopening anything.
//
// A connection that breaks (pg_terminate_backend, a failover, PostgreSQL killed) is reported by
// pg as an 'error' event on its client, which ends the process when nobody listens. Every client
// has a listener all its life: the pool's while it is idle, one of its own from its creation, and
// the transaction's while a transaction holds it, which then releases it with that error so that
// the pool destroys it instead of handing it out again.
//
// The schema is brought up to date before the first query (ready): when PostgreSQL cannot be
// reached at start, the instance starts anyway, answers 503 meanwhile, and migrates on the first
// query or health check that finds PostgreSQL back.
//
// Migrations are plain numbered SQL per component, in the same ledger scheme as the SQLite file
// (schema_migrations by component, see migrate in ../sqlite/database.ts): a migration tool would be one
// more dependency, and a second scheme, for a few CREATE TABLEs.
import pg from "pg";
import { StoreUnavailableError } from "../../errors.js";

/** What a store runs its SQL on: the pool, or the client of one transaction. */
export interface Queryable {
  query<R>(sql: string, params?: readonly unknown[]): Promise<R[]>;
}

const INT8_OID = 20;
// BIGINT comes back as text by default, since it may exceed 2^53. Ours (Unix milliseconds,
// counters below MAX_LIMIT, sequence numbers) never do, so this pool reads them as numbers
// (per pool: pg.types.setTypeParser would change every pg user of the process).
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID
      ? (text: string) => Number(text)
      : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
};

/** Any constant: the advisory lock that serializes schema migrations of every instance on the database. */
const MIGRATION_LOCK = 7_478_737_663;

/** A component's tables and their append-only migrations (see migrate). */
export interface Schema {
  readonly component: string;
  readonly migrations: readonly string[];
}

export class PgDatabase implements Queryable {
  readonly #pool: pg.Pool;
  readonly #schemas: readonly Schema[];
  /** Resolved once every schema is migrated; null before, and again after a failed attempt. */
  #migrated: Promise<void> | null = null;
  #closing: Promise<void> | null = null;

  /** A pool on `url`; `schemas` are migrated before the first query runs (ready). */
  constructor(url: string, schemas: readonly Schema[] = []) {
    this.#schemas = schemas;
    this.#pool = new pg.Pool({
      connectionString: url,
      types,
      max: 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection that breaks (server restarted, network cut) is dropped by the pool and
    // reported here. The next query reports the outage, as StoreUnavailableError, if it lasts.
    this.#pool.on("error", () => undefined);
    // A client's own listener, from its creation to its end: whatever pg-pool's listeners miss
    // (an error between two of its hand-overs, a second error after the first) is dropped here
    // rather than ending the process; the query or transaction that meets the broken connection
    // reports it.
    this.#pool.on("connect", (client) => client.on("error", () => undefined));
  }

  /**
   * Migrates the schemas once (a failure is retried by the next call): StoreUnavailableError while
   * PostgreSQL cannot be reached, any other error when a migration fails.
   */
  ready(): Promise<void> {
    this.#migrated ??= this.#migrateAll().catch((error: unknown) => {
      this.#migrated = null;
      throw error;
    });
    return this.#migrated;
  }

  async #migrateAll(): Promise<void> {
    for (const { component, migrations } of this.#schemas) await this.migrate(component, migrations);
  }

  async query<R>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
    await this.ready();
    try {
      return (await this.#pool.query(sql, params as unknown[])).rows as R[];
    } catch (error) {
      throw translate(error);
    }
  }

  /** Why the database cannot be used now (its schema not migrated, or one `SELECT 1` failing), or null. */
  async problem(): Promise<string | null> {
    try {
      await this.query("SELECT 1");
      return null;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return message.replace(/^The database/, "the database").replace(/\.? Retry later\.$/, "");
    }
  }

  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    await this.ready();
    return this.#transaction(work);
  }

  async #transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw translate(error);
    }
    // The connection breaking while the transaction holds it (between two queries too): the next
    // query fails, and release(broken) has the pool destroy the client.
    let broken: Error | undefined;
    const onError = (error: Error): void => {
      broken ??= error;
    };
    client.on("error", onError);
    const tx: Queryable = {
      query: async <R>(sql: string, params: readonly unknown[] = []) =>
        (await client.query(sql, params as unknown[])).rows as R[],
    };
    try {
      await client.query("BEGIN");
      const result = await work(tx);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((rollbackError: Error) => {
        broken ??= rollbackError; // the connection is unusable: release(error) destroys it
      });
      throw translate(error);
    } finally {
      client.removeListener("error", onError);
      client.release(broken);
    }
  }

  /**
   * Brings `component`'s tables up to date, as migrate does for SQLite: applies, in order and once
   * each, the entries of its append-only `migrations` list that schema_migrations has not recorded.
   * The transaction first takes an advisory lock, so that instances starting together wait for
   * each other instead of applying a migration twice (CREATE TABLE IF NOT EXISTS alone races).
   */
  async migrate(component: string, migrations: readonly string[]): Promise<void> {
    await this.#transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
                        component  TEXT NOT NULL,
                        version    INTEGER NOT NULL,
                        applied_at BIGINT NOT NULL,
                        PRIMARY KEY (component, version)
                      )`);
      const [row] = await tx.query<{ v: number | null }>(
        `SELECT max(version) AS v FROM schema_migrations WHERE component = $1`,
        [component],
      );
      const current = row?.v ?? 0;
      if (current > migrations.length) {
        throw new Error(
          `The store's ${component} schema is version ${current}, newer than this service knows (${migrations.length}): upgrade the service.`,
        );
      }
      for (let version = current + 1; version <= migrations.length; version++) {
        await tx.query(migrations[version - 1]!);
        await tx.query(`INSERT INTO schema_migrations (component, version, applied_at) VALUES ($1, $2, $3)`, [
          component,
          version,
          Date.now(),
        ]);
      }
    });
  }

  /** Closes every connection of the pool; calling it again waits for the same close. */
  close(): Promise<void> {
    this.#closing ??= this.#pool.end();
    return this.#closing;
  }
}

/** Network errors, and the SQLSTATEs of a server that is going away or not there yet. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, shutting down, recovering
  "53300", // too_many_connections
]);
/** pg's own words for a connection that broke or never came, which carry no code. */
const UNREACHABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|not queryable/i;

/** Whether `error` says that the database cannot be reached (rather than that a query is wrong). */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || code.startsWith("08"))) return true; // class 08: connection exception
  return UNREACHABLE_MESSAGES.test(error.message);
}

/** Seconds a client is asked to wait (Retry-After) before retrying a request that met an outage. */
export const RETRY_AFTER_SECONDS = 5;

/** StoreUnavailableError (with Retry-After) for an outage, with the original as its cause; any other error as it is. */
export function translate(error: unknown): unknown {
  if (error instanceof StoreUnavailableError || !isUnreachable(error)) return error;
  const original = error as Error & { code?: string; errors?: Error[] };
  // Node reports a refused connection to "localhost" (IPv6 and IPv4) as an AggregateError without a message.
  const detail = (original.message || original.errors?.[0]?.message || original.code || "no answer").replace(/\.$/, "");
  const unavailable = new StoreUnavailableError(`The database (PostgreSQL) cannot be reached: ${detail}. Retry later.`);
  unavailable.cause = error;
  // The error handler (plugins/errors.ts) sends an error's `headers` with its answer.
  Object.assign(unavailable, { headers: { "retry-after": String(RETRY_AFTER_SECONDS) } });
  return unavailable;
}
