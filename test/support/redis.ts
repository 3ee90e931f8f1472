// A throwaway redis-server for tests: on a free loopback port, with no persistence, started and
// stopped by the test. restart() brings it back on the same port (an outage and its end), kill()
// is SIGKILL (a crash: no goodbye to the clients).
//
// Where redis-server is not installed the tests that need it are skipped with a message, except
// in CI (CI is set), where a missing server is a broken setup and fails the run.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "./process.js";

export interface TestRedis {
  /** redis://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  /** Stops the server (SIGTERM) and waits for it to exit; harmless when it is not running. */
  stop(): Promise<void>;
  /** Kills the server (SIGKILL) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts the server again on the same port, empty, and waits until it answers PING. */
  restart(): Promise<void>;
}

const SERVER = "redis-server";

/**
 * Why Redis tests cannot run here, or undefined when they can. In CI a missing server throws:
 * use it as `describe(name, { skip: redisMissing() }, …)`.
 */
export function redisMissing(): string | undefined {
  const found = spawnSync(SERVER, ["--version"], { stdio: "ignore" });
  if (found.error === undefined && found.status === 0) return undefined;
  const reason = `${SERVER} is not installed (apt-get install redis-server): the Redis tests are skipped.`;
  if (process.env["CI"])
    throw new Error(
      `${SERVER} is missing but CI is set: install it (apt-get install redis-server) so that the Redis tests run.`,
    );
  return reason;
}

/** PING over a raw socket until it answers +PONG, for at most `ms`. */
async function waitForPong(port: number, child: ChildProcess, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`redis-server on port ${port} exited with code ${child.exitCode} before answering.`);
    const pong = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: "127.0.0.1", port }, () => socket.write("PING\r\n"));
      socket.setTimeout(500, () => socket.destroy());
      socket.once("data", (data) => {
        socket.destroy();
        resolve(data.toString().startsWith("+PONG"));
      });
      socket.once("error", () => resolve(false));
      socket.once("close", () => resolve(false));
    });
    if (pong) return;
    await sleep(20);
  }
  throw new Error(`redis-server on port ${port} did not answer PING within ${ms} ms.`);
}

/** Starts redis-server on a free loopback port; stop it in an `after` hook. */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let stderr = "";

  async function launch(): Promise<void> {
    stderr = "";
    const proc = spawn(
      SERVER,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--loglevel", "warning"],
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    proc.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child = proc;
    try {
      await waitForPong(port, proc);
    } catch (error) {
      proc.kill("SIGKILL");
      throw new Error(`${(error as Error).message} ${stderr.trim()}`.trim());
    }
  }

  async function end(signal: NodeJS.Signals): Promise<void> {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = once(proc, "exit");
    proc.kill(signal);
    await exited;
  }

  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () => end("SIGTERM"),
    kill: () => end("SIGKILL"),
    async restart() {
      await end("SIGTERM");
      await launch();
    },
  };
}
