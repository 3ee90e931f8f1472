// CIP-68 metadata updates: `cip68MetadataUpdates` of POST /transactions/build. Each entry names a
// reference token (label 100) and its new metadata. Phase 1 checks the entries; phase 2 finds each
// token's current output on chain (ChainPort.lastOutputWith), spends it and re-creates it at the
// same address with the same value and a new inline datum: the CIP-68 datum of `metadata` as
// mint[] builds it (cardano/metadata.ts cip68Datum), with the old datum's version and extra fields
// kept as they were. The lovelace is raised to the new output's ledger minimum when the larger
// datum needs more (the fee payer adds the difference).
//
// A token at a key address is spent as a key input: its owner signs, and the fee counts that
// signature as it counts every key input's. A token at a script address is spent by the request's
// scriptInteractions entry for that output (its validator decides, with the redeemer given
// there); without one the build is a 400 naming the entry. The re-created outputs follow the
// request's outputs and the minted tokens' outputs, in entry order, before the change: a redeemer
// that names the output's index counts them so.
import type { Protocol, UTxO } from "../../cardano/types.js";
import { decodeUplcData, makeConstrData, type UplcData } from "@helios-lang/uplc";
import { dataToCbor } from "../../blueprints/plutus-data.js";
import { knownAddress, paymentCredentialOf } from "../../cardano/address-rules.js";
import { assetNameHex, cip67Prefix, cip68Datum } from "../../cardano/metadata.js";
import { minLovelace } from "../../cardano/tx-encode.js";
import { fromAssets, withLovelace } from "../../cardano/value.js";
import { outRef, outRefOf } from "../../cardano/utxo.js";
import type { AssetOutput, ChainPort } from "../../chain/port.js";
import { BadRequestError, refusal } from "../../errors.js";
import { plutusJsonToCbor } from "./datum.js";
import type { BuildPlan, BuildIntent, PlannedCip68Update, PlannedOutput } from "./request.js";

const REFERENCE_PREFIX = cip67Prefix(100);

const unitName = (unit: string): string => `${unit.slice(0, 56)}.${unit.slice(56)}`;

/** What the rest of the request does with assets: an update cannot share its token with them. */
export interface UpdateContext {
  /** Units the request's outputs send. */
  readonly placed: ReadonlySet<string>;
  /** Units mint[] mints or burns. */
  readonly minted: ReadonlySet<string>;
}

/** Phase 1: the entries checked, each with its new metadata map. */
export function planCip68Updates(request: BuildIntent, context: UpdateContext): PlannedCip68Update[] {
  const seen = new Map<string, string>();
  return (request.cip68MetadataUpdates ?? []).map((entry, i) => {
    const field = `cip68MetadataUpdates[${i}]`;
    if (entry.action !== "update") {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`${field}.action`)} is ${JSON.stringify(entry.action)}: "update" is the only action (the reference token is re-created with a new datum).`,
      );
    }
    const name =
      typeof entry.assetName === "string"
        ? entry.assetName.toLowerCase()
        : assetNameHex(entry.assetName, `${field}.assetName`);
    if (!/^(?:[0-9a-f]{2}){4,32}$/.test(name) || !name.startsWith(REFERENCE_PREFIX)) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`${field}.assetName`)} is not the name of a CIP-68 reference token: give its whole name in hex, starting with the label-100 prefix ${REFERENCE_PREFIX}, ` +
          "or {name, format, label: 100}. Only the reference token's datum holds the metadata.",
      );
    }
    const unit = entry.policyId.toLowerCase() + name;
    const earlier = seen.get(unit);
    if (earlier !== undefined)
      throw refusal(
        BadRequestError,
        (at) => `${at(field)} updates ${unitName(unit)}, as ${at(earlier)} does: one update per reference token.`,
      );
    seen.set(unit, field);
    if (context.placed.has(unit)) {
      throw refusal(
        BadRequestError,
        (at) => `${at(field)} re-creates the output of ${unitName(unit)} itself: leave that token out of outputs.`,
      );
    }
    if (context.minted.has(unit)) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(field)} updates ${unitName(unit)}, which mint[] mints or burns in the same transaction: update it in a transaction of its own.`,
      );
    }
    if (entry.metadata === undefined)
      throw refusal(BadRequestError, (at) => `${at(`${field}.metadata`)} is missing: the new metadata, a JSON object.`);
    const datum = cip68Datum(entry.metadata, `${field}.metadata`);
    if (!("fields" in datum) || datum.fields[0] === undefined) throw new Error("cip68Datum answered no metadata field");
    return { unit, metadata: datum.fields[0], field };
  });
}

/** The token's unspent output, or a 400 naming the entry's assetName (never minted, or burnt). */
function currentOutput(update: PlannedCip68Update, last: AssetOutput | null): UTxO {
  const field = `${update.field}.assetName`;
  if (last === null) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)}: no output on chain has held ${unitName(update.unit)}: check the policy id and the asset name.`,
    );
  }
  if (last.spentBy !== null) {
    const ref = outRefOf(last.utxo);
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)}: ${unitName(update.unit)} is burnt (its last output, ${ref}, was spent by ${last.spentBy!.txHash} and no output holds it now).`,
    );
  }
  return last.utxo;
}

/** The fields of the output's CIP-68 datum, 121([metadata map, version, …extra]); a 400 when it holds none. */
function datumFields(update: PlannedCip68Update, utxo: UTxO): UplcData[] {
  const held = `${unitName(update.unit)} is held in ${outRefOf(utxo)}`;
  if (utxo.output.plutusData === undefined) {
    const words =
      utxo.output.dataHash === undefined
        ? "with no datum: it is not a CIP-68 reference output"
        : `with only its datum's hash (${utxo.output.dataHash}), so the version and extra fields to keep cannot be read: ` +
          "spend it in requiredInputs and re-create it with a new inline datum in outputs instead";
    throw refusal(BadRequestError, (at) => `${at(update.field)}: ${held} ${words}.`);
  }
  let datum: UplcData | undefined;
  try {
    datum = decodeUplcData(Buffer.from(utxo.output.plutusData, "hex"));
  } catch {
    datum = undefined;
  }
  if (datum?.kind !== "constr" || datum.tag !== 0 || datum.fields.length < 2 || datum.fields[0]?.kind !== "map") {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(update.field)}: ${held}, whose inline datum is not a CIP-68 datum 121([metadata map, version, extra]).`,
    );
  }
  return [...datum.fields];
}

/** The re-created output: same address and assets, the new datum, the old lovelace or the new minimum if more. */
function recreated(
  update: PlannedCip68Update,
  utxo: UTxO,
  fields: readonly UplcData[],
  params: Protocol,
): PlannedOutput {
  const metadata = decodeUplcData(Buffer.from(plutusJsonToCbor(update.metadata, `${update.field}.metadata`), "hex"));
  const cbor = dataToCbor(makeConstrData(0, [metadata, ...fields.slice(1)]));
  const held = fromAssets(utxo.output.amount);
  const address = knownAddress(utxo.output.address);
  const min = minLovelace(
    {
      address,
      value: withLovelace(held, 0n),
      datum: { type: "Inline", data: { type: "CBOR", content: cbor } },
    },
    params.coinsPerUtxoSize,
  );
  const old = held.lovelace;
  return {
    address,
    lovelace: old > min ? old : min,
    assets: held.assets,
    datum: { kind: "inline", cbor },
    field: `${update.field} (the re-created reference token)`,
  };
}

/**
 * Phase 2: the plan with each update's output spent (a key input, or checked to be spent by a
 * scriptInteractions entry) and re-created after the plan's outputs.
 */
export async function withCip68Updates(plan: BuildPlan, chain: ChainPort, params: Protocol): Promise<BuildPlan> {
  if (plan.cip68Updates.length === 0) return plan;
  const found = await Promise.all(plan.cip68Updates.map((u) => chain.lastOutputWith(u.unit)));
  const requiredInputs = [...plan.requiredInputs];
  const outputs: PlannedOutput[] = [];
  const spentBy = new Map<string, string>();
  plan.cip68Updates.forEach((update, i) => {
    const utxo = currentOutput(update, found[i] ?? null);
    const ref = outRefOf(utxo);
    const other = spentBy.get(ref);
    if (other !== undefined) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(update.field)} and ${at(other)} name reference tokens held in the same output, ${ref}: its one datum cannot hold both.`,
      );
    }
    spentBy.set(ref, update.field);
    if (utxo.output.scriptRef) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(update.field)}: ${ref}, which holds ${unitName(update.unit)}, also carries a reference script, which this update would not keep.`,
      );
    }
    const fields = datumFields(update, utxo);
    const credential = paymentCredentialOf(utxo.output.address);
    if (credential === null) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(update.field)}: ${ref}, which holds ${unitName(update.unit)}, is at an address without a payment credential this service signs for.`,
      );
    }
    if (credential.isScript) {
      const spent = plan.plutus?.spends.some((s) => outRef(s.outRef.txHash, s.outRef.index) === ref) ?? false;
      if (!spent) {
        const index = plan.outputs.length + i;
        throw refusal(
          BadRequestError,
          (at) =>
            `${at(update.field)}: ${unitName(update.unit)} is held at the script address ${utxo.output.address} (${ref}): add to ${at("scriptInteractions")} ` +
            `{purpose: "spend", hash: "${credential.hash}", outputRef: {txHash: "${utxo.input.txHash}", index: ${utxo.input.outputIndex}}, redeemer} that its validator accepts ` +
            `(the re-created output will be output ${index}).`,
        );
      }
    } else if (!requiredInputs.some((u) => outRefOf(u) === ref)) {
      requiredInputs.push(utxo);
    }
    outputs.push(recreated(update, utxo, fields, params));
  });
  return { ...plan, requiredInputs, outputs: [...plan.outputs, ...outputs] };
}
