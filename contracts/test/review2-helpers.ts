// Independent review 2 (helper "review2"): the harness's plan builder (helpers.ts buildPlan) with
// what an attacker's transaction may also carry and the suite's plans do not: outputs whose datum
// is given by hash, script inputs whose datum is given in the witness set (a datum-hash UTxO), and
// reference inputs. Everything else is built exactly as buildPlan builds it.
import type { UTxO } from "@meshsdk/common";
import { MeshTxBuilder } from "@meshsdk/core";
import { explainTraces } from "../../src/tournament/traces.js";
import {
  type AttackOutcome,
  type Budget,
  type Chain,
  fixedBudget,
  hasOnlyAda,
  lovelaceOf,
  type Out,
  outRef,
  PARAMS,
  type ScriptIn,
  type TxPlan,
} from "./helpers.js";

export interface RawOut extends Out {
  /** A datum by hash (CBOR hex of the datum): the output carries its hash, not the datum. */
  readonly datumHash?: string;
}

export interface RawScriptIn extends ScriptIn {
  /** The datum of a datum-hash input (CBOR hex), given in the witness set. Inline when absent. */
  readonly datum?: string;
}

export interface RawPlan extends Omit<TxPlan, "outputs" | "scriptInputs"> {
  scriptInputs: RawScriptIn[];
  outputs: RawOut[];
  referenceInputs?: UTxO[];
}

export async function buildRaw(chain: Chain, plan: RawPlan, budget?: Budget): Promise<string> {
  const b = new MeshTxBuilder({
    params: PARAMS,
    fetcher: chain.fetcher,
    ...(budget ? {} : { evaluator: chain.evaluator }),
  });
  const payerUtxos = chain.utxosAt(plan.payer.address).filter(hasOnlyAda);
  const used = new Set([...plan.walletInputs.map(outRef), ...plan.scriptInputs.map((s) => outRef(s.utxo))]);
  const available = (plan.selectFrom ?? payerUtxos).filter((u) => !used.has(outRef(u)));
  for (const s of plan.scriptInputs) {
    b.spendingPlutusScriptV2().txIn(
      s.utxo.input.txHash,
      s.utxo.input.outputIndex,
      s.utxo.output.amount,
      s.utxo.output.address,
      0,
    );
    if (s.datum === undefined) b.txInInlineDatumPresent();
    else b.txInDatumValue(s.datum, "CBOR");
    b.txInRedeemerValue(s.redeemer, "CBOR", budget ?? { mem: 7_000_000, steps: 3_000_000_000 }).spendingTxInReference(
      s.script.txHash,
      s.script.index,
      String(s.script.size),
      s.script.hash,
    );
  }
  for (const u of plan.walletInputs) b.txIn(u.input.txHash, u.input.outputIndex, u.output.amount, u.output.address, 0);
  for (const r of plan.referenceInputs ?? []) b.readOnlyTxInReference(r.input.txHash, r.input.outputIndex);
  for (const m of plan.mints) {
    b.mintPlutusScriptV2()
      .mint(m.quantity.toString(), m.script.hash, m.name)
      .mintTxInReference(m.script.txHash, m.script.index, String(m.script.size), m.script.hash)
      .mintRedeemerValue(m.redeemer, "CBOR", budget ?? { mem: 7_000_000, steps: 3_000_000_000 });
  }
  for (const o of plan.outputs) {
    b.txOut(o.address, [{ unit: "lovelace", quantity: o.lovelace.toString() }, ...(o.assets ?? [])]);
    if (o.datum !== undefined) b.txOutInlineDatumValue(o.datum, "CBOR");
    if (o.datumHash !== undefined) b.txOutDatumHashValue(o.datumHash, "CBOR");
    if (o.scriptCode !== undefined) b.txOutReferenceScript(o.scriptCode, "V2");
  }
  for (const pkh of plan.requiredSigners) b.requiredSignerHash(pkh);
  if (plan.validFrom !== undefined) b.invalidBefore(plan.validFrom);
  if (plan.validTo !== undefined) b.invalidHereafter(plan.validTo);
  const collateral = [...payerUtxos].sort((x, y) => (lovelaceOf(y) > lovelaceOf(x) ? 1 : -1))[0];
  if (collateral === undefined) throw new Error("payer has no ADA-only UTxO for collateral");
  if (plan.scriptInputs.length > 0 || plan.mints.length > 0) {
    b.txInCollateral(
      collateral.input.txHash,
      collateral.input.outputIndex,
      collateral.output.amount,
      collateral.output.address,
    );
  }
  b.changeAddress(plan.payer.address).selectUtxosFrom(available);
  let signed = await b.complete();
  for (const w of [plan.payer, ...plan.signers.filter((x) => x !== plan.payer)]) signed = await w.sign(signed);
  return signed;
}

/** helpers.ts attempt() for a RawPlan: evaluated budgets if the evaluator takes it, else explicit ExUnits. */
export async function attemptRaw(chain: Chain, plan: RawPlan): Promise<AttackOutcome> {
  let evaluationError: string | null = null;
  try {
    return { evaluationError, ledger: chain.submit(await buildRaw(chain, plan)) };
  } catch (error) {
    const logs = (error as { logs?: unknown }).logs;
    evaluationError = explainTraces(`${(error as Error).message}${Array.isArray(logs) ? ` ${logs.join(" | ")}` : ""}`);
  }
  const redeemers = plan.scriptInputs.length + new Set(plan.mints.map((m) => m.script.hash)).size;
  return { evaluationError, ledger: chain.submit(await buildRaw(chain, plan, fixedBudget(redeemers))) };
}

/** Builds with evaluated budgets and submits; throws with the ledger's reason when refused. */
export async function submitRaw(chain: Chain, plan: RawPlan): Promise<string> {
  const r = chain.submit(await buildRaw(chain, plan));
  if (!r.ok || r.txHash === undefined) throw new Error(`ledger refused: ${r.error} ${r.logs.join(" | ")}`);
  return r.txHash;
}
