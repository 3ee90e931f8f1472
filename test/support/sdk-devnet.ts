// The devnet as the SDK certification tests (test/sdk/*.test.ts) use it: the real service on a
// loopback port, its Blockfrost-compatible base URL for the SDK's unchanged Blockfrost provider,
// and the service's own endpoints (/v2/services/…) to fund wallets, seed a stake pool and check
// the chain state after each step, independently of the API the SDK went through.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { poolIdOf } from "../../src/cardano/delegatees.js";
import { startService, type RunningService } from "./service.js";

/** The always-succeeds Plutus V3 validator `(program 1.1.0 (lam ctx (con unit ())))`, its flat bytes in CBOR twice (as Mesh and Blaze take a script). */
export const ALWAYS_SUCCEEDS_V3 = "46450101002499";

export interface DecodedUtxo {
  readonly txHash: string;
  readonly index: number;
  readonly address: string;
  readonly lovelace: string;
  readonly assets: ReadonlyArray<{ policyId: string; assetName: string; quantity: string }>;
  readonly datum: { hash: string; inline: unknown } | null;
  readonly referenceScriptHash: string | null;
}

export interface SdkDevnet {
  readonly service: RunningService;
  /** http://127.0.0.1:PORT/blockfrost/api/v0 */
  readonly blockfrostUrl: string;
  /** Funds `address` through POST /v2/services/devnet/faucet; the faucet transaction's id. */
  fund(address: string, lovelace: bigint): Promise<string>;
  /** The UTxOs at an address as the service itself reads them (GET /v2/services/addresses/{address}/utxos?view=decoded). */
  utxos(address: string): Promise<DecodedUtxo[]>;
  /** Seeds a fresh stake pool through POST /v2/services/devnet/stake-pools; its bech32 id. */
  seedPool(): Promise<string>;
  /** Whether the devnet accepted a transaction (GET /v2/services/transactions/{hash}). */
  txStatus(txHash: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function startSdkDevnet(env: Record<string, string> = {}): Promise<SdkDevnet> {
  const service = await startService({ NETWORK: "devnet", ...env });
  return {
    service,
    blockfrostUrl: `${service.url}/blockfrost/api/v0`,
    async fund(address, lovelace) {
      const r = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
        address,
        lovelace: lovelace.toString(),
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.txHash as string;
    },
    async utxos(address) {
      const r = await service.request<"getAddressUtxos">("GET", `/addresses/${address}/utxos?view=decoded`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.utxos as DecodedUtxo[];
    },
    async seedPool() {
      const poolId = poolIdOf(randomBytes(28).toString("hex"));
      const r = await service.request<"registerDevnetStakePool">("POST", "/devnet/stake-pools", { poolId });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.created, true);
      return poolId;
    },
    async txStatus(txHash) {
      const r = await service.request<"getTransactionStatus">("GET", `/transactions/${txHash}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body;
    },
    close: () => service.close(),
  };
}

/** The lovelace at an address, summed over its UTxOs. */
export const lovelaceOf = (utxos: readonly DecodedUtxo[]): bigint => utxos.reduce((s, u) => s + BigInt(u.lovelace), 0n);

/** The quantity of a unit (policy id + asset name, hex) over UTxOs. */
export const quantityOf = (utxos: readonly DecodedUtxo[], unit: string): bigint =>
  utxos.reduce(
    (s, u) =>
      s + u.assets.filter((a) => a.policyId + a.assetName === unit).reduce((t, a) => t + BigInt(a.quantity), 0n),
    0n,
  );
