// Phase 1: the build intent → the domain plan. The route's to-domain.ts has read the addresses
// (and checked their network), the UTxO strings and key hashes; everything else that can be checked
// without the chain is checked here: amounts, asset names, datums, scripts and their hashes,
// metadata. Errors name the request's fields by their path in it.
import type { OutRef } from "../../chain/port.js";
import { parseAmount } from "../../cardano/amount.js";
import { parseOutRef } from "../../cardano/utxo.js";
import { assetNameHex } from "../../cardano/metadata.js";
import type { Network } from "../../config.js";
import { BadRequestError, refusal } from "../../errors.js";
import { planMetadata } from "./auxiliary.js";
import { planDatum } from "./datum.js";
import { planPlutus } from "./plutus.js";
import { planDelegations } from "./delegations.js";
import { planCip68Updates } from "./cip68-updates.js";
import { loadPreloadedScripts, planMints } from "./mint.js";
import { planValidity, timeLockOf } from "./validity.js";
import type { BuildPlan, BuildIntent, NativePreloadedScript, OutputIntent, PlannedOutput } from "./request.js";
import { scriptOf, type ScriptBook } from "./scripts.js";

/** One output of the request (the field `field`). */
function planOutput(output: OutputIntent, field: string, book: ScriptBook): PlannedOutput {
  const assets = new Map<string, bigint>();
  output.assets?.forEach((asset, j) => {
    const assetField = `${field}.assets[${j}]`;
    const name =
      typeof asset.assetName === "string" ? asset.assetName : assetNameHex(asset.assetName, `${assetField}.assetName`);
    if (typeof asset.assetName === "string" && !/^(?:[0-9a-fA-F]{2}){0,32}$/.test(name)) {
      throw refusal(
        BadRequestError,
        (at) => `${at(`${assetField}.assetName`)} must be hex of at most 32 bytes, or {name, format, label?}.`,
      );
    }
    const unit = asset.policyId.toLowerCase() + name.toLowerCase();
    const quantity = asset.quantity;
    if (quantity === 0n)
      throw refusal(BadRequestError, (at) => `${at(`${assetField}.quantity`)} is 0: leave the asset out instead.`);
    assets.set(unit, (assets.get(unit) ?? 0n) + quantity);
  });
  return {
    address: output.address,
    lovelace: output.lovelace ?? null,
    assets,
    ...datumAndScriptOf(output, field, book),
    field,
  };
}

/** An output's datum, or (datum type "script") the validator it carries as a reference script. */
function datumAndScriptOf(
  output: OutputIntent,
  field: string,
  book: ScriptBook,
): Pick<PlannedOutput, "datum" | "referenceScript"> {
  const datum = output.datum;
  if (datum === undefined) return {};
  if (datum.type === "script") {
    const { validator } = scriptOf(book, datum.hash, `${field}.datum.hash`);
    return {
      referenceScript: { hash: validator.hash, version: validator.version, compiledCode: validator.compiledCode },
    };
  }
  return { datum: planDatum(datum, `${field}.datum`, book) };
}

const OUT_REF = /^[0-9a-fA-F]{64}#[0-9]{1,5}$/;

function planReferenceInputs(refs: BuildIntent["referenceInputs"]): OutRef[] {
  return (refs ?? []).map((ref, i) => {
    const field = `referenceInputs[${i}]`;
    if (typeof ref === "string") {
      if (!OUT_REF.test(ref))
        throw refusal(BadRequestError, (at) => `${at(field)} must be "<64-hex tx hash>#<index>" or {txHash, index}.`);
      return parseOutRef(ref);
    }
    const index = parseAmount(ref.index, `${field}.index`);
    if (index > 65535n)
      throw refusal(BadRequestError, (at) => `${at(`${field}.index`)} is larger than an output index can be.`);
    return { txHash: ref.txHash.toLowerCase(), index: Number(index) };
  });
}

/** Features of the hosted API that this service does not build, with what to do instead (none today). */
const UNSUPPORTED: Record<string, string> = {};

/**
 * Unknown fields are ignored like the hosted API does, except its features that would silently be
 * left out: refused by name, here and only here. Answers the preloaded scripts, all native then.
 */
function refuseUnsupported(request: BuildIntent): NativePreloadedScript[] {
  const fields = request as unknown as Record<string, unknown>;
  for (const [field, reason] of Object.entries(UNSUPPORTED)) {
    if (fields[field] !== undefined)
      throw refusal(BadRequestError, (at) => `${at(field)} is not supported: ${reason}.`);
  }
  const native: NativePreloadedScript[] = [];
  (request.preloadedScripts ?? []).forEach((entry, i) => {
    if (entry.type === "plutus") return; // read with the scripts (./scripts.ts)
    if (entry.type !== "simple" || !("script" in entry)) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`preloadedScripts[${i}].type`)} "${entry.type}" is not supported: give a native script as {type:"simple", script, hash}, ` +
          `or a Plutus blueprint as {type:"plutus", blueprint} (what POST /blueprints/apply-params answers).`,
      );
    }
    native.push(entry);
  });
  return native;
}

/**
 * Phase 1 of a build: validates and normalizes the request. `nowSeconds` is the default validity
 * start; `book` holds the Plutus scripts the request names (./scripts.ts gatherScripts).
 */
export function planBuild(
  request: BuildIntent,
  network: Network,
  nowSeconds: number,
  book: ScriptBook = new Map(),
): BuildPlan {
  const preloaded = refuseUnsupported(request);
  const changeAddress = request.changeAddress;
  const outputs = (request.outputs ?? []).map((output, i) => planOutput(output, `outputs[${i}]`, book));
  const scripts = loadPreloadedScripts(preloaded);
  const plutusPolicies = new Set(
    (request.mint ?? []).filter((m) => m.type === "plutus").map((m) => m.policyId.toLowerCase()),
  );
  const placed = new Set(outputs.flatMap((o) => [...o.assets.keys()]));
  const mint = planMints(request, changeAddress, scripts, { plutusPolicies, placed });
  return {
    changeAddress,
    utxos: request.utxos,
    requiredInputs: request.requiredInputs,
    outputs: [...outputs, ...mint.outputs],
    mints: mint.mints,
    mintScripts: new Map([...mint.scripts].map(([policyId, script]) => [policyId, script.cbor])),
    timeLocks: [...mint.scripts].map(([policyId, script]) => ({ policyId, ...timeLockOf(script.json) })),
    metadata: planMetadata(request, mint.cip25),
    validity: planValidity(request, nowSeconds),
    requiredSigners: [...new Set(request.requiredSigners ?? [])],
    referenceInputs: planReferenceInputs(request.referenceInputs),
    plutus: planPlutus(request, book, mint.mints, plutusPolicies),
    delegations: planDelegations(request.delegations, network),
    cip68Updates: planCip68Updates(request, {
      placed,
      minted: new Set(mint.mints.map((m) => m.policyId + m.assetNameHex)),
    }),
  };
}
