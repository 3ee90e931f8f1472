// Runs the *.test.ts files under test/ and contracts/ with node's test runner (tsx for TypeScript).
// Node 20's --test takes no globs, so the files are listed here.
//
//   node scripts/run-tests.mjs                  every test file: the slow ones each in its own process,
//                                               the others grouped (npm test)
//   node scripts/run-tests.mjs --fast           all but the slow ones, grouped (npm run test:fast)
//   node scripts/run-tests.mjs word [word…]     the files whose path contains one of the words
//                                               (a folder, `test/tx/`, or part of a name, `deadline`),
//                                               each in its own process
//   node scripts/run-tests.mjs --fast word …    those files but the slow ones, grouped
//
// Every run ends with its wall time and the number of files.
//
// The slow ones are test/slow/ (from ten seconds to minutes each: the key CLI as real processes,
// the largest tournaments, the fuzzer, a headless browser, devnet crashes) and test/e2e/ (whole
// services through each backend) and test/hostile/ (attacks on the service as a real process)
// and test/sdk/ (each SDK's own flows through the devnet's Blockfrost-compatible API).
//
// The files that are not slow run in a few shared processes instead of one each (in the full run
// and with --fast): every file that starts the service or builds a transaction first loads
// Scalus, Helios and the service, 3 to 5 s of CPU, which over some 140 files was an estimated third
// of the full run. Tests must not depend on running alone (none changes process.env or other global state);
// a slow file keeps its own process, and a run of named files (no --fast) one process per file,
// which is also how to see a file whose top-level before() failed, or that crashed, on its own.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const SLOW = ["test/slow/", "test/e2e/", "test/hostile/", "test/sdk/"];
/** Shared processes of a grouped run (all at once with --fast, two at a time in the full run). */
const GROUPS = 4;

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

/** Seconds per test file, as a run with --record-weights measured them (scripts/test-weights.json); {} when absent. */
function weights() {
  try {
    return JSON.parse(readFileSync(new URL("test-weights.json", import.meta.url), "utf8"));
  } catch {
    return {};
  }
}

/**
 * One module per group that imports its test files, in a temporary folder; returns [folder, modules].
 * The files are dealt heaviest first, each to the group with the least weight so far, so that the
 * groups end together (dealt in turn, one group had 1.4 times the work of another); a file without
 * a weight counts as the median one.
 */
function grouped(files) {
  const dir = mkdtempSync(join(tmpdir(), "run-tests-"));
  const groups = Array.from({ length: Math.min(GROUPS, files.length) }, () => ({ files: [], weight: 0 }));
  const known = weights();
  const values = Object.values(known).sort((a, b) => a - b);
  const median = values.length > 0 ? values[Math.floor(values.length / 2)] : 1;
  const weightOf = (file) => known[file] ?? median;
  for (const file of [...files].sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(file);
    lightest.weight += weightOf(file);
  }
  const modules = groups.map((group, i) => {
    const module = join(dir, `group-${i + 1}.test.mjs`);
    writeFileSync(
      module,
      group.files.map((file) => `import ${JSON.stringify(pathToFileURL(resolve(file)).href)};\n`).join(""),
    );
    return module;
  });
  return [dir, modules];
}

/** A tmpfs at /dev/shm with at least 2 GiB free (a container's default 64 MiB one is not used), or undefined. */
function memoryTmp() {
  try {
    const fs = statfsSync("/dev/shm");
    return fs.bavail * fs.bsize >= 2 ** 31 ? "/dev/shm" : undefined;
  } catch {
    return undefined;
  }
}

const started = Date.now();
const args = process.argv.slice(2);
const fast = args.includes("--fast");
// --record-weights: also writes each file's seconds into scripts/test-weights.json (see grouped()).
const record = args.includes("--record-weights");
const filter = args.filter((arg) => arg !== "--fast" && arg !== "--record-weights");
let files = [...find("test"), ...find("contracts")].sort();
const isSlow = (file) => SLOW.some((slow) => file.startsWith(slow));
if (fast) files = files.filter((f) => !isSlow(f));
if (filter.length > 0) files = files.filter((f) => filter.some((word) => f.includes(word)));
if (files.length === 0) {
  console.error("No test files found.");
  process.exit(1);
}
// Named files without --fast run one per process; otherwise the quick ones are grouped, and the slow
// ones (full run) start first, each alone, so that the longest do not start last.
const group = fast || filter.length === 0;
const slow = group ? files.filter(isSlow) : files;
const [groupDir, modules] = group ? grouped(files.filter((f) => !isSlow(f))) : [undefined, []];
// The tests' temporary DATA_DIRs, SQLite files and databases go to memory when the machine has a
// tmpfs at /dev/shm (unless TMPDIR is set): the devnet commits each block with synchronous = FULL,
// whose fsync on a shared disk took about 2 ms a commit against 0.2 ms in memory. A killed process
// loses nothing either way (its writes are in the kernel's page cache); only a machine crash would.
const tmp = process.env.TMPDIR ?? memoryTmp();
// The contracts' invariant fuzzers (contracts/test/invariants.test.ts for v2.1, v3/invariants-v3.test.ts)
// search 300 random sequences each in the full run and 12 in the fast loop, where they were the two
// longest files (47 and 46 s at 40); FUZZ_RUNS overrides.
const fuzzRuns = fast && process.env.FUZZ_RUNS === undefined ? { FUZZ_RUNS: "12" } : {};
// A --fast run starts its shared processes all at once: their tests also wait (for a devnet's
// block, a backend's timeout, a child process), and a process that waits leaves its core to the
// others. The full run keeps two at a time: its slow files hold bounds on answer times (the
// hostile ones: 2 s, health within 500 ms) that more processes per core would put at risk.
const concurrency = fast ? Math.max(2, modules.length) : 2;
// A test's (and a file's) time limit, against hangs: 10 minutes, or 30 when files are grouped, as a
// group of some 35 files is one test to the runner (on a loaded machine a group took over 10).
const timeoutMs = modules.length > 0 ? 1_800_000 : 600_000;
// A larger young generation for every process of the run (the tests' and the servers they start):
// the tests allocate fast (transactions, CBOR, Scalus), and with V8's default 16 MiB semi-spaces
// the scavenger ran so often that it was some 8 % of the suite's CPU; 64 MiB ones took about a
// tenth off a tournament file's CPU time, for at most some 200 MiB more per process.
const nodeOptions = [process.env.NODE_OPTIONS, "--max-semi-space-size=64"].filter(Boolean).join(" ");
const result = spawnSync(
  process.execPath,
  [
    "--import",
    "tsx",
    "--test",
    ...(record
      ? [
          `--test-reporter=${process.stdout.isTTY ? "spec" : "tap"}`,
          "--test-reporter-destination=stdout",
          `--test-reporter=${new URL("test-weights-reporter.mjs", import.meta.url).href}`,
          "--test-reporter-destination=stderr",
        ]
      : []),
    `--test-concurrency=${concurrency}`,
    `--test-timeout=${timeoutMs}`,
    ...slow,
    ...modules,
  ],
  {
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_OPTIONS: nodeOptions,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
      ...(tmp ? { TMPDIR: tmp } : {}),
      ...fuzzRuns,
    },
  },
);
if (groupDir) rmSync(groupDir, { recursive: true, force: true });
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`# run-tests: ${files.length} files in ${seconds} s (wall)`);
process.exit(result.status ?? 1);
