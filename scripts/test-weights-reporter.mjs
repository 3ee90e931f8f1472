// A node:test reporter for `node scripts/run-tests.mjs --record-weights`: the seconds each test
// file's top-level tests took, written into scripts/test-weights.json (the files of this run
// replace their entries; the others stay). run-tests.mjs deals the files of a grouped run to its
// processes by these weights, so that the processes end together. Tests defined in a shared
// helper (test/support/port-suite.ts) count for the helper, whose weight no file gets: such a
// file is dealt by the median weight.
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const WEIGHTS = fileURLToPath(new URL("test-weights.json", import.meta.url));

export default async function* weights(source) {
  const seconds = new Map();
  for await (const event of source) {
    if ((event.type !== "test:pass" && event.type !== "test:fail") || event.data.nesting !== 0) continue;
    if (!event.data.file) continue;
    const file = relative(ROOT, event.data.file.startsWith("file:") ? fileURLToPath(event.data.file) : event.data.file);
    seconds.set(file, (seconds.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0) / 1000);
  }
  let known = {};
  try {
    known = JSON.parse(readFileSync(WEIGHTS, "utf8"));
  } catch {
    // no weights yet
  }
  for (const [file, s] of seconds) known[file] = Math.round(s * 10) / 10;
  const sorted = Object.fromEntries(Object.entries(known).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(WEIGHTS, `${JSON.stringify(sorted, null, 2)}\n`);
  yield `# test weights: ${seconds.size} files written to ${relative(ROOT, WEIGHTS)}\n`;
}
