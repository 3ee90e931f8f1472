// The devnet's asset history (what lastOutputWith reads) is on disk as soon as a submit
// answered: a child process mints, moves and burns through the devnet and is killed with SIGKILL
// right after printing what lastOutputWith answered; the devnet reopened on the same file gives
// the same answers. A store from before the history existed still opens: it gets the history,
// with the asset holders of its UTxO set indexed.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, describe, it } from "node:test";
import Database from "better-sqlite3";
import { DevnetChain } from "../../src/chain/devnet/devnet.js";
import type { AssetOutput } from "../../src/chain/port.js";
import { AssetFlows, plain } from "../support/port-suite.js";
import { newEnterpriseWallet } from "../support/wallets.js";

const CHILD = "DEVNET_ASSET_HISTORY_CHILD";

/** Opens the devnet at `path`, funds a wallet and an asset-flow helper submitting through the devnet. */
async function setUp(path: string): Promise<{ devnet: DevnetChain; flows: AssetFlows }> {
  const devnet = await DevnetChain.create({ path });
  const wallet = await newEnterpriseWallet();
  await devnet.faucet(wallet.address, 300_000_000n);
  return { devnet, flows: await AssetFlows.create(devnet, wallet, (signed) => devnet.submit(signed)) };
}

/** The child: three units in three states, their answers printed as one JSON line, then it waits to be killed. */
async function child(path: string): Promise<void> {
  const { devnet, flows } = await setUp(path);
  const burnt = await flows.mint("burnt", flows.script.address, 5);
  const moved = await flows.moveThroughScript((await devnet.lastOutputWith(burnt.unit))!.utxo, 16, 7);
  await flows.burnThroughScript((await devnet.lastOutputWith(burnt.unit))!.utxo, 22, burnt.name);
  const held = await flows.mint("held", flows.wallet.address);
  const keyBurnt = await flows.mint("key-burnt", flows.wallet.address);
  await flows.burnWithKey((await devnet.lastOutputWith(keyBurnt.unit))!.utxo, keyBurnt.name);
  const answers: Record<string, AssetOutput | null> = {};
  for (const { unit } of [burnt, held, keyBurnt]) answers[unit] = await devnet.lastOutputWith(unit);
  process.stdout.write(`${JSON.stringify({ moved, answers })}\n`);
  setInterval(() => undefined, 60_000); // killed, never closed
}

if (process.env[CHILD]) {
  await child(process.env[CHILD]);
} else {
  describe("the devnet's asset history", () => {
    const dir = mkdtempSync(join(tmpdir(), "devnet-assets-"));
    after(() => rmSync(dir, { recursive: true, force: true }));

    it("survives a kill -9 right after the submits answered", async () => {
      const path = join(dir, "killed.sqlite");
      // Its own process group, so that SIGKILL reaches npx, tsx and the node process it runs.
      const process_ = spawn("npx", ["tsx", fileURLToPath(import.meta.url)], {
        cwd: process.cwd(),
        env: { ...process.env, [CHILD]: path },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      });
      let output = "";
      let errors = "";
      process_.stderr?.on("data", (d: Buffer) => (errors += d.toString()));
      const line = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the child printed nothing in time: ${errors}`)), 120_000);
        process_.stdout?.on("data", (d: Buffer) => {
          output += d.toString();
          const newline = output.indexOf("\n");
          if (newline >= 0) {
            clearTimeout(timer);
            resolve(output.slice(0, newline));
          }
        });
        process_.once("exit", (code) => reject(new Error(`the child exited (${code}): ${errors}`)));
      });
      const exited = new Promise((resolve) => process_.once("exit", resolve));
      process.kill(-(process_.pid as number), "SIGKILL");
      await exited;

      const { answers } = JSON.parse(line) as { moved: string; answers: Record<string, AssetOutput | null> };
      const units = Object.keys(answers);
      assert.equal(units.length, 3);
      const [burnt, held, keyBurnt] = units.map((u) => answers[u]);
      assert.equal(burnt?.spentBy?.redeemer, "16", "the script burn's redeemer (22)");
      assert.equal(held?.spentBy, null);
      assert.equal(keyBurnt?.spentBy?.redeemer, null);
      assert.ok(keyBurnt?.spentBy?.txHash);

      const reopened = await DevnetChain.create({ path });
      try {
        for (const unit of units)
          assert.deepEqual(plain(await reopened.lastOutputWith(unit)), plain(answers[unit]), unit);
      } finally {
        await reopened.close();
      }
    });

    it("opens a store from before the history, indexing the asset holders of its UTxO set", async () => {
      const path = join(dir, "old.sqlite");
      const { devnet, flows } = await setUp(path);
      const held = await flows.mint("held-before", flows.wallet.address);
      const gone = await flows.mint("burnt-before", flows.wallet.address);
      await flows.burnWithKey((await devnet.lastOutputWith(gone.unit))!.utxo, gone.name);
      const before = await devnet.lastOutputWith(held.unit);
      await devnet.close();
      // What an earlier version's store looks like: no history tables.
      const db = new Database(path);
      db.exec("DROP TABLE devnet_asset_outputs; DROP TABLE devnet_asset_units;");
      db.close();

      const upgraded = await DevnetChain.create({ path });
      try {
        assert.deepEqual(plain(await upgraded.lastOutputWith(held.unit)), plain(before), "a current holder is found");
        assert.equal(await upgraded.lastOutputWith(gone.unit), null, "what was spent before the upgrade is not known");
        const flowsAfter = await AssetFlows.create(upgraded, flows.wallet, (signed) => upgraded.submit(signed));
        const burnt = await flowsAfter.burnWithKey(before!.utxo, held.name);
        assert.deepEqual(
          plain(await upgraded.lastOutputWith(held.unit)),
          plain({ ...before, spentBy: { txHash: burnt, redeemer: null } }),
        );
      } finally {
        await upgraded.close();
      }
      const again = await DevnetChain.create({ path });
      try {
        assert.equal((await again.lastOutputWith(held.unit))?.spentBy?.redeemer, null);
        assert.ok(
          (await again.lastOutputWith(held.unit))?.spentBy?.txHash,
          "still spent after a second restart (no new backfill)",
        );
      } finally {
        await again.close();
      }
    });
  });
}
