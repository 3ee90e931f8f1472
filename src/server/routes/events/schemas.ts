// TypeBox schemas of GET /events: its query, and the stream's events as the OpenAPI document shows them.
import { Type } from "typebox";
import { EVENT_TYPES } from "../../../events/types.js";
import { Hash32 } from "../../schemas.js";
import { Address } from "../addresses/schemas.js";

export const EventsQuery = Type.Object(
  {
    types: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        // The list of types is in the operation's description: here it would read as an address field (test/server/routes/address-forms.test.ts).
        description: `Only events of these types, comma-separated (${EVENT_TYPES.length} known, listed in the operation's description). An unknown type is 400.`,
        examples: ["tx.confirmed,address.received"],
      }),
    ),
    address: Type.Optional(
      Address(
        "Only events that touch this payment address (bech32 or hex) of this instance's network family: its outputs received and spent, the transactions that pay or spend it.",
      ),
    ),
    txHash: Type.Optional(Hash32("Only events of this transaction.")),
    tournamentId: Type.Optional(Hash32("Only events of this tournament: its tournament.* events.")),
    after: Type.Optional(
      Type.String({
        pattern: "^[0-9]{1,15}$",
        description:
          "Resume after this event id, as the Last-Event-ID header does (the header wins when both are sent). Without either, the stream starts with the next event recorded.",
        examples: ["41"],
      }),
    ),
  },
  { additionalProperties: false },
);
