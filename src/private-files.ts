// DATA_DIR holds secrets (the devnet faucet's signing key, API key hashes) and the service's
// state: the directory is 0700 and every file in it 0600, whatever the umask. Files are created
// with that mode (before SQLite opens them: SQLite gives its -wal and -shm files the mode of the
// database file), and a directory made by an older version is put right at start.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * A shared directory (the sticky bit, as /tmp has): never made private, whoever asks, since other
 * users' files live there too.
 */
function shared(dir: string): boolean {
  return (statSync(dir).mode & 0o1000) !== 0;
}

/** Creates `dir` (and its parents) 0700 when missing, and makes an existing one 0700 unless it is a shared directory such as /tmp. */
export function privateDir(dir: string): void {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!shared(dir)) chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * The file at `path`, created empty when missing and made 0600 (its SQLite journals too); its
 * directory is created 0700 when missing, and an existing one is left as it is (DATA_DIR itself is
 * made private by main.ts and the data-dir lock, not by every file opened in some directory).
 * `:memory:` is left alone.
 */
export function privateFile(path: string): string {
  if (path === ":memory:") return path;
  const dir = dirname(path);
  if (!existsSync(dir)) privateDir(dir);
  closeSync(openSync(path, "a", PRIVATE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`])
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  return path;
}

/**
 * Makes `dir` 0700 and the files in it 0600: a DATA_DIR made before these modes. Only its own
 * files, not its subdirectories' (a DATA_DIR pointed at a home directory must not make a whole
 * tree private), and never a shared directory such as /tmp.
 */
export function makePrivate(dir: string): void {
  if (!existsSync(dir) || shared(dir)) return;
  chmodSync(dir, PRIVATE_DIR_MODE);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isFile()) chmodSync(path, PRIVATE_FILE_MODE);
  }
}
