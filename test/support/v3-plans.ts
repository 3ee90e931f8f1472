// The v3 contract's honest plans (contracts/test/v3/plans.ts, what the contracts' own tests submit)
// next to the service's builders: a pool in the plans' shape, and what the assertions compare, the
// outputs ([address, lovelace, inline datum]) and the redeemers of a built transaction.
import { CborReader } from "../../src/cardano/cbor.js";
import { fromHex, readMapEntries, splitTransaction, toHex } from "../../src/cardano/tx-cbor.js";
import type { UTxO } from "../../src/cardano/types.js";
import type { V3Contract } from "../../src/tournament/v3/contract.js";
import type { Pool } from "../../src/tournament/v3/pool.js";
import type { Out, RefScript, Wallet } from "../../contracts/test/helpers.js";
import type { Pool as PlanPool } from "../../contracts/test/v3/plans.js";
import { loadV3 } from "../../contracts/test/v3/scripts.js";
import { lovelaceOf } from "./utxos.js";

export * as plans from "../../contracts/test/v3/plans.js";

const NO_REF: RefScript = { txHash: "00".repeat(32), index: 0, code: "", hash: "", size: 0 };

/** `pool` as the plans take it (their reference scripts unused: only outputs and redeemers are compared). */
export function planPoolOf(contract: V3Contract, pool: Pool): PlanPool {
  const id = pool.tournamentId;
  return {
    id,
    config: pool.datum.config,
    registration: contract.registration(id),
    address: contract.address.bech32,
    registrationAddress: pool.registrationAddress.bech32,
    nftUnit: contract.policyId + id,
    refs: { tournament: NO_REF, registration: NO_REF },
    scripts: loadV3(contract.shape),
    batchAddress: contract.batchAddress.bech32,
    batchRef: NO_REF,
  };
}

/** A stand-in for the plans' payer: only its key hash is read. */
export const planWallet = (address: string, keyHash = "00".repeat(28)): Wallet =>
  ({ address, pkh: keyHash }) as unknown as Wallet;

/** Outputs as the comparisons read them. */
export const planOutputs = (outs: readonly Out[]): [string, bigint, string | undefined][] =>
  outs.map((o) => [o.address, o.lovelace, o.datum]);
export const chainOutputs = (utxos: readonly UTxO[]): [string, bigint, string | undefined][] =>
  utxos.map((u) => [u.output.address, lovelaceOf(u), u.output.plutusData]);

/** The redeemers of a transaction (the witness set's key 5, array form): "tag index" → data, CBOR hex (tag 0 spend, 1 mint). */
export function redeemersOf(complete: string): Map<string, string> {
  const entry = readMapEntries(splitTransaction(fromHex(complete)).witnessSet).find(
    ([key]) => new CborReader(key).smallUint() === 5,
  );
  const found = new Map<string, string>();
  if (!entry) return found;
  const reader = new CborReader(entry[1]);
  reader.each(reader.arrayLength(), () => {
    reader.arrayLength();
    const key = `${reader.smallUint()} ${reader.smallUint()}`;
    found.set(key, toHex(reader.raw()));
    reader.raw();
  });
  return found;
}
