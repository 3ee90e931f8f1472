// GET /tournaments under contracts v3 is bounded (issue #23): every pool output's datum is decoded
// (no history), the page is taken by ID, and only then are the page's pools' seats read from the
// chain's history, so that one listing reads at most `limit` pools' histories however many pools
// the contract holds. A v3 entry carries participantCount and the first 64 participants
// (participantsPage 1, participantsLimit 64); GET /tournaments/{id} pages the rest. Three v3 pools
// on a devnet service, made over HTTP (one of 70 seats in two adds, one of 2 seats, one empty); the
// history a listing reads is counted by wrapping the service's devnet port (its consumedBy calls)
// and giving the listing a fresh seat reader.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { TournamentId } from "../../src/tournament/id.js";
import { readTournamentsPage } from "../../src/tournament/operations.js";
import { SeatReader } from "../../src/tournament/seats.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, getTournament, ok, signAndSubmit } from "../support/tournament-api.js";
import { contextOf, registerMany } from "../support/v3-contract.js";
import { fundedWallet, newBaseWallet, type Funded } from "../support/wallets.js";
import { countingPort } from "../support/counting-port.js";

const V3 = { contractVersion: "3.0.0" } as const;
const FEE = 2_000_000;

/** A pool made for the listing: its ID, its seats in seat order, the transactions of its adds. */
interface Made {
  readonly id: TournamentId;
  readonly seats: string[];
  readonly adds: string[];
}

describe("GET /tournaments under v3: the page first, then only the page's seats", () => {
  let s: RunningService;
  let admin: Funded;
  let sponsor: Funded;
  let pools: Made[];

  const create = async (name: string, bracketSize: number): Promise<TournamentId> => {
    const built = ok(
      await s.request<"createTournament">("POST", "/tournaments", {
        adminAddress: admin.address,
        utxos: await admin.utxos(),
        name,
        bracketSize,
        entryFee: String(FEE),
        payoutStructure: ["10000000"],
        ...V3,
      }),
    );
    await signAndSubmit(s, built, [admin]);
    return built.tournamentId! as TournamentId;
  };

  /** Registers `count` fresh addresses and adds them in adds of up to 40; the adds' transactions. */
  const fill = async (id: TournamentId, count: number): Promise<string[]> => {
    const registrationAddress = (await getTournament(s, id)).registrationAddress!;
    const players = await Promise.all(Array.from({ length: count }, () => newBaseWallet()));
    const regs = await registerMany(
      s,
      registrationAddress,
      sponsor,
      players.map((p) => p.address),
      () => BigInt(FEE),
    );
    const adds: string[] = [];
    for (let from = 0; from < regs.length; from += 40) {
      const built = ok(
        await s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
          adminAddress: admin.address,
          registrations: regs.slice(from, from + 40),
          utxos: await admin.utxos(),
          ...V3,
        }),
      );
      adds.push(await signAndSubmit(s, built, [admin]));
    }
    return adds;
  };

  /** The seats of pool `id`, every page of GET /tournaments/{id}. */
  const seatsOf = async (id: TournamentId): Promise<string[]> => {
    const r = await s.request<"getTournament">("GET", `/tournaments/${id}?participantsLimit=100`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return (r.body as { participants: string[] }).participants;
  };

  before(async () => {
    s = await startService();
    admin = await fundedWallet(s, 300 * ADA);
    sponsor = await fundedWallet(s, 400 * ADA);
    const made: Made[] = [];
    for (const [name, bracket, seats] of [
      ["v3 list 70", 128, 70],
      ["v3 list 2", 4, 2],
      ["v3 list 0", 4, 0],
    ] as const) {
      const id = await create(name, bracket);
      const adds = seats === 0 ? [] : await fill(id, seats);
      made.push({ id, seats: await seatsOf(id), adds });
    }
    pools = made.sort((a, b) => (a.id < b.id ? -1 : 1));
  });
  after(async () => {
    await s?.close();
  });

  it("lists each v3 tournament with participantCount and its first 64 participants (page 1 of 64)", async () => {
    const r = await s.request<"listTournaments">("GET", "/tournaments?contractVersion=3.0.0");
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const entries = r.body.results as {
      tournamentId: string;
      participants: string[];
      participantCount: number;
      participantsPage?: number;
      participantsLimit?: number;
    }[];
    assert.deepEqual(
      entries.map((e) => e.tournamentId),
      pools.map((p) => p.id),
      "the three pools, by ID",
    );
    for (const [i, e] of entries.entries()) {
      const pool = pools[i]!;
      assert.equal(e.participantCount, pool.seats.length, `${pool.id}: the count of all its seats`);
      assert.deepEqual(e.participants, pool.seats.slice(0, 64), `${pool.id}: its first 64 seats, in seat order`);
      assert.equal(e.participantsPage, 1);
      assert.equal(e.participantsLimit, 64);
    }
    const big = entries.find((e) => e.participantCount === 70)!;
    assert.equal(big.participants.length, 64, "70 seats: 64 listed, the rest through GET /tournaments/{id}");
  });

  it("reads the history of the page's pools only: one pool a page, each page its own pool's adds", async () => {
    const chain = countingPort(contextOf(s).chain, "consumedBy");
    const seats = new SeatReader("devnet");
    const ctx = { ...contextOf(s), chain, seats };
    let pageState: string | undefined;
    for (const pool of pools) {
      chain.calls.length = 0;
      const page = await readTournamentsPage(ctx, { ...V3, limit: 1, pageState });
      assert.deepEqual(
        page.results.map((t) => t.tournamentId),
        [pool.id],
      );
      const [entry] = page.results;
      assert.ok(entry !== undefined && entry.status === "open");
      assert.equal(entry.participantCount, pool.seats.length);
      assert.deepEqual(
        [...chain.calls].sort(),
        [...pool.adds].sort(),
        `the page's pool ${pool.id}: its adds' transactions, each once; no other pool's`,
      );
      pageState = page.pageState;
    }
    assert.equal(pageState, undefined, "the last page says no more follow");
    assert.deepEqual(seats.cached, { outputs: 3, seats: 72 }, "each pool read once, by its own page");
  });

  it("reads no pool past the page: a page of 2 leaves the third pool's history unread", async () => {
    const chain = countingPort(contextOf(s).chain, "consumedBy");
    const seats = new SeatReader("devnet");
    const page = await readTournamentsPage(
      { ...contextOf(s), chain, seats },
      { ...V3, limit: 2, pageState: undefined },
    );
    assert.deepEqual(
      page.results.map((t) => t.tournamentId),
      pools.slice(0, 2).map((p) => p.id),
    );
    assert.ok(page.pageState !== undefined, "a next page");
    const unread = pools[2]!;
    assert.ok(
      unread.adds.every((tx) => !chain.calls.includes(tx)),
      `the third pool's adds are not read (${chain.calls.length} calls)`,
    );
    assert.deepEqual([...chain.calls].sort(), [...pools[0]!.adds, ...pools[1]!.adds].sort());
    assert.equal(seats.cached.outputs, 2, "two pools read");
  });
});
