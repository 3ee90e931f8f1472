// The Tournament object of the API, from a tournament's on-chain state (amounts as decimal strings).
// A live tournament is open, full or expired (its deadline passed: only a refund is left); an
// ended one says which transaction ended it and how, and what that transaction paid to whom. An
// output holding a tournament NFT that cannot be read is shown as unreadable: what it holds, and why.
// Outputs of an ending transaction are positional (the contract checks output k for payout or
// refund k), so each payment's output reference follows from the ending transaction's hash.
import { outRef, outRefOf } from "../cardano/utxo.js";
import type { Tip } from "../chain/port.js";
import { isExpired } from "./deadline.js";
import {
  isEnded,
  isUnreadable,
  type EndedTournament,
  type TournamentState,
  type UnreadableTournament,
} from "./read.js";
import { MAX_BRACKET } from "./limits.js";
import { numberedPage } from "./pages.js";
import { closingPayments, depositOf, EXIT_RULE } from "./rules.js";

export type Status = "open" | "full" | "expired" | "settled" | "cancelled" | "refunded";

/** One payment of the transaction that ended the tournament. */
export interface PaymentView {
  address: string;
  /** What the contract made the output hold at least (the configured prize, the entry fee, the admin's rest). */
  lovelace: string;
  outputRef: string;
}

export interface TournamentView {
  tournamentId: string;
  name: string;
  adminAddress: string;
  bracketSize: number;
  entryFee: string;
  payoutStructure: string[];
  fixedPayouts: [string, string][];
  /** The participants, or one page of them (GET /tournaments/{id}: participantsPage, participantsLimit). */
  participants: string[];
  /** How many participants there are in all (seats taken). */
  participantCount: number;
  /** Which page of the participants `participants` is, from 1 (GET /tournaments/{id}; GET /tournaments' v3 entries: 1). */
  participantsPage?: number;
  /** The page size of `participants` (GET /tournaments/{id}; GET /tournaments' v3 entries: LISTED_PARTICIPANTS). */
  participantsLimit?: number;
  status: Status;
  settleBy: number;
  deposit: string;
  outputRef: string;
  lovelace: string;
  contractTitle: string;
  contractVersion: string;
  policyId: string;
  registrationAddress: string;
  /** How the tournament can end (EXIT_RULE), one sentence. */
  exitRule: string;
  endedBy?: { action: "settle" | "cancel" | "refund"; txHash: string };
  results?: string[];
  payouts?: PaymentView[];
  refunds?: PaymentView[];
}

const STATUS_OF_ENDING = { settle: "settled", cancel: "cancelled", refund: "refunded" } as const;

function base(t: TournamentState, status: Status): TournamentView {
  const c = t.datum.config;
  return {
    tournamentId: t.tournamentId,
    name: c.name,
    adminAddress: c.adminAddress,
    bracketSize: c.bracketSize,
    entryFee: c.entryFee.toString(),
    payoutStructure: c.payoutStructure.map(String),
    fixedPayouts: c.fixedPayouts.map((f) => [f.address, f.amount.toString()]),
    participants: [...t.datum.participants],
    participantCount: t.datum.participants.length,
    status,
    settleBy: c.settleBy,
    deposit: depositOf(c).toString(),
    outputRef: outRefOf(t.utxo),
    lovelace: t.lovelace.toString(),
    contractTitle: t.contract.contractTitle,
    contractVersion: t.contract.contractVersion,
    policyId: t.contract.policyId,
    registrationAddress: t.registrationAddress.bech32,
    exitRule: EXIT_RULE,
  };
}

/** An output holding a tournament NFT that the service cannot read: what it holds, and why. */
export interface UnreadableView {
  tournamentId: string;
  status: "unreadable";
  reason: string;
  outputRef: string;
  address: string;
  lovelace: string;
  value: { unit: string; quantity: string }[];
  contractTitle: string;
  contractVersion: string;
  policyId: string;
}

function unreadableView(t: UnreadableTournament): UnreadableView {
  return {
    tournamentId: t.tournamentId,
    status: "unreadable",
    reason: t.reason,
    outputRef: outRefOf(t.utxo),
    address: t.utxo.output.address,
    lovelace: t.lovelace.toString(),
    value: t.utxo.output.amount.map((a) => ({ unit: a.unit === "" ? "lovelace" : a.unit, quantity: a.quantity })),
    contractTitle: t.contract.contractTitle,
    contractVersion: t.contract.contractVersion,
    policyId: t.contract.policyId,
  };
}

/** The status of a live tournament at the chain's tip. */
function liveStatus(t: TournamentState, tip: Tip): "open" | "full" | "expired" {
  const c = t.datum.config;
  if (isExpired(c.settleBy, tip)) return "expired";
  return t.datum.participants.length >= c.bracketSize ? "full" : "open";
}

function endedView(t: EndedTournament): TournamentView {
  const c = t.datum.config;
  const parts = t.datum.participants;
  const e = t.ending;
  const view = { ...base(t, STATUS_OF_ENDING[e.action]), endedBy: { action: e.action, txHash: e.txHash } };
  const pay = (address: string, lovelace: bigint, output: number): PaymentView => ({
    address,
    lovelace: lovelace.toString(),
    outputRef: outRef(e.txHash, output),
  });
  if (e.action === "settle") {
    // The winners' indices into the participants, in placement order (the contract checked them).
    const results = e.winners.map((w) => parts[w]).filter((a): a is string => a !== undefined);
    const payouts = [
      ...c.payoutStructure.map((amount, k) => pay(results[k] ?? "", amount, k)),
      ...c.fixedPayouts.map((f, j) => pay(f.address, f.amount, c.payoutStructure.length + j)),
    ];
    return { ...view, results, payouts };
  }
  // A v3 close that split the refunds into batch UTxOs paid none itself: its outputs are the batches
  // (which the batch transactions pay, seat by seat), not payments to the participants.
  if (e.batches !== undefined && e.batches > 0) return view;
  // Cancel and refund: output k pays participant k, the admin's rest is tagged N (closingPayments);
  // the outputs are positional, so each payment's output is its place in the list.
  const refunds = closingPayments(c, parts, t.lovelace).map((p, output) => pay(p.address, p.lovelace, output));
  return { ...view, refunds };
}

/**
 * How many participants a v3 entry of GET /tournaments carries: page 1 of them, this many a page
 * (GET /tournaments/{id} pages the rest). v2.1's largest bracket, so that a v2.1 entry, listed
 * whole, never holds more.
 */
export const LISTED_PARTICIPANTS = MAX_BRACKET;

/** The view with only page `page` (from 1, `limit` a page) of its participants, and which page it is. */
export function withParticipantsPage(view: TournamentView, page: number, limit: number): TournamentView {
  return {
    ...view,
    participants: numberedPage(view.participants, page, limit),
    participantsPage: page,
    participantsLimit: limit,
  };
}

export function viewOf(t: TournamentState | UnreadableTournament, tip: Tip): TournamentView | UnreadableView {
  if (isUnreadable(t)) return unreadableView(t);
  return isEnded(t) ? endedView(t) : base(t, liveStatus(t, tip));
}
