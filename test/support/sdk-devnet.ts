// What the SDK certification tests (test/sdk/*.test.ts) share: the service on a devnet with the
// base URL an SDK's unchanged Blockfrost provider is given, and the chain state read back through
// the service's own /v2/services endpoints (never through the Blockfrost-compatible API the SDK
// used), so that each assertion checks what the ledger holds, not what the SDK believes.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { StakeAccount } from "../../src/chain/port.js";
import type { DecodedUtxo } from "../../src/tx/decoded-view.js";
import { startService, type RunningService } from "./service.js";

/** The devnet's Blockfrost-compatible base path (DESIGN-21 decision 2). */
export const BLOCKFROST_PATH = "/blockfrost/api/v0";

/** What an SDK is given as its Blockfrost project id: any value is accepted when keys are not required. */
export const DUMMY_PROJECT_ID = "previewDevnetDummyProjectId00000";

/**
 * An always-succeeding Plutus V3 validator: `(program 1.1.0 (lam ctx (con unit ())))`, flat
 * encoded (01 01 00: the version; 2: lam; 4: con; 1 0011 0: the type list [unit]; 01: padding),
 * wrapped once in CBOR as a bytestring (45…), the form a script takes in a witness set and a
 * script reference, and once more (46…) as Lucid and most blueprints carry it.
 */
export const ALWAYS_SUCCEEDS_V3 = { flat: "0101002499", cbor: "450101002499", doubleCbor: "46450101002499" } as const;

export interface SdkDevnet {
  readonly service: RunningService;
  /** http://127.0.0.1:PORT/blockfrost/api/v0 */
  readonly blockfrostUrl: string;
  close(): Promise<void>;
  /** POST /v2/services/devnet/faucet: the funding's transaction id. */
  fund(address: string, lovelace: bigint): Promise<string>;
  /** GET /v2/services/addresses/{address}/utxos?view=decoded */
  utxosAt(address: string): Promise<DecodedUtxo[]>;
  /** GET /v2/services/transactions/{txHash}?view=decoded, asserted confirmed. */
  confirmedTransaction(txHash: string): Promise<ConfirmedTransaction>;
  /** POST /v2/services/devnet/stake-pools with a fresh pool id: its bech32 id and key hash. */
  seedPool(): Promise<{ poolId: string; keyHash: string }>;
  /** The stake account as the service's own chain port reads it (no /v2/services route gives it). */
  stakeAccount(rewardAddress: string): Promise<StakeAccount>;
}

export interface ConfirmedTransaction {
  readonly txHash: string;
  readonly status: "confirmed";
  readonly inputs: { txHash: string; index: number }[];
  readonly outputs: DecodedUtxo[];
  readonly mint: { policyId: string; assetName: string; quantity: string }[];
  readonly metadata: Record<string, unknown> | null;
}

export async function startSdkDevnet(env: Record<string, string> = {}): Promise<SdkDevnet> {
  const service = await startService({ NETWORK: "devnet", ...env });
  return {
    service,
    blockfrostUrl: `${service.url}${BLOCKFROST_PATH}`,
    close: () => service.close(),
    async fund(address, lovelace) {
      const response = await service.request("POST", "/devnet/faucet", { address, lovelace: lovelace.toString() });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.txHash as string;
    },
    async utxosAt(address) {
      const response = await service.request("GET", `/addresses/${address}/utxos?view=decoded`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.utxos as DecodedUtxo[];
    },
    async confirmedTransaction(txHash) {
      const response = await service.request("GET", `/transactions/${txHash}?view=decoded`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.status, "confirmed", JSON.stringify(response.body));
      return response.body as ConfirmedTransaction;
    },
    async seedPool() {
      const response = await service.request("POST", "/devnet/stake-pools", { poolId: randomBytes(28).toString("hex") });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.created, true);
      return { poolId: response.body.poolId as string, keyHash: response.body.keyHash as string };
    },
    stakeAccount: (rewardAddress) => service.app.chain.stakeAccount(rewardAddress),
  };
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
export const refsOf = (utxos: readonly { txHash: string; index: number }[]): string[] => utxos.map((u) => `${u.txHash}#${u.index}`).sort();

/** The lovelace of decoded UTxOs, summed. */
export const lovelaceIn = (utxos: readonly DecodedUtxo[]): bigint => utxos.reduce((sum, u) => sum + BigInt(u.lovelace), 0n);

/** The quantity of `unit` (policy id + asset name, hex) in decoded UTxOs, summed. */
export const quantityIn = (utxos: readonly DecodedUtxo[], unit: string): bigint =>
  utxos.reduce((sum, u) => sum + u.assets.filter((a) => a.policyId + a.assetName === unit).reduce((s, a) => s + BigInt(a.quantity), 0n), 0n);
