// How an output Kupo marks as spent was spent: the spending transaction and the redeemer it gave
// that input, read from the block itself through Ogmios's chain synchronisation. Kupo's own
// `spent_at.redeemer` is not used: Kupo (v2.12 included) numbers a transaction's inputs from the
// last of its sorted input set, so with several inputs it reports another input's redeemer (and
// before v2.10 it keeps none). The block is found from Kupo's `spent_at` point: Kupo keeps a
// checkpoint for every block it indexed, so the one before the spending block is where Ogmios
// intersects, and the next block it sends is the spending one.
import { ChainSynchronization, Method, type InteractionContext } from "@cardano-ogmios/client";
import type { Block, NextBlockResponse, Point, Transaction } from "@cardano-ogmios/schema";
import type { OutRef, SpentBy } from "../port.js";
import { spendIndexOf } from "../shared/asset-output.js";

/** Ogmios's answer to nextBlock, its id being the one the client gave (the client's own shape). */
type NextBlockAnswer = Omit<NextBlockResponse, "id"> & { id?: { requestId?: string } };

/** The block right after `point`, through the chain-synchronisation protocol of `context`. */
export async function blockAfter(context: InteractionContext, point: Point): Promise<Block> {
  await ChainSynchronization.findIntersection(context, [point]);
  // The first answer after an intersection rolls back to it; the next one is the following block.
  for (let i = 0; i < 2; i++) {
    const result = await Method<{ method: "nextBlock" }, NextBlockAnswer, NextBlockResponse["result"]>(
      { method: "nextBlock" },
      {
        handler: (response, resolve, reject) => {
          if (response?.result?.direction === "forward" || response?.result?.direction === "backward")
            resolve(response.result);
          else reject(response);
        },
      },
      context,
    );
    if (result.direction === "forward") return result.block;
  }
  throw new Error(`Ogmios rolled back twice after intersecting at slot ${point.slot}`);
}

const sameRef = (input: Transaction["inputs"][number], ref: OutRef): boolean =>
  input.transaction.id === ref.txHash && Number(input.index) === ref.index;

/**
 * How `ref` was spent in `block`: the transaction whose input set holds it (the one Kupo named,
 * when it did) and the spend redeemer at its position there. Null when no transaction of the
 * block spends it (the block is not the one Kupo indexed: the chain moved).
 */
export function spendInBlock(block: Block, ref: OutRef, transactionId: string | null): SpentBy | null {
  const transactions: readonly Transaction[] = "transactions" in block ? (block.transactions ?? []) : [];
  for (const tx of transactions) {
    if (transactionId !== null && tx.id !== transactionId) continue;
    if (tx.spends === "collaterals") {
      // A transaction whose scripts failed spends its collateral, without redeemers.
      if ((tx.collaterals ?? []).some((c) => sameRef(c, ref))) return { txHash: tx.id, redeemer: null };
      continue;
    }
    if (!tx.inputs.some((i) => sameRef(i, ref))) continue;
    const inputs = tx.inputs.map((i) => ({ txHash: i.transaction.id, index: Number(i.index) }));
    const position = spendIndexOf(inputs, ref);
    const redeemer = (tx.redeemers ?? []).find(
      (r) => r.validator.purpose === "spend" && Number(r.validator.index) === position,
    );
    return { txHash: tx.id, redeemer: redeemer?.redeemer ?? null };
  }
  return null;
}
