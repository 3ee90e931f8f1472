// The webhook endpoints' examples: a webhook on a payment address, its secret at creation, its
// delivery log and a test delivery, as this service answers them.
import type { ErrorExamples } from "../../schemas.js";
import { EXAMPLE_PLAYER } from "../examples.js";

export const WEBHOOK_ID = "wh_5f0c2a9e7b41d3c8a6e19f27";

export const CREATE_EXAMPLE = {
  url: "https://hooks.example.com/cardano",
  types: ["tx.confirmed", "address.received"],
  address: EXAMPLE_PLAYER,
  confirmations: 3,
};

export const WEBHOOK_EXAMPLE = {
  id: WEBHOOK_ID,
  url: "https://hooks.example.com/cardano",
  types: ["tx.confirmed", "address.received"],
  address: EXAMPLE_PLAYER,
  txHash: null,
  tournamentId: null,
  confirmations: 3,
  state: "active",
  pausedReason: null,
  pausedAt: null,
  failures: 0,
  failingSince: null,
  afterEvent: "40",
  createdAt: 1764250000000,
};

export const CREATED_EXAMPLE = { ...WEBHOOK_EXAMPLE, secret: "whsec_q3Vt0mJ9cX2s8kLrY1bZ4nW7pE5aH6dF0gU3iO2lK8M" };

export const DELIVERIES_EXAMPLE = {
  deliveries: [
    {
      eventId: "42",
      eventType: "address.received",
      deliveryId: `${WEBHOOK_ID}.42`,
      state: "pending",
      attempts: 2,
      lastStatus: 503,
      lastError: "HTTP 503: upstream unavailable",
      nextAttemptAt: 1764250021000,
      waitingForHeight: null,
      createdAt: 1764250001000,
      updatedAt: 1764250011000,
    },
    {
      eventId: "41",
      eventType: "tx.confirmed",
      deliveryId: `${WEBHOOK_ID}.41`,
      state: "delivered",
      attempts: 1,
      lastStatus: 200,
      lastError: null,
      nextAttemptAt: null,
      waitingForHeight: 14,
      createdAt: 1764250001000,
      updatedAt: 1764250040000,
    },
  ],
  cursor: null,
};

export const TEST_EXAMPLE = { webhookId: WEBHOOK_ID, delivered: true, status: 200, error: null, durationMs: 38 };

const NOT_YOURS = {
  code: "SVC_ERR_NOT_FOUND",
  message: `No webhook ${WEBHOOK_ID} belongs to your API key (a webhook another key created is not yours to see).`,
} as const;
const KEY_REQUIRED = {
  code: "AUTH_ERR_UNAUTHORIZED",
  message: "Webhooks belong to an API key: send yours in the X-Api-Key header.",
} as const;

export const WEBHOOK_ERRORS = {
  create: {
    400: {
      code: "SVC_ERR_BAD_REQUEST",
      message:
        "body.url names the host 10.0.0.7, which resolves to 10.0.0.7, a private address: webhooks go to public addresses only on this network (WEBHOOK_ALLOW_PRIVATE).",
    },
    401: KEY_REQUIRED,
  },
  list: { 401: KEY_REQUIRED },
  one: { 401: KEY_REQUIRED, 404: NOT_YOURS },
} satisfies Record<string, ErrorExamples>;
