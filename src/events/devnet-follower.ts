// The devnet's follower (docs/events-design.md §3): reads the transactions the devnet accepted, in
// order (DevnetChain.acceptedAfter, as the read model's index does: src/devnet-index/), groups
// them into blocks and derives their events: per transaction tx.confirmed, then address.spent for
// each output it spent and address.received for each output it created (every address is watched
// on the devnet).
//
// Blocks: the devnet has none (one per slot, by convention, for the Blockfrost-compatible API). Here
// a block is a run of transactions accepted at the same slot, read together: its height counts the
// blocks from 1, its hash is blake2b-256 of the previous block's hash and its transactions' ids,
// so a different history gives different hashes. A transaction accepted at a slot whose block was
// already read (the follower is faster than the slot) starts a new block at the same slot.
//
// The position (the last transaction read, the last block) is saved with the events in one store
// transaction: a restart resumes after it, without a gap or a repeat. A devnet whose history was
// replaced (a reset, a snapshot restored: the transaction at the saved number is another one) is
// followed again from its start, its blocks continuing the height and hash chain (rollback events
// come with issue #24's rollback commit).
import type { UTxO } from "../cardano/types.js";
import { blake2b256, fromHex } from "../cardano/tx-cbor.js";
import { consumedByOf, type ChainPort } from "../chain/port.js";
import type { HistorySource } from "../devnet-index/history.js";
import { readTx } from "../devnet-index/transactions.js";
import { decodedUtxo } from "../tx/view/decoded-view.js";
import type { NewEvent } from "./types.js";

type AcceptedRow = ReturnType<HistorySource["acceptedAfter"]>[number];

/** The part of the devnet the follower reads (DevnetChain has it): its history, and the outputs a transaction spent. */
export type DevnetHistory = Pick<HistorySource, "acceptedAfter" | "txHashAt"> &
  Pick<ChainPort, "backendName" | "consumedBy">;

/** Where the follower stands: the last transaction read (its number and id) and the last block it made. */
export interface DevnetPosition {
  readonly seq: number;
  readonly txHash: string | null;
  readonly blockHash: string;
  readonly blockHeight: number;
}

/** The name of the devnet follower's position in the event store. */
export const DEVNET_FOLLOWER = "devnet";

/** The hash before the first block. */
export const GENESIS_BLOCK_HASH = "00".repeat(32);

export const START: DevnetPosition = { seq: 0, txHash: null, blockHash: GENESIS_BLOCK_HASH, blockHeight: 0 };

/** Transactions read per step: what one store transaction of events covers at most. */
export const FOLLOW_BATCH = 200;

/** The hash of the block after `previous` holding `txHashes`, in order. */
export function blockHashOf(previous: string, txHashes: readonly string[]): string {
  return blake2b256(fromHex(previous + txHashes.join("")));
}

/** The events of one step and the position after it; null when the devnet accepted nothing new. */
export interface FollowStep {
  readonly events: NewEvent[];
  readonly position: DevnetPosition;
  /** Whether the devnet's history was found replaced (followed again from its start). */
  readonly replaced: boolean;
}

/** Reads what the devnet accepted after `position` (at most FOLLOW_BATCH transactions) and derives its events. */
export async function followStep(history: DevnetHistory, position: DevnetPosition): Promise<FollowStep | null> {
  let from = position;
  let replaced = false;
  if (from.seq > 0 && history.txHashAt(from.seq) !== from.txHash) {
    from = { ...from, seq: 0, txHash: null };
    replaced = true;
  }
  const rows = history.acceptedAfter(from.seq, FOLLOW_BATCH);
  const last = rows[rows.length - 1];
  if (last === undefined) return replaced ? { events: [], position: from, replaced } : null;
  const events: NewEvent[] = [];
  let { blockHash, blockHeight } = from;
  for (const block of blocksOf(rows)) {
    blockHash = blockHashOf(
      blockHash,
      block.map((row) => row.txHash),
    );
    blockHeight++;
    for (const row of block) events.push(...(await txEvents(history, row, blockHash, blockHeight)));
  }
  return { events, position: { seq: last.seq, txHash: last.txHash, blockHash, blockHeight }, replaced };
}

/** Runs of rows accepted at the same slot, in order. */
function blocksOf(rows: readonly AcceptedRow[]): AcceptedRow[][] {
  const blocks: AcceptedRow[][] = [];
  for (const row of rows) {
    const current = blocks[blocks.length - 1];
    if (current !== undefined && current[0]!.slot === row.slot) current.push(row);
    else blocks.push([row]);
  }
  return blocks;
}

/** tx.confirmed, then address.spent per output spent, then address.received per output created. */
async function txEvents(
  history: DevnetHistory,
  row: AcceptedRow,
  blockHash: string,
  blockHeight: number,
): Promise<NewEvent[]> {
  const point = { slot: row.slot, blockHash, blockHeight, txHash: row.txHash };
  const tx = row.cbor === null ? null : readTx(row.cbor);
  const created = tx === null ? [] : tx.outputs(row.txHash);
  const spent = tx?.valid ? await spentBy(history, row.txHash) : [];
  const outputEvent = (type: "address.spent" | "address.received", utxo: UTxO): NewEvent => ({
    type,
    point,
    data: decodedUtxo(utxo),
    addresses: [utxo.output.address],
    tournamentId: null,
  });
  const touched = [...spent, ...created].map((u) => u.output.address);
  return [
    {
      type: "tx.confirmed",
      point,
      data: { txHash: row.txHash, status: "confirmed", confirmations: 1 },
      addresses: touched,
      tournamentId: null,
    },
    ...spent.map((u) => outputEvent("address.spent", u)),
    ...created.map((u) => outputEvent("address.received", u)),
  ];
}

/** The outputs the transaction spent, as the devnet kept them; none when it no longer knows them (spent before it kept spent outputs). */
async function spentBy(history: DevnetHistory, txHash: string): Promise<UTxO[]> {
  try {
    return await consumedByOf(history, txHash);
  } catch {
    return [];
  }
}
