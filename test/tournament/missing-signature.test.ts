// A tournament transaction submitted without one of its signatures (issue #22 item 7): the 422
// names the address whose key is missing and its role, the tournament's admin or the
// registration's registrant, even when no input of the transaction is at that address (a sponsor's
// UTxOs pay: before, the message named the key hash alone). Through POST /tournaments/submit-tx and
// POST /transactions/submit (the same route); real keys, the devnet's ledger, the chain asserted.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { RunningService } from "../support/service.js";
import { ADA, getTournament, ok, openTournament, signAndSubmit, tournamentCalls } from "../support/tournament-api.js";
import type { Funded, TestWallet } from "../support/wallets.js";

const ENTRY = 10 * ADA;

describe("a missing signature on a tournament transaction", () => {
  let s: RunningService;
  let admin: Funded;
  let sponsor: Funded;
  let player: Funded;
  let T = "";
  let registration = "";

  /** Submits signed by `signers` only; expects the ledger's 422 and returns its message. */
  const refused = async (
    built: { complete: string },
    signers: readonly TestWallet[],
    path: string,
  ): Promise<string> => {
    const signatures = await Promise.all(signers.map((w) => w.witnessSet(built.complete)));
    const r = await s.request<"error">("POST", path, { transaction: built.complete, signatures });
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.equal(r.body.code, "CHAIN_ERR_LEDGER_REJECTED");
    return r.body.message;
  };
  const missing = (who: TestWallet, role: string) =>
    `The ledger rejected the transaction: a signature is missing: the key with hash ${who.keyHash} (the payment key of ${who.address}, ${role}) ` +
    "must sign it. Sign `complete` with that key too and submit it again with every signature (the transaction itself stays the same).";

  before(async () => {
    const open = await openTournament(
      { admin: 200 * ADA, sponsor: 200 * ADA, player: 100 * ADA },
      { name: "Signatures", bracketSize: 2, entryFee: ENTRY, payoutStructure: [15 * ADA] },
    );
    ({ service: s, id: T } = open);
    ({ admin, sponsor, player } = open.wallets);
    registration = (await tournamentCalls(() => s).register(T, player)).outputRef;
  });
  after(async () => {
    await s?.close();
  });

  it("names the registrant of an unregister the sponsor pays for", async () => {
    const built = ok(
      await s.request<"unregisterFromTournament">("POST", `/tournaments/${T}/unregister`, {
        registererAddress: player.address,
        outputRef: registration,
        changeAddress: sponsor.address,
        utxos: await sponsor.utxos(),
      }),
    );
    assert.equal(
      await refused(built, [sponsor], "/tournaments/submit-tx"),
      missing(player, `the registrant of registration ${registration}`),
    );
    const listed = (await s.request<"listTournamentRegistrations">("GET", `/tournaments/${T}/registrations`)).body
      .results!;
    assert.deepEqual(
      listed.map((r) => r.outputRef),
      [registration],
      "the registration is still there",
    );
  });

  it("names the admin of an add the sponsor pays for; with every signature the ledger takes it", async () => {
    const built = ok(
      await s.request<"addTournamentParticipants">("POST", `/tournaments/${T}/participants`, {
        adminAddress: admin.address,
        registrations: [{ address: player.address, outputRef: registration }],
        changeAddress: sponsor.address,
        utxos: await sponsor.utxos(),
      }),
    );
    assert.equal(
      await refused(built, [sponsor], "/tournaments/submit-tx"),
      missing(admin, `the admin of tournament ${T}`),
    );
    assert.deepEqual((await getTournament(s, T)).participants, []);
    await signAndSubmit(s, built, [sponsor, admin]);
    assert.deepEqual((await getTournament(s, T)).participants, [player.address]);
  });

  it("names the admin through POST /transactions/submit too", async () => {
    const built = ok(
      await s.request<"cancelTournament">("POST", `/tournaments/${T}/cancel`, {
        adminAddress: admin.address,
        changeAddress: sponsor.address,
        utxos: await sponsor.utxos(),
      }),
    );
    assert.equal(
      await refused(built, [sponsor], "/transactions/submit"),
      missing(admin, `the admin of tournament ${T}`),
    );
    assert.equal((await getTournament(s, T)).status, "open");
    await signAndSubmit(s, built, [sponsor, admin]);
    assert.equal((await getTournament(s, T)).status, "cancelled");
  });
});
