// The real-network backends through the service's HTTP interface: the service configured with
// BLOCKFROST_URL (or OGMIOS_URL and KUPO_URL) pointing at the fakes. An unreachable or failing
// backend is a 503 naming it, never a hang or a 500, and health reports it degraded.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { buildEnterpriseAddress, Hash28ByteBase16 } from "@meshsdk/core-cst";
import { FakeBlockfrost, KNOWN_TX } from "../support/fakes/blockfrost.js";
import { FakeOgmiosKupo } from "../support/fakes/ogmios-kupo.js";
import { startService, type RunningService } from "../support/service.js";

const PROJECT_ID = "preprod0123456789abcdefABCDEF0123456";
const testnetAddress = buildEnterpriseAddress(0, Hash28ByteBase16("11".repeat(28)))
  .toAddress()
  .toBech32();
const mainnetAddress = buildEnterpriseAddress(1, Hash28ByteBase16("11".repeat(28)))
  .toAddress()
  .toBech32();

describe("real-network backends over HTTP", () => {
  let blockfrost: FakeBlockfrost;
  let ogmiosKupo: FakeOgmiosKupo;
  before(async () => {
    blockfrost = await FakeBlockfrost.start();
    ogmiosKupo = await FakeOgmiosKupo.start();
  });
  after(async () => {
    await blockfrost.close();
    await ogmiosKupo.close();
  });

  const withService = async (env: Record<string, string>, run: (service: RunningService) => Promise<void>) => {
    // No events follower polling the fakes meanwhile (test/events/ tests it): the injected faults are the reads'.
    const service = await startService({ AUTH: "optional", EVENT_FOLLOWER: "off", ...env });
    try {
      await run(service);
    } finally {
      await service.close();
    }
  };
  const blockfrostEnv = () => ({
    NETWORK: "preprod",
    BLOCKFROST_PROJECT_ID: PROJECT_ID,
    BLOCKFROST_URL: blockfrost.apiUrl,
  });

  it("serves health, UTxOs and transaction status from Blockfrost", async () => {
    blockfrost.reset();
    await withService(blockfrostEnv(), async (service) => {
      const health = await service.request<"getHealth">("GET", "/health");
      assert.equal(health.status, 200);
      assert.equal(health.body.status, "ok");
      assert.equal(health.body.backend, "blockfrost");
      assert.deepEqual(health.body.tip, { slot: 412162133, time: 1641338934000 });
      assert.deepEqual(health.body.evaluationCheck, { agreed: 0, disagreed: 0, localFailed: 0 });

      const utxos = await service.request<"getAddressUtxos">("GET", `/addresses/${testnetAddress}/utxos`);
      assert.equal(utxos.status, 200, JSON.stringify(utxos.body));
      assert.equal(utxos.body.utxos.length, 3);
      assert.ok(blockfrost.requests.some((r) => r.path.startsWith(`/api/v0/addresses/${testnetAddress}/utxos`)));

      const status = await service.request<"getTransactionStatus">("GET", `/transactions/${KNOWN_TX}`);
      // The recorded latest block is at height 15,243,593 and the transaction's at 123,456.
      assert.deepEqual(status.body, { txHash: KNOWN_TX, status: "confirmed", confirmations: 15_243_593 - 123_456 + 1 });
    });
  });

  it("answers 503 naming Blockfrost when it refuses connections, and health is degraded", async () => {
    blockfrost.reset();
    await blockfrost.refuse();
    try {
      await withService(blockfrostEnv(), async (service) => {
        const started = Date.now();
        const utxos = await service.request<"getAddressUtxos">("GET", `/addresses/${testnetAddress}/utxos`);
        assert.equal(utxos.status, 503);
        assert.equal(utxos.body.error, "Service Unavailable");
        assert.match(
          utxos.body.message,
          /^The blockfrost chain backend could not serve utxosAt \(\d attempts\): GET \/addresses\/\{address\}\/utxos|^The blockfrost chain backend could not serve utxosAt \(\d attempts\): GET \/addresses\/.*ECONNREFUSED/,
        );
        assert.ok(Date.now() - started < 15_000);

        const health = await service.request<"getHealth">("GET", "/health");
        assert.equal(health.status, 503);
        assert.equal(health.body.status, "degraded");
        assert.equal(health.body.backend, "blockfrost");
        assert.match(health.body.reason!, /blockfrost/);
        assert.match(health.body.reason!, /ECONNREFUSED/);
      });
    } finally {
      await blockfrost.accept();
    }
  });

  it("answers 503 naming Blockfrost when it keeps failing with 500, after retrying", async () => {
    blockfrost.reset();
    blockfrost.behave({ kind: "fail", status: 500 });
    await withService(blockfrostEnv(), async (service) => {
      const status = await service.request<"getTransactionStatus">("GET", `/transactions/${KNOWN_TX}`);
      assert.equal(status.status, 503);
      assert.match(
        status.body.message,
        /^The blockfrost chain backend could not serve txStatus \(5 attempts\): GET \/txs\/[0-9a-f]+: Blockfrost answered 500/,
      );
      assert.equal(blockfrost.requests.length, 5);
    });
    blockfrost.reset();
  });

  it("answers 429 throttling by waiting, not by failing the client's request", async () => {
    blockfrost.reset();
    blockfrost.behave({ kind: "throttle", retryAfterSeconds: 1, times: 1 });
    await withService(blockfrostEnv(), async (service) => {
      const status = await service.request<"getTransactionStatus">("GET", `/transactions/${KNOWN_TX}`);
      assert.equal(status.status, 200);
      // GET /txs/{hash} throttled, then answered; then GET /blocks/latest for its depth.
      assert.deepEqual(
        blockfrost.requests.map((r) => r.path),
        [`/api/v0/txs/${KNOWN_TX}`, `/api/v0/txs/${KNOWN_TX}`, "/api/v0/blocks/latest"],
      );
    });
  });

  it("serves health and UTxOs from Ogmios + Kupo, and degrades when Ogmios is gone", async () => {
    const env = { NETWORK: "mainnet", OGMIOS_URL: ogmiosKupo.ogmiosUrl, KUPO_URL: ogmiosKupo.kupoUrl };
    await withService(env, async (service) => {
      const health = await service.request<"getHealth">("GET", "/health");
      assert.equal(health.status, 200, JSON.stringify(health.body));
      assert.equal(health.body.backend, "ogmios-kupo");
      assert.equal(health.body.tip!.slot, 2463);

      const utxos = await service.request<"getAddressUtxos">("GET", `/addresses/${mainnetAddress}/utxos`);
      assert.equal(utxos.status, 200, JSON.stringify(utxos.body));
      assert.equal(utxos.body.utxos.length, 2);

      ogmiosKupo.dropConnections();
      await ogmiosKupo.ogmios.refuse();
      try {
        const degraded = await service.request<"getHealth">("GET", "/health");
        assert.equal(degraded.status, 503);
        assert.equal(degraded.body.status, "degraded");
        // Health asks once (probe: no retries): the reason is that one attempt's, which meets the
        // dropped socket (closed, or closing under the request) or, if the client already saw it
        // go, the refused reconnection.
        assert.match(
          degraded.body.reason!,
          /^The ogmios-kupo backend is unreachable: The ogmios-kupo chain backend could not serve tip: .*(ECONNREFUSED|ECONNRESET|the Ogmios connection is closed|closed before an answer)/,
        );
      } finally {
        await ogmiosKupo.ogmios.accept();
      }
    });
  });
});
