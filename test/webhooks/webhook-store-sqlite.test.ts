// The webhook store contract (./webhook-store-suite.ts) on the SQLite file in a DATA_DIR.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { openStores } from "../../src/store/open.js";
import { runWebhookStoreSuite } from "./webhook-store-suite.js";

const root = mkdtempSync(join(tmpdir(), "txsvc-webhook-store-"));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

runWebhookStoreSuite("SQLite", async () => {
  const dataDir = join(root, String(++n));
  return { open: () => openStores({ dataDir }) };
});
