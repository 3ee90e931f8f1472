// The local cross-check of a real-network backend's script evaluation, as a wrapper of the port:
// evaluate() asks the backend and, alongside, runs the scripts with Scalus (the devnet's
// evaluator) under the network's cost models (from protocolParameters()) and the slot config of
// the wrapped backend's network, the inputs resolved from the caller's additional UTxOs and the
// backend's utxosByRef. The backend's answer is the one returned (it is what the ledger will run);
// a disagreement (other budgets, or one evaluator failing where the other passes) is logged as a
// warning with both answers and counted. The check never fails a call: a local evaluation that
// cannot run is logged and counted. The local evaluation runs in the evaluation pool's worker
// threads, each script stopped at the network's per-transaction budget (maxTxExecutionUnits), as
// the node stops it: a script past it is a refusal on both sides.
import { fromHex, writeMap } from "../cardano/tx-cbor.js";
import { readTransaction } from "../cardano/tx-view.js";
import { eraHistoryFor } from "../cardano/era-history.js";
import type { ChainBackend, ObservedChain } from "./backend.js";
import { ForwardingChain } from "./forwarding.js";
import { mergeUtxoMap } from "./devnet/utxo-map.js";
import type { OutRef, PlutusLanguage, RedeemerBudget, UTxO } from "./port.js";
import { maxTxExUnits, meshCostModels } from "./protocol-params.js";
import { EvaluationPool, type EvaluationPoolOptions } from "./shared/evaluation-pool.js";
import type { SlotTimes } from "./shared/scalus-evaluate.js";

/** The pino-compatible part of a logger the check writes to. */
export interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/** How the local evaluations compared with the backend's, since start. */
export interface EvaluationCheck {
  /** Same redeemers with the same budgets, or both refused the transaction. */
  readonly agreed: number;
  /** Other budgets, other redeemers, or one evaluator refused what the other passed. */
  readonly disagreed: number;
  /** The local evaluation could not run (an input it could not resolve, parameters unavailable). */
  readonly localFailed: number;
}

export interface EvaluationCrossCheck {
  evaluationCheck(): EvaluationCheck;
}

export const hasEvaluationCheck = (chain: object): chain is EvaluationCrossCheck =>
  typeof (chain as Partial<EvaluationCrossCheck>).evaluationCheck === "function";

type Outcome =
  { readonly ok: true; readonly budgets: RedeemerBudget[] } | { readonly ok: false; readonly error: unknown };

/** A backend failure that is the evaluation's verdict (a script failed), not the backend's trouble. */
const isEvaluationRefusal = (error: unknown): boolean => {
  const code = (error as { code?: string })?.code;
  return code === "CHAIN_ERR_LEDGER_REJECTED" || code === "SVC_ERR_UNPROCESSABLE";
};

const LANGUAGES: readonly PlutusLanguage[] = ["PlutusV1", "PlutusV2", "PlutusV3"];

/** Pino's shape on stderr, for callers without a logger (the CLI). */
export const stderrLogger: WarnLogger = {
  warn: (obj, msg) => process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), ...obj, msg })}\n`),
};

const key = (b: RedeemerBudget): string => `${b.tag}:${b.index}`;
const sorted = (budgets: readonly RedeemerBudget[]): RedeemerBudget[] =>
  [...budgets].sort((a, b) => key(a).localeCompare(key(b)));
const sameBudgets = (a: readonly RedeemerBudget[], b: readonly RedeemerBudget[]): boolean => {
  const x = sorted(a);
  const y = sorted(b);
  return (
    x.length === y.length &&
    x.every(
      (r, i) => key(r) === key(y[i]!) && r.budget.mem === y[i]!.budget.mem && r.budget.steps === y[i]!.budget.steps,
    )
  );
};
const message = (error: unknown): string => (error as Error)?.message ?? String(error);
const refKey = (r: OutRef): string => `${r.txHash.toLowerCase()}#${r.index}`;

/** The outputs the ledger resolves for a transaction's scripts: inputs, reference inputs, collateral. */
function referencedOutputs(txCbor: string): OutRef[] {
  const { body } = readTransaction(fromHex(txCbor));
  const refs = new Map<string, OutRef>();
  for (const ref of [...body.inputs, ...body.referenceInputs, ...body.collateral]) refs.set(refKey(ref), ref);
  return [...refs.values()];
}

class CrossCheckedChain extends ForwardingChain implements EvaluationCrossCheck {
  readonly #logger: WarnLogger;
  readonly #slots: SlotTimes;
  readonly #evaluator: EvaluationPool;
  #agreed = 0;
  #disagreed = 0;
  #localFailed = 0;

  constructor(inner: ChainBackend & ObservedChain, logger: WarnLogger, evaluation?: EvaluationPoolOptions) {
    super(inner);
    this.#logger = logger;
    this.#evaluator = new EvaluationPool(evaluation);
    // The current era's slots (Shelley on): Plutus scripts only ever see validity bounds from there.
    const eras = eraHistoryFor(inner.network).eras;
    const era = eras[eras.length - 1]!;
    this.#slots = { zeroTimeMs: era.startMs, zeroSlot: era.startSlot, slotLengthMs: era.slotLengthMs };
  }

  override async close(): Promise<void> {
    await this.#evaluator.close();
    await this.inner.close();
  }

  evaluationCheck(): EvaluationCheck {
    return { agreed: this.#agreed, disagreed: this.#disagreed, localFailed: this.#localFailed };
  }

  override async evaluate(txCbor: string, additionalUtxos?: readonly UTxO[]): Promise<RedeemerBudget[]> {
    const [backend, local] = await Promise.all([
      this.inner.evaluate(txCbor, additionalUtxos).then(
        (budgets): Outcome => ({ ok: true, budgets }),
        (error: unknown): Outcome => ({ ok: false, error }),
      ),
      this.#evaluateLocally(txCbor, additionalUtxos ?? []),
    ]);
    this.#compare(backend, local);
    if (!backend.ok) throw backend.error;
    return backend.budgets;
  }

  /** The local outcome, or why the local evaluation could not run. */
  async #evaluateLocally(
    txCbor: string,
    additionalUtxos: readonly UTxO[],
  ): Promise<Outcome | { readonly ok: "unavailable"; readonly reason: string }> {
    try {
      const refs = referencedOutputs(txCbor);
      const given = new Map(
        additionalUtxos.map((u) => [refKey({ txHash: u.input.txHash, index: u.input.outputIndex }), u]),
      );
      const wanted = refs.filter((r) => !given.has(refKey(r)));
      const [params, fetched] = await Promise.all([
        this.inner.protocolParameters(),
        wanted.length > 0 ? this.inner.utxosByRef(wanted) : [],
      ]);
      const resolved = new Set([
        ...given.keys(),
        ...fetched.map((u) => refKey({ txHash: u.input.txHash, index: u.input.outputIndex })),
      ]);
      const missing = refs.filter((r) => !resolved.has(refKey(r)));
      if (missing.length > 0)
        return { ok: "unavailable", reason: `unresolved outputs ${missing.map(refKey).join(", ")}` };
      const utxoMap = mergeUtxoMap(writeMap([]), [...fetched, ...additionalUtxos]);
      const costModels = meshCostModels(params, []);
      try {
        const job = { txCbor, utxoMap, slots: this.#slots, costModels, limit: maxTxExUnits(params) };
        return { ok: true, budgets: await this.#evaluator.evaluate(job) };
      } catch (error) {
        // Without every cost model, a failure may be the missing model's, not the scripts'.
        const absent = LANGUAGES.filter((language) => !params.costModels[language]);
        if (absent.length > 0)
          return {
            ok: "unavailable",
            reason: `no ${absent.join(", ")} cost model from the backend: ${message(error)}`,
          };
        // Every evaluator busy: the backend's answer is used unchecked, as when the check cannot run.
        if ((error as { code?: string })?.code === "SVC_ERR_BUSY") return { ok: "unavailable", reason: message(error) };
        return { ok: false, error };
      }
    } catch (error) {
      return { ok: "unavailable", reason: message(error) };
    }
  }

  #compare(backend: Outcome, local: Outcome | { readonly ok: "unavailable"; readonly reason: string }): void {
    // The backend could not evaluate at all (unreachable, 503): there is nothing to compare.
    if (!backend.ok && !isEvaluationRefusal(backend.error)) return;
    if (local.ok === "unavailable") {
      this.#localFailed += 1;
      this.#logger.warn(
        { backend: this.backendName, network: this.network, reason: local.reason },
        "Local Plutus evaluation could not run; the backend's evaluation is used unchecked",
      );
      return;
    }
    if (backend.ok && local.ok ? sameBudgets(backend.budgets, local.budgets) : !backend.ok && !local.ok) {
      this.#agreed += 1;
      return;
    }
    this.#disagreed += 1;
    const side = (outcome: Outcome) => (outcome.ok ? { budgets: outcome.budgets } : { error: message(outcome.error) });
    this.#logger.warn(
      {
        backend: this.backendName,
        network: this.network,
        backendEvaluation: side(backend),
        localEvaluation: side(local),
      },
      "The backend's Plutus evaluation disagrees with the local (Scalus) evaluation; the backend's is used",
    );
  }
}

/** Cross-checks every evaluation of a real network's backend against a local Scalus evaluation (in `evaluation`'s worker threads). */
export function withEvaluationCrossCheck(
  inner: ChainBackend & ObservedChain,
  logger: WarnLogger,
  evaluation?: EvaluationPoolOptions,
): ChainBackend & ObservedChain & EvaluationCrossCheck {
  return new CrossCheckedChain(inner, logger, evaluation);
}
