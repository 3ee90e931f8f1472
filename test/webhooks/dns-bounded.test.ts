// Found by review5: the host lookup of a webhook's target was not bounded by
// WEBHOOK_TIMEOUT_SECONDS (send.ts awaited the resolver before its timer started and before it
// listened for the instance closing; the registry's create awaited it with no bound). A hostile key
// whose host sits behind a DNS server that does not answer (a name server it controls, dropping
// queries) then held a POST /webhooks open; held its test-delivery slot; held a worker's attempt,
// and with it one of the WEBHOOK_CONCURRENCY slots every key shares, so that another key's
// deliveries waited; and held the instance's close (the worker awaits the attempt). Each lookup is
// now bounded by the attempt's timeout and the close (target.ts checkedAddresses's limit).
// The resolver here never answers until the test ends (released in `after`, so the suite ends).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { ResolvedAddress } from "../../src/webhooks/target.js";
import { startService, type RunningService } from "../support/service.js";
import { fund, newEnterpriseWallet } from "../support/wallets.js";
import { Receiver } from "./receiver.js";

/** How long the test waits for what WEBHOOK_TIMEOUT_SECONDS=1 should have ended long before. */
const PATIENCE_MS = 15_000;

describe("a webhook host whose DNS never answers", () => {
  let service: RunningService;
  let receiver: Receiver;
  let hostile: Record<string, string>;
  let victim: Record<string, string>;
  /** Names that answer now; "blackhole.test" answers until `silent` is set, then never (until released). */
  let silent = false;
  const parked: Array<() => void> = [];
  const release = (): void => {
    silent = false;
    for (const wake of parked.splice(0)) wake();
  };

  before(async () => {
    receiver = await Receiver.start();
    service = await startService(
      { WEBHOOK_TIMEOUT_SECONDS: "1", WEBHOOK_CONCURRENCY: "1", WEBHOOK_RETRY_BASE_MS: "40" },
      {
        webhooks: {
          pollMs: 40,
          resolve: (host) =>
            new Promise<readonly ResolvedAddress[]>((resolve, reject) => {
              const answer = (): void => resolve([{ address: "127.0.0.1", family: 4 }]);
              if (host === "blackhole.test" && silent)
                parked.push(() => reject(Object.assign(new Error("timed out"), { code: "ETIMEOUT" })));
              else answer();
            }),
        },
      },
    );
    hostile = { "x-api-key": (await service.app.stores.keys.create({ name: "hostile", env: "testnet" })).key };
    victim = { "x-api-key": (await service.app.stores.keys.create({ name: "victim", env: "testnet" })).key };
  });
  after(async () => {
    release();
    await service?.close();
    await receiver?.close();
  });

  /** The request's answer, or "no answer" once `ms` passed. */
  const within = async (ms: number, work: Promise<{ status: number; body: unknown }>) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"no answer">((resolve) => (timer = setTimeout(() => resolve("no answer"), ms)));
    try {
      return await Promise.race([work, late]);
    } finally {
      clearTimeout(timer);
    }
  };

  it("a test delivery answers (not delivered, the lookup timed out) within WEBHOOK_TIMEOUT_SECONDS", async () => {
    const port = new URL(receiver.url).port;
    const created = await service.request(
      "POST",
      "/webhooks",
      { url: `http://blackhole.test:${port}/t`, txHash: "11".repeat(32) },
      hostile,
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    silent = true;
    const answer = await within(
      PATIENCE_MS,
      service.request("POST", `/webhooks/${(created.body as { id: string }).id}/test`, undefined, hostile),
    );
    assert.notEqual(answer, "no answer", `POST /webhooks/{id}/test did not answer within ${PATIENCE_MS} ms`);
    assert.equal((answer as { status: number }).status, 200);
    assert.equal((answer as { body: { delivered: boolean } }).body.delivered, false);
    assert.equal(
      (answer as { body: { error: string } }).body.error,
      "The URL names the host blackhole.test, which did not resolve within 1 s (WEBHOOK_TIMEOUT_SECONDS).",
    );
  });

  it("POST /webhooks answers (400 naming body.url, or 201) within WEBHOOK_TIMEOUT_SECONDS", async () => {
    silent = true;
    const answer = await within(
      PATIENCE_MS,
      service.request("POST", "/webhooks", { url: "http://blackhole.test/c", txHash: "22".repeat(32) }, hostile),
    );
    assert.notEqual(answer, "no answer", `POST /webhooks did not answer within ${PATIENCE_MS} ms`);
    assert.equal((answer as { status: number }).status, 400);
    assert.equal(
      (answer as { body: { message: string } }).body.message,
      "body.url names the host blackhole.test, which did not resolve within 1 s (WEBHOOK_TIMEOUT_SECONDS).",
    );
  });

  it("another key's delivery is made while the hostile key's attempt waits on its DNS", async () => {
    release();
    const wallet = await newEnterpriseWallet();
    const port = new URL(receiver.url).port;
    const bad = await service.request(
      "POST",
      "/webhooks",
      { url: `http://blackhole.test:${port}/bad`, types: ["address.received"], address: wallet.address },
      hostile,
    );
    assert.equal(bad.status, 201, JSON.stringify(bad.body));
    silent = true;
    await fund(service, wallet.address, 2_000_000);
    // The hostile attempt is under way (its lookup parked) before the victim's webhook exists.
    const deadline = Date.now() + PATIENCE_MS;
    while (parked.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.ok(parked.length > 0, "the hostile attempt started");
    const good = await service.request(
      "POST",
      "/webhooks",
      { url: `${receiver.url}/good`, types: ["address.received"], address: wallet.address },
      victim,
    );
    assert.equal(good.status, 201, JSON.stringify(good.body));
    await fund(service, wallet.address, 2_000_000);
    await receiver.until((got) => got.some((r) => r.path === "/good"), PATIENCE_MS);
  });
});

describe("closing the instance while an attempt waits on DNS", () => {
  it("app.close() ends (the attempt dropped, its lease left to expire) while the lookup still waits", async () => {
    let parked: (() => void) | null = null;
    let silent = false;
    const receiver = await Receiver.start();
    const service = await startService(
      { WEBHOOK_TIMEOUT_SECONDS: "1" },
      {
        webhooks: {
          pollMs: 40,
          resolve: (host) =>
            new Promise<readonly ResolvedAddress[]>((resolve, reject) => {
              if (host === "blackhole.test" && silent)
                parked = () => reject(Object.assign(new Error("timed out"), { code: "ETIMEOUT" }));
              else resolve([{ address: "127.0.0.1", family: 4 }]);
            }),
        },
      },
    );
    let closing: Promise<void> | null = null;
    try {
      const headers = { "x-api-key": (await service.app.stores.keys.create({ name: "c", env: "testnet" })).key };
      const wallet = await newEnterpriseWallet();
      const created = await service.request(
        "POST",
        "/webhooks",
        {
          url: `http://blackhole.test:${new URL(receiver.url).port}/c`,
          types: ["address.received"],
          address: wallet.address,
        },
        headers,
      );
      assert.equal(created.status, 201, JSON.stringify(created.body));
      silent = true;
      await fund(service, wallet.address, 2_000_000);
      const deadline = Date.now() + PATIENCE_MS;
      while (parked === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.ok(parked !== null, "the attempt is waiting on its lookup");
      closing = service.close();
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        closing.then(() => "closed" as const),
        new Promise<"still closing">((r) => (timer = setTimeout(() => r("still closing"), PATIENCE_MS))),
      ]);
      clearTimeout(timer);
      assert.equal(outcome, "closed", `app.close() had not ended after ${PATIENCE_MS} ms`);
    } finally {
      (parked as (() => void) | null)?.();
      await (closing ?? service.close());
      await receiver.close();
    }
  });
});
