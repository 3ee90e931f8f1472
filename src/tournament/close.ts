// Cancel and refund: the two ways a tournament ends without a settlement. Both spend the tournament
// output and burn the NFT; outputs 0..N-1 give each participant the entry fee back (none when entry
// is free) and output N gives the admin the rest of the tournament output (the deposit, the
// min-UTxO), every one tagged [tournament ID, k] so that one output cannot count twice. A cancel is
// the admin's (a required signer), at any time; a refund is anyone's, only after the settlement
// deadline (its validity starts after settleBy), so that no coin depends on the admin. The caller's
// UTxOs pay the fee and the collateral, and top up a refund output to its min-UTxO when the entry
// fee is below it.
import { knownAddress, paymentKeyHash } from "../cardano/address-rules.js";
import type { ChainParameters } from "../chain/port.js";
import { BadRequestError, refusal } from "../errors.js";
import { buildTournamentTx, type TxOutput } from "./assemble.js";
import { paidBy, payingUtxos, type Paying, type TournamentContext, type TxAnswer } from "./context.js";
import { afterDeadline, iso } from "./deadline.js";
import { CANCEL_REDEEMER, MINT_BURN_REDEEMER, REFUND_REDEEMER } from "./datum.js";
import { selectContract, type ContractSelector } from "./deployment.js";
import { requireTournament, type TournamentState } from "./read.js";
import { closingPayments, taggedPayment } from "./rules.js";
import type { TournamentId } from "./id.js";
import type { Address } from "../cardano/addresses.js";

export interface CloseInput extends ContractSelector {
  readonly tournamentId: TournamentId;
  readonly changeAddress: Address;
  /** Left out: the UTxOs on chain of the admin (cancel), of the caller (refund). */
  readonly utxos: Paying;
}

export interface CancelInput extends CloseInput {
  readonly adminAddress: Address;
}

/** The outputs both share: each entry fee back, then the admin's rest (closingPayments). */
function closingOutputs(params: ChainParameters, t: TournamentState): TxOutput[] {
  return closingPayments(t.datum.config, t.datum.participants, t.lovelace).map((p) =>
    taggedPayment(params, t.tournamentId, p.index, knownAddress(p.address), p.lovelace),
  );
}

async function build(
  ctx: TournamentContext,
  t: TournamentState,
  how: "cancel" | "refund",
  input: CloseInput,
  extra: { requiredSigners: string[]; validFrom?: number },
): Promise<TxAnswer> {
  const contract = t.contract;
  const source = await ctx.deployments.tournamentSource(contract);
  const params = await ctx.chain.protocolParameters();
  const outputs = closingOutputs(params, t);
  return paidBy(input.utxos, async () =>
    buildTournamentTx(
      {
        scriptInputs: [{ utxo: t.utxo, redeemer: how === "cancel" ? CANCEL_REDEEMER : REFUND_REDEEMER, source }],
        keyInputs: [],
        mint: { source, assetName: t.tournamentId, quantity: -1n, redeemer: MINT_BURN_REDEEMER },
        outputs,
        requiredSigners: extra.requiredSigners,
        utxos: await payingUtxos(ctx.chain, input.utxos),
        changeAddress: input.changeAddress,
        tooLarge: (at) =>
          `refunding ${t.datum.participants.length} participants is more than one transaction can carry; if ${at("utxos")} holds many small UTxOs, pass fewer, larger ones`,
        ...(extra.validFrom === undefined ? {} : { validFrom: extra.validFrom }),
      },
      ctx.chain,
      params,
    ),
  );
}

/** The admin ends the tournament at any time: every entry fee back, the rest to the admin. */
export async function cancelTournament(ctx: TournamentContext, input: CancelInput): Promise<TxAnswer> {
  const contract = selectContract(ctx.network, input);
  const t = await requireTournament(ctx.chain, contract, ctx.network, input.tournamentId);
  const c = t.datum.config;
  if (input.adminAddress.bech32 !== c.adminAddress) {
    throw refusal(
      BadRequestError,
      (at) =>
        `Only the tournament's admin (${c.adminAddress}) cancels; ${at("adminAddress")} is another address. ` +
        `After the settlement deadline (${iso(c.settleBy)}) anyone can refund it: POST /tournaments/${t.tournamentId}/refund.`,
    );
  }
  const adminKey = paymentKeyHash(input.adminAddress, "adminAddress", "the admin signs");
  return build(ctx, t, "cancel", input, { requiredSigners: [adminKey] });
}

/** Anyone ends the tournament once its deadline has passed: the same payments as a cancel. */
export async function refundTournament(ctx: TournamentContext, input: CloseInput): Promise<TxAnswer> {
  const contract = selectContract(ctx.network, input);
  const t = await requireTournament(ctx.chain, contract, ctx.network, input.tournamentId);
  const validFrom = await refundStart(ctx, t.tournamentId, t.datum.config.settleBy);
  return build(ctx, t, "refund", input, { requiredSigners: [], validFrom });
}

/** A refund's lower validity bound (the first slot after the deadline); a 400 while the chain has not reached it. */
export async function refundStart(ctx: TournamentContext, tournamentId: string, settleBy: number): Promise<number> {
  const tip = await ctx.chain.tip();
  const validFrom = afterDeadline(ctx.eraHistory, settleBy);
  if (tip.slot < validFrom) {
    const from = ctx.eraHistory.slotToTime(Math.max(validFrom, 0));
    throw new BadRequestError(
      `Tournament ${tournamentId} can be refunded only after its settlement deadline, settleBy ${settleBy} (${iso(settleBy)}): ` +
        `from ${iso(from)} on; the chain's time is ${iso(tip.time)}. Before it, only the admin can end it (POST /tournaments/${tournamentId}/cancel).`,
    );
  }
  return validFrom;
}
