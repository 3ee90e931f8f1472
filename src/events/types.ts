// The event model of issue #24 (docs/events-design.md §2): what happened on the chain or in the
// service, with an id that orders every event of the instance's log, the chain point it happened
// at, and the JSON the corresponding read endpoint answers. No HTTP here: the routes
// (src/server/routes/events/) stream these, the store (src/store/, EventStore) keeps them.

/** Every event type, in the order the design lists them; the ones not produced yet are listed so that filters stay stable. */
export const EVENT_TYPES = [
  "tx.submitted",
  "tx.confirmed",
  "tx.rolled_back",
  "tx.expired",
  "address.received",
  "address.spent",
  "tournament.created",
  "tournament.registration_received",
  "tournament.registration_cancelled",
  "tournament.participants_added",
  "tournament.full",
  "tournament.deadline_passed",
  "tournament.settled",
  "tournament.cancelled",
  "tournament.refunded",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (type: string): type is EventType => (EVENT_TYPES as readonly string[]).includes(type);

/** Where on the chain an event happened; a submission has no block yet (slot: the tip's when it was accepted). */
export interface ChainPoint {
  readonly slot: number;
  readonly blockHash: string | null;
  readonly blockHeight: number | null;
  readonly txHash: string | null;
}

/** An event to record: what the log adds an id and a time to. */
export interface NewEvent {
  readonly type: EventType;
  readonly point: ChainPoint;
  /** The JSON of the corresponding read endpoint (GET /transactions/{h}, an address's UTxO, GET /tournaments/{id}). */
  readonly data: unknown;
  /** The addresses it touches (bech32): the filter keys beside txHash and tournamentId. */
  readonly addresses: readonly string[];
  readonly tournamentId: string | null;
}

/** An event as the log keeps it. */
export interface ChainEvent extends NewEvent {
  /** The log's sequence number, decimal: the total order, what Last-Event-ID names. */
  readonly id: string;
  /** Unix milliseconds the service recorded it. */
  readonly createdAt: number;
}

/** Which events a reader wants: every key given must match (an empty `types` is none given). */
export interface EventFilter {
  readonly types?: readonly EventType[];
  readonly address?: string;
  readonly txHash?: string;
  readonly tournamentId?: string;
}

/** Whether `event` passes `filter` (the store's query says the same in SQL). */
export function matches(event: NewEvent, filter: EventFilter): boolean {
  if (filter.types !== undefined && filter.types.length > 0 && !filter.types.includes(event.type)) return false;
  if (filter.txHash !== undefined && event.point.txHash !== filter.txHash) return false;
  if (filter.tournamentId !== undefined && event.tournamentId !== filter.tournamentId) return false;
  if (filter.address !== undefined && !event.addresses.includes(filter.address)) return false;
  return true;
}

/** The first event of a stream resumed from an id older than the oldest the log keeps. */
export const STREAM_GAP = "stream.gap";
