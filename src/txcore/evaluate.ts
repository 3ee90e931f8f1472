// The redeemers' budgets of a Plutus transaction, from the chain's evaluator: the core
// (./balance.ts) builds with the budgets it is given; this finds the ones the scripts need,
// rebuilding until a build declares exactly what its own evaluation needs.
import type { UTxO } from "../cardano/types.js";
import { balanceTransaction, type Balancing, type BalancedTx, type PlutusDraft, type TxDraft } from "./balance.js";
import type { ExUnits } from "../cardano/tx-encode.js";
import { toHex } from "../cardano/tx-cbor.js";
import { outRefOf } from "../cardano/utxo.js";

/** A redeemer's budget as an evaluator answers it (the chain port's RedeemerBudget has this shape). */
export interface EvaluatedBudget {
  readonly tag: string;
  readonly index: number;
  readonly budget: { readonly mem: number | bigint; readonly steps: number | bigint };
}

/**
 * Runs the scripts of a transaction (CBOR hex) and answers each redeemer's budget; `utxos` are the
 * outputs it spends (inputs and collateral). Reference inputs are resolved by the evaluator: they
 * are on chain. Throws when a script fails.
 */
export type Evaluator = (txCbor: string, utxos: readonly UTxO[]) => Promise<readonly EvaluatedBudget[]>;

/** Evaluations before the budgets must have settled; past it, the largest seen are declared. */
const MAX_EVALUATIONS = 3;

/** The budget each redeemer of `tx` needs, by purpose, from the evaluator's answer. */
function neededBudgets(tx: BalancedTx, answer: readonly EvaluatedBudget[]): Map<string, ExUnits> {
  const needed = new Map<string, ExUnits>();
  for (const slot of tx.redeemers) {
    const found = answer.find((a) => a.tag.toUpperCase() === slot.tag && a.index === slot.index);
    if (!found) throw new Error(`the evaluator gave no budget for redeemer ${slot.tag} ${slot.index}`);
    needed.set(slot.purpose, { mem: BigInt(found.budget.mem), steps: BigInt(found.budget.steps) });
  }
  return needed;
}

/** Whether every redeemer of `tx` declares at least (`exactly`: just) what it needs. */
function declares(tx: BalancedTx, needed: ReadonlyMap<string, ExUnits>, exactly: boolean): boolean {
  return tx.redeemers.every((slot) => {
    const need = needed.get(slot.purpose)!;
    return exactly
      ? slot.budget.mem === need.mem && slot.budget.steps === need.steps
      : slot.budget.mem >= need.mem && slot.budget.steps >= need.steps;
  });
}

const largest = (a: ReadonlyMap<string, ExUnits>, b: ReadonlyMap<string, ExUnits>): Map<string, ExUnits> => {
  const out = new Map(a);
  for (const [purpose, x] of b) {
    const y = out.get(purpose);
    out.set(purpose, y ? { mem: x.mem > y.mem ? x.mem : y.mem, steps: x.steps > y.steps ? x.steps : y.steps } : x);
  }
  return out;
};

/** The UTxOs an evaluation needs from us: every input and the collateral, once each. */
function evaluationUtxos(tx: BalancedTx, plutus: PlutusDraft): UTxO[] {
  const byRef = new Map(tx.inputs.map((u) => [outRefOf(u), u]));
  byRef.set(outRefOf(plutus.collateral.utxo), plutus.collateral.utxo);
  return [...byRef.values()];
}

/**
 * balanceTransaction with the redeemers' budgets found by `evaluate`: built with the budgets the
 * draft has (none: 0, so that the first fee is not inflated by a guess), evaluated, rebuilt with
 * the budgets needed, until a build declares exactly what its evaluation needs. A budget moves the
 * fee, hence the change and maybe the inputs, which the scripts see: hence the rounds. When no
 * script runs, nothing is evaluated.
 */
export async function balanceAndEvaluate(
  draft: TxDraft,
  balancing: Balancing,
  evaluate: Evaluator,
): Promise<BalancedTx> {
  const plutus = draft.plutus;
  if (!plutus || (plutus.spends.length === 0 && plutus.mints.length === 0)) return balanceTransaction(draft, balancing);
  const withBudgets = (budgets: ReadonlyMap<string, ExUnits>): TxDraft => ({
    ...draft,
    plutus: { ...plutus, budgets },
  });
  const run = async (tx: BalancedTx) => neededBudgets(tx, await evaluate(toHex(tx.cbor), evaluationUtxos(tx, plutus)));
  let budgets = plutus.budgets;
  let seen: ReadonlyMap<string, ExUnits> = new Map();
  for (let round = 1; round <= MAX_EVALUATIONS; round++) {
    const tx = balanceTransaction(withBudgets(budgets), balancing);
    const needed = await run(tx);
    if (declares(tx, needed, true)) return tx;
    seen = largest(seen, needed);
    budgets = needed;
  }
  // Not settled (the scripts' costs keep moving with the fee they are priced into): declare the
  // most each redeemer needed in any round, and check that it covers what this last build needs.
  const tx = balanceTransaction(withBudgets(seen), balancing);
  if (!declares(tx, await run(tx), false))
    throw new Error(`the scripts' budgets did not settle in ${MAX_EVALUATIONS} evaluations`);
  return tx;
}
