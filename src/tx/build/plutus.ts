// Plutus in POST /transactions/build, phase 1: scriptInteractions (spend a UTxO at a validator's
// address, or mint under a Plutus policy) → the scripts the transaction runs and each redeemer as
// Plutus data CBOR. Redeemers and datums given as JSON are converted by the schema of the
// validator's blueprint; CBOR was checked to decode at the edge (the route's to-domain.ts).
import { parseAmount } from "../../cardano/amount.js";
import { BadRequestError, refusal } from "../../errors.js";
import type { BuildIntent, DataIntent, PlannedMint, PlannedScript, PlannedSpend, PlutusPlan } from "./request.js";
import { plutusDataOf, scriptOf, type KnownScript, type ScriptBook } from "./scripts.js";

function redeemerOf(script: KnownScript, purpose: string, redeemer: DataIntent | undefined, field: string): string {
  if (redeemer === undefined) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(`${field}.redeemer`)} is missing: a script runs with a redeemer ({type:"json", value} by its blueprint's schema, or CBOR hex).`,
    );
  }
  if (redeemer.type === "cbor") return redeemer.cbor;
  return plutusDataOf(script, purpose, "redeemer", redeemer.value, `${field}.redeemer.value`);
}

const planned = (s: KnownScript): PlannedScript & { ref: KnownScript["ref"] } => ({
  hash: s.validator.hash,
  version: s.validator.version,
  compiledCode: s.validator.compiledCode,
  ref: s.ref,
});

/**
 * The Plutus part of the plan: spends, mint redeemers and the scripts they run. `plutusPolicies`
 * are the policy ids of mint[] entries of type "plutus". Null when the request runs no script.
 */
export function planPlutus(
  request: BuildIntent,
  book: ScriptBook,
  mints: readonly PlannedMint[],
  plutusPolicies: ReadonlySet<string>,
): PlutusPlan | null {
  const interactions = request.scriptInteractions ?? [];
  if (interactions.length === 0 && plutusPolicies.size === 0) return null;
  const scripts = new Map<string, PlannedScript & { ref: KnownScript["ref"] }>();
  const spends: PlannedSpend[] = [];
  const mintRedeemers = new Map<string, string>();
  const seen = new Set<string>();
  interactions.forEach((interaction, i) => {
    const field = `scriptInteractions[${i}]`;
    const hash = interaction.hash.toLowerCase();
    const script = scriptOf(book, hash, `${field}.hash`);
    scripts.set(hash, planned(script));
    if (interaction.purpose === "mint") {
      if (mintRedeemers.has(hash))
        throw refusal(
          BadRequestError,
          (at) => `${at(field)} repeats the mint of policy ${hash}: one redeemer runs a policy once per transaction.`,
        );
      if (!mints.some((m) => m.policyId === hash)) {
        throw refusal(
          BadRequestError,
          (at) =>
            `${at(field)} runs policy ${hash}, but mint[] mints and burns nothing under it: add the assets to mint[] with type "plutus".`,
        );
      }
      mintRedeemers.set(hash, redeemerOf(script, "mint", interaction.redeemer, field));
      return;
    }
    if (interaction.outputRef === undefined) {
      throw refusal(
        BadRequestError,
        (at) => `${at(`${field}.outputRef`)} is missing: a spend names the UTxO it spends as {txHash, index}.`,
      );
    }
    const index = parseAmount(interaction.outputRef.index, `${field}.outputRef.index`);
    if (index > 65535n)
      throw refusal(
        BadRequestError,
        (at) => `${at(`${field}.outputRef.index`)} is larger than an output index can be.`,
      );
    const outRef = { txHash: interaction.outputRef.txHash.toLowerCase(), index: Number(index) };
    const key = `${outRef.txHash}#${outRef.index}`;
    if (seen.has(key))
      throw refusal(
        BadRequestError,
        (at) => `${at(`${field}.outputRef`)} ${key} is spent by an earlier scriptInteraction already.`,
      );
    seen.add(key);
    const datum =
      interaction.datum === undefined
        ? undefined
        : interaction.datum.type === "cbor"
          ? interaction.datum.cbor
          : plutusDataOf(script, "spend", "datum", interaction.datum.value, `${field}.datum`);
    spends.push({
      outRef,
      hash,
      redeemer: redeemerOf(script, "spend", interaction.redeemer, field),
      ...(datum === undefined ? {} : { datum }),
      field,
    });
  });
  for (const policyId of plutusPolicies) {
    if (!mintRedeemers.has(policyId)) {
      const i = (request.mint ?? []).findIndex((m) => m.policyId.toLowerCase() === policyId);
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`mint[${i}].policyId`)} ${policyId} is a Plutus policy, and scriptInteractions has no {purpose:"mint", hash:"${policyId}", redeemer} to run it with.`,
      );
    }
  }
  return { scripts, spends, mintRedeemers };
}
