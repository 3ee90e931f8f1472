// The systemd unit in deploy/ starts the service: its ExecStart is run as systemd would run it
// (the command split into words, its Environment lines as the environment, its
// WorkingDirectory standing for this checkout; DATA_DIR and PORT moved to temporary ones), health
// answers, and the unit's KillSignal makes it exit 0 well within TimeoutStopSec, which leaves the
// drain (SHUTDOWN_TIMEOUT_MS) its time.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { freePort } from "../support/process.js";

const UNIT = "deploy/cardano-tx-service.service";

/** The [Service] settings of a unit file: each key's values in order (Environment appears many times). */
function serviceSection(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const header = line.match(/^\[(.+)\]$/);
    if (header) {
      section = header[1] ?? "";
      continue;
    }
    if (section !== "Service") continue;
    const eq = line.indexOf("=");
    const key = line.slice(0, eq);
    settings.set(key, [...(settings.get(key) ?? []), line.slice(eq + 1)]);
  }
  return settings;
}

describe("the systemd unit", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "txsvc-unit-"));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it("starts the service with its ExecStart and Environment, and stops it cleanly with its KillSignal", async () => {
    const unit = serviceSection(readFileSync(UNIT, "utf8"));
    const [execStart] = unit.get("ExecStart") ?? [];
    assert.ok(execStart, "the unit has an ExecStart");
    const [program, ...args] = execStart.split(/\s+/);
    assert.equal(program, "/usr/bin/node", "node itself, so that the signal reaches the server");
    assert.deepEqual(
      args,
      ["scripts/start.mjs"],
      "npm start's own start: src/ transpiled where changed, then run in that process",
    );
    // Where node is installed elsewhere (a version manager), the same command with this node.
    const node = existsSync(program as string) ? (program as string) : process.execPath;

    const env: Record<string, string> = {};
    for (const assignment of unit.get("Environment") ?? []) {
      const eq = assignment.indexOf("=");
      env[assignment.slice(0, eq)] = assignment.slice(eq + 1);
    }
    assert.equal(env["DATA_DIR"], "/var/lib/cardano-tx-service");
    const shutdownMs = Number(env["SHUTDOWN_TIMEOUT_MS"]);
    const stopSec = Number(unit.get("TimeoutStopSec")?.[0]);
    assert.ok(
      stopSec * 1000 >= shutdownMs + 5_000,
      `TimeoutStopSec=${stopSec} leaves the ${shutdownMs} ms drain its time`,
    );
    const signal = unit.get("KillSignal")?.[0] as NodeJS.Signals;
    assert.equal(signal, "SIGTERM");

    const port = await freePort();
    const child = spawn(node, args, {
      cwd: process.cwd(),
      env: {
        PATH: process.env["PATH"] ?? "",
        HOME: process.env["HOME"] ?? "/",
        ...env,
        DATA_DIR: dataDir,
        PORT: String(port),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once("exit", (code, sig) => resolve({ code, signal: sig })),
    );
    try {
      const deadline = Date.now() + 60_000;
      let health: { status: string; network: string } | undefined;
      while (!health) {
        if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}): ${output}`);
        try {
          const response = await fetch(`http://${env["HOST"]}:${port}/health`);
          if (response.status === 200) health = (await response.json()) as { status: string; network: string };
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`the service did not start in time: ${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      assert.deepEqual({ status: health.status, network: health.network }, { status: "ok", network: env["NETWORK"] });
      child.kill(signal);
      assert.deepEqual(await exited, { code: 0, signal: null }, output);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });
});
