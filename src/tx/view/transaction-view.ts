// GET /transactions/{txHash}?view=decoded: the transaction's status (./status.ts) together with
// its decoded body (./decoded-transaction.ts), read from the chain port, which gives the CBOR of
// a transaction on the chain (Blockfrost, the devnet) or one this process submitted (see the
// port's `transaction`). A transaction neither the chain nor this instance knows is a 404; one
// whose status is known but whose CBOR is not (refused by the ledger, or on the chain of an
// Ogmios + Kupo backend that did not submit it) answers its status alone.
import { transactionOf, type ChainPort } from "../../chain/port.js";
import type { EraHistory } from "../../cardano/era-history.js";
import { NotFoundError } from "../../errors.js";
import { decodeTransaction, type DecodedTransaction } from "./decoded-transaction.js";
import { transactionStatus, type SubmissionLog, type TransactionStatus } from "../submit/status.js";

export type TransactionView = TransactionStatus & { readonly txHash: string } & Partial<DecodedTransaction>;

export interface TransactionViewContext {
  readonly chain: ChainPort;
  readonly submissions: SubmissionLog;
  readonly eraHistory: EraHistory;
}

/** The status and, when its CBOR can be had, the decoded body of `txHash` (lowercase hex). */
export async function transactionView(context: TransactionViewContext, txHash: string): Promise<TransactionView> {
  const [status, cbor] = await Promise.all([
    transactionStatus(context.chain, context.submissions, txHash),
    transactionOf(context.chain, txHash),
  ]);
  if (cbor === null) {
    if (status.status === "unknown") {
      throw new NotFoundError(
        `Transaction ${txHash} is not known: the chain has not seen it and this instance did not submit it (or has restarted since). ` +
          "Once it is in a block it can be read here (through Ogmios + Kupo, only when this instance submitted it).",
      );
    }
    return { txHash, ...status };
  }
  // The backend's own bytes: a transaction the ledger took decodes (a failure here is a 500, a bug to fix).
  const { txHash: decodedHash, ...body } = decodeTransaction(cbor, context.eraHistory);
  if (decodedHash !== txHash) throw new Error(`the backend answered transaction ${decodedHash} for ${txHash}`);
  return { txHash, ...status, ...body };
}
