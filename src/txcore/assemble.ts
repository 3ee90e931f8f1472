// The one assembly path of every transaction the service builds (POST /transactions/build and the
// tournament operations): a draft (./balance.ts) balanced from a pool of UTxOs, its scripts'
// budgets found with the chain's evaluator (./evaluate.ts), checked against the ledger's
// per-transaction ExUnits limit (the size limit is balancing's), and every failure told as a 4xx
// of src/errors.ts in one wording, ending with what the caller's user should do (Advice).
import type { UTxO } from "../cardano/types.js";
import { describeLovelace } from "../cardano/amount.js";
import { maxTxExUnits } from "../cardano/protocol-params.js";
import type { ChainPort } from "../chain/port.js";
import {
  InsufficientFundsError,
  LedgerRejectedError,
  refusal,
  TxTooLargeError,
  UnprocessableError,
  type FieldWords,
} from "../errors.js";
import { BalanceError, type BalancedTx, type BalanceFailure, type Balancing, type TxDraft } from "./balance.js";

export { draftOf } from "./balance.js";
import { balanceAndEvaluate } from "./evaluate.js";

/**
 * What each caller tells its user to do, in its own fields' names: a tournament operation and a
 * build request hold their UTxOs and their size in different places. Words without a full stop
 * end a sentence the message begins.
 */
export interface Advice {
  /** The caller's field that holds the UTxOs to pay with (and the collateral), as its answers name it. */
  readonly utxos: FieldWords;
  /** A sentence: what to do when the UTxOs hold too little ADA. */
  readonly fund: FieldWords;
  /** What to change when the transaction is over the ledger's maximum size. */
  readonly tooLarge: FieldWords;
  /** What to change when paying needs more inputs than fit in one transaction. */
  readonly tooManyInputs: FieldWords;
  /** What to change when its scripts need more than the ledger's per-transaction ExUnits. */
  readonly overBudget: FieldWords;
  /** The 422's message when a script refuses the transaction, from the evaluator's (which carries the trace). */
  readonly scriptRefuses: (evaluatorMessage: string) => string;
}

const unitName = (unit: string): string => `${unit.slice(0, 56)}.${unit.slice(56)}`;

/** The 4xx that says what to change, for each way balancing can fail; `deposit`: the certificates' deposits (balancing counts them with the outputs). */
function refusalOf(failure: BalanceFailure, advice: Advice, deposit: bigint): Error {
  switch (failure.kind) {
    case "insufficient-ada": {
      const missing = failure.sent + failure.fee + failure.changeMin - failure.held;
      return refusal(
        InsufficientFundsError,
        (at) =>
          `Not enough ADA: the outputs need ${describeLovelace(failure.sent - deposit)}${deposit !== 0n ? `, the stake registration deposits ${describeLovelace(deposit)}` : ""}, the fee about ${describeLovelace(failure.fee)} and the change output at least ` +
          `${describeLovelace(failure.changeMin)}, but the available UTxOs hold ${describeLovelace(failure.held)}: about ${describeLovelace(missing > 0n ? missing : 0n)} missing. ` +
          advice.fund(at),
      );
    }
    case "insufficient-asset":
      return refusal(
        InsufficientFundsError,
        (at) =>
          `Not enough of asset ${unitName(failure.unit)}: the available UTxOs hold ${failure.missing} too few. Pass the UTxOs that hold it in ${advice.utxos(at)}.`,
      );
    case "insufficient-collateral":
      return refusal(
        InsufficientFundsError,
        (at) =>
          `The collateral covers ${describeLovelace(failure.held)}; the ledger asks for ${describeLovelace(failure.needed)} (its collateral percentage of the fee). ` +
          `Pass a larger ADA-only UTxO in ${advice.utxos(at)}.`,
      );
    case "too-large":
      return refusal(
        TxTooLargeError,
        (at) =>
          `The transaction would be at least ${failure.size} bytes, more than the ledger's maximum of ${failure.max} bytes: ${advice.tooLarge(at)}.`,
      );
    case "too-many-inputs":
      return refusal(
        TxTooLargeError,
        (at) =>
          `Paying these outputs needs more inputs than fit in the ledger's maximum of ${failure.max} bytes per transaction: ${advice.tooManyInputs(at)}.`,
      );
  }
}

/** The ledger's per-transaction ExUnits limit (the size limit is balancing's). */
function checkExUnits(tx: BalancedTx, balancing: Balancing, advice: Advice): void {
  const { mem, steps } = tx.exUnits;
  const max = maxTxExUnits(balancing.params);
  if (mem > max.mem || steps > max.steps) {
    throw refusal(
      TxTooLargeError,
      (at) =>
        `The scripts of this transaction need ${mem} memory units and ${steps} steps, more than the ledger allows per transaction ` +
        `(${max.mem} and ${max.steps}): ${advice.overBudget(at)}.`,
    );
  }
}

/**
 * Balances `draft` from `balancing.pool` (with Plutus scripts, their budgets from the chain's
 * evaluator) and checks it against the ledger's limits; throws a 4xx that says what to change:
 * balancing's failures in words, a script's refusal (the evaluator's, which the chain port gives
 * as UnprocessableError or LedgerRejectedError) as a 422 in the caller's words. Anything else
 * (the backend unreachable) is thrown as it is.
 */
export async function assemble(
  draft: TxDraft,
  balancing: Balancing,
  chain: Pick<ChainPort, "evaluate">,
  advice: Advice,
): Promise<BalancedTx> {
  let tx: BalancedTx;
  try {
    tx = await balanceAndEvaluate(draft, balancing, (cbor, utxos: readonly UTxO[]) => chain.evaluate(cbor, utxos));
  } catch (error) {
    if (error instanceof BalanceError) throw refusalOf(error.failure, advice, draft.certificates?.deposit ?? 0n);
    if (error instanceof UnprocessableError || error instanceof LedgerRejectedError)
      throw new UnprocessableError(advice.scriptRefuses(error.message));
    throw error;
  }
  checkExUnits(tx, balancing, advice);
  return tx;
}
