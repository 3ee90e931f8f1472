// Review 4 (fresh eyes on the v3 service): what reading a v3 pool's seats costs the chain backend
// (src/tournament/seats.ts SeatReader, src/tournament/pool-read.ts). A seat read walks the pool's
// history back, one consumedBy per add not read before; its cache is per pool output, bounded by
// MAX_CACHED_SEATS, least recently used first out. Three v3 pools on a devnet service, made over
// HTTP, each filled by adds of ONE registration (the admin chooses how many an add takes: nothing
// bounds the adds of a bracket to the design's 26). The history reads are counted by wrapping the
// service's devnet port (its consumedBy calls) and giving each read a fresh seat reader, as
// v3-list.test.ts does.
//
// - Concurrent reads of a pool not in the cache each walked its whole history (a stampede; on
//   Blockfrost one request per add per concurrent read): the walk in flight is now shared.
// - A listing whose pools hold more seats than the cache re-reads every pool's history on each
//   repetition (least recently used under a cyclic scan keeps nothing useful).
// - A pool filled one registration per add costs one consumedBy per seat on a cold read.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { selectContract } from "../../src/tournament/deployment.js";
import type { TournamentId } from "../../src/tournament/id.js";
import { readTournamentsPage } from "../../src/tournament/operations.js";
import { isUnreadable } from "../../src/tournament/read.js";
import { SeatReader } from "../../src/tournament/seats.js";
import { findAnyV3 } from "../../src/tournament/v3/serve.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, getTournament, ok, signAndSubmit } from "../support/tournament-api.js";
import { contextOf, registerMany } from "../support/v3-contract.js";
import { fundedWallet, newBaseWallet, type Funded } from "../support/wallets.js";
import { countingPort } from "../support/counting-port.js";

const V3 = { contractVersion: "3.0.0" } as const;
const FEE = 2_000_000;

interface Made {
  readonly id: TournamentId;
  /** The add transactions, one registration each. */
  readonly adds: string[];
}

describe("review4: what a v3 seat read costs the backend", () => {
  let s: RunningService;
  let admin: Funded;
  let sponsor: Funded;
  let pools: Made[];

  /** A v3 pool of bracket 8 with `seats` seats, each added by an add of its own. */
  const make = async (name: string, seats: number): Promise<Made> => {
    const built = ok(
      await s.request<"createTournament">("POST", "/tournaments", {
        adminAddress: admin.address,
        utxos: await admin.utxos(),
        name,
        bracketSize: 8,
        entryFee: String(FEE),
        payoutStructure: ["10000000"],
        ...V3,
      }),
    );
    await signAndSubmit(s, built, [admin]);
    const id = built.tournamentId! as TournamentId;
    const registrationAddress = (await getTournament(s, id)).registrationAddress!;
    const players = await Promise.all(Array.from({ length: seats }, () => newBaseWallet()));
    const regs = await registerMany(
      s,
      registrationAddress,
      sponsor,
      players.map((p) => p.address),
      () => BigInt(FEE),
    );
    const adds: string[] = [];
    for (const reg of regs) {
      const add = ok(
        await s.request<"addTournamentParticipants">("POST", `/tournaments/${id}/participants`, {
          adminAddress: admin.address,
          registrations: [reg],
          utxos: await admin.utxos(),
          ...V3,
        }),
      );
      adds.push(await signAndSubmit(s, add, [admin]));
    }
    return { id, adds };
  };

  before(async () => {
    s = await startService();
    admin = await fundedWallet(s, 300 * ADA);
    sponsor = await fundedWallet(s, 100 * ADA);
    const made: Made[] = [];
    for (const [name, seats] of [
      ["review4 a", 4],
      ["review4 b", 2],
      ["review4 c", 2],
    ] as const)
      made.push(await make(name, seats));
    pools = made.sort((a, b) => (a.id < b.id ? -1 : 1));
  });
  after(async () => {
    await s?.close();
  });

  it("a cold read of a pool filled one registration per add costs one consumedBy per seat (measured; passes)", async () => {
    const big = pools.find((p) => p.adds.length === 4)!;
    const chain = countingPort(contextOf(s).chain, "consumedBy");
    const ctx = { ...contextOf(s), chain, seats: new SeatReader("devnet") };
    const t = await findAnyV3(ctx, selectContract(ctx.network, V3), big.id);
    assert.ok(!isUnreadable(t));
    assert.equal(t.datum.participants.length, 4);
    assert.deepEqual(
      [...chain.calls].sort(),
      [...big.adds].sort(),
      "each single-seat add read once: 4 calls for 4 seats",
    );
  });

  it("8 concurrent reads of a pool not cached walk its history once, not 8 times (the walk in flight is shared)", async () => {
    const big = pools.find((p) => p.adds.length === 4)!;
    const chain = countingPort(contextOf(s).chain, "consumedBy");
    const seats = new SeatReader("devnet");
    const ctx = { ...contextOf(s), chain, seats };
    const contract = selectContract(ctx.network, V3);
    const reads = await Promise.all(Array.from({ length: 8 }, () => findAnyV3(ctx, contract, big.id)));
    for (const t of reads) {
      assert.ok(!isUnreadable(t));
      assert.equal(t.datum.participants.length, 4, "every read gives the 4 seats");
    }
    assert.equal(
      chain.calls.length,
      big.adds.length,
      `8 concurrent reads of a pool of ${big.adds.length} adds made ${chain.calls.length} consumedBy calls (each read walked the whole history)`,
    );
  });

  it(
    "paging the listing again over pools that overflow the cache re-reads only what does not fit",
    {
      todo:
        "least recently used under a cyclic scan re-reads every pool (3 of 3 here); bounded per request by the page's limit, " +
        "left for a scan-resistant cache (#24's follower will keep seats current instead)",
    },
    async () => {
      // 8 seats in all (4 + 2 + 2); a cache of 6 holds two of the three pools. A client pages
      // GET /tournaments one pool a page (limit 1), twice over.
      const chain = countingPort(contextOf(s).chain, "consumedBy");
      const seats = new SeatReader("devnet", { maxCachedSeats: 6 });
      const ctx = { ...contextOf(s), chain, seats };
      const walk = async (): Promise<string[]> => {
        const ids: string[] = [];
        let pageState: string | undefined;
        do {
          const page = await readTournamentsPage(ctx, { ...V3, limit: 1, pageState });
          ids.push(...page.results.map((t) => t.tournamentId));
          pageState = page.pageState;
        } while (pageState !== undefined);
        return ids;
      };
      assert.deepEqual(
        await walk(),
        pools.map((p) => p.id),
      );
      const all = pools.flatMap((p) => p.adds);
      assert.equal(chain.calls.length, all.length, "the first walk reads every add once");
      chain.calls.length = 0;
      await walk();
      const reread = pools.filter((p) => p.adds.some((tx) => chain.calls.includes(tx))).map((p) => p.id);
      assert.ok(
        reread.length <= 1,
        `the same walk again re-read the history of ${reread.length} of the 3 pools (${chain.calls.length} consumedBy calls), ` +
          `though the cache holds ${seats.cached.seats} seats (${seats.cached.outputs} pools) of the 8`,
      );
    },
  );
});
