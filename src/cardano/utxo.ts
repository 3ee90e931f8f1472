// UTxOs in Mesh's shape, the domain's UTxO type: the strings they travel as at the HTTP boundary
// (the CBOR of [input, output], as CIP-30 wallets' getUtxos() return them), their output
// reference "<txHash>#<index>", and what the domain reads off them.
import type { Asset, UTxO } from "@meshsdk/common";
import { deserializeTxUnspentOutput, fromTxUnspentOutput, toTxUnspentOutput } from "@meshsdk/core-cst";
import { BadRequestError, refusal } from "../errors.js";

/** Decodes one UTxO string; `field` names it in the 400 when it does not decode. */
export function decodeUtxo(cborHex: string, field: string): UTxO {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(cborHex)) throw refusal(BadRequestError, (at) => `${at(field)} is not hex-encoded CBOR.`);
  try {
    return fromTxUnspentOutput(deserializeTxUnspentOutput(cborHex.toLowerCase()));
  } catch (error) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} does not decode as a UTxO (the CBOR of [input, output] that CIP-30 getUtxos() returns): ${(error as Error).message}`,
    );
  }
}

export function decodeUtxos(cborHexes: readonly string[], field: string): UTxO[] {
  return cborHexes.map((hex, i) => decodeUtxo(hex, `${field}[${i}]`));
}

export function encodeUtxo(utxo: UTxO): string {
  return toTxUnspentOutput(utxo).toCbor();
}

/** `<txHash>#<index>`: the output reference string of the API. */
export const outRef = (txHash: string, index: number): string => `${txHash}#${index}`;

/** The output reference string of a UTxO. */
export const outRefOf = (utxo: UTxO): string => outRef(utxo.input.txHash, utxo.input.outputIndex);

/** `<txHash>#<index>` → its parts; the text was checked against the pattern by the request schema. */
export function parseOutRef(text: string): { txHash: string; index: number } {
  const [txHash, index] = text.toLowerCase().split("#") as [string, string];
  return { txHash, index: Number(index) };
}

/** Ledger order of inputs: by transaction id, then output index (the order validators see them in). */
export const ledgerOrder = (a: UTxO, b: UTxO): number =>
  a.input.txHash === b.input.txHash ? a.input.outputIndex - b.input.outputIndex : a.input.txHash < b.input.txHash ? -1 : 1;

/** Whether an amount entry is ADA (Mesh writes its unit "lovelace", some sources ""). */
export const isLovelace = (asset: Asset): boolean => asset.unit === "lovelace" || asset.unit === "";

/** The lovelace a UTxO holds. */
export const lovelaceOf = (utxo: UTxO): bigint => utxo.output.amount.filter(isLovelace).reduce((sum, a) => sum + BigInt(a.quantity), 0n);

/** Whether a UTxO holds ADA only, no token. */
export const adaOnly = (utxo: UTxO): boolean => utxo.output.amount.every(isLovelace);
