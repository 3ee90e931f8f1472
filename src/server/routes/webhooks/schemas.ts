// TypeBox schemas of the webhook endpoints: the creation body (the GET /events filter keys as
// JSON), a webhook as answered (its secret only in the creation's answer), the delivery log, the
// test delivery's answer.
import { Type } from "typebox";
import { EVENT_TYPES } from "../../../events/types.js";
import { MAX_URL_LENGTH } from "../../../webhooks/target.js";
import { Cursor, Limit, NextCursor } from "../../pagination.js";
import { Hash32 } from "../../schemas.js";
import { Address } from "../addresses/schemas.js";
import {
  CREATED_EXAMPLE,
  CREATE_EXAMPLE,
  DELIVERIES_EXAMPLE,
  TEST_EXAMPLE,
  WEBHOOK_EXAMPLE,
  WEBHOOK_ID,
} from "./examples.js";

/** The most confirmations a webhook may wait for. */
export const MAX_CONFIRMATIONS = 100;

const EventTypeName = Type.Union(
  EVENT_TYPES.map((t) => Type.Literal(t)),
  { description: "An event type (GET /events lists them)." },
);

export const WebhookParams = Type.Object(
  {
    id: Type.String({
      pattern: "^wh_[0-9a-f]{24}$",
      description: "The webhook's id, as POST /webhooks answered it.",
      examples: [WEBHOOK_ID],
    }),
  },
  { additionalProperties: false },
);

export const CreateBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: MAX_URL_LENGTH,
      description:
        "Where the deliveries are POSTed: http or https, without credentials or a fragment. On preview, preprod and mainnet its host must resolve to " +
        "public addresses only (not loopback, private, link-local, CGNAT, multicast or unspecified, v4 or v6), checked now and at each delivery, " +
        "unless the operator set WEBHOOK_ALLOW_PRIVATE=true; the devnet allows them (your receiver on localhost).",
    }),
    types: Type.Optional(
      Type.Array(EventTypeName, {
        minItems: 1,
        maxItems: EVENT_TYPES.length,
        uniqueItems: true,
        description: "Only events of these types; every type when absent.",
      }),
    ),
    address: Type.Optional(
      Address("Only events that touch this payment address (bech32 or hex) of this instance's network family."),
    ),
    txHash: Type.Optional(Hash32("Only events of this transaction.")),
    tournamentId: Type.Optional(Hash32("Only events of this tournament.")),
    confirmations: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_CONFIRMATIONS,
        description:
          "tx.confirmed is delivered once its block is this many blocks deep (1, the default: at once). The body is the event as recorded " +
          "(its data.confirmations the depth then, 1); other types are delivered at once.",
      }),
    ),
  },
  { additionalProperties: false, examples: [CREATE_EXAMPLE] },
);

const webhookFields = {
  id: Type.String({ description: "The webhook's id." }),
  url: Type.String({ description: "Where deliveries go (normalized)." }),
  types: Type.Array(Type.String(), { description: "The event types delivered; empty: every type." }),
  address: Type.Union([Type.String(), Type.Null()], { description: "The address filter (bech32), or null." }),
  txHash: Type.Union([Type.String(), Type.Null()], { description: "The transaction filter, or null." }),
  tournamentId: Type.Union([Type.String(), Type.Null()], { description: "The tournament filter, or null." }),
  confirmations: Type.Integer({ description: "The depth tx.confirmed waits for." }),
  state: Type.Union([Type.Literal("active"), Type.Literal("paused")], {
    description: "paused: deliveries wait (and new events are still queued) until POST /webhooks/{id}/resume.",
  }),
  pausedReason: Type.Union([Type.String(), Type.Null()], {
    description: "Why it was paused (the failures and the last one), or null.",
  }),
  pausedAt: Type.Union([Type.Integer(), Type.Null()], { description: "When it was paused (Unix ms), or null." }),
  failures: Type.Integer({ description: "Failed attempts in a row (a delivery sets it back to 0)." }),
  failingSince: Type.Union([Type.Integer(), Type.Null()], {
    description: "The first failed attempt of the current run of failures (Unix ms), or null.",
  }),
  afterEvent: Type.String({
    description: "The log's last event id at creation: the webhook receives the events after it.",
  }),
  createdAt: Type.Integer({ description: "Unix ms." }),
};

export const WebhookAnswer = Type.Object(webhookFields, {
  description: "A webhook (its secret is shown only at creation).",
  examples: [WEBHOOK_EXAMPLE],
});

export const CreatedWebhook = Type.Object(
  {
    ...webhookFields,
    secret: Type.String({
      description:
        "The signing secret: shown this once, never again. Each delivery's Webhook-Signature is t=<unix s>,v1=<hex HMAC-SHA256(secret, \"<t>.<body>\")> (the typed client's verifyWebhook checks it).",
    }),
  },
  { description: "The webhook created, with its secret.", examples: [CREATED_EXAMPLE] },
);

export const ListQuery = Type.Object(
  { limit: Limit("Webhooks", "20"), cursor: Cursor("", { pattern: "^[0-9]{1,15}$" }) },
  { additionalProperties: false },
);

export const WebhookList = Type.Object(
  {
    webhooks: Type.Array(WebhookAnswer, { description: "Your webhooks on this page, oldest first." }),
    cursor: NextCursor,
  },
  { description: "A page of your webhooks, oldest first.", examples: [{ webhooks: [WEBHOOK_EXAMPLE], cursor: null }] },
);

const Delivery = Type.Object(
  {
    eventId: Type.String({ description: "The event's id (GET /events's id)." }),
    eventType: Type.String({ description: "The event's type." }),
    deliveryId: Type.String({ description: "The Webhook-Id header of every attempt of it." }),
    state: Type.Union(
      [Type.Literal("pending"), Type.Literal("delivered"), Type.Literal("failed"), Type.Literal("cancelled")],
      {
        description:
          "pending: not yet delivered (due at nextAttemptAt, or waiting for confirmations); delivered: a 2xx; failed: an answer not retried (a 4xx other than 408 and 429, a 3xx, a refused target), or not delivered within EVENT_RETENTION_HOURS; " +
          "cancelled: a tx.confirmed waiting for its confirmations whose transaction was rolled back first (a confirmation again is a new event, delivered once deep enough).",
      },
    ),
    attempts: Type.Integer({ description: "Attempts made." }),
    lastStatus: Type.Union([Type.Integer(), Type.Null()], {
      description:
        "The receiver's last HTTP status; null when none came (a timeout, a refused connection) or before an attempt.",
    }),
    lastError: Type.Union([Type.String(), Type.Null()], {
      description:
        "Why the last attempt failed (with an excerpt of the receiver's answer, at most 200 characters); null when it did not.",
    }),
    nextAttemptAt: Type.Union([Type.Integer(), Type.Null()], {
      description: "When the next attempt is due (Unix ms); null once delivered or failed.",
    }),
    waitingForHeight: Type.Union([Type.Integer(), Type.Null()], {
      description:
        "The block height the chain must reach first (a tx.confirmed of a webhook with confirmations); null: none.",
    }),
    createdAt: Type.Integer({ description: "When it was queued (Unix ms)." }),
    updatedAt: Type.Integer({ description: "Its last change (Unix ms)." }),
  },
  { description: "One event's delivery to the webhook." },
);

export const DeliveryList = Type.Object(
  {
    deliveries: Type.Array(Delivery, { description: "The deliveries on this page, newest event first." }),
    cursor: NextCursor,
  },
  { description: "A page of the webhook's deliveries, newest event first.", examples: [DELIVERIES_EXAMPLE] },
);

export const TestAnswer = Type.Object(
  {
    webhookId: Type.String({ description: "The webhook." }),
    delivered: Type.Boolean({ description: "Whether the receiver answered a 2xx." }),
    status: Type.Union([Type.Integer(), Type.Null()], {
      description: "The receiver's HTTP status; null when none came.",
    }),
    error: Type.Union([Type.String(), Type.Null()], { description: "Why it was not delivered; null when it was." }),
    durationMs: Type.Integer({ description: "How long the attempt took." }),
  },
  { description: "What the receiver answered to a webhook.test delivery.", examples: [TEST_EXAMPLE] },
);

export const Deleted = Type.Object(
  {
    id: Type.String({ description: "The webhook deleted." }),
    deleted: Type.Literal(true, { description: "Always true." }),
  },
  { description: "The webhook was deleted, with its deliveries.", examples: [{ id: WEBHOOK_ID, deleted: true }] },
);
