// Client-side keys for tests: Mesh's wallet signs, as a user's wallet would (CIP-30 signTx). The
// service never sees these keys; it only receives what they signed.
import { randomBytes } from "node:crypto";
import type { Protocol, UTxO } from "@meshsdk/common";
import { MeshTxBuilder } from "@meshsdk/core";
import { resolvePaymentKeyHash } from "@meshsdk/core-cst";
import { MeshWallet } from "@meshsdk/wallet";

export interface TestWallet {
  readonly address: string;
  readonly keyHash: string;
  /** CIP-30 signTx(tx, partialSign = true): the witness set alone, CBOR hex. */
  witnessSet(txHex: string): Promise<string>;
  /** The whole signed transaction. */
  sign(txHex: string): Promise<string>;
}

export async function newTestWallet(networkId: 0 | 1 = 0): Promise<TestWallet> {
  const wallet = new MeshWallet({ networkId, key: { type: "cli", payment: `5820${randomBytes(32).toString("hex")}` } });
  await wallet.init();
  const address = wallet.getAddresses().enterpriseAddressBech32;
  if (!address) throw new Error("no enterprise address");
  return {
    address,
    keyHash: resolvePaymentKeyHash(address),
    witnessSet: (txHex) => wallet.signTx(txHex, true, false),
    sign: (txHex) => wallet.signTx(txHex, true, true),
  };
}

/** An unsigned payment of `lovelace` to `to`, paid from `utxos`, change back to `from`. */
export async function buildPayment(
  params: Protocol,
  from: string,
  utxos: readonly UTxO[],
  to: string,
  lovelace: bigint,
  tweak: (builder: MeshTxBuilder) => MeshTxBuilder = (b) => b,
): Promise<string> {
  const builder = tweak(new MeshTxBuilder({ params }));
  return builder
    .txOut(to, [{ unit: "lovelace", quantity: lovelace.toString() }])
    .changeAddress(from)
    .selectUtxosFrom([...utxos])
    .complete();
}

export const lovelaceOf = (utxo: UTxO): bigint => BigInt(utxo.output.amount.find((a) => a.unit === "lovelace")?.quantity ?? "0");
