// The v3 cancel (the admin, any time) and refund (anyone, after the deadline), V3-DESIGN §5.3: the
// pool is spent with Cancel{subroots} or Refund{subroots} and its NFT burnt. Each seat is owed
// `pay` (the entry fee, plus an equal share of the deposit once the bracket is full) and the first
// `extra` more (closeTerms). Up to a batch of seats (64), the close pays them itself, as v2.1
// (rules.ts closingPayments: outputs 0..N−1 tagged [id, k], then the admin's remainder tagged
// [id, N]). Above, it pays no seat: outputs 0..J−1 are batch UTxOs at the batch validator, batch j
// holding need_j with the datum [id, j, subroot_j, n_j, pay, extra_j] (subroots from the seats,
// seat-tree.ts batchRoots), each then paid by anyone (batch.ts); output J is the admin's remainder.
import { knownAddress } from "../../cardano/address-rules.js";
import type { Address } from "../../cardano/addresses.js";
import { valueOf } from "../../cardano/value.js";
import type { ChainParameters } from "../../chain/port.js";
import { buildTournamentTx, type TxOutput } from "../assemble.js";
import { refundStart } from "../close.js";
import { paidBy, payingUtxos, type Paying, type TournamentContext, type TxAnswer } from "../context.js";
import { MINT_BURN_REDEEMER } from "../datum.js";
import { iso } from "../deadline.js";
import { encodeBatchDatum, poolCloseRedeemer } from "../pool-datum.js";
import { closingPayments, taggedPayment } from "../rules.js";
import { batchRoots, leafOf, type Hash } from "../seat-tree.js";
import { batchSeats, inlineScriptAdvice, type V3Contract } from "./contract.js";
import { batchNeed, checkSeats, closeTerms, type Pool } from "./pool.js";
import { adminKeyOf } from "./settle.js";

export interface CloseV3Input {
  readonly changeAddress: Address;
  /** Left out: the UTxOs on chain of the admin (cancel), of the caller (refund). */
  readonly utxos: Paying;
}

export interface CancelV3Input extends CloseV3Input {
  readonly adminAddress: Address;
}

/** A batch UTxO a close makes: output `batch` of the closing transaction. */
export interface BatchOutput {
  readonly batch: number;
  /** Its first and last seat. */
  readonly seats: readonly [number, number];
  readonly lovelace: bigint;
}

export interface CloseAnswer extends TxAnswer {
  readonly step: "close";
  /** The batch UTxOs this transaction makes (none when it pays the seats itself). */
  readonly batches: BatchOutput[];
  /** Batches still unpaid once this transaction is on chain. */
  readonly batchesRemaining: number;
}

/** The closing outputs of a split: the batch UTxOs, then the admin's remainder. */
function splitOutputs(
  params: ChainParameters,
  contract: V3Contract,
  pool: Pool,
  seats: readonly string[],
): { outputs: TxOutput[]; batches: BatchOutput[]; subroots: Hash[] } {
  const terms = closeTerms(pool, contract);
  const size = batchSeats(contract);
  const n = pool.datum.count;
  const subroots = batchRoots(seats.map(leafOf), contract.shape);
  const batches: BatchOutput[] = [];
  const outputs: TxOutput[] = subroots.map((subroot, j) => {
    const { n: count, need } = batchNeed(terms, n, j, size);
    batches.push({ batch: j, seats: [size * j, size * j + count - 1], lovelace: need });
    const datum = encodeBatchDatum({
      tournamentId: pool.tournamentId,
      batch: j,
      subroot,
      count,
      pay: terms.pay,
      extra: j === 0 ? terms.extra : 0n,
    });
    return { address: contract.batchAddress, value: valueOf(need), datum };
  });
  const owed = batches.reduce((sum, b) => sum + b.lovelace, 0n);
  const admin = pool.datum.config.adminAddress;
  outputs.push(taggedPayment(params, pool.tournamentId, n, knownAddress(admin), pool.lovelace - owed));
  return { outputs, batches, subroots };
}

async function close(
  ctx: TournamentContext,
  contract: V3Contract,
  pool: Pool,
  seats: readonly string[],
  how: "cancel" | "refund",
  input: CloseV3Input,
  extra: { requiredSigners: string[]; validFrom?: number },
): Promise<CloseAnswer> {
  checkSeats(pool, seats, contract);
  const params = await ctx.chain.protocolParameters();
  const split = closeTerms(pool, contract).batches > 0;
  const { outputs, batches, subroots } = split
    ? splitOutputs(params, contract, pool, seats)
    : {
        outputs: closingPayments(pool.datum.config, seats, pool.lovelace).map((p) =>
          taggedPayment(params, pool.tournamentId, p.index, knownAddress(p.address), p.lovelace),
        ),
        batches: [],
        subroots: [],
      };
  const source = contract.tournament;
  const built = await paidBy(input.utxos, async () =>
    buildTournamentTx(
      {
        scriptInputs: [{ utxo: pool.utxo, redeemer: poolCloseRedeemer(how, subroots), source }],
        keyInputs: [],
        mint: { source, assetName: pool.tournamentId, quantity: -1n, redeemer: MINT_BURN_REDEEMER },
        outputs,
        requiredSigners: extra.requiredSigners,
        utxos: await payingUtxos(ctx.chain, input.utxos),
        changeAddress: input.changeAddress,
        tooLarge: (at) =>
          `closing ${seats.length} seats is more than one transaction can carry; if ${at("utxos")} holds many small UTxOs, pass fewer, larger ones` +
          inlineScriptAdvice(contract),
        ...(extra.validFrom === undefined ? {} : { validFrom: extra.validFrom }),
      },
      ctx.chain,
      params,
    ),
  );
  return { ...built, step: "close", batches, batchesRemaining: batches.length };
}

/** The admin ends the tournament at any time (`seats`: the pool's, bech32, seat order). */
export async function cancelPool(
  ctx: TournamentContext,
  contract: V3Contract,
  pool: Pool,
  seats: readonly string[],
  input: CancelV3Input,
): Promise<CloseAnswer> {
  const settleBy = pool.datum.config.settleBy;
  const adminKey = adminKeyOf(
    pool,
    input.adminAddress,
    "cancels",
    ` After the settlement deadline (${iso(settleBy)}) anyone can refund it: POST /tournaments/${pool.tournamentId}/refund.`,
  );
  return close(ctx, contract, pool, seats, "cancel", input, { requiredSigners: [adminKey] });
}

/** Anyone ends the tournament once its deadline has passed: the same payments as a cancel, no signature. */
export async function refundPool(
  ctx: TournamentContext,
  contract: V3Contract,
  pool: Pool,
  seats: readonly string[],
  input: CloseV3Input,
): Promise<CloseAnswer> {
  const validFrom = await refundStart(ctx, pool.tournamentId, pool.datum.config.settleBy);
  return close(ctx, contract, pool, seats, "refund", input, { requiredSigners: [], validFrom });
}
