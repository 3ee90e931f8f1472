// One registry of coded errors. Domain code throws these by name; the HTTP error handler
// (src/server/plugins/errors.ts) renders any of them as {statusCode, error, message}.
// Every code is listed in docs/errors.md. Messages are whole sentences a user can act on.
import createError from "@fastify/error";

// ── Generic request errors ────────────────────────────────────────────────────────────
/** Bad input that schema validation cannot catch (a checksum, a CBOR that does not decode...). */
export const BadRequestError = createError("SVC_ERR_BAD_REQUEST", "%s", 400);
/** Well-formed input the service cannot act on (a rule of the ledger or of a contract). */
export const UnprocessableError = createError("SVC_ERR_UNPROCESSABLE", "%s", 422);
export const NotFoundError = createError("SVC_ERR_NOT_FOUND", "%s", 404);

// ── Authentication and quotas ─────────────────────────────────────────────────────────
export const UnauthorizedError = createError("AUTH_ERR_UNAUTHORIZED", "%s", 401);
export const THROTTLED_MESSAGE = "Throttled, please try again later.";
export const ThrottledError = createError("AUTH_ERR_THROTTLED", THROTTLED_MESSAGE, 429);

// ── Chain backends ────────────────────────────────────────────────────────────────────
/** The chain backend cannot be reached or is not configured: the request may succeed later. */
export const ChainUnavailableError = createError("CHAIN_ERR_UNAVAILABLE", "%s", 503);
/** The ledger refused a transaction; the message carries the ledger's reason. */
export const LedgerRejectedError = createError("CHAIN_ERR_LEDGER_REJECTED", "The ledger rejected the transaction: %s", 422);

// ── Transaction building ──────────────────────────────────────────────────────────────
export const InsufficientFundsError = createError("TX_ERR_INSUFFICIENT_FUNDS", "%s", 400);
export const TxTooLargeError = createError("TX_ERR_TOO_LARGE", "%s", 400);
