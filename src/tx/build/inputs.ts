// Phase 2: inputs. Resolves the UTxOs the builder may spend (given, or the change address's on
// chain), the reference inputs, and checks before coin selection that every asset the outputs
// and burns need is there, saying how much is missing.
import type { Output, UTxO } from "../../cardano/types.js";
import { outRef, outRefOf, requireUtxoWithinLimits } from "../../cardano/utxo.js";
import { fromAssets, sum, type Value } from "../../cardano/value.js";
import type { ChainPort } from "../../chain/port.js";
import { BadRequestError, InsufficientFundsError, refusal } from "../../errors.js";
import type { BuildPlan } from "./request.js";

export interface ResolvedInputs {
  /** Candidates for coin selection (required inputs and UTxOs holding reference scripts left out). */
  readonly pool: UTxO[];
  readonly required: readonly UTxO[];
  readonly references: UTxO[];
}

export async function resolveInputs(plan: BuildPlan, chain: ChainPort): Promise<ResolvedInputs> {
  const given = plan.utxos ?? (await chain.utxosAt(plan.changeAddress.bech32));
  const required = new Set(plan.requiredInputs.map(outRefOf));
  const seen = new Set<string>();
  // Never picked by coin selection: UTxOs carrying a reference script (Mesh's fee would miss the
  // ledger's charge for it) and UTxOs carrying a datum (spending one as plain funds would drop the
  // datum, e.g. a CIP-68 reference token's metadata). requiredInputs can still spend them.
  const pool = given.filter((utxo) => {
    const ref = outRefOf(utxo);
    const special = utxo.output.scriptRef || utxo.output.plutusData || utxo.output.dataHash;
    if (required.has(ref) || seen.has(ref) || special) return false;
    seen.add(ref);
    return true;
  });
  let references: UTxO[] = [];
  if (plan.referenceInputs.length > 0) {
    references = await chain.utxosByRef(plan.referenceInputs);
    const found = new Set(references.map(outRefOf));
    const missing = plan.referenceInputs.map((r) => outRef(r.txHash, r.index)).filter((r) => !found.has(r));
    if (missing.length > 0)
      throw refusal(
        BadRequestError,
        (at) => `${at("referenceInputs")}: ${missing.join(", ")} is spent or unknown on chain.`,
      );
    for (const utxo of references) {
      const i = plan.referenceInputs.findIndex((r) => outRef(r.txHash, r.index) === outRefOf(utxo));
      requireUtxoWithinLimits(utxo, `referenceInputs[${i}]`);
    }
  }
  return { pool, required: plan.requiredInputs, references };
}

/** What the UTxOs the builder may spend hold together. */
export const available = (inputs: ResolvedInputs, scriptInputs: readonly UTxO[]): Value =>
  sum([...inputs.pool, ...inputs.required, ...scriptInputs].map((u) => fromAssets(u.output.amount)));

const unitName = (unit: string): string => `${unit.slice(0, 56)}.${unit.slice(56)}`;

/**
 * Refuses burns of assets the inputs do not hold, and outputs of assets neither held nor minted.
 * `scriptInputs`: the UTxOs the Plutus scripts spend, whose assets are spent too.
 */
export function checkAssets(
  plan: BuildPlan,
  outputs: readonly Output[],
  inputs: ResolvedInputs,
  scriptInputs: readonly UTxO[] = [],
): void {
  const held = available(inputs, scriptInputs).assets;
  const sent = sum(outputs.map((o) => o.value)).assets;
  // unit → the sum of its mints and burns, as balancing counts them (complete.ts mintOf); the planner
  // lists a unit once (a second mint[] entry of it is a 400), and a burn is refused at its first entry.
  const minted = new Map<string, bigint>();
  const fieldOf = new Map<string, string>();
  for (const mint of plan.mints) {
    const unit = mint.policyId + mint.assetNameHex;
    minted.set(unit, (minted.get(unit) ?? 0n) + mint.quantity);
    if (!fieldOf.has(unit)) fieldOf.set(unit, mint.field);
  }
  for (const [unit, quantity] of minted) {
    if (quantity >= 0n) continue;
    const need = -quantity + (sent.get(unit) ?? 0n);
    const have = held.get(unit) ?? 0n;
    if (have < need) {
      throw refusal(
        InsufficientFundsError,
        (at) =>
          `${at(fieldOf.get(unit)!)} burns ${-quantity} of ${unitName(unit)}, but the available UTxOs hold only ${have}` +
          `${sent.has(unit) ? ` and the outputs send ${sent.get(unit)}` : ""}: ${need - have} missing. Pass the UTxOs that hold them in utxos, or in requiredInputs when they carry a datum or a reference script.`,
      );
    }
  }
  for (const [unit, quantity] of sent) {
    const mint = minted.get(unit) ?? 0n;
    const need = quantity - (mint > 0n ? mint : 0n);
    const have = held.get(unit) ?? 0n;
    if (mint >= 0n && need > have) {
      throw new InsufficientFundsError(
        `Not enough of asset ${unitName(unit)}: the outputs send ${quantity}${mint > 0n ? `, the mints create ${mint}` : ""} and the available UTxOs hold ${have}: ${need - have} missing.`,
      );
    }
  }
}
