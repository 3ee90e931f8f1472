// Checks a webhook delivery of the service: its Webhook-Signature header against the raw body and
// the webhook's secret (shown once, when the webhook was created). Web Crypto, so that it runs in
// Node (20+), Deno, Bun, and edge runtimes alike, which makes it asynchronous.

/** The most a header is read: a header longer than this is not one the service sent. */
const MAX_HEADER = 4096;

const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * Whether `body` (the request's raw body, as received: parse it only after) was signed with
 * `secret` by the service, at most `toleranceSeconds` ago (or ahead, for clocks that differ).
 * `header` is the Webhook-Signature header, `t=<unix seconds>,v1=<hex HMAC-SHA256>`; any of its
 * v1 values may match. The comparison is Web Crypto's own verify, which takes the same time
 * whatever the bytes. Resolves false (never throws) for a missing or malformed header, an old or
 * future timestamp, or a signature that does not match. Throws a TypeError for a tolerance that is
 * not a finite number ≥ 0 (a NaN read from configuration would otherwise disable the replay check).
 */
export async function verifyWebhook(
  secret: string,
  header: string | null | undefined,
  body: string | Uint8Array,
  toleranceSeconds = 300,
): Promise<boolean> {
  if (typeof toleranceSeconds !== "number" || !Number.isFinite(toleranceSeconds) || toleranceSeconds < 0)
    throw new TypeError(
      `verifyWebhook: toleranceSeconds must be a finite number of seconds ≥ 0, not ${String(toleranceSeconds)}`,
    );
  if (typeof header !== "string" || header.length > MAX_HEADER || secret.length === 0) return false;
  let t: string | undefined;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === "t") t = value;
    else if (name === "v1") {
      const bytes = hexBytes(value);
      if (bytes !== null && bytes.length === 32) signatures.push(bytes);
    }
  }
  if (t === undefined || !/^[0-9]{1,12}$/.test(t) || signatures.length === 0) return false;
  if (Math.abs(Date.now() / 1000 - Number(t)) > toleranceSeconds) return false;
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "verify",
  ]);
  const prefix = encoder.encode(`${t}.`);
  const raw = typeof body === "string" ? encoder.encode(body) : body;
  const signed = new Uint8Array(prefix.length + raw.length);
  signed.set(prefix);
  signed.set(raw, prefix.length);
  for (const signature of signatures) if (await crypto.subtle.verify("HMAC", key, signature, signed)) return true;
  return false;
}
