// Test wallets for the build tests: a real key (MeshWallet), funded by the devnet faucet, that signs
// what /transactions/build returns; submission and chain reads go through the service's HTTP API.
import assert from "node:assert/strict";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import type { UTxO } from "@meshsdk/common";
import { MeshWallet } from "@meshsdk/core";
import { resolvePaymentKeyHash } from "@meshsdk/core-cst";
import { decodeUtxos } from "../../src/cardano/utxo.js";
import type { RunningService } from "./service.js";

export interface TestWallet {
  readonly address: string;
  readonly keyHash: string;
  /** The witness set (CIP-30 signTx form) of this wallet's signature over `txHex`. */
  sign(txHex: string): Promise<string>;
}

export async function newWallet(): Promise<TestWallet> {
  const wallet = new MeshWallet({ networkId: 0, key: { type: "mnemonic", words: MeshWallet.brew() as string[] } });
  await wallet.init();
  const address = await wallet.getChangeAddress();
  return { address, keyHash: resolvePaymentKeyHash(address), sign: (tx) => wallet.signTx(tx, true, false) };
}

/** Sends `lovelace` from the devnet faucet; resolves once the payment is on chain. */
export async function fund(service: RunningService, address: string, lovelace: number): Promise<string> {
  const response = await service.request("POST", "/devnet/faucet", { address, lovelace });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.txHash as string;
}

export async function utxosAt(service: RunningService, address: string): Promise<UTxO[]> {
  const response = await service.request("GET", `/addresses/${address}/utxos`);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return decodeUtxos(response.body.utxos as string[], "utxos");
}

export async function utxoStringsAt(service: RunningService, address: string): Promise<string[]> {
  const response = await service.request("GET", `/addresses/${address}/utxos`);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.utxos as string[];
}

export interface Built {
  hash: string;
  fee: string;
  complete: string;
  stripped: string;
  witnessSet: string;
  auxiliaryData?: string;
}

/** POST /transactions/build, asserting 200. */
export async function build(service: RunningService, body: unknown): Promise<Built> {
  const response = await service.request("POST", "/transactions/build", body);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body as Built;
}

/** Signs `complete` with every wallet and submits it with `signatures`; asserts the ledger took it. */
export async function signAndSubmit(service: RunningService, built: Built, signers: readonly TestWallet[]): Promise<string> {
  const signatures = await Promise.all(signers.map((w) => w.sign(built.complete)));
  const response = await service.request("POST", "/transactions/submit", { transaction: built.complete, signatures });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(response.body.txHash, built.hash);
  return response.body.txHash as string;
}

/** Submits expecting the ledger to refuse; returns the error message. */
export async function submitRejected(service: RunningService, built: Built, signers: readonly TestWallet[]): Promise<string> {
  const signatures = await Promise.all(signers.map((w) => w.sign(built.complete)));
  const response = await service.request("POST", "/transactions/submit", { transaction: built.complete, signatures });
  assert.equal(response.status, 422, JSON.stringify(response.body));
  return response.body.message as string;
}

export const quantityOf = (utxo: UTxO, unit: string): bigint =>
  utxo.output.amount.filter((a) => a.unit === unit || (unit === "lovelace" && a.unit === "")).reduce((s, a) => s + BigInt(a.quantity), 0n);

export const totalOf = (utxos: readonly UTxO[], unit: string): bigint => utxos.reduce((s, u) => s + quantityOf(u, unit), 0n);

export const outputsOf = (utxos: readonly UTxO[], txHash: string): UTxO[] =>
  utxos.filter((u) => u.input.txHash === txHash).sort((a, b) => a.input.outputIndex - b.input.outputIndex);

export const utf8Hex = (text: string): string => Buffer.from(text, "utf8").toString("hex");

/** A key held with CSL, as the hosted API's examples do: enterprise testnet address, FixedTransaction signing. */
export interface CslKey {
  readonly address: string;
  readonly keyHash: string;
  /** Adds this key's vkey witness to `txHex` (the body stays byte for byte the same). */
  signTx(txHex: string): string;
}

export function newCslKey(): CslKey {
  const key = CSL.PrivateKey.generate_ed25519();
  const hash = key.to_public().hash();
  const address = CSL.EnterpriseAddress.new(0, CSL.Credential.from_keyhash(hash)).to_address().to_bech32(undefined);
  return {
    address,
    keyHash: hash.to_hex(),
    signTx(txHex) {
      const tx = CSL.FixedTransaction.from_hex(txHex);
      tx.sign_and_add_vkey_signature(key);
      return tx.to_hex();
    },
  };
}

/** Submits a transaction that already carries its signatures, with `signatures: []` as the examples send it. */
export async function submitSigned(service: RunningService, txHex: string, expectedHash: string): Promise<string> {
  const response = await service.request("POST", "/transactions/submit", { transaction: txHex, signatures: [] });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(response.body.txHash, expectedHash);
  return response.body.txHash as string;
}
