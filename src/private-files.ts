// DATA_DIR holds secrets (the devnet faucet's signing key, API key hashes) and the service's
// state: the directory is 0700 and every file in it 0600, whatever the umask. Files are created
// with that mode (before SQLite opens them: SQLite gives its -wal and -shm files the mode of the
// database file), and a directory made by an older version is put right at start.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and its parents) when missing, and makes it 0700. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** The file at `path`, created empty when missing, in a 0700 directory, and made 0600 (its SQLite journals too). `:memory:` is left alone. */
export function privateFile(path: string): string {
  if (path === ":memory:") return path;
  privateDir(dirname(path));
  closeSync(openSync(path, "a", PRIVATE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  return path;
}

/** Makes `dir` 0700 and everything under it 0700 (directories) or 0600 (files): a DATA_DIR made before these modes. */
export function makePrivate(dir: string): void {
  if (!existsSync(dir)) return;
  chmodSync(dir, PRIVATE_DIR_MODE);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) makePrivate(path);
    else if (stat.isFile()) chmodSync(path, PRIVATE_FILE_MODE);
  }
}
