// "A running service on some chain" for the end-to-end suites: the embedded devnet, or preprod
// through a real-network backend (Blockfrost, or Ogmios + Kupo) whose loopback fake answers from a
// live ledger (./fakes/live-ledger.ts). The suites fund wallets with `fund` and otherwise only talk HTTP
// to `service`, so the same steps run on every target.
import assert from "node:assert/strict";
import type { FakeServer } from "./fakes/server.js";
import { FakeBlockfrost } from "./fakes/blockfrost.js";
import { FakeOgmiosKupo } from "./fakes/ogmios-kupo.js";
import { LiveLedger } from "./fakes/live-ledger.js";
import { startService, type RunningService } from "./service.js";
import { fund } from "./wallets.js";

export type TargetKind = "devnet" | "blockfrost" | "ogmios-kupo";

/** The fake behind a real-network target, for the failure cases. */
export interface FakeBackend {
  readonly name: "blockfrost" | "ogmios-kupo";
  readonly ledger: LiveLedger;
  /** The server that answers UTxOs by address (Blockfrost, or Kupo). */
  readonly reads: FakeServer;
  /** Whether some transaction reached the fake's submission endpoint. */
  submitted(): boolean;
  /** Errors the fake's routes threw (a bug in the fake or its ledger). */
  faults(): unknown[];
}

export interface Target {
  readonly kind: TargetKind;
  readonly service: RunningService;
  /** The fake and its ledger (real-network targets only). */
  readonly backend: FakeBackend | undefined;
  /** Pays `lovelace` to `address` from a genesis faucet; resolves once the ledger holds it. Returns the transaction hash. */
  fund(address: string, lovelace: number | bigint): Promise<string>;
  /** Moves the chain's clock `seconds` ahead (the service then sees that tip): a tournament's deadline can pass. */
  advance(seconds: number): Promise<void>;
  /** Closes the service, then the fake and its ledger; asserts the fake answered every request it could. */
  close(): Promise<void>;
}

/** Starts `kind`'s service; `env` adds to a real-network service's environment (e.g. BLOCKFROST_REQUESTS_PER_SECOND). */
export async function startTarget(kind: TargetKind, env: Readonly<Record<string, string>> = {}): Promise<Target> {
  if (kind === "devnet") {
    const service = await startService();
    return {
      kind,
      service,
      backend: undefined,
      fund: (address, lovelace) => fund(service, address, Number(lovelace)),
      async advance(seconds) {
        const r = await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds });
        assert.equal(r.status, 200, JSON.stringify(r.body));
      },
      close: () => service.close(),
    };
  }
  const ledger = await LiveLedger.create();
  let backendEnv: Record<string, string>;
  let backend: FakeBackend;
  let closeFake: () => Promise<void>;
  if (kind === "blockfrost") {
    const fake = await FakeBlockfrost.start({ ledger });
    backendEnv = { BLOCKFROST_PROJECT_ID: "preprodEndToEnd0123456789abcdefABCD", BLOCKFROST_URL: fake.apiUrl };
    backend = {
      name: kind,
      ledger,
      reads: fake,
      submitted: () => fake.requests.some((r) => r.method === "POST" && r.path === "/api/v0/tx/submit"),
      faults: () => fake.faults,
    };
    closeFake = () => fake.close();
  } else {
    const fake = await FakeOgmiosKupo.start({ ledger, network: "preprod" });
    backendEnv = { OGMIOS_URL: fake.ogmiosUrl, KUPO_URL: fake.kupoUrl };
    backend = {
      name: kind,
      ledger,
      reads: fake.kupo,
      submitted: () => fake.rpc.some((r) => r.method === "submitTransaction"),
      faults: () => [...fake.ogmios.faults, ...fake.kupo.faults],
    };
    closeFake = () => fake.close();
  }
  let service: RunningService;
  try {
    // The events follower polls the fake in the background (test/events/ tests it): off, so that the
    // faults a flow injects for its next requests meet that flow's requests only.
    service = await startService({
      NETWORK: "preprod",
      AUTH: "optional",
      EVENT_FOLLOWER: "off",
      ...backendEnv,
      ...env,
    });
  } catch (error) {
    await closeFake();
    await ledger.close();
    throw error;
  }
  const health = await service.request<"getHealth">("GET", "/health");
  assert.equal(health.body?.backend, kind, JSON.stringify(health.body));
  return {
    kind,
    service,
    backend,
    fund: (address, lovelace) => ledger.fund(address, BigInt(lovelace)),
    async advance(seconds) {
      await ledger.advance(seconds);
    },
    async close() {
      await service.close();
      await closeFake();
      await ledger.close();
      assert.deepEqual(backend.faults(), [], "the fake answered every request");
    },
  };
}
