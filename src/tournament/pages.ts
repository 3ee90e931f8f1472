// Pagination of the listings. Tournaments: an opaque pageState (base64url of the last tournament ID
// of the page), so that pages stay stable while tournaments come and go. Registrations: page numbers.
import { BadRequestError, refusal } from "../errors.js";

export interface Page<T> {
  readonly results: T[];
  readonly pageState?: string;
}

const PREFIX = "t1:";

function encodePageState(lastId: string): string {
  return Buffer.from(`${PREFIX}${lastId}`, "utf8").toString("base64url");
}

function decodePageState(state: string, field: string): string {
  const text = Buffer.from(state, "base64url").toString("utf8");
  const id = text.startsWith(PREFIX) ? text.slice(PREFIX.length) : "";
  if (!/^[0-9a-f]{64}$/.test(id))
    throw refusal(BadRequestError, (at) => `${at(field)} is not a pageState this service returned.`);
  return id;
}

/** Items (sorted by `idOf`) after the page state, `limit` of them, with the next state when more follow. */
export function pageAfter<T>(
  items: readonly T[],
  idOf: (t: T) => string,
  limit: number,
  state: string | undefined,
  field: string,
): Page<T> {
  const after = state === undefined ? undefined : decodePageState(state, field);
  const rest = after === undefined ? items : items.filter((t) => idOf(t) > after);
  const results = rest.slice(0, limit);
  const last = results[results.length - 1];
  return rest.length > limit && last !== undefined ? { results, pageState: encodePageState(idOf(last)) } : { results };
}

export function numberedPage<T>(items: readonly T[], page: number, limit: number): T[] {
  return items.slice((page - 1) * limit, page * limit);
}
