// A small HTTP client for the Blockfrost API, typed by @blockfrost/openapi. Written on fetch
// rather than @blockfrost/blockfrost-js because that client hides the Retry-After header, has no
// per-call abort and adds its own retries and limiter on top of ours (see ../resilience).
// It turns every failure into a BackendError (or a BadRequestError / LedgerRejectedError when the
// caller says what a 400 means), never a bare fetch error.
import type { TokenBucket } from "../resilience/rate-limiter.js";
import { BackendError, fromFetchError, retryAfterMs } from "../resilience/backend-error.js";
import { BackendUrl } from "../shared/backend-url.js";

export const BACKEND = "blockfrost";

/** Blockfrost's error body: {status_code, error, message}. */
interface ErrorBody {
  readonly status_code?: number;
  readonly error?: string;
  readonly message?: string;
}

export interface BlockfrostClientOptions {
  readonly baseUrl: string;
  readonly projectId: string;
  /** The Authorization header to send (BLOCKFROST_AUTHORIZATION), for a Blockfrost-compatible server behind one. */
  readonly authorization?: string;
  /** Abort one HTTP request after this long. */
  readonly requestTimeoutMs: number;
  /** Shared with the resilience wrapper: one token per HTTP request. */
  readonly limiter?: TokenBucket;
}

export interface BlockfrostResponse {
  readonly status: number;
  readonly body: unknown;
}

export type BadRequestHandler = (message: string) => Error;

export class BlockfrostClient {
  readonly #url: BackendUrl;

  constructor(private readonly options: BlockfrostClientOptions) {
    this.#url = new BackendUrl(options.baseUrl);
  }

  async get<T>(path: string, notFound?: T): Promise<T> {
    const { status, body } = await this.request("GET", path, undefined, undefined, notFound === undefined ? [] : [404]);
    return (status === 404 ? notFound : body) as T;
  }

  async post<T>(
    path: string,
    body: string | Uint8Array,
    contentType: string,
    onBadRequest?: BadRequestHandler,
  ): Promise<T> {
    return (await this.request("POST", path, body, contentType, [], onBadRequest)).body as T;
  }

  async request(
    method: string,
    path: string,
    body: string | Uint8Array | undefined,
    contentType: string | undefined,
    accepted: readonly number[],
    onBadRequest?: BadRequestHandler,
  ): Promise<BlockfrostResponse> {
    const what = `${method} ${path.split("?")[0]}`;
    if (this.options.limiter && !(await this.options.limiter.take(this.options.requestTimeoutMs))) {
      throw new BackendError(
        BACKEND,
        "throttled",
        `${what}: the Blockfrost rate limit (requests per second) is reached`,
        { sent: false },
      );
    }
    const headers: Record<string, string> = { project_id: this.options.projectId, accept: "application/json" };
    if (this.options.authorization !== undefined) headers["authorization"] = this.options.authorization;
    if (contentType !== undefined) headers["content-type"] = contentType;
    let response: Response;
    try {
      response = await fetch(this.#url.of(path), {
        method,
        headers,
        body: body ?? null,
        signal: AbortSignal.timeout(this.options.requestTimeoutMs),
      });
    } catch (error) {
      throw fromFetchError(BACKEND, what, error);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw fromFetchError(BACKEND, what, error);
    }
    let parsed: unknown;
    try {
      parsed = text.length === 0 ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (response.ok || accepted.includes(response.status)) {
      if (response.ok && parsed === undefined) {
        throw new BackendError(BACKEND, "server", `${what}: the answer is not JSON`, { status: response.status });
      }
      return { status: response.status, body: parsed };
    }
    throw this.#failure(what, response, parsed as ErrorBody | undefined, text, onBadRequest);
  }

  #failure(
    what: string,
    response: Response,
    body: ErrorBody | undefined,
    text: string,
    onBadRequest?: BadRequestHandler,
  ): Error {
    const status = response.status;
    const detail =
      (typeof body?.message === "string" ? body.message : text.trim().slice(0, 300)) || response.statusText;
    if (status === 400 && onBadRequest) return onBadRequest(detail);
    const retryAfter = retryAfterMs(response.headers.get("retry-after"));
    const details = { status, ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }) };
    switch (true) {
      case status === 429:
        return new BackendError(
          BACKEND,
          "throttled",
          `${what}: Blockfrost answered 429 (too many requests): ${detail}`,
          details,
        );
      case status === 425:
        return new BackendError(
          BACKEND,
          "throttled",
          `${what}: Blockfrost answered 425 (mempool full): ${detail}`,
          details,
        );
      case status === 402:
        return new BackendError(
          BACKEND,
          "refused",
          `${what}: the Blockfrost project's daily request quota is used up (402): ${detail}`,
          details,
        );
      case status === 403:
        return new BackendError(
          BACKEND,
          "refused",
          `${what}: Blockfrost refused the project id (403): ${detail}`,
          details,
        );
      case status === 418:
        return new BackendError(
          BACKEND,
          "refused",
          `${what}: Blockfrost has banned this client for flooding it (418): ${detail}`,
          details,
        );
      case status >= 500:
        return new BackendError(BACKEND, "server", `${what}: Blockfrost answered ${status}: ${detail}`, details);
      default:
        return new BackendError(BACKEND, "refused", `${what}: Blockfrost answered ${status}: ${detail}`, details);
    }
  }
}
