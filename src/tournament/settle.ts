// The settlement: the admin spends the tournament output (Settle with the winners' participant
// indices) and burns the NFT. Outputs 0..P-1 pay the placements, P..P+F-1 the fixed payouts, each
// with its tag (tournament ID, payout index) as inline datum so that one output cannot count for two
// payouts; the rest of the pool and the admin's deposit go to the change address. Its validity ends
// before the settlement deadline: after it, only a refund is left.
import { knownAddress, paymentKeyHash } from "../cardano/address-rules.js";
import { BadRequestError, refusal } from "../errors.js";
import { buildTournamentTx, type TxOutput } from "./assemble.js";
import { paidBy, payingUtxos, type Paying, type TournamentContext, type TxAnswer } from "./context.js";
import { requireBeforeDeadline } from "./deadline.js";
import { MINT_BURN_REDEEMER, settleRedeemer } from "./datum.js";
import { selectContract, type ContractSelector } from "./deployment.js";
import { requireTournament } from "./read.js";
import { taggedPayment } from "./rules.js";
import type { TournamentId } from "./id.js";
import type { Address } from "../cardano/addresses.js";

export interface SettleInput extends ContractSelector {
  readonly tournamentId: TournamentId;
  readonly adminAddress: Address;
  readonly changeAddress: Address;
  /** Participants' addresses in placement order. */
  readonly results: readonly Address[];
  /** Left out: the admin's UTxOs on chain. */
  readonly utxos: Paying;
}

/** The participant indices of the winners, after checking the results. */
function winnersOf(results: readonly string[], participants: readonly string[], placements: number): number[] {
  if (results.length < placements) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("results")} names ${results.length} participants, fewer than the ${placements} placements of payoutStructure.`,
    );
  }
  const seen = new Set<string>();
  return results
    .map((address, i) => {
      if (seen.has(address))
        throw refusal(
          BadRequestError,
          (at) => `${at(`results[${i}]`)} repeats ${address}: a participant has one placement.`,
        );
      seen.add(address);
      const index = participants.indexOf(address);
      if (index < 0)
        throw refusal(
          BadRequestError,
          (at) => `${at(`results[${i}]`)} (${address}) is not a participant of this tournament.`,
        );
      return index;
    })
    .slice(0, placements);
}

export async function settle(ctx: TournamentContext, input: SettleInput): Promise<TxAnswer> {
  const contract = selectContract(ctx.network, input);
  const t = await requireTournament(ctx.chain, contract, ctx.network, input.tournamentId);
  const c = t.datum.config;
  if (input.adminAddress.bech32 !== c.adminAddress) {
    throw refusal(
      BadRequestError,
      (at) => `Only the tournament's admin (${c.adminAddress}) settles; ${at("adminAddress")} is another address.`,
    );
  }
  const adminKey = paymentKeyHash(input.adminAddress, "adminAddress", "the admin signs");
  const validTo = requireBeforeDeadline(
    ctx.eraHistory,
    await ctx.chain.tip(),
    t.tournamentId,
    c.settleBy,
    "it can no longer be settled",
  );
  const parts = t.datum.participants;
  if (parts.length < c.bracketSize) {
    throw new BadRequestError(
      `Settlement needs a full bracket: tournament ${t.tournamentId} has ${parts.length} of ${c.bracketSize} participants.`,
    );
  }
  const winners = winnersOf(
    input.results.map((a) => a.bech32),
    parts,
    c.payoutStructure.length,
  );
  const params = await ctx.chain.protocolParameters();
  // The datum's addresses, as text: read through address-rules' cache (the request named them).
  const prize = (address: string, amount: bigint, index: number): TxOutput =>
    taggedPayment(params, t.tournamentId, index, knownAddress(address), amount);
  const placements = c.payoutStructure.map((amount, i) => prize(parts[winners[i]!]!, amount, i));
  const fixed = c.fixedPayouts.map((f, j) => prize(f.address, f.amount, c.payoutStructure.length + j));
  const source = await ctx.deployments.tournamentSource(contract);
  return paidBy(input.utxos, async () =>
    buildTournamentTx(
      {
        scriptInputs: [{ utxo: t.utxo, redeemer: settleRedeemer(winners), source }],
        keyInputs: [],
        mint: { source, assetName: t.tournamentId, quantity: -1n, redeemer: MINT_BURN_REDEEMER },
        outputs: [...placements, ...fixed],
        requiredSigners: [adminKey],
        utxos: await payingUtxos(ctx.chain, input.utxos),
        changeAddress: input.changeAddress,
        tooLarge: (at) =>
          `settling ${parts.length} participants with ${placements.length} placements and ${fixed.length} fixed payouts is more than one ` +
          `transaction can carry; if ${at("utxos")} holds many small UTxOs, pass fewer, larger ones`,
        validTo,
      },
      ctx.chain,
      params,
    ),
  );
}
