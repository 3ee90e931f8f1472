// The README's walkthrough, run as written: its shell blocks (the tournament, then payments, mints
// and burns) in bash with curl, jq and `npx tsx scripts/sign.ts`, against a real service on the
// devnet; then run again in a new shell in the same folder, as a reader who comes back tomorrow
// would. The second run must reuse the key files (same wallets) and succeed as the first did.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startService, type RunningService } from "../support/service.js";
import { utxosAt } from "../support/utxos.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const SECTIONS = ["## A whole tournament, step by step", "## Payments, messages, mints and burns"];

/** The ```sh blocks of a README section (from its heading to the next `## `), in order. */
function shellBlocks(readme: string, heading: string): string[] {
  const start = readme.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `README.md has no section "${heading}"`);
  const end = readme.indexOf("\n## ", start + heading.length + 2);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function bash(script: string, cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, "") }));
  });
}

describe("the README walkthrough, run as written, twice", { timeout: 15 * 60_000 }, () => {
  let service: RunningService;
  let cwd: string;
  let script: string;
  const runs: Run[] = [];

  before(async () => {
    service = await startService({ NETWORK: "devnet" });
    // A reader's folder: the repository's scripts and packages, nothing else.
    cwd = mkdtempSync(join(tmpdir(), "walkthrough-"));
    symlinkSync(join(ROOT, "scripts"), join(cwd, "scripts"));
    symlinkSync(join(ROOT, "node_modules"), join(cwd, "node_modules"));
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const blocks = SECTIONS.flatMap((heading) => shellBlocks(readme, heading));
    assert.ok(blocks.length >= 4, "the walkthrough's blocks");
    assert.match(
      blocks[0]!,
      /^API=http:\/\/127\.0\.0\.1:3000\/v2\/services$/m,
      "the walkthrough starts by naming the server",
    );
    script = `${blocks.join("\n").replaceAll("http://127.0.0.1:3000", service.url)}\necho "ADMIN=$ADMIN PLAYER=$PLAYER"\n`;
  });

  after(async () => {
    await service?.close();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  for (const round of [1, 2]) {
    it(`run ${round}: every step is built, signed, submitted and confirmed`, async () => {
      const run = await bash(script, cwd);
      runs.push(run);
      const both = `stderr:\n${run.stderr}\nstdout:\n${run.stdout}`;
      assert.equal(run.code, 0, both);
      assert.doesNotMatch(run.stderr, /not built|Error|error:/, both);
      // Five tournament transactions, three for the cancelled one, four for the refunded one, and
      // five payments, mints and burns: each waited for until it was in a block.
      // (One block or more deep: the devnet makes a block per transaction and the machine may be slow.)
      assert.equal(
        run.stdout.match(/^\{"status":"confirmed","confirmations":\d+,"timedOut":false\}$/gm)?.length,
        17,
        run.stdout,
      );
      for (const status of [
        '"status": "settled"',
        '"status": "cancelled"',
        '"status": "refunded"',
        '"status": "full"',
      ]) {
        assert.ok(run.stdout.includes(status), `${status} in the output`);
      }
      assert.match(run.stdout, /can be refunded only after its settlement deadline/);
      assert.match(run.stdout, /"fee": "\d+"/, "the payment's build answer shows its fee");
      // The decoded views at the end: tokens by name and CIP-67 label, and the burn's negative mint.
      assert.match(run.stdout, /\{"name":"Gold","label":null,"quantity":"600"\}/, "the admin's Gold, decoded");
      assert.match(run.stdout, /\{"name":"Shield","label":100,"quantity":"1"\}/, "the CIP-68 reference token, decoded");
      assert.match(
        run.stdout,
        /^\{"status":"confirmed","fee":"\d+","mint":\[\{"name":"Gold","quantity":"-400"\}\],"validity":\{"from":\{"slot":\d+/m,
        "the burn, decoded",
      );
    });
  }

  it("reused the key files on the second run, under keys/ only", () => {
    assert.equal(runs.length, 2);
    const wallets = runs.map((run) => /^ADMIN=(\S+) PLAYER=(\S+)$/m.exec(run.stdout)?.slice(1));
    assert.ok(wallets[0]?.[0]?.startsWith("addr_test1"), runs[0]!.stdout.slice(-500));
    assert.deepEqual(wallets[1], wallets[0], "the same wallets");
    assert.match(runs[1]!.stderr, /keys\/admin\.skey exists: reusing its key/);
    assert.deepEqual(readdirSync(join(cwd, "keys")).sort(), ["admin.skey", "player.skey"]);
    assert.equal(existsSync(join(cwd, "admin.skey")), false);
  });

  it("left the minted tokens where the walkthrough says, once per run", async () => {
    const [admin, player] = /^ADMIN=(\S+) PLAYER=(\S+)$/m.exec(runs[0]!.stdout)!.slice(1) as [string, string];
    const hex = (text: string): string => Buffer.from(text).toString("hex");
    const held = async (address: string, suffix: string): Promise<bigint[]> =>
      (await utxosAt(service, address))
        .flatMap((utxo) => utxo.output.amount)
        .filter((asset) => asset.unit !== "lovelace" && asset.unit.endsWith(suffix))
        .map((asset) => BigInt(asset.quantity))
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    // Each run has its own policy (valid until a day after it ran): 1,000 Gold minted, 400 burnt.
    assert.deepEqual(await held(admin, hex("Gold")), [600n, 600n]);
    assert.deepEqual(await held(player, hex("Sword")), [1n, 1n]);
    assert.deepEqual(await held(player, `000de140${hex("Shield")}`), [1n, 1n], "the CIP-68 user tokens (label 222)");
    assert.deepEqual(
      await held(admin, `000643b0${hex("Shield")}`),
      [1n, 1n],
      "the CIP-68 reference tokens (label 100)",
    );
  });
});
