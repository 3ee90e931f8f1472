// What both webhook stores (sqlite/webhooks.ts, postgres/webhooks.ts) share: their rows, the
// mapping of a row to the port's records, the ids and cursors, so that the two answer alike.
import { randomBytes } from "node:crypto";
import type { EventFilter } from "../events/types.js";
import type { DeliveryRecord, DeliveryState, StoredWebhook, WebhookState } from "./types.js";

export interface WebhookRow {
  seq: number;
  id: string;
  owner: string;
  url: string;
  filter: string;
  confirmations: number;
  secret: string;
  from_event: number;
  state: string;
  paused_reason: string | null;
  paused_at: number | null;
  failures: number;
  failing_since: number | null;
  created_at: number;
}

export interface DeliveryRow {
  webhook_id: string;
  event_seq: number;
  event_type: string;
  state: string;
  attempts: number;
  next_at: number | null;
  min_height: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export const WEBHOOK_COLUMNS =
  "seq, id, owner, url, filter, confirmations, secret, from_event, state, paused_reason, paused_at, failures, failing_since, created_at";
export const DELIVERY_COLUMNS =
  "webhook_id, event_seq, event_type, state, attempts, next_at, min_height, last_status, last_error, created_at, updated_at";

/** A new webhook's id: "wh_" and 24 random lowercase hex characters. */
export const newWebhookId = (): string => `wh_${randomBytes(12).toString("hex")}`;
/** A claim's lease token. */
export const newLease = (): string => randomBytes(12).toString("hex");

export function webhookOf(row: WebhookRow): StoredWebhook {
  return {
    id: row.id,
    seq: row.seq,
    owner: row.owner,
    url: row.url,
    filter: JSON.parse(row.filter) as EventFilter,
    confirmations: row.confirmations,
    secret: row.secret,
    fromEvent: row.from_event,
    state: row.state as WebhookState,
    pausedReason: row.paused_reason,
    pausedAt: row.paused_at,
    failures: row.failures,
    failingSince: row.failing_since,
    createdAt: row.created_at,
  };
}

export function deliveryOf(row: DeliveryRow): DeliveryRecord {
  return {
    webhookId: row.webhook_id,
    eventId: row.event_seq,
    eventType: row.event_type,
    state: row.state as DeliveryState,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    nextAttemptAt: row.state === "pending" ? row.next_at : null,
    minHeight: row.min_height,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A page cursor (a seq, decimal: the routes check its form) as a number. */
export const cursorNumber = (cursor: string | undefined): number | undefined =>
  cursor === undefined ? undefined : Number(cursor);

/**
 * Where a queueing moves the cursor: to the last event it read, but no further than the smallest
 * start (`from_event`) of the webhooks created since the worker read them (`createdStart`, null
 * when none). Those were not matched against the page; each starts at or after the cursor it saw
 * at its creation, so the events up to its start are none of its business and the cursor still
 * moves on: a key creating webhooks in a loop cannot hold it still for everyone.
 */
export const cursorAfter = (read: number, createdStart: number | null): number =>
  createdStart === null ? read : Math.min(read, createdStart);
