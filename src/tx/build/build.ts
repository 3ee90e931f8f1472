// The general transaction builder: request → plan → inputs → outputs → balanced transaction. It
// reads what it needs from the chain itself: the protocol parameters, the tip (its time is "now",
// the default start of the validity interval), when the request gives none, the UTxOs and, for
// delegations, whether each account's stake credential is registered.
import type { EraHistory } from "../../cardano/era-history.js";
import type { ChainPort } from "../../chain/port.js";
import type { Network } from "../../config.js";
import { withCip68Updates } from "./cip68-updates.js";
import { completeTransaction, mintOf, type BuildResult } from "./complete.js";
import { delegationCertificates } from "./delegations.js";
import { checkAssets, resolveInputs } from "./inputs.js";
import { settleOutputs } from "./outputs.js";
import { planBuild } from "./plan.js";
import { resolvePlutus } from "./plutus-inputs.js";
import { gatherScripts, type ScriptCatalog } from "./scripts.js";
import type { BuildIntent } from "./request.js";
import { validitySlots } from "./validity.js";

export type { BuildIntent, BuildResult };

export interface BuildContext {
  readonly network: Network;
  readonly chain: ChainPort;
  /** Unix time → slot for this network. */
  readonly eraHistory: EraHistory;
  /** The caller's stored blueprints' validators (POST /blueprints); absent: only preloadedScripts. */
  readonly scripts?: ScriptCatalog;
}

export async function buildTransaction(request: BuildIntent, context: BuildContext): Promise<BuildResult> {
  const [params, tip, book] = await Promise.all([
    context.chain.protocolParameters(),
    context.chain.tip(),
    gatherScripts(request, context.scripts),
  ]);
  // CIP-68 metadata updates add the reference tokens' outputs to spend and re-create.
  const plan = await withCip68Updates(
    planBuild(request, context.network, Math.floor(tip.time / 1000), book),
    context.chain,
    params,
  );
  const inputs = await resolveInputs(plan, context.chain);
  const outputs = settleOutputs(plan.outputs, params);
  const plutus = plan.plutus
    ? await resolvePlutus(
        plan.plutus,
        mintOf(plan),
        inputs.references,
        [...inputs.pool, ...inputs.required],
        params,
        context.chain,
      )
    : null;
  checkAssets(plan, outputs, inputs, plutus?.spends.map((s) => s.utxo) ?? []);
  const slots = validitySlots(plan, tip, context.eraHistory);
  const certificates = await delegationCertificates(plan.delegations, context.chain, params);
  return completeTransaction({ plan, outputs, inputs, params, slots, certificates, plutus }, context.chain);
}
