// The tournament operations the HTTP API calls, each dispatched on the contract a request selects
// (deployment.ts selectContract): v2.1's modules for a contract of layout "list", v3's
// (v3/serve.ts) for "tree". A read by tournament ID alone (GET /tournaments/{id}, its
// registrations) looks under every deployment, so that a client needs no version to read one.
import { BadRequestError, NotFoundError, refusal } from "../errors.js";
import { cancelTournament, refundTournament, type CancelInput, type CloseInput } from "./close.js";
import type { TournamentContext, TxAnswer } from "./context.js";
import { createTournament, type CreateAnswer, type CreateInput } from "./create.js";
import { candidateContracts, selectContract, type Contract, type ContractSelector } from "./deployment.js";
import type { TournamentId } from "./id.js";
import { addParticipants, type ParticipantsInput, type SkippedRegistration } from "./participants.js";
import { numberedPage, type Page } from "./pages.js";
import * as queries from "./queries.js";
import {
  findAnyTournament,
  isEnded,
  isUnreadable,
  listRegistrations,
  unreadableError,
  type EndedTournament,
  type TournamentState,
  type UnreadableTournament,
} from "./read.js";
import { register, unregister, type RegisterInput, type UnregisterInput } from "./register.js";
import { settle, type SettleInput } from "./settle.js";
import type { BatchOutput } from "./v3/close.js";
import {
  addV3,
  batchesOfEnded,
  closeStepV3,
  createV3,
  findAnyV3,
  listV3,
  registerV3,
  settleV3,
  unregisterV3,
  type BatchChoice,
  type BatchView,
} from "./v3/serve.js";
import { LISTED_PARTICIPANTS, viewOf, withParticipantsPage, type TournamentView, type UnreadableView } from "./view.js";

const isTree = (c: Contract): boolean => c.layout === "tree";

export async function create(ctx: TournamentContext, input: CreateInput): Promise<CreateAnswer> {
  const contract = selectContract(ctx.network, input);
  return isTree(contract) ? createV3(ctx, contract, input) : createTournament(ctx, input);
}

/**
 * A building request on the contract it selects. One that names none goes to the default only: when
 * that answers 404 but the tournament is one of another deployment (a v2.1 tournament created before
 * v3 became the default), the 404 says which contractVersion to send.
 */
async function onSelected<T>(
  ctx: TournamentContext,
  input: ContractSelector & { readonly tournamentId: TournamentId },
  build: (contract: Contract) => Promise<T>,
): Promise<T> {
  const contract = selectContract(ctx.network, input);
  try {
    return await build(contract);
  } catch (error) {
    if (!(error instanceof NotFoundError) || input.contractTitle !== undefined || input.contractVersion !== undefined)
      throw error;
    for (const other of candidateContracts(ctx.network, {})) {
      if (other.contractTitle === contract.contractTitle && other.contractVersion === contract.contractVersion)
        continue;
      const found = await findUnder(ctx, other, input.tournamentId).catch(() => null);
      if (found === null) continue;
      throw new NotFoundError(
        `${error.message} Tournament ${input.tournamentId} is one of contract "${other.contractTitle}" version ` +
          `"${other.contractVersion}": send contractVersion "${other.contractVersion}" with the request.`,
      );
    }
    throw error;
  }
}

export async function registerTo(
  ctx: TournamentContext,
  input: RegisterInput,
): Promise<TxAnswer & { outputRef: string }> {
  return onSelected(ctx, input, (contract) =>
    isTree(contract) ? registerV3(ctx, contract, input) : register(ctx, input),
  );
}

export async function unregisterFrom(ctx: TournamentContext, input: UnregisterInput): Promise<TxAnswer> {
  return onSelected(ctx, input, (contract) =>
    isTree(contract) ? unregisterV3(ctx, contract, input) : unregister(ctx, input),
  );
}

export interface AddAnswer extends TxAnswer {
  readonly skipped: SkippedRegistration[];
  /** The seats taken once this transaction is on chain. */
  readonly participantCount: number;
  /** The seats still free then. */
  readonly seatsLeft: number;
}

export async function add(ctx: TournamentContext, input: ParticipantsInput): Promise<AddAnswer> {
  return onSelected(ctx, input, (contract) =>
    isTree(contract) ? addV3(ctx, contract, input) : addParticipants(ctx, input),
  );
}

export async function settleTournament(ctx: TournamentContext, input: SettleInput): Promise<TxAnswer> {
  return onSelected(ctx, input, (contract) => (isTree(contract) ? settleV3(ctx, contract, input) : settle(ctx, input)));
}

/** One transaction of a cancel or refund: the close, or (v3, after a close split into batches) one batch. */
export interface CloseStep extends TxAnswer {
  readonly step: "close" | "batch";
  /** The batch this transaction pays (step batch). */
  readonly batch?: number;
  /** The batch UTxOs a close makes (step close; none when it pays the seats itself). */
  readonly batches?: readonly BatchOutput[];
  /** Batches still unpaid once this transaction is on chain. */
  readonly batchesRemaining: number;
}

const closed = (t: TxAnswer): CloseStep => ({ ...t, step: "close", batchesRemaining: 0 });

export async function cancel(ctx: TournamentContext, input: CancelInput & BatchChoice): Promise<CloseStep> {
  return onSelected(ctx, input, async (contract) => {
    if (isTree(contract)) return closeStepV3(ctx, contract, "cancel", input);
    noBatchOnList(contract, input);
    return closed(await cancelTournament(ctx, input));
  });
}

export async function refund(ctx: TournamentContext, input: CloseInput & BatchChoice): Promise<CloseStep> {
  return onSelected(ctx, input, async (contract) => {
    if (isTree(contract)) return closeStepV3(ctx, contract, "refund", input);
    noBatchOnList(contract, input);
    return closed(await refundTournament(ctx, input));
  });
}

function noBatchOnList(contract: Contract, input: BatchChoice): void {
  if (input.batch !== undefined)
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("batch")} is given, but contract version ${contract.contractVersion} closes a tournament in one transaction that pays every ` +
        `participant: it has no batches. Leave ${at("batch")} out.`,
    );
}

/** A tournament under one contract: v2.1's read or v3's. */
const findUnder = (
  ctx: TournamentContext,
  contract: Contract,
  id: TournamentId,
): Promise<TournamentState | EndedTournament | UnreadableTournament> =>
  isTree(contract) ? findAnyV3(ctx, contract, id) : findAnyTournament(ctx.chain, contract, ctx.network, id);

/**
 * The tournament under the contract the request names, or, when it names none, under the first
 * deployment that ever held its NFT; a 404 naming every contract looked under when none did.
 */
async function findAnywhere(
  ctx: TournamentContext,
  input: ContractSelector & { readonly tournamentId: TournamentId },
): Promise<{ contract: Contract; t: TournamentState | EndedTournament | UnreadableTournament }> {
  const contracts = candidateContracts(ctx.network, input);
  const misses: Error[] = [];
  for (const contract of contracts) {
    try {
      return { contract, t: await findUnder(ctx, contract, input.tournamentId) };
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      misses.push(error);
    }
  }
  if (misses.length === 1) throw misses[0]!;
  const names = contracts.map((c) => `"${c.contractTitle}" version "${c.contractVersion}"`).join(" nor ");
  throw new NotFoundError(
    `No tournament ${input.tournamentId} under contract ${names}: no output of theirs holds or held its NFT.`,
  );
}

export type TournamentAnswer = (TournamentView & { batches?: BatchView[] }) | UnreadableView;

/** GET /tournaments/{id}: the tournament, live, ended or unreadable, with one page of its participants (ended v3 closes: their batches). */
export async function readTournament(
  ctx: TournamentContext,
  input: queries.TournamentInput & queries.ParticipantsPageInput,
): Promise<TournamentAnswer> {
  const { contract, t } = await findAnywhere(ctx, input);
  const view = viewOf(t, await ctx.chain.tip());
  if (view.status === "unreadable") return view;
  const paged = withParticipantsPage(view, input.participantsPage, input.participantsLimit);
  if (isUnreadable(t) || !isEnded(t) || !isTree(contract)) return paged;
  const batches = await batchesOfEnded(ctx, t, contract);
  return batches.length === 0 ? paged : { ...paged, batches };
}

/**
 * GET /tournaments: the live tournaments of the contract selected (the default when none is named).
 * A v3 entry carries the first LISTED_PARTICIPANTS of its participants (page 1, GET
 * /tournaments/{id} pages the rest), and only the page's pools have their seats read.
 */
export async function readTournamentsPage(
  ctx: TournamentContext,
  input: queries.TournamentsPageInput,
): Promise<Page<TournamentView | UnreadableView>> {
  const contract = selectContract(ctx.network, input);
  if (!isTree(contract)) return queries.readTournamentsPage(ctx, input);
  const page = await listV3(ctx, contract, input.limit, input.pageState);
  const tip = await ctx.chain.tip();
  const results = page.results.map((t) => {
    const view = viewOf(t, tip);
    return view.status === "unreadable" ? view : withParticipantsPage(view, 1, LISTED_PARTICIPANTS);
  });
  return page.pageState === undefined ? { results } : { results, pageState: page.pageState };
}

/** GET /tournaments/{id}/registrations, under the contract that holds the tournament. */
export async function readRegistrationsPage(
  ctx: TournamentContext,
  input: queries.RegistrationsPageInput,
): Promise<queries.RegistrationsPage> {
  const { t } = await findAnywhere(ctx, input);
  if (isUnreadable(t)) throw unreadableError(t);
  const all = (await listRegistrations(ctx.chain, t, ctx.network)).filter(
    (r) => input.valid === undefined || r.valid === input.valid,
  );
  return {
    entryFee: t.datum.config.entryFee,
    registrations: numberedPage(all, input.page, input.limit),
    more: all.length > input.page * input.limit,
  };
}
