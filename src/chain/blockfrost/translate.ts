// Blockfrost JSON (types from @blockfrost/openapi) → the domain's Mesh shapes. Nothing here
// does I/O; every function throws a plain Error naming what is missing when an answer is not of
// the documented shape, and the adapter turns that into a BackendError.
import type { components } from "@blockfrost/openapi";
import type { NativeScript as MeshNativeScript } from "../../cardano/types.js";
import type { ChainParameters, CostModels, RedeemerBudget, StakeAccount, UTxO } from "../port.js";
import { drepOf, poolKeyHash } from "../../cardano/delegatees.js";
import { scanChainCbor } from "../../cardano/cbor-limits.js";
import { nativeScriptBytes, nativeScriptHash } from "../../cardano/native-scripts.js";
import { scriptRefBytes } from "../../cardano/script-hash.js";
import { costModelOf } from "../protocol-params.js";
import { nativeJsonOf, scriptOfRef, scriptRefOf } from "../shared/script-ref.js";
import { budgetsFromOgmios, ogmiosFailureReason } from "../shared/ogmios-wire.js";

type Schemas = components["schemas"];
export type BlockfrostUtxo = Schemas["address_utxo_content"][number];
export type BlockfrostTxOutput = Schemas["tx_content_utxo"]["outputs"][number];
export type BlockfrostParameters = Schemas["epoch_param_content"];
export type BlockfrostScript = Schemas["script"];

function required<T>(value: T | null | undefined, field: string): T {
  if (value === null || value === undefined) throw new Error(`the protocol parameters lack ${field}`);
  return value;
}

const int = (value: string | number, field: string): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`${field} is not an integer: ${String(value)}`);
  return n;
};

/**
 * The cost models of `cost_models_raw` (the ledger's ordered lists, keyed PlutusV1/V2/V3). The
 * named `cost_models` is deprecated and its key order is not the ledger's, so it is not used. A
 * language whose list is absent or not all integers (the specification's example is truncated
 * with "...") is left out: parameters stay usable for payments, and a build that runs a script of
 * that language is refused rather than hashed with a default.
 */
export function costModelsFromBlockfrost(raw: BlockfrostParameters["cost_models_raw"]): CostModels {
  const costModels: { -readonly [L in keyof CostModels]: CostModels[L] } = {};
  if (raw === null || raw === undefined || typeof raw !== "object") return costModels;
  for (const language of ["PlutusV1", "PlutusV2", "PlutusV3"] as const) {
    const costs = costModelOf(raw[language]);
    if (costs) costModels[language] = costs;
  }
  return costModels;
}

export function protocolFromBlockfrost(p: BlockfrostParameters): ChainParameters {
  return {
    epoch: p.epoch,
    minFeeA: p.min_fee_a,
    minFeeB: p.min_fee_b,
    maxBlockSize: p.max_block_size,
    maxTxSize: p.max_tx_size,
    maxBlockHeaderSize: p.max_block_header_size,
    keyDeposit: int(p.key_deposit, "key_deposit"),
    poolDeposit: int(p.pool_deposit, "pool_deposit"),
    decentralisation: p.decentralisation_param,
    minPoolCost: String(p.min_pool_cost),
    priceMem: required(p.price_mem, "price_mem"),
    priceStep: required(p.price_step, "price_step"),
    maxTxExMem: String(required(p.max_tx_ex_mem, "max_tx_ex_mem")),
    maxTxExSteps: String(required(p.max_tx_ex_steps, "max_tx_ex_steps")),
    maxBlockExMem: String(required(p.max_block_ex_mem, "max_block_ex_mem")),
    maxBlockExSteps: String(required(p.max_block_ex_steps, "max_block_ex_steps")),
    maxValSize: int(required(p.max_val_size, "max_val_size"), "max_val_size"),
    collateralPercent: required(p.collateral_percent, "collateral_percent"),
    maxCollateralInputs: required(p.max_collateral_inputs, "max_collateral_inputs"),
    coinsPerUtxoSize: int(required(p.coins_per_utxo_size, "coins_per_utxo_size"), "coins_per_utxo_size"),
    minFeeRefScriptCostPerByte: p.min_fee_ref_script_cost_per_byte ?? 0,
    costModels: costModelsFromBlockfrost(p.cost_models_raw),
  };
}

/** The fields an address UTxO and a transaction output share. */
type OutputLike = Pick<BlockfrostUtxo, "address" | "amount" | "data_hash" | "inline_datum" | "reference_script_hash">;

/** A UTxO in the domain's shape; `scriptRef` resolves reference_script_hash (the adapter fetches it). */
export function utxoFromBlockfrost(
  txHash: string,
  outputIndex: number,
  output: OutputLike,
  scriptRef?: { scriptRef: string; scriptHash: string },
): UTxO {
  const utxo: UTxO = {
    input: { txHash, outputIndex },
    output: {
      address: output.address,
      amount: output.amount.map(({ unit, quantity }) => {
        if (!/^\d+$/.test(quantity))
          throw new Error(`the quantity of ${unit} in ${txHash}#${outputIndex} is not a whole number`);
        return { unit, quantity };
      }),
    },
  };
  if (output.data_hash) utxo.output.dataHash = output.data_hash;
  if (output.inline_datum) {
    // Scanned, never decoded here: over the CBOR limits it stays raw (see scanChainCbor).
    scanChainCbor(output.inline_datum, `the inline datum of ${txHash}#${outputIndex}`);
    utxo.output.plutusData = output.inline_datum;
  }
  if (output.reference_script_hash) {
    if (!scriptRef) throw new Error(`the reference script ${output.reference_script_hash} was not resolved`);
    Object.assign(utxo.output, scriptRef);
  }
  return utxo;
}

const LANGUAGES = { plutusV1: "plutus:v1", plutusV2: "plutus:v2", plutusV3: "plutus:v3" } as const;

/** The reference script of a Plutus type from its /scripts/{hash}/cbor body. */
export function plutusScriptRef(
  hash: string,
  type: Exclude<BlockfrostScript["type"], "timelock">,
  cbor: string | null,
) {
  if (cbor === null) throw new Error(`Blockfrost has no CBOR for the ${type} script ${hash}`);
  return scriptRefOf(LANGUAGES[type], cbor, hash);
}

/** Blockfrost's timelock JSON (cardano-cli's format) as Mesh's NativeScript, checked node by node. */
function nativeFromJson(json: unknown, depth = 0): MeshNativeScript {
  if (depth > 64 || typeof json !== "object" || json === null) throw new Error("a timelock script is not an object");
  const node = json as Record<string, unknown>;
  const children = (): MeshNativeScript[] => {
    if (!Array.isArray(node["scripts"])) throw new Error(`a timelock "${String(node["type"])}" clause has no scripts`);
    return node["scripts"].map((s) => nativeFromJson(s, depth + 1));
  };
  switch (node["type"]) {
    case "sig":
      if (typeof node["keyHash"] !== "string") throw new Error("a timelock sig clause has no keyHash");
      return { type: "sig", keyHash: node["keyHash"] };
    case "all":
    case "any":
      return { type: node["type"], scripts: children() };
    case "atLeast":
      if (typeof node["required"] !== "number") throw new Error("a timelock atLeast clause has no required count");
      return { type: "atLeast", required: node["required"], scripts: children() };
    case "before":
    case "after":
      if (typeof node["slot"] !== "number" && typeof node["slot"] !== "string")
        throw new Error(`a timelock ${node["type"]} clause has no slot`);
      return { type: node["type"], slot: String(node["slot"]) };
    default:
      throw new Error(`a timelock clause of unknown type ${String(node["type"])}`);
  }
}

/** The reference script of a timelock from its /scripts/{hash}/json body. */
export function timelockScriptRef(hash: string, json: unknown): { scriptRef: string; scriptHash: string } {
  const script = nativeScriptBytes(nativeFromJson(json));
  const scriptHash = nativeScriptHash(script);
  if (scriptHash !== hash) throw new Error(`the timelock script returned for ${hash} does not hash to it`);
  return { scriptRef: Buffer.from(scriptRefBytes("native", script)).toString("hex"), scriptHash };
}

/**
 * The answer of /utils/txs/evaluate?version=6, which is Ogmios's JSON-RPC response. Returns
 * budgets, or `{ rejected: reason }` when the evaluation failed (a script error, a missing input).
 */
export function evaluationFromBlockfrost(body: unknown): RedeemerBudget[] | { rejected: string } {
  const response = body as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
  if (response && typeof response === "object" && response.error && typeof response.error === "object") {
    return { rejected: ogmiosFailureReason(response.error) };
  }
  if (response && typeof response === "object" && "result" in response) return budgetsFromOgmios(response.result);
  if (Array.isArray(body)) return budgetsFromOgmios(body); // the bare result, should a proxy unwrap it
  throw new Error("the evaluation answer has neither result nor error");
}

/** The domain's UTxOs as /utils/txs/evaluate/utxos takes them: [TxIn, TxOut] tuples (Ogmios v5 form). */
export function additionalUtxoSet(utxos: readonly UTxO[]): unknown[] {
  return utxos.map((utxo) => {
    let coins = 0n;
    const assets: Record<string, number> = {};
    for (const { unit, quantity } of utxo.output.amount) {
      if (unit === "lovelace" || unit === "") coins += BigInt(quantity);
      else {
        const key = unit.length > 56 ? `${unit.slice(0, 56)}.${unit.slice(56)}` : unit;
        assets[key] = (assets[key] ?? 0) + Number(quantity);
      }
    }
    const out: Record<string, unknown> = {
      address: utxo.output.address,
      value: { coins: Number(coins), ...(Object.keys(assets).length > 0 ? { assets } : {}) },
    };
    if (utxo.output.plutusData !== undefined) out["datum"] = utxo.output.plutusData;
    else if (utxo.output.dataHash !== undefined) out["datum_hash"] = utxo.output.dataHash;
    if (utxo.output.scriptRef !== undefined) out["script"] = scriptV5(utxo.output.scriptRef);
    return [{ txId: utxo.input.txHash, index: utxo.input.outputIndex }, out];
  });
}

/** Ogmios v5's script form: {"plutus:vN": once-wrapped body} or {"native": v5 JSON}. */
function scriptV5(scriptRef: string): Record<string, unknown> {
  const { language, cbor } = scriptOfRef(scriptRef);
  return language === "native" ? { native: nativeV5(nativeJsonOf(cbor)) } : { [language]: cbor };
}

/** Ogmios v5's native-script JSON: a key hash, {any|all: [...]}, {"n": [...]}, {startsAt|expiresAt: slot}. */
function nativeV5(script: MeshNativeScript): unknown {
  switch (script.type) {
    case "sig":
      return script.keyHash;
    case "all":
    case "any":
      return { [script.type]: script.scripts.map(nativeV5) };
    case "atLeast":
      return { [String(script.required)]: script.scripts.map(nativeV5) };
    case "after":
      return { startsAt: Number(script.slot) };
    case "before":
      return { expiresAt: Number(script.slot) };
  }
}

/**
 * /accounts/{stake_address} → the account. `registered` is the registration state (`active`,
 * the delegation state, stands in for it in answers that predate the field); pool_id is a pool's
 * bech32 id, drep_id a DRep id (CIP-129 or CIP-105) or drep_always_abstain / drep_always_no_confidence.
 */
export function stakeAccountFromBlockfrost(account: Schemas["account_content"]): StakeAccount {
  const registered = typeof account.registered === "boolean" ? account.registered : account.active;
  if (typeof registered !== "boolean") throw new Error("the account has no registration state");
  const pool = account.pool_id ?? null;
  const drepId = account.drep_id ?? null;
  const drep = drepId === null ? null : drepOf(drepId);
  if (drepId !== null && drep === null) throw new Error(`drep_id ${drepId} is not a DRep id`);
  return { registered, pool: pool === null ? null : poolKeyHash(pool, "pool_id"), drep };
}
