// POST /devnet/rollback and its events, over real HTTP with transactions signed by real keys: a
// rolled-back payment confirmed again in a block with a new hash, the UTxO set as before; a
// payment whose validity interval is over expires, its outputs gone and its inputs unspent; a
// payment spending an expired one's output expires too; a stream filtered by address sees it; the
// journal survives a restart; bad bodies and a rollback deeper than the devnet are refused.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startService, type RunningService } from "../support/service.js";
import { build, signAndSubmit } from "../support/transactions-api.js";
import { fund, newEnterpriseWallet, type TestWallet } from "../support/wallets.js";
import { openStream, type SseFrame, type SseStream } from "./sse-client.js";

const types = (frames: readonly SseFrame[]) => frames.map((f) => f.event);
const blockHash = (frame: SseFrame) => frame.json.point["blockHash"] as string;

interface RollbackAnswer {
  rolledBack: Array<{ txHash: string; slot: number }>;
  reapplied: string[];
  expired: Array<{ txHash: string; reason: string }>;
  slot: number;
  tip: { slot: number; time: number };
}

async function rollback(service: RunningService, blocks: number): Promise<RollbackAnswer> {
  const answer = await service.request("POST", "/devnet/rollback", { blocks });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body as RollbackAnswer;
}

/** Moves the clock one slot on, so that what is submitted next is a block of its own. */
async function nextSlot(service: RunningService): Promise<void> {
  const answer = await service.request("POST", "/devnet/advance", { seconds: 1 });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
}

async function utxoRefs(service: RunningService, address: string): Promise<string[]> {
  const answer = await service.request("GET", `/addresses/${address}/utxos?view=decoded`);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return (answer.body as { utxos: Array<{ txHash: string; index: number }> }).utxos
    .map((u) => `${u.txHash}#${u.index}`)
    .sort();
}

async function tipSlot(service: RunningService): Promise<number> {
  const answer = await service.request("GET", "/devnet");
  return (answer.body as { tip: { slot: number } }).tip.slot;
}

/** Pays `lovelace` from `from` to `to` (a block of its own), answering the id once the stream saw it confirmed. */
async function pay(
  service: RunningService,
  from: TestWallet,
  to: TestWallet,
  lovelace: number,
  extra: Record<string, unknown> = {},
): Promise<string> {
  await nextSlot(service);
  const built = await build(service, {
    changeAddress: from.address,
    outputs: [{ address: to.address, lovelace }],
    ...extra,
  });
  const stream = await openStream(`${service.base}/events?after=0&types=tx.confirmed&txHash=${built.hash}`);
  const txHash = await signAndSubmit(service, built, [from]);
  await stream.until((f) => f.length >= 1);
  stream.close();
  return txHash;
}

/** The stream's frames until one of `type` for `txHash` came. */
const untilEvent = (stream: SseStream, type: string, txHash: string) =>
  stream.until((read) => read.some((f) => f.event === type && f.json.point["txHash"] === txHash));

describe("POST /devnet/rollback and its events", () => {
  let service: RunningService;
  let alice: TestWallet;
  let bob: TestWallet;

  before(async () => {
    service = await startService();
    [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
    await fund(service, alice.address, 200_000_000);
  });
  after(async () => {
    await service?.close();
  });

  it("rollback 1: tx.rolled_back, then tx.confirmed again in a block with a new hash, the UTxO set as before; a stream filtered by address sees it", async () => {
    const payment = await pay(service, alice, bob, 10_000_000);
    const byTx = await openStream(`${service.base}/events?after=0&txHash=${payment}`);
    const confirmedFirst = (await untilEvent(byTx, "tx.confirmed", payment)).find((f) => f.event === "tx.confirmed")!;
    const byBob = await openStream(`${service.base}/events?address=${bob.address}`);
    const before = { alice: await utxoRefs(service, alice.address), bob: await utxoRefs(service, bob.address) };
    assert.ok(before.bob.includes(`${payment}#0`));

    const answer = await rollback(service, 1);
    assert.deepEqual(
      answer.rolledBack.map((t) => t.txHash),
      [payment],
    );
    assert.deepEqual(answer.reapplied, [payment]);
    assert.deepEqual(answer.expired, []);
    assert.ok(answer.slot > answer.rolledBack[0]!.slot, "applied again at a later slot: the clock does not go back");

    // Through the address events of the payment confirmed again (those of the first confirmation may come first).
    const after = await byTx.until((read) => {
      const from = read.findIndex((f) => f.event === "tx.rolled_back");
      return from >= 0 && read.slice(from).filter((f) => f.event === "address.received").length >= 2;
    });
    byTx.close();
    const [rolledBack, confirmedAgain] = [
      after.find((f) => f.event === "tx.rolled_back")!,
      after.find((f) => f.event === "tx.confirmed")!,
    ];
    assert.ok(after.indexOf(rolledBack) < after.indexOf(confirmedAgain), "tx.rolled_back comes first");
    assert.deepEqual(rolledBack.json.data["txHash"], payment);
    assert.equal(rolledBack.json.data["status"], "rolled_back");
    assert.equal(blockHash(rolledBack), blockHash(confirmedFirst), "the rolled-back event names the block that left");
    assert.notEqual(blockHash(confirmedAgain), blockHash(confirmedFirst), "a new block hash");
    assert.equal(confirmedAgain.json.point["slot"], answer.slot);
    assert.deepEqual(types(after.slice(after.indexOf(rolledBack))), [
      "tx.rolled_back",
      "tx.confirmed",
      "address.spent",
      "address.received",
      "address.received",
    ]);

    // The stream filtered by bob's address (opened before the rollback) sees both.
    const bobs = await untilEvent(byBob, "tx.confirmed", payment);
    byBob.close();
    assert.deepEqual(types(bobs.filter((f) => f.event?.startsWith("tx."))), ["tx.rolled_back", "tx.confirmed"]);

    assert.deepEqual(
      { alice: await utxoRefs(service, alice.address), bob: await utxoRefs(service, bob.address) },
      before,
      "the UTxO set as before",
    );
    const tx = await service.request("GET", `/transactions/${payment}`);
    assert.equal(tx.status, 200, JSON.stringify(tx.body));
  });

  it("a payment whose validity interval is over at the rollback expires: tx.expired, its outputs gone, its input unspent; a payment of its output expires with it", async () => {
    const aliceBefore = await utxoRefs(service, alice.address);
    const carol = await newEnterpriseWallet();
    const short = await pay(service, alice, bob, 20_000_000, {
      validityInterval: { end: (await tipSlot(service)) + 4 },
    });
    // Bob pays carol from the short-lived payment's output: it has nothing else.
    const child = await pay(service, bob, carol, 5_000_000);
    const stream = await openStream(`${service.base}/events?types=tx.rolled_back,tx.expired,tx.confirmed`);
    const advanced = await service.request("POST", "/devnet/advance", { seconds: 10 });
    assert.equal(advanced.status, 200);

    const answer = await rollback(service, 2);
    assert.deepEqual(
      answer.rolledBack.map((t) => t.txHash),
      [short, child],
    );
    assert.deepEqual(answer.reapplied, []);
    assert.deepEqual(
      answer.expired.map((e) => e.txHash),
      [short, child],
    );
    for (const e of answer.expired) assert.ok(e.reason.length > 0);

    const frames = await stream.until((read) => read.filter((f) => f.event === "tx.expired").length >= 2);
    stream.close();
    const told = frames.map((f) => `${f.event} ${f.json.point["txHash"] as string}`);
    assert.deepEqual(told.slice(0, 2), [`tx.rolled_back ${child}`, `tx.rolled_back ${short}`], "newest first");
    assert.deepEqual(told.slice(2).sort(), [`tx.expired ${child}`, `tx.expired ${short}`].sort());
    const expired = frames.find((f) => f.event === "tx.expired" && f.json.point["txHash"] === short)!;
    assert.deepEqual(expired.json.data, {
      txHash: short,
      status: "expired",
      invalidHereafter: expired.json.data["invalidHereafter"],
    });
    assert.equal(typeof expired.json.data["invalidHereafter"], "number");

    // Gone from the chain: its outputs, its record; alice's input is hers again.
    assert.deepEqual(await utxoRefs(service, alice.address), aliceBefore);
    assert.deepEqual(
      (await utxoRefs(service, bob.address)).filter((r) => r.startsWith(short) || r.startsWith(child)),
      [],
    );
    assert.deepEqual(await utxoRefs(service, carol.address), []);
    for (const h of [short, child]) {
      // Submitted through this instance: its status says the rollback expired it.
      const status = await service.request("GET", `/transactions/${h}`);
      assert.equal(status.status, 200);
      assert.equal((status.body as { status: string }).status, "rejected");
      assert.match(
        (status.body as { reason: string }).reason,
        /^Rolled back by POST \/devnet\/rollback and no longer valid: /,
      );
      assert.equal((await service.request("GET", `/transactions/${h}?view=decoded`)).status, 200);
      const blockfrost = await fetch(`${service.url}/blockfrost/api/v0/txs/${h}`);
      assert.equal(blockfrost.status, 404, await blockfrost.text());
    }
  });

  it('answers 400 naming the field for blocks 0, 101, "x", missing and an unknown field; 422 for more blocks than the devnet holds', async () => {
    for (const [body, message] of [
      [{ blocks: 0 }, "body.blocks must be >= 1."],
      [{ blocks: 101 }, "body.blocks must be <= 100."],
      [{ blocks: "x" }, "body.blocks must be integer."],
      [{ blocks: 1.5 }, "body.blocks must be integer."],
      [{}, "body.blocks is required."],
      [{ blocks: 1, depth: 2 }, 'body has an unknown field "depth".'],
    ] as const) {
      const answer = await service.request("POST", "/devnet/rollback", body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.equal((answer.body as { message: string }).message, message);
    }
    const deep = await service.request("POST", "/devnet/rollback", { blocks: 100 });
    assert.equal(deep.status, 422, JSON.stringify(deep.body));
    assert.match(
      (deep.body as { message: string }).message,
      /^The devnet holds \d+ non-empty blocks?: it cannot roll back 100\.$/,
    );
  });
});

describe("POST /devnet/rollback at its deepest", () => {
  it("blocks 100: tx.rolled_back for each of the 100 blocks' transactions and tx.confirmed again, the history before them untouched", async () => {
    const service = await startService();
    try {
      const wallet = await newEnterpriseWallet();
      const stream = await openStream(`${service.base}/events?types=tx.confirmed,tx.rolled_back`);
      const paid: string[] = [];
      for (let i = 0; i < 100; i++) {
        await nextSlot(service);
        paid.push(await fund(service, wallet.address, 2_000_000 + i));
      }
      // The follower has read them all (the journal holds the 100 blocks).
      const first = await stream.until((read) => read.filter((f) => f.event === "tx.confirmed").length >= 100);
      const answer = await rollback(service, 100);
      assert.deepEqual(
        answer.rolledBack.map((t) => t.txHash),
        paid,
      );
      assert.deepEqual(answer.reapplied, paid);
      const frames = [
        ...first,
        ...(await stream.until((read) => read.filter((f) => f.event === "tx.confirmed").length >= 100)),
      ];
      stream.close();
      const told = (type: string) => frames.filter((f) => f.event === type).map((f) => f.json.point["txHash"]);
      assert.deepEqual(told("tx.confirmed"), [...paid, ...paid], "nothing before the 100 blocks is confirmed again");
      assert.deepEqual(told("tx.rolled_back"), [...paid].reverse(), "newest first");
    } finally {
      await service.close();
    }
  });
});

describe("POST /devnet/rollback across a restart", () => {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("the journal is saved with the events: after a restart a rollback of a block read before it is told", async () => {
    const dir = mkdtempSync(join(tmpdir(), "txsvc-rollback-"));
    dirs.push(dir);
    const [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
    const first = await startService({}, { dataDir: dir });
    let payment: string;
    try {
      await fund(first, alice.address, 50_000_000);
      payment = await pay(first, alice, bob, 5_000_000);
    } finally {
      await first.close();
    }
    const second = await startService({}, { dataDir: dir });
    try {
      const stream = await openStream(`${second.base}/events?after=0`);
      const answer = await rollback(second, 1);
      assert.deepEqual(answer.reapplied, [payment]);
      const frames = await stream.until(
        (read) => read.filter((f) => f.event === "tx.confirmed" && f.json.point["txHash"] === payment).length >= 2,
      );
      stream.close();
      const ids = frames.map((f) => Number(f.id));
      assert.deepEqual(
        ids,
        Array.from({ length: ids.length }, (_, i) => i + 1),
        "ids 1, 2, 3… across the restart",
      );
      assert.deepEqual(types(frames.filter((f) => f.json.point["txHash"] === payment && f.event?.startsWith("tx."))), [
        "tx.submitted",
        "tx.confirmed",
        "tx.rolled_back",
        "tx.confirmed",
      ]);
    } finally {
      await second.close();
    }
  });
});
