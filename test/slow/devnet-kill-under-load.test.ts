// Group commit under a crash: the devnet commits the submits that arrive together in one SQLite
// transaction and answers each only once that commit is on disk. The real server (a child
// process) takes payments from 12 clients at once and is killed with SIGKILL while they are still
// submitting; the devnet reopened on the same file holds every transaction it acknowledged, and
// its rows are exactly what a reference emulator replaying the accepted transactions in order
// reaches (nothing half-written, no acknowledged transaction lost).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { DevnetChain } from "../../src/chain/devnet/devnet.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../src/chain/protocol-params.js";
import { acceptedTxs, replayed, storedSet } from "../support/ledger-replay.js";
import { startServer, type ServerProcess } from "../support/process.js";
import { buildPayment, newEnterpriseWallet } from "../support/wallets.js";

const CLIENTS = 12;
const PER_CLIENT = 8;
/** Acknowledged submits before the kill. */
const KILL_AFTER = 30;

describe("devnet killed under load", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "txsvc-kill-load-"));
  let server: ServerProcess | undefined;
  after(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every transaction it acknowledged, and rows a replay of what it accepted reaches", async () => {
    const path = join(dataDir, "devnet.sqlite");
    // Each client's payments, signed beforehand, one per UTxO of its own.
    const chain = await DevnetChain.create({ path });
    const signed: string[][] = [];
    try {
      const wallets = await Promise.all(Array.from({ length: CLIENTS }, () => newEnterpriseWallet()));
      for (const wallet of wallets) for (let i = 0; i < PER_CLIENT; i++) await chain.faucet(wallet.address, 5_000_000n);
      const to = (await newEnterpriseWallet()).address;
      for (const wallet of wallets) {
        const payments: string[] = [];
        for (const utxo of await chain.utxosAt(wallet.address))
          payments.push(
            await wallet.sign(await buildPayment(DEVNET_PROTOCOL_PARAMETERS, wallet.address, [utxo], to, 2_000_000n)),
          );
        signed.push(payments);
      }
    } finally {
      await chain.close();
    }

    server = await startServer(dataDir, {
      KEYLESS_PER_SECOND: "1000000",
      KEYLESS_BURST: "1000000",
      LOG_LEVEL: "silent",
    });
    const live = server;
    const acknowledged: string[] = [];
    let killed: Promise<void> | undefined;
    await Promise.all(
      signed.map(async (payments) => {
        for (const transaction of payments) {
          let response: Response;
          try {
            response = await fetch(`${live.base}/transactions/submit`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ transaction }),
            });
          } catch {
            return; // the server is gone
          }
          if (response.status !== 200) return;
          acknowledged.push(((await response.json()) as { txHash: string }).txHash);
          if (acknowledged.length === KILL_AFTER) killed = live.kill();
        }
      }),
    );
    await killed;
    assert.ok(acknowledged.length >= KILL_AFTER, `${acknowledged.length} submits acknowledged`);
    assert.equal(live.child.signalCode, "SIGKILL");

    const accepted = new Set(acceptedTxs(path));
    for (const txHash of acknowledged) assert.ok(accepted.has(txHash), `${txHash} was acknowledged, then lost`);
    // The faucet's payments, then the clients' payments accepted before the kill: not all of them.
    assert.ok(accepted.size - CLIENTS * PER_CLIENT < CLIENTS * PER_CLIENT, "the kill came before the last submit");
    const rows = storedSet(path);
    assert.deepEqual(rows, replayed(path));
    const reopened = await DevnetChain.create({ path });
    try {
      assert.equal(reopened.utxoCount(), rows.size);
      for (const txHash of acknowledged) assert.equal((await reopened.txStatus(txHash)).status, "confirmed");
    } finally {
      await reopened.close();
    }
  });
});
