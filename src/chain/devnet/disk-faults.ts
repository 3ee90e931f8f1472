// Tells the write errors of a full or failing disk (SQLite's SQLITE_FULL and SQLITE_IOERR_*, the
// system's ENOSPC, EIO, EDQUOT, EROFS) from bugs, and turns them into the 503 a client can act on:
// the devnet could not save, nothing was accepted, try again once the operator freed space. The
// devnet remembers the last such fault for health until a write succeeds again.
import { StoreUnavailableError } from "../../errors.js";

const DISK_CODES = /^(SQLITE_FULL|SQLITE_IOERR|SQLITE_READONLY|SQLITE_CANTOPEN|ENOSPC|EIO|EDQUOT|EROFS)/;

/** True when `error` says the disk could not take a write (not when the data or the code is wrong). */
export function isDiskFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && DISK_CODES.test(code);
}

/** What is wrong with the disk under `dir`, in words for the message and health. */
export function diskProblem(dir: string, error: unknown): string {
  const code = String((error as { code?: unknown }).code);
  return code.startsWith("SQLITE_FULL") || code === "ENOSPC" || code === "EDQUOT"
    ? `the disk under ${dir} is full`
    : `the disk under ${dir} failed a write (${code}: ${(error as Error).message})`;
}

/** The 503 of a write that did not reach the disk: nothing was accepted. */
export function diskFaultError(what: string, problem: string): Error {
  return new StoreUnavailableError(
    `The devnet could not save ${what}: ${problem}. Nothing was accepted; free space under the data directory (DATA_DIR) and try again.`,
  );
}
