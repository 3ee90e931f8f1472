// Paging through a tournament's seats and registrations over HTTP (contracts/V3-DESIGN.md §5.7):
// GET /tournaments/{id} answers one page of its participants (participantsLimit 1..100, default
// 100; participantsPage from 1) with participantCount, participantsPage and participantsLimit, a
// small tournament whole on page 1 with the defaults; GET /tournaments entries carry
// participantCount and (v3, the default) the first 64 participants. And /registrations pages correctly past 100 outputs on Blockfrost, whose
// address-UTxO endpoint answers 100 a page: 120 registrations, made as payments to the
// registration address with the registrant's address as inline datum (what a registration is to
// the read), read through the Blockfrost adapter and its fake over a live ledger.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { encodeRegistrationDatum } from "../../src/tournament/datum.js";
import { randomAddress } from "../../contracts/test/helpers.js";
import { ADA, openTournament, rejected, tournamentCalls, type OpenTournament } from "../support/tournament-api.js";
import { startTarget, type Target } from "../support/target.js";
import { signAndSubmit } from "../support/transactions-api.js";
import { fundedWallet } from "../support/wallets.js";
import type { FakeBlockfrost } from "../support/fakes/blockfrost.js";

type Player = "p1" | "p2" | "p3" | "p4" | "p5";
const PLAYERS: readonly Player[] = ["p1", "p2", "p3", "p4", "p5"];

describe("GET /tournaments/{id}: the participants by pages (a tournament of 5 under the default contract, v3)", () => {
  let t: OpenTournament<Player>;
  let all: string[];

  before(async () => {
    t = await openTournament(
      { admin: 200 * ADA, p1: 50 * ADA, p2: 50 * ADA, p3: 50 * ADA, p4: 50 * ADA, p5: 50 * ADA },
      { name: "Pages cup", bracketSize: 8, entryFee: "5000000", payoutStructure: ["10000000"] },
    );
    const calls = tournamentCalls(() => t.service);
    const regs = [];
    for (const p of PLAYERS) regs.push(await calls.register(t.id, t.wallets[p]));
    await calls.add(
      t.id,
      t.wallets.admin,
      regs.map((r) => ({ address: r.address, outputRef: r.outputRef })),
    );
    // The seat order: the ledger's input order of the one add, by output reference.
    all = [...regs].sort((a, b) => (a.outputRef < b.outputRef ? -1 : 1)).map((r) => r.address);
  });
  after(() => t.service.close());

  const get = (query: string) => t.service.request<"getTournament">("GET", `/tournaments/${t.id}${query}`);

  it("answers the whole list on page 1 with the defaults, and says which page it is", async () => {
    const r = await get("");
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.ok(r.body.status === "open");
    assert.deepEqual(r.body.participants, all);
    assert.equal(r.body.participantCount, 5);
    assert.equal(r.body.participantsPage, 1);
    assert.equal(r.body.participantsLimit, 100);
  });

  it("answers page 2 of 2 a page, then the last page, then an empty one past the end", async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const r = await get(`?participantsLimit=2&participantsPage=${page}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.ok(r.body.status === "open");
      assert.equal(r.body.participantCount, 5, "the count on every page");
      assert.equal(r.body.participantsPage, page);
      assert.equal(r.body.participantsLimit, 2);
      pages.push(r.body.participants);
    }
    assert.deepEqual(pages, [all.slice(0, 2), all.slice(2, 4), all.slice(4), []]);
  });

  it("refuses a limit of 0, 101 or x and a page of 0 with a 400 naming the parameter", async () => {
    rejected(await get("?participantsLimit=0"), 400, /^query\.participantsLimit must be >= 1\.$/);
    rejected(await get("?participantsLimit=101"), 400, /^query\.participantsLimit must be <= 100\.$/);
    rejected(await get("?participantsLimit=x"), 400, /^query\.participantsLimit must be integer\.$/);
    rejected(await get("?participantsPage=0"), 400, /^query\.participantsPage must be >= 1\.$/);
  });

  it("lists the tournament with participantCount and its whole list, the first page of 64", async () => {
    const r = await t.service.request<"listTournaments">("GET", "/tournaments");
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const mine = r.body.results.find((x: { tournamentId: string }) => x.tournamentId === t.id);
    assert.ok(mine && mine.status === "open");
    assert.equal(mine.participantCount, 5);
    assert.deepEqual(mine.participants, all);
    assert.equal(mine.contractVersion, "3.0.0");
    assert.equal(mine.participantsPage, 1);
    assert.equal(mine.participantsLimit, 64);
  });
});

describe("GET /tournaments/{id}/registrations past 100 outputs on Blockfrost (100 UTxOs a page)", () => {
  let target: Target;
  let id: string;
  let made: string[];

  before(async () => {
    target = await startTarget("blockfrost");
    const funder = {
      service: target.service,
      fund: (address: string, lovelace: number | bigint) => target.fund(address, lovelace),
    };
    const admin = await fundedWallet(funder, 100 * ADA);
    const payer = await fundedWallet(funder, 1_000 * ADA);
    id = (await tournamentCalls(() => target.service).create(admin, {
      name: "Crowded cup",
      bracketSize: 64,
      entryFee: "5000000",
      payoutStructure: ["10000000"],
    }))!.tournamentId!;
    const tournament = await target.service.request<"getTournament">("GET", `/tournaments/${id}`);
    assert.ok(tournament.body.status === "open");
    const registrationAddress = tournament.body.registrationAddress;
    made = [];
    // 120 registrations, in two payments of 60 outputs (each within the ledger's size limit).
    for (let batch = 0; batch < 2; batch++) {
      const built = await target.service.request<"buildTransaction">("POST", "/transactions/build", {
        changeAddress: payer.address,
        utxos: await payer.utxos(),
        outputs: Array.from({ length: 60 }, () => ({
          address: registrationAddress,
          lovelace: 5 * ADA,
          datum: { type: "inline", value: encodeRegistrationDatum(randomAddress()) },
        })),
      });
      assert.equal(built.status, 200, JSON.stringify(built.body));
      await signAndSubmit(target.service, built.body, [payer]);
      made.push(...Array.from({ length: 60 }, (_, i) => `${built.body.hash}#${i}`));
    }
  });
  after(() => target.close());

  it("reads every page of the address from Blockfrost and pages the 120 registrations 100 then 20", async () => {
    const fake = target.backend!.reads as FakeBlockfrost;
    const before = fake.requests.length;
    const first = await target.service.request<"listTournamentRegistrations">(
      "GET",
      `/tournaments/${id}/registrations?limit=100`,
    );
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.results.length, 100);
    assert.equal(first.body.cursor, "2");
    assert.ok(
      fake.requests.slice(before).some((r) => /\/addresses\/[^/]+\/utxos\?.*page=2/.test(r.path)),
      "the adapter asked Blockfrost for the address's second page",
    );
    const second = await target.service.request<"listTournamentRegistrations">(
      "GET",
      `/tournaments/${id}/registrations?limit=100&cursor=2`,
    );
    assert.equal(second.status, 200, JSON.stringify(second.body));
    assert.equal(second.body.results.length, 20);
    assert.equal(second.body.cursor, null);
    const refs = [...first.body.results, ...second.body.results].map((r: { outputRef: string }) => r.outputRef);
    assert.deepEqual(refs, [...made].sort(), "each registration once, ordered by output reference");
    assert.ok(
      [...first.body.results, ...second.body.results].every((r: { valid: boolean }) => r.valid),
      "all valid",
    );
  });
});
