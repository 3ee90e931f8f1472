// How a delivery is signed (docs/events-design.md §5): `Webhook-Signature: t=<unix s>,v1=<hex
// HMAC-SHA256(secret, "<t>.<body>")>`, the time inside the signed text so that a captured request
// cannot be replayed later than the receiver's tolerance; and `Webhook-Id`, the same on every
// attempt of one event to one webhook, for the receiver to drop repeats (delivery is at least once).
// The typed client's verifyWebhook (client/src/webhooks.ts) is the other side.
import { createHmac, randomBytes } from "node:crypto";

export const SIGNATURE_HEADER = "webhook-signature";
export const ID_HEADER = "webhook-id";

/** A new webhook's secret: "whsec_" and 32 random bytes, base64url. The HMAC key is the whole string's UTF-8. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString("base64url")}`;

/** The Webhook-Signature header of `body` signed with `secret` at `unixSeconds`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const t = Math.floor(unixSeconds);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** The Webhook-Id of an event's deliveries to a webhook: the webhook's id and the event's, joined by a dot. */
export const deliveryId = (webhookId: string, eventId: string | number): string => `${webhookId}.${eventId}`;
