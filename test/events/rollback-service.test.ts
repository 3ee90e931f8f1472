// The event service's rollbacks and expiry with any ChainFollower (src/events/service.ts,
// ./chain-step.ts, ./journal.ts), on a real SQLite event store: a scripted follower gives the
// updates an Ogmios or Blockfrost follower would (backward to a held block or to null, dropped
// transactions), and the tests read what the log holds and what the follower was told it holds.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import type { UTxO } from "../../src/cardano/types.js";
import type {
  BlockEventSource,
  BlockPoint,
  ChainFollower,
  FollowedTx,
  FollowUpdate,
} from "../../src/events/follower.js";
import { ROLLBACK_DEPTH } from "../../src/events/journal.js";
import { EventService } from "../../src/events/service.js";
import type { ChainEvent, NewEvent } from "../../src/events/types.js";
import { SqliteEventStore } from "../../src/store/sqlite/events.js";
import type { EventStore } from "../../src/store/types.js";

const hash = (n: number) => n.toString(16).padStart(64, "0");
const block = (height: number, slot = height * 10): BlockPoint => ({ slot, hash: hash(1000 + height), height });
const ADDRESS_A = "addr_test1vqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq";
const ADDRESS_B = "addr_test1vzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz";

/** A transaction paying `address` (one output), valid until `invalidHereafter`. */
function tx(n: number, address: string, invalidHereafter: number | null = null): FollowedTx {
  const created: UTxO[] = [
    {
      input: { txHash: hash(n), outputIndex: 0 },
      output: { address, amount: [{ unit: "lovelace", quantity: "2000000" }] },
    },
  ];
  return { txHash: hash(n), valid: true, created, spent: [], invalidHereafter };
}

/** A follower that answers the scripted updates in turn (none once they are told), recording what it was told it holds. */
class ScriptedFollower implements ChainFollower {
  readonly name = "scripted";
  readonly told: BlockPoint[][] = [];
  readonly #script: FollowUpdate[][];

  constructor(script: FollowUpdate[][]) {
    this.#script = script;
  }

  async next(known: readonly BlockPoint[]): Promise<FollowUpdate[]> {
    this.told.push([...known]);
    return this.#script.shift() ?? [];
  }

  wait(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, 10);
      signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
    });
  }

  get done(): boolean {
    return this.#script.length === 0;
  }
}

const log = { info: () => undefined, warn: () => undefined };

/** A transaction's CBOR (hex) paying a fresh enterprise address, valid until slot `ttl`, and its id. */
function submittedTx(ttl: number): { cbor: string; txHash: string; address: string } {
  const key = CSL.PrivateKey.generate_ed25519();
  const address = CSL.EnterpriseAddress.new(0, CSL.Credential.from_keyhash(key.to_public().hash())).to_address();
  const inputs = CSL.TransactionInputs.new();
  inputs.add(CSL.TransactionInput.new(CSL.TransactionHash.from_hex(hash(42)), 0));
  const outputs = CSL.TransactionOutputs.new();
  outputs.add(CSL.TransactionOutput.new(address, CSL.Value.new(CSL.BigNum.from_str("2000000"))));
  const body = CSL.TransactionBody.new_tx_body(inputs, outputs, CSL.BigNum.from_str("170000"));
  body.set_ttl(CSL.BigNum.from_str(String(ttl)));
  const tx = CSL.Transaction.new(body, CSL.TransactionWitnessSet.new());
  return {
    cbor: tx.to_hex(),
    txHash: CSL.FixedTransaction.from_hex(tx.to_hex()).transaction_hash().to_hex(),
    address: address.to_bech32(),
  };
}

describe("the event service's rollbacks and expiry with any follower", () => {
  const root = mkdtempSync(join(tmpdir(), "txsvc-rollback-service-"));
  after(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  const stores: SqliteEventStore[] = [];
  after(async () => {
    for (const store of stores) await store.close();
  });
  const openStore = async (path = join(root, `${++n}.sqlite`)) => {
    const store = await SqliteEventStore.open(path);
    stores.push(store);
    return { store, path };
  };

  /** Follows `follower` until its script is told, answering the events recorded. */
  async function follow(
    store: EventStore,
    follower: ScriptedFollower,
    sources: BlockEventSource[] = [],
    before?: (service: EventService) => Promise<void>,
  ): Promise<ChainEvent[]> {
    const service = await EventService.start({ store, retention: { hours: 24, max: 1_000_000 }, log });
    try {
      const start = (await store.bounds()).latest;
      await before?.(service);
      service.follow(follower, sources);
      for (let i = 0; i < 500 && !follower.done; i++) await new Promise((r) => setTimeout(r, 10));
      assert.ok(follower.done, "the follower's script was told");
      await new Promise((r) => setTimeout(r, 50)); // the last step's record
      return store.after(start, {}, 1_000);
    } finally {
      await service.close();
    }
  }
  const brief = (events: readonly NewEvent[]) => events.map((e) => `${e.type} ${e.point.txHash?.slice(-2) ?? "-"}`);

  it("backward to a held block: tx.rolled_back for each transaction after it (newest block first, its last transaction first), the sources told, the journal cut", async () => {
    const { store } = await openStore();
    const told: Array<BlockPoint | null> = [];
    const source: BlockEventSource = {
      eventsOf: async () => [],
      rolledBack: (to) => told.push(to),
    };
    const follower = new ScriptedFollower([
      [
        { type: "forward", block: block(1), txs: [tx(1, ADDRESS_A)] },
        { type: "forward", block: block(2), txs: [tx(2, ADDRESS_A), tx(3, ADDRESS_B)] },
        { type: "forward", block: block(3), txs: [tx(4, ADDRESS_B)] },
      ],
      [{ type: "backward", to: block(1) }],
      [{ type: "forward", block: { ...block(2, 35), hash: hash(9002) }, txs: [tx(3, ADDRESS_B)] }],
    ]);
    const events = await follow(store, follower, [source]);
    const rolled = events.filter((e) => e.type === "tx.rolled_back");
    assert.deepEqual(brief(rolled), ["tx.rolled_back 04", "tx.rolled_back 03", "tx.rolled_back 02"]);
    assert.deepEqual(rolled[0]!.point, { slot: 30, blockHash: hash(1003), blockHeight: 3, txHash: hash(4) });
    assert.deepEqual(rolled[0]!.data, {
      txHash: hash(4),
      status: "rolled_back",
      rolledBackTo: { slot: 10, blockHash: hash(1001), blockHeight: 1 },
    });
    assert.deepEqual(rolled[0]!.addresses, [ADDRESS_B], "the addresses it touched: an address filter sees it");
    assert.deepEqual(told, [block(1)]);
    // After the backward the follower is told the journal holds block 1 alone, then the new block 2.
    assert.deepEqual(follower.told[2], [block(1)]);
    assert.deepEqual(
      follower.told[3]!.map((b) => b.hash),
      [hash(9002), hash(1001)],
    );
    // The transaction confirmed again leaves the pending set: it never expires (see the next test for one that does).
    assert.deepEqual(brief(events.filter((e) => e.type === "tx.expired")), []);
  });

  it("backward to null: every journal block; tx.expired when a forward block's slot reaches a rolled-back transaction's invalidHereafter, or when the follower says it was dropped", async () => {
    const { store } = await openStore();
    const follower = new ScriptedFollower([
      [
        { type: "forward", block: block(1), txs: [tx(1, ADDRESS_A, 25)] },
        { type: "forward", block: block(2), txs: [tx(2, ADDRESS_B), tx(3, ADDRESS_B, 1_000)] },
      ],
      [{ type: "backward", to: null, dropped: [hash(3), hash(77)] }],
      [{ type: "forward", block: { ...block(1, 24), hash: hash(9001) }, txs: [] }],
      [{ type: "forward", block: { ...block(2, 25), hash: hash(9002) }, txs: [tx(2, ADDRESS_B)] }],
    ]);
    const events = await follow(store, follower);
    assert.deepEqual(brief(events.filter((e) => e.type !== "address.received")), [
      "tx.confirmed 01",
      "tx.confirmed 02",
      "tx.confirmed 03",
      "tx.rolled_back 03",
      "tx.rolled_back 02",
      "tx.rolled_back 01",
      "tx.expired 03", // dropped (77 was never pending: nothing)
      "tx.confirmed 02", // at slot 25: confirmed again
      "tx.expired 01", // slot 25 reaches its invalidHereafter
    ]);
    const expired = events.filter((e) => e.type === "tx.expired");
    assert.deepEqual(expired[1]!.data, { txHash: hash(1), status: "expired", invalidHereafter: 25 });
    assert.deepEqual(expired[1]!.point, { slot: 25, blockHash: hash(9002), blockHeight: 2, txHash: hash(1) });
    assert.deepEqual(expired[1]!.addresses, [ADDRESS_A]);
  });

  it("the journal and the pending set survive a restart: the follower is told the blocks held, and a rolled-back transaction still expires", async () => {
    const { store, path } = await openStore();
    await follow(
      store,
      new ScriptedFollower([
        [{ type: "forward", block: block(1), txs: [tx(1, ADDRESS_A)] }],
        [{ type: "forward", block: block(2), txs: [tx(2, ADDRESS_A, 40)] }],
        [{ type: "backward", to: block(1) }],
      ]),
    );
    await store.close();
    const { store: again } = await openStore(path);
    const follower = new ScriptedFollower([[{ type: "forward", block: { ...block(2, 45), hash: hash(9) }, txs: [] }]]);
    const events = await follow(again, follower);
    assert.deepEqual(follower.told[0], [block(1)], "the journal as saved");
    assert.deepEqual(brief(events), ["tx.expired 02"]);
  });

  it("a position saved before the journal ({seq, txHash, blockHash, blockHeight}) is read as a journal of one block; one it cannot read as none", async () => {
    const { store } = await openStore();
    await store.append([], Date.now(), {
      follower: "scripted",
      position: JSON.stringify({ seq: 7, txHash: hash(5), blockHash: hash(1005), blockHeight: 5 }),
    });
    const follower = new ScriptedFollower([[{ type: "backward", to: null }]]);
    const events = await follow(store, follower);
    assert.deepEqual(follower.told[0], [{ slot: 0, hash: hash(1005), height: 5, cursor: `7:${hash(5)}` }]);
    assert.deepEqual(brief(events), ["tx.rolled_back 05"]);

    const { store: other } = await openStore();
    await other.append([], Date.now(), { follower: "scripted", position: "{not json" });
    const fresh = new ScriptedFollower([[]]);
    await follow(other, fresh);
    assert.deepEqual(fresh.told[0], []);
  });

  it("a transaction submitted through the instance is pending: confirmed by a block holding it, or tx.expired by the first block at its invalidHereafter (read from its CBOR)", async () => {
    const { store } = await openStore();
    const [kept, lost] = [submittedTx(50), submittedTx(30)];
    const follower = new ScriptedFollower([
      [{ type: "forward", block: block(2, 20), txs: [{ ...tx(0, kept.address, 50), txHash: kept.txHash }] }],
      [{ type: "forward", block: block(3, 29), txs: [] }],
      [{ type: "forward", block: block(4, 30), txs: [] }],
    ]);
    const events = await follow(store, follower, [], async (service) => {
      await service.recordSubmitted(kept.txHash, 10, kept.cbor);
      await service.recordSubmitted(lost.txHash, 10, lost.cbor);
    });
    assert.deepEqual(
      events.map((e) => [e.type, e.point.txHash, e.point.slot]),
      [
        ["tx.submitted", kept.txHash, 10],
        ["tx.submitted", lost.txHash, 10],
        ["tx.confirmed", kept.txHash, 20],
        ["address.received", kept.txHash, 20],
        ["tx.expired", lost.txHash, 30],
      ],
    );
    const expired = events[events.length - 1]!;
    assert.deepEqual(expired.data, { txHash: lost.txHash, status: "expired", invalidHereafter: 30 });
    assert.deepEqual(expired.addresses, [lost.address], "its outputs' addresses: an address filter sees it");
  });

  it("a step whose source fails records nothing; the sources are told to derive again from the last block recorded, and the step is done once", async () => {
    const { store } = await openStore();
    let failures = 1;
    const told: Array<BlockPoint | null> = [];
    const source: BlockEventSource = {
      async eventsOf(point) {
        if (point.height === 2 && failures-- > 0) throw new Error("the tournament read failed");
        return [];
      },
      rolledBack: (to) => told.push(to),
    };
    const step2 = [{ type: "forward", block: block(2), txs: [tx(2, ADDRESS_A)] }] as FollowUpdate[];
    const events = await follow(
      store,
      new ScriptedFollower([[{ type: "forward", block: block(1), txs: [tx(1, ADDRESS_A)] }], step2, step2]),
      [source],
    );
    assert.deepEqual(told, [block(1)]);
    assert.deepEqual(brief(events.filter((e) => e.type === "tx.confirmed")), ["tx.confirmed 01", "tx.confirmed 02"]);
  });

  it("the journal keeps every block of the last ROLLBACK_DEPTH + 1 slots (the block before the deepest rollback), several blocks of one slot included", async () => {
    const { store } = await openStore();
    const blocks: FollowUpdate[] = [];
    // Two blocks at each slot (the devnet's follower reads faster than the slot), ROLLBACK_DEPTH + 5 slots.
    for (let h = 1; h <= 2 * (ROLLBACK_DEPTH + 5); h++)
      blocks.push({ type: "forward", block: block(h, Math.ceil(h / 2)), txs: [] });
    const follower = new ScriptedFollower([blocks, []]);
    await follow(store, follower);
    const held = follower.told[1]!;
    assert.equal(held.length, 2 * (ROLLBACK_DEPTH + 1));
    assert.equal(new Set(held.map((b) => b.slot)).size, ROLLBACK_DEPTH + 1);
    assert.equal(held[0]!.height, 2 * (ROLLBACK_DEPTH + 5));
  });

  it("two instances following the same chain on one store (a fleet) record each block once: the one that lost a step goes on from what the other recorded", async () => {
    const { path } = await openStore();
    const chain = Array.from({ length: 30 }, (_, i) => ({
      block: block(i + 1),
      txs: [tx(i + 1, i % 2 === 0 ? ADDRESS_A : ADDRESS_B)],
    }));
    /** A follower as a real one: the blocks after the newest held, three at a time, a few ms apart. */
    const chainFollower = (): ChainFollower & { caughtUp: boolean } => ({
      name: "chain",
      caughtUp: false,
      async next(known) {
        const from = known.length === 0 ? 0 : chain.findIndex((b) => b.block.hash === known[0]!.hash) + 1;
        const updates = chain.slice(from, from + 3).map((b): FollowUpdate => ({ type: "forward", ...b }));
        this.caughtUp = updates.length === 0;
        await new Promise((r) => setTimeout(r, 2));
        return updates;
      },
      wait: (signal) =>
        new Promise((resolve) => {
          const timer = setTimeout(resolve, 5);
          signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
        }),
    });
    const services: EventService[] = [];
    const followers = [chainFollower(), chainFollower()];
    try {
      for (const follower of followers) {
        const { store } = await openStore(path);
        const service = await EventService.start({ store, retention: { hours: 24, max: 1_000_000 }, log });
        services.push(service);
        service.follow(follower);
      }
      for (let i = 0; i < 1_000 && !followers.every((f) => f.caughtUp); i++)
        await new Promise((r) => setTimeout(r, 10));
      assert.ok(
        followers.every((f) => f.caughtUp),
        "both instances followed to the tip",
      );
    } finally {
      for (const service of services) await service.close();
    }
    const { store } = await openStore(path);
    const confirmed = (await store.after(0, { types: ["tx.confirmed"] }, 1_000)).map((e) => e.point.txHash);
    assert.deepEqual(
      confirmed,
      chain.map((b) => b.txs[0]!.txHash),
      "each block's transaction confirmed once, in chain order",
    );
  });
});
