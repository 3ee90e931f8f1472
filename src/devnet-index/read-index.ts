// What the Blockfrost-compatible read model derives from the bodies of accepted transactions and
// the devnet's store does not hold otherwise: the block of each slot by its hash, the units each
// created output holds, mints with their CIP-25 metadata, scripts (reference and witness), inline
// datums. Indexed into the store's devnet_index_* rows (src/chain/devnet/store.ts) lazily, before
// a question, from where it stopped (devnet_meta.index_seq, on disk): the read model holds
// nothing per transaction in memory, and a restart reads nothing again. A store replaced under it
// (a reset, a snapshot restored) carries its own index and position.
import type { AcceptedRow, DevnetReadRows, IndexedTx } from "../chain/devnet/store.js";
import { isDiskFault } from "../chain/devnet/disk-faults.js";
import { blake2b256, fromHex } from "../cardano/tx-cbor.js";
import { readTransaction, scriptOfRef, type ScriptView } from "../cardano/tx-view.js";
import { StoreUnavailableError } from "../errors.js";
import { blockHashOf } from "./blocks.js";
import { mintsOf, readTx, scriptRecordOf } from "./transactions.js";

/** Transactions read and indexed per store transaction: what the index holds in memory at most. */
export const INDEX_BATCH = 500;

/** What one accepted transaction adds to the read model's index. */
export function indexedTxOf(row: AcceptedRow): IndexedTx {
  const indexed = {
    seq: row.seq,
    txHash: row.txHash,
    slot: row.slot,
    blockHash: blockHashOf(row.slot),
    units: [] as Array<{ index: number; units: string[] }>,
    mints: [] as Array<{ unit: string; quantity: bigint; metadata: unknown }>,
    scripts: [] as Array<{ hash: string; type: string; cbor: string }>,
    datums: [] as Array<{ hash: string; datum: string }>,
  };
  if (row.cbor === null) return indexed;
  const addScript = (script: ScriptView | undefined) => {
    if (script) indexed.scripts.push({ hash: script.hash, ...scriptRecordOf(script) });
  };
  // A summary for the outputs; the whole transaction only for what mints or carries scripts.
  const tx = readTx(row.cbor);
  for (const utxo of tx.outputs(row.txHash)) {
    const units = utxo.output.amount.filter((a) => a.unit !== "lovelace" && BigInt(a.quantity) > 0n).map((a) => a.unit);
    if (units.length > 0) indexed.units.push({ index: utxo.input.outputIndex, units });
    if (utxo.output.plutusData !== undefined)
      indexed.datums.push({ hash: blake2b256(fromHex(utxo.output.plutusData)), datum: utxo.output.plutusData });
    if (utxo.output.scriptRef !== undefined) addScript(scriptOfRef(fromHex(utxo.output.scriptRef)));
  }
  if (!tx.valid || !tx.hasScriptsOrMint) return indexed;
  const full = readTransaction(row.cbor);
  indexed.mints.push(...mintsOf(full));
  for (const script of full.witnessSet.scripts) addScript(script);
  return indexed;
}

/** Indexes what the devnet accepted since the index last stopped, a batch per store transaction. */
export function catchUp(rows: DevnetReadRows): void {
  for (;;) {
    const batch = rows.acceptedAfter(rows.indexedSeq(), INDEX_BATCH);
    const last = batch[batch.length - 1];
    if (last === undefined) return;
    try {
      rows.saveIndexed(batch.map(indexedTxOf), last.seq);
    } catch (error) {
      if (!isDiskFault(error)) throw error;
      throw new StoreUnavailableError(
        `The devnet could not save its Blockfrost-compatible index of accepted transactions: ${(error as Error).message}. Free space under the data directory (DATA_DIR) and try again.`,
      );
    }
    if (batch.length < INDEX_BATCH) return;
  }
}
