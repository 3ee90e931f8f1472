// The registry of error codes. Every error answer of the service is {statusCode, error, code,
// message}, and its `code` is a key of ERROR_CODES: the one list of what a client can tell apart.
// docs/errors.md says, for each code, when it happens and what a client should do
// (test/errors-doc.test.ts keeps the two in step). Domain code throws the coded errors below by
// name; the HTTP error handler (src/server/plugins/errors.ts) gives Fastify's and Node's own
// errors the code of the situation they describe. Messages are whole sentences a user can act on;
// the ones about fields of a function's input name them by their path in that input (refusal below).
import createError from "@fastify/error";

/** Every public error code, with the HTTP status it answers with ("4xx": the status varies, see docs/errors.md). */
export const ERROR_CODES = {
  // ── The request's content ──────────────────────────────────────────────────────────
  SVC_ERR_VALIDATION: 400,
  SVC_ERR_UNKNOWN_FIELD: 400,
  SVC_ERR_BAD_REQUEST: 400,
  SVC_ERR_CBOR_LIMIT: 400,
  SVC_ERR_NOT_FOUND: 404,
  SVC_ERR_UNPROCESSABLE: 422,
  SVC_ERR_INTERNAL: 500,
  SVC_ERR_BUSY: 503,

  // ── The request as an HTTP message ─────────────────────────────────────────────────
  HTTP_ERR_INVALID_JSON: 400,
  HTTP_ERR_BAD_URL: 400,
  HTTP_ERR_MALFORMED: 400,
  HTTP_ERR_UNKNOWN_ENDPOINT: 404,
  /** A route serves the path, under other methods (the Allow header lists them). */
  HTTP_ERR_METHOD_NOT_ALLOWED: 405,
  HTTP_ERR_TIMEOUT: 408,
  HTTP_ERR_BODY_TOO_LARGE: 413,
  HTTP_ERR_PARAM_TOO_LONG: 414,
  HTTP_ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  HTTP_ERR_HEADERS_TOO_LARGE: 431,
  /** Any other 4xx that HTTP itself defines (today the docs page's static files: 403, 412, 416). */
  HTTP_ERR_REFUSED: "4xx",

  // ── Authentication and quotas ──────────────────────────────────────────────────────
  AUTH_ERR_UNAUTHORIZED: 401,
  AUTH_ERR_THROTTLED: 429,
  /** The key (keyless: the client IP) holds WAIT_MAX_PER_KEY waits already. */
  AUTH_ERR_WAIT_LIMIT: 429,
  /** The instance holds WAIT_MAX_TOTAL waits already. */
  SVC_ERR_WAITS_FULL: 503,
  /** The key (keyless: the client IP) holds EVENT_STREAMS_PER_KEY streams, or the instance EVENT_STREAMS_TOTAL. */
  AUTH_ERR_STREAM_LIMIT: 429,
  /** The key holds a POST /webhooks/{id}/test in flight already, or the instance WEBHOOK_CONCURRENCY of them. */
  AUTH_ERR_WEBHOOK_TEST_LIMIT: 429,

  // ── Chain backends ─────────────────────────────────────────────────────────────────
  CHAIN_ERR_UNAVAILABLE: 503,
  CHAIN_ERR_LEDGER_REJECTED: 422,
  /** The backend's history does not give a v3 tournament's seats back (pruned Kupo, no history, incomplete indexer). */
  CHAIN_ERR_SEATS_UNREADABLE: 503,

  // ── The service's own storage ──────────────────────────────────────────────────────
  STORE_ERR_UNAVAILABLE: 503,

  // ── Transaction building ───────────────────────────────────────────────────────────
  TX_ERR_INSUFFICIENT_FUNDS: 400,
  TX_ERR_TOO_LARGE: 400,

  // ── The devnet's controls ──────────────────────────────────────────────────────────
  /** A snapshot of that name exists, and the save did not ask to overwrite it. */
  DEVNET_ERR_SNAPSHOT_EXISTS: 409,
  /** DEVNET_SNAPSHOT_LIMIT snapshots exist already. */
  DEVNET_ERR_SNAPSHOT_LIMIT: 409,
} as const satisfies Record<string, number | "4xx">;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes in registry order (the ErrorBody schema's enum). */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === "string" && Object.hasOwn(ERROR_CODES, code);

/** The codes with a fixed status: the ones code can throw. */
type ThrowableCode = { [C in ErrorCode]: (typeof ERROR_CODES)[C] extends number ? C : never }[ErrorCode];

/** A throwable error of the registry: its code and status come from ERROR_CODES. */
function coded<C extends ThrowableCode>(code: C, message = "%s") {
  return createError(code, message, ERROR_CODES[code]);
}

// ── Errors that code throws ───────────────────────────────────────────────────────────
export const BadRequestError = coded("SVC_ERR_BAD_REQUEST");
/** CBOR of the request nested deeper, or holding more items, than src/cardano/cbor-limits.ts allows. */
export const CborLimitExceededError = coded("SVC_ERR_CBOR_LIMIT");
export const UnknownFieldError = coded("SVC_ERR_UNKNOWN_FIELD");
export const UnprocessableError = coded("SVC_ERR_UNPROCESSABLE");
export const NotFoundError = coded("SVC_ERR_NOT_FOUND");
/** The path is served under other methods; thrown with `headers.allow`. */
export const MethodNotAllowedError = coded("HTTP_ERR_METHOD_NOT_ALLOWED");
/** Every Plutus script evaluator is busy and its queue is full (EVALUATION_WORKERS, EVALUATION_QUEUE); answered with Retry-After. */
export const EvaluationBusyError = coded("SVC_ERR_BUSY");

export const UnauthorizedError = coded("AUTH_ERR_UNAUTHORIZED");
export const THROTTLED_MESSAGE = "Throttled, please try again later.";
export const ThrottledError = coded("AUTH_ERR_THROTTLED", THROTTLED_MESSAGE);

/** This key (keyless: this client IP) holds WAIT_MAX_PER_KEY waits already. */
export const TooManyWaitsError = coded("AUTH_ERR_WAIT_LIMIT");
/** The instance holds WAIT_MAX_TOTAL waits already. */
export const WaitsBusyError = coded("SVC_ERR_WAITS_FULL");
/** GET /events beyond EVENT_STREAMS_PER_KEY or EVENT_STREAMS_TOTAL open streams. */
export const TooManyStreamsError = coded("AUTH_ERR_STREAM_LIMIT");
/** POST /webhooks/{id}/test while the key's one test delivery, or the instance's WEBHOOK_CONCURRENCY, are in flight. */
export const TooManyWebhookTestsError = coded("AUTH_ERR_WEBHOOK_TEST_LIMIT");

export const ChainUnavailableError = coded("CHAIN_ERR_UNAVAILABLE");
/** PostgreSQL, Redis or the disk under DATA_DIR cannot serve the request; the message names which. */
export const StoreUnavailableError = coded("STORE_ERR_UNAVAILABLE");
export const LedgerRejectedError = coded("CHAIN_ERR_LEDGER_REJECTED", "The ledger rejected the transaction: %s");
/**
 * A v3 tournament's seats cannot be read back from the backend's history (src/tournament/seats.ts):
 * the message says why and what the operator can do (Kupo without --prune-utxo, another backend).
 */
export const SeatsUnreadableError = coded("CHAIN_ERR_SEATS_UNREADABLE");

export const InsufficientFundsError = coded("TX_ERR_INSUFFICIENT_FUNDS");
export const TxTooLargeError = coded("TX_ERR_TOO_LARGE");
export const SnapshotExistsError = coded("DEVNET_ERR_SNAPSHOT_EXISTS");
export const SnapshotLimitError = coded("DEVNET_ERR_SNAPSHOT_LIMIT");

// ── Errors about fields of a function's input ─────────────────────────────────────────
/** Writes a field's path into a message: as it is, or under where the caller's input sits. */
export type FieldNamer = (path: string) => string;

/** A message naming fields of the input through `at`: (at) => `${at("settleBy")} is too close…`. */
export type FieldWords = (at: FieldNamer) => string;

const wordsOf = new WeakMap<Error, FieldWords>();

/**
 * A refusal: a coded error (`Coded`: BadRequestError, InsufficientFundsError…) about fields of a
 * function's input. The domain and the codecs name a field by its path in their own input
 * (`outputs[0].address`, `utxos[0]`, `settleBy`), never by where that input came from; the message
 * marks each path with `at`, so that a caller can say where the input sits (fieldsUnder: the HTTP
 * routes answer `body.outputs[0].address`). `field` is the path the refusal is about: the first
 * one its message names (undefined when it happens to name none).
 */
export function refusal<E extends Error>(
  Coded: new (message: string) => E,
  words: FieldWords,
): E & { readonly field: string | undefined } {
  const named: string[] = [];
  const error = new Coded(
    words((path) => {
      named.push(path);
      return path;
    }),
  );
  wordsOf.set(error, words);
  return Object.assign(error, { field: named[0] });
}

/**
 * `error` with each field it names written by `reword` (a field whose value the function filled in
 * itself: `utxos` left out and read from the chain becomes "the UTxOs at adminAddress"). Any other
 * error is returned as it is.
 */
export function fieldsReworded(error: unknown, reword: (path: string, at: FieldNamer) => string): unknown {
  const words = error instanceof Error ? wordsOf.get(error) : undefined;
  if (words === undefined) return error;
  const Coded = (error as Error).constructor as new (message: string) => Error;
  return refusal(Coded, (at) => words((path) => reword(path, at)));
}

/**
 * `error` as told by a caller whose own input holds the function's input at `base`: every field it
 * names becomes `<base>.<path>` ("body" → `body.outputs[0].address`). Any other error is returned as it is.
 */
export function fieldsUnder(base: string, error: unknown): unknown {
  const words = error instanceof Error ? wordsOf.get(error) : undefined;
  if (words === undefined) return error;
  const Coded = (error as Error).constructor as new (message: string) => Error;
  return refusal(Coded, (at) => words((path) => at(`${base}.${path}`)));
}
