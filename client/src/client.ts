// createClient: one method per operation of the OpenAPI document, named by its operationId and
// typed from the generated schema (./schema.ts): the path and query parameters, the JSON body and
// the success answer. Nothing here names an operation: a new route is a new method once the
// schema is regenerated.
import { ApiError, retryAfterSeconds } from "./errors.js";
import { DEFAULT_RETRY, delayBeforeRetry, retryOptions, type RetryOptions } from "./retry.js";
import { OPERATIONS, type operations } from "./schema.js";

/** An operation's name: its operationId in the OpenAPI document. */
export type OperationId = keyof operations;

type Parameters_<K extends OperationId> = operations[K]["parameters"];
type Empty = Record<never, never>;

type PathPart<P> = P extends { path: infer V } ? ([V] extends [never] ? Empty : { path: V }) : Empty;
type QueryPart<P> = P extends { query: infer V }
  ? [V] extends [never]
    ? Empty
    : { query: V }
  : P extends { query?: infer V }
    ? [Exclude<V, undefined>] extends [never]
      ? Empty
      : { query?: Exclude<V, undefined> }
    : Empty;
type BodyPart<O> = O extends { requestBody: { content: { "application/json": infer B } } }
  ? { body: B }
  : O extends { requestBody?: { content: { "application/json": infer B } } }
    ? [B] extends [never]
      ? Empty
      : { body?: B }
    : Empty;

/** What an operation takes: `path` and `query` parameters and the JSON `body`, each present when the operation has it. */
export type InputOf<K extends OperationId> = PathPart<Parameters_<K>> &
  QueryPart<Parameters_<K>> &
  BodyPart<operations[K]>;

type JsonOf<R> = R extends { content: { "application/json": infer J } } ? J : undefined;
type SuccessStatus = 200 | 201 | 202 | 203 | 204;

/** What an operation answers on success (its 2xx JSON body). */
export type OutputOf<K extends OperationId> = {
  [S in keyof operations[K]["responses"] & SuccessStatus]: JsonOf<operations[K]["responses"][S]>;
}[keyof operations[K]["responses"] & SuccessStatus];

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Extra request headers (e.g. X-Request-Id, to find the call in the service's log). */
  headers?: Record<string, string>;
  /** This call's retry options over the client's; false: a single attempt. */
  retry?: Partial<RetryOptions> | false;
}

type Arguments<K extends OperationId> =
  Empty extends InputOf<K> ? [input?: InputOf<K>, options?: CallOptions] : [input: InputOf<K>, options?: CallOptions];

/** One method per operationId. */
export type OperationMethods = { [K in OperationId]: (...args: Arguments<K>) => Promise<OutputOf<K>> };

export interface Client extends OperationMethods {
  /** Calls an operation by name: `client.call("getTournament", { path: { tournamentId } })` is `client.getTournament(…)`. */
  call<K extends OperationId>(operationId: K, ...args: Arguments<K>): Promise<OutputOf<K>>;
  /** The service's origin the client calls (baseUrl without a trailing /v2/services). */
  readonly baseUrl: string;
}

export interface ClientOptions {
  /** The service's origin, e.g. http://127.0.0.1:3000 (a trailing /v2/services is accepted too). */
  baseUrl: string;
  /** Sent as X-Api-Key on every call (optional on the devnet). */
  apiKey?: string;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** Retry options (see RetryOptions); false: never retry. */
  retry?: Partial<RetryOptions> | false;
}

/**
 * Operations that are safe to send again when an answer is lost or the backend is away (503, a
 * network error): reads, and the two submits (a transaction the ledger already has answers 200
 * with its hash, docs/errors.md). A 429 is retried for every operation: the service refused the
 * request before doing anything.
 */
const REPEATABLE: ReadonlySet<string> = new Set(["submitTransaction", "submitTournamentTransaction"]);
const isRepeatable = (operationId: string, method: string): boolean =>
  method === "get" || method === "head" || REPEATABLE.has(operationId);

const BASE_PATH = "/v2/services";

export function createClient(options: ClientOptions): Client {
  const origin = options.baseUrl.replace(/\/+$/, "").replace(new RegExp(`${BASE_PATH}$`), "");
  if (!/^https?:\/\//.test(origin))
    throw new TypeError(`createClient: baseUrl must be an http(s) URL, not ${JSON.stringify(options.baseUrl)}`);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const retry = retryOptions(DEFAULT_RETRY, options.retry);

  async function call(
    operationId: OperationId,
    input: { path?: object; query?: object; body?: unknown } = {},
    callOptions: CallOptions = {},
  ): Promise<unknown> {
    const operation = OPERATIONS[operationId] as { method: string; path: string } | undefined;
    if (!operation) throw new TypeError(`createClient: unknown operation ${String(operationId)}`);
    const url = urlOf(origin, operation.path, input.path, input.query);
    const headers: Record<string, string> = { accept: "application/json", ...callOptions.headers };
    if (options.apiKey !== undefined) headers["x-api-key"] = options.apiKey;
    if (input.body !== undefined) headers["content-type"] = "application/json";
    const init: RequestInit = { method: operation.method.toUpperCase(), headers };
    if (input.body !== undefined) init.body = JSON.stringify(input.body);
    if (callOptions.signal) init.signal = callOptions.signal;
    const policy = retryOptions(retry, callOptions.retry);
    const repeatable = isRepeatable(operationId, operation.method);

    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetchImpl(url, init);
      } catch (error) {
        if (callOptions.signal?.aborted || !repeatable || attempt >= policy.attempts) throw error;
        await policy.sleep(delayBeforeRetry(attempt - 1, undefined, policy)!, callOptions.signal);
        continue;
      }
      const body = await bodyOf(response);
      if (response.ok) return body;
      const retriable = response.status === 429 || (response.status === 503 && repeatable);
      const delay =
        retriable && attempt < policy.attempts
          ? delayBeforeRetry(attempt - 1, retryAfterSeconds(response.headers.get("retry-after")), policy)
          : undefined;
      if (delay === undefined)
        throw new ApiError(response.status, body, response.headers, {
          operationId,
          method: init.method!,
          url,
          attempts: attempt,
        });
      await policy.sleep(delay, callOptions.signal);
    }
  }

  const client: Record<string, unknown> = {
    baseUrl: origin,
    call: (operationId: OperationId, input?: object, callOptions?: CallOptions) =>
      call(operationId, input, callOptions),
  };
  for (const operationId of Object.keys(OPERATIONS) as OperationId[]) {
    client[operationId] = (input?: object, callOptions?: CallOptions) => call(operationId, input, callOptions);
  }
  return client as unknown as Client;
}

/** The URL of `template` (…/{name}…) with its path parameters encoded and the defined query parameters appended. */
function urlOf(origin: string, template: string, path: object = {}, query: object = {}): string {
  const values = path as Record<string, unknown>;
  const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new TypeError(`path parameter ${name} is missing for ${template}`);
    return encodeURIComponent(String(value as string | number));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value])
      search.append(name, String(one as string | number | boolean));
  }
  const text = search.toString();
  return `${origin}${filled}${text ? `?${text}` : ""}`;
}

/** The answer's JSON, or its text when it is not JSON (a proxy's error page), or undefined when empty. */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
