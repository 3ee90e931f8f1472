// The tournament flows besides the lifecycle, on the default contract (v3; v2.1 shares a deposit
// alike), over real HTTP on any target (../target.ts), every transaction signed in the test with
// real keys and checked on chain:
// - a free tournament whose prizes the creator sponsors: the deposit in the create answer and in the
//   tournament output, each registration (MIN_PAYOUT_LOVELACE) back to its registrant when added, winners paid;
// - a paid tournament with a sponsor's top-up (prizes above a full bracket's entry fees);
// - a cancel by the admin before the bracket filled: each participant's entry fee back, the rest to
//   the admin, the NFT burnt, the tournament read back as cancelled; a registration not added stays
//   cancellable by its registrant;
// - a cancel by the admin once the bracket is full (contracts v2.1 and v3): each participant's entry fee and
//   an equal share of the deposit, the remainder to participant 0, the admin only what is left;
// - a refund by a stranger of a full bracket after the clock moved past the deadline: the tournament
//   expired first (refused before), then refunded with the same shares.
// Run by test/tournament/lifecycle.test.ts (devnet) and test/e2e/*.test.ts (each backend). The
// refund moves the target's clock: it runs last.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { encodePayoutTag } from "../../../src/tournament/datum.js";
import { MIN_PAYOUT_LOVELACE, MIN_SETTLE_WINDOW_MS } from "../../../src/tournament/limits.js";
import type { Target } from "../target.js";
import type { RunningService } from "../service.js";
import { fundedWallet, type Funded } from "../wallets.js";
import {
  ADA,
  assertTagged,
  getTournament,
  ok,
  rejected,
  signAndSubmit,
  tipOf,
  tournamentCalls,
} from "../tournament-api.js";
import { lovelaceOf, totalLovelace, utxosAt } from "../utxos.js";
import { mintOf, requiredSignersOf, validityBoundsOf } from "../tx-decode.js";

const keyless = () => serializeAddressObj(pubKeyAddress(randomBytes(28).toString("hex")), 0);

/** Checks a cancel or refund on chain and as the API reads it back. */
export async function checkClosed(
  service: RunningService,
  before: {
    id: string;
    policyId: string;
    lovelace: string;
    participants: string[];
    entryFee: string;
    adminAddress: string;
    outputRef: string;
    bracketSize: number;
    deposit: string;
  },
  built: { hash: string; complete: string },
  action: "cancel" | "refund",
): Promise<void> {
  const fee = BigInt(before.entryFee);
  const n = before.participants.length;
  // Once the bracket is full the deposit D is the players': each gets floor(D / N) more, participant
  // 0 also D mod N (contracts v2.1 and v3). Before, only the entry fee.
  const full = n === before.bracketSize;
  const d = full ? BigInt(before.deposit) : 0n;
  const share = (k: number) => fee + d / BigInt(n) + (k === 0 ? d % BigInt(n) : 0n);
  // Each participant's payment in output k tagged [id, k] (none when it is 0: free entry, no share),
  // then the admin's rest in the next output, tagged [id, N].
  const paid =
    fee + (full ? d / BigInt(n) : 0n) > 0n
      ? before.participants.map((address, k) => ({ address, lovelace: share(k), k, tag: k }))
      : [];
  const expected = [
    ...paid,
    {
      address: before.adminAddress,
      lovelace: BigInt(before.lovelace) - paid.reduce((sum, x) => sum + x.lovelace, 0n),
      k: paid.length,
      tag: n,
    },
  ];
  for (const e of expected) await assertTagged(service, built.hash, e.k, e.address, e.lovelace, before.id, e.tag);
  assert.deepEqual(mintOf(built.complete), [[before.policyId + before.id, -1n]], "the NFT is burnt");
  const t = await getTournament(service, before.id);
  assert.equal(t.status, action === "cancel" ? "cancelled" : "refunded");
  assert.deepEqual(t.endedBy, { action, txHash: built.hash });
  assert.deepEqual(
    t.refunds,
    expected.map((e) => ({ address: e.address, lovelace: e.lovelace.toString(), outputRef: `${built.hash}#${e.k}` })),
  );
  assert.deepEqual(t.participants, before.participants);
  assert.equal(t.outputRef, before.outputRef);
  assert.equal(t.results, undefined);
  assert.equal(t.payouts, undefined);
  const list = await service.request<"listTournaments">("GET", "/tournaments");
  assert.ok(!list.body.results!.some((x) => x.tournamentId === before.id), "an ended tournament is not listed");
}

export function tournamentVariants(target: () => Target): void {
  const api = tournamentCalls(() => target().service);

  describe("a free tournament whose prizes the creator sponsors", () => {
    const PRIZES = [30 * ADA, 10 * ADA];
    const FIXED = 5 * ADA;
    const organizer = keyless();
    let admin: Funded;
    let players: Funded[];
    let id = "";
    const regs: Awaited<ReturnType<typeof api.register>>[] = [];

    before(async () => {
      admin = await fundedWallet(target(), 200 * ADA);
      players = [await fundedWallet(target(), 20 * ADA), await fundedWallet(target(), 20 * ADA)];
    });

    it("creates it with the prizes deposited: the deposit in the answer and in the tournament output", async () => {
      const adminBefore = totalLovelace(await utxosAt(api.service(), admin.address));
      const built = await api.create(admin, {
        name: "Free cup",
        bracketSize: 2,
        payoutStructure: PRIZES,
        fixedPayouts: [[organizer, FIXED]],
      });
      id = built.tournamentId!;
      const deposit = BigInt(PRIZES[0]! + PRIZES[1]! + FIXED);
      assert.equal(built.deposit, deposit.toString());
      const t = await getTournament(api.service(), id);
      assert.equal(t.entryFee, "0");
      assert.equal(t.deposit, deposit.toString());
      // The output holds the deposit on top of its min-UTxO; the admin paid both and the fee.
      const minUtxo = BigInt(t.lovelace) - deposit;
      assert.ok(minUtxo > 1n * BigInt(ADA) && minUtxo < 3n * BigInt(ADA), `min-UTxO ${minUtxo}`);
      assert.equal(
        totalLovelace(await utxosAt(api.service(), admin.address)),
        adminBefore - BigInt(t.lovelace) - BigInt(built.fee),
      );
    });

    it("takes registrations that hold MIN_PAYOUT_LOVELACE (more than their min-UTxO), and gives it back to each registrant when added", async () => {
      const balances = new Map<string, bigint>();
      for (const p of players) {
        const before = totalLovelace(await utxosAt(api.service(), p.address));
        const r = await api.register(id, p);
        regs.push(r);
        balances.set(p.address, before - r.fee);
      }
      const listed = await api
        .service()
        .request<"listTournamentRegistrations">("GET", `/tournaments/${id}/registrations`);
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      assert.equal(listed.body.entryFeeLovelace, "0");
      const held = new Map<string, bigint>();
      for (const r of listed.body.results) {
        assert.equal(r.valid, true);
        const lovelace = BigInt(r.paidFeesLovelace);
        assert.equal(
          lovelace,
          MIN_PAYOUT_LOVELACE,
          "a free registration holds MIN_PAYOUT_LOVELACE, all of it returned at the add",
        );
        held.set(r.address!, lovelace);
      }
      const before = await getTournament(api.service(), id);
      const built = await api.add(
        id,
        admin,
        regs.map(({ address, outputRef }) => ({ address, outputRef })),
      );
      const t = await getTournament(api.service(), id);
      assert.equal(t.status, "full");
      assert.equal(t.lovelace, before.lovelace, "a free tournament's pool does not grow");
      // Output k+1 returns participant k's registration lovelace to it, exactly, tagged [id, k].
      for (const [k, address] of (t.participants as string[]).entries()) {
        const returned = (await utxosAt(api.service(), address)).filter((u) => u.input.txHash === built.hash);
        assert.equal(returned.length, 1, `one return to ${address}`);
        assert.equal(returned[0]!.input.outputIndex, k + 1);
        const back = lovelaceOf(returned[0]!);
        assert.equal(back, held.get(address)!, "the whole registration back, nothing added by the admin");
        assert.equal(returned[0]!.output.plutusData, encodePayoutTag(id, k));
        // The registrant holds what it had before registering, less the registration's fee (plus any top-up).
        assert.equal(
          totalLovelace(await utxosAt(api.service(), address)),
          balances.get(address)! + back - held.get(address)!,
        );
      }
    });

    it("settles: the winners and the fixed payout paid from the deposit", async () => {
      const t = await getTournament(api.service(), id);
      const results = [t.participants![1]!, t.participants![0]!];
      const adminBefore = totalLovelace(await utxosAt(api.service(), admin.address));
      const built = await api.settle(id, admin, results);
      await assertTagged(api.service(), built.hash, 0, results[0]!, PRIZES[0]!, id);
      await assertTagged(api.service(), built.hash, 1, results[1]!, PRIZES[1]!, id);
      await assertTagged(api.service(), built.hash, 2, organizer, FIXED, id);
      // The admin gets the min-UTxO back, less the fee.
      const rest = BigInt(t.lovelace) - BigInt(t.deposit!);
      assert.equal(totalLovelace(await utxosAt(api.service(), admin.address)), adminBefore + rest - BigInt(built.fee));
      const ended = await getTournament(api.service(), id);
      assert.equal(ended.status, "settled");
      assert.deepEqual(ended.results, results);
    });
  });

  describe("a paid tournament with a sponsor's top-up", () => {
    const ENTRY = 10 * ADA;
    const PRIZE = 45 * ADA;
    let admin: Funded;
    let players: Funded[];
    let id = "";

    before(async () => {
      admin = await fundedWallet(target(), 200 * ADA);
      players = [await fundedWallet(target(), 40 * ADA), await fundedWallet(target(), 40 * ADA)];
    });

    it("deposits what the prize exceeds two entry fees by, and pays the whole prize to the winner", async () => {
      const built = await api.create(admin, {
        name: "Sponsored cup",
        bracketSize: 2,
        entryFee: ENTRY,
        payoutStructure: [PRIZE],
      });
      id = built.tournamentId!;
      assert.equal(built.deposit, String(PRIZE - 2 * ENTRY));
      const created = await getTournament(api.service(), id);
      assert.equal(created.deposit, String(PRIZE - 2 * ENTRY));
      const regs = [];
      for (const p of players) regs.push(await api.register(id, p));
      await api.add(
        id,
        admin,
        regs.map(({ address, outputRef }) => ({ address, outputRef })),
      );
      const full = await getTournament(api.service(), id);
      assert.equal(BigInt(full.lovelace), BigInt(created.lovelace) + 2n * BigInt(ENTRY));
      const adminBefore = totalLovelace(await utxosAt(api.service(), admin.address));
      const settled = await api.settle(id, admin, [players[1]!.address, players[0]!.address]);
      await assertTagged(api.service(), settled.hash, 0, players[1]!.address, PRIZE, id);
      // The admin's share is the min-UTxO: the deposit and both entry fees went to the prize.
      assert.equal(
        totalLovelace(await utxosAt(api.service(), admin.address)),
        adminBefore + BigInt(full.lovelace) - BigInt(PRIZE) - BigInt(settled.fee),
      );
      assert.equal((await getTournament(api.service(), id)).status, "settled");
    });
  });

  describe("a tournament the admin cancels before its bracket fills", () => {
    const ENTRY = 10 * ADA;
    let admin: Funded;
    let players: Funded[];
    let id = "";
    let left: { address: string; outputRef: string } | undefined;

    before(async () => {
      admin = await fundedWallet(target(), 200 * ADA);
      players = [];
      for (let i = 0; i < 4; i++) players.push(await fundedWallet(target(), 40 * ADA));
    });

    it("pays each participant's entry fee back and the rest to the admin, burns the NFT, and reads back as cancelled", async () => {
      const built = await api.create(admin, {
        name: "Cancelled cup",
        bracketSize: 4,
        entryFee: ENTRY,
        payoutStructure: [25 * ADA],
        fixedPayouts: [[keyless(), 20 * ADA]],
      });
      id = built.tournamentId!;
      assert.equal(built.deposit, String(5 * ADA));
      const regs = [];
      for (const p of players) regs.push(await api.register(id, p));
      // Three are added; the fourth registration stays where it is.
      await api.add(
        id,
        admin,
        regs.slice(0, 3).map(({ address, outputRef }) => ({ address, outputRef })),
      );
      left = regs[3];
      const t = await getTournament(api.service(), id);
      assert.equal(t.status, "open");
      // A non-admin cannot cancel.
      rejected(
        await api.service().request<"cancelTournament">("POST", `/tournaments/${id}/cancel`, {
          adminAddress: players[0]!.address,
          utxos: await players[0]!.utxos(),
        }),
        400,
        /Only the tournament's admin \(addr_test1\w+\) cancels; body\.adminAddress is another address/,
      );
      const balances = await Promise.all(
        players.slice(0, 3).map(async (p) => totalLovelace(await utxosAt(api.service(), p.address))),
      );
      const cancel = ok(
        await api.service().request<"cancelTournament">("POST", `/tournaments/${id}/cancel`, {
          tournamentId: id,
          adminAddress: admin.address,
          utxos: await admin.utxos(),
        }),
      );
      // The admin is a required signer: without the signature the ledger refuses it.
      assert.deepEqual(requiredSignersOf(cancel.complete), [admin.keyHash]);
      const unsigned = await api
        .service()
        .request<"submitTournamentTransaction">("POST", "/tournaments/submit-tx", { transaction: cancel.complete });
      assert.equal(unsigned.status, 422, JSON.stringify(unsigned.body));
      await signAndSubmit(api.service(), cancel, [admin]);
      await checkClosed(api.service(), { ...t, id }, cancel, "cancel");
      // Every participant is 10 ADA richer.
      for (const [i, p] of players.slice(0, 3).entries()) {
        assert.equal(totalLovelace(await utxosAt(api.service(), p.address)), balances[i]! + BigInt(ENTRY));
      }
    });

    it("keeps the registration that was not added cancellable by its registrant, and listed", async () => {
      const p = players[3]!;
      const listed = await api
        .service()
        .request<"listTournamentRegistrations">("GET", `/tournaments/${id}/registrations`);
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      assert.deepEqual(
        listed.body.results.map((r: { outputRef: string }) => r.outputRef),
        [left!.outputRef],
      );
      const before = totalLovelace(await utxosAt(api.service(), p.address));
      const built = ok(
        await api.service().request<"unregisterFromTournament">("POST", `/tournaments/${id}/unregister`, {
          registererAddress: p.address,
          outputRef: left!.outputRef,
          utxos: await p.utxos(),
        }),
      );
      await signAndSubmit(api.service(), built, [p]);
      assert.equal(totalLovelace(await utxosAt(api.service(), p.address)), before + BigInt(ENTRY) - BigInt(built.fee));
      // Ended, it takes nothing more.
      rejected(
        await api.service().request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
          registererAddress: p.address,
          utxos: await p.utxos(),
        }),
        404,
        /it ended/,
      );
      rejected(
        await api.service().request<"cancelTournament">("POST", `/tournaments/${id}/cancel`, {
          adminAddress: admin.address,
          utxos: await admin.utxos(),
        }),
        404,
        /No tournament \w+ .*it ended/,
      );
    });
  });

  describe("a full tournament the admin cancels: the deposit is the players'", () => {
    const ENTRY = 10 * ADA;

    it("pays each participant the entry fee and an equal share of the deposit (the remainder to participant 0), the admin only what is left", async () => {
      const admin = await fundedWallet(target(), 200 * ADA);
      const players = [await fundedWallet(target(), 40 * ADA), await fundedWallet(target(), 40 * ADA)];
      // Prizes of 23 ADA and 1 lovelace against 20 ADA of entry fees: a deposit of 3,000,001 lovelace.
      const built = await api.create(admin, {
        name: "Full cancel cup",
        bracketSize: 2,
        entryFee: ENTRY,
        payoutStructure: [15 * ADA],
        fixedPayouts: [[keyless(), 8 * ADA + 1]],
      });
      const id = built.tournamentId!;
      assert.equal(built.deposit, "3000001");
      const regs = [];
      for (const p of players) regs.push(await api.register(id, p));
      await api.add(
        id,
        admin,
        regs.map(({ address, outputRef }) => ({ address, outputRef })),
      );
      const t = await getTournament(api.service(), id);
      assert.equal(t.status, "full");
      const balances = await Promise.all(
        players.map(async (p) => totalLovelace(await utxosAt(api.service(), p.address))),
      );
      const cancel = ok(
        await api.service().request<"cancelTournament">("POST", `/tournaments/${id}/cancel`, {
          adminAddress: admin.address,
          utxos: await admin.utxos(),
        }),
      );
      await signAndSubmit(api.service(), cancel, [admin]);
      await checkClosed(api.service(), { ...t, id }, cancel, "cancel");
      // 10 ADA back and 1.5 ADA of the deposit each; participant 0 also the odd lovelace.
      for (const [i, p] of players.entries()) {
        const k = (t.participants as string[]).indexOf(p.address);
        assert.equal(
          totalLovelace(await utxosAt(api.service(), p.address)),
          balances[i]! + BigInt(ENTRY) + 1_500_000n + (k === 0 ? 1n : 0n),
        );
      }
    });
  });

  describe("a full tournament that expires and a stranger refunds", () => {
    const ENTRY = 10 * ADA;
    let admin: Funded;
    let players: Funded[];
    let stranger: Funded;
    let id = "";
    let settleBy = 0;

    before(async () => {
      admin = await fundedWallet(target(), 200 * ADA);
      stranger = await fundedWallet(target(), 30 * ADA);
      players = [await fundedWallet(target(), 40 * ADA), await fundedWallet(target(), 40 * ADA)];
    });

    it("is refused before the deadline, which the message gives in UTC", async () => {
      const tip = await tipOf(api.service());
      settleBy = tip.time + MIN_SETTLE_WINDOW_MS + 5 * 60_000;
      // Full at 2; prizes of 23 ADA and 1 lovelace against 20 ADA of entry fees: a deposit of 3,000,001 lovelace.
      const built = await api.create(admin, {
        name: "Expiring cup",
        bracketSize: 2,
        entryFee: ENTRY,
        payoutStructure: [23 * ADA + 1],
        settleBy,
      });
      id = built.tournamentId!;
      assert.equal(built.settleBy, settleBy);
      const regs = [];
      for (const p of players) regs.push(await api.register(id, p));
      await api.add(
        id,
        admin,
        regs.map(({ address, outputRef }) => ({ address, outputRef })),
      );
      const t = await getTournament(api.service(), id);
      assert.equal(t.status, "full");
      assert.equal(t.settleBy, settleBy);
      const early = await api
        .service()
        .request<"refundTournament">("POST", `/tournaments/${id}/refund`, { utxos: await stranger.utxos() });
      rejected(
        early,
        400,
        new RegExp(
          `can be refunded only after its settlement deadline, settleBy ${settleBy} \\(${new Date(settleBy).toISOString().replace(/\./g, "\\.")}\\)`,
        ),
      );
    });

    it("expires once the clock passes settleBy: listed as expired, then refunded by a stranger without the admin", async () => {
      await target().advance(Math.ceil((MIN_SETTLE_WINDOW_MS + 6 * 60_000) / 1000));
      const t = await getTournament(api.service(), id);
      assert.equal(t.status, "expired");
      const list = await api.service().request<"listTournaments">("GET", "/tournaments");
      assert.ok(list.body.results!.some((x) => x.tournamentId === id && x.status === "expired"));
      const balances = await Promise.all(
        players.map(async (p) => totalLovelace(await utxosAt(api.service(), p.address))),
      );
      const strangerBefore = totalLovelace(await utxosAt(api.service(), stranger.address));
      const refund = ok(
        await api.service().request<"refundTournament">("POST", `/tournaments/${id}/refund`, {
          tournamentId: id,
          utxos: await stranger.utxos(),
        }),
      );
      // No required signer; the validity starts after the deadline.
      assert.deepEqual(requiredSignersOf(refund.complete), []);
      const tip = await tipOf(api.service());
      const validity = validityBoundsOf(refund.complete);
      assert.ok(validity.from !== undefined && validity.from <= tip.slot, `valid from slot ${validity.from}`);
      await signAndSubmit(api.service(), refund, [stranger]);
      await checkClosed(api.service(), { ...t, id }, refund, "refund");
      // Each gets the entry fee and 1.5 ADA of the deposit; participant 0 also the odd lovelace.
      for (const [i, p] of players.entries()) {
        const k = (t.participants as string[]).indexOf(p.address);
        assert.equal(
          totalLovelace(await utxosAt(api.service(), p.address)),
          balances[i]! + BigInt(ENTRY) + 1_500_000n + (k === 0 ? 1n : 0n),
        );
      }
      // The stranger paid the fee and nothing else.
      assert.equal(totalLovelace(await utxosAt(api.service(), stranger.address)), strangerBefore - BigInt(refund.fee));
    });
  });
}
