// The settlement deadline over real HTTP on the devnet: before it, adds and settlements end their
// validity before settleBy and a refund is refused (the message gives settleBy in UTC); once the
// devnet's clock has passed it (POST /devnet/advance), the tournament is expired: registering,
// adding and settling are refused with a 400 that points to the refund, a transaction built before
// the deadline is refused by the ledger, the admin can still cancel, and anyone can refund. A
// registration that was never added stays cancellable by its registrant. A free tournament's
// refund pays only the admin, in output 0.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eraHistoryFor } from "../../src/cardano/era-history.js";
import { isDevnet } from "../../src/chain/port.js";
import { MIN_SETTLE_WINDOW_MS } from "../../src/tournament/limits.js";
import { startService, type RunningService } from "../support/service.js";
import { checkClosed } from "../support/flows/tournament-variants.js";
import { ADA, getTournament, ok, rejected, signAndSubmit, tipOf } from "../support/tournament-api.js";
import { fundedWallet, type Funded } from "../support/wallets.js";
import { totalLovelace, utxosAt } from "../support/utxos.js";
import { validityBoundsOf } from "../support/tx-decode.js";

const ENTRY = 10 * ADA;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\./g, "\\.");

describe("the settlement deadline", () => {
  let s: RunningService;
  let admin: Funded;
  let stranger: Funded;
  let p: Funded[];
  let settleBy = 0;
  let D = ""; // bracket 3, one participant added, one registration waiting
  let E = ""; // bracket 2, full
  let F = ""; // bracket 2, one participant: the admin cancels it after the deadline
  let G = ""; // free, bracket 2, one participant: refunded, the admin's output is output 0
  const regD = new Map<Funded, string>();
  let lateAdd: { complete: string; hash: string } | undefined;

  const create = async (name: string, bracketSize: number, entryFee = ENTRY): Promise<string> => {
    const built = ok(
      await s.request<"createTournament">("POST", "/tournaments", {
        name,
        adminAddress: admin.address,
        bracketSize,
        entryFee,
        payoutStructure: [15 * ADA],
        settleBy,
        utxos: await admin.utxos(),
      }),
    );
    assert.equal(built.settleBy, settleBy);
    await signAndSubmit(s, built, [admin]);
    return built.tournamentId!;
  };
  const register = async (id: string, w: Funded): Promise<string> => {
    const built = ok(
      await s.request<"registerToTournament">("POST", `/tournaments/${id}/register`, {
        registererAddress: w.address,
        utxos: await w.utxos(),
      }),
    );
    await signAndSubmit(s, built, [w]);
    return built.outputRef!;
  };
  const add = async (id: string, registrations: { address: string; outputRef: string }[]) =>
    s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
      adminAddress: admin.address,
      registrations,
      utxos: await admin.utxos(),
    });
  const settle = async (id: string, results: string[]) =>
    s.request<"settleTournament">("PATCH", `/tournaments/${id}/settle`, {
      adminAddress: admin.address,
      results,
      utxos: await admin.utxos(),
    });

  before(async () => {
    s = await startService();
    admin = await fundedWallet(s, 1000 * ADA);
    stranger = await fundedWallet(s, 50 * ADA);
    p = [];
    for (let i = 0; i < 4; i++) p.push(await fundedWallet(s, 100 * ADA));
    settleBy = (await tipOf(s)).time + MIN_SETTLE_WINDOW_MS + 5 * 60_000;
    D = await create("D", 3);
    E = await create("E", 2);
    F = await create("F", 2);
    G = await create("G", 2, 0);
    for (const w of [p[0]!, p[1]!, p[2]!]) regD.set(w, await register(D, w));
    const eRegs = [p[0]!, p[1]!];
    const e = [];
    for (const w of eRegs) e.push({ address: w.address, outputRef: await register(E, w) });
    const addedE = ok(await add(E, e));
    await signAndSubmit(s, addedE, [admin]);
    const addedF = ok(await add(F, [{ address: p[3]!.address, outputRef: await register(F, p[3]!) }]));
    await signAndSubmit(s, addedF, [admin]);
    const addedG = ok(await add(G, [{ address: p[3]!.address, outputRef: await register(G, p[3]!) }]));
    await signAndSubmit(s, addedG, [admin]);
  });
  after(async () => {
    await s?.close();
  });

  describe("before it", () => {
    it("ends every add and settlement before settleBy, and refuses a refund, giving settleBy in UTC", async () => {
      const eras = eraHistoryFor("devnet", isDevnet(s.app.chain!) ? s.app.chain.systemStartMs : undefined);
      const deadlineSlot = eras.timeToSlot(settleBy);
      const added = ok(await add(D, [{ address: p[0]!.address, outputRef: regD.get(p[0]!)! }]));
      const v = validityBoundsOf(added.complete);
      assert.ok(
        v.to !== undefined && eras.slotToTime(v.to) < settleBy,
        `the add's validity ends at slot ${v.to}, before slot ${deadlineSlot}`,
      );
      assert.equal(v.to, deadlineSlot - 1, "the deadline is closer than the two hours a transaction is valid");
      await signAndSubmit(s, added, [admin]);
      const t = await getTournament(s, D);
      assert.equal(t.status, "open");
      assert.equal(t.settleBy, settleBy);
      const settled = ok(await settle(E, [p[0]!.address, p[1]!.address]));
      assert.equal(validityBoundsOf(settled.complete).to, deadlineSlot - 1);
      // Built now, submitted after the deadline: the ledger refuses it (its validity has ended).
      lateAdd = ok(await add(D, [{ address: p[1]!.address, outputRef: regD.get(p[1]!)! }]));
      rejected(
        await s.request<"refundTournament">("POST", `/tournaments/${D}/refund`, { utxos: await stranger.utxos() }),
        400,
        new RegExp(
          `Tournament ${D} can be refunded only after its settlement deadline, settleBy ${settleBy} \\(${iso(settleBy)}\\): from \\S+Z on; the chain's time is \\S+Z\\. Before it, only the admin can end it \\(POST /tournaments/${D}/cancel\\)`,
        ),
      );
    });
  });

  describe("after it", () => {
    before(async () => {
      const r = await s.request<"advanceDevnetClock">("POST", "/devnet/advance", {
        seconds: (MIN_SETTLE_WINDOW_MS + 6 * 60_000) / 1000,
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.ok(r.body.time > settleBy);
    });

    it("shows the tournaments as expired, in the listing too", async () => {
      for (const id of [D, E, F, G]) assert.equal((await getTournament(s, id)).status, "expired");
      const list = await s.request<"listTournaments">("GET", "/tournaments");
      assert.deepEqual(
        list.body.results!.map((t) => t.status),
        ["expired", "expired", "expired", "expired"],
      );
    });

    it("refuses registering, adding and settling with a 400 that points to the refund; the ledger refuses a late add", async () => {
      const expired = (id: string, what: string) =>
        new RegExp(
          `Tournament ${id} expired: its settlement deadline \\(settleBy ${settleBy}, ${iso(settleBy)}\\) has passed \\(the chain's time is \\S+Z\\), so ${what}\\. ` +
            `Anyone can now refund it: POST /tournaments/${id}/refund`,
        );
      rejected(
        await s.request<"registerToTournament">("POST", `/tournaments/${D}/register`, {
          registererAddress: p[3]!.address,
          utxos: await p[3]!.utxos(),
        }),
        400,
        expired(D, "it takes no more registrations \\(none could be added\\)"),
      );
      rejected(
        await add(D, [{ address: p[1]!.address, outputRef: regD.get(p[1]!)! }]),
        400,
        expired(D, "no participant can be added"),
      );
      rejected(await settle(E, [p[0]!.address, p[1]!.address]), 400, expired(E, "it can no longer be settled"));
      const signatures = [await admin.witnessSet(lateAdd!.complete)];
      const late = await s.request<"submitTournamentTransaction">("POST", "/tournaments/submit-tx", {
        transaction: lateAdd!.complete,
        signatures,
      });
      assert.equal(late.status, 422, JSON.stringify(late.body));
      assert.match(JSON.stringify(late.body), /OutsideValidityIntervalUTxO|validity|interval/i);
    });

    it("still lets the admin cancel, and nobody else", async () => {
      rejected(
        await s.request<"cancelTournament">("POST", `/tournaments/${F}/cancel`, {
          adminAddress: stranger.address,
          utxos: await stranger.utxos(),
        }),
        400,
        /Only the tournament's admin \(addr_test1\w+\) cancels; body\.adminAddress is another address\. After the settlement deadline .* anyone can refund it/,
      );
      const before3 = totalLovelace(await utxosAt(s, p[3]!.address));
      const cancel = ok(
        await s.request<"cancelTournament">("POST", `/tournaments/${F}/cancel`, {
          adminAddress: admin.address,
          utxos: await admin.utxos(),
        }),
      );
      await signAndSubmit(s, cancel, [admin]);
      assert.equal((await getTournament(s, F)).status, "cancelled");
      assert.equal(totalLovelace(await utxosAt(s, p[3]!.address)), before3 + BigInt(ENTRY));
    });

    it("lets anyone refund, with only their own signature; the registrations never added stay cancellable", async () => {
      const refund = ok(
        await s.request<"refundTournament">("POST", `/tournaments/${D}/refund`, {
          address: stranger.address,
          utxos: await stranger.utxos(),
        }),
      );
      // No other signature: unsigned it is refused only for the stranger's own inputs, signed by the stranger it is accepted.
      const unsigned = await s.request<"submitTournamentTransaction">("POST", "/tournaments/submit-tx", {
        transaction: refund.complete,
      });
      assert.equal(unsigned.status, 422, JSON.stringify(unsigned.body));
      assert.match(
        unsigned.body.message,
        new RegExp(
          `a signature is missing: the key with hash ${stranger.keyHash} \\(the payment key of ${stranger.address}\\) must sign it`,
        ),
      );
      assert.match(
        unsigned.body.detail!,
        new RegExp(
          `missing inputs key hashes: Set\\("${stranger.keyHash}"\\).*missing required signers key hashes: TreeSet\\(\\)`,
        ),
      );
      await signAndSubmit(s, refund, [stranger]);
      const t = await getTournament(s, D);
      assert.equal(t.status, "refunded");
      assert.deepEqual(
        t.refunds!.map((r) => r.address),
        [p[0]!.address, admin.address],
      );
      const refundE = ok(
        await s.request<"refundTournament">("POST", `/tournaments/${E}/refund`, {
          changeAddress: stranger.address,
          utxos: await stranger.utxos(),
        }),
      );
      await signAndSubmit(s, refundE, [stranger]);
      assert.equal((await getTournament(s, E)).status, "refunded");
      // Refunded, nothing more: a second refund is a 404.
      rejected(
        await s.request<"refundTournament">("POST", `/tournaments/${D}/refund`, { utxos: await stranger.utxos() }),
        404,
        /it ended/,
      );
      // p1's and p2's registrations to D were never added: they are listed, and each registrant can cancel.
      const left = await s.request<"listTournamentRegistrations">("GET", `/tournaments/${D}/registrations`);
      assert.equal(left.status, 200, JSON.stringify(left.body));
      assert.deepEqual(left.body.results!.map((r) => r.address).sort(), [p[1]!.address, p[2]!.address].sort());
      for (const w of [p[1]!, p[2]!]) {
        const built = ok(
          await s.request<"unregisterFromTournament">("POST", `/tournaments/${D}/unregister`, {
            registererAddress: w.address,
            outputRef: regD.get(w),
            utxos: await w.utxos(),
          }),
        );
        await signAndSubmit(s, built, [w]);
      }
      assert.deepEqual(
        (await s.request<"listTournamentRegistrations">("GET", `/tournaments/${D}/registrations`)).body.results,
        [],
      );
    });

    it("refunds a free tournament: no entry fee to pay back, the admin's rest in output 0 tagged [id, N]", async () => {
      const before = await getTournament(s, G);
      assert.equal(before.entryFee, "0");
      const refund = ok(
        await s.request<"refundTournament">("POST", `/tournaments/${G}/refund`, { utxos: await stranger.utxos() }),
      );
      await signAndSubmit(s, refund, [stranger]);
      await checkClosed(s, { ...before, id: G }, refund, "refund");
      assert.deepEqual((await getTournament(s, G)).refunds, [
        { address: admin.address, lovelace: before.lovelace, outputRef: `${refund.hash}#0` },
      ]);
    });
  });
});
