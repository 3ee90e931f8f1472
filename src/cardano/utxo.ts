// UTxO strings at the HTTP boundary: the CBOR of [input, output], as CIP-30 wallets' getUtxos()
// return them. Decoded into Mesh's UTxO shape, the domain's UTxO type.
import type { UTxO } from "@meshsdk/common";
import { deserializeTxUnspentOutput, fromTxUnspentOutput, toTxUnspentOutput } from "@meshsdk/core-cst";
import { BadRequestError } from "../errors.js";

/** Decodes one UTxO string; `field` names it in the 400 when it does not decode. */
export function decodeUtxo(cborHex: string, field: string): UTxO {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(cborHex)) throw new BadRequestError(`${field} is not hex-encoded CBOR.`);
  try {
    return fromTxUnspentOutput(deserializeTxUnspentOutput(cborHex.toLowerCase()));
  } catch (error) {
    throw new BadRequestError(
      `${field} does not decode as a UTxO (the CBOR of [input, output] that CIP-30 getUtxos() returns): ${(error as Error).message}`,
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
export const outRefOf = (utxo: UTxO): string => `${utxo.input.txHash}#${utxo.input.outputIndex}`;
