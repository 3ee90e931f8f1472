// What every backend's lastOutputWith shares: the check of its `unit` argument, whether an
// output needs a redeemer to be spent (its payment credential is a script), and the position
// of an input in a transaction's input set, which is what a spend redeemer points at.
import { addressInfo } from "../../cardano/addresses.js";
import { BadRequestError } from "../../errors.js";
import type { OutRef } from "../port.js";

export interface AssetUnit {
  /** Policy id followed by asset name, lower-case hex. */
  readonly unit: string;
  readonly policyId: string;
  /** Hex; empty for the asset with the empty name. */
  readonly assetName: string;
}

/** `unit` checked and split: a 28-byte policy id followed by an asset name of 0 to 32 bytes, hex. */
export function assetUnitOf(unit: string): AssetUnit {
  const ok =
    typeof unit === "string" &&
    /^[0-9a-fA-F]*$/.test(unit) &&
    unit.length >= 56 &&
    unit.length <= 120 &&
    unit.length % 2 === 0;
  if (!ok) {
    const shown = typeof unit === "string" ? `"${unit.slice(0, 130)}"` : typeof unit;
    throw new BadRequestError(
      `unit must be a policy id (56 hex digits) followed by an asset name of at most 32 bytes (0 to 64 hex digits, an even number); got ${shown}.`,
    );
  }
  const lower = unit.toLowerCase();
  return { unit: lower, policyId: lower.slice(0, 56), assetName: lower.slice(56) };
}

/**
 * The script hash of an address's payment credential, or null when a key locks it (Byron
 * addresses included) or when `address` is not an output's address (a reward address, or
 * no address at all): only a script-locked output can have been spent with a redeemer.
 */
export function paymentScriptHash(address: string): string | null {
  let payment;
  try {
    payment = addressInfo(address, "address").payment;
  } catch {
    return null;
  }
  return payment?.isScript ? payment.hash : null;
}

const compareRefs = (a: OutRef, b: OutRef): number => {
  const x = a.txHash.toLowerCase();
  const y = b.txHash.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.index - b.index;
};

/** `refs` in the ledger's order of a transaction's input set: by transaction id, then output index. */
export const inLedgerOrder = (refs: readonly OutRef[]): OutRef[] => [...refs].sort(compareRefs);

/**
 * The position of `ref` among `inputs` as the ledger orders a transaction's input set (by
 * transaction id, then output index): the index of the spend redeemer that unlocks it. -1 when
 * `ref` is not among them.
 */
export function spendIndexOf(inputs: readonly OutRef[], ref: OutRef): number {
  const sorted = inLedgerOrder(inputs);
  return sorted.findIndex((r) => compareRefs(r, ref) === 0);
}
