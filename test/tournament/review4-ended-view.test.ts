// Review 4: what GET /tournaments/{id} of a v3 tournament whose cancel split it into batches asks
// the chain backend (src/tournament/v3/serve.ts batchesOfEnded). Every batch UTxO is an output of
// the same closing transaction, and the view asks spentBy once per batch: up to 16 calls per GET
// for a full bracket, on every GET (nothing is cached). On Blockfrost each spentBy is GET
// /txs/{closing tx}/utxos, on Kupo GET /matches/*@{closing tx}: the same request each time, whose
// one answer names the spender of every batch. A pool of 65 seats (two batches) made over HTTP,
// cancelled over HTTP; the view read with the service's port wrapped to count spentBy. This test
// PASSES: it proves the suspicion (2 calls, both about the same transaction), it does not fail.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { TournamentId } from "../../src/tournament/id.js";
import { readTournament } from "../../src/tournament/operations.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, getTournament, ok, signAndSubmit } from "../support/tournament-api.js";
import { contextOf, registerMany } from "../support/v3-contract.js";
import { fundedWallet, newBaseWallet, type Funded } from "../support/wallets.js";
import { countingPort } from "../support/counting-port.js";

const V3 = { contractVersion: "3.0.0" } as const;
const FEE = 2_000_000;

describe("review4: the view of a v3 tournament closed into batches", () => {
  let s: RunningService;
  let admin: Funded;
  let sponsor: Funded;
  let id: TournamentId;
  let closing: string;

  before(async () => {
    s = await startService();
    admin = await fundedWallet(s, 300 * ADA);
    sponsor = await fundedWallet(s, 400 * ADA);
    const built = ok(
      await s.request<"createTournament">("POST", "/tournaments", {
        adminAddress: admin.address,
        utxos: await admin.utxos(),
        name: "review4 batches",
        bracketSize: 128,
        entryFee: String(FEE),
        payoutStructure: ["10000000"],
        ...V3,
      }),
    );
    await signAndSubmit(s, built, [admin]);
    id = built.tournamentId! as TournamentId;
    const registrationAddress = (await getTournament(s, id)).registrationAddress!;
    const players = await Promise.all(Array.from({ length: 65 }, () => newBaseWallet()));
    const regs = await registerMany(
      s,
      registrationAddress,
      sponsor,
      players.map((p) => p.address),
      () => BigInt(FEE),
    );
    for (let from = 0; from < regs.length; from += 40) {
      const add = ok(
        await s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
          adminAddress: admin.address,
          registrations: regs.slice(from, from + 40),
          utxos: await admin.utxos(),
          ...V3,
        }),
      );
      await signAndSubmit(s, add, [admin]);
    }
    const cancel = await s.request<"cancelTournament">("POST", `/tournaments/${id}/cancel`, {
      adminAddress: admin.address,
      utxos: await admin.utxos(),
      ...V3,
    });
    assert.equal(cancel.status, 200, JSON.stringify(cancel.body));
    assert.equal((cancel.body as { batchesRemaining: number }).batchesRemaining, 2);
    closing = await signAndSubmit(s, ok(cancel), [admin]);
  });
  after(async () => {
    await s?.close();
  });

  it("each GET asks spentBy once per batch, every call about the same closing transaction (passes: proves the redundancy)", async () => {
    const chain = countingPort(contextOf(s).chain, "spentBy");
    const ctx = { ...contextOf(s), chain };
    for (let n = 1; n <= 2; n++) {
      chain.calls.length = 0;
      const view = await readTournament(ctx, { tournamentId: id, participantsPage: 1, participantsLimit: 10, ...V3 });
      const batches = (view as { batches?: { batch: number; paidBy: string | null }[] }).batches;
      assert.deepEqual(
        batches?.map((b) => [b.batch, b.paidBy]),
        [
          [0, null],
          [1, null],
        ],
      );
      assert.equal(chain.calls.length, 2, `GET ${n}: one spentBy per batch, none cached`);
      assert.deepEqual(
        [...new Set(chain.calls.map((r) => r.txHash))],
        [closing],
        "every call asks about the closing transaction: one answer would serve them all",
      );
    }
  });
});
