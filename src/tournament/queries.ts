// The read operations: a page of a contract's live tournaments, one tournament (live or ended),
// a page of a tournament's registrations. Each is one call that reads the chain itself (the
// tournaments, then its tip for their status), as the transaction-building operations do.
import { selectContract, type ContractSelector } from "./deployment.js";
import type { TournamentContext } from "./context.js";
import type { TournamentId } from "./id.js";
import { numberedPage, pageAfter, type Page } from "./pages.js";
import {
  findAnyTournament,
  listRegistrations,
  listTournaments,
  requireAnyTournament,
  type Registration,
} from "./read.js";
import { viewOf, withParticipantsPage, type TournamentView, type UnreadableView } from "./view.js";

export interface TournamentsPageInput extends ContractSelector {
  readonly limit: number;
  /** Where the previous page ended (its `pageState`); the first page when undefined. */
  readonly pageState: string | undefined;
}

/** The live tournaments (and unreadable ones: outputs holding a tournament NFT) after `pageState`, `limit` of them, with the next page's state when more follow. */
export async function readTournamentsPage(
  ctx: TournamentContext,
  input: TournamentsPageInput,
): Promise<Page<TournamentView | UnreadableView>> {
  const contract = selectContract(ctx.network, input);
  const all = await listTournaments(ctx.chain, contract, ctx.network);
  const page = pageAfter(all, (t) => t.tournamentId, input.limit, input.pageState, "pageState");
  const tip = await ctx.chain.tip();
  const results = page.results.map((t) => viewOf(t, tip));
  return page.pageState === undefined ? { results } : { results, pageState: page.pageState };
}

export interface TournamentInput extends ContractSelector {
  readonly tournamentId: TournamentId;
}

/** Which page of a tournament's participants a view shows. */
export interface ParticipantsPageInput {
  /** From 1. */
  readonly participantsPage: number;
  /** 1 to 100. */
  readonly participantsLimit: number;
}

/**
 * The tournament as the chain holds it now, live, ended or unreadable, with page `participantsPage`
 * of its participants (the results and payments of an ended one are computed from them all); a 404
 * when there is none.
 */
export async function readTournament(
  ctx: TournamentContext,
  input: TournamentInput & ParticipantsPageInput,
): Promise<TournamentView | UnreadableView> {
  const t = await findAnyTournament(ctx.chain, selectContract(ctx.network, input), ctx.network, input.tournamentId);
  const view = viewOf(t, await ctx.chain.tip());
  return view.status === "unreadable"
    ? view
    : withParticipantsPage(view, input.participantsPage, input.participantsLimit);
}

export interface RegistrationsPageInput extends TournamentInput {
  /** Only registrations with this validity; all when undefined. */
  readonly valid: boolean | undefined;
  /** From 1. */
  readonly page: number;
  readonly limit: number;
}

export interface RegistrationsPage {
  /** The tournament's entry fee, lovelace: what a valid registration holds at least. */
  readonly entryFee: bigint;
  readonly registrations: Registration[];
  /** Whether a later page holds more. */
  readonly more: boolean;
}

/** Page `page` of the outputs at the tournament's registration address (ended tournaments included). */
export async function readRegistrationsPage(
  ctx: TournamentContext,
  input: RegistrationsPageInput,
): Promise<RegistrationsPage> {
  const t = await requireAnyTournament(ctx.chain, selectContract(ctx.network, input), ctx.network, input.tournamentId);
  const all = (await listRegistrations(ctx.chain, t, ctx.network)).filter(
    (r) => input.valid === undefined || r.valid === input.valid,
  );
  return {
    entryFee: t.datum.config.entryFee,
    registrations: numberedPage(all, input.page, input.limit),
    more: all.length > input.page * input.limit,
  };
}
