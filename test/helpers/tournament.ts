// Helpers of the tournament tests: funded wallets with real keys, and the calls of the tournament
// API that build, sign (in the test, as a wallet would) and submit through POST /tournaments/submit-tx.
import assert from "node:assert/strict";
import type { UTxO } from "@meshsdk/common";
import { fromHex, splitTransaction } from "../../src/cardano/tx-cbor.js";
import { decodeUtxos } from "../../src/cardano/utxo.js";
import { join } from "node:path";
import { Serialization } from "@meshsdk/core-cst";
import { DEVNET_FALLBACK_START_MS } from "../../src/cardano/era-history.js";
import { DevnetChain } from "../../src/chain/devnet/devnet.js";
import { declaredExUnits } from "../../src/chain/devnet/limits.js";
import { encodePayoutTag } from "../../src/tournament/datum.js";
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
  deposit?: string;
  settleBy?: number;
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

/** GET /tournaments/{id}, expecting 200. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function getTournament(service: RunningService, id: string): Promise<any> {
  const r = await service.request("GET", `/tournaments/${id}`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

/** The chain's tip as the service sees it (GET /health). */
export async function tipOf(service: RunningService): Promise<{ slot: number; time: number }> {
  const r = await service.request("GET", "/health");
  assert.ok(r.body?.tip, JSON.stringify(r.body));
  return r.body.tip;
}

/** The unspent outputs transaction `txHash` made to `address`. */
export async function outputsFrom(service: RunningService, address: string, txHash: string): Promise<UTxO[]> {
  return (await utxosOf(service, address)).filter((u) => u.input.txHash === txHash);
}

/**
 * Asserts that output `index` of `txHash` is at `address`, holds exactly `lovelace` and is tagged
 * [tournamentId, tag] (tag: `index` unless given: a free tournament's admin output 0 is tagged N).
 */
export async function assertTagged(
  service: RunningService,
  txHash: string,
  index: number,
  address: string,
  lovelace: bigint | number,
  tournamentId: string,
  tag = index,
): Promise<void> {
  const out = (await outputsFrom(service, address, txHash)).find((u) => u.input.outputIndex === index);
  assert.ok(out, `output ${txHash}#${index} to ${address}`);
  assert.equal(lovelaceOf(out), BigInt(lovelace), `${txHash}#${index} holds ${lovelace}`);
  assert.equal(out.output.plutusData, encodePayoutTag(tournamentId, tag), `${txHash}#${index} is tagged [id, ${tag}]`);
}

/** The mint field of an unsigned transaction: [unit, quantity] pairs. */
export function mintOf(complete: string): [string, bigint][] {
  const mint = Serialization.Transaction.fromCbor(Serialization.TxCBOR(complete)).body().mint();
  return [...(mint?.entries() ?? [])].map(([unit, q]) => [String(unit), q]);
}

/** The validity interval of an unsigned transaction, slots. */
export function validityOf(complete: string): { from: number | undefined; to: number | undefined } {
  const body = Serialization.Transaction.fromCbor(Serialization.TxCBOR(complete)).body();
  const from = body.validityStartInterval();
  const to = body.ttl();
  return { from: from === undefined ? undefined : Number(from), to: to === undefined ? undefined : Number(to) };
}

/** The required signers of an unsigned transaction, key hashes. */
export function requiredSignersOf(complete: string): string[] {
  const body = Serialization.Transaction.fromCbor(Serialization.TxCBOR(complete)).body();
  return [...(body.requiredSigners()?.values() ?? [])].map((k) => String(k.toCore()));
}

/**
 * A devnet in `dataDir` for tests that show it to the service through a port of their own, as a
 * real network's backend (no faucet, no clock, no system start): it starts at
 * DEVNET_FALLBACK_START_MS, the start the service's era history assumes for a devnet it cannot
 * ask, so that validity bounds (a tournament's deadline) convert to the slots its ledger uses.
 */
export function standInDevnet(dataDir: string): Promise<DevnetChain> {
  let first = true;
  const now = (): number => {
    if (!first) return Date.now();
    first = false;
    return DEVNET_FALLBACK_START_MS;
  };
  return DevnetChain.create({ path: join(dataDir, "devnet.sqlite"), now });
}
