// Plutus in POST /transactions/build, phase 2: what the plan's scripts need from the chain. The
// UTxOs spent (each at its validator's address, with the datum the script will read), where each
// script comes from (a reference input that carries it, from the request's referenceInputs or
// the deployment its blueprint records, else the witness set), and the collateral.
import type { UTxO } from "../../cardano/types.js";
import { paymentCredentialOf } from "../../cardano/address-rules.js";
import { CborReader, CborWriter } from "../../cardano/cbor.js";
import { collateralFrom } from "../../cardano/collateral.js";
import type { InlineScript, PlutusDraft, PlutusSpend, PlutusVersion, ScriptReference } from "../../txcore/balance.js";
import { datumHashOf } from "../../cardano/tx-encode.js";
import { fromHex, toHex } from "../../cardano/tx-cbor.js";
import { outRef, outRefOf, requireUtxoWithinLimits } from "../../cardano/utxo.js";
import type { ChainParameters, ChainPort, OutRef } from "../../chain/port.js";
import { meshCostModels } from "../../cardano/protocol-params.js";
import { BadRequestError, refusal } from "../../errors.js";
import type { PlannedScript, PlutusPlan } from "./request.js";

const LANGUAGE: Record<PlutusVersion, number> = { V1: 1, V2: 2, V3: 3 };
const MESH_LANGUAGE = { V1: "PlutusV1", V2: "PlutusV2", V3: "PlutusV3" } as const;

/** Whether a UTxO's script_ref ([language, bytes]) is this script. */
function carries(utxo: UTxO, script: PlannedScript): boolean {
  if (!utxo.output.scriptRef) return false;
  try {
    const reader = new CborReader(fromHex(utxo.output.scriptRef));
    reader.arrayLength();
    return (
      reader.smallUint() === LANGUAGE[script.version] &&
      toHex(reader.bytesValue()) === script.compiledCode.toLowerCase()
    );
  } catch {
    return false;
  }
}

/** The spent UTxOs, checked: each unspent, at its validator's address, with a datum the script can read. */
async function spendsOf(plan: PlutusPlan, chain: ChainPort): Promise<PlutusSpend[]> {
  if (plan.spends.length === 0) return [];
  const found = new Map((await chain.utxosByRef(plan.spends.map((s) => s.outRef))).map((u) => [outRefOf(u), u]));
  return plan.spends.map((spend) => {
    const ref = outRef(spend.outRef.txHash, spend.outRef.index);
    const utxo = found.get(ref);
    if (utxo === undefined)
      throw refusal(BadRequestError, (at) => `${at(`${spend.field}.outputRef`)} ${ref} is spent or unknown on chain.`);
    requireUtxoWithinLimits(utxo, `${spend.field}.outputRef`);
    const credential = paymentCredentialOf(utxo.output.address);
    if (credential?.isScript !== true || credential.hash !== spend.hash) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`${spend.field}.outputRef`)} ${ref} is at ${utxo.output.address}, not at the address of validator ${spend.hash} that ${at(`${spend.field}.hash`)} names.`,
      );
    }
    const version = plan.scripts.get(spend.hash)!.version;
    if (utxo.output.plutusData !== undefined) {
      if (spend.datum !== undefined)
        throw refusal(
          BadRequestError,
          (at) => `${at(`${spend.field}.datum`)} is given, but ${ref} holds its datum inline: leave datum out.`,
        );
      return { utxo, redeemer: spend.redeemer };
    }
    if (utxo.output.dataHash !== undefined) {
      if (spend.datum === undefined) {
        throw refusal(
          BadRequestError,
          (at) =>
            `${ref} holds only the hash of its datum (${utxo.output.dataHash}): give the datum in ${at(`${spend.field}.datum`)}.`,
        );
      }
      if (datumHashOf(spend.datum) !== utxo.output.dataHash) {
        throw refusal(
          BadRequestError,
          (at) =>
            `${at(`${spend.field}.datum`)} hashes to ${datumHashOf(spend.datum!)}, but ${ref} holds datum hash ${utxo.output.dataHash}.`,
        );
      }
      return { utxo, redeemer: spend.redeemer, datum: spend.datum };
    }
    if (version !== "V3") {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`${spend.field}.outputRef`)} ${ref} holds no datum, and a Plutus ${version} validator cannot be run without one: the ledger refuses to spend it.`,
      );
    }
    return { utxo, redeemer: spend.redeemer };
  });
}

/**
 * Where each script comes from: a reference input that carries it (one of the request's
 * referenceInputs, or the deployment its blueprint records, if still unspent), else the witness set.
 */
async function sourcesOf(
  plan: PlutusPlan,
  references: readonly UTxO[],
  chain: ChainPort,
): Promise<{ inline: InlineScript[]; byReference: ScriptReference[] }> {
  const recorded = [...plan.scripts.values()].flatMap((s) => (s.ref ? [s.ref] : []));
  const deployed: UTxO[] = recorded.length > 0 ? await chain.utxosByRef(recorded) : [];
  const inline: InlineScript[] = [];
  const byReference: ScriptReference[] = [];
  for (const script of plan.scripts.values()) {
    const holder =
      references.find((u) => carries(u, script)) ??
      deployed.find(
        (u) => carries(u, script) && script.ref !== null && outRefOf(u) === outRef(script.ref.txHash, script.ref.index),
      );
    if (holder)
      byReference.push({
        txHash: holder.input.txHash,
        index: holder.input.outputIndex,
        scriptSize: script.compiledCode.length / 2,
      });
    else
      inline.push({
        version: script.version,
        code: toHex(new CborWriter().bytes(fromHex(script.compiledCode)).finish()),
      });
  }
  return { inline, byReference };
}

/** The draft's Plutus part; `utxos` are those the build may spend (the collateral comes from them). */
export async function resolvePlutus(
  plan: PlutusPlan,
  mint: ReadonlyMap<string, bigint>,
  references: readonly UTxO[],
  utxos: readonly UTxO[],
  params: ChainParameters,
  chain: ChainPort,
): Promise<PlutusDraft> {
  const [spends, sources] = await Promise.all([spendsOf(plan, chain), sourcesOf(plan, references, chain)]);
  const collateral = collateralFrom(utxos, params.coinsPerUtxoSize);
  if (collateral === undefined) {
    throw refusal(
      BadRequestError,
      (at) =>
        `The transaction runs Plutus scripts and needs collateral: ${at("utxos")} (or the change address's UTxOs) must include a UTxO holding only ADA, ` +
        "at least 5 ADA, at a key address, with no datum or reference script (or one that also holds tokens and enough ADA more to give them back).",
    );
  }
  const versions = [...new Set([...plan.scripts.values()].map((s) => s.version))];
  // The script data hash covers the cost model of every version run: a 503 when the network gives none.
  const models = meshCostModels(
    params,
    versions.map((v) => MESH_LANGUAGE[v]),
  );
  const costModels: Partial<Record<PlutusVersion, readonly number[]>> = {};
  for (const v of versions) costModels[v] = models[LANGUAGE[v] - 1]!;
  const mints = [...plan.mintRedeemers].map(([policyId, redeemer]) => {
    const assets = new Map<string, bigint>();
    for (const [unit, quantity] of mint) if (unit.startsWith(policyId)) assets.set(unit.slice(56), quantity);
    return { policyId, assets, redeemer };
  });
  return {
    spends,
    mints,
    inlineScripts: sources.inline,
    scriptReferences: sources.byReference,
    costModels,
    collateral,
    budgets: new Map(),
  };
}

export type { OutRef };
