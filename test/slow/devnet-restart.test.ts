// The devnet's state survives a crash: the real server runs as a child process (node --import tsx
// src/main.ts) on a temporary DATA_DIR, is killed with SIGKILL right after a submit answered
// 200, and is started again on the same directory. Everything it confirmed must still be there.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { decodeUtxo } from "../../src/cardano/utxo.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../src/chain/protocol-params.js";
import { startServer as startProcess, type ServerProcess } from "../support/process.js";
import type { Named } from "../support/api.js";
import { jsonRequest } from "../support/service.js";
import { buildPayment, newEnterpriseWallet } from "../support/wallets.js";
import { lovelaceOf } from "../support/utxos.js";

const startServer = (dataDir: string) => startProcess(dataDir, { LOG_LEVEL: "warn" });

describe("devnet restart after kill -9", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "txsvc-restart-"));
  const started: ServerProcess[] = [];
  after(async () => {
    for (const server of started) await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps confirmed transactions, UTxOs, the faucet and the clock", async () => {
    const alice = await newEnterpriseWallet();
    const bob = await newEnterpriseWallet();
    const first = await startServer(dataDir);
    started.push(first);
    const call = <K extends Named>(server: ServerProcess, method: string, path: string, body?: unknown) =>
      jsonRequest<K>(`${server.base}${path}`, method, body);
    const utxosOf = async (server: ServerProcess, address: string) => {
      const response = await call<"getAddressUtxos">(server, "GET", `/addresses/${address}/utxos`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return (response.body.utxos as string[]).map((hex, i) => decodeUtxo(hex, `utxos[${i}]`));
    };

    const funded = await call<"fundDevnetAddress">(first, "POST", "/devnet/faucet", {
      address: alice.address,
      lovelace: 20_000_000,
    });
    assert.equal(funded.status, 200, JSON.stringify(funded.body));
    const advanced = await call<"advanceDevnetClock">(first, "POST", "/devnet/advance", { seconds: 1000 });
    assert.equal(advanced.status, 200);
    const unsigned = await buildPayment(
      DEVNET_PROTOCOL_PARAMETERS,
      alice.address,
      await utxosOf(first, alice.address),
      bob.address,
      7_000_000n,
    );
    const submitted = await call<"submitTransaction">(first, "POST", "/transactions/submit", {
      transaction: unsigned,
      signatures: [await alice.witnessSet(unsigned)],
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    await first.kill();
    const txHash = submitted.body.txHash as string;

    const second = await startServer(dataDir);
    started.push(second);
    const status = (await call<"getTransactionStatus">(second, "GET", `/transactions/${txHash}`)).body;
    assert.deepEqual(
      { ...status, confirmations: undefined },
      { txHash, status: "confirmed", confirmations: undefined },
    );
    assert.ok((status.confirmations ?? 0) >= 1, JSON.stringify(status));
    assert.deepEqual(
      (await call<"getTransactionStatus">(second, "GET", `/transactions/${funded.body.txHash}`)).body.status,
      "confirmed",
    );
    const atBob = await utxosOf(second, bob.address);
    assert.deepEqual(
      atBob.map((u) => [u.input.txHash, lovelaceOf(u)]),
      [[txHash, 7_000_000n]],
    );
    const atAlice = await utxosOf(second, alice.address);
    assert.equal(atAlice.length, 1);
    assert.equal(atAlice[0]?.input.txHash, txHash);
    const health = await call<"getHealth">(second, "GET", "/health");
    assert.ok(
      (health.body.tip?.slot ?? -Infinity) >= advanced.body.slot,
      `slot ${health.body.tip?.slot} went back from ${advanced.body.slot}`,
    );

    // Resubmitted after the restart: the same answer. The restored change output is spendable.
    const again = await call<"submitTransaction">(second, "POST", "/transactions/submit", {
      transaction: unsigned,
      signatures: [await alice.witnessSet(unsigned)],
    });
    assert.equal(again.status, 200);
    assert.equal(again.body.txHash, txHash);
    const next = await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, atAlice, bob.address, 1_000_000n);
    const spent = await call<"submitTransaction">(second, "POST", "/transactions/submit", {
      transaction: next,
      signatures: [await alice.witnessSet(next)],
    });
    assert.equal(spent.status, 200, JSON.stringify(spent.body));

    // The faucet key was kept: the faucet still pays from the genesis funds.
    const refill = await call<"fundDevnetAddress">(second, "POST", "/devnet/faucet", { address: bob.address });
    assert.equal(refill.status, 200, JSON.stringify(refill.body));
    await second.kill();
  });
});
