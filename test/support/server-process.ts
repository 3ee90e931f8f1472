// The service as a real child process (node --import tsx src/main.ts, as `npm run start:prod`
// runs it), for tests that must watch it from outside: a blocked event loop, a crash, its memory.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
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

export interface ServerProcess {
  readonly child: ChildProcess;
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  /** origin + /v2/services */
  readonly base: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resident memory of the process now, in MiB (from /proc). */
  rssMiB(): number;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
}

export function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}): ServerProcess {
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
  const origin = `http://127.0.0.1:${port}`;
  return {
    child,
    origin,
    base: `${origin}/v2/services`,
    output: () => output,
    exited,
    rssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? "0");
      return Math.round(kb / 1024);
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Starts a server and waits until health answers 200 (60 s: the first start loads Mesh, Scalus and Helios). */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
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
