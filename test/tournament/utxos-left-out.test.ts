// `utxos` left out on every tournament endpoint (issue #22 item 7): the service reads the paying
// party's UTxOs from the chain (the admin's, the registrant's, the refunding caller's), as POST
// /transactions/build reads its change address's. Over real HTTP on the devnet, each transaction is
// signed with real keys, submitted, and the chain state after it asserted. Without funds there, the
// 400 names that address and says that utxos was left out.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { decodeUtxos, ledgerOrder, outRefOf } from "../../src/cardano/utxo.js";
import { tournamentIdOf } from "../../src/tournament/datum.js";
import { MIN_SETTLE_WINDOW_MS } from "../../src/tournament/limits.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, assertTagged, getTournament, ok, rejected, signAndSubmit, tipOf } from "../support/tournament-api.js";
import { lovelaceOf, totalLovelace, utxosAt } from "../support/utxos.js";
import { fundedWallet, newEnterpriseWallet, type Funded } from "../support/wallets.js";

const ENTRY = 10 * ADA;

describe("tournament endpoints without utxos", () => {
  let s: RunningService;
  let admin: Funded;
  let stranger: Funded;
  let p: Funded[];
  let T = ""; // bracket 2: registered, added, settled, every call without utxos
  const reg = new Map<Funded, string>();

  const balance = async (w: Funded) => totalLovelace(await utxosAt(s, w.address));
  const createBody = (extra: Record<string, unknown> = {}) => ({
    name: "No utxos cup",
    adminAddress: admin.address,
    bracketSize: 2,
    entryFee: ENTRY,
    payoutStructure: [15 * ADA],
    ...extra,
  });

  before(async () => {
    s = await startService();
    admin = await fundedWallet(s, 500 * ADA);
    stranger = await fundedWallet(s, 50 * ADA);
    p = [await fundedWallet(s, 100 * ADA), await fundedWallet(s, 100 * ADA), await fundedWallet(s, 100 * ADA)];
  });
  after(async () => {
    await s?.close();
  });

  it("creates: the admin's first UTxO on chain (ledger order) is the seed and names the tournament", async () => {
    const held = decodeUtxos(await admin.utxos(), "utxos").sort(ledgerOrder);
    const seed = held[0]!;
    const before = await balance(admin);
    const built = ok(await s.request<"createTournament">("POST", "/tournaments", createBody()));
    assert.equal(built.tournamentId, tournamentIdOf(seed.input.txHash, seed.input.outputIndex));
    await signAndSubmit(s, built, [admin]);
    T = built.tournamentId!;
    const t = await getTournament(s, T);
    assert.equal(t.status, "open");
    assert.equal(t.adminAddress, admin.address);
    const after = await utxosAt(s, admin.address);
    assert.ok(!after.some((u) => outRefOf(u) === outRefOf(seed)), "the seed is spent");
    assert.equal(totalLovelace(after), before - BigInt(t.lovelace) - BigInt(built.fee));
  });

  it("registers and unregisters from the registrant's UTxOs", async () => {
    for (const w of p) {
      const before = await balance(w);
      const built = ok(
        await s.request<"registerToTournament">("POST", `/tournaments/${T}/register`, { registererAddress: w.address }),
      );
      await signAndSubmit(s, built, [w]);
      reg.set(w, built.outputRef!);
      assert.equal(await balance(w), before - BigInt(ENTRY) - BigInt(built.fee));
    }
    const listed = (await s.request<"listTournamentRegistrations">("GET", `/tournaments/${T}/registrations`)).body;
    assert.deepEqual(
      listed.results!.map((r) => [r.outputRef, r.valid, r.paidFeesLovelace]),
      [...reg.values()].sort().map((ref) => [ref, true, String(ENTRY)]),
    );

    const quitter = p[2]!;
    const before = await balance(quitter);
    const built = ok(
      await s.request<"unregisterFromTournament">("POST", `/tournaments/${T}/unregister`, {
        registererAddress: quitter.address,
        outputRef: reg.get(quitter),
      }),
    );
    await signAndSubmit(s, built, [quitter]);
    assert.equal(await balance(quitter), before + BigInt(ENTRY) - BigInt(built.fee));
    const left = (await s.request<"listTournamentRegistrations">("GET", `/tournaments/${T}/registrations`)).body
      .results!;
    assert.ok(!left.some((r) => r.outputRef === reg.get(quitter)));
  });

  it("adds participants and settles from the admin's UTxOs", async () => {
    const open = await getTournament(s, T);
    const registrations = p.slice(0, 2).map((w) => ({ address: w.address, outputRef: reg.get(w)! }));
    const added = ok(
      await s.request<"addTournamentParticipants">("POST", `/tournaments/${T}/participants`, {
        adminAddress: admin.address,
        registrations,
      }),
    );
    assert.equal((added as unknown as { skipped?: unknown }).skipped, undefined);
    await signAndSubmit(s, added, [admin]);
    const full = await getTournament(s, T);
    assert.equal(full.status, "full");
    assert.deepEqual([...full.participants].sort(), [p[0]!.address, p[1]!.address].sort());
    assert.equal(full.lovelace, String(BigInt(open.lovelace) + 2n * BigInt(ENTRY)));

    const before = await balance(p[1]!);
    const settled = ok(
      await s.request<"settleTournament">("PATCH", `/tournaments/${T}/settle`, {
        adminAddress: admin.address,
        results: [p[1]!.address, p[0]!.address],
      }),
    );
    await signAndSubmit(s, settled, [admin]);
    assert.equal((await getTournament(s, T)).status, "settled");
    await assertTagged(s, settled.hash, 0, p[1]!.address, 15 * ADA, T);
    assert.equal(await balance(p[1]!), before + BigInt(15 * ADA));
  });

  it("cancels from the admin's UTxOs ([] counts as left out, as the hosted API's examples send it)", async () => {
    const created = ok(await s.request<"createTournament">("POST", "/tournaments", createBody({ utxos: [] })));
    await signAndSubmit(s, created, [admin]);
    const id = created.tournamentId!;
    const cancel = ok(
      await s.request<"cancelTournament">("POST", `/tournaments/${id}/cancel`, {
        adminAddress: admin.address,
        utxos: [],
      }),
    );
    await signAndSubmit(s, cancel, [admin]);
    const t = await getTournament(s, id);
    assert.equal(t.status, "cancelled");
    assert.equal(t.endedBy!.txHash, cancel.hash);
    // Nobody was added: the whole tournament output goes back to the admin, in output 0 tagged [id, 0].
    await assertTagged(s, cancel.hash, 0, admin.address, BigInt(t.lovelace), id);
  });

  it("refunds from the caller's UTxOs after the deadline: `address` names the caller", async () => {
    const settleBy = (await tipOf(s)).time + MIN_SETTLE_WINDOW_MS + 5 * 60_000;
    const created = ok(await s.request<"createTournament">("POST", "/tournaments", createBody({ settleBy })));
    await signAndSubmit(s, created, [admin]);
    const id = created.tournamentId!;
    const advanced = await s.request<"advanceDevnetClock">("POST", "/devnet/advance", {
      seconds: (MIN_SETTLE_WINDOW_MS + 6 * 60_000) / 1000,
    });
    assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
    rejected(
      await s.request<"refundTournament">("POST", `/tournaments/${id}/refund`, {}),
      400,
      /^body\.address \(or body\.changeAddress\) is needed when body\.utxos is left out: the UTxOs at that address, read from the chain, pay the fee\.$/,
    );
    const adminBefore = await balance(admin);
    const strangerBefore = await balance(stranger);
    const refund = ok(
      await s.request<"refundTournament">("POST", `/tournaments/${id}/refund`, { address: stranger.address }),
    );
    await signAndSubmit(s, refund, [stranger]);
    const t = await getTournament(s, id);
    assert.equal(t.status, "refunded");
    assert.equal(await balance(stranger), strangerBefore - BigInt(refund.fee));
    assert.equal(await balance(admin), adminBefore + BigInt(t.lovelace));
  });

  it("says whose UTxOs could not pay when utxos was left out", async () => {
    const empty = await newEnterpriseWallet();
    rejected(
      await s.request<"createTournament">("POST", "/tournaments", createBody({ adminAddress: empty.address })),
      400,
      /^body\.adminAddress holds no UTxO on chain that the creation can spend to name the tournament \(one without a datum or a reference script\), and body\.utxos was left out: fund that address, or pass the UTxOs that pay in body\.utxos\.$/,
    );
    const created = ok(await s.request<"createTournament">("POST", "/tournaments", createBody()));
    await signAndSubmit(s, created, [admin]);
    const poor = await fundedWallet(s, 3 * ADA);
    rejected(
      await s.request<"registerToTournament">("POST", `/tournaments/${created.tournamentId}/register`, {
        registererAddress: poor.address,
      }),
      400,
      /^Not enough ADA: .* about \d+ lovelace \([\d.]+ ADA\) missing\. Pass more or larger UTxOs in body\.utxos \(left out, so read from the chain at body\.registererAddress\)\.$/,
    );
    const held = await utxosAt(s, poor.address);
    assert.equal(held.length, 1);
    assert.equal(lovelaceOf(held[0]!), BigInt(3 * ADA));
  });
});
