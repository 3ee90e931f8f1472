// Phase 4: assembles the MeshTxBuilder, balances (coin selection, fee, change), checks what Mesh
// does not (transaction size), turns Mesh's failures into actionable 4xx, and splits the result
// into {hash, complete, stripped, witnessSet, auxiliaryData}.
import type { Output, Protocol, UTxO } from "@meshsdk/common";
import { MeshTxBuilder } from "@meshsdk/core";
import { fromHex, joinTransaction, splitTransaction, toHex, txIdOfBody } from "../cardano/tx-cbor.js";
import type { ChainParameters } from "../chain/port.js";
import { meshCostModels } from "../chain/protocol-params.js";
import { BadRequestError, InsufficientFundsError, TxTooLargeError } from "../errors.js";
import { builderFailureOf, cannotBuild } from "./builder-failures.js";
import { available, totals, type ResolvedInputs } from "./inputs.js";
import { describeLovelace, minLovelaceOf } from "./outputs.js";
import type { BuildPlan } from "./request.js";

export interface BuildResult {
  hash: string;
  /** The fee the transaction pays, lovelace (decimal string, as the tournament answers give it). */
  fee: string;
  complete: string;
  stripped: string;
  witnessSet: string;
  auxiliaryData?: string;
}

export interface Assembly {
  readonly plan: BuildPlan;
  readonly outputs: readonly Output[];
  readonly inputs: ResolvedInputs;
  /** The chain's parameters, with its cost models. */
  readonly params: ChainParameters;
  /** Slots of the validity bounds; null: unbounded. */
  readonly slots: { readonly start: number | null; readonly end: number | null };
}

const EMPTY_MAP = Uint8Array.of(0xa0);

/** Bytes of the UTxO's reference script (0 without one): Mesh needs it for the reference-script fee. */
const scriptSize = (utxo: UTxO): number => (utxo.output.scriptRef ? utxo.output.scriptRef.length / 2 : 0);

function assemble(a: Assembly, pool: UTxO[]): MeshTxBuilder {
  const builder = new MeshTxBuilder({ params: a.params });
  // This builder runs no Plutus script (non-native scripts are refused), so no cost model enters its
  // script data hash today; the network's are still the ones Mesh gets, never its defaults.
  builder.setCostModels(meshCostModels(a.params, []));
  for (const utxo of a.inputs.required) {
    builder.txIn(utxo.input.txHash, utxo.input.outputIndex, utxo.output.amount, utxo.output.address, scriptSize(utxo));
  }
  for (const mint of a.plan.mints) {
    builder.mint(mint.quantity.toString(), mint.policyId, mint.assetNameHex).mintingScript(a.plan.mintScripts.get(mint.policyId)!);
  }
  for (const output of a.outputs) {
    builder.txOut(output.address, output.amount);
    if (output.datum?.type === "Inline") builder.txOutInlineDatumValue(output.datum.data.content as string, "CBOR");
    // A hash datum also travels in the witness set, so that `complete` carries every datum.
    if (output.datum?.type === "Embedded") builder.txOutDatumEmbedValue(output.datum.data.content as string, "CBOR");
  }
  for (const ref of a.inputs.references) builder.readOnlyTxInReference(ref.input.txHash, ref.input.outputIndex, scriptSize(ref));
  for (const signer of a.plan.requiredSigners) builder.requiredSignerHash(signer);
  for (const [label, value] of a.plan.metadata) builder.metadataValue(label, value);
  if (a.slots.start !== null) builder.invalidBefore(a.slots.start);
  if (a.slots.end !== null) builder.invalidHereafter(a.slots.end);
  return builder.changeAddress(a.plan.changeAddress).selectUtxosFrom(pool);
}

/** A UTxO no wallet holds, as large as the ledger allows: a trial build with it measures the fee. */
const virtualUtxo = (address: string): UTxO => ({
  input: { txHash: "0".repeat(64), outputIndex: 0 },
  output: { address, amount: [{ unit: "lovelace", quantity: "45000000000000000" }] },
});

const tooLarge = (size: number, max: number): InstanceType<typeof TxTooLargeError> =>
  new TxTooLargeError(
    `The transaction would be at least ${size} bytes, more than the ledger's maximum of ${max} bytes: ` +
      "send fewer outputs or shorter metadata, or split it into several transactions.",
  );

/**
 * Mesh says "Maximum Input Count Exceeded" both when the outputs and metadata alone are too large
 * and when coin selection needs too many inputs: measuring the transaction with one input tells them apart.
 */
async function diagnoseTooLarge(a: Assembly): Promise<InstanceType<typeof TxTooLargeError>> {
  const max = a.params.maxTxSize;
  const virtual = virtualUtxo(a.plan.changeAddress);
  try {
    // Unbalanced, with one input: the smallest this transaction can be (signatures not counted).
    const trial = assemble(a, []).txIn(virtual.input.txHash, virtual.input.outputIndex, virtual.output.amount, virtual.output.address, 0);
    const size = trial.completeUnbalancedSync().length / 2;
    if (size > max) return tooLarge(size, max);
  } catch {
    // the trial failed too: fall through to the input-count explanation
  }
  return new TxTooLargeError(
    `Paying these outputs needs more inputs than fit in the ledger's maximum of ${max} bytes per transaction: ` +
      "consolidate small UTxOs first (send them to yourself in a few transactions) or pass larger ones in utxos.",
  );
}

/** The assets the change output will carry: held + minted − burnt − sent. */
function leftoverAssets(a: Assembly, holdings: ReadonlyMap<string, bigint>, sent: ReadonlyMap<string, bigint>): Map<string, bigint> {
  const leftover = new Map<string, bigint>();
  const add = (unit: string, quantity: bigint) => unit !== "lovelace" && leftover.set(unit, (leftover.get(unit) ?? 0n) + quantity);
  for (const [unit, quantity] of holdings) add(unit, quantity);
  for (const mint of a.plan.mints) add(mint.policyId + mint.assetNameHex, mint.quantity);
  for (const [unit, quantity] of sent) add(unit, -quantity);
  return new Map([...leftover].filter(([, quantity]) => quantity > 0n));
}

/** Says how much ADA is missing, from the outputs, a trial fee and what the UTxOs hold. */
async function lovelaceShortfall(a: Assembly): Promise<InstanceType<typeof InsufficientFundsError> | null> {
  let trial: MeshTxBuilder;
  try {
    // Every available UTxO spent, plus one ample input: the fee of the largest transaction this can be.
    trial = assemble(a, [virtualUtxo(a.plan.changeAddress)]);
    for (const utxo of a.inputs.pool) trial.txIn(utxo.input.txHash, utxo.input.outputIndex, utxo.output.amount, utxo.output.address, 0);
    await trial.complete();
  } catch {
    return null;
  }
  const fee = BigInt(trial.meshTxBuilderBody.fee);
  const holdings = available(a.inputs);
  const held = holdings.get("lovelace") ?? 0n;
  const sentTotals = totals(a.outputs.map((o) => o.amount));
  const sent = sentTotals.get("lovelace") ?? 0n;
  // What is left must still pay for a change output, which carries the leftover assets.
  const change = { address: a.plan.changeAddress, lovelace: held, assets: leftoverAssets(a, holdings, sentTotals), field: "change" };
  const changeMin = minLovelaceOf(change, a.params, held);
  const needed = sent + fee + changeMin;
  if (needed <= held) return null;
  return new InsufficientFundsError(
    `Not enough ADA: the outputs need ${describeLovelace(sent)}, the fee about ${describeLovelace(fee)} and the change output at least ` +
      `${describeLovelace(changeMin)}, but the available UTxOs hold ${describeLovelace(held)}: about ${describeLovelace(needed - held)} missing. ` +
      "Fund the change address or pass more utxos.",
  );
}

/** `auxiliaryData` is reported when the request asked for metadata (Mesh attaches an empty one otherwise). */
function split(hex: string, hasMetadata: boolean, fee: string): BuildResult {
  const parts = splitTransaction(fromHex(hex));
  const aux = parts.rest[1];
  const result: BuildResult = {
    hash: txIdOfBody(parts.body),
    fee,
    complete: hex,
    stripped: toHex(joinTransaction({ ...parts, witnessSet: EMPTY_MAP })),
    witnessSet: toHex(parts.witnessSet),
  };
  if (aux !== undefined && aux[0] !== 0xf6 && hasMetadata) result.auxiliaryData = toHex(aux);
  return result;
}

/**
 * The size the ledger will see once signed. Mesh prices the fee on a copy with mock signatures
 * (fee = minFeeA × size + minFeeB + reference-script fee), so the fee gives that size back
 * without serializing the transaction again.
 */
function signedSize(builder: MeshTxBuilder, hex: string, params: Protocol): number {
  const fee = BigInt(builder.meshTxBuilderBody.fee);
  const priced = (fee - BigInt(params.minFeeB) - builder.calculateRefScriptFee()) / BigInt(params.minFeeA);
  return Math.max(hex.length / 2, Number(priced));
}

/** Balances and serializes the transaction, or throws a 4xx that says what to change. */
export async function completeTransaction(a: Assembly): Promise<BuildResult> {
  const maxSize = a.params.maxTxSize;
  let builder: MeshTxBuilder;
  let hex: string;
  try {
    builder = assemble(a, a.inputs.pool);
    hex = await builder.complete();
  } catch (error) {
    const failure = builderFailureOf(error);
    if (failure.kind === "too-many-inputs") throw await diagnoseTooLarge(a);
    if (failure.kind === "script-utxo") {
      throw new BadRequestError("Coin selection spends only UTxOs at key-hash (wallet) addresses: leave UTxOs at script addresses out of utxos.");
    }
    // Whatever Mesh says, a lack of ADA is answered with how much is missing.
    const shortfall = await lovelaceShortfall(a);
    if (shortfall) throw shortfall;
    if (failure.kind === "insufficient") {
      throw new InsufficientFundsError(
        `Not enough ADA to pay the outputs, the fee and a change output: ${failure.message}. Fund the change address or pass more utxos.`,
      );
    }
    throw cannotBuild(failure);
  }
  const size = signedSize(builder, hex, a.params);
  if (size > maxSize) throw tooLarge(size, maxSize);
  return split(hex, a.plan.metadata.size > 0, String(builder.meshTxBuilderBody.fee));
}
