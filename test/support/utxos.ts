// UTxOs as a client sees them: read through the service's GET /addresses/{address}/utxos, and
// the sums and selections the assertions make over them.
import assert from "node:assert/strict";
import type { UTxO } from "@meshsdk/common";
import { decodeUtxos } from "../../src/cardano/utxo.js";
import type { RunningService } from "./service.js";

/** The UTxOs at `address` as the service answers them: CBOR hex strings, the form requests take. */
export async function utxoStringsAt(service: RunningService, address: string): Promise<string[]> {
  const response = await service.request<"getAddressUtxos">("GET", `/addresses/${address}/utxos`);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.utxos as string[];
}

/** The UTxOs at `address`, decoded. */
export async function utxosAt(service: RunningService, address: string): Promise<UTxO[]> {
  return decodeUtxos(await utxoStringsAt(service, address), "utxos");
}

/** The unspent outputs transaction `txHash` made to `address`. */
export async function outputsFrom(service: RunningService, address: string, txHash: string): Promise<UTxO[]> {
  return (await utxosAt(service, address)).filter((u) => u.input.txHash === txHash);
}

/** The outputs of `txHash` among `utxos`, by output index. */
export const outputsOf = (utxos: readonly UTxO[], txHash: string): UTxO[] =>
  utxos.filter((u) => u.input.txHash === txHash).sort((a, b) => a.input.outputIndex - b.input.outputIndex);

/** The lovelace of one UTxO (its "lovelace" entry). */
export const lovelaceOf = (utxo: UTxO): bigint =>
  BigInt(utxo.output.amount.find((a) => a.unit === "lovelace")?.quantity ?? "0");

export const totalLovelace = (utxos: readonly UTxO[]): bigint => utxos.reduce((s, u) => s + lovelaceOf(u), 0n);

/** The quantity of `unit` in one UTxO, every entry counted ("" counts as lovelace). */
export const quantityOf = (utxo: UTxO, unit: string): bigint =>
  utxo.output.amount
    .filter((a) => a.unit === unit || (unit === "lovelace" && a.unit === ""))
    .reduce((s, a) => s + BigInt(a.quantity), 0n);

export const totalOf = (utxos: readonly UTxO[], unit: string): bigint =>
  utxos.reduce((s, u) => s + quantityOf(u, unit), 0n);
