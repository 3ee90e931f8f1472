// The data directory's lock between real processes: a child holds it; this process is refused
// with the directory and the child's PID; the key store in the same directory still opens (the
// CLI's case); once the child is killed -9 the lock is free with no cleanup, and a released lock
// can be taken again at once.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { DataDirLock, DataDirLockedError } from "../../../src/chain/devnet/data-dir-lock.js";
import { storePath } from "../../../src/store/sqlite/database.js";
import { SqliteKeyStore } from "../../../src/store/sqlite/keys.js";

/** A child process that takes the lock on `dir`, says "locked", and holds it until killed. */
async function holder(dir: string) {
  const script = `import { DataDirLock } from "./src/chain/devnet/data-dir-lock.ts"; DataDirLock.acquire(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: process.cwd(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => d.toString().includes("locked") && resolve());
    child.once("exit", (code) => reject(new Error(`the holder exited (${code}): ${output}`)));
  });
  return child;
}

describe("DataDirLock", () => {
  const dir = mkdtempSync(join(tmpdir(), "txsvc-lock-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses a second process naming the directory and the holder's PID, and is free again after kill -9", async () => {
    const child = await holder(dir);
    try {
      assert.throws(
        () => DataDirLock.acquire(dir),
        (error: unknown) => {
          assert.ok(error instanceof DataDirLockedError);
          assert.equal(error.holderPid, child.pid);
          assert.match(
            error.message,
            new RegExp(`^Another server is using the data directory ${dir} \\(held by the process ${child.pid}\\)`),
          );
          return true;
        },
      );
      // The key CLI opens the key store while a server runs: the lock does not stand in its way.
      const store = await SqliteKeyStore.open(storePath(dir));
      await store.close();
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    const lock = DataDirLock.acquire(dir);
    lock.release();
    DataDirLock.acquire(dir).release();
  });
});
