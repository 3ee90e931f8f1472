// The general transaction builder: request → plan → inputs → outputs → balanced transaction.
import type { ChainPort, Protocol, Tip } from "../chain/port.js";
import type { Network } from "../config.js";
import { BadRequestError } from "../errors.js";
import { completeTransaction, type BuildResult } from "./complete.js";
import { checkAssets, resolveInputs } from "./inputs.js";
import { settleOutputs } from "./outputs.js";
import { planBuild } from "./payload.js";
import type { BuildRequest } from "./request.js";

export type { BuildRequest, BuildResult };

export interface BuildContext {
  readonly network: Network;
  /** null when the instance has no chain backend (then utxos are required and time comes from `tip`). */
  readonly chain: ChainPort | null;
  readonly params: Protocol;
  /** The chain tip: the anchor of Unix time → slot conversion. */
  readonly tip: Tip;
}

/**
 * Unix seconds → slot, relative to the tip (every Shelley-era network has one-second slots).
 * Times inside a slot round down to it.
 */
export function slotAt(unixSeconds: number, tip: Tip): number {
  const slot = tip.slot + Math.floor((unixSeconds * 1000 - tip.time) / 1000);
  if (slot < 0) throw new BadRequestError(`body.validityInterval: ${unixSeconds} is before the start of the chain.`);
  return slot;
}

export async function buildTransaction(request: BuildRequest, context: BuildContext): Promise<BuildResult> {
  const nowSeconds = Math.floor(context.tip.time / 1000);
  const plan = planBuild(request, context.network, nowSeconds);
  const inputs = await resolveInputs(plan, context.chain);
  const outputs = settleOutputs(plan.outputs, context.params);
  checkAssets(plan, outputs, inputs);
  const slots = {
    start: plan.validity.start === null ? null : slotAt(plan.validity.start, context.tip),
    end: plan.validity.end === null ? null : slotAt(plan.validity.end, context.tip),
  };
  return completeTransaction({ plan, outputs, inputs, params: context.params, slots });
}
