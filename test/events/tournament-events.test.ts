// Tournament events on GET /events, end to end on the devnet: tournaments driven through HTTP with
// transactions signed by real keys, read back on the stream filtered by tournamentId. A v3
// lifecycle (create, register, unregister, two adds until full, settle) gives exactly the expected
// types in order, each event's data equal to GET /tournaments/{id} right after its transaction;
// a v2.1 tournament that fills and is cancelled; a tournament whose deadline passes (the devnet's
// clock advanced) and that a stranger refunds; a restart on the same DATA_DIR that does not announce
// "created" again.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { MIN_SETTLE_WINDOW_MS } from "../../src/tournament/limits.js";
import { startService, type RunningService } from "../support/service.js";
import {
  ADA,
  getTournament,
  ok,
  onContract,
  signAndSubmit,
  tipOf,
  tournamentCalls,
} from "../support/tournament-api.js";
import { utxoStringsAt } from "../support/utxos.js";
import { fundedWallet, type Funded } from "../support/wallets.js";
import { openStream, type SseFrame } from "./sse-client.js";

/** A registration as the add request names it. */
const seat = (r: { address: string; outputRef: string }) => ({ address: r.address, outputRef: r.outputRef });

/** The tournament's events from the log's start, until `last` arrives (read with a timeout). */
async function eventsOf(service: RunningService, id: string, last: string): Promise<SseFrame[]> {
  const stream = await openStream(`${service.base}/events?after=0&tournamentId=${id}`);
  assert.equal(stream.status, 200, JSON.stringify(stream.body));
  try {
    return await stream.until((frames) => frames.some((f) => f.event === last), 60_000);
  } finally {
    stream.close();
  }
}

const typesOf = (frames: readonly SseFrame[]) => frames.map((f) => f.event);

/** GET /tournaments/{id} after each transaction, by its hash: what the event of that transaction carries. */
function snapshots(service: () => RunningService) {
  const seen = new Map<string, Record<string, unknown>>();
  return {
    seen,
    async take(id: string, txHash: string) {
      seen.set(txHash, (await getTournament(service(), id)) as Record<string, unknown>);
    },
  };
}

describe("tournament events on GET /events", () => {
  let service: RunningService;
  let admin: Funded;
  let players: Funded[];
  const api = tournamentCalls(() => service);
  const snapshot = snapshots(() => service);
  const seen = snapshot.seen;
  const take = (id: string, txHash: string) => snapshot.take(id, txHash);

  before(async () => {
    service = await startService();
    admin = await fundedWallet(service, 500 * ADA);
    players = [];
    for (let i = 0; i < 5; i++) players.push(await fundedWallet(service, 100 * ADA));
  });
  after(async () => {
    await service?.close();
  });

  it("a v3 lifecycle through HTTP: exactly created, five registrations, one cancelled, two adds, full, settled, in order, each with GET /tournaments/{id} as of its transaction", async () => {
    const created = await api.create(admin, {
      name: "Stream cup",
      bracketSize: 4,
      entryFee: 10 * ADA,
      payoutStructure: [25 * ADA, 15 * ADA],
    });
    const id = created.tournamentId!;
    await take(id, created.hash);
    const regs: Awaited<ReturnType<typeof api.register>>[] = [];
    for (const p of players) {
      regs.push(await api.register(id, p));
      await take(id, regs[regs.length - 1]!.hash);
    }
    const quitter = regs[4]!;
    const unregister = ok(
      await service.request<"unregisterFromTournament">("POST", `/tournaments/${id}/unregister`, {
        registererAddress: quitter.address,
        outputRef: quitter.outputRef,
        utxos: await players[4]!.utxos(),
      }),
    );
    await signAndSubmit(service, unregister, [players[4]!]);
    await take(id, unregister.hash);
    const add1 = await api.add(id, admin, regs.slice(0, 2).map(seat));
    await take(id, add1.hash);
    const add2 = await api.add(id, admin, regs.slice(2, 4).map(seat));
    await take(id, add2.hash);
    const settle = await api.settle(id, admin, [players[3]!.address, players[1]!.address]);
    await take(id, settle.hash);

    const frames = await eventsOf(service, id, "tournament.settled");
    assert.deepEqual(typesOf(frames), [
      "tournament.created",
      ...regs.map(() => "tournament.registration_received"),
      "tournament.registration_cancelled",
      "tournament.participants_added",
      "tournament.participants_added",
      "tournament.full",
      "tournament.settled",
    ]);
    const txs = frames.map((f) => f.json.point["txHash"]);
    assert.deepEqual(txs, [
      created.hash,
      ...regs.map((r) => r.hash),
      unregister.hash,
      add1.hash,
      add2.hash,
      add2.hash,
      settle.hash,
    ]);
    for (const f of frames) {
      const { registration, added, ...tournament } = f.json.data;
      assert.deepEqual(
        tournament,
        seen.get(f.json.point["txHash"] as string),
        `${f.event}: GET /tournaments/{id} then`,
      );
      assert.equal(typeof f.json.point["blockHash"], "string");
      if (f.event === "tournament.participants_added") {
        const participants = tournament["participants"] as string[];
        const [from, to] = f.json.point["txHash"] === add1.hash ? [0, 2] : [2, 4];
        assert.deepEqual(added, participants.slice(from, to), "the added seats, in seat order");
      }
      if (f.event!.startsWith("tournament.registration_")) {
        const r =
          f.event === "tournament.registration_cancelled"
            ? quitter
            : regs.find((x) => x.hash === f.json.point["txHash"])!;
        assert.deepEqual(registration, { outputRef: r.outputRef, address: r.address });
      }
    }
    assert.equal(frames[frames.length - 2]!.json.data["participantCount"], 4);
    assert.equal(frames[frames.length - 1]!.json.data["status"], "settled");

    // The registrant's address is a filter key of their registration's events.
    const mine = await openStream(
      `${service.base}/events?after=0&address=${quitter.address}&types=tournament.registration_received,tournament.registration_cancelled`,
    );
    const own = await mine.until((read) => read.length >= 2, 60_000);
    mine.close();
    assert.deepEqual(typesOf(own), ["tournament.registration_received", "tournament.registration_cancelled"]);
  });

  it("a v2.1 tournament that fills and is cancelled: created, registrations, participants added, full, cancelled", async () => {
    const v21 = tournamentCalls(() => onContract(service, "2.1.0"));
    const created = await v21.create(admin, {
      name: "Old cup",
      bracketSize: 2,
      entryFee: 10 * ADA,
      payoutStructure: [20 * ADA],
    });
    const id = created.tournamentId!;
    const regs = [await v21.register(id, players[0]!), await v21.register(id, players[1]!)];
    const add = await v21.add(id, admin, regs.map(seat));
    await take(id, add.hash);
    const cancel = ok(
      await onContract(service, "2.1.0").request<"cancelTournament">("POST", `/tournaments/${id}/cancel`, {
        adminAddress: admin.address,
        utxos: await admin.utxos(),
      }),
    );
    await signAndSubmit(service, cancel, [admin]);
    await take(id, cancel.hash);

    const frames = await eventsOf(service, id, "tournament.cancelled");
    assert.deepEqual(typesOf(frames), [
      "tournament.created",
      "tournament.registration_received",
      "tournament.registration_received",
      "tournament.participants_added",
      "tournament.full",
      "tournament.cancelled",
    ]);
    const { added, ...full } = frames[3]!.json.data;
    assert.deepEqual(full, seen.get(add.hash));
    assert.equal(full["contractVersion"], "2.1.0");
    assert.deepEqual([...(added as string[])].sort(), regs.map((r) => r.address).sort());
    assert.deepEqual(frames[5]!.json.data, seen.get(cancel.hash));
    assert.equal(frames[5]!.json.data["status"], "cancelled");
  });

  it("a deadline passes with the first block after it (the devnet's clock advanced), then a stranger refunds: deadline_passed (no transaction) before refunded", async () => {
    const settleBy = (await tipOf(service)).time + MIN_SETTLE_WINDOW_MS + 5 * 60_000;
    const created = await api.create(admin, {
      name: "Late cup",
      bracketSize: 2,
      entryFee: 10 * ADA,
      payoutStructure: [20 * ADA],
      settleBy,
    });
    const id = created.tournamentId!;
    const reg = await api.register(id, players[2]!);
    await api.add(id, admin, [seat(reg)]);
    const advance = await service.request<"advanceDevnetClock">("POST", "/devnet/advance", {
      seconds: Math.ceil((MIN_SETTLE_WINDOW_MS + 6 * 60_000) / 1000),
    });
    assert.equal(advance.status, 200, JSON.stringify(advance.body));
    const expired = await getTournament(service, id);
    assert.equal(expired.status, "expired");
    // No block yet after the deadline: no event yet.
    const early = await openStream(`${service.base}/events?after=0&tournamentId=${id}`);
    const before3 = await early.until((read) => read.length >= 3, 60_000);
    await assert.rejects(early.next(1_500), /no event within/, "nothing more until a block comes");
    early.close();
    assert.deepEqual(typesOf(before3), [
      "tournament.created",
      "tournament.registration_received",
      "tournament.participants_added",
    ]);

    const faucet = await fundedWallet(service, 10 * ADA);
    const refund = ok(
      await service.request<"refundTournament">("POST", `/tournaments/${id}/refund`, { utxos: await faucet.utxos() }),
    );
    await signAndSubmit(service, refund, [faucet]);
    await take(id, refund.hash);

    const frames = await eventsOf(service, id, "tournament.refunded");
    assert.deepEqual(typesOf(frames).slice(3), ["tournament.deadline_passed", "tournament.refunded"]);
    const passed = frames[3]!.json;
    assert.equal(passed.point["txHash"], null);
    assert.deepEqual(passed.data, expired, "GET /tournaments/{id} once the deadline passed");
    assert.deepEqual(frames[4]!.json.data, seen.get(refund.hash));
    assert.equal(frames[4]!.json.data["status"], "refunded");
  });
});

describe("tournament events across a restart", () => {
  const dir = mkdtempSync(join(tmpdir(), "txsvc-tevents-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("a restart on the same DATA_DIR does not announce created again; the live tournament's next registration is announced", async () => {
    let service = await startService({}, { dataDir: dir });
    const api = tournamentCalls(() => service);
    let id = "";
    let second: Funded;
    try {
      const admin = await fundedWallet(service, 200 * ADA);
      const first = await fundedWallet(service, 50 * ADA);
      second = await fundedWallet(service, 50 * ADA);
      id = (
        await api.create(admin, {
          name: "Restart cup",
          bracketSize: 2,
          entryFee: 10 * ADA,
          payoutStructure: [20 * ADA],
        })
      ).tournamentId!;
      await api.register(id, first);
      await eventsOf(service, id, "tournament.registration_received");
    } finally {
      await service.close();
    }
    service = await startService({}, { dataDir: dir });
    try {
      // The wallet reads its UTxOs from the service that runs now.
      const r = await api.register(id, { ...second!, utxos: () => utxoStringsAt(service, second!.address) });
      const all = await openStream(`${service.base}/events?after=0&tournamentId=${id}`);
      const read = await all.until((f) => f.some((x) => x.json.point["txHash"] === r.hash), 60_000);
      await assert.rejects(all.next(1_500), /no event within/, "created is not announced again");
      all.close();
      assert.deepEqual(typesOf(read), [
        "tournament.created",
        "tournament.registration_received",
        "tournament.registration_received",
      ]);
      assert.equal(read[2]!.json.point["txHash"], r.hash);
      assert.deepEqual(read[2]!.json.data["registration"], { outputRef: r.outputRef, address: r.address });
    } finally {
      await service.close();
    }
  });
});
