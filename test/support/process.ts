// Processes for tests and benches: a free loopback port, and the service as a real child process
// (node scripts/start.mjs, as `npm start`, `npm run start:prod` and the systemd unit run it, or `npm
// start` itself) for tests that must watch it from outside: signals, a blocked event loop, a crash,
// its memory, the DATA_DIR lock.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

/** The repository's root, where the service's processes run. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A TCP port free on loopback right now (the OS's choice for a listener that is closed again at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
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
  /** `signal` (SIGTERM: the service drains and exits), SIGKILL if it still runs after `graceMs`; waits for the exit. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
}

export interface SpawnOptions {
  /**
   * What runs the service: `node` (node scripts/start.mjs, the default: src/ transpiled once into
   * .transpiled/, then run without a loader) or `npm start` (npm, its shell, then node: what a
   * developer types).
   */
  readonly via?: "node" | "npm start";
  /** What node runs when `via` is node: scripts/start.mjs (the default), the TypeScript through tsx (["--import", "tsx", "src/main.ts"]), or the compiled service (["dist/main.js"], after npm run build). */
  readonly nodeArgs?: readonly string[];
}

/**
 * The service on the devnet of `dataDir`, listening on 127.0.0.1:`port` (AUTH=optional,
 * LOG_LEVEL=info), `env` applied last: a variable given as undefined is removed from the
 * environment the process would otherwise inherit.
 */
export function spawnServer(
  dataDir: string,
  port: number,
  env: Record<string, string | undefined> = {},
  options: SpawnOptions = {},
): ServerProcess {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    NETWORK: "devnet",
    AUTH: "optional",
    LOG_LEVEL: "info",
  };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const [command, args] =
    options.via === "npm start"
      ? ["npm", ["start"]]
      : [process.execPath, [...(options.nodeArgs ?? ["scripts/start.mjs"])]];
  // npm start in a process group of its own, so that kill() reaches npm's shell and node too.
  const group = options.via === "npm start";
  const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: ["ignore", "pipe", "pipe"], detached: group });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
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
    async stop(signal = "SIGTERM", graceMs = 5_000) {
      if (!running()) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (group) {
        try {
          process.kill(-(child.pid as number), "SIGKILL");
        } catch {
          // the group is gone already
        }
      } else if (running()) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Resolves once GET /health answers 200; throws with the process's output if it exits first or after `ms`. */
export async function untilHealthy(server: ServerProcess, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited (${server.child.exitCode}): ${server.output()}`);
    try {
      const response = await fetch(`${server.origin}/health`);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer /health within ${ms} ms: ${server.output()}`);
    // Every 50 ms: a start takes 1.5 to 3 s, and a poll is one local request.
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts a server on a free port and waits until health answers 200 (60 s by default: the first
 * start loads Mesh, Scalus and Helios). If it does not, it is killed and the error names its output.
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string | undefined> = {},
  options: SpawnOptions & { readonly startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const server = spawnServer(dataDir, await freePort(), env, options);
  try {
    await untilHealthy(server, options.startTimeoutMs ?? 60_000);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}
