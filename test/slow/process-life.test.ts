// The server's life as a supervisor sees it, with real processes run as `npm run start:prod`
// runs them (node scripts/start.mjs, no npm or shell in between): SIGTERM stops accepting,
// lets an in-flight request finish and exits 0; the drain is bounded by SHUTDOWN_TIMEOUT_MS; a
// second signal exits at once; a second server on the same DATA_DIR refuses to start, naming the
// directory and the holder's PID, and the directory is free again once the holder is killed -9.
// And `npm start` itself (npm, its shell, node): SIGTERM or SIGINT to npm reaches the server, which
// drains, releases the port and the DATA_DIR lock, and exits 0, npm with it.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { freePort, spawnServer, startServer, type ServerProcess, type SpawnOptions } from "../support/process.js";

const UNKNOWN_TX = "ab".repeat(32);

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
function slowRequest(server: ServerProcess, seconds: number): Promise<Response> {
  return fetch(`${server.origin}/v2/services/transactions/${UNKNOWN_TX}/wait?timeout=${seconds}`);
}

/** Whether a listener can bind 127.0.0.1:`port` now (nothing holds it). */
async function portFree(port: number): Promise<boolean> {
  const server = createServer();
  const bound = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => resolve(true));
  });
  if (bound) await new Promise<void>((resolve) => server.close(() => resolve()));
  return bound;
}

/** Gives a just-sent request time to reach its handler (a generous margin, not a measurement). */
const settle = () => new Promise((r) => setTimeout(r, 500));

describe("process life", () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "txsvc-life-"));
    dirs.push(dir);
    return dir;
  };
  const started = async (dataDir: string, env?: Record<string, string>, options?: SpawnOptions) => {
    const server = await startServer(dataDir, env, options);
    servers.push(server);
    return server;
  };
  after(async () => {
    await Promise.all(servers.map((server) => server.kill()));
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

  for (const signal of ["SIGTERM", "SIGINT"] as const)
    it(`npm start passes ${signal} on: the server drains and exits within 10 s, the port is free and a second start on the DATA_DIR succeeds`, async () => {
      const dataDir = tempDir();
      const server = await started(dataDir, {}, { via: "npm start" });
      server.child.kill(signal); // to npm only, as a supervisor or a terminal's parent would
      const exit = await Promise.race([
        server.exited,
        new Promise((r) => setTimeout(() => r("still running"), 10_000)),
      ]);
      assert.deepEqual(exit, { code: 0, signal: null }, server.output());
      assert.match(server.output(), new RegExp(`"signal":"${signal}".*shutting down`));
      assert.ok(await portFree(Number(new URL(server.origin).port)), `port ${server.origin} is free again`);
      const second = await started(dataDir);
      assert.equal((await fetch(`${second.origin}/health`)).status, 200);
      await second.stop();
      assert.deepEqual(await second.exited, { code: 0, signal: null }, second.output());
    });
});
