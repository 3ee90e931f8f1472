// Collateral for a transaction that runs Plutus scripts: one ADA-only UTxO at a key address, and
// how much of it the ledger takes should a script fail. Shared by the tournament transactions
// and POST /transactions/build.
import type { UTxO } from "./types.js";
import { isKeyAddress, knownAddress } from "./address-rules.js";
import { minLovelace } from "./tx-encode.js";
import { adaOnly, lovelaceOf } from "./utxo.js";
import { fromAssets, withLovelace } from "./value.js";

/** 5 ADA covers 150% of any fee a transaction within the ledger's limits can have. */
export const MIN_COLLATERAL = 5_000_000n;
/** A collateral return output needs its min-UTxO: below this much over the collateral, none is made. */
const COLLATERAL_RETURN_MIN = 2_000_000n;

export interface Collateral {
  readonly utxo: UTxO;
  /** What the ledger takes should a script fail, the rest going back (collateral return); null: the whole UTxO. */
  readonly total: bigint | null;
}

/**
 * The largest ADA-only UTxO of at least 5 ADA at a key address, carrying no reference script or
 * datum. Failing that, given the network's coinsPerUtxoSize, the key-address UTxO of the most
 * lovelace that also holds tokens (a wallet whose every UTxO does, as after a mint), when it
 * covers 5 ADA and the min-UTxO of the collateral return that gives its tokens back (the ledger
 * takes tokens as collateral only so). Undefined when there is none.
 */
export function collateralFrom(utxos: readonly UTxO[], coinsPerUtxoSize?: number | bigint): Collateral | undefined {
  let best: UTxO | undefined;
  let withTokens: UTxO | undefined;
  for (const u of utxos) {
    if (u.output.scriptRef || u.output.dataHash || !isKeyAddress(u.output.address) || lovelaceOf(u) < MIN_COLLATERAL)
      continue;
    if (!adaOnly(u)) {
      if (withTokens === undefined || lovelaceOf(u) > lovelaceOf(withTokens)) withTokens = u;
    } else if (best === undefined || lovelaceOf(u) > lovelaceOf(best)) best = u;
  }
  if (best !== undefined)
    return { utxo: best, total: lovelaceOf(best) >= MIN_COLLATERAL + COLLATERAL_RETURN_MIN ? MIN_COLLATERAL : null };
  if (withTokens === undefined || coinsPerUtxoSize === undefined) return undefined;
  const back = {
    address: knownAddress(withTokens.output.address),
    value: withLovelace(fromAssets(withTokens.output.amount), 0n),
  };
  return lovelaceOf(withTokens) - MIN_COLLATERAL >= minLovelace(back, coinsPerUtxoSize)
    ? { utxo: withTokens, total: MIN_COLLATERAL }
    : undefined;
}
