// Runs the *.test.ts files under test/ and contracts/ with node's test runner (tsx for TypeScript).
// Node 20's --test takes no globs, so the files are listed here.
//
//   node scripts/run-tests.mjs                  every test file
//   node scripts/run-tests.mjs --fast           all but the slow ones (npm run test:fast, under two minutes)
//   node scripts/run-tests.mjs word [word…]     the files whose path contains one of the words
//                                               (a folder, `test/tx/`, or part of a name, `deadline`)
//
// The slow ones are test/slow/ (minutes: the key CLI as real processes, the largest tournaments, the
// fuzzer, a headless browser, devnet crashes), test/e2e/ (whole services through each backend) and
// the contract suite's scale test, which settles a 64-player tournament.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SLOW = ["test/slow/", "test/e2e/", "contracts/test/scale.test.ts"];

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

const args = process.argv.slice(2);
const fast = args.includes("--fast");
const filter = args.filter((arg) => arg !== "--fast");
let files = [...find("test"), ...find("contracts")].sort();
if (fast) files = files.filter((f) => !SLOW.some((slow) => f.startsWith(slow)));
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
