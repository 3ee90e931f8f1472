// The v3 settlement (V3-DESIGN §5.3 Settle): the admin spends the pool with Settle{winners, proof}
// and burns the NFT; outputs 0..P−1 pay the placements, P..P+F−1 the fixed payouts, each tagged
// [id, k], as v2.1 (settle.ts). The results are addresses in placement order, as v2.1's API takes
// them; each becomes that address's first seat not named before it (an address may hold several
// seats), and the winners' seats are proven against the pool's root by one multiproof
// (seat-tree.ts buildMultiproof). Its validity ends before the deadline.
import { knownAddress, paymentKeyHash } from "../../cardano/address-rules.js";
import type { Address } from "../../cardano/addresses.js";
import { BadRequestError, refusal } from "../../errors.js";
import { buildTournamentTx, type TxOutput } from "../assemble.js";
import { paidBy, payingUtxos, type Paying, type TournamentContext, type TxAnswer } from "../context.js";
import { requireBeforeDeadline } from "../deadline.js";
import { MINT_BURN_REDEEMER } from "../datum.js";
import { poolSettleRedeemer } from "../pool-datum.js";
import { taggedPayment } from "../rules.js";
import { buildMultiproof, leafOf } from "../seat-tree.js";
import { inlineScriptAdvice, type V3Contract } from "./contract.js";
import { checkSeats, type Pool } from "./pool.js";

export interface SettleV3Input {
  readonly adminAddress: Address;
  readonly changeAddress: Address;
  /** Participants' addresses in placement order. */
  readonly results: readonly Address[];
  /** Left out: the admin's UTxOs on chain. */
  readonly utxos: Paying;
}

export interface SettleAnswer extends TxAnswer {
  /** The seat of each placement, in placement order. */
  readonly winners: number[];
}

/** The admin's key hash, after checking that `address` is the pool's admin (`what`: "settles", "cancels"). */
export function adminKeyOf(pool: Pool, address: Address, what: string, then = ""): string {
  const admin = pool.datum.config.adminAddress;
  if (address.bech32 !== admin) {
    throw refusal(
      BadRequestError,
      (at) => `Only the tournament's admin (${admin}) ${what}; ${at("adminAddress")} is another address.${then}`,
    );
  }
  return paymentKeyHash(address, "adminAddress", "the admin signs");
}

/** "which holds only one seat", "which holds 2 seats": how many placements an address may take. */
const seatsHeld = (n: number): string => (n === 1 ? "which holds only one seat" : `which holds only ${n} seats`);

/** The seats of the results (each address's first seat not taken by an earlier result), the first `placements` of them. */
export function winnersOf(results: readonly string[], seats: readonly string[], placements: number): number[] {
  if (results.length < placements) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("results")} names ${results.length} participants, fewer than the ${placements} placements of payoutStructure.`,
    );
  }
  const next = new Map<string, number>();
  return results
    .map((address, i) => {
      const seat = seats.indexOf(address, next.get(address) ?? 0);
      if (seat < 0) {
        throw refusal(BadRequestError, (at) =>
          next.has(address)
            ? `${at(`results[${i}]`)} repeats ${address}, ${seatsHeld(seats.filter((s) => s === address).length)}: each placement takes one of its seats.`
            : `${at(`results[${i}]`)} (${address}) is not a participant of this tournament.`,
        );
      }
      next.set(address, seat + 1);
      return seat;
    })
    .slice(0, placements);
}

/** Settles `pool`, whose seats are `seats` (bech32, seat order): a full bracket, before its deadline. */
export async function settlePool(
  ctx: TournamentContext,
  contract: V3Contract,
  pool: Pool,
  seats: readonly string[],
  input: SettleV3Input,
): Promise<SettleAnswer> {
  const c = pool.datum.config;
  const adminKey = adminKeyOf(pool, input.adminAddress, "settles");
  const validTo = requireBeforeDeadline(
    ctx.eraHistory,
    await ctx.chain.tip(),
    pool.tournamentId,
    c.settleBy,
    "it can no longer be settled",
  );
  if (pool.datum.count < c.bracketSize) {
    throw new BadRequestError(
      `Settlement needs a full bracket: tournament ${pool.tournamentId} has ${pool.datum.count} of ${c.bracketSize} participants ` +
        `(${c.bracketSize - pool.datum.count} seats left to add).`,
    );
  }
  checkSeats(pool, seats, contract);
  const places = c.payoutStructure.length;
  const winners = winnersOf(
    input.results.map((a) => a.bech32),
    seats,
    places,
  );
  const proof = buildMultiproof(seats.map(leafOf), winners, contract.shape);
  const params = await ctx.chain.protocolParameters();
  const prize = (address: string, amount: bigint, index: number): TxOutput =>
    taggedPayment(params, pool.tournamentId, index, knownAddress(address), amount);
  const placements = c.payoutStructure.map((amount, k) => prize(seats[winners[k]!]!, amount, k));
  const fixed = c.fixedPayouts.map((f, j) => prize(f.address, f.amount, places + j));
  const source = contract.tournament;
  const built = await paidBy(input.utxos, async () =>
    buildTournamentTx(
      {
        scriptInputs: [{ utxo: pool.utxo, redeemer: poolSettleRedeemer(winners, proof), source }],
        keyInputs: [],
        mint: { source, assetName: pool.tournamentId, quantity: -1n, redeemer: MINT_BURN_REDEEMER },
        outputs: [...placements, ...fixed],
        requiredSigners: [adminKey],
        utxos: await payingUtxos(ctx.chain, input.utxos),
        changeAddress: input.changeAddress,
        tooLarge: (at) =>
          `settling ${seats.length} seats with ${placements.length} placements and ${fixed.length} fixed payouts is more than one ` +
          `transaction can carry; if ${at("utxos")} holds many small UTxOs, pass fewer, larger ones` +
          inlineScriptAdvice(contract),
        validTo,
      },
      ctx.chain,
      params,
    ),
  );
  return { ...built, winners };
}
