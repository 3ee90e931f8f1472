// The tournament events of issue #24 (docs/events-design.md §2), derived after each followed block
// (a BlockEventSource: src/events/follower.ts) from what its transactions did to tournament outputs
// and registrations:
// - an output holding a tournament NFT created by a transaction that spent none: created;
// - one spent and one created (the NFT continues: an add): participants_added when the count grew
//   (data.added names the new seats, in seat order), then full when it reached the bracket;
// - one spent and none created (the NFT burnt): settled, cancelled or refunded, as the tournament's
//   ending says;
// - an output created at a live tournament's registration address: registration_received; one
//   spent there by a transaction that does not spend the tournament's output (not an add):
//   registration_cancelled;
// - before a block's transactions, every live tournament whose settleBy the block's time reaches
//   for the first time: deadline_passed (its txHash null).
//
// Why from the transactions and not by diffing reads of the chain's tip: the follower may be behind
// the tip (a restart catching up, a burst of blocks), and the tip's state would then be attributed
// to an older block. The state before and after a transaction is in the outputs it spent and
// created, so each event's data is GET /tournaments/{id} as of its block: the live tournament read
// from the output the block left (the read functions of src/tournament: readOutput for v2.1,
// readPoolOutput for v3 with its seats), mapped to JSON by the route's own viewOf and
// withParticipantsPage with the block's time as the tip; an ended one (final: its NFT is burnt) by
// the route's readTournament itself. A restart resumes after the last block whose events were
// recorded (the follower's position is saved with them), so no block's events are derived twice
// and "created" is never announced again.
//
// What is held: the live tournaments (at most MAX_TRACKED_TOURNAMENTS), each by the output holding
// its NFT, to know the registration addresses and the deadlines. The set is read from the
// contracts' addresses at the first block (and after a rollback older than the journal): a
// tournament first seen that way is only recorded, its deadline counted as announced when that
// first block is past it; a contract whose address the backend refuses for good is skipped with a
// warning, its tournaments followed from their next transaction. (That read is of the chain now: a registration's event in a block behind
// the tip carries the tournament as its newest output holds it.) Each block's changes to the set
// are journaled, as many blocks as the service's journal holds (JOURNAL_MAX_BLOCKS: a rollback
// goes to one of them), so that rolledBack(to) restores the set as of `to` and the blocks applied
// again derive their events again. Registrations of an ended tournament (still cancellable) make
// no events; nor do the batch payments after a v3 close (the close is the cancelled or refunded).
import type { UTxO } from "../cardano/types.js";
import { outRefOf } from "../cardano/utxo.js";
import type { Tip } from "../chain/port.js";
import type { TournamentContext } from "../tournament/context.js";
import { candidateContracts, type Contract } from "../tournament/deployment.js";
import { decodeRegistrationDatum } from "../tournament/datum.js";
import type { TournamentId } from "../tournament/id.js";
import { readTournament } from "../tournament/operations.js";
import { poolHeadOf, readPoolOutput } from "../tournament/pool-read.js";
import { isUnreadable, readOutput, type TournamentState, type UnreadableTournament } from "../tournament/read.js";
import { readingOf } from "../tournament/v3/serve.js";
import { viewOf, withParticipantsPage, type TournamentView, type UnreadableView } from "../tournament/view.js";
import type { BlockEventSource, BlockPoint, FollowedTx } from "./follower.js";
import { JOURNAL_MAX_BLOCKS } from "./journal.js";
import type { EventLog } from "./service.js";
import type { EventType, NewEvent } from "./types.js";

/**
 * The most live tournaments followed at once (each held as the output holding its NFT, a few KB at
 * most): beyond it a new tournament's creation and adds are still announced (they are read from
 * the transactions), but its registrations and deadline are not (a warning says so once).
 */
export const MAX_TRACKED_TOURNAMENTS = 4_096;

/** The participants page an event's data carries: what GET /tournaments/{id} answers without a query (page 1 of 100). */
export const DATA_PARTICIPANTS_LIMIT = 100;

/** A live tournament followed: where its NFT is, where its registrations go, its deadline. */
interface Followed {
  readonly tournamentId: TournamentId;
  readonly contract: Contract;
  /** The output holding its NFT after the last block read. */
  readonly utxo: UTxO;
  readonly registrationAddress: string;
  readonly settleBy: number;
  /** Whether a block at or past settleBy was read while it was live (announced, or past already when first seen). */
  readonly deadlinePassed: boolean;
}

/** What output `u` says of a tournament without reading its history (v3 seats): null when it holds none of `contract`'s that reads. */
interface Head {
  readonly tournamentId: TournamentId;
  readonly registrationAddress: string;
  readonly settleBy: number;
  readonly bracketSize: number;
  /** Its participants (seats taken). */
  readonly count: number;
}

/** A block's changes to the followed set: the entries before it, to put back on a rollback. */
interface Journaled {
  readonly hash: string;
  readonly undo: (readonly [string, Followed | undefined])[];
}

export interface TournamentEventsOptions {
  /** What the tournament reads work with (app.tournaments.context, called at each block). */
  readonly context: () => TournamentContext;
  readonly log: EventLog;
  /** MAX_TRACKED_TOURNAMENTS by default (tests lower it). */
  readonly maxTracked?: number;
}

export class TournamentEvents implements BlockEventSource {
  readonly #context: () => TournamentContext;
  readonly #log: EventLog;
  readonly #max: number;
  /** The live tournaments by ID; null until the first block (and after a rollback past the journal). */
  #followed: Map<string, Followed> | null = null;
  /** Registration address → tournament ID, for the tournaments followed. */
  readonly #byRegistration = new Map<string, string>();
  readonly #journal: Journaled[] = [];
  #warnedFull = false;

  constructor(options: TournamentEventsOptions) {
    this.#context = options.context;
    this.#log = options.log;
    this.#max = options.maxTracked ?? MAX_TRACKED_TOURNAMENTS;
  }

  /** How many live tournaments are followed now (tests, metrics). */
  get followed(): number {
    return this.#followed?.size ?? 0;
  }

  /**
   * What a real network's follower must resolve spent outputs for: every contract's address (the
   * tournaments' NFTs move there) and the followed tournaments' registration addresses (a
   * registration cancelled or added spends one).
   */
  watchedAddresses(): string[] {
    const contracts = candidateContracts(this.#context().network, {}).map((c) => c.address.bech32);
    return [...contracts, ...this.#byRegistration.keys()];
  }

  async eventsOf(block: BlockPoint, txs: readonly FollowedTx[]): Promise<NewEvent[]> {
    const ctx = this.#context();
    const contracts = candidateContracts(ctx.network, {});
    const tip: Tip = { slot: block.slot, time: ctx.eraHistory.slotToTime(block.slot) };
    if (this.#followed === null) await this.#seed(ctx, contracts, tip);
    const undo: (readonly [string, Followed | undefined])[] = [];
    try {
      const events = await this.#derive(ctx, contracts, block, tip, txs, undo);
      this.#journal.push({ hash: block.hash, undo });
      if (this.#journal.length > JOURNAL_MAX_BLOCKS) this.#journal.shift();
      return events;
    } catch (error) {
      // The service reads the block again: the set is put back as it was before it.
      this.#undo(undo);
      throw error;
    }
  }

  rolledBack(to: BlockPoint | null): void {
    while (this.#journal.length > 0 && this.#journal[this.#journal.length - 1]!.hash !== to?.hash)
      this.#undo(this.#journal.pop()!.undo);
    if (to === null || this.#journal.length === 0) {
      // Older than the journal: the set is read again from the chain at the next block.
      this.#followed = null;
      this.#byRegistration.clear();
      this.#journal.length = 0;
    }
  }

  /** The live tournaments of every contract, read from their addresses: recorded, no event. */
  async #seed(ctx: TournamentContext, contracts: readonly Contract[], tip: Tip): Promise<void> {
    const outputs = [];
    // Every read first: a backend that fails leaves the set unread, and the next block reads it again.
    for (const contract of contracts) {
      try {
        outputs.push({ contract, utxos: await ctx.chain.utxosAt(contract.address.bech32) });
      } catch (error) {
        // A read the backend refuses for good (more outputs at the address than it lists, say: anyone
        // can pay to it) would hold every later event if the block were read again for it. The
        // contract's tournaments are then followed from their next transaction (a creation or an add).
        if (!isFinal(error)) throw error;
        this.#log.warn(
          { err: error, contract: contract.contractTitle, version: contract.contractVersion },
          "events: the live tournaments of a contract cannot be read; each is followed from its next transaction",
        );
      }
    }
    this.#byRegistration.clear();
    this.#followed = new Map();
    for (const { contract, utxos } of outputs) {
      for (const utxo of utxos) {
        const head = headOf(ctx, contract, utxo);
        if (head !== null) this.#set(followedOf(contract, utxo, head, tip.time >= head.settleBy), []);
      }
    }
  }

  async #derive(
    ctx: TournamentContext,
    contracts: readonly Contract[],
    block: BlockPoint,
    tip: Tip,
    txs: readonly FollowedTx[],
    undo: (readonly [string, Followed | undefined])[],
  ): Promise<NewEvent[]> {
    const followed = this.#followed!;
    const events: NewEvent[] = [];
    const at = (txHash: string | null) => ({
      slot: block.slot,
      blockHash: block.hash,
      blockHeight: block.height,
      txHash,
    });

    for (const f of [...followed.values()].sort(byId)) {
      if (f.deadlinePassed || tip.time < f.settleBy) continue;
      const state = await stateOf(ctx, f.contract, f.utxo);
      if (state === null) continue;
      events.push(eventOf("tournament.deadline_passed", at(null), f, dataOf(state, tip), []));
      this.#set({ ...f, deadlinePassed: true }, undo);
    }

    for (const tx of txs) {
      // A transaction whose scripts failed only spent its collateral: no tournament moved.
      if (!tx.valid) continue;
      const point = at(tx.txHash);
      for (const contract of contracts) {
        const spent = headsOf(ctx, contract, tx.spent);
        const created = headsOf(ctx, contract, tx.created);
        const touched = new Set(spent.map((s) => s.head.tournamentId));

        // Registrations first: received at, or cancelled from, a followed tournament's address.
        for (const u of tx.created) {
          const f = this.#registrationOf(u, contract);
          if (f === undefined) continue;
          const state = await stateOf(ctx, f.contract, f.utxo);
          if (state === null) continue;
          const registrant = registrantOf(ctx, u);
          events.push(
            eventOf(
              "tournament.registration_received",
              point,
              f,
              { ...dataOf(state, tip), registration: registrationJson(u, registrant) },
              registrant === null ? [] : [registrant],
            ),
          );
        }
        for (const u of tx.spent) {
          const f = this.#registrationOf(u, contract);
          if (f === undefined || touched.has(f.tournamentId)) continue;
          const state = await stateOf(ctx, f.contract, f.utxo);
          if (state === null) continue;
          const registrant = registrantOf(ctx, u);
          events.push(
            eventOf(
              "tournament.registration_cancelled",
              point,
              f,
              { ...dataOf(state, tip), registration: registrationJson(u, registrant) },
              registrant === null ? [] : [registrant],
            ),
          );
        }

        for (const c of created) {
          const before = spent.find((s) => s.head.tournamentId === c.head.tournamentId);
          const state = await stateOf(ctx, contract, c.utxo);
          if (state === null) continue;
          const previous = followed.get(c.head.tournamentId);
          const next = followedOf(contract, c.utxo, c.head, previous?.deadlinePassed ?? tip.time >= c.head.settleBy);
          if (before === undefined) {
            events.push(eventOf("tournament.created", point, next, dataOf(state, tip), []));
          } else if (c.head.count > before.head.count && isUnreadable(state)) {
            this.#log.warn(
              { tournamentId: c.head.tournamentId, reason: state.reason },
              "events: the tournament's seats cannot be read; no participants_added event",
            );
          } else if (c.head.count > before.head.count && !isUnreadable(state)) {
            const added = state.datum.participants.slice(before.head.count, c.head.count);
            events.push(eventOf("tournament.participants_added", point, next, { ...dataOf(state, tip), added }, added));
            if (c.head.count >= c.head.bracketSize && before.head.count < c.head.bracketSize)
              events.push(eventOf("tournament.full", point, next, dataOf(state, tip), []));
          }
          this.#set(next, undo);
        }

        for (const s of spent) {
          if (created.some((c) => c.head.tournamentId === s.head.tournamentId)) continue;
          const ended = await this.#endingOf(ctx, contract, s.head.tournamentId, tx.txHash);
          const f = followed.get(s.head.tournamentId) ?? followedOf(contract, s.utxo, s.head, true);
          if (ended !== null) events.push(eventOf(ended.type, point, f, ended.view, paidTo(ended.view)));
          this.#unset(s.head.tournamentId, undo);
        }
      }
    }
    return events;
  }

  /** The ended tournament as GET /tournaments/{id} answers (final: its NFT is burnt) and its event type; null (with a warning) when the chain says another transaction ended it. */
  async #endingOf(
    ctx: TournamentContext,
    contract: Contract,
    tournamentId: TournamentId,
    txHash: string,
  ): Promise<{ type: EventType; view: TournamentView } | null> {
    let view: Awaited<ReturnType<typeof readTournament>>;
    try {
      view = await readTournament(ctx, {
        tournamentId,
        contractTitle: contract.contractTitle,
        contractVersion: contract.contractVersion,
        participantsPage: 1,
        participantsLimit: DATA_PARTICIPANTS_LIMIT,
      });
    } catch (error) {
      // A 4xx is the chain's answer (no such ending to read), a refusal the backend's for good: the
      // block is not read again for it, which would hold every later event. A backend that cannot
      // answer now (5xx) is asked again.
      if (!isFinal(error)) throw error;
      this.#log.warn(
        { err: error, tournamentId, txHash },
        "events: the ended tournament cannot be read; no ending event",
      );
      return null;
    }
    const type = view.status === "unreadable" ? undefined : ENDED[view.status as keyof typeof ENDED];
    if (type === undefined || view.status === "unreadable" || view.endedBy?.txHash !== txHash) {
      // Only a rollback of the ending transaction since the block was read says so: the rollback follows.
      this.#log.warn(
        { tournamentId, txHash, status: view.status },
        "events: the transaction that spent the tournament's output is not the one that ended it on the chain now; no ending event",
      );
      return null;
    }
    return { type, view };
  }

  /** The followed tournament whose registration address holds `u` (under `contract`). */
  #registrationOf(u: UTxO, contract: Contract): Followed | undefined {
    const id = this.#byRegistration.get(u.output.address);
    const f = id === undefined ? undefined : this.#followed!.get(id);
    return f?.contract.policyId === contract.policyId ? f : undefined;
  }

  /**
   * Follows `f` (new, or its NFT moved), within the cap: beyond it a new one is not followed (its
   * creation and adds are still announced: they are read from the transactions; its registrations
   * and deadline are not), and a warning says so once.
   */
  #set(f: Followed, undo: (readonly [string, Followed | undefined])[]): void {
    const followed = this.#followed!;
    if (!followed.has(f.tournamentId) && followed.size >= this.#max) {
      if (!this.#warnedFull)
        this.#log.warn(
          { tournamentId: f.tournamentId, max: this.#max },
          "events: too many live tournaments to follow; the registrations and the deadline of those beyond make no events",
        );
      this.#warnedFull = true;
      return;
    }
    undo.push([f.tournamentId, followed.get(f.tournamentId)]);
    followed.set(f.tournamentId, f);
    this.#byRegistration.set(f.registrationAddress, f.tournamentId);
  }

  #unset(id: string, undo: (readonly [string, Followed | undefined])[]): void {
    const previous = this.#followed!.get(id);
    if (previous === undefined) return;
    undo.push([id, previous]);
    this.#followed!.delete(id);
    this.#byRegistration.delete(previous.registrationAddress);
  }

  /** Puts back what a block changed, newest change first. */
  #undo(undo: readonly (readonly [string, Followed | undefined])[]): void {
    const followed = this.#followed;
    if (followed === null) return;
    for (let i = undo.length - 1; i >= 0; i--) {
      const [id, before] = undo[i]!;
      const now = followed.get(id);
      if (now !== undefined) this.#byRegistration.delete(now.registrationAddress);
      if (before === undefined) followed.delete(id);
      else {
        followed.set(id, before);
        this.#byRegistration.set(before.registrationAddress, id);
      }
    }
  }
}

/**
 * Whether reading again cannot change `error`: a 4xx of the service's registry (an answer about the
 * chain's state, not a failure to read it), or the backend's refusal (the resilience layer's 503
 * caused by a BackendError that is not transient: a bad answer, too many pages), which it would
 * give again.
 */
const isFinal = (error: unknown): boolean => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) return true;
  // Read by shape: the events do not depend on the backends' layer (BackendError's `transient`).
  const refused = (e: unknown): boolean => (e as { transient?: unknown } | null)?.transient === false;
  return refused(error) || refused((error as { cause?: unknown } | null)?.cause);
};

const ENDED = {
  settled: "tournament.settled",
  cancelled: "tournament.cancelled",
  refunded: "tournament.refunded",
} as const;

const byId = (a: Followed, b: Followed): number =>
  a.tournamentId < b.tournamentId ? -1 : a.tournamentId > b.tournamentId ? 1 : 0;

const followedOf = (contract: Contract, utxo: UTxO, head: Head, deadlinePassed: boolean): Followed => ({
  tournamentId: head.tournamentId,
  contract,
  utxo,
  registrationAddress: head.registrationAddress,
  settleBy: head.settleBy,
  deadlinePassed,
});

/** What `u` says of a tournament of `contract` from its datum alone; null when it holds none that reads. */
function headOf(ctx: TournamentContext, contract: Contract, u: UTxO): Head | null {
  if (contract.layout === "tree") {
    const head = poolHeadOf(readingOf(ctx, contract), u);
    if (head === null || "unreadable" in head) return null;
    const c = head.datum.config;
    return {
      tournamentId: head.tournamentId,
      registrationAddress: head.registrationAddress.bech32,
      settleBy: c.settleBy,
      bracketSize: c.bracketSize,
      count: head.datum.count,
    };
  }
  const t = readOutput(u, contract, ctx.network);
  if (t === null || isUnreadable(t)) return null;
  const c = t.datum.config;
  return {
    tournamentId: t.tournamentId,
    registrationAddress: t.registrationAddress.bech32,
    settleBy: c.settleBy,
    bracketSize: c.bracketSize,
    count: t.datum.participants.length,
  };
}

/** The outputs of `utxos` holding a readable tournament of `contract`. */
function headsOf(ctx: TournamentContext, contract: Contract, utxos: readonly UTxO[]): { utxo: UTxO; head: Head }[] {
  const heads: { utxo: UTxO; head: Head }[] = [];
  for (const utxo of utxos) {
    if (!utxo.output.amount.some((a) => a.unit.startsWith(contract.policyId))) continue;
    const head = headOf(ctx, contract, utxo);
    if (head !== null) heads.push({ utxo, head });
  }
  return heads;
}

/** The tournament output `u` read whole (v3: its seats from the history); null when it is none. */
async function stateOf(
  ctx: TournamentContext,
  contract: Contract,
  u: UTxO,
): Promise<TournamentState | UnreadableTournament | null> {
  return contract.layout === "tree"
    ? readPoolOutput(readingOf(ctx, contract), u)
    : readOutput(u, contract, ctx.network);
}

/** GET /tournaments/{id} of a live tournament at `tip` (the block's time), page 1 of its participants. */
function dataOf(state: TournamentState | UnreadableTournament, tip: Tip): TournamentView | UnreadableView {
  const view = viewOf(state, tip);
  return view.status === "unreadable" ? view : withParticipantsPage(view, 1, DATA_PARTICIPANTS_LIMIT);
}

/** The registrant a registration's inline datum names; null when it names none. */
function registrantOf(ctx: TournamentContext, u: UTxO): string | null {
  return u.output.plutusData === undefined
    ? null
    : decodeRegistrationDatum(u.output.plutusData, ctx.network === "mainnet");
}

/** Which registration an event is about: its output and the registrant its datum names (null: none). */
const registrationJson = (u: UTxO, registrant: string | null) => ({ outputRef: outRefOf(u), address: registrant });

/** The addresses an ended tournament's transaction paid. */
function paidTo(view: TournamentView): string[] {
  return [...(view.payouts ?? []), ...(view.refunds ?? [])].map((p) => p.address).filter((a) => a !== "");
}

/** An event of tournament `f`: its addresses the tournament's, its registration address's and `players`. */
function eventOf(
  type: EventType,
  point: NewEvent["point"],
  f: Followed,
  data: unknown,
  players: readonly string[],
): NewEvent {
  const addresses = [...new Set([f.contract.address.bech32, f.registrationAddress, ...players])];
  return { type, point, data, addresses, tournamentId: f.tournamentId };
}
