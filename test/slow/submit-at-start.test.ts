// A restarted devnet answers health before Scalus (its ledger's validator) has loaded, and before its
// route validators are compiled: the first request that needs either loads or compiles it
// (src/chain/shared/scalus-bundle.ts, src/server/validation.ts). A submit sent the moment health first answers
// 200 must still be validated and accepted as any other; the ledger then holds it.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { DevnetChain } from "../../src/chain/devnet/devnet.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../src/chain/protocol-params.js";
import { freePort, spawnServer } from "../support/process.js";
import { buildPayment, newEnterpriseWallet } from "../support/wallets.js";

const dir = mkdtempSync(join(tmpdir(), "txsvc-submit-at-start-"));
after(() => rmSync(dir, { recursive: true, force: true }));

describe("a submit right at start", () => {
  it("is accepted when it arrives as health first answers 200", async () => {
    // The devnet of the data directory, with a funded wallet and its payment signed, made here.
    const wallet = await newEnterpriseWallet();
    const to = (await newEnterpriseWallet()).address;
    const chain = await DevnetChain.inDataDir(dir);
    let signed: string;
    try {
      await chain.faucet(wallet.address, 10_000_000n);
      const utxos = await chain.utxosAt(wallet.address);
      signed = await wallet.sign(await buildPayment(DEVNET_PROTOCOL_PARAMETERS, wallet.address, utxos, to, 2_000_000n));
    } finally {
      await chain.close();
    }

    const server = spawnServer(dir, await freePort());
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        assert.equal(server.child.exitCode, null, server.output());
        const status = await fetch(`${server.base}/health`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) break;
        assert.ok(Date.now() < deadline, `no health 200 within 60 s: ${server.output()}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      const submitted = await fetch(`${server.base}/transactions/submit`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ transaction: signed, signatures: [] }),
      });
      const body = (await submitted.json()) as { txHash?: string };
      assert.equal(submitted.status, 200, JSON.stringify(body));
      assert.match(body.txHash ?? "", /^[0-9a-f]{64}$/);

      const read = await fetch(`${server.base}/addresses/${to}/utxos`);
      const utxos = JSON.stringify(await read.json());
      assert.equal(read.status, 200, utxos);
      // One UTxO (CBOR [input, output]): output 0 of the payment, holding 2 ADA (uint 2,000,000: 1a001e8480).
      const list = (JSON.parse(utxos) as { utxos: string[] }).utxos;
      assert.equal(list.length, 1, utxos);
      assert.ok(list[0]!.startsWith(`82825820${body.txHash!}00`), utxos);
      assert.ok(list[0]!.endsWith("1a001e8480"), utxos);
    } finally {
      await server.kill();
    }
  });
});
