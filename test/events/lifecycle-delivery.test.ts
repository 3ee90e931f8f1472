// Issue #24's "done when", end to end on the devnet over real HTTP with real signatures: a
// tournament's whole lifecycle driven through the API (create, two registrations, the add that
// fills it, the settlement) gives the right events in the right order on GET /events, and the
// same events at a webhook receiver, each delivery's signature valid (checked with the typed
// client's verifyWebhook); then a devnet rollback of the settlement's block gives tx.rolled_back,
// the settlement confirmed again in a new block, and its tournament.settled derived again, each
// delivered to the webhook too (the re-delivery a rollback owes).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { verifyWebhook } from "../../client/src/index.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, tournamentCalls } from "../support/tournament-api.js";
import { fundedWallet, type Funded } from "../support/wallets.js";
import { Receiver, type Received } from "../webhooks/receiver.js";
import { openStream, type SseFrame } from "./sse-client.js";

interface Delivered {
  readonly id: string;
  readonly type: string;
  readonly point: { txHash: string | null; blockHash: string | null };
  readonly data: Record<string, unknown>;
}

describe("a tournament's lifecycle on the stream and at a webhook, then a rollback", () => {
  let service: RunningService;
  let receiver: Receiver;
  let admin: Funded;
  let players: Funded[];
  let headers: Record<string, string>;
  let secret = "";
  const api = tournamentCalls(() => service);

  before(async () => {
    receiver = await Receiver.start();
    service = await startService({}, { webhooks: { pollMs: 40 } });
    headers = { "x-api-key": (await service.app.stores.keys.create({ name: "game", env: "testnet" })).key };
    const hook = await service.request("POST", "/webhooks", { url: `${receiver.url}/game` }, headers);
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    secret = (hook.body as { secret: string }).secret;
    admin = await fundedWallet(service, 300 * ADA);
    players = [await fundedWallet(service, 100 * ADA), await fundedWallet(service, 100 * ADA)];
  });
  after(async () => {
    await service?.close();
    await receiver?.close();
  });

  /** The deliveries so far, each signature checked, in the log's order (deliveries may arrive out of order). */
  async function delivered(received: readonly Received[]): Promise<Delivered[]> {
    const all: Delivered[] = [];
    for (const r of received.filter((x) => x.path === "/game")) {
      const signature = r.headers["webhook-signature"];
      assert.equal(typeof signature, "string", "every delivery is signed");
      assert.equal(await verifyWebhook(secret, signature as string, r.body), true, "a valid signature");
      all.push(JSON.parse(r.body) as Delivered);
    }
    const byId = new Map(all.map((d) => [d.id, d])); // a retried delivery is the same event again
    return [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id));
  }
  const brief = (events: ReadonlyArray<{ type: string; point: { txHash: string | null } }>) =>
    events.map((e) => `${e.type} ${e.point.txHash?.slice(0, 8) ?? "-"}`);

  it("the lifecycle's events in order on the stream and at the webhook, signed; a rollback rolls back, confirms again and re-delivers", async () => {
    const created = await api.create(admin, {
      name: "Done-when cup",
      bracketSize: 2,
      entryFee: 10 * ADA,
      payoutStructure: [20 * ADA],
    });
    const id = created.tournamentId!;
    const regs = [await api.register(id, players[0]!), await api.register(id, players[1]!)];
    const add = await api.add(
      id,
      admin,
      regs.map((r) => ({ address: r.address, outputRef: r.outputRef })),
    );
    // The settlement in a block of its own (a devnet block is a slot with transactions: the clock moves on first).
    assert.equal((await service.request("POST", "/devnet/advance", { seconds: 2 })).status, 200);
    const settle = await api.settle(id, admin, [players[1]!.address]);
    const lifecycle = [
      `tournament.created ${created.hash.slice(0, 8)}`,
      `tournament.registration_received ${regs[0]!.hash.slice(0, 8)}`,
      `tournament.registration_received ${regs[1]!.hash.slice(0, 8)}`,
      `tournament.participants_added ${add.hash.slice(0, 8)}`,
      `tournament.full ${add.hash.slice(0, 8)}`,
      `tournament.settled ${settle.hash.slice(0, 8)}`,
    ];

    // The stream, from the log's start, filtered by the tournament.
    const stream = await openStream(`${service.base}/events?after=0&tournamentId=${id}`);
    const frames = await stream.until((read) => read.some((f) => f.event === "tournament.settled"), 60_000);
    assert.deepEqual(
      brief(frames.map((f: SseFrame) => ({ type: f.event!, point: f.json.point as { txHash: string | null } }))),
      lifecycle,
    );
    // Each transaction's tx.submitted before its tx.confirmed, on the unfiltered log.
    const log = await service.app.stores.events.after(0, { txHash: settle.hash }, 10);
    assert.deepEqual(
      log.map((e) => e.type).filter((t) => t.startsWith("tx.")),
      ["tx.submitted", "tx.confirmed"],
    );

    // The webhook (no filter: every event) got the same tournament events, signed, with the same ids.
    const received = await receiver.until(
      (all) => all.some((r) => r.path === "/game" && r.body.includes('"tournament.settled"')),
      60_000,
    );
    const ofTournament = (d: Delivered) => d.type.startsWith("tournament.") && d.data["tournamentId"] === id;
    const atWebhook = (await delivered(received)).filter(ofTournament);
    assert.deepEqual(brief(atWebhook), lifecycle);
    assert.deepEqual(
      atWebhook.map((d) => d.id),
      frames.map((f) => f.id),
      "the same events: the webhook's ids are the stream's",
    );
    assert.deepEqual(atWebhook[5]!.data, frames[5]!.json.data, "the same JSON as the stream");
    const settledBlock = atWebhook[5]!.point.blockHash;

    // A fork: the settlement's block leaves the chain, and the settlement goes on it again.
    const rollback = await service.request("POST", "/devnet/rollback", { blocks: 1 });
    assert.equal(rollback.status, 200, JSON.stringify(rollback.body));
    assert.deepEqual(
      (rollback.body as { rolledBack: Array<{ txHash: string }> }).rolledBack.map((r) => r.txHash),
      [settle.hash],
    );
    assert.deepEqual((rollback.body as { reapplied: string[] }).reapplied, [settle.hash]);

    // The stream goes on: the settlement's tournament.settled again (the tx events are not in its filter).
    const again = await stream.until((read) => read.some((f) => f.event === "tournament.settled"), 60_000);
    stream.close();
    assert.deepEqual(brief(again.map((f) => ({ type: f.event!, point: f.json.point as { txHash: string | null } }))), [
      `tournament.settled ${settle.hash.slice(0, 8)}`,
    ]);
    assert.notEqual(again[0]!.json.point["blockHash"], settledBlock, "settled again in another block");

    const mine = (d: Delivered) => d.point.txHash === settle.hash && d.type.startsWith("tx.");
    const redelivered = await receiver.until(
      (all) => all.filter((r) => r.path === "/game" && r.body.includes('"tournament.settled"')).length >= 2,
      60_000,
    );
    const deliveries = await delivered(redelivered);
    assert.deepEqual(
      deliveries.filter(mine).map((d) => d.type),
      ["tx.submitted", "tx.confirmed", "tx.rolled_back", "tx.confirmed"],
      "the settlement: submitted, confirmed, rolled back, confirmed again",
    );
    const [first, , rolledBack, second] = deliveries.filter(mine);
    assert.equal(first!.point.txHash, settle.hash);
    assert.equal(rolledBack!.point.blockHash, settledBlock, "rolled back from the block that left the chain");
    assert.notEqual(second!.point.blockHash, settledBlock);
    assert.deepEqual(
      brief(deliveries.filter(ofTournament)),
      [...lifecycle, `tournament.settled ${settle.hash.slice(0, 8)}`],
      "the tournament's settlement delivered again",
    );
  });
});
