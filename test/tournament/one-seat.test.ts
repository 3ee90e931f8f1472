// An address takes one seat (issue #22 item 7): the service refuses a second registration by an
// address that has a valid registration waiting or is a participant already, saying what to do
// (unregister first). A duplicate built elsewhere (POST /transactions/build, which the contract
// accepts: anyone may pay the registration address) is listed valid false with the reason, and an
// add skips it, naming it in `skipped`; its registrant can still unregister it. Over real HTTP on
// the devnet, every transaction signed with real keys, the chain asserted after each.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { encodeRegistrationDatum } from "../../src/tournament/datum.js";
import type { RunningService } from "../support/service.js";
import { ADA, getTournament, ok, openTournament, rejected, signAndSubmit } from "../support/tournament-api.js";
import { build, signAndSubmit as submitTx } from "../support/transactions-api.js";
import { totalLovelace, utxosAt } from "../support/utxos.js";
import type { Funded } from "../support/wallets.js";

const ENTRY = 10 * ADA;

/** The ledger's order of two output references (by transaction id, then index). */
const ledgerFirst = (a: string, b: string): [string, string] => {
  const [ta, ia] = a.split("#") as [string, string];
  const [tb, ib] = b.split("#") as [string, string];
  return (ta === tb ? Number(ia) < Number(ib) : ta < tb) ? [a, b] : [b, a];
};

interface Listed {
  address: string | null;
  outputRef: string;
  valid: boolean;
  reason?: string;
}

describe("one seat per address", () => {
  let s: RunningService;
  let admin: Funded;
  let alice: Funded;
  let bob: Funded;
  let T = "";
  let regAddress = "";
  let first = ""; // alice's registration the add takes
  let second = ""; // alice's duplicate, built elsewhere
  let bobReg = "";

  const register = async (w: Funded) =>
    s.request<"registerToTournament">("POST", `/tournaments/${T}/register`, {
      registererAddress: w.address,
      utxos: await w.utxos(),
    });
  const listed = async (): Promise<Listed[]> => {
    const r = await s.request<"listTournamentRegistrations">("GET", `/tournaments/${T}/registrations`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.results as Listed[];
  };

  before(async () => {
    const open = await openTournament(
      { admin: 300 * ADA, alice: 100 * ADA, bob: 100 * ADA },
      { name: "One seat", bracketSize: 3, entryFee: ENTRY, payoutStructure: [20 * ADA] },
    );
    ({ service: s, id: T, registrationAddress: regAddress } = open);
    ({ admin, alice, bob } = open.wallets);
  });
  after(async () => {
    await s?.close();
  });

  it("refuses a second registration while the first waits, naming it and the way out", async () => {
    const built = ok(await register(alice));
    await signAndSubmit(s, built, [alice]);
    const pending = built.outputRef!;
    const again = await register(alice);
    rejected(
      again,
      400,
      new RegExp(
        `^body\\.registererAddress ${alice.address} has a registration to tournament ${T} already \\(${pending}\\), waiting to be added: ` +
          `an address takes one seat, so it cannot register twice\\. To register again \\(another amount, another change address\\), ` +
          `cancel that one first: POST /tournaments/${T}/unregister with outputRef ${pending}\\.$`,
      ),
    );
    assert.equal(again.body.code, "SVC_ERR_BAD_REQUEST");
    assert.deepEqual(
      (await listed()).map((r) => [r.outputRef, r.valid]),
      [[pending, true]],
    );
    first = pending;
  });

  it("lists a duplicate built elsewhere as invalid, the later one in the ledger's order", async () => {
    // The contract lets anyone pay the registration address: a registration of alice built by hand.
    const dup = await build(s, {
      changeAddress: alice.address,
      outputs: [
        {
          address: regAddress,
          lovelace: ENTRY,
          datum: { type: "inline", value: encodeRegistrationDatum(alice.address) },
        },
      ],
    });
    await submitTx(s, dup, [alice]);
    const ours = first;
    [first, second] = ledgerFirst(ours, `${dup.hash}#0`);
    const rows = await listed();
    assert.equal(rows.length, 2);
    const byRef = new Map(rows.map((r) => [r.outputRef, r]));
    assert.deepEqual(byRef.get(first), {
      address: alice.address,
      outputRef: first,
      valid: true,
      paidFeesLovelace: String(ENTRY),
    });
    assert.deepEqual(byRef.get(second), {
      address: alice.address,
      outputRef: second,
      valid: false,
      reason:
        `It is a second registration of ${alice.address}, which registration ${first} registers first (an address takes one seat): ` +
        "an add takes the first and skips this one, and its registrant can unregister it.",
      paidFeesLovelace: String(ENTRY),
    });
    // Still refused: alice has a valid registration waiting.
    rejected(await register(alice), 400, new RegExp(`has a registration to tournament ${T} already \\(${first}\\)`));
  });

  it("adds the first and skips the duplicate, naming it; the duplicate is then a participant's", async () => {
    const b = ok(await register(bob));
    await signAndSubmit(s, b, [bob]);
    bobReg = b.outputRef!;
    const r = await s.request<"addTournamentParticipants">("POST", `/tournaments/${T}/participants`, {
      adminAddress: admin.address,
      utxos: await admin.utxos(),
      registrations: [
        { address: alice.address, outputRef: second },
        { address: bob.address, outputRef: bobReg },
        { address: alice.address, outputRef: first },
      ],
    });
    const added = ok(r);
    assert.deepEqual(r.body.skipped, [
      {
        outputRef: second,
        address: alice.address,
        reason:
          `Skipped: it is a second registration of ${alice.address}, which registration ${first} registers first (an address takes ` +
          "one seat): an add takes the first and skips this one, and its registrant can unregister it.",
      },
    ]);
    await signAndSubmit(s, added, [admin]);
    const t = await getTournament(s, T);
    assert.equal(t.participants!.length, 2);
    assert.deepEqual([...t.participants!].sort(), [alice.address, bob.address].sort());
    const rows = await listed();
    assert.deepEqual(
      rows.map((x) => [x.outputRef, x.valid, x.reason]),
      [
        [
          second,
          false,
          `Its registrant ${alice.address} is a participant already (an address takes one seat): an add skips it, and its registrant can unregister it.`,
        ],
      ],
    );
  });

  it("refuses a participant's registration, and an add of nobody but participants", async () => {
    rejected(
      await register(alice),
      400,
      new RegExp(
        `^body\\.registererAddress ${alice.address} is already a participant of tournament ${T}: an address takes one seat, so it cannot register again\\.$`,
      ),
    );
    rejected(
      await s.request<"addTournamentParticipants">("POST", `/tournaments/${T}/participants`, {
        adminAddress: admin.address,
        utxos: await admin.utxos(),
        registrations: [{ address: alice.address, outputRef: second }],
      }),
      400,
      new RegExp(
        `^body\\.registrations adds nobody: ${second} registers ${alice.address}, a participant already\\. An address takes one seat; ` +
          "its registrant can unregister such a registration",
      ),
    );
  });

  it("lets the registrant unregister the duplicate", async () => {
    const before = totalLovelace(await utxosAt(s, alice.address));
    const built = ok(
      await s.request<"unregisterFromTournament">("POST", `/tournaments/${T}/unregister`, {
        registererAddress: alice.address,
        outputRef: second,
        utxos: await alice.utxos(),
      }),
    );
    await signAndSubmit(s, built, [alice]);
    assert.equal(totalLovelace(await utxosAt(s, alice.address)), before + BigInt(ENTRY) - BigInt(built.fee));
    assert.deepEqual(await listed(), []);
  });
});
