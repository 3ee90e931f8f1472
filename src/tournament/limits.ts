// The tournament limits: one source for the contracts (contracts/build.ts sets them in the Helios
// source with changeParam, so the compiled script carries these very numbers) and for the service's
// 400s (rules.ts). Each limit leaves headroom under the ledger's per-transaction limits (Conway
// mainnet: 16,384 B, 16.5 M memory units, 10 G steps), as measured on the devnet with base
// addresses by `npx tsx bench/tournament.ts` and asserted by test/slow/tournament-limits.test.ts.

/** A day in milliseconds, the unit the settlement windows are written (and described) in. */
export const DAY_MS = 24 * 3600 * 1000;

export const MIN_BRACKET = 2;
/**
 * Largest bracket of contracts v2.1 (served under contractVersion "2.1.0"; v3 is the default). Every
 * add carries the whole participant list in its datum (~80 B per base address) and settlement,
 * cancel and refund walk it.
 */
export const MAX_BRACKET = 64;
/**
 * Largest bracket of contracts v3: the seat tree's 2^TREE_DEPTH seats (src/tournament/seat-tree.ts's
 * PRODUCTION_TREE, compiled into contracts/plutus.json; its datum no longer grows with the seats).
 */
export const V3_MAX_BRACKET = 1024;
/** Most registrations one add-participants transaction consumes (the service's batch, not the contract's). */
export const MAX_REGISTRATIONS_PER_ADD = 40;
/** Most placements one settlement pays (each winner is looked up in the participant list). */
export const MAX_PLACEMENTS = 32;
export const MAX_FIXED_PAYOUTS = 8;
/** Longest tournament name, bytes of UTF-8. */
export const MAX_NAME_BYTES = 64;
/**
 * Largest lovelace amount a pool may reach: the ada supply cap (45 billion ADA). A full bracket's
 * entry fees and the prizes together must stay below it, so every output the contract asks for
 * can exist.
 */
export const MAX_LOVELACE = 45_000_000_000_000_000n;
/** Default settlement deadline: this long after creation. */
export const DEFAULT_SETTLE_WINDOW_MS = 30 * DAY_MS;
/** Latest settlement deadline the service accepts: this long after now. */
export const MAX_SETTLE_WINDOW_MS = 365 * DAY_MS;
/**
 * The contract's bound: the deadline at most this long after the creating transaction's validity
 * starts (the service's bound plus a day of margin). The start, not the end: the ledger admits a
 * transaction only once its start has passed, while its end is the creator's to choose.
 */
export const CONTRACT_MAX_SETTLE_WINDOW_MS = MAX_SETTLE_WINDOW_MS + DAY_MS;
/** Earliest settlement deadline the service accepts: this long after now (time to fill and settle). */
export const MIN_SETTLE_WINDOW_MS = 10 * 60 * 1000;
/**
 * Smallest payment the contracts (v2.1) ask an output to carry on its own: an entry fee is 0 or at
 * least this, an overpayment is returned only from this much up (a smaller one is refused on chain,
 * so that nobody can make the admin fund its return), and a free tournament's prizes are at least
 * this per player (each one's share once the bracket is full). It covers the ledger's minimum for
 * the largest output a tournament pays (a base address, tagged with the tournament ID and index
 * 63: 1,172,320 lovelace) and for a registration holding exactly the entry fee (at the
 * registration address, with the widest registrant, a base address, as datum: 1,232,660), at
 * mainnet's coinsPerUTxOByte of 4,310 lovelace; contracts/test/min-payout.test.ts checks both on
 * the devnet. (1,200,000 would cover the first only: a player with a base address could then not
 * pay an entry fee of exactly that, and paying more is an overpayment too small to return.)
 */
export const MIN_PAYOUT_LOVELACE = 1_300_000n;
/**
 * The least lovelace a v3 batch UTxO holds (contracts/V3-DESIGN.md §5.5), set in the v3
 * tournament script: it covers the ledger's minimum for the widest batch output (a base address,
 * a batch datum), checked by contracts/test/v3/tournament.test.ts. Only a batch of one seat can owe
 * less; the pool's reserve, which creation requires, tops it up.
 */
export const BATCH_MIN_LOVELACE = 1_400_000n;
