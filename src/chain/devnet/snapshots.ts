// Named snapshots of the devnet: each is a copy of the whole SQLite file of its state
// (DATA_DIR/snapshots/<name>.sqlite, 0600 like every file of DATA_DIR), made by SQLite's online
// backup, so that a snapshot holds whatever the store keeps, whatever its tables. The backup copies
// a hundred pages at a time and lets the event loop run between (a 22 MB file: 95 ms in all, no
// pause over 8 ms; VACUUM INTO would hold the loop 130 ms in one go). A small
// table of its own in the copy (snapshot_info) says what the listing shows: the slot the devnet
// had reached, when it was saved, the system start of the devnet it came from.
// A save reads the state between two transactions (in the devnet's write queue); a restore
// replaces the state with a copy of the snapshot as a restart would (DevnetChain.replaceState),
// and the clock resumes at the snapshot's slot.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import {
  NotFoundError,
  SnapshotExistsError,
  SnapshotLimitError,
  StoreUnavailableError,
  UnprocessableError,
} from "../../errors.js";
import { privateDir, privateFile } from "../../private-files.js";
import type { DevnetStatus, SnapshotInfo, Tip } from "../port.js";
import { diskProblem, isDiskFault } from "./disk-faults.js";

/** A snapshot's name: a short slug, also its file's name. */
export const SNAPSHOT_NAME_PATTERN = "^[a-z0-9][a-z0-9_-]{0,47}$";
const SNAPSHOT_NAME = new RegExp(SNAPSHOT_NAME_PATTERN);
const SUFFIX = ".sqlite";

/** What snapshots need of the devnet (DevnetChain). */
export interface SnapshotSource {
  /** The SQLite file of its state. */
  readonly statePath: string;
  readonly systemStartMs: number;
  tip(): Promise<Tip>;
  /** Runs `task` in the write queue: no transaction is applied meanwhile. */
  whileIdle<T>(task: () => T | Promise<T>): Promise<T>;
  /** Replaces the state (in the write queue) by the file `prepare` writes at the path it is given; the clock resumes at the slot it answers. */
  replaceState(prepare: (path: string) => Promise<number | undefined>): Promise<DevnetStatus>;
}

interface Stored {
  readonly slot: number;
  readonly savedAt: number;
  readonly systemStartMs: number;
}

export class DevnetSnapshots {
  readonly #devnet: SnapshotSource;

  constructor(devnet: SnapshotSource) {
    this.#devnet = devnet;
  }

  /** DATA_DIR/snapshots (beside the state's file). */
  get #dir(): string {
    const path = this.#devnet.statePath;
    if (path === ":memory:")
      throw new UnprocessableError("This devnet keeps its state in memory (no DATA_DIR file): it has no snapshots.");
    return join(dirname(path), "snapshots");
  }

  #file(name: string): string {
    // The routes' schemas check the name; this keeps any other caller inside the directory.
    if (!SNAPSHOT_NAME.test(name)) throw new Error(`not a snapshot name: ${JSON.stringify(name)}`);
    return join(this.#dir, `${name}${SUFFIX}`);
  }

  /** Saves the state as `name`, between two transactions. */
  save(name: string, options: { readonly overwrite: boolean; readonly limit: number }): Promise<SnapshotInfo> {
    return this.#devnet.whileIdle(async () => {
      const file = this.#file(name);
      const exists = existsSync(file);
      if (exists && !options.overwrite) {
        throw new SnapshotExistsError(
          `A snapshot named "${name}" exists already: send "overwrite": true to replace it, or choose another name.`,
        );
      }
      // The snapshots a listing shows (a file that is not one is neither listed nor counted).
      const others = (await this.list()).filter((n) => n.name !== name);
      if (!exists && others.length >= options.limit) {
        throw new SnapshotLimitError(
          `The devnet holds ${others.length} snapshots, its maximum (DEVNET_SNAPSHOT_LIMIT): delete one (DELETE /devnet/snapshots/{name}) or overwrite one before saving "${name}".`,
        );
      }
      privateDir(this.#dir);
      // A copy a crash interrupted (no other save runs meanwhile): not a snapshot, removed.
      for (const leftover of readdirSync(this.#dir).filter((f) => f.endsWith(`${SUFFIX}.tmp`)))
        rmSync(join(this.#dir, leftover), { force: true });
      const { slot } = await this.#devnet.tip();
      const temporary = `${file}.tmp`;
      const stored: Stored = { slot, savedAt: Date.now(), systemStartMs: this.#devnet.systemStartMs };
      try {
        rmSync(temporary, { force: true });
        await copyFile(this.#devnet.statePath, temporary);
        const copy = new Database(temporary);
        try {
          // A rollback journal: the snapshot is one file, readable without its -wal and -shm.
          copy.pragma("journal_mode = DELETE");
          copy.exec(
            "CREATE TABLE snapshot_info (id INTEGER PRIMARY KEY CHECK (id = 1), slot INTEGER NOT NULL, saved_at INTEGER NOT NULL, system_start_ms INTEGER NOT NULL)",
          );
          copy
            .prepare("INSERT INTO snapshot_info (id, slot, saved_at, system_start_ms) VALUES (1, ?, ?, ?)")
            .run(stored.slot, stored.savedAt, stored.systemStartMs);
        } finally {
          copy.close();
        }
        renameSync(temporary, file);
      } catch (error) {
        rmSync(temporary, { force: true });
        if (!isDiskFault(error)) throw error;
        throw new StoreUnavailableError(
          `The devnet could not save the snapshot "${name}": ${diskProblem(dirname(this.#devnet.statePath), error)}. Nothing was saved; free space under the data directory (DATA_DIR) and try again.`,
        );
      }
      return { name, slot: stored.slot, savedAt: stored.savedAt, bytes: statSync(file).size };
    });
  }

  /** Every snapshot, oldest first. */
  async list(): Promise<SnapshotInfo[]> {
    if (this.#devnet.statePath === ":memory:") return [];
    const infos = this.#names().flatMap((name) => {
      const file = this.#file(name);
      const stored = readStored(file);
      return stored ? [{ name, slot: stored.slot, savedAt: stored.savedAt, bytes: statSync(file).size }] : [];
    });
    return infos.sort((a, b) => a.savedAt - b.savedAt || a.name.localeCompare(b.name));
  }

  /** Puts the devnet back as the snapshot holds it; the clock resumes at its slot. */
  restore(name: string): Promise<DevnetStatus> {
    // Read in the write queue: a delete or an overwrite of the same name comes before or after.
    return this.#devnet.replaceState(async (path) => {
      const file = this.#file(name);
      const stored = readStored(file);
      if (!stored) throw this.#unknown(name);
      if (stored.systemStartMs !== this.#devnet.systemStartMs) {
        throw new UnprocessableError(
          `The snapshot "${name}" was saved by another devnet (system start ${new Date(stored.systemStartMs).toISOString()}; this one's is ` +
            `${new Date(this.#devnet.systemStartMs).toISOString()}): its slots would mean other times here. Delete it, or restore it in the DATA_DIR it came from.`,
        );
      }
      // A copy of the whole file, then without the snapshot's own table: the state as it was saved.
      await copyFile(file, path);
      const restored = new Database(path);
      try {
        restored.exec("DROP TABLE snapshot_info");
      } finally {
        restored.close();
      }
      return stored.slot;
    });
  }

  /** Deletes the snapshot `name`; what it was. */
  delete(name: string): Promise<SnapshotInfo> {
    return this.#devnet.whileIdle(() => {
      const file = this.#file(name);
      const stored = readStored(file);
      if (!stored) throw this.#unknown(name);
      const info = { name, slot: stored.slot, savedAt: stored.savedAt, bytes: statSync(file).size };
      rmSync(file);
      return info;
    });
  }

  #names(): string[] {
    const dir = this.#dir;
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.endsWith(SUFFIX))
      .map((f) => f.slice(0, -SUFFIX.length))
      .filter((n) => SNAPSHOT_NAME.test(n));
  }

  #unknown(name: string): Error {
    const names = this.#names();
    const known =
      names.length === 0
        ? "there is none (save one with POST /devnet/snapshots)"
        : `there are ${names.map((n) => `"${n}"`).join(", ")}`;
    return new NotFoundError(`No devnet snapshot is named "${name}": ${known}.`);
  }
}

/** Copies the SQLite file `from` to `to` (created 0600 first) with SQLite's online backup: consistent, and in steps. */
async function copyFile(from: string, to: string): Promise<void> {
  const source = new Database(from, { readonly: true, fileMustExist: true });
  try {
    await source.backup(privateFile(to));
  } finally {
    source.close();
  }
}

/** A snapshot file's own record, or null when the file is missing or is not a snapshot. */
function readStored(file: string): Stored | null {
  if (!existsSync(file)) return null;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const row = db.prepare("SELECT slot, saved_at, system_start_ms FROM snapshot_info WHERE id = 1").get() as
      { slot: number; saved_at: number; system_start_ms: number } | undefined;
    return row ? { slot: row.slot, savedAt: row.saved_at, systemStartMs: row.system_start_ms } : null;
  } catch {
    return null;
  } finally {
    db?.close();
  }
}
