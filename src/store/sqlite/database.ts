// The service's SQLite file (DATA_DIR/service.sqlite, better-sqlite3): how every store on it
// opens a connection, and the ledger of their migrations. PostgreSQL's counterpart is
// ../postgres/database.ts.
//
// The server and the CLI open the same file as separate processes: WAL mode lets readers run
// beside the one writer, and `timeout` makes a writer wait for the lock instead of failing.
// synchronous=NORMAL under WAL survives a crash of the process (not of the machine's power)
// without an fsync per request. The file is shared by several components (keys.ts, blueprints.ts),
// each with its own connection and its own migrations in one ledger by component name (`migrate`),
// instead of PRAGMA user_version.
import { join } from "node:path";
import Database from "better-sqlite3";
import { StoreUnavailableError } from "../../errors.js";
import { privateFile } from "../../private-files.js";

/** The store's file inside DATA_DIR. */
export function storePath(dataDir: string): string {
  return join(dataDir, "service.sqlite");
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

/** SQLite's codes for a file that cannot serve right now: locked past the wait, a full or failing disk, a file gone or read-only. */
const UNAVAILABLE_CODES = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN)/;

/**
 * `use()` on a store's connection, where a request waits on it: a closed connection, a lock held
 * past the 5 s wait or a full or failing disk becomes StoreUnavailableError (503) naming `store`,
 * as PostgreSQL's outages do (../postgres/database.ts), rather than a 500. Any other error stays.
 */
export function whileAvailable<T>(db: Database.Database, store: string, use: () => T): T {
  const unavailable = (reason: string, cause?: unknown) =>
    new StoreUnavailableError(`The ${store} (SQLite, in DATA_DIR) cannot be used: ${reason}. Retry later.`, { cause });
  if (!db.open) throw unavailable("its connection is closed");
  try {
    return use();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === "string" && UNAVAILABLE_CODES.test(code))
      throw unavailable(`${code} (${String((error as Error).message).replace(/\.$/, "")})`, error);
    throw error;
  }
}
