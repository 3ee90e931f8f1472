// The store contract (test/support/store-suite.ts) on the SQLite files in a DATA_DIR.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { openStores } from "../../src/store/open.js";
import { runStoreSuite } from "../support/store-suite.js";

const root = mkdtempSync(join(tmpdir(), "txsvc-store-suite-"));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

runStoreSuite("SQLite", () => ({
  async fresh() {
    const dataDir = join(root, String(++n));
    return { open: (clock) => openStores({ dataDir }, clock ? { clock } : {}) };
  },
}));
