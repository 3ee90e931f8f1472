// The v3 create transaction (V3-DESIGN §5.3 Create): v2.1's (create.ts, createWith) with the pool's
// datum [config, 0, []], a bracket of 2 up to the seat tree's 2^depth seats, and a reserve of
// MIN_PAYOUT_LOVELACE (the admin's remainder) plus BATCH_MIN_LOVELACE (the top-up of a short last
// batch, §5.5) beyond the prizes' deposit.
import type { TournamentContext } from "../context.js";
import { createWith, type CreateAnswer, type CreateInput } from "../create.js";
import { MIN_PAYOUT_LOVELACE } from "../limits.js";
import { encodePoolDatum } from "../pool-datum.js";
import { maxBracket, type V3Contract } from "./contract.js";
import { BATCH_MIN_LOVELACE } from "./pool.js";

/** What a v3 pool holds beyond the deposit at creation, at least. */
export const CREATION_RESERVE = MIN_PAYOUT_LOVELACE + BATCH_MIN_LOVELACE;

export async function createPool(
  ctx: TournamentContext,
  contract: V3Contract,
  input: CreateInput,
): Promise<CreateAnswer> {
  return createWith(ctx, input, {
    address: contract.address,
    policyId: contract.policyId,
    maxBracket: maxBracket(contract),
    registration: contract.registration,
    datum: (config) => encodePoolDatum({ config, count: 0, peaks: [] }),
    reserve: CREATION_RESERVE,
    source: () => Promise.resolve(contract.tournament),
  });
}
