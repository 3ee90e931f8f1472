// One server per data directory: two servers on one devnet ledger each keep their own copy in
// memory, so both accept a spend of the same output and one overwrites the other's on disk.
// The lock is SQLite's own: DATA_DIR/lock.sqlite held in an exclusive transaction for the life of
// the server. The operating system drops it when the process ends, however it ends (kill -9
// included), so a lock is never left behind by a dead server and there is nothing to clean up.
// The holder writes its PID beside it (DATA_DIR/server.pid), read only to name it in the refusal.
// Only servers take it: the key CLI opens the key store while a server runs, which SQLite allows.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { privateDir, privateFile } from "../../private-files.js";

export const LOCK_FILE = "lock.sqlite";
export const PID_FILE = "server.pid";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
  ) {
    const holder = holderPid === null ? "another process" : `the process ${holderPid}`;
    super(
      `Another server is using the data directory ${dataDir} (held by ${holder}): two servers on one directory would each accept spends the other does not see. ` +
        `Stop that server first, or give this one its own DATA_DIR.`,
    );
    this.name = "DataDirLockedError";
  }
}

export class DataDirLock {
  readonly #db: Database.Database;

  private constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Takes the lock on `dataDir`, creating the directory; throws DataDirLockedError when a live process holds it. */
  static acquire(dataDir: string, pid: number = process.pid): DataDirLock {
    privateDir(dataDir);
    // timeout 0: refuse at once rather than wait for the holder (better-sqlite3 waits 5 s by default).
    const db = new Database(privateFile(join(dataDir, LOCK_FILE)), { timeout: 0 });
    try {
      db.pragma("locking_mode = EXCLUSIVE");
      // A rollback journal (not WAL): BEGIN EXCLUSIVE then takes the file's exclusive lock at once.
      db.pragma("journal_mode = DELETE");
      db.exec("BEGIN EXCLUSIVE");
    } catch (error) {
      db.close();
      if ((error as { code?: unknown }).code === "SQLITE_BUSY")
        throw new DataDirLockedError(dataDir, readHolder(dataDir));
      throw error;
    }
    writeFileSync(privateFile(join(dataDir, PID_FILE)), `${pid}\n`);
    return new DataDirLock(db);
  }

  /** Lets another server take the directory (the process's end does the same). */
  release(): void {
    if (!this.#db.open) return;
    this.#db.exec("ROLLBACK");
    this.#db.close();
  }
}

/** The PID the holder wrote, or null when it cannot be read (written a moment after the lock). */
function readHolder(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dataDir, PID_FILE), "utf8").trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
