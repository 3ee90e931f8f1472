// The calls of the transactions API the build tests make: POST /transactions/build, then the
// client's signatures (./wallets.ts) through POST /transactions/submit, asserting the answers.
import assert from "node:assert/strict";
import type { Static } from "typebox";
import type { BuildResponse } from "../../src/server/routes/transactions/schemas.js";
import type { RunningService } from "./service.js";
import type { TestWallet } from "./wallets.js";

/** What POST /transactions/build answers: the wire type of its route's schema. */
export type Built = Static<typeof BuildResponse>;

/** POST /transactions/build, asserting 200. */
export async function build(service: RunningService, body: unknown): Promise<Built> {
  const response = await service.request<"buildTransaction">("POST", "/transactions/build", body);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body as Built;
}

/**
 * Signs `complete` with every wallet and submits it with `signatures` to POST /transactions/submit
 * (or `path`, the same route under another name: /tournaments/submit-tx); asserts the ledger took it.
 */
export async function signAndSubmit(
  service: RunningService,
  built: Pick<Built, "complete" | "hash">,
  signers: readonly TestWallet[],
  path = "/transactions/submit",
): Promise<string> {
  const signatures = await Promise.all(signers.map((w) => w.witnessSet(built.complete)));
  const response = await service.request<"submitTransaction" | "submitTournamentTransaction">("POST", path, {
    transaction: built.complete,
    signatures,
  });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(response.body.txHash, built.hash);
  return response.body.txHash as string;
}

/** Submits expecting the ledger to refuse; returns the ledger's own words (`detail` when the message translates them, else the message). */
export async function submitRejected(
  service: RunningService,
  built: Built,
  signers: readonly TestWallet[],
): Promise<string> {
  const signatures = await Promise.all(signers.map((w) => w.witnessSet(built.complete)));
  const response = await service.request<"submitTransaction">("POST", "/transactions/submit", {
    transaction: built.complete,
    signatures,
  });
  assert.equal(response.status, 422, JSON.stringify(response.body));
  return (response.body.detail ?? response.body.message) as string;
}

/** Submits a transaction that already carries its signatures, with `signatures: []` as the examples send it. */
export async function submitSigned(service: RunningService, txHex: string, expectedHash: string): Promise<string> {
  const response = await service.request<"submitTransaction">("POST", "/transactions/submit", {
    transaction: txHex,
    signatures: [],
  });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(response.body.txHash, expectedHash);
  return response.body.txHash as string;
}

/** An asset name (or any text) as the hex the API takes. */
export const utf8Hex = (text: string): string => Buffer.from(text, "utf8").toString("hex");
