// The one error type of an answer that is not a success: ApiError, carrying the service's error
// body (docs/errors.md: statusCode, error, code, message, requestId, detail) as typed fields.
import type { components } from "./schema.js";

/** The service's error body (the ErrorBody schema). */
export type ErrorBody = components["schemas"]["ErrorBody"];

/** One of the stable error codes of docs/errors.md: branch on it, not on the message. */
export type ErrorCode = ErrorBody["code"];

/** What a failed call was. */
export interface ApiErrorContext {
  readonly operationId: string;
  readonly method: string;
  readonly url: string;
  /** How many times the request was sent (retries included). */
  readonly attempts: number;
}

/**
 * A non-2xx answer. `code`, `requestId` and `detail` come from the error body; `code` is
 * undefined only for the few answers that are not an ErrorBody (health's own 503, a 503 that
 * Fastify sends while shutting down, or a proxy's page).
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: ErrorCode | undefined;
  /** The request's id: the body's `requestId`, else the X-Request-Id header. Quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** The backend's own words behind `message` (a ledger refusal), when the message translates them. */
  readonly detail: string | undefined;
  /** Seconds the Retry-After header asked to wait, when there was one. */
  readonly retryAfter: number | undefined;
  /** The parsed answer body (JSON), or its text when it was not JSON. */
  readonly body: unknown;
  readonly operationId: string;
  readonly method: string;
  readonly url: string;
  readonly attempts: number;

  constructor(status: number, body: unknown, headers: Headers, context: ApiErrorContext) {
    const fields = isObject(body) ? body : {};
    const message =
      typeof fields["message"] === "string"
        ? fields["message"]
        : `HTTP ${status}${typeof body === "string" && body ? `: ${body.slice(0, 200)}` : ""}`;
    super(`${context.operationId}: ${message}`);
    this.status = status;
    this.code = typeof fields["code"] === "string" ? (fields["code"] as ErrorCode) : undefined;
    this.requestId =
      typeof fields["requestId"] === "string" ? fields["requestId"] : (headers.get("x-request-id") ?? undefined);
    this.detail = typeof fields["detail"] === "string" ? fields["detail"] : undefined;
    this.retryAfter = retryAfterSeconds(headers.get("retry-after"));
    this.body = body;
    this.operationId = context.operationId;
    this.method = context.method;
    this.url = context.url;
    this.attempts = context.attempts;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Retry-After as seconds (its delta-seconds form, or an HTTP date from now); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
