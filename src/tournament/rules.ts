// The checks the service makes before building a tournament transaction (each a 400 with a
// message), for what a request can get wrong that the contracts would only refuse later, or that
// would lock funds for good (a tournament whose prizes its pool cannot pay).
import type { Protocol } from "@meshsdk/common";
import { getOutputMinLovelace, pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { Address } from "@meshsdk/core-cst";
import type { Network } from "../config.js";
import { BadRequestError } from "../errors.js";
import { networkIdOf } from "./contracts.js";
import { encodePayoutTag, type FixedPayout } from "./datum.js";

export const MAX_NAME_BYTES = 64;
export const MIN_BRACKET = 2;
// The limits below come from measurements on the devnet (Conway mainnet limits: 16,384 B,
// 16.5 M memory units and 10 G steps per transaction; contracts/README.md and
// test/tournament-scale.test.ts print the figures). Each leaves headroom for the variation with
// the ledger's input order and for base addresses of the longest encoding.
/**
 * Largest bracket. Every add carries the whole participant list in its datum (~80 B per base
 * address) and settlement looks winners up in it; the contracts fill and settle up to ~195.
 */
export const MAX_BRACKET = 64;
/**
 * Most registrations one add-participants transaction consumes: each registration's validator
 * scans the inputs, so the memory grows with the square of the batch (64 uses ~99.7 % of the
 * ledger's memory, 48 ~65 %).
 */
export const MAX_REGISTRATIONS_PER_ADD = 40;
/**
 * Most placements one settlement pays: the distinct-winners check is quadratic in the placements
 * and each winner is looked up in the participant list. At bracket 64 with the winners at the end
 * of the list, 32 placements and 8 fixed payouts use ~71 % of the ledger's memory, 40 placements
 * ~82 %, 51 ~98 %.
 */
export const MAX_PLACEMENTS = 32;
export const MAX_FIXED_PAYOUTS = 8;
/** Most payouts of one settlement in all. */
export const MAX_PAYOUTS = MAX_PLACEMENTS + MAX_FIXED_PAYOUTS;

/** The payment key hash of `address`, or a 400: the contracts need a signature from it. */
export function paymentKeyHash(address: string, field: string, why: string): string {
  const props = Address.fromString(address)?.getProps();
  const part = props?.paymentPart;
  if (!part || part.type !== 0) throw new BadRequestError(`${field} must be an address with a key payment credential (not a script): ${why}.`);
  return part.hash;
}

/** Same payment credential (the contracts compare whole addresses; this compares what signs). */
export const sameAddress = (a: string, b: string): boolean => a === b;

export function checkName(name: string): void {
  const bytes = Buffer.byteLength(name, "utf8");
  if (name.trim().length === 0) throw new BadRequestError("body.name must not be empty.");
  if (bytes > MAX_NAME_BYTES) throw new BadRequestError(`body.name is ${bytes} bytes of UTF-8; at most ${MAX_NAME_BYTES} are allowed.`);
}

export function checkBracket(bracketSize: number): void {
  if (!Number.isInteger(bracketSize) || bracketSize < MIN_BRACKET || bracketSize > MAX_BRACKET) {
    throw new BadRequestError(
      `body.bracketSize must be a whole number from ${MIN_BRACKET} to ${MAX_BRACKET}: larger brackets make the add-participants and ` +
        "settlement transactions exceed the ledger's size and execution limits.",
    );
  }
}

/** At most MAX_REGISTRATIONS_PER_ADD registrations per add-participants request. */
export function checkAddBatch(count: number): void {
  if (count > MAX_REGISTRATIONS_PER_ADD) {
    throw new BadRequestError(
      `body.registrations has ${count} entries; at most ${MAX_REGISTRATIONS_PER_ADD} are added per transaction (more would exceed the ` +
        `ledger's execution limits): split them into several requests of up to ${MAX_REGISTRATIONS_PER_ADD}, submitting each before the next.`,
    );
  }
}

/** A base address with the longest encoding: the worst case for a prize output's min-UTxO. */
const widestAddress = (network: Network): string => serializeAddressObj(pubKeyAddress("ff".repeat(28), "ff".repeat(28)), networkIdOf(network));

/** The ledger minimum of a tagged prize output of `amount` lovelace at `address`. */
export function prizeMinimum(params: Protocol, tournamentId: string, index: number, address: string, amount: bigint): bigint {
  return BigInt(
    getOutputMinLovelace(
      {
        address,
        amount: [{ unit: "lovelace", quantity: amount.toString() }],
        datum: { type: "Inline", data: { type: "CBOR", content: encodePayoutTag(tournamentId, index) } },
      },
      params.coinsPerUtxoSize,
    ),
  );
}

export interface PayoutCheck {
  readonly network: Network;
  readonly params: Protocol;
  readonly tournamentId: string;
  readonly bracketSize: number;
  readonly entryFee: bigint;
  readonly payoutStructure: readonly bigint[];
  readonly fixedPayouts: readonly FixedPayout[];
}

/**
 * Payouts: one placement at most per bracket seat, every amount positive and at least the ledger
 * minimum of its tagged output (so the contract's "≥ amount" is what is paid), and all of them
 * together no more than a full bracket's entry fees (bracketSize × entryFee): the pool always funds
 * its prizes, and the admin keeps what is left at settlement.
 */
export function checkPayouts(c: PayoutCheck): void {
  const p = c.payoutStructure.length;
  if (p > c.bracketSize) throw new BadRequestError(`body.payoutStructure has ${p} placements, more than the bracket's ${c.bracketSize} participants.`);
  if (c.fixedPayouts.length > MAX_FIXED_PAYOUTS) throw new BadRequestError(`body.fixedPayouts has ${c.fixedPayouts.length} entries; at most ${MAX_FIXED_PAYOUTS} are allowed.`);
  if (p > MAX_PLACEMENTS) {
    throw new BadRequestError(
      `body.payoutStructure has ${p} placements; at most ${MAX_PLACEMENTS} are allowed: the settlement pays them in one transaction, and ` +
        "more would exceed the ledger's execution limits. Pay fewer placements (a fixed payout costs less than a placement).",
    );
  }
  const widest = widestAddress(c.network);
  c.payoutStructure.forEach((amount, i) => {
    const min = prizeMinimum(c.params, c.tournamentId, i, widest, amount);
    if (amount < min) throw new BadRequestError(`body.payoutStructure[${i}] is ${amount} lovelace, below the ${min} lovelace a prize output needs (the ledger's minimum for it).`);
  });
  c.fixedPayouts.forEach((f, j) => {
    const min = prizeMinimum(c.params, c.tournamentId, p + j, f.address, f.amount);
    if (f.amount < min) throw new BadRequestError(`body.fixedPayouts[${j}] pays ${f.amount} lovelace, below the ${min} lovelace a prize output needs (the ledger's minimum for it).`);
  });
  const total = [...c.payoutStructure, ...c.fixedPayouts.map((f) => f.amount)].reduce((s, a) => s + a, 0n);
  const pool = c.entryFee * BigInt(c.bracketSize);
  if (total > pool) {
    throw new BadRequestError(
      `The payouts total ${total} lovelace, more than a full bracket's entry fees (${c.bracketSize} × ${c.entryFee} = ${pool} lovelace): ` +
        "lower the payouts or raise the entry fee, so that the prize pool can pay them.",
    );
  }
}
