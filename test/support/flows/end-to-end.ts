// The end-to-end flows run through each real-network backend (test/e2e/*.test.ts): one service
// per file, started on preprod against the backend's loopback fake and its live ledger: the
// tournament lifecycle, the main build variants, the delegations (test/tx/delegations.test.ts runs
// them on the devnet), the hosted API's hello-world Plutus programs (test/tx/plutus-hello-world.test.ts
// on the devnet), the failures a backend brings to those flows, and
// the free, sponsored, cancelled and refunded tournaments (last: the refund moves the ledger's clock).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { buildFlows } from "./build.js";
import { delegationFlows } from "./delegations.js";
import { cip68SmartContractFlows } from "./cip68-smart-contract.js";
import { plutusHelloWorldFlows } from "./plutus-hello-world.js";
import { startTarget, type Target, type TargetKind } from "../target.js";
import { tournamentVariants } from "./tournament-variants.js";
import { fundedWallet, type Funded } from "../wallets.js";
import { tournamentLifecycle } from "./tournament-lifecycle.js";
import { ADA, ok, signAndSubmit, tournamentCalls } from "../tournament-api.js";

export function runEndToEnd(kind: Exclude<TargetKind, "devnet">): void {
  describe(`end to end on preprod through ${kind} (loopback fake, live ledger)`, () => {
    let target: Target;
    before(async () => {
      target = await startTarget(kind);
    });
    after(async () => {
      await target?.close();
    });
    tournamentLifecycle(() => target);
    buildFlows(() => target);
    delegationFlows(() => target);
    plutusHelloWorldFlows(() => target);
    cip68SmartContractFlows(() => target);
    backendFailures(() => target);
    tournamentVariants(() => target);
  });
}

/** A throttling backend during a tournament build, and a backend that is down for a tournament listing. */
function backendFailures(target: () => Target): void {
  describe("when the backend misbehaves during the tournament flows", () => {
    let admin: Funded;
    let player: Funded;
    let id = "";

    before(async () => {
      admin = await fundedWallet(target(), 100 * ADA);
      player = await fundedWallet(target(), 100 * ADA);
      const created = await tournamentCalls(() => target().service).create(admin, {
        name: "Throttled cup",
        bracketSize: 2,
        entryFee: 10 * ADA,
        payoutStructure: [15 * ADA],
      });
      id = created.tournamentId!;
    });

    it("a registration built while the backend answers 429 twice waits as Retry-After asks, then is built, signed and accepted", async () => {
      const { service, backend } = target();
      const utxos = await player.utxos();
      backend!.reads.behave({ kind: "throttle", retryAfterSeconds: 1, times: 2 });
      const count = backend!.reads.requests.length;
      const started = Date.now();
      const built = ok(
        await service.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
          registererAddress: player.address,
          utxos,
        }),
      );
      const ms = Date.now() - started;
      assert.ok(
        backend!.reads.requests.length - count >= 3,
        "two throttled attempts, then the answers the build needed",
      );
      assert.ok(ms >= 1_900, `waited ${ms} ms for two Retry-After: 1`);
      await signAndSubmit(service, built, [player]);
      const listed = await service.request<"listTournamentRegistrations">("GET", `/tournaments/${id}/registrations`);
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      assert.deepEqual(listed.body.results, [
        { address: player.address, outputRef: built.outputRef, valid: true, paidFeesLovelace: String(10 * ADA) },
      ]);
    });

    it("the tournament listing is 503 naming the backend while it is down, and answers again once it is back", async () => {
      const { service, backend } = target();
      await backend!.reads.refuse();
      try {
        const down = await service.request<"listTournaments">("GET", "/tournaments");
        assert.equal(down.status, 503, JSON.stringify(down.body));
        assert.equal(down.body.error, "Service Unavailable");
        assert.match(
          down.body.message,
          new RegExp(`^The ${backend!.name} chain backend could not serve \\w+ \\(\\d attempts\\): .*ECONNREFUSED`),
        );
      } finally {
        await backend!.reads.accept();
      }
      const back = await service.request<"listTournaments">("GET", "/tournaments");
      assert.equal(back.status, 200, JSON.stringify(back.body));
      assert.ok(
        back.body.results.some(
          (t: { tournamentId: string; status: string }) => t.tournamentId === id && t.status === "open",
        ),
      );
    });
  });
}
