// The v3 add-participants transaction (V3-DESIGN §5.3 Add): v2.1's (participants.ts, addTo), the
// registrations spent in the ledger's input order becoming seats count, count + 1, …; what one holds
// beyond the entry fee goes back to its registrant tagged [id, seat]. The pool's datum becomes
// [config, count + added, peaks'], the configuration unchanged and peaks' the accumulator with the
// added seats' leaves appended (seat-tree.ts appendLeaves); the pool grows by the entry fee per
// seat added. The answer says how many seats are taken and left.
import type { TournamentContext, TxAnswer } from "../context.js";
import { addTo, type ParticipantsInput, type SkippedRegistration } from "../participants.js";
import { checkedRegistration } from "../register.js";
import { encodePoolDatum } from "../pool-datum.js";
import { checkAddBatch } from "../rules.js";
import { appendLeaves, leafOf } from "../seat-tree.js";
import type { V3Contract } from "./contract.js";
import { checkSeats, stateOf, type Pool } from "./pool.js";

export interface AddAnswer extends TxAnswer {
  readonly skipped: SkippedRegistration[];
  /** The seats taken once this transaction is on chain. */
  readonly participantCount: number;
  /** The seats still free then. */
  readonly seatsLeft: number;
  /** The addresses this transaction seats, in seat order (from participantCount − added.length). */
  readonly added: string[];
}

/**
 * The pool's datum with `added` (bech32, in seat order) appended: [config, count + added, peaks'],
 * CBOR hex. The contract compares the configuration as data with the input's: decodePoolDatum reads
 * only canonical encodings, so encoding it again gives the same data.
 */
export function grownDatum(pool: Pool, added: readonly string[], contract: V3Contract): string {
  const acc = appendLeaves(pool.datum, added.map(leafOf), contract.shape);
  return encodePoolDatum({ config: pool.datum.config, count: acc.count, peaks: acc.peaks });
}

/** Adds up to MAX_REGISTRATIONS_PER_ADD registrations to `pool`, whose seats are `seats` (bech32, seat order). */
export async function addToPool(
  ctx: TournamentContext,
  contract: V3Contract,
  pool: Pool,
  seats: readonly string[],
  input: ParticipantsInput,
): Promise<AddAnswer> {
  checkAddBatch(input.registrations.length);
  checkSeats(pool, seats, contract);
  const t = stateOf(pool, seats, contract);
  const registration = contract.registration(pool.tournamentId);
  const answer = await addTo(ctx, t, input, {
    registration: () => checkedRegistration(t, registration),
    source: () => Promise.resolve(contract.tournament),
    datum: (participants) => grownDatum(pool, participants.slice(seats.length), contract),
  });
  const participantCount = seats.length + answer.added.length;
  return { ...answer, participantCount, seatsLeft: pool.datum.config.bracketSize - participantCount };
}
