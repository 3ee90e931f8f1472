// Runs every *.test.ts under test/ and contracts/ with node's test runner (tsx for TypeScript).
// Node 20's --test takes no globs, so the files are listed here.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function find(dir) {
  let out = [];
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (name === "node_modules") continue;
    if (statSync(path).isDirectory()) out = out.concat(find(path));
    else if (name.endsWith(".test.ts")) out.push(path);
  }
  return out;
}

const filter = process.argv.slice(2);
let files = [...find("test"), ...find("contracts")].sort();
if (filter.length > 0) files = files.filter((f) => filter.some((word) => f.includes(word)));
if (files.length === 0) {
  console.error("No test files found.");
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", "--test", "--test-concurrency=2", "--test-timeout=600000", ...files],
  { stdio: "inherit", env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" } },
);
process.exit(result.status ?? 1);
