// The typed client of the Cardano transaction service: createClient (one typed method per
// operationId), ApiError, the retry policy, signAndSubmit, and verifyWebhook (a webhook delivery's signature). See client/README.md.
export {
  createClient,
  type CallOptions,
  type Client,
  type ClientOptions,
  type InputOf,
  type OperationId,
  type OutputOf,
} from "./client.js";
export { ApiError, retryAfterSeconds, type ApiErrorContext, type ErrorBody, type ErrorCode } from "./errors.js";
export { DEFAULT_RETRY, backoffMs, delayBeforeRetry, type RetryOptions } from "./retry.js";
export {
  cliKeyHex,
  keyWallet,
  signAndSubmit,
  waitFor,
  witnessSet,
  type Cip30Signer,
  type KeyWallet,
  type PrivateKey,
  type SignAndSubmitOptions,
  type Signer,
  type Submitted,
} from "./sign.js";
export { verifyWebhook } from "./webhooks.js";
export type { components, operations, paths } from "./schema.js";

/** A schema of the OpenAPI document by name: `Schema<"ErrorBody">`. */
export type Schema<Name extends keyof import("./schema.js").components["schemas"]> =
  import("./schema.js").components["schemas"][Name];
