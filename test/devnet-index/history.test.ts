// The devnet's history (src/devnet-index/history.ts), read from a real devnet's store: it follows
// every accepted transaction, whatever submitted it, and when the history it read is replaced
// under it (a devnet reset or a snapshot restored: the transaction it read last is no longer at
// its number) it reads the new one from the start instead of mixing the two.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { DevnetChain } from "../../src/chain/devnet/devnet.js";
import { DevnetHistory, type HistorySource } from "../../src/devnet-index/history.js";
import { newEnterpriseWallet, type TestWallet } from "../support/wallets.js";

describe("the devnet's history", () => {
  let first: DevnetChain;
  let second: DevnetChain;
  let wallet: TestWallet;
  before(async () => {
    [first, second] = await Promise.all([
      DevnetChain.create({ path: ":memory:" }),
      DevnetChain.create({ path: ":memory:" }),
    ]);
    wallet = await newEnterpriseWallet();
  });
  after(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it("follows the transactions accepted since it last read, and starts over when the history is replaced", async () => {
    let current = first;
    const source: HistorySource = {
      acceptedAfter: (seq, limit) => current.acceptedAfter(seq, limit),
      txHashAt: (seq) => current.txHashAt(seq),
      transaction: (hash) => current.transaction(hash),
      witnessDatum: (hash) => current.witnessDatum(hash),
    };
    const history = new DevnetHistory(source);
    const a = await first.faucet(wallet.address, 3_000_000n);
    history.sync();
    assert.deepEqual(
      history.addressTxs(wallet.address).map((t) => t.hash),
      [a],
    );
    const b = await first.faucet(wallet.address, 4_000_000n);
    history.sync();
    assert.deepEqual(
      history.addressTxs(wallet.address).map((t) => t.hash),
      [a, b],
    );
    assert.equal((await history.output(b, 0))?.output.amount[0]?.quantity, "4000000");

    current = second;
    const c = await second.faucet(wallet.address, 5_000_000n);
    history.sync();
    assert.deepEqual(
      history.addressTxs(wallet.address).map((t) => t.hash),
      [c],
    );
    assert.equal(history.tx(a), undefined);
  });
});
