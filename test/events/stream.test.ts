// GET /events on the devnet, over real HTTP, with transactions signed by real keys: the events a
// faucet payment and a signed payment produce, in order and with the read endpoints' data; the
// filters; resuming with Last-Event-ID; the gap after pruning; a restart on the same DATA_DIR.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { loadConfig } from "../../src/config.js";
import { blockHashOf } from "../../src/events/devnet-follower.js";
import { startService, type RunningService } from "../support/service.js";
import { build, signAndSubmit } from "../support/transactions-api.js";
import { fund, newEnterpriseWallet, type TestWallet } from "../support/wallets.js";
import { openStream, type SseFrame } from "./sse-client.js";

/** The events of one transaction in a list of frames. */
const of = (frames: readonly SseFrame[], txHash: string) => frames.filter((f) => f.json.point["txHash"] === txHash);
const types = (frames: readonly SseFrame[]) => frames.map((f) => f.event);

/** Reads until the stream has given `txHash`'s address.received events (the last of a transaction's). */
const throughReceived = (frames: readonly SseFrame[], txHash: string, outputs: number) =>
  of(frames, txHash).filter((f) => f.event === "address.received").length >= outputs;

describe("GET /events on the devnet", () => {
  let service: RunningService;
  let alice: TestWallet;
  let bob: TestWallet;
  /** The id before the test's first event. */
  let start: number;
  let faucetTx: string;
  let paymentTx: string;
  let all: SseFrame[];

  before(async () => {
    service = await startService();
    [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
  });
  after(async () => {
    await service?.close();
  });

  it("a faucet payment and a signed payment: tx.submitted (the signed one), tx.confirmed, address.spent, address.received, in order, with the read endpoints' data", async () => {
    const stream = await openStream(`${service.base}/events`);
    assert.equal(stream.status, 200);
    assert.equal(stream.headers.get("cache-control"), "no-cache");
    faucetTx = await fund(service, alice.address, 50_000_000);
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, lovelace: 10_000_000 }],
    });
    paymentTx = await signAndSubmit(service, built, [alice]);
    const frames = await stream.until((read) => throughReceived(read, paymentTx, 2));
    stream.close();

    const faucet = of(frames, faucetTx);
    assert.equal(faucet[0]!.event, "tx.confirmed", "the faucet pays through the devnet, not the submit route");
    assert.deepEqual(faucet[0]!.json.data, { txHash: faucetTx, status: "confirmed", confirmations: 1 });
    const aliceFunds = faucet.find((f) => f.event === "address.received" && f.json.data["address"] === alice.address);
    assert.deepEqual(aliceFunds?.json.data, {
      txHash: faucetTx,
      index: aliceFunds?.json.data["index"],
      address: alice.address,
      lovelace: "50000000",
      assets: [],
      datum: null,
      referenceScriptHash: null,
    });
    assert.ok(
      faucet.some((f) => f.event === "address.spent"),
      "the faucet's own output is spent",
    );

    const payment = of(frames, paymentTx);
    assert.deepEqual(types(payment), [
      "tx.submitted",
      "tx.confirmed",
      "address.spent",
      "address.received",
      "address.received",
    ]);
    const [submitted, confirmed, spent, ...received] = payment as [SseFrame, SseFrame, SseFrame, ...SseFrame[]];
    assert.deepEqual(submitted.json.data, { txHash: paymentTx, status: "pending" });
    assert.equal(submitted.json.point["blockHash"], null);
    assert.deepEqual(confirmed.json.data, { txHash: paymentTx, status: "confirmed", confirmations: 1 });
    assert.deepEqual(spent.json.data, aliceFunds?.json.data, "the output spent is the one the faucet made");
    // address.received's data is the output as GET /addresses/{a}/utxos?view=decoded gives it.
    for (const wallet of [alice, bob]) {
      const answer = await service.request("GET", `/addresses/${wallet.address}/utxos?view=decoded`);
      const utxos = (answer.body as { utxos: Array<Record<string, unknown>> }).utxos;
      const event = received.find((f) => f.json.data["address"] === wallet.address);
      assert.deepEqual(
        event?.json.data,
        utxos.find((u) => u["txHash"] === paymentTx),
      );
    }
    assert.equal(received.find((f) => f.json.data["address"] === bob.address)?.json.data["lovelace"], "10000000");

    // Ids increase by one through the stream; every event of a block has its point.
    const ids = frames.map((f) => Number(f.id));
    for (let i = 1; i < ids.length; i++) assert.equal(ids[i], ids[i - 1]! + 1);
    for (const frame of frames) assert.equal(frame.id, frame.json.id);
    for (const frame of [confirmed, spent, ...received]) {
      assert.equal(frame.json.point["blockHash"], confirmed.json.point["blockHash"]);
      assert.equal(frame.json.point["blockHeight"], confirmed.json.point["blockHeight"]);
    }
    // The payment spends the faucet's output: in a later block, or in the same one when the follower
    // read both at once (a block is what was accepted at one slot and read together; a real chain's
    // block may also hold a transaction and the one spending it).
    assert.ok((confirmed.json.point["blockHeight"] as number) >= (faucet[0]!.json.point["blockHeight"] as number));
    start = Number(frames[0]!.id) - 1;
    all = frames;
  });

  it("block hashes chain: each is blake2b-256 of the previous block's hash, its slot and its transactions' ids", async () => {
    const stream = await openStream(`${service.base}/events?after=0&types=tx.confirmed`);
    const confirmed = await stream.until((read) => read.some((f) => f.json.point["txHash"] === paymentTx));
    stream.close();
    let previous = "00".repeat(32);
    let height = 0;
    for (const frame of confirmed) {
      const { blockHash, blockHeight } = frame.json.point as { blockHash: string; blockHeight: number };
      if (blockHeight !== height) {
        assert.equal(blockHeight, height + 1);
        const txs = confirmed
          .filter((f) => f.json.point["blockHeight"] === blockHeight)
          .map((f) => f.json.point["txHash"] as string);
        assert.equal(blockHash, blockHashOf(previous, frame.json.point["slot"] as number, txs));
        previous = blockHash;
        height = blockHeight;
      }
    }
    assert.ok(height >= 2);
  });

  it("filters by type, address and txHash, replayed from the log", async () => {
    const read = async (query: string, done: (frames: readonly SseFrame[]) => boolean) => {
      const stream = await openStream(`${service.base}/events?after=${start}&${query}`);
      const frames = await stream.until(done);
      stream.close();
      return frames;
    };
    // tx.submitted and tx.confirmed name every address the transaction touches (bob's: the output it pays).
    const bobs = await read(`address=${bob.address}`, (f) => f.length >= 3);
    assert.deepEqual(types(bobs), ["tx.submitted", "tx.confirmed", "address.received"]);
    assert.deepEqual(
      bobs.map((f) => f.id),
      of(all, paymentTx)
        .filter(
          (f) =>
            f.event !== "address.spent" && (f.event !== "address.received" || f.json.data["address"] === bob.address),
        )
        .map((f) => f.id),
    );
    const received = await read(`types=address.received,address.spent&address=${alice.address}`, (f) => f.length >= 3);
    assert.deepEqual(types(received), ["address.received", "address.spent", "address.received"]);
    const byTx = await read(`txHash=${paymentTx.toUpperCase()}`, (f) => f.length >= 5);
    assert.deepEqual(
      byTx.map((f) => f.id),
      of(all, paymentTx).map((f) => f.id),
    );
  });

  it("resumes with Last-Event-ID: a client that disconnected mid-stream and reconnects loses nothing and repeats nothing", async () => {
    const first = await openStream(`${service.base}/events?after=${start}`);
    const before = [await first.next(), await first.next(), await first.next()];
    first.close();
    // While it is away: two more payments.
    const carol = await newEnterpriseWallet();
    const more: string[] = [];
    // The second through POST /tournaments/submit-tx, which shares the submit route and its tx.submitted.
    for (const [lovelace, path] of [
      [3_000_000, "/transactions/submit"],
      [4_000_000, "/tournaments/submit-tx"],
    ] as const) {
      const built = await build(service, {
        changeAddress: alice.address,
        outputs: [{ address: carol.address, lovelace }],
      });
      more.push(await signAndSubmit(service, built, [alice], path));
    }
    const again = await openStream(`${service.base}/events`, { "last-event-id": before[2]!.id! });
    const rest = await again.until((read) => throughReceived(read, more[1]!, 2));
    again.close();
    const ids = [...before, ...rest].map((f) => Number(f.id));
    assert.deepEqual(
      ids,
      Array.from({ length: ids.length }, (_, i) => start + 1 + i),
      "every id once, in order",
    );
    for (const tx of more) assert.deepEqual(types(of(rest, tx)).slice(0, 2), ["tx.submitted", "tx.confirmed"]);
  });

  it("the follower holds a block whose transaction this instance is still submitting, so that tx.submitted comes first", async () => {
    const built = await build(service, {
      changeAddress: alice.address,
      outputs: [{ address: bob.address, lovelace: 2_000_000 }],
    });
    const stream = await openStream(`${service.base}/events?txHash=${built.hash}`);
    const submitting = service.app.events.submitting(built.hash);
    // Straight to the ledger, as a submit whose route has not recorded tx.submitted yet.
    assert.equal(await service.app.chain.submit(await alice.sign(built.complete)), built.hash);
    await assert.rejects(stream.next(1_000), /no event within the time allowed/);
    await service.app.events.recordSubmitted(built.hash, 0, built.complete);
    submitting();
    const frames = await stream.until((read) => read.some((f) => f.event === "tx.confirmed"));
    stream.close();
    assert.deepEqual(types(frames).slice(0, 2), ["tx.submitted", "tx.confirmed"]);
  });

  it("a stream open while the instance closes ends, and does not hold the close", async () => {
    const other = await startService();
    const stream = await openStream(`${other.base}/events`);
    assert.equal(stream.status, 200);
    await other.close(); // would wait for the client to leave, were the stream not ended first
    await assert.rejects(stream.next(5_000), /the stream ended|terminated/);
  });

  it("answers 400 naming the field for an unknown type, a bad address, tx hash or Last-Event-ID, and an unknown parameter", async () => {
    const refused = async (query: string, headers: Record<string, string> = {}) => {
      const stream = await openStream(`${service.base}/events${query}`, headers);
      assert.equal(stream.status, 400, query);
      return (stream.body as { message: string }).message;
    };
    assert.match(
      await refused("?types=tx.confirmed,tx.confirm"),
      /^query\.types names "tx\.confirm", which is not an event type: use tx\.submitted, tx\.confirmed, .* \(comma-separated\)\.$/,
    );
    assert.match(await refused("?address=addr_test1nothing"), /^query\.address/);
    assert.match(
      await refused("?address=addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8"),
      /^query\.address .*mainnet|^query\.address/,
    );
    assert.match(await refused("?txHash=abc"), /query\.txHash/);
    assert.match(await refused("?after=x"), /query\.after/);
    assert.match(await refused("?colour=blue"), /colour/);
    assert.match(await refused("", { "last-event-id": "12abc" }), /^The Last-Event-ID header must be an event id/);
    // An id this log never gave (another DATA_DIR or database): refused, not waited for in silence.
    const beyond = service.app.events.latest + 1_000_000;
    assert.match(
      await refused("", { "last-event-id": String(beyond) }),
      new RegExp(
        `^The Last-Event-ID header names event ${beyond}, after the latest this service recorded \\(\\d+\\): it does not come from`,
      ),
    );
    assert.match(
      await refused(`?after=${beyond}`),
      new RegExp(`^query\\.after names event ${beyond}, after the latest`),
    );
  });
});

describe("GET /events's bounds, retention and restarts", () => {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "txsvc-events-"));
    dirs.push(dir);
    return dir;
  };

  it("refuses a stream beyond EVENT_STREAMS_PER_KEY and EVENT_STREAMS_TOTAL with 429, Retry-After and the variable's name, and frees the slot when a client leaves", async () => {
    const service = await startService({ EVENT_STREAMS_PER_KEY: "1", EVENT_STREAMS_TOTAL: "1" });
    try {
      const one = await openStream(`${service.base}/events`);
      assert.equal(one.status, 200);
      const two = await openStream(`${service.base}/events`);
      assert.equal(two.status, 429);
      assert.equal(two.headers.get("retry-after"), "5");
      assert.deepEqual({ code: (two.body as { code: string }).code }, { code: "AUTH_ERR_STREAM_LIMIT" });
      assert.match(
        (two.body as { message: string }).message,
        /holds 1 event streams already.*\(EVENT_STREAMS_PER_KEY\)/,
      );
      one.close();
      let three = await openStream(`${service.base}/events`);
      for (let i = 0; i < 50 && three.status === 429; i++) {
        await new Promise((r) => setTimeout(r, 100));
        three = await openStream(`${service.base}/events`);
      }
      assert.equal(three.status, 200, "the slot of the stream that closed is free again");
      three.close();
    } finally {
      await service.close();
    }
    const total = await startService({ EVENT_STREAMS_PER_KEY: "5", EVENT_STREAMS_TOTAL: "1" });
    try {
      const one = await openStream(`${total.base}/events`);
      const two = await openStream(`${total.base}/events`);
      assert.equal(two.status, 429);
      assert.match(
        (two.body as { message: string }).message,
        /^The service holds 1 event streams already.*\(EVENT_STREAMS_TOTAL\)/,
      );
      one.close();
    } finally {
      await total.close();
    }
  });

  it("disconnects a client that stops reading once it leaves more than EVENT_STREAM_BUFFER_BYTES unread", async () => {
    const service = await startService({ EVENT_STREAMS_PER_KEY: "1", EVENT_STREAM_BUFFER_BYTES: "65536" });
    try {
      const { connect } = await import("node:net");
      const { port } = new URL(service.url);
      const socket = connect(Number(port), "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", resolve));
      socket.write("GET /v2/services/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n");
      await new Promise<void>((resolve) => socket.once("data", () => resolve()));
      socket.pause(); // reads no more
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      // Events of 256 KB each until the server gives up on it (the kernel's buffers take a few MB first).
      const big = { filler: "x".repeat(256 * 1024) };
      let streams = 429;
      for (let i = 0; i < 400 && streams === 429; i++) {
        await service.app.events.record([
          {
            type: "tx.submitted",
            point: { slot: 1, blockHash: null, blockHeight: null, txHash: null },
            data: big,
            addresses: [],
            tournamentId: null,
          },
        ]);
        await new Promise((r) => setTimeout(r, 5));
        if (i % 20 === 19) {
          const probe = await openStream(`${service.base}/events`);
          streams = probe.status;
          probe.close();
        }
      }
      assert.equal(streams, 200, "the stalled stream was dropped: its key may open another");
      socket.destroy();
      await closed;
    } finally {
      await service.close();
    }
  });

  it("a restart on the same DATA_DIR resumes ids without a gap, each transaction confirmed once; past the retention a resumed stream starts with stream.gap", async () => {
    const dir = dataDir();
    const wallet = await newEnterpriseWallet();
    const first = await startService({}, { dataDir: dir });
    const tx1 = await fund(first, wallet.address, 5_000_000);
    const one = await openStream(`${first.base}/events?after=0&txHash=${tx1}`);
    await one.until((f) => f.length >= 1);
    one.close();
    await first.close();

    const second = await startService({}, { dataDir: dir });
    try {
      const tx2 = await fund(second, wallet.address, 6_000_000);
      const stream = await openStream(`${second.base}/events?after=0`);
      const frames = await stream.until((read) => throughReceived(read, tx2, 2));
      stream.close();
      const ids = frames.map((f) => Number(f.id));
      assert.deepEqual(
        ids,
        Array.from({ length: ids.length }, (_, i) => i + 1),
        "ids 1, 2, 3… across the restart",
      );
      const confirmed = frames.filter((f) => f.event === "tx.confirmed").map((f) => f.json.point["txHash"]);
      assert.equal(new Set(confirmed).size, confirmed.length, "no transaction confirmed twice");
      assert.ok(confirmed.includes(tx1) && confirmed.includes(tx2));
    } finally {
      await second.close();
    }

    // Restarted with a retention of 3 events: the start prunes the rest, and a stream resumed from 1 is told.
    const third = await startService({ EVENT_RETENTION_MAX: "3" }, { dataDir: dir });
    try {
      const bounds = await third.app.stores.events.bounds();
      assert.equal(bounds.latest - bounds.oldest! + 1, 3);
      const stream = await openStream(`${third.base}/events`, { "last-event-id": "1" });
      const [gap, next] = [await stream.next(), await stream.next()];
      stream.close();
      assert.equal(gap.event, "stream.gap");
      assert.equal(gap.id, undefined, "the gap carries no id: Last-Event-ID stays the client's");
      assert.equal(gap.json["oldest"], String(bounds.oldest));
      assert.match(gap.json["message"] as string, /EVENT_RETENTION_HOURS, EVENT_RETENTION_MAX/);
      assert.equal(next.id, String(bounds.oldest));
      // Resumed from inside the kept range: no gap.
      const inside = await openStream(`${third.base}/events`, { "last-event-id": String(bounds.oldest) });
      assert.equal((await inside.next()).id, String(bounds.oldest! + 1));
      inside.close();
    } finally {
      await third.close();
    }
  });

  it("an idle stream gets a comment line every EVENT_KEEPALIVE_SECONDS (2 s here, ~3 s)", async () => {
    const service = await startService({ EVENT_KEEPALIVE_SECONDS: "2" });
    try {
      const stream = await openStream(`${service.base}/events`);
      assert.deepEqual(stream.comments, []);
      await assert.rejects(stream.next(3_000), /no event within the time allowed/); // one comment at 2 s, the next not before 4 s
      stream.close();
      assert.deepEqual(stream.comments, ["stream open", "keep-alive"]);
    } finally {
      await service.close();
    }
  });

  it("EVENT_FOLLOWER=off: the chain is not followed (no tx.confirmed), the instance's submits still recorded; another value is refused", async () => {
    assert.throws(() => loadConfig({ EVENT_FOLLOWER: "no" }), /EVENT_FOLLOWER/);
    const service = await startService({ EVENT_FOLLOWER: "off" });
    try {
      const wallet = await newEnterpriseWallet();
      await fund(service, wallet.address, 20_000_000);
      const built = await build(service, {
        changeAddress: wallet.address,
        outputs: [{ address: wallet.address, lovelace: 2_000_000 }],
      });
      const txHash = await signAndSubmit(service, built, [wallet]);
      const stream = await openStream(`${service.base}/events?after=0`);
      const [first] = await stream.until((read) => read.length >= 1);
      assert.equal(first!.event, "tx.submitted");
      assert.equal(first!.json.point["txHash"], txHash);
      await assert.rejects(stream.next(1_500), /no event within the time allowed/, "no tx.confirmed follows");
      stream.close();
      assert.equal(await service.app.stores.events.position("devnet"), null, "no follower ran");
    } finally {
      await service.close();
    }
  });

  it("a devnet reset: the follower follows the new history, its blocks continuing the height", async () => {
    const service = await startService();
    try {
      const wallet = await newEnterpriseWallet();
      const before = await fund(service, wallet.address, 5_000_000);
      const stream = await openStream(`${service.base}/events?after=0&types=tx.confirmed`);
      const old = await stream.until((read) => read.some((f) => f.json.point["txHash"] === before));
      const reset = await service.request("POST", "/devnet/reset", { confirm: "reset" });
      assert.equal(reset.status, 200, JSON.stringify(reset.body));
      const afterReset = await fund(service, wallet.address, 6_000_000);
      const next = await stream.until((read) => read.some((f) => f.json.point["txHash"] === afterReset));
      stream.close();
      const height = (f: SseFrame) => f.json.point["blockHeight"] as number;
      const last = next.find((f) => f.json.point["txHash"] === afterReset)!;
      assert.ok(height(last) > height(old[old.length - 1]!), "heights go on across the reset");
      assert.equal(
        next.filter((f) => f.json.point["txHash"] === before).length,
        0,
        "the old history is not confirmed again",
      );
    } finally {
      await service.close();
    }
  });

  it("on a network without the follower (preview, no backend), the stream opens and carries what is recorded", async () => {
    const service = await startService({ NETWORK: "preview", AUTH: "optional" }, { chain: null });
    try {
      const stream = await openStream(`${service.base}/events`);
      assert.equal(stream.status, 200);
      await service.app.events.recordSubmitted("ab".repeat(32), 1000, "00");
      const frame = await stream.next();
      stream.close();
      assert.equal(frame.event, "tx.submitted");
      assert.deepEqual(frame.json.data, { txHash: "ab".repeat(32), status: "pending" });
    } finally {
      await service.close();
    }
  });
});
