// End to end through each real-network backend: the service started for preprod with
// BLOCKFROST_URL (or OGMIOS_URL and KUPO_URL) pointing at a loopback fake that answers from a
// live ledger. A payment is built over HTTP (its default validity interval converted with
// preprod's era history, which the ledger then checks against its own slot), signed with a real
// key, submitted, and read back; then the same service meets a backend that hangs, fails,
// throttles, and a ledger that refuses.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { FakeServer } from "../support/fakes/server.js";
import { build } from "../support/transactions-api.js";
import { newBaseWallet, type TestWallet } from "../support/wallets.js";
import { outputsOf, quantityOf, totalOf, utxosAt } from "../support/utxos.js";
import { feeOf } from "../support/tx-decode.js";
import { FakeBlockfrost } from "../support/fakes/blockfrost.js";
import { FakeOgmiosKupo } from "../support/fakes/ogmios-kupo.js";
import { LiveLedger } from "../support/fakes/live-ledger.js";
import { startService, type RunningService } from "../support/service.js";

interface Backend {
  readonly name: "blockfrost" | "ogmios-kupo";
  readonly env: Record<string, string>;
  /** The server that answers UTxOs by address and transaction status (Blockfrost, or Kupo). */
  readonly reads: FakeServer;
  /** The server that answers the tip (Blockfrost, or Ogmios). */
  readonly tip: FakeServer;
  /** Whether the last submission reached the fake. */
  submitted(): boolean;
  faults(): unknown[];
  close(): Promise<void>;
}

async function blockfrostBackend(ledger: LiveLedger): Promise<Backend> {
  const fake = await FakeBlockfrost.start({ ledger });
  return {
    name: "blockfrost",
    env: { BLOCKFROST_PROJECT_ID: "preprodEndToEnd0123456789abcdefABCD", BLOCKFROST_URL: fake.apiUrl },
    reads: fake,
    tip: fake,
    submitted: () => fake.requests.some((r) => r.method === "POST" && r.path === "/api/v0/tx/submit"),
    faults: () => fake.faults,
    close: () => fake.close(),
  };
}

async function ogmiosKupoBackend(ledger: LiveLedger): Promise<Backend> {
  const fake = await FakeOgmiosKupo.start({ ledger, network: "preprod" });
  return {
    name: "ogmios-kupo",
    env: { OGMIOS_URL: fake.ogmiosUrl, KUPO_URL: fake.kupoUrl },
    reads: fake.kupo,
    tip: fake.ogmios,
    submitted: () => fake.rpc.some((r) => r.method === "submitTransaction"),
    faults: () => [...fake.ogmios.faults, ...fake.kupo.faults],
    close: () => fake.close(),
  };
}

const elapsed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const started = Date.now();
  const value = await run();
  return [value, Date.now() - started];
};

for (const make of [blockfrostBackend, ogmiosKupoBackend]) {
  describe(`end to end on preprod through ${make === blockfrostBackend ? "Blockfrost" : "Ogmios + Kupo"} (loopback fake, live ledger)`, () => {
    let ledger: LiveLedger;
    let backend: Backend;
    let service: RunningService;
    let alice: TestWallet;
    let bob: TestWallet;

    before(async () => {
      ledger = await LiveLedger.create();
      backend = await make(ledger);
      // No events follower polling the fakes meanwhile (test/events/ tests it): the injected faults are the payment's.
      service = await startService({ NETWORK: "preprod", AUTH: "optional", EVENT_FOLLOWER: "off", ...backend.env });
      [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
      await ledger.fund(alice.address, 100_000_000n);
    });
    after(async () => {
      await service.close();
      await backend.close();
      await ledger.close();
      assert.deepEqual(backend.faults(), [], "the fakes answered every request");
    });

    it("builds, signs, submits and reads back a payment; the ledger holds what the service says", async () => {
      const health = await service.request<"getHealth">("GET", "/health");
      assert.equal(health.status, 200, JSON.stringify(health.body));
      assert.equal(health.body.backend, backend.name);
      const ledgerTip = await ledger.tip();
      assert.ok(
        Math.abs(health.body.tip!.slot - ledgerTip.slot) <= 2,
        `health's tip ${health.body.tip!.slot} is the ledger's ${ledgerTip.slot}`,
      );

      const built = await build(service, {
        changeAddress: alice.address,
        outputs: [{ address: bob.address, lovelace: 10_000_000 }],
      });
      const signature = await alice.witnessSet(built.complete);
      const submitted = await service.request<"submitTransaction">("POST", "/transactions/submit", {
        transaction: built.complete,
        signatures: [signature],
      });
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
      assert.equal(submitted.body.txHash, built.hash);
      assert.ok(backend.submitted(), "the transaction went through the backend");

      const paid = outputsOf(await utxosAt(service, bob.address), built.hash);
      assert.equal(paid.length, 1);
      assert.equal(quantityOf(paid[0]!, "lovelace"), 10_000_000n);
      assert.equal(
        totalOf(await utxosAt(service, alice.address), "lovelace"),
        100_000_000n - 10_000_000n - feeOf(built.complete),
      );
      assert.deepEqual(
        (await ledger.devnet.utxosAt(bob.address)).map((u) => `${u.input.txHash}#${u.input.outputIndex}`),
        [`${built.hash}#${paid[0]!.input.outputIndex}`],
      );

      const status = await service.request<"getTransactionStatus">("GET", `/transactions/${built.hash}`);
      assert.equal(status.status, 200, JSON.stringify(status.body));
      // Its depth: the live ledger makes a block every slot (height = slot), so the tip's block or one
      // of the few after it.
      const depth = (await ledger.tip()).slot - ledger.record(built.hash)!.slot + 1;
      const confirmations = (status.body as { confirmations?: number }).confirmations ?? 0;
      assert.ok(confirmations >= 1 && confirmations <= depth, `${confirmations} confirmations, ${depth} blocks since`);
      assert.deepEqual(status.body, { txHash: built.hash, status: "confirmed", confirmations });
      const unknown = await service.request<"getTransactionStatus">("GET", `/transactions/${"ab".repeat(32)}`);
      assert.deepEqual(unknown.body, { txHash: "ab".repeat(32), status: "unknown" });
    });

    it("passes the ledger's refusal on as 422 with its reason, and the ledger is unchanged", async () => {
      const before = await ledger.devnet.utxosAt(alice.address);
      const built = await build(service, {
        changeAddress: alice.address,
        outputs: [{ address: bob.address, lovelace: 3_000_000 }],
      });
      const wrongKey = await bob.witnessSet(built.complete);
      const refused = await service.request<"submitTransaction">("POST", "/transactions/submit", {
        transaction: built.complete,
        signatures: [wrongKey],
      });
      assert.equal(refused.status, 422, JSON.stringify(refused.body));
      assert.equal(refused.body.error, "Unprocessable Entity");
      assert.match(refused.body.message, /^The ledger rejected the transaction: .*([Mm]issing|witness|signature)/);
      assert.deepEqual(await ledger.devnet.utxosAt(alice.address), before);
    });

    it("answers 429s by waiting as Retry-After asks, then succeeds", async () => {
      backend.reads.behave({ kind: "throttle", retryAfterSeconds: 1, times: 2 });
      const count = backend.reads.requests.length;
      const [utxos, ms] = await elapsed(() =>
        service.request<"getAddressUtxos">("GET", `/addresses/${alice.address}/utxos`),
      );
      assert.equal(utxos.status, 200, JSON.stringify(utxos.body));
      assert.equal(utxos.body.utxos.length, (await ledger.devnet.utxosAt(alice.address)).length);
      assert.equal(backend.reads.requests.length - count, 3, "two throttled attempts, then the answer");
      assert.ok(ms >= 1_900, `waited ${ms} ms for two Retry-After: 1`);
    });

    it("answers 503 naming the backend when it keeps failing with 500, after retrying", async () => {
      backend.reads.behave({ kind: "fail", status: 500 });
      const count = backend.reads.requests.length;
      try {
        const status = await service.request<"getTransactionStatus">("GET", `/transactions/${"cd".repeat(32)}`);
        assert.equal(status.status, 503, JSON.stringify(status.body));
        assert.equal(status.body.error, "Service Unavailable");
        assert.match(
          status.body.message,
          new RegExp(`^The ${backend.name} chain backend could not serve txStatus \\(5 attempts\\): .*500`),
        );
        assert.equal(backend.reads.requests.length - count, 5);
      } finally {
        backend.reads.behave({ kind: "normal" });
      }
      const recovered = await service.request<"getAddressUtxos">("GET", `/addresses/${alice.address}/utxos`);
      assert.equal(recovered.status, 200);
    });

    it("when the backend hangs: requests end in 503 naming it at the deadline, health says degraded within 3 s", async () => {
      backend.reads.behave({ kind: "slow", delayMs: 11_000 });
      backend.tip.behave({ kind: "slow", delayMs: 11_000 });
      try {
        const slowRead = elapsed(() => service.request<"getAddressUtxos">("GET", `/addresses/${alice.address}/utxos`));
        const [health, healthMs] = await elapsed(() => service.request<"getHealth">("GET", "/health"));
        assert.equal(health.status, 503, JSON.stringify(health.body));
        assert.equal(health.body.status, "degraded");
        assert.equal(health.body.backend, backend.name);
        assert.match(
          health.body.reason!,
          new RegExp(
            `^The ${backend.name} backend is unreachable: The ${backend.name} chain backend could not serve tip: `,
          ),
        );
        assert.ok(healthMs < 9_000, `health answered in ${healthMs} ms, before the 11 s slow answers`);

        const [utxos, readMs] = await slowRead;
        assert.equal(utxos.status, 503, JSON.stringify(utxos.body));
        assert.match(
          utxos.body.message,
          new RegExp(`^The ${backend.name} chain backend could not serve utxosAt \\(\\d attempts\\): `),
        );
        assert.ok(readMs >= 9_000 && readMs < 30_000, `the read gave up after ${readMs} ms (deadline 25 s)`);
      } finally {
        backend.reads.behave({ kind: "normal" });
        backend.tip.behave({ kind: "normal" });
      }
      const health = await service.request<"getHealth">("GET", "/health");
      assert.equal(health.status, 200, JSON.stringify(health.body));
      assert.equal(health.body.status, "ok");
    });
  });
}
