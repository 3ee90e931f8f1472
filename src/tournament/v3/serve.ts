// The service's operations on a v3 contract (layout "tree", V3-DESIGN §5.6, §5.7), as the HTTP API
// calls them (through ../operations.ts): the contract's scripts used from their deployments, the
// live pool and its seats read back (pool-read.ts, seats.ts), then one builder of this folder. A
// cancel or refund answers one transaction per call: the close while the pool is live, then one
// batch per call (anyone's: no signature beyond the payer's), a 400 once every batch is paid (a
// 404, as for v2.1, once a settlement or a close that paid its seats itself ended it).
import { outRef } from "../../cardano/utxo.js";
import { spenderOf } from "../../chain/port.js";
import { BadRequestError, refusal } from "../../errors.js";
import type { CloseInput, CancelInput } from "../close.js";
import type { TournamentContext, TxAnswer } from "../context.js";
import type { CreateAnswer, CreateInput } from "../create.js";
import type { Contract } from "../deployment.js";
import type { TournamentId } from "../id.js";
import type { ParticipantsInput } from "../participants.js";
import type { Page } from "../pages.js";
import { findAnyPool, listPoolsPage, requirePool, type PoolReading } from "../pool-read.js";
import {
  isEnded,
  isUnreadable,
  notFound,
  unreadableError,
  type EndedTournament,
  type TournamentState,
  type UnreadableTournament,
} from "../read.js";
import type { RegisterInput, UnregisterInput } from "../register.js";
import type { SettleInput } from "../settle.js";
import { addToPool, type AddAnswer } from "./add.js";
import { payBatch, type BatchAnswer } from "./batch.js";
import { cancelPool, refundPool, type CloseAnswer } from "./close.js";
import { withSources, type V3Contract } from "./contract.js";
import { createPool } from "./create.js";
import { poolOf, type Pool } from "./pool.js";
import { registerToPool, unregisterFromPool } from "./register.js";
import { settlePool } from "./settle.js";

/** The contract with its scripts as transactions use them (reference UTxOs where deployed, else inline). */
export async function v3Of(ctx: TournamentContext, contract: Contract): Promise<V3Contract> {
  const [tournament, batch] = await ctx.deployments.sources(contract);
  return withSources(contract, tournament!, batch!);
}

/** How pool-read.ts reads the contract's pools in this context. */
export const readingOf = (ctx: TournamentContext, contract: Contract): PoolReading => ({
  chain: ctx.chain,
  network: ctx.network,
  contract: { ...contract, registrationHashOf: (id) => contract.registrationOf(id).hash },
  seats: ctx.seats,
});

/** The live pool, as the builders take it (its datum as the read decoded it), and its seats. */
async function livePool(
  ctx: TournamentContext,
  contract: V3Contract,
  id: TournamentId,
): Promise<{ pool: Pool; seats: readonly string[] }> {
  const t = await requirePool(readingOf(ctx, contract), id);
  return { pool: t.pool, seats: t.datum.participants };
}

export async function createV3(ctx: TournamentContext, contract: Contract, input: CreateInput): Promise<CreateAnswer> {
  return createPool(ctx, await v3Of(ctx, contract), input);
}

export async function registerV3(
  ctx: TournamentContext,
  contract: Contract,
  input: RegisterInput,
): Promise<TxAnswer & { outputRef: string }> {
  const v3 = await v3Of(ctx, contract);
  const { pool, seats } = await livePool(ctx, v3, input.tournamentId);
  return registerToPool(ctx, v3, pool, seats, input);
}

export async function unregisterV3(
  ctx: TournamentContext,
  contract: Contract,
  input: UnregisterInput,
): Promise<TxAnswer> {
  const v3 = await v3Of(ctx, contract);
  // Once the tournament ended the registration is still cancellable, and a cancellation needs the
  // pool's configuration only, never its seats: so it does not read them, and a backend that cannot
  // give the pool's history (an unreadable pool) does not stand between a registrant and their money.
  const last = await ctx.chain.lastOutputWith(v3.policyId + input.tournamentId);
  const pool = last === null || last.spentBy !== null ? null : poolOf(last.utxo, v3, ctx.network);
  return unregisterFromPool(ctx, v3, pool, input);
}

export async function addV3(ctx: TournamentContext, contract: Contract, input: ParticipantsInput): Promise<AddAnswer> {
  const v3 = await v3Of(ctx, contract);
  const { pool, seats } = await livePool(ctx, v3, input.tournamentId);
  return addToPool(ctx, v3, pool, seats, input);
}

export async function settleV3(ctx: TournamentContext, contract: Contract, input: SettleInput): Promise<TxAnswer> {
  const v3 = await v3Of(ctx, contract);
  const { pool, seats } = await livePool(ctx, v3, input.tournamentId);
  const { winners: _, ...answer } = await settlePool(ctx, v3, pool, seats, input);
  return answer;
}

/** What a cancel or refund call takes beyond v2.1's: the batch to pay (after the close; absent: the lowest unpaid). */
export interface BatchChoice {
  readonly batch?: number | undefined;
}

export type StepAnswer = CloseAnswer | BatchAnswer;

/**
 * One step of a cancel (`how` "cancel": the admin closes) or refund ("refund": anyone, after the
 * deadline): the close while the pool is live, then one batch per call, which anyone pays.
 */
export async function closeStepV3(
  ctx: TournamentContext,
  contract: Contract,
  how: "cancel" | "refund",
  input: (CloseInput | CancelInput) & BatchChoice,
): Promise<StepAnswer> {
  const v3 = await v3Of(ctx, contract);
  const id = input.tournamentId;
  const t = await findAnyPool(readingOf(ctx, v3), id);
  if (isUnreadable(t)) throw unreadableError(t);
  if (!isEnded(t)) {
    if (input.batch !== undefined)
      throw refusal(
        BadRequestError,
        (at) =>
          `${at("batch")} is ${input.batch}, but tournament ${id} is not closed yet: this call builds its close; leave ${at("batch")} out, ` +
          "and name a batch in the calls after it.",
      );
    const seats = t.datum.participants;
    if (how === "cancel") {
      if (!("adminAddress" in input)) throw new Error("A cancel names its admin.");
      return cancelPool(ctx, v3, t.pool, seats, input);
    }
    return refundPool(ctx, v3, t.pool, seats, input);
  }
  // Settled, or closed by a transaction that paid every seat itself: ended as a v2.1 tournament ends (404).
  const e = t.ending;
  const total = e.action === "settle" ? 0 : (e.batches ?? 0);
  if (total === 0) throw notFound(v3, id);
  const live = await ctx.chain.utxosByRef(Array.from({ length: total }, (_, index) => ({ txHash: e.txHash, index })));
  return payBatch(ctx, v3, t.datum.participants, live, {
    tournamentId: id,
    batch: input.batch,
    changeAddress: input.changeAddress,
    utxos: input.utxos,
  });
}

/** A batch of an ended v3 tournament, as the view lists it. */
export interface BatchView {
  batch: number;
  /** Its first and last seat. */
  seats: [number, number];
  /** The batch UTxO: output `batch` of the closing transaction. */
  outputRef: string;
  /** The transaction that paid it; null while unpaid. */
  paidBy: string | null;
}

/** The batches a close split an ended v3 tournament into, each with who paid it (none when its close paid the seats itself). */
export async function batchesOfEnded(
  ctx: TournamentContext,
  t: EndedTournament,
  contract: Contract,
): Promise<BatchView[]> {
  const e = t.ending;
  if (e.action === "settle" || e.batches === undefined || e.batches === 0 || contract.tree === undefined) return [];
  const size = 2 ** contract.tree.shape.batchHeight;
  const n = t.datum.participants.length;
  // The batches' spenders are independent reads: asked at once (up to 16), not one after another.
  return Promise.all(
    Array.from({ length: e.batches }, async (_, j): Promise<BatchView> => ({
      batch: j,
      seats: [size * j, Math.min(size * (j + 1), n) - 1],
      outputRef: outRef(e.txHash, j),
      paidBy: await spenderOf(ctx.chain, { txHash: e.txHash, index: j }),
    })),
  );
}

/** The v3 tournament, live, ended or unreadable; a 404 when the contract never held its NFT. */
export const findAnyV3 = (
  ctx: TournamentContext,
  contract: Contract,
  id: TournamentId,
): Promise<TournamentState | EndedTournament | UnreadableTournament> => findAnyPool(readingOf(ctx, contract), id);

/**
 * Page `limit` after `pageState` of the contract's live v3 tournaments (and unreadable outputs
 * holding a token of its policy), by ID: only the page's pools have their seats read.
 */
export const listV3 = (
  ctx: TournamentContext,
  contract: Contract,
  limit: number,
  pageState: string | undefined,
): Promise<Page<TournamentState | UnreadableTournament>> => listPoolsPage(readingOf(ctx, contract), limit, pageState);
