// More of the chain state for the SDK certification tests of Lucid Evolution and the Evolution
// SDK (test/sdk/lucid-evolution.test.ts, evolution.test.ts), on top of ./sdk-devnet.ts: a
// transaction as the service decodes it (asserted confirmed), a stake account as the service's
// own chain port reads it, and a bound on an SDK's confirmation wait. Like ./sdk-devnet.ts, none
// of it goes through the Blockfrost-compatible API the SDK used.
import assert from "node:assert/strict";
import { poolKeyHash } from "../../src/cardano/delegatees.js";
import type { StakeAccount } from "../../src/chain/port.js";
import type { DecodedUtxo, SdkDevnet } from "./sdk-devnet.js";

/** What an SDK is given as its Blockfrost project id: any value is accepted when keys are not required. */
export const DUMMY_PROJECT_ID = "previewDevnetDummyProjectId00000";

/** The always-succeeds Plutus V3 validator of ./sdk-devnet.ts, its flat bytes in CBOR once: a script's bytes in a witness set or a script reference. */
export const ALWAYS_SUCCEEDS_V3_SINGLE_CBOR = "450101002499";

export interface ConfirmedTransaction {
  readonly txHash: string;
  readonly status: "confirmed";
  readonly inputs: { txHash: string; index: number }[];
  readonly outputs: DecodedUtxo[];
  readonly mint: { policyId: string; assetName: string; quantity: string }[];
  readonly metadata: Record<string, unknown> | null;
}

/** GET /v2/services/transactions/{txHash}?view=decoded, asserted confirmed. */
export async function confirmedTransaction(devnet: SdkDevnet, txHash: string): Promise<ConfirmedTransaction> {
  const response = await devnet.service.request<"getTransactionStatus">("GET", `/transactions/${txHash}?view=decoded`);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assert.equal(response.body.status, "confirmed", JSON.stringify(response.body));
  return response.body as ConfirmedTransaction;
}

/** GET /v2/services/addresses/{address}/utxos?view=decoded with an API key (AUTH=required). */
export async function keyedUtxos(devnet: SdkDevnet, key: string, address: string): Promise<DecodedUtxo[]> {
  const response = await devnet.service.request<"getAddressUtxos">(
    "GET",
    `/addresses/${address}/utxos?view=decoded`,
    undefined,
    {
      "x-api-key": key,
    },
  );
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.utxos as DecodedUtxo[];
}

/** The stake account as the service's own chain port reads it (no /v2/services route gives it). */
export const stakeAccount = (devnet: SdkDevnet, rewardAddress: string): Promise<StakeAccount> =>
  devnet.service.app.chain.stakeAccount(rewardAddress);

/** A fresh pool seeded on the devnet: its bech32 id and the key hash a delegation certificate names. */
export async function seededPool(devnet: SdkDevnet): Promise<{ poolId: string; keyHash: string }> {
  const poolId = await devnet.seedPool();
  return { poolId, keyHash: poolKeyHash(poolId, "poolId") };
}

/** `promise`, or a failure naming `what` after `ms`: an SDK's confirmation wait that never ends fails the test instead of hanging it. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** "txHash#index" of each UTxO, sorted: what two views of the same UTxO set are compared by. */
export const refsOf = (utxos: readonly { txHash: string; index: number }[]): string[] =>
  utxos.map((u) => `${u.txHash}#${u.index}`).sort();
