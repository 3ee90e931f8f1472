// The transaction and address events of a forward block (docs/events-design.md §2), the same for
// every follower (src/events/follower.ts): per transaction tx.confirmed, then address.spent for
// each output it spent and address.received for each output it created, in the block's order.
// No chain access here: what a follower gives is all it reads.
import type { UTxO } from "../cardano/types.js";
import { decodedUtxo } from "../tx/view/decoded-view.js";
import type { BlockPoint, FollowedTx } from "./follower.js";
import type { NewEvent } from "./types.js";

/** The addresses a transaction touches (spent from, then paid to), each once: the filter keys of its tx.* events. */
export function touchedAddresses(tx: FollowedTx): string[] {
  return [...new Set([...tx.spent, ...tx.created].map((u) => u.output.address))];
}

/** tx.confirmed, address.spent and address.received of each transaction of `block`, in order. */
export function blockEvents(block: BlockPoint, txs: readonly FollowedTx[]): NewEvent[] {
  return txs.flatMap((tx) => txEvents(block, tx));
}

function txEvents(block: BlockPoint, tx: FollowedTx): NewEvent[] {
  const point = { slot: block.slot, blockHash: block.hash, blockHeight: block.height, txHash: tx.txHash };
  const outputEvent = (type: "address.spent" | "address.received", utxo: UTxO): NewEvent => ({
    type,
    point,
    data: decodedUtxo(utxo),
    addresses: [utxo.output.address],
    tournamentId: null,
  });
  return [
    {
      type: "tx.confirmed",
      point,
      data: { txHash: tx.txHash, status: "confirmed", confirmations: 1 },
      addresses: touchedAddresses(tx),
      tournamentId: null,
    },
    ...tx.spent.map((u) => outputEvent("address.spent", u)),
    ...tx.created.map((u) => outputEvent("address.received", u)),
  ];
}
