// Blockfrost's two evaluate endpoints on the devnet: the transaction's scripts run by the devnet's
// own evaluator (what its ledger charges), answered as Blockfrost does, in Ogmios v5's JSON-WSP
// form ({result: {EvaluationResult: {"spend:0": {memory, steps}}}}), or Ogmios v6's JSON-RPC
// form with ?version=6. A transaction whose scripts fail is a 200 carrying the failure, as there.
//
// The additional UTxO set of /utils/txs/evaluate/utxos comes as [TxIn, TxOut] pairs in the
// spellings the SDKs send: `additionalUtxoSet` (Mesh, Lucid Evolution, Evolution SDK) or
// `additionalUtxoset` (Blaze); a value's assets as {"policy.name": n} or {policy: {name: n}} (Mesh);
// coins as a number or a string; a reference script as the ledger's script CBOR (Blaze) or
// {"plutus:v3": cbor} (Lucid Evolution); the datum hash as datum_hash or datumHash.
import type { Asset, UTxO } from "../cardano/types.js";
import type { ChainPort, RedeemerBudget } from "../chain/port.js";
import { addressInfo } from "../cardano/addresses.js";
import { requireCborWithinLimits } from "../cardano/cbor-limits.js";
import { scriptRefOf, type ScriptLanguage } from "../chain/shared/script-ref.js";
import { BadRequestError } from "../errors.js";

const V5_TAGS: Record<RedeemerBudget["tag"], string> = {
  SPEND: "spend",
  MINT: "mint",
  CERT: "certificate",
  REWARD: "withdrawal",
  VOTE: "vote",
  PROPOSE: "propose",
};
const V6_PURPOSES: Record<RedeemerBudget["tag"], string> = {
  SPEND: "spend",
  MINT: "mint",
  CERT: "publish",
  REWARD: "withdraw",
  VOTE: "vote",
  PROPOSE: "propose",
};

/** Codes of the errors that say the transaction cannot be evaluated (its fault, not the devnet's). */
const REFUSALS = new Set([
  "SVC_ERR_UNPROCESSABLE",
  "CHAIN_ERR_LEDGER_REJECTED",
  "TX_ERR_TOO_LARGE",
  "SVC_ERR_BAD_REQUEST",
  "SVC_ERR_CBOR_LIMIT",
]);

export async function evaluationAnswer(
  chain: ChainPort,
  cbor: string,
  additional: readonly UTxO[],
  version: 5 | 6,
): Promise<unknown> {
  let budgets: RedeemerBudget[];
  try {
    budgets = await chain.evaluate(cbor, additional);
  } catch (failure) {
    const code = (failure as { code?: string }).code;
    if (code === undefined || !REFUSALS.has(code)) throw failure;
    const reason = (failure as Error).message;
    if (version === 6) {
      return {
        jsonrpc: "2.0",
        method: "evaluateTransaction",
        error: { code: 3010, message: "Some scripts of the transactions terminated with error(s).", data: { reason } },
        id: null,
      };
    }
    return {
      type: "jsonwsp/response",
      version: "1.0",
      servicename: "ogmios",
      methodname: "EvaluateTx",
      result: { EvaluationFailure: { CannotCreateEvaluationContext: { reason } } },
      reflection: null,
    };
  }
  if (version === 6) {
    return {
      jsonrpc: "2.0",
      method: "evaluateTransaction",
      result: budgets.map((b) => ({
        validator: { purpose: V6_PURPOSES[b.tag], index: b.index },
        budget: { memory: b.budget.mem, cpu: b.budget.steps },
      })),
      id: null,
    };
  }
  const result: Record<string, { memory: number; steps: number }> = {};
  for (const b of budgets) result[`${V5_TAGS[b.tag]}:${b.index}`] = { memory: b.budget.mem, steps: b.budget.steps };
  return {
    type: "jsonwsp/response",
    version: "1.0",
    servicename: "ogmios",
    methodname: "EvaluateTx",
    result: { EvaluationResult: result },
    reflection: null,
  };
}

const bad = (message: string): Error => new BadRequestError(message);

function quantity(value: unknown, field: string): string {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "string" && /^\d+$/.test(value)) return value;
  throw bad(`${field} must be a non-negative whole number (a number or a string of digits).`);
}

function assetsOf(assets: unknown, field: string): Asset[] {
  if (assets === undefined || assets === null) return [];
  if (typeof assets !== "object" || Array.isArray(assets)) throw bad(`${field} must be an object of asset quantities.`);
  const out: Asset[] = [];
  for (const [key, value] of Object.entries(assets as Record<string, unknown>)) {
    if (value !== null && typeof value === "object") {
      // Mesh: {policy: {name: quantity}}
      for (const [name, q] of Object.entries(value as Record<string, unknown>))
        out.push({ unit: `${key}${name}`.toLowerCase(), quantity: quantity(q, `${field}.${key}.${name}`) });
    } else out.push({ unit: key.replace(".", "").toLowerCase(), quantity: quantity(value, `${field}.${key}`) });
  }
  return out;
}

const LANGUAGES: Record<string, ScriptLanguage> = {
  native: "native",
  "plutus:v1": "plutus:v1",
  "plutus:v2": "plutus:v2",
  "plutus:v3": "plutus:v3",
};

function scriptOf(script: unknown, field: string): string | undefined {
  if (script === undefined || script === null) return undefined;
  if (typeof script === "string") {
    if (!/^[0-9a-fA-F]+$/.test(script)) throw bad(`${field} must be the script's CBOR in hex.`);
    return script.toLowerCase();
  }
  if (typeof script === "object") {
    const [entry] = Object.entries(script as Record<string, unknown>);
    const language = entry ? LANGUAGES[entry[0]] : undefined;
    if (entry && language && typeof entry[1] === "string") {
      try {
        return scriptRefOf(language, entry[1]).scriptRef;
      } catch (error) {
        throw bad(`${field}.${entry[0]} is not a ${language} script: ${(error as Error).message}.`);
      }
    }
  }
  throw bad(`${field} must be a script: its CBOR in hex, or {"plutus:v3": cbor} (or native, plutus:v1, plutus:v2).`);
}

/**
 * The additional UTxO set of an evaluate request, in the domain's UTxOs. An entry whose output
 * has no address text (Blaze serialises its Address object, which JSON renders as {}) is
 * resolved by `onLedger` from its reference when the ledger holds that output (Blaze sends the
 * wallet's own UTxOs); otherwise it is a 400 naming it.
 */
/** The most additional UTxOs one evaluation takes. */
export const MAX_ADDITIONAL_UTXOS = 2000;

export async function additionalUtxos(
  set: unknown,
  field: string,
  onLedger: (ref: { txHash: string; index: number }) => Promise<UTxO | undefined>,
): Promise<UTxO[]> {
  if (set === undefined || set === null) return [];
  if (!Array.isArray(set)) throw bad(`${field} must be a list of [TxIn, TxOut] pairs.`);
  // As many as POST /transactions/build takes (utxos), checked before any is read.
  if (set.length > MAX_ADDITIONAL_UTXOS)
    throw bad(`${field} holds ${set.length} outputs; at most ${MAX_ADDITIONAL_UTXOS} are taken.`);
  const out: UTxO[] = [];
  for (const [i, pair] of set.entries()) {
    const output = Array.isArray(pair) ? (pair[1] as Record<string, unknown> | null) : null;
    const input = Array.isArray(pair) ? (pair[0] as Record<string, unknown> | null) : null;
    if (
      output &&
      typeof output === "object" &&
      typeof output["address"] !== "string" &&
      input &&
      typeof input["txId"] === "string" &&
      /^[0-9a-fA-F]{64}$/.test(input["txId"])
    ) {
      const held = await onLedger({ txHash: input["txId"].toLowerCase(), index: Number(input["index"]) });
      if (!held) throw bad(`${field}[${i}][1].address is required (a bech32 address).`);
      out.push(held);
    } else out.push(...parseUtxos([pair], `${field}`, i));
  }
  return out;
}

function parseUtxos(set: unknown[], field: string, offset: number): UTxO[] {
  return set.map((pair: unknown, j) => {
    const at = `${field}[${offset + j}]`;
    if (!Array.isArray(pair) || pair.length !== 2) throw bad(`${at} must be a [TxIn, TxOut] pair.`);
    const [input, output] = pair as [Record<string, unknown> | null, Record<string, unknown> | null];
    if (!input || typeof input["txId"] !== "string" || !/^[0-9a-fA-F]{64}$/.test(input["txId"]))
      throw bad(`${at}[0].txId must be a transaction id (64 hex digits).`);
    const index = Number(input["index"]);
    if (!Number.isSafeInteger(index) || index < 0) throw bad(`${at}[0].index must be a non-negative whole number.`);
    if (!output || typeof output["address"] !== "string") throw bad(`${at}[1].address is required.`);
    try {
      addressInfo(output["address"], `${at}[1].address`);
    } catch {
      throw bad(`${at}[1].address is not an address: give its bech32 form.`);
    }
    const value = output["value"] as Record<string, unknown> | undefined;
    if (!value || typeof value !== "object") throw bad(`${at}[1].value is required.`);
    const { coins, assets, ...nested } = value;
    const amount: Asset[] = [
      { unit: "lovelace", quantity: quantity(coins, `${at}[1].value.coins`) },
      ...assetsOf(assets, `${at}[1].value.assets`),
      ...assetsOf(nested, `${at}[1].value`),
    ];
    const utxo: UTxO = {
      input: { txHash: input["txId"].toLowerCase(), outputIndex: index },
      output: { address: output["address"], amount },
    };
    const datum = output["datum"];
    if (typeof datum === "string") requireCborWithinLimits(datum, `${at}[1].datum`, "Plutus data");
    const datumHash = output["datum_hash"] ?? output["datumHash"];
    if (typeof datum === "string") utxo.output.plutusData = datum;
    else if (typeof datumHash === "string") utxo.output.dataHash = datumHash;
    const scriptRef = scriptOf(output["script"], `${at}[1].script`);
    if (scriptRef !== undefined) utxo.output.scriptRef = scriptRef;
    return utxo;
  });
}
