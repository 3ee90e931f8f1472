// Pure readings of the protocol parameters a transaction is built and checked against: the
// execution-unit limits of one transaction, and the cost models its script data hash covers.
// The assembly path (src/txcore/) and the chain's backends (the devnet, the cross-checked
// evaluation) read them alike; the chain port's ChainParameters have these fields.
import type { Protocol } from "./types.js";
import { ChainUnavailableError } from "../errors.js";

const LANGUAGES = ["PlutusV1", "PlutusV2", "PlutusV3"] as const;

type Language = (typeof LANGUAGES)[number];

/**
 * The network's cost models as MeshTxBuilder.setCostModels takes them ([PlutusV1, PlutusV2,
 * PlutusV3]), so that the script data hash (and every evaluation Mesh asks for) uses them, never
 * Mesh's defaults. `languages` are those the transaction runs: a 503 if the backend gave no cost
 * model for one of them. A language it does not run is never hashed (an empty list stands in).
 */
export function meshCostModels(
  params: { readonly costModels: { readonly [L in Language]?: readonly number[] } },
  languages: readonly Language[],
): number[][] {
  for (const language of languages) {
    if (!params.costModels[language]) {
      throw new ChainUnavailableError(
        `The chain backend gave no usable ${language} cost model with the protocol parameters: a transaction running a ${language} script cannot be built without it.`,
      );
    }
  }
  return LANGUAGES.map((language) => [...(params.costModels[language] ?? [])]);
}

/** The execution-unit limits of one transaction, as numbers the builder and ledger both check. */
export function maxTxExUnits(params: Protocol): { mem: bigint; steps: bigint } {
  return { mem: BigInt(params.maxTxExMem), steps: BigInt(params.maxTxExSteps) };
}
