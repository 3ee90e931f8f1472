// Plutus evaluation with Scalus, the ledger's own rules: the devnet's evaluator, and the local
// cross-check of a real-network backend's evaluation (../cross-checked-evaluation.ts). It runs in
// the evaluation pool's worker threads (./evaluation-pool.ts), never on the request path.
//
// Every script runs under a budget: the ledger's per-transaction maximum (maxTxExecutionUnits),
// and stops as soon as it spends it, as the node's own evaluator does. Scalus's machine has that
// mechanism (a restricting budget spender, the one its evaluator uses in its Validate mode, which
// gives each script the budget its redeemer declares), but the JavaScript facade of scalus 0.17
// (Scalus.evalPlutusScripts) always runs its counting mode, which has no limit: a script that
// recursed 10^9 times ran for minutes and ended the process out of heap. So the facade is loaded
// with its mode switched to Validate (./scalus-bundle.ts), and each redeemer of the
// transaction evaluated declares the cap as its budget (./redeemer-budgets.ts). What a script
// spent is still what the evaluator answers.
import { TxTooLargeError, UnprocessableError } from "../../errors.js";
import type { RedeemerBudget } from "../port.js";
import { declaringBudgets, scriptHashOf, type RedeemerSlot } from "./redeemer-budgets.js";
import { loadScalus } from "./scalus-bundle.js";

const fromHex = (hex: string): Uint8Array => new Uint8Array(Buffer.from(hex, "hex"));

/** The execution units a script may spend: the ledger's per-transaction maximum, or lower. */
export interface ExBudget {
  readonly mem: bigint;
  readonly steps: bigint;
}

/** Slot `zeroSlot` begins at `zeroTimeMs` (Unix ms), and every slot from there lasts `slotLengthMs`. */
export interface SlotTimes {
  readonly zeroTimeMs: number;
  readonly zeroSlot: number;
  readonly slotLengthMs: number;
}

/** One evaluation: a transaction (CBOR hex), its inputs' outputs, the network's rules and the budget. */
export interface EvaluationJob {
  readonly txCbor: string;
  /** The CBOR of a Map[TransactionInput, TransactionOutput] resolving every input the scripts see. */
  readonly utxoMap: Uint8Array;
  readonly slots: SlotTimes;
  /** [PlutusV1, PlutusV2, PlutusV3] cost models. */
  readonly costModels: readonly (readonly number[])[];
  readonly limit: ExBudget;
}

const TAGS: Record<string, RedeemerBudget["tag"]> = {
  SPEND: "SPEND",
  MINT: "MINT",
  CERT: "CERT",
  CERTIFYING: "CERT",
  REWARD: "REWARD",
  REWARDING: "REWARD",
  VOTE: "VOTE",
  VOTING: "VOTE",
  PROPOSE: "PROPOSE",
  PROPOSING: "PROPOSE",
};

/** Scalus's words when a script spends the whole budget its redeemer declares: "Out of budget: ExUnits(mem,steps)". */
const OUT_OF_BUDGET = /Out of budget: ExUnits\((\d+),\s*(\d+)\)/;

const logsOf = (error: unknown): string => {
  const logs = (error as { logs?: unknown }).logs;
  return Array.isArray(logs) && logs.length > 0 ? ` Script logs: ${logs.join(" | ")}` : "";
};

/**
 * The budgets of every redeemer of the job's transaction, each script stopped as soon as it spends
 * `limit` (and their sum checked against it). A script that fails, or an input the map lacks, is
 * an UnprocessableError with the script's logs; a script that needs more than the limit is a
 * TxTooLargeError naming its redeemer, its script and the limit.
 */
export function evaluateWithScalus(job: EvaluationJob): RedeemerBudget[] {
  const { Scalus, SlotConfig } = loadScalus();
  // Redeemer k declares the limit less k units: Scalus names the budget that ran out, hence whose it was.
  const budgetOf = (k: number) => ({ mem: job.limit.mem - BigInt(k), steps: job.limit.steps - BigInt(k) });
  let tx = fromHex(job.txCbor);
  let redeemers: RedeemerSlot[] = [];
  try {
    ({ tx, redeemers } = declaringBudgets(tx, budgetOf));
  } catch {
    // Not a transaction Scalus can read either: it says so in its own words below.
  }
  let answer;
  try {
    const slots = new SlotConfig(job.slots.zeroTimeMs, job.slots.zeroSlot, job.slots.slotLengthMs);
    answer = Scalus.evalPlutusScripts(
      tx,
      job.utxoMap,
      slots,
      job.costModels.map((m) => [...m]),
    );
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    const out = OUT_OF_BUDGET.exec(message);
    if (out)
      throw new TxTooLargeError(overBudget(job, tx, redeemers[Number(job.limit.mem - BigInt(out[1]!))], logsOf(error)));
    throw new UnprocessableError(`Script evaluation failed: ${message}${logsOf(error)}`);
  }
  const budgets = answer.map((r) => ({
    tag: TAGS[r.tag.toUpperCase()] ?? (r.tag.toUpperCase() as RedeemerBudget["tag"]),
    index: r.index,
    budget: { mem: Number(r.budget.memory), steps: Number(r.budget.steps) },
  }));
  const mem = answer.reduce((sum, r) => sum + BigInt(r.budget.memory), 0n);
  const steps = answer.reduce((sum, r) => sum + BigInt(r.budget.steps), 0n);
  if (mem > job.limit.mem || steps > job.limit.steps) {
    throw new TxTooLargeError(
      `The scripts of this transaction need ${mem} memory units and ${steps} steps together, more than ${limitWords(job.limit)}: run fewer scripts in one transaction.`,
    );
  }
  return budgets;
}

const limitWords = (limit: ExBudget): string =>
  `the ledger's per-transaction limit of ${limit.mem} memory units and ${limit.steps} steps (maxTxExecutionUnits)`;

/** The message of a script stopped at the limit: which redeemer, which script, which limit. */
function overBudget(job: EvaluationJob, tx: Uint8Array, redeemer: RedeemerSlot | undefined, logs: string): string {
  if (!redeemer)
    return `A script of this transaction needs more than ${limitWords(job.limit)}; it was stopped there.${logs}`;
  const hash = scriptHashOf(tx, job.utxoMap, redeemer);
  const purpose = redeemer.tag.toLowerCase();
  return (
    `The ${purpose} script${hash ? ` ${hash}` : ""} (redeemer ${redeemer.tag} ${redeemer.index}) needs more than ${limitWords(job.limit)}; ` +
    `it was stopped there. Change the script or its redeemer so that it does less work.${logs}`
  );
}
