// TypeBox schemas shared by several routes, and the HTTP-boundary codecs (amounts).
// Route-specific schemas live beside their routes.
import { Type, type TSchema } from "typebox";
import { ERROR_CODE_LIST, ERROR_CODES } from "../errors.js";

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer({ description: "The HTTP status code." }),
    error: Type.String({ description: "The HTTP reason phrase." }),
    code: Type.Enum(ERROR_CODE_LIST, {
      type: "string",
      description: "What went wrong, as a stable machine-readable code for clients to act on; docs/errors.md says when each happens and what to do.",
    }),
    message: Type.String({ description: "What went wrong, naming the field and the reason." }),
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
  415: `The request body is not JSON: send Content-Type: application/json.${codesOf(415)}`,
  422: `Well-formed input that the ledger or a contract rule refuses; the message says why.${codesOf(422)}`,
  429: `Throttled, please try again later. The Retry-After header says when.${codesOf(429)}`,
  503: `The chain backend is unreachable or not configured.${codesOf(503)}`,
};

/**
 * Error responses for a route's schema, so that OpenAPI documents every error it can answer:
 * 400, 401, 413, 415 and 429 always (bad input, keys, body size, media type, quotas), plus `codes`.
 */
export function errorResponses(...codes: number[]): Record<number, TSchema> {
  const all = new Set([400, 401, 413, 415, 429, ...codes]);
  return Object.fromEntries(
    [...all].sort((a, b) => a - b).map((code) => [code, Type.Ref("ErrorBody", { description: ERROR_DESCRIPTIONS[code] ?? "Error." })]),
  );
}

export const Hex = (description: string, options: { minLength?: number; maxLength?: number } = {}) =>
  Type.String({ pattern: "^([0-9a-fA-F]{2})*$", description, ...options });

export const Hash28 = (description: string) => Type.String({ pattern: "^[0-9a-fA-F]{56}$", description });
export const Hash32 = (description: string) => Type.String({ pattern: "^[0-9a-fA-F]{64}$", description });

/** Amounts: a safe non-negative integer, or a string of decimal digits with optional `_` separators. */
export const Amount = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), Type.String({ pattern: "^[0-9]+(_[0-9]+)*$", maxLength: 40 })], {
    description: `${description} A non-negative safe integer, or a decimal string such as "5_000_000".`,
  });

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
  if (Array.isArray(node)) return node.map((item) => toJsonSchema2020(item)) as T;
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
