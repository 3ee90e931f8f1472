// The tournament events source (src/events/tournament-events.ts) over the real devnet: tournaments
// driven through HTTP with transactions signed by real keys, then the devnet's accepted history read
// back block by block by the devnet follower and given to the source. Each event's type and order, and its data equal to what GET /tournaments/{id}
// answered right after its transaction; a rollback derives the same events again; a source started
// after a tournament's creation (a restart) announces no "created"; a tournament beyond the cap is
// not followed.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { ChainPort } from "../../src/chain/port.js";
import { BackendError } from "../../src/chain/resilience/backend-error.js";
import { ChainUnavailableError } from "../../src/errors.js";
import { candidateContracts } from "../../src/tournament/deployment.js";
import { DevnetFollower, type DevnetHistory } from "../../src/events/devnet-follower.js";
import type { BlockPoint, FollowedTx } from "../../src/events/follower.js";
import { TournamentEvents } from "../../src/events/tournament-events.js";
import type { NewEvent } from "../../src/events/types.js";
import { MIN_SETTLE_WINDOW_MS } from "../../src/tournament/limits.js";
import { SeatReader } from "../../src/tournament/seats.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, getTournament, ok, signAndSubmit, tipOf, tournamentCalls } from "../support/tournament-api.js";
import { fundedWallet, type Funded } from "../support/wallets.js";

interface Block {
  readonly block: BlockPoint;
  readonly txs: FollowedTx[];
}

/** The devnet's accepted history as the devnet follower gives it, block by block. */
async function historyBlocks(service: RunningService): Promise<Block[]> {
  const follower = new DevnetFollower(service.app.chain as unknown as DevnetHistory);
  const blocks: Block[] = [];
  for (;;) {
    const known = blocks.length === 0 ? [] : [blocks[blocks.length - 1]!.block];
    const updates = await follower.next(known, 100);
    if (updates.length === 0) return blocks;
    for (const u of updates) {
      assert.equal(u.type, "forward");
      if (u.type === "forward") blocks.push({ block: u.block, txs: [...u.txs] });
    }
  }
}

/** A source over `service`'s tournaments, with its warnings kept. */
function sourceOf(service: RunningService, maxTracked?: number) {
  const warnings: string[] = [];
  const source = new TournamentEvents({
    context: () => service.app.tournaments.context(),
    log: { info: () => undefined, warn: (_details, message) => void warnings.push(message) },
    ...(maxTracked === undefined ? {} : { maxTracked }),
  });
  return { source, warnings };
}

/** The events of `blocks`, one block after the other. */
async function derive(source: TournamentEvents, blocks: readonly Block[]): Promise<NewEvent[]> {
  const events: NewEvent[] = [];
  for (const b of blocks) events.push(...(await source.eventsOf(b.block, b.txs)));
  return events;
}

/** A registration as the add request names it. */
const seat = (r: { address: string; outputRef: string }) => ({ address: r.address, outputRef: r.outputRef });

const ofTournament = (events: readonly NewEvent[], id: string) => events.filter((e) => e.tournamentId === id);
const typesOf = (events: readonly NewEvent[]) => events.map((e) => e.type);

describe("tournament events from the devnet's blocks", () => {
  let service: RunningService;
  let admin: Funded;
  let players: Funded[];
  const api = tournamentCalls(() => service);

  before(async () => {
    service = await startService();
    admin = await fundedWallet(service, 500 * ADA);
    players = [];
    for (let i = 0; i < 5; i++) players.push(await fundedWallet(service, 100 * ADA));
  });
  after(async () => {
    await service?.close();
  });

  /** GET /tournaments/{id} right after each transaction, by its hash. */
  const seen = new Map<string, Record<string, unknown>>();
  const read = async (id: string, txHash: string) => {
    seen.set(txHash, (await getTournament(service, id)) as Record<string, unknown>);
  };
  let id = "";
  const hashes: Record<string, string> = {};

  it("a v3 lifecycle: created, registrations received and one cancelled, two adds, full, settled, each with GET /tournaments/{id} as of its transaction", async () => {
    const created = await api.create(admin, {
      name: "Events cup",
      bracketSize: 4,
      entryFee: 10 * ADA,
      payoutStructure: [25 * ADA, 15 * ADA],
    });
    id = created.tournamentId!;
    hashes["create"] = created.hash;
    await read(id, created.hash);
    const regs: Awaited<ReturnType<typeof api.register>>[] = [];
    for (const p of players) {
      const r = await api.register(id, p);
      regs.push(r);
      await read(id, r.hash);
    }
    // The fifth player cancels.
    const quitter = regs[4]!;
    const unregister = ok(
      await service.request<"unregisterFromTournament">("POST", `/tournaments/${id}/unregister`, {
        registererAddress: players[4]!.address,
        outputRef: quitter.outputRef,
        utxos: await players[4]!.utxos(),
      }),
    );
    await signAndSubmit(service, unregister, [players[4]!]);
    await read(id, unregister.hash);
    // The first add in a slot (a block) after the creation's: the rollback test below goes back to
    // the block before the add's, where the tournament must be live. Without it the devnet's slot
    // (one a second) may hold the creation and the add in one block, as a loaded machine shows.
    const step = await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 1 });
    assert.equal(step.status, 200, JSON.stringify(step.body));
    const add1 = await api.add(id, admin, regs.slice(0, 2).map(seat));
    await read(id, add1.hash);
    const add2 = await api.add(id, admin, regs.slice(2, 4).map(seat));
    await read(id, add2.hash);
    const settle = await api.settle(id, admin, [players[2]!.address, players[0]!.address]);
    await read(id, settle.hash);

    const { source } = sourceOf(service);
    const events = ofTournament(await derive(source, await historyBlocks(service)), id);
    assert.deepEqual(typesOf(events), [
      "tournament.created",
      ...regs.map(() => "tournament.registration_received"),
      "tournament.registration_cancelled",
      "tournament.participants_added",
      "tournament.participants_added",
      "tournament.full",
      "tournament.settled",
    ]);
    const txOf = (e: NewEvent) => e.point.txHash!;
    assert.deepEqual(events.map(txOf), [
      created.hash,
      ...regs.map((r) => r.hash),
      unregister.hash,
      add1.hash,
      add2.hash,
      add2.hash,
      settle.hash,
    ]);
    for (const e of events) {
      const { registration, added, ...tournament } = e.data as Record<string, unknown>;
      assert.deepEqual(
        tournament,
        seen.get(txOf(e)),
        `${e.type} at ${txOf(e)}: GET /tournaments/{id} as of its transaction`,
      );
      if (e.type === "tournament.participants_added") {
        // The seats the add took, in seat order (the ledger's input order), as GET /tournaments/{id} lists them.
        const [from, to] = txOf(e) === add1.hash ? [0, 2] : [2, 4];
        assert.deepEqual(added, (tournament as { participants: string[] }).participants.slice(from, to));
        const expected = txOf(e) === add1.hash ? [players[0]!, players[1]!] : [players[2]!, players[3]!];
        assert.deepEqual([...(added as string[])].sort(), expected.map((p) => p.address).sort());
        for (const p of expected) assert.ok(e.addresses.includes(p.address));
      } else assert.equal(added, undefined);
      if (e.type === "tournament.registration_received" || e.type === "tournament.registration_cancelled") {
        const r = regs.find((x) => x.hash === txOf(e)) ?? quitter;
        assert.deepEqual(registration, { outputRef: r.outputRef, address: r.address });
        assert.ok(e.addresses.includes(r.address), "the registrant's address is a filter key");
      } else assert.equal(registration, undefined);
      assert.equal(e.tournamentId, id);
      assert.ok(e.addresses.includes((tournament as { registrationAddress: string }).registrationAddress));
    }
    const settled = events[events.length - 1]!;
    assert.equal((settled.data as { status: string }).status, "settled");
    assert.deepEqual((settled.data as { results: string[] }).results, [players[2]!.address, players[0]!.address]);
    for (const p of [players[2]!, players[0]!])
      assert.ok(settled.addresses.includes(p.address), "the payees are filter keys");
    assert.equal(source.followed, 0, "an ended tournament is no longer followed");
    // Every event of a block carries its point.
    for (const e of events) {
      assert.equal(typeof e.point.blockHash, "string");
      assert.ok(e.point.blockHeight! > 0);
    }
  });

  it("a rollback to a held block restores the set as of it: the blocks applied again derive the same events", async () => {
    const blocks = await historyBlocks(service);
    const { source } = sourceOf(service);
    const first = await derive(source, blocks);
    // Back to the block of the first add's predecessor, then forward again.
    const addAt = blocks.findIndex((b) =>
      b.txs.some((t) => first.some((e) => e.type === "tournament.participants_added" && e.point.txHash === t.txHash)),
    );
    assert.ok(
      blocks.slice(0, addAt).some((b) => b.txs.some((t) => t.txHash === hashes["create"])),
      "the creation is in a block before the add's",
    );
    source.rolledBack(blocks[addAt - 1]!.block);
    const again = await derive(source, blocks.slice(addAt));
    const fromAdd = first.filter((e) => e.point.blockHeight! >= blocks[addAt]!.block.height);
    assert.deepEqual(again, fromAdd);
    assert.ok(typesOf(ofTournament(again, id)).includes("tournament.full"));
    // The set as of `to` is what a source that read up to `to` follows.
    const upTo = sourceOf(service).source;
    await derive(upTo, blocks.slice(0, addAt));
    source.rolledBack(blocks[addAt - 1]!.block);
    assert.equal(source.followed, upTo.followed);
    assert.equal(source.followed, 1, "the lifecycle's tournament was live then");
    // What a real network's follower resolves spent outputs for: the contracts' addresses and the live one's registration address.
    const { registrationAddress } = (await getTournament(service, id)) as { registrationAddress: string };
    const contracts = candidateContracts("devnet", {}).map((c) => c.address.bech32);
    assert.deepEqual(upTo.watchedAddresses().sort(), [...contracts, registrationAddress].sort());
    // A rollback older than every block held: the set is read from the chain again (recorded, no event).
    source.rolledBack(null);
    assert.equal(source.followed, 0);
  });

  it("a block whose reads fail (the backend down) is derived again in full: the same events as without the failures", async () => {
    const blocks = await historyBlocks(service);
    const clean = await derive(sourceOf(service).source, blocks);
    // A chain port whose reads of the live set, of ended tournaments and of seats fail: one call in three, eight times at most.
    let calls = 0;
    let injected = 0;
    const flaky = (chain: ChainPort): ChainPort =>
      new Proxy(chain, {
        get(target, key) {
          const value: unknown = Reflect.get(target, key, target);
          if (key !== "utxosAt" && key !== "lastOutputWith" && key !== "consumedBy")
            return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          return (...args: unknown[]) => {
            if (calls++ % 3 === 0 && injected++ < 8) return Promise.reject(new Error("the backend is down"));
            return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          };
        },
      });
    // Its own seat reader: the service's has every seat cached, and would ask the flaky port nothing.
    const seats = new SeatReader("devnet");
    const source = new TournamentEvents({
      context: () => {
        const ctx = service.app.tournaments.context();
        return { ...ctx, chain: flaky(ctx.chain), seats };
      },
      log: { info: () => undefined, warn: () => undefined },
    });
    const events: NewEvent[] = [];
    let failures = 0;
    for (const [i, b] of blocks.entries()) {
      for (;;) {
        try {
          events.push(...(await source.eventsOf(b.block, b.txs)));
          break;
        } catch (error) {
          assert.equal((error as Error).message, "the backend is down");
          failures++;
          // As the service does after a failed step: back to the last block recorded.
          source.rolledBack(i === 0 ? null : blocks[i - 1]!.block);
        }
      }
    }
    assert.ok(failures >= 2, `${failures} failures: the first read of the live set and an ending's read at least`);
    assert.deepEqual(events, clean);
  });

  it("a backend that refuses the contracts' addresses for good: warned once, no block held, the tournaments followed from their transactions", async () => {
    const blocks = await historyBlocks(service);
    const clean = await derive(sourceOf(service).source, blocks);
    // What the resilience layer throws for a refused read (too many outputs at the address to list).
    const refusal = new ChainUnavailableError("The devnet chain backend could not serve utxosAt: too many UTxOs.", {
      cause: new BackendError("devnet", "refused", "more than 100000 UTxOs at one address"),
    });
    let refused = 0;
    const warnings: string[] = [];
    const source = new TournamentEvents({
      context: () => {
        const ctx = service.app.tournaments.context();
        const chain = new Proxy(ctx.chain, {
          get(target, key) {
            const value: unknown = Reflect.get(target, key, target);
            if (key === "utxosAt")
              return () => {
                refused++;
                return Promise.reject(refusal);
              };
            return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          },
        });
        return { ...ctx, chain };
      },
      log: { info: () => undefined, warn: (_details, message) => void warnings.push(message) },
    });
    // Every tournament of the devnet's history is created in it: followed from its creation, the same events.
    assert.deepEqual(await derive(source, blocks), clean);
    const contracts = candidateContracts("devnet", {}).length;
    assert.equal(refused, contracts, "each contract's address read once, at the first block");
    assert.deepEqual(
      warnings,
      Array.from(
        { length: contracts },
        () => "events: the live tournaments of a contract cannot be read; each is followed from its next transaction",
      ),
    );
    // A transient failure (the backend down, 5xx) still fails the block, to be read again.
    const down = new TournamentEvents({
      context: () => {
        const ctx = service.app.tournaments.context();
        const chain = new Proxy(ctx.chain, {
          get(target, key) {
            const value: unknown = Reflect.get(target, key, target);
            if (key === "utxosAt")
              return () =>
                Promise.reject(
                  new ChainUnavailableError("down", { cause: new BackendError("devnet", "server", "HTTP 503") }),
                );
            return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          },
        });
        return { ...ctx, chain };
      },
      log: { info: () => undefined, warn: () => undefined },
    });
    await assert.rejects(down.eventsOf(blocks[0]!.block, blocks[0]!.txs), /down/);
  });

  it("a source started after a tournament's creation (a restart) records it without announcing it", async () => {
    const live = await api.create(admin, {
      name: "Restart cup",
      bracketSize: 2,
      entryFee: 10 * ADA,
      payoutStructure: [20 * ADA],
    });
    // The next transaction in a block of its own: the chain's clock moves a slot on.
    const step = await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 1 });
    assert.equal(step.status, 200, JSON.stringify(step.body));
    const r = await api.register(live.tournamentId!, players[0]!);
    const blocks = await historyBlocks(service);
    const createdAt = blocks.findIndex((b) => b.txs.some((t) => t.txHash === live.hash));
    const { source } = sourceOf(service);
    const events = ofTournament(await derive(source, blocks.slice(createdAt + 1)), live.tournamentId!);
    assert.deepEqual(typesOf(events), ["tournament.registration_received"]);
    assert.equal(events[0]!.point.txHash, r.hash);
    assert.equal(source.followed, 1);
  });

  it("beyond the cap a new tournament is announced but not followed, with a warning", async () => {
    const blocks = await historyBlocks(service);
    const { source, warnings } = sourceOf(service, 0);
    const events = await derive(source, blocks);
    assert.equal(source.followed, 0);
    assert.ok(events.some((e) => e.type === "tournament.created"));
    assert.ok(!events.some((e) => e.type === "tournament.registration_received"));
    assert.deepEqual(warnings, [
      "events: too many live tournaments to follow; the registrations and the deadline of those beyond make no events",
    ]);
  });

  it("a cancel, and a deadline that passes before a stranger refunds", async () => {
    const cancelled = await api.create(admin, {
      name: "Cancelled cup",
      bracketSize: 2,
      entryFee: 10 * ADA,
      payoutStructure: [20 * ADA],
    });
    await api.register(cancelled.tournamentId!, players[1]!);
    const cancel = ok(
      await service.request<"cancelTournament">("POST", `/tournaments/${cancelled.tournamentId}/cancel`, {
        adminAddress: admin.address,
        utxos: await admin.utxos(),
      }),
    );
    await signAndSubmit(service, cancel, [admin]);
    await read(cancelled.tournamentId!, cancel.hash);

    const tip = await tipOf(service);
    const settleBy = tip.time + MIN_SETTLE_WINDOW_MS + 5 * 60_000;
    const expiring = await api.create(admin, {
      name: "Expiring cup",
      bracketSize: 2,
      entryFee: 10 * ADA,
      payoutStructure: [20 * ADA],
      settleBy,
    });
    const eid = expiring.tournamentId!;
    const reg = await api.register(eid, players[3]!);
    await api.add(eid, admin, [seat(reg)]);
    const r = await service.request<"advanceDevnetClock">("POST", "/devnet/advance", {
      seconds: Math.ceil((MIN_SETTLE_WINDOW_MS + 6 * 60_000) / 1000),
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const expired = await getTournament(service, eid);
    assert.equal(expired.status, "expired");
    // A block after the deadline: a faucet payment.
    await fundedWallet(service, 10 * ADA);
    const refund = ok(
      await service.request<"refundTournament">("POST", `/tournaments/${eid}/refund`, {
        utxos: await players[4]!.utxos(),
      }),
    );
    await signAndSubmit(service, refund, [players[4]!]);
    await read(eid, refund.hash);

    const { source } = sourceOf(service);
    const events = await derive(source, await historyBlocks(service));
    const c = ofTournament(events, cancelled.tournamentId!);
    assert.deepEqual(typesOf(c), ["tournament.created", "tournament.registration_received", "tournament.cancelled"]);
    assert.deepEqual(c[2]!.data, seen.get(cancel.hash));
    const x = ofTournament(events, eid);
    assert.deepEqual(typesOf(x), [
      "tournament.created",
      "tournament.registration_received",
      "tournament.participants_added",
      "tournament.deadline_passed",
      "tournament.refunded",
    ]);
    const passed = x[3]!;
    assert.equal(passed.point.txHash, null, "the deadline passes with a block, not a transaction");
    assert.ok(passed.point.slot > x[2]!.point.slot);
    assert.deepEqual(passed.data, expired, "GET /tournaments/{id} once the deadline passed: expired");
    assert.deepEqual(x[4]!.data, seen.get(refund.hash));
  });
});
