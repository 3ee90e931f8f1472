// The general transaction builder: request → plan → inputs → outputs → balanced transaction. It
// reads what it needs from the chain itself: the protocol parameters, the tip (its time is "now",
// the default start of the validity interval) and, when the request gives none, the UTxOs.
import type { EraHistory } from "../cardano/era-history.js";
import type { ChainPort } from "../chain/port.js";
import type { Network } from "../config.js";
import { completeTransaction, type BuildResult } from "./complete.js";
import { checkAssets, resolveInputs } from "./inputs.js";
import { settleOutputs } from "./outputs.js";
import { planBuild } from "./plan.js";
import type { BuildRequest } from "./request.js";
import { validitySlots } from "./validity.js";

export type { BuildRequest, BuildResult };

export interface BuildContext {
  readonly network: Network;
  readonly chain: ChainPort;
  /** Unix time → slot for this network. */
  readonly eraHistory: EraHistory;
}

export async function buildTransaction(request: BuildRequest, context: BuildContext): Promise<BuildResult> {
  const [params, tip] = await Promise.all([context.chain.protocolParameters(), context.chain.tip()]);
  const plan = planBuild(request, context.network, Math.floor(tip.time / 1000));
  const inputs = await resolveInputs(plan, context.chain);
  const outputs = settleOutputs(plan.outputs, params);
  checkAssets(plan, outputs, inputs);
  const slots = validitySlots(plan, tip, context.eraHistory);
  return completeTransaction({ plan, outputs, inputs, params, slots });
}
