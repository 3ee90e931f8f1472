// scripts/start.mjs, what `npm start` runs: src/ transpiled into .transpiled/ where a file is new or
// changed, nothing rewritten when nothing changed, an output without a source removed (an import of
// a deleted module must fail, not run stale code), and the output runs as the source would. The
// tests transpile a copy of one module into a folder of their own: servers that other tests start
// meanwhile (test/support/process.ts runs scripts/start.mjs) write into .transpiled/.
import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, describe, it } from "node:test";

interface StartScript {
  transpile(src: string, out: string): { written: number; removed: number };
}

const script = (await import(new URL("../../scripts/start.mjs", import.meta.url).href)) as StartScript;
const ROOT = mkdtempSync(join(tmpdir(), "start-script-"));
const SRC = join(ROOT, "src");
const OUT = join(ROOT, ".transpiled");
mkdirSync(join(SRC, "cardano"), { recursive: true });
const SOURCE = join(SRC, "cardano", "crc32.ts");
copyFileSync(new URL("../../src/cardano/crc32.ts", import.meta.url), SOURCE);
const transpile = () => script.transpile(SRC, OUT);

describe("npm start's transpile step (scripts/start.mjs)", () => {
  after(() => rmSync(ROOT, { recursive: true, force: true }));

  it("writes nothing when src/ has not changed since the last start", () => {
    transpile();
    assert.deepEqual(transpile(), { written: 0, removed: 0 });
  });

  it("transpiles a source changed after its output, and only that one", () => {
    transpile();
    // The output made older than its source, as an edit of the source after the last start does
    // (the source itself is left alone).
    const output = join(OUT, "cardano", "crc32.js");
    const before = new Date(statSync(SOURCE).mtimeMs - 60_000);
    utimesSync(output, before, before);
    assert.deepEqual(transpile(), { written: 1, removed: 0 });
    assert.ok(statSync(output).mtimeMs >= statSync(SOURCE).mtimeMs, "the output is as new as its source");
  });

  it("removes an output whose source is gone", () => {
    transpile();
    const orphan = join(OUT, "cardano", "deleted-module.js");
    writeFileSync(orphan, "export const stale = true;\n");
    assert.deepEqual(transpile(), { written: 0, removed: 1 });
    assert.equal(existsSync(orphan), false);
  });

  it("the transpiled module computes what the source does (CRC-32 check value)", async () => {
    transpile();
    const { crc32 } = (await import(pathToFileURL(join(OUT, "cardano", "crc32.js")).href)) as {
      crc32: (bytes: Uint8Array) => number;
    };
    assert.equal(crc32(new TextEncoder().encode("123456789")), 0xcbf43926);
  });
});
