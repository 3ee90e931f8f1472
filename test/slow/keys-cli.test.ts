// The key-management CLI as a real process (node --import tsx src/cli/main.ts, what `npm run cli`
// runs less npm's own start-up, which made this file take minutes) on a temporary DATA_DIR, and
// its effect on a server that is already running on the same DATA_DIR.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { hashKey } from "../../src/store/key-material.js";
import { startService, type RunningService } from "../support/service.js";
import { WHOAMI, addKeyedRoutes, type WhoamiAnswer } from "../support/keyed-routes.js";

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const ROOT = new URL("../..", import.meta.url).pathname;

function cli(dataDir: string, ...args: string[]): Promise<CliResult> {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, NETWORK: "preview" };
  delete env["AUTH"];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, "") }));
  });
}

const KEY_LINE = /^(testnet|mainnet)_[0-9A-Za-z]{40}$/m;

function parseCreated(result: CliResult): { id: string; key: string } {
  assert.equal(result.code, 0, result.stderr);
  const key = KEY_LINE.exec(result.stdout)?.[0];
  const id = /key ([0-9a-f]{12}) \(/.exec(result.stdout)?.[1];
  assert.ok(key && id, result.stdout);
  return { id, key };
}

describe("keys CLI", () => {
  let dataDir: string;
  let service: RunningService;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "txsvc-cli-"));
    service = await startService({ NETWORK: "preview" }, { chain: null, dataDir, beforeListen: addKeyedRoutes });
  });
  after(async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints help with exit 0, and lists the keys group", async () => {
    const top = await cli(dataDir, "--help");
    assert.equal(top.code, 0);
    assert.match(top.stdout, /keys\s+Create, list, revoke and rotate API keys/);
    const keys = await cli(dataDir, "keys", "--help");
    assert.equal(keys.code, 0);
    for (const word of ["create", "list", "revoke", "rotate", "--per-day", "--per-second", "--burst"])
      assert.ok(keys.stdout.includes(word), word);
  });

  it("creates keys that work against the running server, printing each key once with its ID", async () => {
    const created = parseCreated(
      await cli(
        dataDir,
        "keys",
        "create",
        "--name",
        "billing service",
        "--env",
        "testnet",
        "--per-day",
        "1234",
        "--burst",
        "7",
      ),
    );
    const response = await service.request("GET", WHOAMI, undefined, { "x-api-key": created.key });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { keyId: created.id });
    assert.equal(response.headers.get("ratelimit-limit"), "1234");
    const stored = await service.app.keyStore.findById(created.id);
    assert.deepEqual(stored?.limits, { perDay: 1234, perSecond: 10, burst: 7 });
    assert.equal(stored?.name, "billing service");
  });

  it("lists one line per key, ID first, never the key or its hash", async () => {
    const a = parseCreated(await cli(dataDir, "keys", "create", "--name", "list-a", "--env", "mainnet"));
    const b = parseCreated(
      await cli(dataDir, "keys", "create", "--name", "list-b", "--env", "testnet", "--per-second", "3"),
    );
    const listed = await cli(dataDir, "keys", "list");
    assert.equal(listed.code, 0, listed.stderr);
    const lines = listed.stdout.trim().split("\n");
    assert.equal(lines.length, (await service.app.keyStore.list()).length);
    const lineA = lines.find((l) => l.startsWith(`${a.id} `));
    const lineB = lines.find((l) => l.startsWith(`${b.id} `));
    assert.match(
      lineA ?? "",
      /^[0-9a-f]{12} {2}"list-a" {2}mainnet {2}50000\/day {2}10\/s {2}burst 500 {2}active {2}created \d{4}-\d\d-\d\dT/,
    );
    assert.match(lineB ?? "", /"list-b" {2}testnet {2}50000\/day {2}3\/s {2}burst 500 {2}active/);
    for (const secret of [a.key, b.key, hashKey(a.key), hashKey(b.key), a.key.slice(8)])
      assert.equal(listed.stdout.includes(secret), false);
  });

  it("revokes a key so that the running server refuses it at the next request", async () => {
    const created = parseCreated(await cli(dataDir, "keys", "create", "--name", "to revoke", "--env", "testnet"));
    assert.equal((await service.request("GET", WHOAMI, undefined, { "x-api-key": created.key })).status, 200);
    const revoked = await cli(dataDir, "keys", "revoke", created.id);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.match(revoked.stdout, new RegExp(`Revoked key ${created.id}`));
    const refused = await service.request<WhoamiAnswer>("GET", WHOAMI, undefined, { "x-api-key": created.key });
    assert.equal(refused.status, 401);
    assert.match(refused.body.message, new RegExp(`${created.id} was revoked`));
    const listed = await cli(dataDir, "keys", "list");
    assert.match(listed.stdout, new RegExp(`^${created.id} .*revoked \\d{4}-`, "m"));
    const again = await cli(dataDir, "keys", "revoke", created.id);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already revoked/);
  });

  it("rotates a key: the old one is refused, the new one has the same name and limits", async () => {
    const old = parseCreated(
      await cli(
        dataDir,
        "keys",
        "create",
        "--name",
        "rotating",
        "--env",
        "testnet",
        "--per-day",
        "99",
        "--per-second",
        "2",
        "--burst",
        "5",
      ),
    );
    const rotated = await cli(dataDir, "keys", "rotate", old.id);
    const fresh = parseCreated(rotated);
    assert.notEqual(fresh.id, old.id);
    assert.notEqual(fresh.key, old.key);
    assert.equal((await service.request("GET", WHOAMI, undefined, { "x-api-key": old.key })).status, 401);
    const ok = await service.request("GET", WHOAMI, undefined, { "x-api-key": fresh.key });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("ratelimit-limit"), "99");
    const record = await service.app.keyStore.findById(fresh.id);
    assert.deepEqual(
      record && { name: record.name, env: record.env, limits: record.limits, rotatedFrom: record.rotatedFrom },
      {
        name: "rotating",
        env: "testnet",
        limits: { perDay: 99, perSecond: 2, burst: 5 },
        rotatedFrom: old.id,
      },
    );
    const again = await cli(dataDir, "keys", "rotate", old.id);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already revoked/);
  });

  it("fails with exit 1 for an unknown ID", async () => {
    for (const command of ["revoke", "rotate"]) {
      const result = await cli(dataDir, "keys", command, "000000000000");
      assert.equal(result.code, 1);
      assert.match(result.stderr, /No key has the ID 000000000000/);
    }
  });

  it("rejects bad arguments with exit 2 and a message naming the flag", async () => {
    const cases: [string[], RegExp][] = [
      [["keys", "create", "--env", "testnet"], /--name is required/],
      [["keys", "create", "--name", "x"], /--env is required/],
      [["keys", "create", "--name", "x", "--env", "preview"], /--env must be testnet or mainnet/],
      [["keys", "create", "--name", "x", "--env", "testnet", "--per-day", "0"], /--per-day must be a whole number/],
      [
        ["keys", "create", "--name", "x", "--env", "testnet", "--per-second", "1.5"],
        /--per-second must be a whole number/,
      ],
      [["keys", "create", "--name", "x", "--env", "testnet", "--burst", "lots"], /--burst must be a whole number/],
      [["keys", "create", "--name", "x", "--env", "testnet", "--nmae", "y"], /--nmae/],
      [["keys", "create", "--name"], /--name/],
      [["keys", "create", "--name", "a\u0007b", "--env", "testnet"], /--name must be at most 100 printable/],
      [["keys", "create", "--name", "n".repeat(101), "--env", "testnet"], /--name must be at most 100 printable/],
      [["keys", "revoke"], /needs the key's ID/],
      [["keys", "revoke", "a", "b"], /one ID/],
      [["keys", "list", "--all"], /--all/],
      [["keys", "delete", "x"], /Unknown keys command "delete"/],
      [["keys"], /keys needs a command/],
      [["wallets"], /Unknown command group "wallets"/],
      [[], /command group is required/],
    ];
    const results = await Promise.all(cases.map(([args]) => cli(dataDir, ...args)));
    cases.forEach(([args, message], i) => {
      const result = results[i]!;
      assert.equal(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
      assert.match(result.stderr, message, args.join(" "));
      assert.equal(KEY_LINE.test(result.stdout), false);
    });
    // None of them created a key.
    assert.equal(
      (await service.app.keyStore.list()).some((k) => k.name === "x"),
      false,
    );
  });

  it("uses DATA_DIR from the environment: a fresh one has no keys", async () => {
    const empty = mkdtempSync(join(tmpdir(), "txsvc-cli-empty-"));
    try {
      const listed = await cli(join(empty, "nested"), "keys", "list");
      assert.equal(listed.code, 0, listed.stderr);
      assert.equal(listed.stdout, "");
      assert.match(listed.stderr, /No keys yet/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
