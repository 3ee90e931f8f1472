// One source of protocol parameters per network, passed both to the transaction builder (Mesh)
// and to the ledger that validates (the devnet's Scalus emulator). If the two disagreed, the
// builder would compute fees or min-UTxO values that the ledger refuses.
import type { Protocol } from "../cardano/types.js";
import { PLUTUS_V1_COST_MODEL, PLUTUS_V2_COST_MODEL, PLUTUS_V3_COST_MODEL } from "./default-cost-models.js";
import type { ChainParameters } from "./port.js";

/**
 * The devnet's protocol parameters, in Mesh's shape. The Scalus emulator's parameters are fixed
 * (Conway-era mainnet values): they equal Mesh's DEFAULT_PROTOCOL_PARAMETERS (@meshsdk/common
 * 1.9.1, written out here so that the service does not load Mesh; test/chain/protocol-params.test.ts
 * checks they still agree) except the maximum memory of a transaction, which is 16.5 M units (Mesh's
 * default says 16 M). test/chain/devnet/devnet.test.ts ("evaluates exactly what the ledger
 * charges") checks this: a budget of 16,500,001 memory units is refused, naming the maximum of
 * 16,500,000, and a transaction whose fee is exactly the computed minimum is accepted.
 */
export const DEVNET_PROTOCOL_PARAMETERS: Readonly<Protocol> = Object.freeze({
  epoch: 0,
  coinsPerUtxoSize: 4310,
  priceMem: 0.0577,
  priceStep: 0.0000721,
  minFeeA: 44,
  minFeeB: 155381,
  keyDeposit: 2000000,
  maxTxSize: 16384,
  maxValSize: 5000,
  poolDeposit: 500000000,
  maxCollateralInputs: 3,
  decentralisation: 0,
  maxBlockSize: 98304,
  collateralPercent: 150,
  maxBlockHeaderSize: 1100,
  minPoolCost: "340000000",
  maxTxExMem: "16500000",
  maxTxExSteps: "10000000000",
  maxBlockExMem: "80000000",
  maxBlockExSteps: "40000000000",
  minFeeRefScriptCostPerByte: 15,
});

/** Plutus cost models of the devnet, indexed by language: [PlutusV1, PlutusV2, PlutusV3]. */
export const DEVNET_COST_MODELS: readonly (readonly number[])[] = Object.freeze([
  PLUTUS_V1_COST_MODEL,
  PLUTUS_V2_COST_MODEL,
  PLUTUS_V3_COST_MODEL,
]);

/** Cost models keyed by language name, the shape Mesh's fetchers and evaluators use. */
export const DEVNET_COST_MODELS_BY_LANGUAGE: Readonly<Record<"PlutusV1" | "PlutusV2" | "PlutusV3", readonly number[]>> =
  Object.freeze({
    PlutusV1: DEVNET_COST_MODELS[0] ?? [],
    PlutusV2: DEVNET_COST_MODELS[1] ?? [],
    PlutusV3: DEVNET_COST_MODELS[2] ?? [],
  });

/** The devnet's parameters as the chain port gives them: with the cost models the emulator applies. */
export const DEVNET_CHAIN_PARAMETERS: Readonly<ChainParameters> = Object.freeze({
  ...DEVNET_PROTOCOL_PARAMETERS,
  costModels: DEVNET_COST_MODELS_BY_LANGUAGE,
});

/**
 * One language's cost model from a backend's answer: a non-empty list of integers (numbers or
 * bigints within 2^53), copied; undefined for anything else (absent, truncated, not integers).
 */
export function costModelOf(value: unknown): number[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const costs: number[] = [];
  for (const v of value as unknown[]) {
    const n = typeof v === "bigint" ? Number(v) : v;
    if (typeof n !== "number" || !Number.isSafeInteger(n) || (typeof v === "bigint" && BigInt(n) !== v))
      return undefined;
    costs.push(n);
  }
  return costs;
}

// The limits and cost-model readings live with the codecs (the assembly path reads them too).
export { maxTxExUnits, meshCostModels } from "../cardano/protocol-params.js";
