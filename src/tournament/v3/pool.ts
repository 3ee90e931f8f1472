// A v3 pool as the builders take it: the output holding the tournament's NFT, its datum
// [config, count, peaks] (pool-datum.ts), and, where a builder pays or proves seats, the seat list
// (bech32 addresses in seat order, read from the pool's history by seats.ts), checked here against
// the datum's accumulator before anything is built on it. Also what a close owes (closeTerms).
import type { UTxO } from "../../cardano/types.js";
import { lovelaceOf } from "../../cardano/utxo.js";
import type { Network } from "../../config.js";
import { depositOf } from "../rules.js";
import { tournamentIdOrNull } from "../id.js";
import { decodePoolDatum } from "../pool-datum.js";
import type { PoolHead } from "../pool-read.js";
import { registrationAddressOf, type TournamentState } from "../read.js";
import { accumulatorOf, leafOf } from "../seat-tree.js";
import { batchSeats, type V3Contract } from "./contract.js";

/**
 * The least lovelace a batch UTxO holds (the contract's BATCH_MIN_LOVELACE, V3-DESIGN §5.5): it
 * covers the widest batch output's ledger minimum; a creation locks it beyond the deposit, to top
 * up a short last batch.
 */
export const BATCH_MIN_LOVELACE = 1_400_000n;

/** A pool as the read decodes it from its output (pool-read.ts): the output holding the NFT, its datum. */
export type Pool = PoolHead;

/**
 * Output `u` read as a pool of `contract`: exactly one NFT of its policy, at its address, with an
 * inline datum that decodes, naming the registration validator of its ID; null otherwise.
 */
export function poolOf(u: UTxO, contract: V3Contract, network: Network): Pool | null {
  const tokens = u.output.amount.filter((a) => a.unit.startsWith(contract.policyId));
  const only = tokens[0];
  if (tokens.length !== 1 || only === undefined || only.quantity !== "1") return null;
  const id = tournamentIdOrNull(only.unit.slice(contract.policyId.length));
  if (id === null || u.output.address !== contract.address.bech32 || u.output.plutusData === undefined) return null;
  const datum = decodePoolDatum(u.output.plutusData, network === "mainnet");
  if (datum === null || datum.config.registrationHash !== contract.registration(id).hash) return null;
  return {
    tournamentId: id,
    utxo: u,
    datum,
    lovelace: lovelaceOf(u),
    registrationAddress: registrationAddressOf(datum.config.registrationHash, network),
  };
}

/**
 * Refuses a seat list that is not the pool's (the accumulator of its leaves differs from the
 * datum's count and peaks): the reader that gave it is wrong, and nothing may be built on it.
 */
export function checkSeats(pool: Pool, seats: readonly string[], contract: V3Contract): void {
  const acc = accumulatorOf(seats.map(leafOf), contract.shape);
  const same =
    acc.count === pool.datum.count &&
    acc.peaks.length === pool.datum.peaks.length &&
    acc.peaks.every((p, i) => Buffer.from(p).equals(Buffer.from(pool.datum.peaks[i]!)));
  if (!same) {
    throw new Error(
      `The seat list given for tournament ${pool.tournamentId} (${seats.length} seats) is not the one its datum commits to ` +
        `(${pool.datum.count} seats): nothing is built on it.`,
    );
  }
}

/**
 * The pool as v2.1's reading code holds a tournament (read.ts' TournamentState), its seats as the
 * participant list: what v2.1's registration and listing code take.
 */
export const stateOf = (pool: Pool, seats: readonly string[], contract: V3Contract): TournamentState => ({
  tournamentId: pool.tournamentId,
  contract,
  datum: { config: pool.datum.config, participants: seats },
  utxo: pool.utxo,
  lovelace: pool.lovelace,
  registrationAddress: pool.registrationAddress,
});

/** What a close of `count` seats owes (V3-DESIGN §5.3), as the contract computes it. */
export interface CloseTerms {
  /** The deposit shared among the seats: all of it once the bracket is full, else 0. */
  readonly deposit: bigint;
  /** What each seat is paid: the entry fee plus floor(deposit / count). */
  readonly pay: bigint;
  /** What the first seat is paid more: deposit mod count. */
  readonly extra: bigint;
  /** Batch UTxOs the close makes: 0 when it pays the seats itself (or nothing is owed). */
  readonly batches: number;
}

export function closeTerms(pool: Pool, contract: V3Contract): CloseTerms {
  const c = pool.datum.config;
  const n = pool.datum.count;
  const deposit = n === c.bracketSize && n > 0 ? depositOf(c) : 0n;
  const pay = deposit > 0n ? c.entryFee + deposit / BigInt(n) : c.entryFee;
  const extra = deposit > 0n ? deposit % BigInt(n) : 0n;
  const size = batchSeats(contract);
  return { deposit, pay, extra, batches: pay > 0n && n > size ? Math.ceil(n / size) : 0 };
}

/** Batch `j`'s seats: how many, and what its UTxO must hold (n_j pay + extra_j, at least BATCH_MIN_LOVELACE). */
export function batchNeed(terms: CloseTerms, count: number, j: number, size: number): { n: number; need: bigint } {
  const n = Math.min(size, count - size * j);
  const owes = BigInt(n) * terms.pay + (j === 0 ? terms.extra : 0n);
  return { n, need: owes > BATCH_MIN_LOVELACE ? owes : BATCH_MIN_LOVELACE };
}
