// A full disk under DATA_DIR, for real: the data directory is a small tmpfs, filled with a file
// until the system says ENOSPC. A submit then answers 503 STORE_ERR_UNAVAILABLE naming the disk,
// the ledger keeps nothing of the transaction (its inputs unspent, its id unknown), health turns
// degraded naming the disk; once the file is removed, health is ok and the same submit succeeds.
// Mounting needs root (as in CI); elsewhere the test is skipped, saying so.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fromHex, splitTransaction, txIdOfBody } from "../../../src/cardano/tx-cbor.js";
import { decodeUtxo } from "../../../src/cardano/utxo.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../../src/chain/protocol-params.js";
import { startService, type RunningService } from "../../support/service.js";
import { buildPayment, newEnterpriseWallet } from "../../support/wallets.js";

/** Mounts a tmpfs of `size` at a new directory; null when this machine does not let us (not root). */
function mountTmpfs(size: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), "txsvc-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "pipe" });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

/** Writes `path` until the disk has no byte left (64 KiB at a time, then byte by byte). */
function fillDisk(path: string): void {
  const fd = openSync(path, "w");
  try {
    for (const size of [65_536, 4_096, 1]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
          throw error;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

const mount = process.platform === "linux" ? mountTmpfs("32m") : null;

describe(
  "a full disk under DATA_DIR",
  { skip: mount === null ? "mounting a tmpfs needs root on Linux (as in CI)" : false },
  () => {
    const dataDir = mount as string;
    const filler = join(dataDir, "filler");
    let service: RunningService;
    before(async () => {
      service = await startService({ AUTH: "optional" }, { dataDir });
    });
    after(async () => {
      await service?.close();
      execFileSync("umount", [dataDir]);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("answers submits 503 naming the disk, accepts nothing, degrades health, and recovers once space is freed", async () => {
      const alice = await newEnterpriseWallet();
      const bob = await newEnterpriseWallet();
      assert.equal(
        (
          await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
            address: alice.address,
            lovelace: 20_000_000,
          })
        ).status,
        200,
      );
      const utxosOf = async (address: string) =>
        (await service.request<"getAddressUtxos">("GET", `/addresses/${address}/utxos`)).body.utxos as string[];
      const aliceBefore = await utxosOf(alice.address);
      const unsigned = await buildPayment(
        DEVNET_PROTOCOL_PARAMETERS,
        alice.address,
        aliceBefore.map((hex, i) => decodeUtxo(hex, `utxos[${i}]`)),
        bob.address,
        7_000_000n,
      );
      const submit = { transaction: unsigned, signatures: [await alice.witnessSet(unsigned)] };

      fillDisk(filler);
      const refused = await service.request<"submitTransaction">("POST", "/transactions/submit", submit);
      assert.equal(refused.status, 503, JSON.stringify(refused.body));
      assert.equal(refused.body.code, "STORE_ERR_UNAVAILABLE");
      assert.equal(
        refused.body.message,
        `The devnet could not save the transaction: the disk under ${dataDir} is full. Nothing was accepted; free space under the data directory (DATA_DIR) and try again.`,
      );
      // Nothing of it was kept: Alice's output is unspent, Bob has nothing, the id is unknown.
      assert.deepEqual(await utxosOf(alice.address), aliceBefore);
      assert.deepEqual(await utxosOf(bob.address), []);
      const txHash = txIdOfBody(splitTransaction(fromHex(unsigned)).body);
      assert.equal(
        (await service.request<"getTransactionStatus">("GET", `/transactions/${txHash}`)).body.status,
        "unknown",
      );

      const degraded = await service.request<"getHealth">("GET", "/health");
      assert.equal(degraded.status, 503);
      assert.equal(degraded.body.status, "degraded");
      assert.match(
        degraded.body.reason!,
        new RegExp(`^The devnet cannot save transactions: the disk under ${dataDir} is full\\.`),
      );

      rmSync(filler);
      const healthy = await service.request<"getHealth">("GET", "/health");
      assert.equal(healthy.status, 200, JSON.stringify(healthy.body));
      assert.equal(healthy.body.status, "ok");
      const accepted = await service.request<"submitTransaction">("POST", "/transactions/submit", submit);
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      assert.equal(accepted.body.txHash, txHash);
      assert.equal((await utxosOf(bob.address)).length, 1);
      assert.equal(
        (await service.request<"getTransactionStatus">("GET", `/transactions/${txHash}`)).body.status,
        "confirmed",
      );

      const metrics = await (await fetch(`${service.url}/metrics`)).text();
      assert.match(metrics, /^tx_submits_total\{operation="submitTransaction",outcome="unavailable"\} 1$/m);
      assert.match(metrics, /^chain_backend_calls_total\{backend="devnet",method="submit",outcome="unavailable"\} 1$/m);
    });

    it("answers a snapshot, a reset and a restore 503 naming the disk, and leaves the devnet and its snapshots as they were", async () => {
      const carol = await newEnterpriseWallet();
      assert.equal(
        (
          await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
            address: carol.address,
            lovelace: 3_000_000,
          })
        ).status,
        200,
      );
      assert.equal(
        (await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "before-fill" })).status,
        200,
      );
      const held = (await service.request<"getAddressUtxos">("GET", `/addresses/${carol.address}/utxos`)).body
        .utxos as string[];
      const listed = async () =>
        (
          (await service.request<"listDevnetSnapshots">("GET", "/devnet/snapshots")).body.snapshots as Array<{
            name: string;
          }>
        ).map((x) => x.name);

      fillDisk(filler);
      const saved = await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "full" });
      assert.equal(saved.status, 503, JSON.stringify(saved.body));
      assert.equal(saved.body.code, "STORE_ERR_UNAVAILABLE");
      assert.equal(
        saved.body.message,
        `The devnet could not save the snapshot "full": the disk under ${dataDir} is full. Nothing was saved; free space under the data directory (DATA_DIR) and try again.`,
      );
      assert.deepEqual(readdirSync(join(dataDir, "snapshots")), ["before-fill.sqlite"], "no partial copy left");
      const UNCHANGED = `The devnet could not write its new state: the disk under ${dataDir} is full. It is unchanged; free space under the data directory (DATA_DIR) and try again.`;
      for (const [path, body] of [
        ["/devnet/reset", { confirm: "reset" }],
        ["/devnet/snapshots/before-fill/restore", undefined],
      ] as const) {
        const refused = await service.request<"error">("POST", path, body);
        assert.equal(refused.status, 503, `${path}: ${JSON.stringify(refused.body)}`);
        assert.equal(refused.body.message, UNCHANGED);
        assert.deepEqual(
          (await service.request<"getAddressUtxos">("GET", `/addresses/${carol.address}/utxos`)).body.utxos,
          held,
          path,
        );
      }
      assert.deepEqual(
        readdirSync(dataDir).filter((f) => f.includes("replacing")),
        [],
      );

      rmSync(filler);
      assert.deepEqual(await listed(), ["before-fill"]);
      assert.equal(
        (await service.request<"saveDevnetSnapshot">("POST", "/devnet/snapshots", { name: "full" })).status,
        200,
      );
      assert.equal((await service.request<"resetDevnet">("POST", "/devnet/reset", { confirm: "reset" })).status, 200);
      assert.deepEqual(
        (await service.request<"getAddressUtxos">("GET", `/addresses/${carol.address}/utxos`)).body.utxos,
        [],
      );
    });
  },
);
