// Ogmios v6 ledger-state answers (types from @cardano-ogmios/schema) → the domain: protocol
// parameters in Mesh's shape, and slots to wall-clock time through the era summaries.
import type { EraSummary, ProtocolParameters, RewardAccountSummary } from "@cardano-ogmios/schema";
import type { Credential } from "../../cardano/certificates.js";
import { poolKeyHash } from "../../cardano/delegatees.js";
import type { ChainParameters, CostModels, StakeAccount } from "../port.js";
import { costModelOf } from "../protocol-params.js";

const num = (value: number | bigint | undefined, field: string): number => {
  if (value === undefined) throw new Error(`the protocol parameters lack ${field}`);
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`${field} is not a number`);
  return n;
};

/** "577/10000" → 0.0577. */
export function ratio(value: string | undefined, field: string): number {
  if (value === undefined) throw new Error(`the protocol parameters lack ${field}`);
  const match = /^(-?\d+)\/(\d+)$/.exec(value);
  if (!match || Number(match[2]) === 0) throw new Error(`${field} is not a ratio: ${value}`);
  return Number(match[1]) / Number(match[2]);
}

const OGMIOS_LANGUAGES = { PlutusV1: "plutus:v1", PlutusV2: "plutus:v2", PlutusV3: "plutus:v3" } as const;

/**
 * The cost models of `plutusCostModels` ({"plutus:v1": [...], ...}, the ledger's ordered lists).
 * A language absent or not a list of integers is left out (a build running it is then refused).
 */
export function costModelsFromOgmios(models: ProtocolParameters["plutusCostModels"]): CostModels {
  const costModels: { -readonly [L in keyof CostModels]: CostModels[L] } = {};
  if (models === null || models === undefined || typeof models !== "object") return costModels;
  for (const [language, key] of Object.entries(OGMIOS_LANGUAGES) as [keyof CostModels, string][]) {
    const costs = costModelOf((models as Record<string, unknown>)[key]);
    if (costs) costModels[language] = costs;
  }
  return costModels;
}

export function protocolFromOgmios(p: ProtocolParameters, epoch: number): ChainParameters {
  const perTx = p.maxExecutionUnitsPerTransaction;
  const perBlock = p.maxExecutionUnitsPerBlock;
  if (!perTx || !perBlock || !p.scriptExecutionPrices)
    throw new Error("the protocol parameters lack the Plutus limits and prices (pre-Alonzo era?)");
  return {
    epoch,
    minFeeA: num(p.minFeeCoefficient, "minFeeCoefficient"),
    minFeeB: num(p.minFeeConstant.ada.lovelace, "minFeeConstant"),
    maxBlockSize: num(p.maxBlockBodySize.bytes, "maxBlockBodySize"),
    maxTxSize: num(p.maxTransactionSize?.bytes, "maxTransactionSize"),
    maxBlockHeaderSize: num(p.maxBlockHeaderSize.bytes, "maxBlockHeaderSize"),
    keyDeposit: num(p.stakeCredentialDeposit.ada.lovelace, "stakeCredentialDeposit"),
    poolDeposit: num(p.stakePoolDeposit.ada.lovelace, "stakePoolDeposit"),
    decentralisation:
      p.federatedBlockProductionRatio === undefined
        ? 0
        : ratio(p.federatedBlockProductionRatio, "federatedBlockProductionRatio"),
    minPoolCost: p.minStakePoolCost.ada.lovelace.toString(),
    priceMem: ratio(p.scriptExecutionPrices.memory, "scriptExecutionPrices.memory"),
    priceStep: ratio(p.scriptExecutionPrices.cpu, "scriptExecutionPrices.cpu"),
    maxTxExMem: String(perTx.memory),
    maxTxExSteps: String(perTx.cpu),
    maxBlockExMem: String(perBlock.memory),
    maxBlockExSteps: String(perBlock.cpu),
    maxValSize: num(p.maxValueSize?.bytes, "maxValueSize"),
    collateralPercent: num(p.collateralPercentage, "collateralPercentage"),
    maxCollateralInputs: num(p.maxCollateralInputs, "maxCollateralInputs"),
    coinsPerUtxoSize: num(p.minUtxoDepositCoefficient, "minUtxoDepositCoefficient"),
    minFeeRefScriptCostPerByte: p.minFeeReferenceScripts?.base ?? 0,
    costModels: costModelsFromOgmios(p.plutusCostModels),
  };
}

/** The era a slot falls in: the last known era also covers slots past its end (its safe zone). */
function eraOfSlot(slot: number, summaries: readonly EraSummary[]): EraSummary {
  const era =
    summaries.find((s) => slot >= s.start.slot && (s.end === undefined || slot < s.end.slot)) ?? summaries.at(-1);
  if (!era) throw new Error("Ogmios returned no era summaries");
  return era;
}

/** Unix milliseconds of the start of `slot`. */
export function slotToTime(slot: number, systemStart: number, summaries: readonly EraSummary[]): number {
  const era = eraOfSlot(slot, summaries);
  return (
    systemStart +
    Number(era.start.time.seconds) * 1000 +
    (slot - era.start.slot) * Number(era.parameters.slotLength.milliseconds)
  );
}

/** Unix milliseconds at which `epoch` ends. */
export function epochEnd(epoch: number, systemStart: number, summaries: readonly EraSummary[]): number {
  const era =
    summaries.find((s) => epoch >= s.start.epoch && (s.end === undefined || epoch < s.end.epoch)) ?? summaries.at(-1);
  if (!era) throw new Error("Ogmios returned no era summaries");
  const endSlot = era.start.slot + (epoch - era.start.epoch + 1) * era.parameters.epochLength;
  return (
    systemStart +
    Number(era.start.time.seconds) * 1000 +
    (endSlot - era.start.slot) * Number(era.parameters.slotLength.milliseconds)
  );
}

/** Whether the summaries still describe `slot` with certainty (it is before the last era's end). */
export const summariesCover = (slot: number, summaries: readonly EraSummary[]): boolean => {
  const last = summaries.at(-1);
  return last !== undefined && (last.end === undefined || slot < last.end.slot);
};

/**
 * queryLedgerState/rewardAccountSummaries → the account of `credential`: registered when the
 * answer has its summary (Ogmios lists registered credentials only), with its pool (a pool1… id)
 * and DRep. An answer that keys the summaries by credential (an object, not a list) is read too.
 */
export function stakeAccountFromOgmios(result: unknown, credential: Credential): StakeAccount {
  const summaries = (
    Array.isArray(result) ? result : result !== null && typeof result === "object" ? Object.values(result) : null
  ) as RewardAccountSummary[] | null;
  if (summaries === null) throw new Error("the reward account summaries are not a list");
  const origin = credential.kind === "key" ? "verificationKey" : "script";
  const summary = summaries.find(
    (s) => s?.credential === credential.hash && (s.from === undefined || s.from === origin),
  );
  if (!summary) return { registered: false, pool: null, drep: null };
  const pool = summary.stakePool?.id ?? null;
  const d = summary.delegateRepresentative;
  let drep: StakeAccount["drep"] = null;
  if (d?.type === "abstain") drep = { kind: "always-abstain" };
  else if (d?.type === "noConfidence") drep = { kind: "always-no-confidence" };
  else if (d?.type === "registered") {
    if (!/^[0-9a-f]{56}$/.test(d.id))
      throw new Error(`the delegate representative ${String(d.id)} is not a 28-byte hash`);
    drep = { kind: d.from === "script" ? "script" : "key", hash: d.id };
  } else if (d !== undefined)
    throw new Error(`a delegate representative of type ${String((d as { type?: unknown }).type)}`);
  return { registered: true, pool: pool === null ? null : poolKeyHash(pool, "stakePool.id"), drep };
}
