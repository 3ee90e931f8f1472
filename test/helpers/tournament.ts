// Helpers of the tournament tests: funded wallets with real keys, and the calls of the tournament
// API that build, sign (in the test, as a wallet would) and submit through POST /tournaments/submit-tx.
import assert from "node:assert/strict";
import type { UTxO } from "@meshsdk/common";
import { fromHex, splitTransaction } from "../../src/cardano/tx-cbor.js";
import { decodeUtxos } from "../../src/cardano/utxo.js";
import { declaredExUnits } from "../../src/chain/devnet/limits.js";
import type { JsonResponse, RunningService } from "./service.js";
import { newTestWallet, type TestWallet } from "./test-wallet.js";

export interface Funded extends TestWallet {
  utxos(): Promise<string[]>;
}

export async function fundedWallet(service: RunningService, lovelace: number): Promise<Funded> {
  const w = await newTestWallet();
  const r = await service.request("POST", "/devnet/faucet", { address: w.address, lovelace });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return { ...w, utxos: () => utxoStrings(service, w.address) };
}

export async function utxoStrings(service: RunningService, address: string): Promise<string[]> {
  const r = await service.request("GET", `/addresses/${address}/utxos`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.utxos as string[];
}

export async function utxosOf(service: RunningService, address: string): Promise<UTxO[]> {
  return decodeUtxos(await utxoStrings(service, address), "utxos");
}

export const lovelaceOf = (u: UTxO): bigint => BigInt(u.output.amount.find((a) => a.unit === "lovelace")?.quantity ?? "0");
export const totalLovelace = (us: readonly UTxO[]): bigint => us.reduce((s, u) => s + lovelaceOf(u), 0n);

/** Expects 200 from a building endpoint; returns the body. */
export interface BuiltTx {
  complete: string;
  hash: string;
  fee: string;
  tournamentId?: string;
  outputRef?: string;
}

export function ok(r: JsonResponse): BuiltTx {
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.match(r.body.complete, /^[0-9a-f]+$/);
  assert.match(r.body.hash, /^[0-9a-f]{64}$/);
  return r.body as BuiltTx;
}

/** Signs `complete` with each wallet (CIP-30 witness sets) and submits; asserts the ledger accepted it. */
export async function signAndSubmit(service: RunningService, built: { complete: string; hash: string }, signers: readonly TestWallet[]): Promise<string> {
  const signatures = await Promise.all(signers.map((w) => w.witnessSet(built.complete)));
  const r = await service.request("POST", "/tournaments/submit-tx", { transaction: built.complete, signatures });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.txHash, built.hash);
  return r.body.txHash as string;
}

/** Expects a 400 whose message matches. */
export function rejected(r: JsonResponse, status: number, message: RegExp): void {
  assert.equal(r.status, status, JSON.stringify(r.body));
  assert.equal(r.body.statusCode, status);
  assert.match(r.body.message as string, message);
}

export const ADA = 1_000_000;

/** Size (unsigned; each vkey witness adds ~101 B) and the ExUnits the redeemers declare. */
export function txStats(complete: string): { size: number; mem: bigint; steps: bigint } {
  const { mem, steps } = declaredExUnits(splitTransaction(fromHex(complete)).witnessSet);
  return { size: complete.length / 2, mem, steps };
}
