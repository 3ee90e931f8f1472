// The calls of the transactions API the build tests make: POST /transactions/build, then the
// client's signatures (./wallets.ts) through POST /transactions/submit, asserting the answers.
import assert from "node:assert/strict";
import type { RunningService } from "./service.js";
import type { TestWallet } from "./wallets.js";

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
  const signatures = await Promise.all(signers.map((w) => w.witnessSet(built.complete)));
  const response = await service.request("POST", "/transactions/submit", { transaction: built.complete, signatures });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(response.body.txHash, built.hash);
  return response.body.txHash as string;
}

/** Submits expecting the ledger to refuse; returns the error message. */
export async function submitRejected(service: RunningService, built: Built, signers: readonly TestWallet[]): Promise<string> {
  const signatures = await Promise.all(signers.map((w) => w.witnessSet(built.complete)));
  const response = await service.request("POST", "/transactions/submit", { transaction: built.complete, signatures });
  assert.equal(response.status, 422, JSON.stringify(response.body));
  return response.body.message as string;
}

/** Submits a transaction that already carries its signatures, with `signatures: []` as the examples send it. */
export async function submitSigned(service: RunningService, txHex: string, expectedHash: string): Promise<string> {
  const response = await service.request("POST", "/transactions/submit", { transaction: txHex, signatures: [] });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(response.body.txHash, expectedHash);
  return response.body.txHash as string;
}

/** An asset name (or any text) as the hex the API takes. */
export const utf8Hex = (text: string): string => Buffer.from(text, "utf8").toString("hex");
