// Paying a batch (V3-DESIGN §5.3 Pay a batch): anyone, at any time, with no signature but the
// payer's own (for the fee), spends one batch UTxO of a closed tournament with PayBatch and pays
// its seats: output k pays seat 64j + k the batch's `pay` (`extra` more for k = 0), tagged
// [id, 64j + k]. What the batch holds beyond (a short last batch's top-up) goes to the payer's
// change. Which batches are left is the caller's to read (the closing transaction's batch outputs
// still unspent); the seats are the pool's (bech32, seat order), checked against the batch's subroot.
import { knownAddress } from "../../cardano/address-rules.js";
import type { Address } from "../../cardano/addresses.js";
import type { UTxO } from "../../cardano/types.js";
import { outRefOf } from "../../cardano/utxo.js";
import { BadRequestError, refusal } from "../../errors.js";
import { buildTournamentTx } from "../assemble.js";
import { paidBy, payingUtxos, type Paying, type TournamentContext, type TxAnswer } from "../context.js";
import type { TournamentId } from "../id.js";
import { decodeBatchDatum, PAY_BATCH_REDEEMER, type BatchDatum } from "../pool-datum.js";
import { taggedPayment } from "../rules.js";
import { leafOf, subtreeRoot } from "../seat-tree.js";
import { batchSeats, type V3Contract } from "./contract.js";

export interface PayBatchInput {
  readonly tournamentId: TournamentId;
  /** The batch to pay; absent: the lowest one unpaid. */
  readonly batch?: number | undefined;
  readonly changeAddress: Address;
  /** Left out: the caller's UTxOs on chain. */
  readonly utxos: Paying;
}

export interface BatchAnswer extends TxAnswer {
  readonly step: "batch";
  readonly batch: number;
  /** Its first and last seat. */
  readonly seats: readonly [number, number];
  /** Batches still unpaid once this transaction is on chain. */
  readonly batchesRemaining: number;
}

/** The batch UTxOs of tournament `id` among `utxos` (outputs at the batch address), by batch number. */
export function batchesOf(
  utxos: readonly UTxO[],
  id: string,
  contract: V3Contract,
): Map<number, { utxo: UTxO; datum: BatchDatum }> {
  const found = new Map<number, { utxo: UTxO; datum: BatchDatum }>();
  for (const utxo of utxos) {
    if (utxo.output.address !== contract.batchAddress.bech32 || utxo.output.plutusData === undefined) continue;
    const datum = decodeBatchDatum(utxo.output.plutusData);
    if (datum !== null && datum.tournamentId === id && !found.has(datum.batch)) found.set(datum.batch, { utxo, datum });
  }
  return found;
}

/** The batch to pay: the one asked for, or the lowest unpaid; a 400 when it is paid or none is left. */
function chosen(
  input: PayBatchInput,
  live: Map<number, { utxo: UTxO; datum: BatchDatum }>,
  count: number,
  size: number,
): { utxo: UTxO; datum: BatchDatum } {
  const total = Math.ceil(count / size);
  const id = input.tournamentId;
  if (live.size === 0) {
    throw new BadRequestError(
      `Nothing is left to refund in tournament ${id}: each of its ${total} batches is paid already, every seat paid once.`,
    );
  }
  const j = input.batch ?? Math.min(...live.keys());
  const found = live.get(j);
  if (found !== undefined) return found;
  const left = [...live.keys()].sort((a, b) => a - b).join(", ");
  if (!Number.isSafeInteger(j) || j < 0 || j >= total) {
    throw refusal(
      BadRequestError,
      (at) => `${at("batch")} is ${j}: tournament ${id} was closed into batches 0 to ${total - 1}. Unpaid: ${left}.`,
    );
  }
  throw refusal(
    BadRequestError,
    (at) =>
      `${at("batch")} is ${j}: batch ${j} of tournament ${id} (seats ${size * j} to ${Math.min(size * (j + 1), count) - 1}) is paid already, ` +
      `each seat once. Unpaid: ${left}; leave ${at("batch")} out to pay the lowest.`,
  );
}

/**
 * Pays one batch of a closed tournament whose seats are `seats` (bech32, seat order); `live` holds
 * at least the batch UTxOs still unspent (any other output among them is ignored).
 */
export async function payBatch(
  ctx: TournamentContext,
  contract: V3Contract,
  seats: readonly string[],
  live: readonly UTxO[],
  input: PayBatchInput,
): Promise<BatchAnswer> {
  const size = batchSeats(contract);
  const unpaid = batchesOf(live, input.tournamentId, contract);
  const { utxo, datum } = chosen(input, unpaid, seats.length, size);
  const first = size * datum.batch;
  const mine = seats.slice(first, first + datum.count);
  const root = subtreeRoot(mine.map(leafOf), contract.shape.batchHeight);
  if (mine.length !== datum.count || !Buffer.from(root).equals(Buffer.from(datum.subroot))) {
    throw new Error(
      `The seat list given for tournament ${input.tournamentId} does not make batch ${datum.batch}'s subroot (${outRefOf(utxo)}): nothing is built on it.`,
    );
  }
  const params = await ctx.chain.protocolParameters();
  const outputs = mine.map((address, k) =>
    taggedPayment(
      params,
      input.tournamentId,
      first + k,
      knownAddress(address),
      datum.pay + (k === 0 ? datum.extra : 0n),
    ),
  );
  const built = await paidBy(input.utxos, async () =>
    buildTournamentTx(
      {
        scriptInputs: [{ utxo, redeemer: PAY_BATCH_REDEEMER, source: contract.batch }],
        keyInputs: [],
        outputs,
        requiredSigners: [],
        utxos: await payingUtxos(ctx.chain, input.utxos),
        changeAddress: input.changeAddress,
      },
      ctx.chain,
      params,
    ),
  );
  return {
    ...built,
    step: "batch",
    batch: datum.batch,
    seats: [first, first + datum.count - 1],
    batchesRemaining: unpaid.size - 1,
  };
}
