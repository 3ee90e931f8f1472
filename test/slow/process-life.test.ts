// The server's life as a supervisor sees it, with real processes run as `npm run start:prod`
// runs them (node --import tsx src/main.ts, no npm or shell in between): SIGTERM stops accepting,
// lets an in-flight request finish and exits 0; the drain is bounded by SHUTDOWN_TIMEOUT_MS; a
// second signal exits at once; a second server on the same DATA_DIR refuses to start, naming the
// directory and the holder's PID, and the directory is free again once the holder is killed -9.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";

const UNKNOWN_TX = "ab".repeat(32);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

interface Server {
  readonly child: ChildProcess;
  readonly origin: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}): Server {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      NETWORK: "devnet",
      AUTH: "optional",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, origin: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Starts a server and waits until health answers (60 s: the first start loads Mesh, Scalus and Helios). */
async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const server = spawnServer(dataDir, await freePort(), env);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited (${server.child.exitCode}): ${server.output()}`);
    try {
      if ((await fetch(`${server.origin}/health`)).status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start in time: ${server.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Resolves once a new connection is refused (the listening socket is closed), within `ms`. */
async function refusedWithin(origin: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      await fetch(`${origin}/health`, { signal: AbortSignal.timeout(1_000) });
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code === "ECONNREFUSED") return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** A wait on a transaction nobody submitted: the server holds it `seconds`, then answers 200 timedOut. */
function slowRequest(server: Server, seconds: number): Promise<Response> {
  return fetch(`${server.origin}/v2/services/transactions/${UNKNOWN_TX}/wait?timeout=${seconds}`);
}

/** Gives a just-sent request time to reach its handler (a generous margin, not a measurement). */
const settle = () => new Promise((r) => setTimeout(r, 500));

describe("process life", () => {
  const dirs: string[] = [];
  const servers: Server[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "txsvc-life-"));
    dirs.push(dir);
    return dir;
  };
  const started = async (dataDir: string, env?: Record<string, string>) => {
    const server = await startServer(dataDir, env);
    servers.push(server);
    return server;
  };
  after(() => {
    for (const server of servers)
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("SIGTERM: the in-flight request gets its answer, new connections are refused, exit 0", async () => {
    const server = await started(tempDir());
    const inFlight = slowRequest(server, 4);
    await settle();
    server.child.kill("SIGTERM");
    assert.ok(await refusedWithin(server.origin, 3_000), "new connections are refused while the request drains");
    const answer = await inFlight;
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { txHash: UNKNOWN_TX, status: "unknown", timedOut: true });
    assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output());
    assert.match(server.output(), /shutting down/);
  });

  it("the drain is bounded by SHUTDOWN_TIMEOUT_MS: a request longer than it is cut, and the exit is still 0", async () => {
    const server = await started(tempDir(), { SHUTDOWN_TIMEOUT_MS: "1000" });
    const inFlight = slowRequest(server, 120).then(
      (r) => `answered ${r.status}`,
      () => "cut",
    );
    await settle();
    server.child.kill("SIGTERM");
    assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output());
    assert.equal(await inFlight, "cut");
    assert.match(server.output(), /still running at the shutdown timeout/);
  });

  it("a second signal exits at once", async () => {
    const server = await started(tempDir());
    const inFlight = slowRequest(server, 120).catch(() => undefined);
    await settle();
    server.child.kill("SIGTERM");
    await settle();
    assert.equal(server.child.exitCode, null, "still draining after the first signal");
    server.child.kill("SIGINT");
    assert.deepEqual(await server.exited, { code: 1, signal: null }, server.output());
    await inFlight;
  });

  it("a second server on the same DATA_DIR refuses to start, naming the directory and the holder's PID; kill -9 frees it", async () => {
    const dataDir = tempDir();
    const first = await started(dataDir);
    const second = spawnServer(dataDir, await freePort());
    servers.push(second);
    const { code } = await second.exited;
    assert.equal(code, 1, second.output());
    assert.ok(
      second
        .output()
        .includes(`Another server is using the data directory ${dataDir} (held by the process ${first.child.pid})`),
      second.output(),
    );
    // The first is untouched.
    assert.equal((await fetch(`${first.origin}/health`)).status, 200);

    first.child.kill("SIGKILL");
    await first.exited;
    const third = await started(dataDir);
    assert.equal((await fetch(`${third.origin}/health`)).status, 200);
    third.child.kill("SIGTERM");
    assert.equal((await third.exited).code, 0);
  });
});
