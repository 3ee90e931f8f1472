// Ledger rules the Scalus emulator does not enforce, checked before a transaction reaches it.
// Seen when the stack was tried (DESIGN.md, Pitfalls): the emulator accepted a transaction that
// declared 20 G steps, above the 10 G maximum. Both ExUnits limits are checked here.
import type { Protocol } from "../../cardano/types.js";
import { readWitnessSet } from "../../cardano/tx-view.js";
import { maxTxExUnits } from "../protocol-params.js";

/** The sum of the execution units the redeemers of a witness set declare. */
export function declaredExUnits(witnessSet: Uint8Array): { mem: bigint; steps: bigint } {
  let mem = 0n;
  let steps = 0n;
  for (const redeemer of readWitnessSet(witnessSet).redeemers) {
    mem += redeemer.mem;
    steps += redeemer.steps;
  }
  return { mem, steps };
}

/** The reason the declared ExUnits exceed the limits of `params`, or null when they fit. */
export function exUnitsViolation(witnessSet: Uint8Array, params: Protocol): string | null {
  const declared = declaredExUnits(witnessSet);
  const max = maxTxExUnits(params);
  const problems: string[] = [];
  if (declared.steps > max.steps) problems.push(`${declared.steps} steps (the maximum is ${max.steps})`);
  if (declared.mem > max.mem) problems.push(`${declared.mem} memory units (the maximum is ${max.mem})`);
  if (problems.length === 0) return null;
  return `ExUnitsTooBigUTxO: the redeemers declare ${problems.join(" and ")} per transaction.`;
}
