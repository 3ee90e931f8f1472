// One source of protocol parameters per network, passed both to the transaction builder (Mesh)
// and to the ledger that validates (the devnet's Scalus emulator). If the two disagreed, the
// builder would compute fees or min-UTxO values that the ledger refuses.
import {
  DEFAULT_PROTOCOL_PARAMETERS,
  DEFAULT_V1_COST_MODEL_LIST,
  DEFAULT_V2_COST_MODEL_LIST,
  DEFAULT_V3_COST_MODEL_LIST,
  type Protocol,
} from "@meshsdk/common";

/**
 * The devnet's protocol parameters, in Mesh's shape. The Scalus emulator's parameters are fixed
 * (Conway-era mainnet values): they equal Mesh's DEFAULT_PROTOCOL_PARAMETERS except the maximum
 * memory of a transaction, which is 16.5 M units (Mesh's default says 16 M). test/chain-devnet
 * checks this by submitting a transaction whose fee is exactly Mesh's computed minimum.
 */
export const DEVNET_PROTOCOL_PARAMETERS: Readonly<Protocol> = Object.freeze({
  ...DEFAULT_PROTOCOL_PARAMETERS,
  maxTxExMem: "16500000",
  maxTxExSteps: "10000000000",
});

/** Plutus cost models of the devnet, indexed by language: [PlutusV1, PlutusV2, PlutusV3]. */
export const DEVNET_COST_MODELS: readonly (readonly number[])[] = Object.freeze([
  Object.freeze([...DEFAULT_V1_COST_MODEL_LIST]),
  Object.freeze([...DEFAULT_V2_COST_MODEL_LIST]),
  Object.freeze([...DEFAULT_V3_COST_MODEL_LIST]),
]);

/** Cost models keyed by language name, the shape Mesh's fetchers and evaluators use. */
export const DEVNET_COST_MODELS_BY_LANGUAGE: Readonly<Record<"PlutusV1" | "PlutusV2" | "PlutusV3", readonly number[]>> = Object.freeze({
  PlutusV1: DEVNET_COST_MODELS[0] ?? [],
  PlutusV2: DEVNET_COST_MODELS[1] ?? [],
  PlutusV3: DEVNET_COST_MODELS[2] ?? [],
});

/** The execution-unit limits of one transaction, as numbers the builder and ledger both check. */
export function maxTxExUnits(params: Protocol): { mem: bigint; steps: bigint } {
  return { mem: BigInt(params.maxTxExMem), steps: BigInt(params.maxTxExSteps) };
}
