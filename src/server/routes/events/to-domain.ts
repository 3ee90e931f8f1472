// GET /events's query and Last-Event-ID header → the event filter and the id to resume after.
// Each refusal names its field: `query.<name>` (through within) or the header.
import type { Static } from "typebox";
import { paymentAddressOn } from "../../../cardano/address-rules.js";
import type { Network } from "../../../config.js";
import { BadRequestError, refusal } from "../../../errors.js";
import { EVENT_TYPES, isEventType, type EventFilter, type EventType } from "../../../events/types.js";
import type { EventsQuery } from "./schemas.js";

/** The filter a query asks for; throws a refusal naming `types` or `address` (their paths in the query). */
export function eventFilterOf(network: Network, query: Static<typeof EventsQuery>): EventFilter {
  let types: EventType[] | undefined;
  if (query.types !== undefined) {
    types = [];
    for (const raw of query.types.split(",")) {
      const type = raw.trim();
      if (!isEventType(type))
        throw refusal(
          BadRequestError,
          (at) =>
            `${at("types")} names ${JSON.stringify(type)}, which is not an event type: use ${EVENT_TYPES.join(", ")} (comma-separated).`,
        );
      if (!types.includes(type)) types.push(type);
    }
  }
  return {
    ...(types !== undefined && { types }),
    ...(query.address !== undefined && { address: paymentAddressOn(network, query.address, "address").bech32 }),
    ...(query.txHash !== undefined && { txHash: query.txHash.toLowerCase() }),
    ...(query.tournamentId !== undefined && { tournamentId: query.tournamentId.toLowerCase() }),
  };
}

/** The id to resume after: the Last-Event-ID header, else `after`; null for neither (the stream starts now). */
export function resumeAfter(header: string | string[] | undefined, after: string | undefined): number | null {
  if (header !== undefined) {
    const value = Array.isArray(header) ? header[header.length - 1]! : header;
    if (!/^[0-9]{1,15}$/.test(value.trim()))
      throw new BadRequestError(
        `The Last-Event-ID header must be an event id (decimal digits, as the stream's id: lines give them), not ${JSON.stringify(value.slice(0, 40))}.`,
      );
    return Number(value.trim());
  }
  return after === undefined ? null : Number(after);
}
