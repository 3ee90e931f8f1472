// Chain values as a person reads them (GET /addresses/{address}/utxos?view=decoded and the decoded
// transaction): assets with their name as text and their CIP-67 label, quantities as decimal
// strings, datums as Plutus data JSON in the detailed schema of cardano-cli. Pure functions over
// the domain's UTxO; no I/O.
//
// The JSON of Plutus data is the detailed schema exactly ({"constructor", "fields"}, {"int"},
// {"bytes": hex}, {"list"}, {"map": [{"k", "v"}]}), what POST /transactions/build takes back as a
// datum: integers are JSON numbers, or decimal strings beyond 2^53 (JSON would lose the digits).
import type { UTxO } from "../../cardano/types.js";
import type { UplcData } from "@helios-lang/uplc";
import { dataOfCbor } from "../../blueprints/plutus-data.js";
import { CBOR_LIMITS, withinCborLimits } from "../../cardano/cbor-limits.js";
import { cip67Prefix } from "../../cardano/metadata.js";
import { scriptRefHash } from "../../cardano/script-hash.js";
import { blake2b256, fromHex, toHex } from "../../cardano/tx-cbor.js";
import { isLovelace, lovelaceOf } from "../../cardano/utxo.js";

/** Plutus data in the detailed JSON schema. */
export type DetailedJson =
  | { readonly int: number | string }
  | { readonly bytes: string }
  | { readonly list: readonly DetailedJson[] }
  | { readonly map: readonly { readonly k: DetailedJson; readonly v: DetailedJson }[] }
  | { readonly constructor: number; readonly fields: readonly DetailedJson[] };

export interface DecodedAsset {
  readonly policyId: string;
  /** The asset name as on the chain, hex (CIP-67 prefix included). */
  readonly assetName: string;
  /** The name as UTF-8 text (after its CIP-67 prefix, when it has one) when it is printable; else null. */
  readonly name: string | null;
  /** The CIP-67 label (100, 222, 333, 444, …) when the name starts with a valid CIP-67 prefix; else null. */
  readonly label: number | null;
  /** Decimal; negative in a transaction's mint for a burn. */
  readonly quantity: string;
}

export interface DecodedDatum {
  /** The datum hash (of the inline datum's bytes, for an inline one). */
  readonly hash: string;
  /** The inline datum as detailed-schema JSON; null when the output holds only the hash, or when it is left raw. */
  readonly inline: DetailedJson | null;
  /** The inline datum's CBOR (hex) when it is over the CBOR limits and so not decoded. */
  readonly raw?: string;
  /** Why it is left raw. */
  readonly note?: string;
}

/** The note of an inline datum over the CBOR limits, shown raw rather than decoded. */
export const RAW_DATUM_NOTE =
  `This inline datum nests deeper than ${CBOR_LIMITS.depth} levels or holds more than ${CBOR_LIMITS.items} items, the limits on CBOR this service decodes ` +
  "(src/cardano/cbor-limits.ts); it is shown raw, as CBOR hex. The ledger accepted it: it is still on chain, and the output can be spent.";

export interface DecodedUtxo {
  readonly txHash: string;
  readonly index: number;
  readonly address: string;
  readonly lovelace: string;
  readonly assets: DecodedAsset[];
  readonly datum: DecodedDatum | null;
  readonly referenceScriptHash: string | null;
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** An integer as JSON: a number when exact, else its decimal string (JSON numbers lose digits beyond 2^53). */
export const jsonInteger = (n: bigint): number | string => (n >= -SAFE && n <= SAFE ? Number(n) : n.toString());
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
// Control characters (C0, DEL, C1): a name holding one is not shown as text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The CIP-67 label of an asset name (hex): its first 4 bytes when they are a valid prefix (checksum included); else null. */
export function cip67LabelOf(assetName: string): number | null {
  if (assetName.length < 8 || assetName[0] !== "0" || assetName[7] !== "0") return null;
  const label = parseInt(assetName.slice(1, 5), 16);
  return Number.isNaN(label) || cip67Prefix(label) !== assetName.slice(0, 8).toLowerCase() ? null : label;
}

/** Bytes (hex) as text when they are UTF-8 without control characters; else null. */
export function printableText(bytesHex: string): string | null {
  let text: string;
  try {
    text = UTF8.decode(Buffer.from(bytesHex, "hex"));
  } catch {
    return null;
  }
  return CONTROL.test(text) ? null : text;
}

/** An asset by its unit (policy id + name, hex) and quantity. */
export function decodedAsset(unit: string, quantity: bigint | string): DecodedAsset {
  const policyId = unit.slice(0, 56).toLowerCase();
  const assetName = unit.slice(56).toLowerCase();
  const label = cip67LabelOf(assetName);
  return {
    policyId,
    assetName,
    name: printableText(label === null ? assetName : assetName.slice(8)),
    label,
    quantity: quantity.toString(),
  };
}

/** Plutus data (CBOR hex) as detailed-schema JSON. */
export function detailedJson(cborHex: string, path = "datum"): DetailedJson {
  return toDetailed(dataOfCbor(cborHex, path));
}

function toDetailed(data: UplcData): DetailedJson {
  switch (data.kind) {
    case "int":
      return { int: jsonInteger(data.value) };
    case "bytes":
      return { bytes: toHex(Uint8Array.from(data.bytes)) };
    case "list":
      return { list: data.items.map(toDetailed) };
    case "map":
      return { map: data.items.map(([k, v]) => ({ k: toDetailed(k), v: toDetailed(v) })) };
    case "constr":
      return { constructor: data.tag, fields: data.fields.map(toDetailed) };
  }
}

/** The hash of a reference script held as the domain holds it (the CBOR of [language, script]). */
const scriptHashOf = (scriptRef: string): string => scriptRefHash(fromHex(scriptRef));

function datumOf(output: UTxO["output"]): DecodedDatum | null {
  if (output.plutusData !== undefined) {
    const hash = output.dataHash ?? blake2b256(fromHex(output.plutusData));
    if (!withinCborLimits(output.plutusData))
      return { hash, inline: null, raw: output.plutusData.toLowerCase(), note: RAW_DATUM_NOTE };
    return { hash, inline: detailedJson(output.plutusData) };
  }
  return output.dataHash === undefined ? null : { hash: output.dataHash, inline: null };
}

/** A UTxO, decoded. */
export function decodedUtxo(utxo: UTxO): DecodedUtxo {
  const { output } = utxo;
  return {
    txHash: utxo.input.txHash,
    index: utxo.input.outputIndex,
    address: output.address,
    lovelace: lovelaceOf(utxo).toString(),
    assets: output.amount.filter((a) => !isLovelace(a)).map((a) => decodedAsset(a.unit, a.quantity)),
    datum: datumOf(output),
    referenceScriptHash: output.scriptRef === undefined ? null : (output.scriptHash ?? scriptHashOf(output.scriptRef)),
  };
}
