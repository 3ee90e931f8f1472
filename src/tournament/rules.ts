// The checks the service makes before building a tournament transaction (each a 400 with a
// message that names the field of the operation's input and the limit), for what a request can get
// wrong that the contracts would only refuse later. The limits are the contract's own (./limits.ts, one source).
import type { Protocol, UTxO } from "../cardano/types.js";
import { checkNotPointer, paymentKeyHash } from "../cardano/address-rules.js";
import { shelleyAddressOf } from "../cardano/credential-address.js";
import { isLovelace, lovelaceOf } from "../cardano/utxo.js";
import { minLovelace } from "../cardano/tx-encode.js";
import { valueOf } from "../cardano/value.js";
import type { Network } from "../config.js";
import type { TxOutput } from "./assemble.js";
import type { Tip } from "../chain/port.js";
import { BadRequestError, refusal, type FieldNamer } from "../errors.js";
import { iso } from "./deadline.js";
import { networkIdOf, V2_1_CONTRACT, V3_CONTRACT } from "./contracts.js";
import { encodePayoutTag, encodeRegistrationDatum, type FixedPayout } from "./datum.js";
import {
  DEFAULT_SETTLE_WINDOW_MS,
  MAX_BRACKET,
  MAX_FIXED_PAYOUTS,
  MAX_LOVELACE,
  MAX_NAME_BYTES,
  MAX_PLACEMENTS,
  MAX_REGISTRATIONS_PER_ADD,
  MAX_SETTLE_WINDOW_MS,
  MIN_BRACKET,
  MIN_PAYOUT_LOVELACE,
  MIN_SETTLE_WINDOW_MS,
  V3_MAX_BRACKET,
} from "./limits.js";
import type { Address } from "../cardano/addresses.js";

/** MIN_PAYOUT_LOVELACE in words for the 400s and reasons: "1300000 lovelace (MIN_PAYOUT_LOVELACE, 1.3 ADA)". */
export const MIN_PAYOUT_WORDS = `${MIN_PAYOUT_LOVELACE} lovelace (MIN_PAYOUT_LOVELACE, ${Number(MIN_PAYOUT_LOVELACE) / 1e6} ADA)`;

/**
 * The rule of a tournament's exits, the same for every tournament (the contract's, v2.1): the
 * tournament object and the docs state it in these words.
 */
export const EXIT_RULE =
  "Until the bracket is full the admin may cancel (every entry fee back); once it is full the only ways out are a settlement, " +
  "or a cancel or refund that shares the entry fees and the prize deposit equally among the players.";

/** Lovelace all the prizes (placements and fixed payouts) of a configuration add up to. */
export function prizesOf(c: {
  readonly payoutStructure: readonly bigint[];
  readonly fixedPayouts: readonly { readonly amount: bigint }[];
}): bigint {
  return [...c.payoutStructure, ...c.fixedPayouts.map((f) => f.amount)].reduce((s, a) => s + a, 0n);
}

/**
 * The creator's deposit, as the contract computes it: what the prizes exceed a full bracket's entry
 * fees by (0 when the entry fees cover them). It sits in the tournament output from creation on, so
 * that a full bracket's pool always pays every prize.
 */
export function depositOf(c: {
  readonly bracketSize: number;
  readonly entryFee: bigint;
  readonly payoutStructure: readonly bigint[];
  readonly fixedPayouts: readonly { readonly amount: bigint }[];
}): bigint {
  const d = prizesOf(c) - BigInt(c.bracketSize) * c.entryFee;
  return d > 0n ? d : 0n;
}

export function checkName(name: string): void {
  const bytes = Buffer.byteLength(name, "utf8");
  if (name.trim().length === 0) throw refusal(BadRequestError, (at) => `${at("name")} must not be empty.`);
  if (bytes > MAX_NAME_BYTES)
    throw refusal(
      BadRequestError,
      (at) => `${at("name")} is ${bytes} bytes of UTF-8; at most ${MAX_NAME_BYTES} are allowed.`,
    );
}

/**
 * The contract versions by their largest bracket, smallest first: v2.1's datum holds every
 * participant, v3's a seat tree's root (V3_MAX_BRACKET = 2^depth seats).
 */
const VERSION_BRACKETS = [
  { version: V2_1_CONTRACT.version, max: MAX_BRACKET, why: "its datum holds every participant" },
  { version: V3_CONTRACT.version, max: V3_MAX_BRACKET, why: "its datum keeps a seat tree's root, not the list" },
] as const;

/**
 * A bracket of MIN_BRACKET to `max` seats, the largest the contract version takes (MAX_BRACKET for
 * v2.1, the seat tree's 2^depth for v3). A whole number above a version's largest that a later
 * version takes is refused naming that version, so that the creator knows which to ask for.
 */
export function checkBracket(bracketSize: number, max: number = MAX_BRACKET): void {
  const mine = VERSION_BRACKETS.find((v) => v.max === max);
  const largest = VERSION_BRACKETS[VERSION_BRACKETS.length - 1]!;
  if (Number.isInteger(bracketSize) && bracketSize > max && mine !== undefined && largest.max > max) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("bracketSize")} is ${bracketSize}: contract version ${mine.version} takes brackets of ${MIN_BRACKET} to ${max} (${mine.why}); ` +
        `version ${largest.version} takes up to ${largest.max.toLocaleString("en-US")} (contractVersion "${largest.version}").`,
    );
  }
  if (!Number.isInteger(bracketSize) || bracketSize < MIN_BRACKET || bracketSize > max) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("bracketSize")} must be a whole number from ${MIN_BRACKET} to ${max}: larger brackets make the add-participants and ` +
        "settlement transactions exceed the ledger's size and execution limits.",
    );
  }
}

/** At most MAX_REGISTRATIONS_PER_ADD registrations per add-participants request. */
export function checkAddBatch(count: number): void {
  if (count > MAX_REGISTRATIONS_PER_ADD) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("registrations")} has ${count} entries; at most ${MAX_REGISTRATIONS_PER_ADD} are added per transaction (more would exceed the ` +
        `ledger's execution limits): split them into several requests of up to ${MAX_REGISTRATIONS_PER_ADD}, submitting each before the next.`,
    );
  }
}

/** A base address with the longest encoding: the worst case for a prize output's min-UTxO. */
const widestAddress = (network: Network): Address =>
  shelleyAddressOf(
    { hash: "ff".repeat(28), isScript: false },
    { hash: "ff".repeat(28), isScript: false },
    networkIdOf(network),
  );

/** The ledger minimum of an output of `lovelace` and `tokens` at `address` with inline datum `datum`. */
function outputMinimum(
  params: Protocol,
  address: Address,
  lovelace: bigint,
  tokens: ReadonlyMap<string, bigint>,
  datum: string,
): bigint {
  return minLovelace(
    {
      address,
      value: valueOf(lovelace, tokens),
      datum: { type: "Inline", data: { type: "CBOR", content: datum } },
    },
    params.coinsPerUtxoSize,
  );
}

/** The ledger minimum of a tagged prize output of `amount` lovelace at `address`. */
function prizeMinimum(params: Protocol, tournamentId: string, index: number, address: Address, amount: bigint): bigint {
  return outputMinimum(params, address, amount, new Map(), encodePayoutTag(tournamentId, index));
}

/**
 * Payment `index` of a tournament transaction (a prize, a refund, a returned overpayment): at least
 * `lovelace`, raised to the output's ledger minimum, and `tokens` to `address`, tagged
 * [tournamentId, index] as the contract requires, so that one output never counts for two payments.
 */
export function taggedPayment(
  params: Protocol,
  tournamentId: string,
  index: number,
  address: Address,
  lovelace: bigint,
  tokens: ReadonlyMap<string, bigint> = new Map(),
): TxOutput {
  const datum = encodePayoutTag(tournamentId, index);
  const min = outputMinimum(params, address, lovelace, tokens, datum);
  return { address, value: valueOf(lovelace > min ? lovelace : min, tokens), datum };
}

/**
 * Why an add cannot take registration `u` (to `address`, as participant `index`) for what it
 * holds beyond the entry fee; null when it can. The contract (v2.1) adds only registrations of ada
 * alone (a token's return would be the admin's to fund, and enough token names push any add that
 * takes it over the ledger's budget), and returns an overpayment in an output of its own only from
 * MIN_PAYOUT_LOVELACE up (nobody can make the admin fund a smaller one). An underpaid registration
 * returns nothing (the admin tops the pool up, by choice): no problem here.
 */
export function returnProblem(tournamentId: string, u: UTxO, entryFee: bigint): string | null {
  const unregister = `its registrant can take it back with POST /tournaments/${tournamentId}/unregister`;
  const tokens = u.output.amount.filter((a) => !isLovelace(a));
  if (tokens.length > 0) {
    return (
      `it carries ${tokens.length === 1 ? "a token" : `${tokens.length} kinds of token`} besides ada: the contract adds only registrations ` +
      `of ada alone (returning tokens would cost the admin their output's minimum); ${unregister}`
    );
  }
  const excess = lovelaceOf(u) - entryFee;
  if (excess <= 0n || excess >= MIN_PAYOUT_LOVELACE) return null;
  return (
    `it is overpaid by ${excess} lovelace, less than the ${MIN_PAYOUT_WORDS} a returned output needs: the contract refuses to add it ` +
    `(nobody can make the admin fund its return); ${unregister}`
  );
}

/** One payment of a cancel or refund: output `index` pays `address` at least `lovelace`. */
export interface ClosingPayment {
  readonly index: number;
  readonly address: string;
  readonly lovelace: bigint;
}

/**
 * What a cancel or refund pays, in output order, as the contract (v2.1) lays it out. Before the
 * bracket is full: each participant's entry fee in outputs 0..N-1 (none when entry is free), then
 * the rest of the tournament output (`held` lovelace) to the admin in the next output (tagged N
 * either way). Once it is full the prizes belong to the players: participant k gets the entry fee
 * plus an equal share floor(D / N) of the deposit D (depositOf), participant 0 also the remainder
 * D mod N, and the admin what is left (the min-UTxO, any top-up). A participant output is made
 * only when its amount is positive (a free tournament without prizes pays only the admin).
 */
export function closingPayments(
  c: {
    readonly entryFee: bigint;
    readonly adminAddress: string;
    readonly bracketSize: number;
    readonly payoutStructure: readonly bigint[];
    readonly fixedPayouts: readonly FixedPayout[];
  },
  participants: readonly string[],
  held: bigint,
): ClosingPayment[] {
  const n = BigInt(participants.length);
  const full = participants.length >= c.bracketSize && n > 0n;
  const deposit = full ? depositOf(c) : 0n;
  const share = full ? deposit / n : 0n;
  const rest = full ? deposit % n : 0n;
  const each = c.entryFee + share;
  const refunds =
    each > 0n ? participants.map((address, k) => ({ index: k, address, lovelace: each + (k === 0 ? rest : 0n) })) : [];
  const paid = refunds.reduce((sum, p) => sum + p.lovelace, 0n);
  return [...refunds, { index: participants.length, address: c.adminAddress, lovelace: held - paid }];
}

export interface PayoutCheck {
  readonly network: Network;
  readonly params: Protocol;
  readonly tournamentId: string;
  readonly bracketSize: number;
  readonly entryFee: bigint;
  readonly payoutStructure: readonly bigint[];
  /** As the request gives them: the addresses read, not yet in the datum. */
  readonly fixedPayouts: readonly { readonly address: Address; readonly amount: bigint }[];
}

/**
 * Payouts: one placement at most per bracket seat, every amount positive and at least the ledger
 * minimum of its tagged output (so the contract's "≥ amount" is what is paid), a full bracket's
 * entry fees and the prizes each within the ada supply. Prizes above a full bracket's entry fees
 * are no error: the creator deposits the difference (depositOf) at creation.
 */
export function checkPayouts(c: PayoutCheck): void {
  const p = c.payoutStructure.length;
  if (p > c.bracketSize) {
    throw refusal(
      BadRequestError,
      (at) => `${at("payoutStructure")} has ${p} placements, more than the bracket's ${c.bracketSize} participants.`,
    );
  }
  if (c.fixedPayouts.length > MAX_FIXED_PAYOUTS) {
    throw refusal(
      BadRequestError,
      (at) => `${at("fixedPayouts")} has ${c.fixedPayouts.length} entries; at most ${MAX_FIXED_PAYOUTS} are allowed.`,
    );
  }
  if (p > MAX_PLACEMENTS) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("payoutStructure")} has ${p} placements; at most ${MAX_PLACEMENTS} are allowed: the settlement pays them in one transaction, and ` +
        "more would exceed the ledger's execution limits. Pay fewer placements (a fixed payout costs less than a placement).",
    );
  }
  const widest = widestAddress(c.network);
  c.payoutStructure.forEach((amount, i) => {
    const min = prizeMinimum(c.params, c.tournamentId, i, widest, amount);
    if (amount < min) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`payoutStructure[${i}]`)} is ${amount} lovelace, below the ${min} lovelace a prize output needs (the ledger's minimum for it).`,
      );
    }
  });
  c.fixedPayouts.forEach((f, j) => {
    checkNotPointer(f.address, `fixedPayouts[${j}][0]`);
    paymentKeyHash(f.address, `fixedPayouts[${j}][0]`, "the contract pays fixed payouts to key addresses only");
    const min = prizeMinimum(c.params, c.tournamentId, p + j, f.address, f.amount);
    if (f.amount < min) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`fixedPayouts[${j}]`)} pays ${f.amount} lovelace, below the ${min} lovelace a prize output needs (the ledger's minimum for it).`,
      );
    }
  });
  const pool = c.entryFee * BigInt(c.bracketSize);
  const prizes = prizesOf(c);
  if (pool > MAX_LOVELACE || prizes > MAX_LOVELACE) {
    throw refusal(
      BadRequestError,
      (at) =>
        `A full bracket's entry fees (${at("bracketSize")} × ${at("entryFee")} = ${pool} lovelace) and the prizes (${at("payoutStructure")} and ` +
        `${at("fixedPayouts")} together: ${prizes} lovelace) must each stay at most ${MAX_LOVELACE} lovelace (MAX_LOVELACE, the ada supply): lower them.`,
    );
  }
}

/**
 * An entry fee is 0 (free to enter) or at least MIN_PAYOUT_LOVELACE: every entry fee is paid back
 * in an output of its own by a cancel or refund, which must not need anybody's top-up.
 */
export function checkEntryFee(entryFee: bigint): void {
  if (entryFee > 0n && entryFee < MIN_PAYOUT_LOVELACE) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("entryFee")} is ${entryFee} lovelace: an entry fee is 0 (free to enter) or at least ${MIN_PAYOUT_WORDS}, the smallest ` +
        "payment the contract lets an output carry on its own (a cancel or refund pays each entry fee back in one).",
    );
  }
}

/**
 * A paid registration holds exactly the entry fee only if the fee covers the ledger minimum of its
 * output (at `registrationAddress`, the widest registrant as datum); otherwise it would hold that
 * minimum, and what it holds beyond the fee would be an overpayment too small to return, which no
 * add can take.
 */
export function checkEntryFeeHoldsRegistration(
  params: Protocol,
  network: Network,
  registrationAddress: Address,
  entryFee: bigint,
): void {
  if (entryFee === 0n) return;
  const min = outputMinimum(
    params,
    registrationAddress,
    entryFee,
    new Map(),
    encodeRegistrationDatum(widestAddress(network).bech32),
  );
  if (entryFee < min) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("entryFee")} is ${entryFee} lovelace, below the ${min} lovelace the ledger asks of a registration output holding it (with a ` +
        "base address as its datum): such a registration would hold more than the fee, too little more to be returned, and could not be added.",
    );
  }
}

/**
 * A free tournament with prizes: a cancel or refund of its full bracket shares the prizes' deposit
 * among the players, so each share must be at least MIN_PAYOUT_LOVELACE.
 */
export function checkFreePrizes(c: {
  readonly bracketSize: number;
  readonly entryFee: bigint;
  readonly payoutStructure: readonly bigint[];
  readonly fixedPayouts: readonly { readonly amount: bigint }[];
}): void {
  const prizes = prizesOf(c);
  const least = BigInt(c.bracketSize) * MIN_PAYOUT_LOVELACE;
  if (c.entryFee === 0n && prizes > 0n && prizes < least) {
    throw refusal(
      BadRequestError,
      (at) =>
        `A free tournament's prizes (${at("payoutStructure")} and ${at("fixedPayouts")} together: ${prizes} lovelace) must be 0 or at least ` +
        `${at("bracketSize")} × ${MIN_PAYOUT_WORDS} = ${least} lovelace: once the bracket is full, a cancel or refund shares them equally ` +
        "among the players, each share in an output of its own. Raise the prizes, or set an entryFee.",
    );
  }
}

/** A duration in words for the 400s: "10 minutes", "30 days". */
function spell(ms: number): string {
  const minutes = ms / 60_000;
  return minutes % (24 * 60) === 0
    ? `${minutes / (24 * 60)} days`
    : minutes % 60 === 0
      ? `${minutes / 60} hours`
      : `${minutes} minutes`;
}

/** Below this a settleBy is taken for seconds (10^11 ms is 1973-03-03, 10^11 s the year 5138): the 400 says so. */
export const SECONDS_BELOW = 1e11;

/**
 * The settlement deadline of a new tournament: `settleBy` (Unix ms) when given, else
 * DEFAULT_SETTLE_WINDOW_MS after the chain's time now; between MIN_SETTLE_WINDOW_MS (time to fill
 * and settle) and MAX_SETTLE_WINDOW_MS after it. A value that looks like Unix seconds is refused
 * with the milliseconds it probably means (never converted: a client that sends seconds has its
 * other times wrong too).
 */
export function settleByOf(settleBy: number | undefined, tip: Tip): number {
  if (settleBy === undefined) return tip.time + DEFAULT_SETTLE_WINDOW_MS;
  if (Number.isSafeInteger(settleBy) && settleBy > 0 && settleBy < SECONDS_BELOW) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("settleBy")} is ${settleBy}, which looks like seconds: settleBy is in milliseconds since the Unix epoch ` +
        `(1970-01-01T00:00:00Z). You probably meant ${settleBy * 1000} (${iso(settleBy * 1000)}).`,
    );
  }
  const earliest = tip.time + MIN_SETTLE_WINDOW_MS;
  const latest = tip.time + MAX_SETTLE_WINDOW_MS;
  const given = (at: FieldNamer) =>
    `${at("settleBy")} is ${settleBy} (${Number.isSafeInteger(settleBy) && settleBy >= 0 && settleBy < 8.64e15 ? iso(settleBy) : "not a time"})`;
  if (!Number.isSafeInteger(settleBy) || settleBy < earliest) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${given(at)}: it must be at least ${spell(MIN_SETTLE_WINDOW_MS)} (MIN_SETTLE_WINDOW_MS, ${MIN_SETTLE_WINDOW_MS} ms) after the chain's time now ` +
        `(${iso(tip.time)}), that is ${earliest} (${iso(earliest)}) or later: the bracket must have time to fill and be settled.`,
    );
  }
  if (settleBy > latest) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${given(at)}: it must be at most ${spell(MAX_SETTLE_WINDOW_MS)} (MAX_SETTLE_WINDOW_MS, ${MAX_SETTLE_WINDOW_MS} ms) after the chain's time now ` +
        `(${iso(tip.time)}), that is ${latest} (${iso(latest)}) or earlier: until then the entry fees could not be refunded without the admin.`,
    );
  }
  return settleBy;
}
