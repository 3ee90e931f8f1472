// The tournament lifecycle over real HTTP on any target (../target.ts), every transaction signed
// in the test with real keys: create (bracket of 4, entry fee, 3 placements and a fixed payout, the
// default 30-day deadline) → five registrations, one underpaid and one overpaid (both hand-made), one
// cancelled → listings → the admin adds four in one transaction, covering the underpaid one and
// returning the overpaid one's excess to its registrant, tagged → settle → every prize output
// checked on chain, the NFT burnt, the rest of the pool with the admin, and the tournament read
// back as settled with its results and payouts. On the devnet the tournament script is deployed by
// the service and spent by reference; on a real network nothing deploys it, so it travels inline.
// Run by test/tournament/lifecycle.test.ts (devnet) and test/e2e/*.test.ts (each backend), with
// the other flows of ./tournament-variants.ts.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { randomBytes } from "node:crypto";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { Serialization } from "@meshsdk/core-cst";
import { encodePayoutTag, encodeRegistrationDatum } from "../../../src/tournament/datum.js";
import { defaultContract } from "../../../src/tournament/deployment.js";
import type { Target } from "../target.js";
import type { RunningService } from "../service.js";
import { fundedWallet, type Funded } from "../wallets.js";
import { DEFAULT_SETTLE_WINDOW_MS } from "../../../src/tournament/limits.js";
import { ADA, getTournament, ok, signAndSubmit, tipOf } from "../tournament-api.js";
import { lovelaceOf, totalLovelace, utxosAt } from "../utxos.js";
import { mintOf, referenceInputsOf, validityBoundsOf } from "../tx-decode.js";

/** Registers the lifecycle's tests; `target()` is read once its `before` runs (after the caller's). */
export function tournamentLifecycle(target: () => Target): void {
  const ENTRY = 50 * ADA;
  const PAYOUTS = [100 * ADA, 50 * ADA, 20 * ADA];
  const FIXED = 10 * ADA;
  const OVERPAID = 65 * ADA;

  describe(`a tournament from creation to settlement`, () => {
    let service: RunningService;
    let admin: Funded;
    let players: Funded[];
    const organizer = serializeAddressObj(pubKeyAddress(randomBytes(28).toString("hex")), 0);
    let id = "";
    let registrationAddress = "";
    const regs = new Map<Funded, string>();
    const fees = new Map<string, string>();

    let kind: Target["kind"];

    before(async () => {
      ({ service, kind } = target());
      admin = await fundedWallet(target(), 1000 * ADA);
      players = [];
      for (let i = 0; i < 5; i++) players.push(await fundedWallet(target(), 200 * ADA));
    });

    it("creates the tournament: the NFT at the tournament validator with the configuration and the default deadline", async () => {
      const seed = (await admin.utxos())[0]!;
      const tip = await tipOf(service);
      const built = ok(
        await service.request<"createTournament">("POST", "/tournaments", {
          name: "Spring cup ⚽",
          adminAddress: admin.address,
          bracketSize: 4,
          entryFee: ENTRY,
          payoutStructure: PAYOUTS,
          fixedPayouts: [[organizer, String(FIXED)]],
          utxos: [seed],
        }),
      );
      fees.set("create", built.fee);
      // The entry fees of a full bracket (200 ADA) cover the prizes (180 ADA): no deposit.
      assert.equal(built.deposit, "0");
      // The default deadline: 30 days after the chain's time; the validity ends before it.
      assert.ok(
        Math.abs(built.settleBy! - (tip.time + DEFAULT_SETTLE_WINDOW_MS)) < 120_000,
        `settleBy ${built.settleBy}, tip ${tip.time}`,
      );
      const validity = validityBoundsOf(built.complete);
      // Valid from the chain's time now (the contract bounds the deadline from the validity start).
      assert.ok(
        validity.from !== undefined && validity.from >= tip.slot && validity.from <= tip.slot + 60,
        `validity starts at slot ${validity.from}`,
      );
      assert.ok(
        validity.to !== undefined && validity.to > tip.slot && validity.to <= tip.slot + 3 * 3600,
        `validity ends at slot ${validity.to}`,
      );
      // Collateral: 5 ADA at stake, the rest of the collateral UTxO returned to its owner.
      const body = Serialization.Transaction.fromCbor(Serialization.TxCBOR(built.complete)).body();
      assert.equal(body.totalCollateral(), 5_000_000n);
      assert.equal(body.collateralReturn()?.address().toBech32(), admin.address);
      // The devnet deployed the tournament script and spends it by reference; a real network, where
      // nothing deployed it, gets it inline.
      const script = defaultContract(service.config.network).script.compiledCode;
      if (kind === "devnet") {
        assert.equal(referenceInputsOf(built.complete).length, 1, "the devnet's deployment, by reference");
        assert.ok(!built.complete.includes(script));
      } else {
        assert.deepEqual(referenceInputsOf(built.complete), []);
        assert.ok(built.complete.includes(script), "the tournament script travels in the witness set");
      }
      id = built.tournamentId!;
      assert.match(id, /^[0-9a-f]{64}$/);
      await signAndSubmit(service, { complete: built.complete!, hash: built.hash! }, [admin]);

      const r = await service.request<"getTournament">("GET", `/tournaments/${id}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const t = r.body;
      assert.equal(t.tournamentId, id);
      assert.equal(t.name, "Spring cup ⚽");
      assert.equal(t.adminAddress, admin.address);
      assert.equal(t.bracketSize, 4);
      assert.equal(t.entryFee, String(ENTRY));
      assert.deepEqual(t.payoutStructure, PAYOUTS.map(String));
      assert.deepEqual(t.fixedPayouts, [[organizer, String(FIXED)]]);
      assert.deepEqual(t.participants, []);
      assert.equal(t.status, "open");
      assert.equal(t.settleBy, built.settleBy);
      assert.equal(t.deposit, "0");
      assert.equal(t.endedBy, undefined);
      assert.equal(t.outputRef, `${built.hash}#0`);
      assert.equal(t.contractTitle, "cardano-tx-service/tournament");
      assert.equal(t.contractVersion, "3.0.0");
      assert.equal(
        t.exitRule,
        "Until the bracket is full the admin may cancel (every entry fee back); once it is full the only ways out are a settlement, " +
          "or a cancel or refund that shares the entry fees and the prize deposit equally among the players.",
      );
      registrationAddress = t.registrationAddress;
      // The seed is spent; the NFT sits in the tournament output.
      const adminUtxos = await utxosAt(service, admin.address);
      assert.ok(!adminUtxos.some((u) => u.output.amount.some((a) => a.unit.endsWith(id))));
    });

    it("takes registrations: two paid ones, one overpaid and one underpaid made by hand, one that is cancelled", async () => {
      for (const p of [players[0]!, players[1]!, players[4]!]) {
        const built = ok(
          // tournamentId in the body is optional (the path names it): one registration leaves it out.
          await service.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
            ...(p === players[1] ? {} : { tournamentId: id }),
            registererAddress: p.address,
            utxos: await p.utxos(),
          }),
        );
        fees.set("register", built.fee);
        assert.equal(built.outputRef, `${built.hash}#0`);
        await signAndSubmit(service, { complete: built.complete!, hash: built.hash! }, [p]);
        regs.set(p, built.outputRef!);
      }
      // Player 3 sends 65 ADA (15 too many) and player 4 20 ADA (30 too few) to the registration
      // address with their address as datum, with the general builder.
      for (const [p, lovelace] of [
        [players[2]!, OVERPAID],
        [players[3]!, 20 * ADA],
      ] as const) {
        const hand = await service.request<"buildTransaction">("POST", "/transactions/build", {
          changeAddress: p.address,
          utxos: await p.utxos(),
          outputs: [
            {
              address: registrationAddress,
              lovelace,
              datum: { type: "inline", value: encodeRegistrationDatum(p.address) },
            },
          ],
        });
        assert.equal(hand.status, 200, JSON.stringify(hand.body));
        await signAndSubmit(service, hand.body, [p]);
        regs.set(p, `${hand.body.hash}#0`);
      }

      // Player 5 cancels: the whole registration comes back, and only with their signature.
      const p5 = players[4]!;
      const before5 = totalLovelace(await utxosAt(service, p5.address));
      const cancel = ok(
        await service.request<"unregisterFromTournament">("POST", `/tournaments/${id}/unregister`, {
          tournamentId: id,
          registererAddress: p5.address,
          outputRef: regs.get(p5),
          utxos: await p5.utxos(),
        }),
      );
      fees.set("unregister", cancel.fee);
      // Without the registrant's signature the ledger refuses it (required signer).
      const unsigned = await service.request<"submitTournamentTransaction">("POST", "/tournaments/submit-tx", {
        transaction: cancel.complete,
      });
      assert.equal(unsigned.status, 422, JSON.stringify(unsigned.body));
      await signAndSubmit(service, { complete: cancel.complete!, hash: cancel.hash! }, [p5]);
      const after5 = totalLovelace(await utxosAt(service, p5.address));
      assert.equal(after5, before5 + BigInt(ENTRY) - BigInt(cancel.fee!));
    });

    it("lists the registrations, filtered by validity and paged", async () => {
      const all = await service.request<"listTournamentRegistrations">("GET", `/tournaments/${id}/registrations`);
      assert.equal(all.status, 200, JSON.stringify(all.body));
      assert.equal(all.body.entryFeeLovelace, String(ENTRY));
      assert.equal(all.body.page, 1);
      assert.equal(all.body.limit, 100);
      assert.equal(all.body.results.length, 4);
      const byAddress = new Map(all.body.results!.map((r) => [r.address, r]));
      for (const p of players.slice(0, 2)) {
        assert.deepEqual(byAddress.get(p.address), {
          address: p.address,
          outputRef: regs.get(p),
          valid: true,
          paidFeesLovelace: String(ENTRY),
        });
      }
      assert.deepEqual(byAddress.get(players[2]!.address), {
        address: players[2]!.address,
        outputRef: regs.get(players[2]!),
        valid: true,
        paidFeesLovelace: String(OVERPAID),
      });
      assert.deepEqual(byAddress.get(players[3]!.address), {
        address: players[3]!.address,
        outputRef: regs.get(players[3]!),
        valid: false,
        reason: `It holds ${20 * ADA} lovelace, less than the entry fee of ${ENTRY}: if the admin adds it, the admin pays the difference.`,
        paidFeesLovelace: String(20 * ADA),
      });
      assert.ok(!byAddress.has(players[4]!.address), "the cancelled registration is gone");

      const valid = await service.request<"listTournamentRegistrations">(
        "GET",
        `/tournaments/${id}/registrations?valid=true`,
      );
      assert.deepEqual(
        valid.body.results!.map((r) => r.address).sort(),
        players
          .slice(0, 3)
          .map((p) => p.address)
          .sort(),
      );
      const invalid = await service.request<"listTournamentRegistrations">(
        "GET",
        `/tournaments/${id}/registrations?valid=false`,
      );
      assert.deepEqual(
        invalid.body.results!.map((r) => r.address),
        [players[3]!.address],
      );
      const page2 = await service.request<"listTournamentRegistrations">(
        "GET",
        `/tournaments/${id}/registrations?limit=3&page=2`,
      );
      assert.equal(page2.status, 200);
      assert.deepEqual(page2.body.results, [all.body.results[3]]);
      assert.equal(page2.body.page, 2);
      assert.equal(page2.body.limit, 3);
    });

    it("adds four participants in one transaction, the admin covering the underpaid registration, the overpaid one's excess returned", async () => {
      const before = (await service.request<"getTournament">("GET", `/tournaments/${id}`)).body;
      const four = players.slice(0, 4);
      const adminBefore = totalLovelace(await utxosAt(service, admin.address));
      const built = ok(
        await service.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
          tournamentId: id,
          adminAddress: admin.address,
          registrations: four.map((p) => ({ address: p.address, outputRef: regs.get(p) })),
          utxos: await admin.utxos(),
        }),
      );
      fees.set("participants", built.fee);
      const tip = await tipOf(service);
      const validity = validityBoundsOf(built.complete);
      assert.ok(
        validity.to !== undefined && validity.to > tip.slot && validity.to < tip.slot + 3 * 3600,
        "valid for a few hours, ending before the deadline",
      );
      await signAndSubmit(service, { complete: built.complete!, hash: built.hash! }, [admin]);

      const t = (await service.request<"getTournament">("GET", `/tournaments/${id}`)).body;
      assert.equal(t.status, "full");
      assert.equal(t.outputRef, `${built.hash}#0`);
      // Appended in the ledger's input order: by output reference.
      const order = [...four].sort((a, b) => (regs.get(a)! < regs.get(b)! ? -1 : 1)).map((p) => p.address);
      assert.deepEqual(t.participants, order);
      // The pool grew by exactly four entry fees; the admin paid the 30 ADA the underpaid registration lacked, plus the fee.
      assert.equal(BigInt(t.lovelace), BigInt(before.lovelace!) + 4n * BigInt(ENTRY));
      const adminAfter = totalLovelace(await utxosAt(service, admin.address));
      assert.equal(adminAfter, adminBefore - 30n * BigInt(ADA) - BigInt(built.fee!));
      // The overpaid registration's 15 ADA went back to its registrant in output 1 (the only return),
      // tagged with the registrant's participant index.
      const k = order.indexOf(players[2]!.address);
      const returned = (await utxosAt(service, players[2]!.address)).filter((u) => u.input.txHash === built.hash);
      assert.equal(returned.length, 1);
      assert.equal(returned[0]!.input.outputIndex, 1);
      assert.equal(lovelaceOf(returned[0]!), BigInt(OVERPAID - ENTRY));
      assert.equal(returned[0]!.output.plutusData, encodePayoutTag(id, k));
      const left = await service.request<"listTournamentRegistrations">("GET", `/tournaments/${id}/registrations`);
      assert.deepEqual(left.body.results, []);

      const list = await service.request<"listTournaments">("GET", "/tournaments");
      assert.equal(list.status, 200);
      assert.ok(
        list.body.results.some(
          (x: { tournamentId: string; status: string }) => x.tournamentId === id && x.status === "full",
        ),
      );
      assert.equal(list.body.pageState, undefined);
    });

    it("settles: tagged prize outputs, the NFT burnt, the rest of the pool to the admin", async () => {
      const t = (await service.request<"getTournament">("GET", `/tournaments/${id}`)).body;
      const results = [players[2]!, players[0]!, players[3]!, players[1]!];
      const adminBefore = totalLovelace(await utxosAt(service, admin.address));
      const built = ok(
        await service.request<"settleTournament">("PATCH", `/tournaments/${id}/settle`, {
          tournamentId: id,
          adminAddress: admin.address,
          results: results.map((p) => p.address),
          utxos: await admin.utxos(),
        }),
      );
      fees.set("settle", built.fee);
      await signAndSubmit(service, { complete: built.complete!, hash: built.hash! }, [admin]);

      const paid = [
        ...results.slice(0, 3).map((p, i) => [p.address, PAYOUTS[i]!, i] as const),
        [organizer, FIXED, 3] as const,
      ];
      for (const [address, amount, index] of paid) {
        const outs = (await utxosAt(service, address)).filter((u) => u.input.txHash === built.hash);
        assert.equal(outs.length, 1, `one prize output to ${address}`);
        const out = outs[0]!;
        assert.equal(out.input.outputIndex, index);
        assert.equal(lovelaceOf(out), BigInt(amount));
        assert.equal(out.output.plutusData, encodePayoutTag(id, index));
      }
      // Fourth place has no prize.
      assert.equal(
        (await utxosAt(service, players[1]!.address)).filter((u) => u.input.txHash === built.hash).length,
        0,
      );
      // The NFT is burnt: no output holds it, and the tournament is read back as settled.
      assert.deepEqual(mintOf(built.complete), [[t.policyId + id, -1n]]);
      const ended = await getTournament(service, id);
      assert.equal(ended.status, "settled");
      assert.deepEqual(ended.endedBy, { action: "settle", txHash: built.hash });
      assert.deepEqual(
        ended.results,
        results.slice(0, 3).map((p) => p.address),
      );
      assert.deepEqual(
        ended.payouts,
        paid.map(([address, amount, index]) => ({
          address,
          lovelace: String(amount),
          outputRef: `${built.hash}#${index}`,
        })),
      );
      assert.deepEqual(ended.participants, t.participants);
      assert.equal(ended.outputRef, t.outputRef);
      assert.equal(ended.refunds, undefined);
      const list = await service.request<"listTournaments">("GET", "/tournaments");
      assert.ok(!list.body.results!.some((x) => x.tournamentId === id), "an ended tournament is not listed");
      const everywhere = [
        ...(await utxosAt(service, admin.address)),
        ...(await utxosAt(service, t.registrationAddress!)),
      ];
      assert.ok(!everywhere.some((u) => u.output.amount.some((a) => a.unit.endsWith(id))));
      // The admin gets the rest of the pool (and the deposit), minus the fee.
      const prizes = BigInt(PAYOUTS.reduce((s, a) => s + a, 0) + FIXED);
      const adminAfter = totalLovelace(await utxosAt(service, admin.address));
      assert.equal(adminAfter, adminBefore + BigInt(t.lovelace!) - prizes - BigInt(built.fee!));
      console.log(`tournament fees (lovelace): ${JSON.stringify(Object.fromEntries(fees))}`);
    });
  });
}
