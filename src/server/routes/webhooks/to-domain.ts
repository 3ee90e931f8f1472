// The webhook endpoints' requests → the registry's input, and its records → the answers. The
// secret goes into an answer only through `createdAnswer`, the creation's.
import type { Static } from "typebox";
import { paymentAddressOn } from "../../../cardano/address-rules.js";
import type { Network } from "../../../config.js";
import type { EventFilter } from "../../../events/types.js";
import type { DeliveryRecord, StoredWebhook } from "../../../store/types.js";
import { deliveryId } from "../../../webhooks/signature.js";
import type { WebhookInput } from "../../../webhooks/registry.js";
import type { CreateBody } from "./schemas.js";

/** The page size of the lists when `limit` is absent. */
export const DEFAULT_PAGE = 20;

/** The webhook a body asks for; an address of the other network family, or not a payment address, is refused naming `address`. */
export function webhookInput(network: Network, body: Static<typeof CreateBody>): WebhookInput {
  const filter: EventFilter = {
    ...(body.types !== undefined && { types: [...body.types] }),
    ...(body.address !== undefined && { address: paymentAddressOn(network, body.address, "address").bech32 }),
    ...(body.txHash !== undefined && { txHash: body.txHash.toLowerCase() }),
    ...(body.tournamentId !== undefined && { tournamentId: body.tournamentId.toLowerCase() }),
  };
  return { url: body.url, filter, confirmations: body.confirmations ?? 1 };
}

export function webhookAnswer(webhook: StoredWebhook) {
  return {
    id: webhook.id,
    url: webhook.url,
    types: [...(webhook.filter.types ?? [])],
    address: webhook.filter.address ?? null,
    txHash: webhook.filter.txHash ?? null,
    tournamentId: webhook.filter.tournamentId ?? null,
    confirmations: webhook.confirmations,
    state: webhook.state,
    pausedReason: webhook.pausedReason,
    pausedAt: webhook.pausedAt,
    failures: webhook.failures,
    failingSince: webhook.failingSince,
    afterEvent: String(webhook.fromEvent),
    createdAt: webhook.createdAt,
  };
}

/** The creation's answer: the only one with the secret. */
export const createdAnswer = (webhook: StoredWebhook) => ({ ...webhookAnswer(webhook), secret: webhook.secret });

export function deliveryAnswer(delivery: DeliveryRecord) {
  return {
    eventId: String(delivery.eventId),
    eventType: delivery.eventType,
    deliveryId: deliveryId(delivery.webhookId, delivery.eventId),
    state: delivery.state,
    attempts: delivery.attempts,
    lastStatus: delivery.lastStatus,
    lastError: delivery.lastError,
    nextAttemptAt: delivery.nextAttemptAt,
    waitingForHeight: delivery.minHeight,
    createdAt: delivery.createdAt,
    updatedAt: delivery.updatedAt,
  };
}
