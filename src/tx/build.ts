// The general transaction builder: request → plan → inputs → outputs → balanced transaction.
import type { EraHistory } from "../cardano/era-history.js";
import type { ChainPort, Protocol, Tip } from "../chain/port.js";
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
  /** null when the instance has no chain backend (then utxos are required and time comes from `tip`). */
  readonly chain: ChainPort | null;
  readonly params: Protocol;
  /** The chain tip: its time is "now", the default start of the validity interval. */
  readonly tip: Tip;
  /** Unix time → slot for this network. */
  readonly eraHistory: EraHistory;
}

export async function buildTransaction(request: BuildRequest, context: BuildContext): Promise<BuildResult> {
  const nowSeconds = Math.floor(context.tip.time / 1000);
  const plan = planBuild(request, context.network, nowSeconds);
  const inputs = await resolveInputs(plan, context.chain);
  const outputs = settleOutputs(plan.outputs, context.params);
  checkAssets(plan, outputs, inputs);
  const slots = validitySlots(plan, context.tip, context.eraHistory);
  return completeTransaction({ plan, outputs, inputs, params: context.params, slots });
}
