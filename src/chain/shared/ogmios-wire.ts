// Translation between the domain and Ogmios v6 JSON (types from @cardano-ogmios/schema, never
// written by hand). Used by the Ogmios adapter, and by the Blockfrost adapter for script
// evaluation, whose answer is Ogmios's own (`/utils/txs/evaluate?version=6`).
import type { EvaluateTransactionSuccess, RedeemerPointer, Utxo as OgmiosUtxo } from "@cardano-ogmios/schema";
import { scanChainCbor } from "../../cardano/cbor-limits.js";
import { blake2b256, fromHex } from "../../cardano/tx-cbor.js";
import type { RedeemerBudget, UTxO } from "../port.js";
import {
  nativeCborOf,
  nativeJsonOf,
  ogmiosClausesOf,
  scriptOfRef,
  scriptRefOf,
  type ScriptLanguage,
} from "./script-ref.js";

const TAGS: Record<RedeemerPointer["purpose"], RedeemerBudget["tag"]> = {
  spend: "SPEND",
  mint: "MINT",
  publish: "CERT",
  withdraw: "REWARD",
  vote: "VOTE",
  propose: "PROPOSE",
};

/** A budget or index the domain can hold exactly (real budgets are far below 2^53). */
const isCount = (value: unknown): value is number | bigint =>
  (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) ||
  (typeof value === "bigint" && value >= 0n && value <= BigInt(Number.MAX_SAFE_INTEGER));

/** The budgets of an `evaluateTransaction` result; throws on anything not of that shape. */
export function budgetsFromOgmios(result: unknown): RedeemerBudget[] {
  if (!Array.isArray(result)) throw new Error("the evaluation result is not a list");
  return (result as EvaluateTransactionSuccess["result"]).map((entry, i) => {
    const tag = TAGS[entry?.validator?.purpose];
    const { index } = entry?.validator ?? {};
    const { memory, cpu } = entry?.budget ?? {};
    if (tag === undefined || !isCount(index) || !isCount(memory) || !isCount(cpu)) {
      throw new Error(`evaluation result ${i} is not a validator with a budget the service can represent exactly`);
    }
    return { tag, index: Number(index), budget: { mem: Number(memory), steps: Number(cpu) } };
  });
}

const json = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v)) ?? String(value);

/** A readable reason from an Ogmios JSON-RPC failure (submit or evaluate), details included. */
export function ogmiosFailureReason(error: { code?: unknown; message?: unknown; data?: unknown }): string {
  const message = typeof error.message === "string" ? error.message : "unknown failure";
  const { data } = error;
  if (Array.isArray(data) && data.every((d) => d && typeof d === "object" && "validator" in d && "error" in d)) {
    const parts = (data as { validator: RedeemerPointer; error: { message?: string; data?: unknown } }[]).map(
      (d) =>
        `${d.validator.purpose}[${String(d.validator.index)}]: ${d.error?.message ?? "failed"}${d.error?.data === undefined ? "" : ` ${json(d.error.data)}`}`,
    );
    return `${message} ${parts.join("; ")}`.slice(0, 2000);
  }
  return (data === undefined ? message : `${message} ${json(data)}`).slice(0, 2000);
}

function quantity(value: unknown): string {
  if (typeof value === "bigint" || (typeof value === "number" && Number.isSafeInteger(value))) return value.toString();
  throw new Error(`a quantity is not an integer: ${String(value)}`);
}

/** One Ogmios UTxO entry in the domain's shape. */
export function utxoFromOgmios(entry: OgmiosUtxo[number]): UTxO {
  const amount = [{ unit: "lovelace", quantity: quantity(entry.value.ada.lovelace) }];
  for (const [policy, assets] of Object.entries(entry.value)) {
    if (policy === "ada") continue;
    for (const [name, qty] of Object.entries(assets))
      amount.push({ unit: `${policy}${name}`, quantity: quantity(qty) });
  }
  const output: UTxO["output"] = { address: entry.address, amount };
  if (entry.datumHash !== undefined) output.dataHash = entry.datumHash;
  if (entry.datum !== undefined) {
    // As the other backends (and core-cst's own decoding) do: an inline datum comes with its hash,
    // that of its bytes as they are (Mesh's resolveDataHash would decode them, in time cubic in
    // their depth). Scanned, never decoded: over the CBOR limits it stays raw (see scanChainCbor).
    scanChainCbor(entry.datum, `the inline datum of ${entry.transaction.id}#${entry.index}`);
    output.plutusData = entry.datum;
    output.dataHash = blake2b256(fromHex(entry.datum));
  }
  if (entry.script !== undefined) {
    const script = entry.script;
    const cbor = script.cbor ?? (script.language === "native" ? nativeCborOf(script.json) : undefined);
    if (cbor === undefined)
      throw new Error(`the reference script of ${entry.transaction.id}#${entry.index} comes without its CBOR`);
    Object.assign(output, scriptRefOf(script.language as ScriptLanguage, cbor));
  }
  return { input: { txHash: entry.transaction.id, outputIndex: Number(entry.index) }, output };
}

/** The domain's UTxOs as the `additionalUtxo` of Ogmios's evaluateTransaction. */
export function utxosToOgmios(utxos: readonly UTxO[]): OgmiosUtxo {
  return utxos.map((utxo) => {
    const value: OgmiosUtxo[number]["value"] = { ada: { lovelace: 0n } };
    for (const { unit, quantity: qty } of utxo.output.amount) {
      if (unit === "lovelace" || unit === "") value.ada.lovelace += BigInt(qty);
      else {
        const policy = unit.slice(0, 56);
        const assets = (value[policy] ??= {});
        const name = unit.slice(56);
        assets[name] = (assets[name] ?? 0n) + BigInt(qty);
      }
    }
    const entry: OgmiosUtxo[number] = {
      transaction: { id: utxo.input.txHash },
      index: utxo.input.outputIndex,
      address: utxo.output.address,
      value,
    };
    if (utxo.output.plutusData !== undefined) entry.datum = utxo.output.plutusData;
    else if (utxo.output.dataHash !== undefined) entry.datumHash = utxo.output.dataHash;
    if (utxo.output.scriptRef !== undefined) {
      const { language, cbor } = scriptOfRef(utxo.output.scriptRef);
      entry.script =
        language === "native" ? { language, json: ogmiosClausesOf(nativeJsonOf(cbor)), cbor } : { language, cbor };
    }
    return entry;
  });
}
