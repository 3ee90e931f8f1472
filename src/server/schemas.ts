// TypeBox schemas shared by several routes, and the HTTP-boundary codecs (amounts).
// Route-specific schemas live beside their routes.
import { Type, type TObject, type TSchema } from "typebox";
import { STATUS_CODES } from "node:http";
import { ERROR_CODE_LIST, ERROR_CODES, THROTTLED_MESSAGE, type ErrorCode } from "../errors.js";

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer({ description: "The HTTP status code." }),
    error: Type.String({ description: "The HTTP reason phrase." }),
    code: Type.Enum(ERROR_CODE_LIST, {
      type: "string",
      description:
        "What went wrong, as a stable machine-readable code for clients to act on; docs/errors.md says when each happens and what to do.",
    }),
    message: Type.String({ description: "What went wrong, naming the field and the reason." }),
    detail: Type.Optional(
      Type.String({
        description:
          "The backend's own words behind `message`, when the message translates them: a ledger refusal (CHAIN_ERR_LEDGER_REJECTED, or the evaluator's refusal at build) keeps the ledger's text here. Absent otherwise.",
        examples: [
          'Transaction "14d2…dcce" is outside the validity interval ValidityInterval(Some(5),Some(25)) for slot 65',
        ],
      }),
    ),
    requestId: Type.String({
      description:
        "The id of the request (also in the X-Request-Id header of every answer): the client's own X-Request-Id when it sent a sane one (1 to 128 letters, digits, `-_.:`), otherwise a new UUID. Quote it when reporting a problem: the service's log lines carry it.",
      examples: ["5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10"],
    }),
  },
  { $id: "ErrorBody", description: "Every error answer has this shape." },
);

/** ` Codes: `A`, `B`.`: the registry's codes answered with `status`. */
function codesOf(status: number): string {
  return ` Codes: ${ERROR_CODE_LIST.filter((code) => ERROR_CODES[code] === status)
    .map((code) => `\`${code}\``)
    .join(", ")}.`;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: `Bad input: the message names the field and why.${codesOf(400)}`,
  401: `Missing, unknown, revoked or wrong-network API key.${codesOf(401)}`,
  404: `Not found.${codesOf(404)}`,
  413: `The request body is larger than the service accepts.${codesOf(413)}`,
  409: `The request conflicts with what exists: the message says what to do.${codesOf(409)}`,
  415: `The request body is not JSON: send Content-Type: application/json.${codesOf(415)}`,
  422: `Well-formed input that the ledger or a contract rule refuses; the message says why.${codesOf(422)}`,
  429: `Throttled, please try again later. The Retry-After header says when.${codesOf(429)}`,
  503: `The chain backend is unreachable or not configured, or the key store cannot serve the request right now (retry later).${codesOf(503)}`,
};

/** The 503 of a route that answers one only when its API key cannot be checked (errorResponses adds it to every keyed route). */
const KEY_STORE_DESCRIPTION =
  "The key store (the API keys and their quotas: the database, or the rate limiter's Redis) cannot serve the request " +
  `right now: retry later, after Retry-After seconds when the answer has that header.${codesOf(503)}`;

/** What every keyed route answers while its key store is down (a fleet's PostgreSQL, here, is unreachable). */
const KEY_STORE_DOWN: ErrorExample = {
  code: "STORE_ERR_UNAVAILABLE",
  message: "The database (PostgreSQL) cannot be reached: connect ECONNREFUSED 10.0.0.5:5432. Retry later.",
};

/** An example error answer: its code and a message the service really says (and the ledger's own words, when it has them). */
export interface ErrorExample {
  code: ErrorCode;
  message: string;
  detail?: string;
}

/** Examples of a route's own error answers, by status (a status given here is documented too). */
export type ErrorExamples = Partial<Record<number, ErrorExample>>;

/** What the service answers for each status when a route gives no example of its own. */
const DEFAULT_ERROR_EXAMPLES: Record<number, ErrorExample> = {
  400: { code: "SVC_ERR_VALIDATION", message: "The request body is empty: send a JSON object." },
  401: {
    code: "AUTH_ERR_UNAUTHORIZED",
    message: "An API key is required: send it in the X-Api-Key header (this service serves preprod).",
  },
  404: { code: "SVC_ERR_NOT_FOUND", message: "Not found." },
  413: { code: "HTTP_ERR_BODY_TOO_LARGE", message: "The request body is larger than this service accepts." },
  415: {
    code: "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE",
    message: "The request body must be JSON: send the header Content-Type: application/json.",
  },
  422: {
    code: "CHAIN_ERR_LEDGER_REJECTED",
    message: "The ledger rejected the transaction: a required signature is missing.",
  },
  429: { code: "AUTH_ERR_THROTTLED", message: THROTTLED_MESSAGE },
  503: {
    code: "CHAIN_ERR_UNAVAILABLE",
    message:
      "No chain backend is configured for preprod: set BLOCKFROST_PROJECT_ID, or OGMIOS_URL and KUPO_URL, and restart.",
  },
};

/** An ErrorBody as the service sends it, for an OpenAPI example. */
export const errorExample = (status: number, { code, message, detail }: ErrorExample) => ({
  statusCode: status,
  error: STATUS_CODES[status] ?? "Error",
  code,
  message,
  ...(detail !== undefined && { detail }),
  requestId: "5b0c4a52-6b0e-4c39-9d0e-2f6f1c7e9a10",
});

/**
 * Error responses for a route's schema, so that OpenAPI documents every error it can answer:
 * 400, 401, 413, 415, 429 and 503 always (bad input, keys, body size, media type, quotas, the key
 * store down), plus `codes` (a status, or examples by status: the route's own messages, documenting
 * those statuses too). Each response carries an example body: the route's own, else a default of
 * the status; a 503 also the key store's (a route that lists 503 answers it for its own reasons too).
 */
export function errorResponses(...codes: (number | ErrorExamples)[]): Record<number, TSchema> {
  const examples = Object.assign(
    {},
    ...codes.filter((c): c is ErrorExamples => typeof c === "object"),
  ) as ErrorExamples;
  const own = new Set([
    ...codes.filter((c): c is number => typeof c === "number"),
    ...Object.keys(examples).map(Number),
  ]);
  const all = new Set([400, 401, 413, 415, 429, 503, ...own]);
  return Object.fromEntries(
    [...all]
      .sort((a, b) => a - b)
      .map((status) => {
        const keyStoreOnly = status === 503 && !own.has(503);
        const example = keyStoreOnly ? undefined : (examples[status] ?? DEFAULT_ERROR_EXAMPLES[status]);
        const list = [example, status === 503 ? KEY_STORE_DOWN : undefined].filter((e) => e !== undefined);
        const options = {
          description: keyStoreOnly ? KEY_STORE_DESCRIPTION : (ERROR_DESCRIPTIONS[status] ?? "Error."),
          ...(list.length > 0 && { examples: list.map((e) => errorExample(status, e)) }),
        };
        return [status, Type.Ref("ErrorBody", options)];
      }),
  );
}

/** `schema` with OpenAPI examples, in a copy: a schema shared by several routes keeps each route's own. */
export const withExamples = <T extends TSchema>(schema: T, ...examples: unknown[]): T => ({ ...schema, examples }) as T;

/**
 * An object schema of path or query parameters with an example for some of them, in a copy (OpenAPI
 * lists parameters one by one, so each needs its own; the docs page pre-fills them).
 */
export function withParamExamples<T extends TObject>(
  schema: T,
  examples: { [K in keyof T["properties"]]?: unknown },
): T {
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, property]) => [
      name,
      name in examples ? { ...property, examples: [examples[name]] } : property,
    ]),
  );
  return { ...schema, properties } as T;
}

export const Hex = (description: string, options: { minLength?: number; maxLength?: number } = {}) =>
  Type.String({ pattern: "^([0-9a-fA-F]{2})*$", description, ...options });

export const Hash28 = (description: string) => Type.String({ pattern: "^[0-9a-fA-F]{56}$", description });
export const Hash32 = (description: string) => Type.String({ pattern: "^[0-9a-fA-F]{64}$", description });

/** Amounts: a safe non-negative integer, or a string of decimal digits with optional `_` separators. */
export const Amount = (description: string) =>
  Type.Union(
    [
      Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
      Type.String({ pattern: "^[0-9]+(_[0-9]+)*$", maxLength: 40 }),
    ],
    {
      description: `${description} A non-negative safe integer, or a decimal string such as "5_000_000".`,
    },
  );

/** Signed amounts (mint quantities: a negative value burns). */
export const SignedAmount = (description: string) =>
  Type.Union(
    [
      Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
      Type.String({ pattern: "^-?[0-9]+(_[0-9]+)*$", maxLength: 41 }),
    ],
    { description: `${description} A safe integer, or a decimal string such as "-1_000".` },
  );

/**
 * Rewrites a JSON schema (deeply, in a copy) from draft-07 forms that TypeBox and Ajv use to
 * JSON Schema 2020-12, OpenAPI 3.1's dialect: a tuple's `items: [...]` + `additionalItems`
 * becomes `prefixItems` + `items`. Used on the OpenAPI document only; validation keeps Ajv's forms.
 */
export function toJsonSchema2020<T>(node: T): T {
  if (Array.isArray(node)) return (node as unknown[]).map((item) => toJsonSchema2020(item)) as T;
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = toJsonSchema2020(value);
  if (Array.isArray(out["items"])) {
    out["prefixItems"] = out["items"];
    if ("additionalItems" in out) out["items"] = out["additionalItems"];
    else delete out["items"];
    delete out["additionalItems"];
  }
  return out as T;
}
