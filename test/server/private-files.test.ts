// DATA_DIR is private (issue #20, item 5): the directory 0700 and every file in it 0600 (the
// devnet's store with the faucet's signing key, the key store, the lock and PID files, SQLite's
// -wal and -shm files), whatever the umask; and a DATA_DIR an older version left 0755 with 0644
// files is put right when the server starts, as a real process.
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { makePrivate, privateDir, privateFile } from "../../src/private-files.js";
import { startService } from "../support/service.js";
import { startServer } from "../support/process.js";
import { newEnterpriseWallet } from "../support/wallets.js";

const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

/** Every file and directory under `dir` with its mode, `dir` itself as ".". */
function modes(dir: string, prefix = ""): Record<string, string> {
  const out: Record<string, string> = prefix === "" ? { ".": mode(dir) } : {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    out[`${prefix}${name}`] = mode(path);
    if (statSync(path).isDirectory()) Object.assign(out, modes(path, `${prefix}${name}/`));
  }
  return out;
}

describe("DATA_DIR files are 0600 and the directory 0700", () => {
  it("creates them so on the devnet, SQLite's journals included", async () => {
    const parent = mkdtempSync(join(tmpdir(), "txsvc-private-"));
    const dataDir = join(parent, "data");
    const service = await startService({}, { dataDir });
    try {
      // A faucet payment writes the devnet's store (and its WAL).
      const paid = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
        address: (await newEnterpriseWallet()).address,
        lovelace: 5_000_000,
      });
      assert.equal(paid.status, 200, JSON.stringify(paid.body));
      const found = modes(dataDir);
      assert.ok(
        Object.keys(found).some((name) => name.endsWith("-wal")),
        JSON.stringify(found),
      );
      for (const [name, m] of Object.entries(found)) {
        const isDir = statSync(join(dataDir, name)).isDirectory();
        assert.equal(m, isDir ? "700" : "600", `${name} is ${m}`);
      }
    } finally {
      await service.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it("puts an older DATA_DIR right at start, and the lock and PID files are private too", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "txsvc-private-old-"));
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, "old.sqlite"), "");
    chmodSync(join(dataDir, "old.sqlite"), 0o644);
    mkdirSync(join(dataDir, "sub"), { mode: 0o755 });
    writeFileSync(join(dataDir, "sub", "f"), "x", { mode: 0o644 });
    const server = await startServer(dataDir);
    try {
      const found = modes(dataDir);
      assert.ok(Object.keys(found).length > 4, JSON.stringify(found));
      // DATA_DIR and its own files are made private; a subdirectory is not the service's to change
      // (a DATA_DIR pointed at a home directory must not make the whole tree private).
      const { sub, "sub/f": subFile, ...own } = found;
      assert.deepEqual({ sub, subFile }, { sub: "755", subFile: "644" });
      for (const [name, m] of Object.entries(own)) {
        const isDir = statSync(join(dataDir, name)).isDirectory();
        assert.equal(m, isDir ? "700" : "600", `${name} is ${m}: ${JSON.stringify(found)}`);
      }
    } finally {
      await server.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("never changes a shared directory such as /tmp, nor the directory of a store opened in an existing one", () => {
    const shared = mkdtempSync(join(tmpdir(), "txsvc-shared-"));
    const existing = mkdtempSync(join(tmpdir(), "txsvc-existing-"));
    try {
      chmodSync(shared, 0o1777);
      chmodSync(existing, 0o755);
      makePrivate(shared);
      privateDir(shared);
      privateFile(join(shared, "store.sqlite"));
      privateFile(join(existing, "store.sqlite"));
      assert.equal((statSync(shared).mode & 0o7777).toString(8), "1777");
      assert.equal(mode(existing), "755");
      assert.equal(mode(join(shared, "store.sqlite")), "600");
      assert.equal(mode(join(existing, "store.sqlite")), "600");
    } finally {
      rmSync(shared, { recursive: true, force: true });
      rmSync(existing, { recursive: true, force: true });
    }
  });
});
