// The Blockfrost-compatible read model answers from the devnet's store on demand
// (src/devnet-index/blockfrost.ts, read-index.ts): a store written by the code before it (the
// fixture test/fixtures/devnet-store/, with that code's answers) is migrated on open and answers
// every question of the table (test/support/blockfrost-answers.ts) as that code did, devnet_spends
// folded into devnet_outputs.spent_by; a restart answers the same without reading any accepted
// transaction again; and the read model holds nothing per transaction: it reads each accepted
// transaction once, ever, into rows on disk.
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import Database from "better-sqlite3";
import { DevnetChain } from "../../src/chain/devnet/devnet.js";
import type { DevnetReadRows } from "../../src/chain/devnet/store.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../src/chain/protocol-params.js";
import { BlockfrostView } from "../../src/devnet-index/blockfrost.js";
import { blockfrostAnswers, type Known } from "../support/blockfrost-answers.js";
import { buildPayment, newEnterpriseWallet } from "../support/wallets.js";

const FIXTURE = join(import.meta.dirname, "../fixtures/devnet-store");

/** A view of `chain` whose reads of accepted transactions (acceptedAfter) are counted in `read.rows`. */
function countingView(chain: DevnetChain): { view: BlockfrostView; read: { rows: number } } {
  const read = { rows: 0 };
  const bound = <T extends object>(target: T, override: Partial<Record<keyof T, unknown>>): T =>
    new Proxy(target, {
      get: (t, key) => {
        if (key in override) return override[key as keyof T];
        const value = Reflect.get(t, key, t) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(t) : value;
      },
    });
  const rows = (): DevnetReadRows =>
    bound(chain.readRows, {
      acceptedAfter: (seq: number, limit: number) => {
        const batch = chain.readRows.acceptedAfter(seq, limit);
        read.rows += batch.length;
        return batch;
      },
    });
  const proxied = new Proxy(chain, {
    get: (t, key) => {
      if (key === "readRows") return rows();
      const value = Reflect.get(t, key, t) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
  return { view: new BlockfrostView(proxied), read };
}

const tables = (path: string): string[] => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]).sort();
  } finally {
    db.close();
  }
};

describe("the Blockfrost-compatible read model on the devnet's rows", () => {
  const dir = mkdtempSync(join(tmpdir(), "devnet-read-model-"));
  const path = join(dir, "devnet.sqlite");
  const fixture = JSON.parse(readFileSync(join(FIXTURE, "answers.json"), "utf8")) as {
    known: Known;
    answers: Record<string, unknown>;
  };
  let chain: DevnetChain;
  before(() => copyFileSync(join(FIXTURE, "store.sqlite"), path));
  after(async () => {
    await chain?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("migrates a store written by the code before it and answers every question as that code did", async () => {
    const db = new Database(path, { readonly: true });
    const spends = db.prepare("SELECT tx_hash, output_index, spent_by FROM devnet_spends").all() as Array<{
      tx_hash: string;
      output_index: number;
      spent_by: string;
    }>;
    db.close();
    assert.ok(spends.length >= 10, `the fixture records spends (${spends.length})`);
    chain = await DevnetChain.create({ path });
    const answers = await blockfrostAnswers(new BlockfrostView(chain), fixture.known);
    assert.deepEqual(Object.keys(answers).sort(), Object.keys(fixture.answers).sort());
    for (const question of Object.keys(fixture.answers))
      assert.deepEqual(answers[question], fixture.answers[question], question);
    // devnet_spends said nothing devnet_outputs.spent_by does not: gone, every spender still told.
    assert.equal(tables(path).includes("devnet_spends"), false);
    for (const s of spends) assert.equal(await chain.spentBy({ txHash: s.tx_hash, index: s.output_index }), s.spent_by);
  });

  it("migrates a store converted from a ledger blob: outputs get their transaction's number, spent ones are rebuilt from bodies", async () => {
    // What a store from before devnet_outputs became once converted: its unspent outputs numbered
    // 0, its spent ones no rows, their spenders in devnet_spends. The spent genesis output has no
    // body to be rebuilt from: its spend stays in devnet_spends.
    const legacy = join(dir, "legacy.sqlite");
    copyFileSync(join(FIXTURE, "store.sqlite"), legacy);
    const db = new Database(legacy);
    const spent = db
      .prepare("SELECT tx_hash, output_index, spent_by, seq FROM devnet_outputs WHERE spent_by IS NOT NULL")
      .all() as Array<{ tx_hash: string; output_index: number; spent_by: string; seq: number }>;
    const genesis = spent.filter((o) => o.seq === 0);
    assert.equal(genesis.length, 1, "the faucet's first payment spent the genesis output");
    db.exec("DELETE FROM devnet_outputs WHERE spent_by IS NOT NULL; UPDATE devnet_outputs SET seq = 0;");
    db.close();
    const converted = await DevnetChain.create({ path: legacy });
    try {
      const answers = await blockfrostAnswers(new BlockfrostView(converted), fixture.known);
      for (const question of Object.keys(fixture.answers))
        assert.deepEqual(answers[question], fixture.answers[question], question);
      for (const o of spent)
        assert.equal(await converted.spentBy({ txHash: o.tx_hash, index: o.output_index }), o.spent_by);
    } finally {
      await converted.close();
    }
    const after = new Database(legacy, { readonly: true });
    try {
      assert.equal(
        after.prepare("SELECT COUNT(*) FROM devnet_outputs WHERE spent_by IS NOT NULL").pluck().get(),
        spent.length - 1,
      );
      assert.equal(
        after
          .prepare("SELECT COUNT(*) FROM devnet_outputs WHERE seq = 0 AND tx_hash IN (SELECT tx_hash FROM devnet_txs)")
          .pluck()
          .get(),
        0,
      );
      assert.deepEqual(after.prepare("SELECT tx_hash, output_index, spent_by FROM devnet_spends").raw().all(), [
        [genesis[0]!.tx_hash, genesis[0]!.output_index, genesis[0]!.spent_by],
      ]);
    } finally {
      after.close();
    }
  });

  it("answers the same after a restart, from disk, reading no accepted transaction again", async () => {
    const wallet = await newEnterpriseWallet();
    const funding = await chain.faucet(wallet.address, 50_000_000n);
    const payment = await chain.submit(
      await wallet.sign(
        await buildPayment(
          DEVNET_PROTOCOL_PARAMETERS,
          wallet.address,
          await chain.utxosAt(wallet.address),
          fixture.known.addresses[1]!,
          3_000_000n,
        ),
      ),
    );
    const known: Known = {
      ...fixture.known,
      addresses: [...fixture.known.addresses, wallet.address],
      txs: [...fixture.known.txs, funding, payment],
    };
    const before = countingView(chain);
    const answered = await blockfrostAnswers(before.view, known);
    assert.equal(before.read.rows, 2, "the index reads the two new transactions, once each");
    await chain.close();
    chain = await DevnetChain.create({ path });
    const restarted = countingView(chain);
    assert.deepEqual(await blockfrostAnswers(restarted.view, known), answered);
    assert.equal(restarted.read.rows, 0, "a restart reads no accepted transaction again");
  });

  it("holds nothing per transaction in memory: each accepted transaction is read once, into rows on disk", async () => {
    const { view, read } = countingView(chain);
    const wallet = await newEnterpriseWallet();
    const hashes: string[] = [];
    for (let i = 0; i < 12; i++) {
      hashes.push(await chain.faucet(wallet.address, 2_000_000n + BigInt(i)));
      await view.addressTransactions(wallet.address, {});
    }
    assert.equal(read.rows, 12);
    const listed = (await view.addressTransactions(wallet.address, { order: "desc", count: 5, page: 2 })) as Array<{
      tx_hash: string;
    }>;
    assert.deepEqual(
      listed.map((t) => t.tx_hash),
      hashes.slice().reverse().slice(5, 10),
    );
    assert.equal(read.rows, 12, "asking again reads nothing");
    // A second view of the same chain (nothing shared in memory) reads nothing either and answers alike.
    const other = countingView(chain);
    assert.deepEqual(
      await other.view.addressTransactions(wallet.address, { order: "desc", count: 5, page: 2 }),
      listed,
    );
    assert.equal(other.read.rows, 0);
    assert.equal(chain.readRows.indexedSeq(), chain.acceptedAfter(0, 10_000).at(-1)?.seq);
  });
});
