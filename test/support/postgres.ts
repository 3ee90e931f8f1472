// A throwaway PostgreSQL server for tests: initdb into a temporary folder, then postgres on a free
// loopback port with durability off (fsync, synchronous_commit, full_page_writes: a test's data
// need not survive a power cut). The binaries come from /usr/lib/postgresql/<version>/bin (Debian's
// `postgresql` package; CI installs it). Without them, tests skip saying so, except under CI,
// where a missing server must fail rather than silently skip.
//
// PostgreSQL refuses to run as root: as root, the folder is given to the `postgres` user and the
// server runs as that user. It runs in a process group of its own, so that kill() takes its
// backends down with it (a postmaster killed alone leaves them holding the shared memory, and
// restart() on the same data would be refused). Servers still running when the process exits are
// killed then, so that a failed or interrupted test leaves no orphan behind.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./process.js";

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres: the server's maintenance database. */
  readonly url: string;
  readonly port: number;
  /** Creates an empty database and returns its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server (fast shutdown) and deletes its folder. */
  stop(): Promise<void>;
  /** SIGKILLs the server and its backends, as a crash would (after a checkpoint: no data is lost): for outage tests. */
  kill(): Promise<void>;
  /** Starts the server again on the same port and data after kill() (or a crash). */
  restart(): Promise<void>;
}

/** The bin folder of the newest installed PostgreSQL; undefined when none is installed. */
export function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "postgres")) && existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], "bin");
}

const MISSING =
  "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/postgres): install it (apt-get install postgresql) to run these tests.";

/**
 * Why PostgreSQL tests must skip (a message for `{ skip }`), or false when they can run.
 * Under CI (process.env.CI set) a missing server throws instead.
 */
export function postgresSkip(): string | false {
  if (postgresBin()) return false;
  if (process.env["CI"]) throw new Error(`${MISSING} CI must provide it.`);
  return MISSING;
}

const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) killGroup(child);
});

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Uid and gid to run the server as: the `postgres` user when we are root, else ourselves. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string): number => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`PostgreSQL exited while starting:\n${output()}`);
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.query("SELECT 1");
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL did not accept connections within 30 s: ${(error as Error).message}\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** Starts a fresh server; stop() it in an `after` hook. Throws when PostgreSQL is not installed. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error(MISSING);
  const user = runAs();
  const base = mkdtempSync(join(tmpdir(), "txsvc-pg-"));
  if (user) chownSync(base, user.uid, user.gid);
  const data = join(base, "data");
  execFileSync(
    join(bin, "initdb"),
    ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"],
    {
      cwd: base,
      stdio: "pipe",
      ...user,
    },
  );
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    let output = "";
    const server = spawn(
      join(bin!, "postgres"),
      [
        "-D",
        data,
        "-p",
        String(port),
        "-k",
        base,
        "-h",
        "127.0.0.1",
        "-c",
        "fsync=off",
        "-c",
        "synchronous_commit=off",
        "-c",
        "full_page_writes=off",
      ],
      { cwd: base, detached: true, stdio: ["ignore", "pipe", "pipe"], ...user },
    );
    const collect = (chunk: Buffer): void => {
      output = (output + chunk.toString("utf8")).slice(-4000);
    };
    server.stdout!.on("data", collect);
    server.stderr!.on("data", collect);
    running.add(server);
    server.once("exit", () => running.delete(server));
    child = server;
    try {
      await waitUntilReady(url, server, () => output);
    } catch (error) {
      killGroup(server);
      throw error;
    }
  }

  async function terminate(signal: NodeJS.Signals): Promise<void> {
    const server = child;
    child = null;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    if (signal === "SIGKILL") killGroup(server);
    else server.kill(signal);
    await exited;
    // SIGKILL reaches every process of the group at once, but the backends' exits are not awaited
    // above: wait until none holds the port's lock file any more before a restart.
    if (signal === "SIGKILL") await new Promise((resolve) => setTimeout(resolve, 200));
  }

  await start();
  return {
    url,
    port,
    async createDatabase() {
      const name = `t_${randomBytes(6).toString("hex")}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await terminate("SIGINT"); // fast shutdown: disconnects clients instead of waiting for them
      rmSync(base, { recursive: true, force: true });
    },
    async kill() {
      // With synchronous_commit=off the last commits may still sit in the server's memory, which
      // SIGKILL loses: a CHECKPOINT first writes them out, so that the outage loses no data and a
      // test can tell "unreachable" from "forgot".
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query("CHECKPOINT");
      } finally {
        await client.end();
      }
      await terminate("SIGKILL");
    },
    async restart() {
      await terminate("SIGINT");
      await start();
    },
  };
}
