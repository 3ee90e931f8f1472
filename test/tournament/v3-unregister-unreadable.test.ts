// A registrant's exit from a v3 pool does not depend on the pool's history: cancelling a
// registration needs the pool's configuration only, so the service builds it even when the chain
// backend cannot give the transactions the pool's seats are read from (a pruned Kupo, a Blockfrost
// still indexing), where adding or settling answers that the seats are unreadable.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { knownAddress } from "../../src/cardano/address-rules.js";
import type { ChainPort } from "../../src/chain/port.js";
import type { TournamentId } from "../../src/tournament/id.js";
import { add, unregisterFrom } from "../../src/tournament/operations.js";
import { SeatReader } from "../../src/tournament/seats.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, ok, signAndSubmit } from "../support/tournament-api.js";
import { fundedWallet, type Funded } from "../support/wallets.js";

const V3 = { contractVersion: "3.0.0" } as const;

/** The service's chain port, but its history of spent outputs lost (consumedBy finds nothing). */
const withoutHistory = (chain: ChainPort): ChainPort =>
  new Proxy(chain, {
    get(target, key, receiver) {
      if (key === "consumedBy") return () => Promise.resolve([]); // as a pruned Kupo: nothing spent is kept
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });

describe("v3: unregistering while the pool's seats cannot be read", () => {
  let s: RunningService;
  let admin: Funded;
  before(async () => {
    s = await startService();
    admin = await fundedWallet(s, 200 * ADA);
  });
  after(async () => {
    await s?.close();
  });

  it("builds the registrant's cancellation where an add answers that the seats are unreadable", async () => {
    const built = ok(
      await s.request<"createTournament">("POST", "/tournaments", {
        adminAddress: admin.address,
        utxos: await admin.utxos(),
        name: "no history",
        bracketSize: 4,
        entryFee: "2000000",
        payoutStructure: ["6000000"],
        ...V3,
      }),
    );
    await signAndSubmit(s, built, [admin]);
    const id = built.tournamentId! as TournamentId;
    const players = await Promise.all([0, 1, 2].map(() => fundedWallet(s, 20 * ADA)));
    const regs: { address: string; outputRef: string }[] = [];
    for (const p of players) {
      const r = ok(
        await s.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
          registererAddress: p.address,
          utxos: await p.utxos(),
          ...V3,
        }),
      );
      await signAndSubmit(s, r, [p]);
      regs.push({ address: p.address, outputRef: r.outputRef! });
    }
    // One add, so that the pool's seats are history the backend must give.
    const added = ok(
      await s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
        adminAddress: admin.address,
        registrations: regs.slice(0, 2),
        utxos: await admin.utxos(),
        ...V3,
      }),
    );
    await signAndSubmit(s, added, [admin]);

    // A seat reader of its own: the service's has the pool's seats cached already (the tournament
    // events read each pool output its blocks make), and a cached read needs no history.
    const ctx = {
      ...s.app.tournaments.context(),
      chain: withoutHistory(s.app.chain!),
      seats: new SeatReader("devnet"),
    };
    const pending = regs[2]!;
    await assert.rejects(
      add(ctx, {
        tournamentId: id,
        adminAddress: knownAddress(admin.address),
        changeAddress: knownAddress(admin.address),
        registrations: [{ address: knownAddress(pending.address), outputRef: pending.outputRef }],
        utxos: { from: { address: knownAddress(admin.address), field: "adminAddress" } },
        ...V3,
      }),
      /seats/i,
      "an add needs the seats, and says they cannot be read",
    );
    const cancel = await unregisterFrom(ctx, {
      tournamentId: id,
      registererAddress: knownAddress(pending.address),
      changeAddress: knownAddress(pending.address),
      outputRef: pending.outputRef,
      utxos: { from: { address: knownAddress(pending.address), field: "registererAddress" } },
      ...V3,
    });
    await signAndSubmit(s, cancel, [players[2]!]);
    const [txHash, index] = pending.outputRef.split("#");
    const [left] = await s.app.chain!.utxosByRef([{ txHash: txHash!, index: Number(index) }]);
    assert.equal(left, undefined, "the registration is spent: its registrant has their money back");
  });
});
