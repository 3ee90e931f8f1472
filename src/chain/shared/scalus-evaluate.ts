// Plutus evaluation with Scalus, the ledger's own rules in-process: the devnet's evaluator, and
// the local cross-check of a real-network backend's evaluation (../cross-checked-evaluation.ts).
import scalus from "scalus";
import { fromHex } from "../../cardano/tx-cbor.js";
import { UnprocessableError } from "../../errors.js";
import type { RedeemerBudget } from "../port.js";

const { Scalus, SlotConfig } = scalus;
export type ScalusSlotConfig = InstanceType<typeof SlotConfig>;

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

/** A Scalus slot config: slot `zeroSlot` begins at `zeroTimeMs`, every slot from there lasts `slotLengthMs`. */
export const scalusSlotConfig = (zeroTimeMs: number, zeroSlot: number, slotLengthMs: number): ScalusSlotConfig =>
  new SlotConfig(zeroTimeMs, zeroSlot, slotLengthMs);

/**
 * The budgets of every redeemer of `txCbor` (hex), its inputs resolved from `utxoMap` (the CBOR of
 * a Map[TransactionInput, TransactionOutput]), with `costModels` [PlutusV1, PlutusV2, PlutusV3].
 * A script that fails, or an input the map lacks, is an UnprocessableError with the script's logs.
 */
export function evaluateWithScalus(
  txCbor: string,
  utxoMap: Uint8Array,
  slotConfig: ScalusSlotConfig,
  costModels: readonly (readonly number[])[],
): RedeemerBudget[] {
  let redeemers;
  try {
    redeemers = Scalus.evalPlutusScripts(fromHex(txCbor), utxoMap, slotConfig, costModels.map((m) => [...m]));
  } catch (error) {
    const logs = (error as { logs?: unknown }).logs;
    const suffix = Array.isArray(logs) && logs.length > 0 ? ` Script logs: ${logs.join(" | ")}` : "";
    throw new UnprocessableError(`Script evaluation failed: ${(error as Error).message}${suffix}`);
  }
  return redeemers.map((r) => ({
    tag: TAGS[r.tag.toUpperCase()] ?? (r.tag.toUpperCase() as RedeemerBudget["tag"]),
    index: r.index,
    budget: { mem: Number(r.budget.memory), steps: Number(r.budget.steps) },
  }));
}
