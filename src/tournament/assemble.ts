// Builds a tournament transaction from a plan with MeshTxBuilder: script inputs (each script by
// reference or attached inline), key inputs that must be spent, an optional mint or burn, the
// outputs in the order the validators read them, required signers, the validity interval the
// settlement deadline asks for, collateral, and balancing from the client's UTxOs (every operation's
// input field `utxos`, which the messages name). Redeemer budgets come from the chain's own evaluator;
// the result is checked against the ledger's size and ExUnits limits before it is handed out.
import type { Asset, IEvaluator, Protocol, UTxO } from "@meshsdk/common";
import { MeshTxBuilder } from "@meshsdk/core";
import { isKeyAddress } from "../cardano/address-rules.js";
import { fromHex, splitTransaction, txIdOfBody } from "../cardano/tx-cbor.js";
import { adaOnly, ledgerOrder, lovelaceOf, outRefOf } from "../cardano/utxo.js";
import type { ChainPort } from "../chain/port.js";
import { maxTxExUnits, meshCostModels } from "../chain/protocol-params.js";
import { BadRequestError, InsufficientFundsError, refusal, TxTooLargeError, UnprocessableError, type FieldWords } from "../errors.js";
import { builderFailureOf, cannotBuild } from "../tx/builder-failures.js";
import type { CompiledScript } from "./contracts.js";
import { explainTraces } from "./traces.js";

/** A script as a transaction uses it: from a reference UTxO, or attached to the witness set. */
export type ScriptSource =
  | { readonly kind: "reference"; readonly txHash: string; readonly index: number; readonly script: CompiledScript }
  | { readonly kind: "inline"; readonly script: CompiledScript };

/** A redeemer that names input positions: given the final inputs ("txHash#index", in ledger order). */
export type PositionalRedeemer = (sortedInputs: readonly string[]) => string;

export interface ScriptInput {
  readonly utxo: UTxO;
  /** Redeemer, CBOR hex, or a function of the final input order. */
  readonly redeemer: string | PositionalRedeemer;
  readonly source: ScriptSource;
}

/** An output of a tournament transaction, final: what it pays and its inline datum. */
export interface TxOutput {
  readonly address: string;
  readonly amount: Asset[];
  /** Inline datum, CBOR hex. */
  readonly datum?: string;
}

export interface TournamentTxPlan {
  readonly scriptInputs: readonly ScriptInput[];
  /** Key-locked inputs that must be spent (the seed of a tournament). */
  readonly keyInputs: readonly UTxO[];
  readonly mint?: { readonly source: ScriptSource; readonly assetName: string; readonly quantity: bigint; readonly redeemer: string };
  readonly outputs: readonly TxOutput[];
  readonly requiredSigners: readonly string[];
  /** The client's UTxOs (the operation's input field `utxos`): coin selection and collateral come from them. */
  readonly utxos: readonly UTxO[];
  readonly changeAddress: string;
  /** What to change when the transaction exceeds the ledger's size or ExUnits limits. */
  readonly tooLarge?: FieldWords;
  /** Validity interval, slots: invalid before `validFrom` (a refund starts after the deadline)… */
  readonly validFrom?: number;
  /** …and invalid from `validTo` on (an add or settlement ends before it). */
  readonly validTo?: number;
}

export interface BuiltTx {
  readonly hash: string;
  readonly complete: string;
  readonly fee: bigint;
}

const atKey = (u: UTxO): boolean => isKeyAddress(u.output.address);
const scriptSize = (s: CompiledScript): string => String(s.compiledCode.length / 2);

/** Collateral: 5 ADA covers 150% of any fee a transaction within the ledger's limits can have. */
const MIN_COLLATERAL = 5_000_000n;
/** A collateral return output needs its min-UTxO: below this much over the collateral, none is made. */
const COLLATERAL_RETURN_MIN = 2_000_000n;

function collateralOf(plan: TournamentTxPlan): UTxO {
  const candidates = plan.utxos.filter((u) => adaOnly(u) && atKey(u) && !u.output.scriptRef && lovelaceOf(u) >= MIN_COLLATERAL);
  const best = [...candidates].sort((a, b) => (lovelaceOf(b) > lovelaceOf(a) ? 1 : lovelaceOf(b) < lovelaceOf(a) ? -1 : 0))[0];
  if (best === undefined) {
    throw refusal(
      BadRequestError,
      (at) => `${at("utxos")} must include a UTxO holding only ADA, at least 5 ADA, at a key address: the transaction runs a script and needs it as collateral.`,
    );
  }
  return best;
}

function evaluatorOf(chain: ChainPort): IEvaluator {
  return {
    evaluateTx: async (tx: string, additionalUtxos?: UTxO[]) => (await chain.evaluate(tx, additionalUtxos ?? [])) as never,
  };
}

/** Room left for the fee and a change output when the inputs are chosen before building. */
const FUNDING_MARGIN = 5_000_000n;

/**
 * With positional redeemers the whole input set must be known before the redeemers are written:
 * the client's UTxOs that pay are chosen here (largest first) and the builder selects nothing more.
 */
function fundingOf(plan: TournamentTxPlan, pool: readonly UTxO[]): UTxO[] {
  const held = [...plan.keyInputs, ...plan.scriptInputs.map((s) => s.utxo)].reduce((sum, u) => sum + lovelaceOf(u), 0n);
  const paid = plan.outputs.reduce((sum, o) => sum + BigInt(o.amount.find((a) => a.unit === "lovelace")?.quantity ?? "0"), 0n);
  let need = paid - held + FUNDING_MARGIN;
  const funding: UTxO[] = [];
  for (const u of [...pool].filter(adaOnly).sort((a, b) => (lovelaceOf(b) > lovelaceOf(a) ? 1 : lovelaceOf(b) < lovelaceOf(a) ? -1 : 0))) {
    if (need <= 0n) break;
    funding.push(u);
    need -= lovelaceOf(u);
  }
  if (need > 0n) {
    throw refusal(
      InsufficientFundsError,
      (at) => `Not enough ADA in ${at("utxos")}: this transaction needs about ${need} lovelace more (its outputs, the fee and a change output). Pass more or larger UTxOs.`,
    );
  }
  return funding;
}

function assemble(plan: TournamentTxPlan, params: Protocol, chain: ChainPort, collateral: UTxO | null): MeshTxBuilder {
  const b = new MeshTxBuilder({ params, evaluator: evaluatorOf(chain) });
  const used = new Set([...plan.keyInputs.map(outRefOf), ...plan.scriptInputs.map((s) => outRefOf(s.utxo))]);
  // UTxOs that carry a reference script would make the fee too low (the ledger charges for them): never selected.
  // Only key-locked UTxOs can pay: a script UTxO would need its script and a redeemer.
  const pool = plan.utxos.filter((u) => !used.has(outRefOf(u)) && !u.output.scriptRef && atKey(u));
  const positional = plan.scriptInputs.some((s) => typeof s.redeemer === "function");
  const funding = positional ? fundingOf(plan, pool) : [];
  const order = [...plan.keyInputs, ...funding, ...plan.scriptInputs.map((s) => s.utxo)].sort(ledgerOrder).map(outRefOf);
  for (const s of plan.scriptInputs) {
    b.spendingPlutusScriptV2()
      .txIn(s.utxo.input.txHash, s.utxo.input.outputIndex, s.utxo.output.amount, s.utxo.output.address, 0)
      .txInInlineDatumPresent()
      .txInRedeemerValue(typeof s.redeemer === "function" ? s.redeemer(order) : s.redeemer, "CBOR");
    if (s.source.kind === "reference") {
      b.spendingTxInReference(s.source.txHash, s.source.index, scriptSize(s.source.script), s.source.script.hash);
    } else {
      b.txInScript(s.source.script.code);
    }
  }
  for (const u of [...plan.keyInputs, ...funding]) b.txIn(u.input.txHash, u.input.outputIndex, u.output.amount, u.output.address, 0);
  if (plan.mint) {
    const m = plan.mint;
    b.mintPlutusScriptV2().mint(m.quantity.toString(), m.source.script.hash, m.assetName);
    if (m.source.kind === "reference") {
      b.mintTxInReference(m.source.txHash, m.source.index, scriptSize(m.source.script), m.source.script.hash);
    } else {
      b.mintingScript(m.source.script.code);
    }
    b.mintRedeemerValue(m.redeemer, "CBOR");
  }
  for (const o of plan.outputs) {
    b.txOut(o.address, o.amount);
    if (o.datum !== undefined) b.txOutInlineDatumValue(o.datum, "CBOR");
  }
  for (const pkh of plan.requiredSigners) b.requiredSignerHash(pkh);
  if (plan.validFrom !== undefined) b.invalidBefore(plan.validFrom);
  if (plan.validTo !== undefined) b.invalidHereafter(plan.validTo);
  if (collateral) {
    b.txInCollateral(collateral.input.txHash, collateral.input.outputIndex, collateral.output.amount, collateral.output.address);
    // Should a script fail, the ledger takes 5 ADA (150% of any possible fee) and returns the rest.
    if (lovelaceOf(collateral) >= MIN_COLLATERAL + COLLATERAL_RETURN_MIN) {
      b.setTotalCollateral(MIN_COLLATERAL.toString()).setCollateralReturnAddress(collateral.output.address);
    }
  }
  b.changeAddress(plan.changeAddress);
  return positional ? b : b.selectUtxosFrom(pool);
}

function checkLimits(builder: MeshTxBuilder, hex: string, params: Protocol, advice: FieldWords): void {
  const body = builder.meshTxBuilderBody;
  let mem = 0n;
  let steps = 0n;
  const add = (r: { exUnits: { mem: number; steps: number } } | undefined) => {
    if (!r) return;
    mem += BigInt(r.exUnits.mem);
    steps += BigInt(r.exUnits.steps);
  };
  for (const i of body.inputs) if (i.type === "Script") add(i.scriptTxIn.redeemer);
  for (const m of body.mints) if (m.type === "Plutus") add(m.redeemer);
  const max = maxTxExUnits(params);
  if (mem > max.mem || steps > max.steps) {
    throw refusal(
      TxTooLargeError,
      (at) =>
        `The scripts of this transaction need ${mem} memory units and ${steps} steps, more than the ledger allows per transaction ` +
        `(${max.mem} and ${max.steps}): ${advice(at)}.`,
    );
  }
  // Mesh prices the fee on a copy with mock signatures: fee = a × size + b + reference-script fee +
  // the scripts' ExUnits price, so the fee gives back the signed size.
  const fee = BigInt(body.fee);
  const exUnitsPrice = BigInt(Math.floor(Number(mem) * params.priceMem + Number(steps) * params.priceStep));
  const priced = Number((fee - BigInt(params.minFeeB) - builder.calculateRefScriptFee() - exUnitsPrice) / BigInt(params.minFeeA));
  const size = Math.max(hex.length / 2, priced);
  if (size > params.maxTxSize) {
    throw refusal(TxTooLargeError, (at) => `The transaction would be ${size} bytes, more than the ledger's maximum of ${params.maxTxSize}: ${advice(at)}.`);
  }
}

function explain(error: unknown): Error {
  const failure = builderFailureOf(error);
  switch (failure.kind) {
    case "script-refused":
      // The scripts trace short codes; the answer names each rule in words (traces.ts).
      return new UnprocessableError(`A tournament script refuses this transaction: ${explainTraces(failure.reason)}`);
    case "insufficient":
      return refusal(InsufficientFundsError, (at) => `Not enough ADA in ${at("utxos")} to pay the outputs and the fee: ${failure.message}. Pass more or larger UTxOs.`);
    case "too-many-inputs":
      return new TxTooLargeError(`The transaction does not fit in the ledger's maximum size: pass fewer, larger UTxOs or add fewer registrations.`);
    default:
      return cannotBuild(failure);
  }
}

/** Balances, evaluates and serializes the plan; throws a 4xx that says what to change. */
export async function buildTournamentTx(plan: TournamentTxPlan, chain: ChainPort): Promise<BuiltTx> {
  const params = await chain.protocolParameters();
  const runsScripts = plan.scriptInputs.length > 0 || plan.mint !== undefined;
  const collateral = runsScripts ? collateralOf(plan) : null;
  // Every tournament script is Plutus V2: the script data hash covers the network's V2 cost model.
  const builder = assemble(plan, params, chain, collateral).setCostModels(meshCostModels(params, runsScripts ? ["PlutusV2"] : []));
  let hex: string;
  try {
    hex = await builder.complete();
  } catch (error) {
    if (error instanceof UnprocessableError || error instanceof BadRequestError) throw error;
    throw explain(error);
  }
  checkLimits(builder, hex, params, plan.tooLarge ?? ((at) => `pass fewer, larger UTxOs in ${at("utxos")}`));
  const parts = splitTransaction(fromHex(hex));
  return { hash: txIdOfBody(parts.body), complete: hex, fee: BigInt(builder.meshTxBuilderBody.fee) };
}
