// GET /health on a real network asks the backend once (probe(): one attempt, a short timeout, no
// retries): against a backend that hangs it answers degraded, naming the backend, within about
// 3 s and after a single request, where the chain's own tip() would retry for up to 25 s.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { HEALTH_PROBE_TIMEOUT_MS } from "../../../src/server/routes/health/index.js";
import { FakeBlockfrost } from "../../support/fakes/blockfrost.js";
import { FakeOgmiosKupo } from "../../support/fakes/ogmios-kupo.js";
import { startService, type RunningService } from "../../support/service.js";

describe("health probes the backend once, briefly", () => {
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

  const timed = async (service: RunningService) => {
    const started = Date.now();
    const health = await service.request<"getHealth">("GET", "/health");
    return { health, ms: Date.now() - started };
  };

  it("Blockfrost hanging: 503 degraded naming blockfrost within 3 s, one request; ok again once it answers", async () => {
    const service = await startService({
      NETWORK: "preprod",
      AUTH: "optional",
      // No events follower polling the fake meanwhile: the probe's request is the one counted.
      EVENT_FOLLOWER: "off",
      BLOCKFROST_PROJECT_ID: "preprodHealthProbe0123456789abcdef",
      BLOCKFROST_URL: blockfrost.apiUrl,
    });
    try {
      blockfrost.reset();
      blockfrost.behave({ kind: "slow", delayMs: 6_000, times: 1 });
      const { health, ms } = await timed(service);
      assert.equal(health.status, 503, JSON.stringify(health.body));
      assert.equal(health.body.status, "degraded");
      assert.equal(health.body.backend, "blockfrost");
      // Whichever deadline fires first: the wrapper's or the request's own abort, both the probe's timeout.
      assert.match(
        health.body.reason!,
        new RegExp(
          `^The blockfrost backend is unreachable: The blockfrost chain backend could not serve tip: (no answer within ${HEALTH_PROBE_TIMEOUT_MS} ms|GET /blocks/latest: no answer in time)\\.$`,
        ),
      );
      // The reason above proves the single short probe; the bound only tells it from the 25 s retry budget.
      assert.ok(ms >= HEALTH_PROBE_TIMEOUT_MS - 100 && ms < 12_000, `answered in ${ms} ms`);
      assert.equal(blockfrost.requests.filter((r) => r.path === "/api/v0/blocks/latest").length, 1, "no retry");

      const { health: again } = await timed(service);
      assert.equal(again.status, 200, JSON.stringify(again.body));
      assert.equal(again.body.status, "ok");
    } finally {
      await service.close();
    }
  });

  it("Ogmios hanging: 503 degraded naming ogmios-kupo within 3 s, one tip query", async () => {
    // The recorded /health says mainnet: the adapter checks it against NETWORK.
    const service = await startService({
      NETWORK: "mainnet",
      AUTH: "optional",
      EVENT_FOLLOWER: "off",
      OGMIOS_URL: ogmiosKupo.ogmiosUrl,
      KUPO_URL: ogmiosKupo.kupoUrl,
    });
    try {
      const { health: first } = await timed(service);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      ogmiosKupo.rpc.length = 0;
      ogmiosKupo.silent.add("queryNetwork/tip");
      const { health, ms } = await timed(service);
      assert.equal(health.status, 503, JSON.stringify(health.body));
      assert.equal(health.body.backend, "ogmios-kupo");
      assert.match(
        health.body.reason!,
        /^The ogmios-kupo backend is unreachable: The ogmios-kupo chain backend could not serve tip: no answer within \d+ ms\.$/,
      );
      assert.ok(ms < 12_000, `answered in ${ms} ms (the full retry budget is 25 s)`);
      assert.equal(ogmiosKupo.rpc.filter((r) => r.method === "queryNetwork/tip").length, 1, "no retry");
    } finally {
      ogmiosKupo.silent.delete("queryNetwork/tip");
      await service.close();
    }
  });

  it("the devnet, which has no probe, still answers with its tip", async () => {
    const service = await startService({});
    try {
      const { health } = await timed(service);
      assert.equal(health.status, 200);
      assert.equal(health.body.backend, "devnet");
      assert.ok(Number.isSafeInteger(health.body.tip!.slot));
    } finally {
      await service.close();
    }
  });
});
