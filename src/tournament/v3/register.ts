// Registering to a v3 pool and cancelling a registration: v2.1's transactions (register.ts), the
// registration validator being v3's (v2.1's source with v3's tournament hash). An address that
// holds a seat already, or has a registration waiting, is refused as in v2.1.
import type { TournamentContext, TxAnswer } from "../context.js";
import { registerTo, unregisterFrom, type RegisterInput, type UnregisterInput } from "../register.js";
import type { V3Contract } from "./contract.js";
import { stateOf, type Pool } from "./pool.js";

/**
 * A registration to `pool`, whose seats are `seats` (bech32, seat order, as the seat reader gave
 * them: checked against the datum when read). They serve only to refuse an address that holds a
 * seat already, so they are not hashed again here: a register is the most frequent request, and
 * re-hashing 1,024 seats each time cost more than the rest of it.
 */
export async function registerToPool(
  ctx: TournamentContext,
  contract: V3Contract,
  pool: Pool,
  seats: readonly string[],
  input: RegisterInput,
): Promise<TxAnswer & { outputRef: string }> {
  return registerTo(ctx, stateOf(pool, seats, contract), contract.registration(pool.tournamentId), input);
}

/** The cancellation of a registration to `input.tournamentId`; `pool` is null once the tournament ended. */
export async function unregisterFromPool(
  ctx: TournamentContext,
  contract: V3Contract,
  pool: Pool | null,
  input: UnregisterInput,
): Promise<TxAnswer> {
  const t = pool === null ? null : stateOf(pool, [], contract);
  return unregisterFrom(ctx, t, contract.registration(input.tournamentId), input);
}
