// The devnet's ledger read back from its SQLite file, and checked against the Scalus emulator
// itself: the unspent rows (storedSet), and the UTxO set a reference emulator reaches from the
// genesis rows by submitting every accepted transaction in the order the devnet accepted them, at
// their slots (replayed), which must accept each one.
import assert from "node:assert/strict";
import Database from "better-sqlite3";
import scalus from "scalus";
import { toHex } from "../../src/cardano/tx-cbor.js";
import { SLOT_LENGTH_MS } from "../../src/chain/devnet/clock.js";
import { DevnetStore } from "../../src/chain/devnet/store.js";
import { indexUtxoMap, inputCbor, writeUtxoMap } from "../../src/chain/devnet/utxo-map.js";

const { Emulator, SlotConfig } = scalus;

/** A map of `entries` sorted by key. */
export const sorted = (entries: Array<[string, string]>): Map<string, string> =>
  new Map(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The unspent rows of a store file: input CBOR (hex) → output bytes (hex), sorted by input. */
export function storedSet(path: string): Map<string, string> {
  const store = DevnetStore.open(path);
  try {
    return sorted([...store.unspentOutputs()].map((u) => [inputCbor(u.txHash, u.index), toHex(u.output)]));
  } finally {
    store.close();
  }
}

/** The ids of the transactions the devnet at `path` accepted, in its order. */
export function acceptedTxs(path: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare("SELECT tx_hash FROM devnet_txs ORDER BY seq").all() as Array<{ tx_hash: string }>).map(
      (r) => r.tx_hash,
    );
  } finally {
    db.close();
  }
}

/**
 * The UTxO set a reference emulator reaches from the devnet's genesis (its rows of seq 0) by
 * submitting every transaction the devnet accepted, in the order it accepted them, at their slots.
 */
export function replayed(path: string): Map<string, string> {
  const db = new Database(path, { readonly: true });
  try {
    const genesis = db
      .prepare("SELECT tx_hash, output_index, output FROM devnet_outputs WHERE seq = 0")
      .all() as Array<{ tx_hash: string; output_index: number; output: Buffer }>;
    const start = Number(
      (db.prepare("SELECT value FROM devnet_meta WHERE key = 'system_start_ms'").get() as { value: string }).value,
    );
    const txs = db
      .prepare("SELECT t.slot, c.cbor FROM devnet_txs t JOIN devnet_tx_cbor c ON c.tx_hash = t.tx_hash ORDER BY t.seq")
      .all() as Array<{ slot: number; cbor: Buffer }>;
    const emulator = Emulator.withState(
      {
        utxos: writeUtxoMap(
          new Map(genesis.map((g) => [inputCbor(g.tx_hash, g.output_index), new Uint8Array(g.output)])),
        ),
      },
      new SlotConfig(start, 0, SLOT_LENGTH_MS),
    );
    for (const { slot, cbor } of txs) {
      emulator.setSlot(slot);
      const result = emulator.submitTx(new Uint8Array(cbor));
      assert.ok(result.isSuccess, `the reference emulator refuses a transaction the devnet accepted: ${result.error}`);
    }
    return sorted([...indexUtxoMap(emulator.getUtxosCbor())].map(([input, output]) => [input, toHex(output)]));
  } finally {
    db.close();
  }
}
