// The devnet's in-memory UTxO index is read at start from the store's unspent rows with its keys
// written by SQLite (DevnetStore.unspentByInput): they must be the input CBOR that inputCbor writes,
// which is how every later lookup, spend and creation keys it, whatever the output index's width.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { CborWriter } from "../../../src/cardano/cbor.js";
import { DevnetStore } from "../../../src/chain/devnet/store.js";
import { inputCbor, writeUtxoMap } from "../../../src/chain/devnet/utxo-map.js";
import { toHex } from "../../../src/cardano/tx-cbor.js";

/** An output [enterprise address, coin] (the legacy array form). */
const output = (coin: number): Uint8Array =>
  new CborWriter()
    .array(2)
    .bytes(Buffer.concat([Buffer.of(0x60), randomBytes(28)]))
    .uint(coin)
    .finish();

describe("the unspent index read at start", () => {
  it("keys every unspent output by its input's CBOR, as inputCbor writes it, for every index width", () => {
    const store = DevnetStore.open(":memory:");
    try {
      const txHash = randomBytes(32).toString("hex");
      const entries = new Map<string, Uint8Array>();
      for (const index of [0, 1, 23, 24, 255, 256, 65_535, 65_536, 4_294_967_295])
        entries.set(inputCbor(txHash, index), output(1_000_000 + index));
      store.saveGenesis({ systemStartMs: 0, faucetKey: "00".repeat(32), utxos: writeUtxoMap(entries) });
      const read = new Map(store.unspentByInput().map(([input, bytes]) => [input, toHex(bytes)]));
      assert.deepEqual(read, new Map([...entries].map(([input, bytes]) => [input, toHex(bytes)])));

      // A spent output leaves the index.
      const spent = { txHash, index: 256 };
      store.saveAccepted({ txHash: randomBytes(32).toString("hex"), slot: 1, created: [], datums: [], spent: [spent] });
      const after = store.unspentByInput().map(([input]) => input);
      assert.equal(after.length, entries.size - 1);
      assert.ok(!after.includes(inputCbor(txHash, 256)));
    } finally {
      store.close();
    }
  });
});
