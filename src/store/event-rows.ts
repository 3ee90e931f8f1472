// What both event stores (sqlite/events.ts, postgres/events.ts) share: the row of `events`, its
// mapping to a ChainEvent, and the one query of a filtered page, written once with the backend's
// placeholders so that the two answer the same events in the same order.
import type { ChainEvent, EventFilter, EventType } from "../events/types.js";

export interface EventRow {
  seq: number;
  type: string;
  slot: number;
  block_hash: string | null;
  block_height: number | null;
  tx_hash: string | null;
  tournament_id: string | null;
  data: string;
  created_at: number;
}

/** The addresses of each event, by seq (event_addresses rows). */
export type AddressesBySeq = ReadonlyMap<number, readonly string[]>;

export function eventOf(row: EventRow, addresses: AddressesBySeq): ChainEvent {
  return {
    id: String(row.seq),
    type: row.type as EventType,
    point: { slot: row.slot, blockHash: row.block_hash, blockHeight: row.block_height, txHash: row.tx_hash },
    createdAt: row.created_at,
    data: JSON.parse(row.data) as unknown,
    addresses: addresses.get(row.seq) ?? [],
    tournamentId: row.tournament_id,
  };
}

/**
 * The page query (after, filter, limit) with `placeholder(n)` for the n-th parameter (1-based):
 * driven by the address index when the filter names an address, else by the events' own order.
 */
export function pageQuery(
  after: number,
  filter: EventFilter,
  limit: number,
  placeholder: (n: number) => string,
): { readonly sql: string; readonly params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown): string => {
    params.push(value);
    return placeholder(params.length);
  };
  const where: string[] = [];
  let from = "events e";
  if (filter.address !== undefined) {
    from = "event_addresses a JOIN events e ON e.seq = a.seq";
    where.push(`a.address = ${p(filter.address)}`, `a.seq > ${p(after)}`);
  } else {
    where.push(`e.seq > ${p(after)}`);
  }
  if (filter.types !== undefined && filter.types.length > 0)
    where.push(`e.type IN (${filter.types.map((t) => p(t)).join(", ")})`);
  if (filter.txHash !== undefined) where.push(`e.tx_hash = ${p(filter.txHash)}`);
  if (filter.tournamentId !== undefined) where.push(`e.tournament_id = ${p(filter.tournamentId)}`);
  const sql =
    `SELECT e.seq, e.type, e.slot, e.block_hash, e.block_height, e.tx_hash, e.tournament_id, e.data, e.created_at` +
    ` FROM ${from} WHERE ${where.join(" AND ")} ORDER BY e.seq LIMIT ${p(limit)}`;
  return { sql, params };
}

/** The addresses rows as a map by seq. */
export function addressesBySeq(rows: ReadonlyArray<{ seq: number; address: string }>): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const { seq, address } of rows) {
    const list = map.get(seq);
    if (list) list.push(address);
    else map.set(seq, [address]);
  }
  return map;
}
