// One pagination convention for every list under BASE_PATH (the tournaments, a tournament's
// registrations, the blueprints, the UTxOs at an address): the query takes `limit` (1 to 100) and
// `cursor` (the previous answer's, as it is: opaque), and the answer carries `cursor`, the next
// page's, or null on the last page. The names the hosted API and our docs promised before stay as
// aliases: `pageState` for `cursor` (tournaments, blueprints; the answers keep their `pageState`,
// absent on the last page), and `page` for a registrations page (numbered from 1: there a cursor is
// a page number). Unknown query parameters are refused everywhere (plugins/unknown-field-guard.ts).
import { Type } from "typebox";
import { BadRequestError, fieldsReworded, refusal } from "../errors.js";

/** The most a page holds. */
export const MAX_PAGE_LIMIT = 100;

/** The one paragraph that every list's description ends with. */
export const PAGINATION_NOTE =
  ` Pages: \`limit\` (1 to ${MAX_PAGE_LIMIT}) results per page; pass the answer's \`cursor\` back as \`cursor\` for the next page, ` +
  "until it is null (the last page). Unknown query parameters are a 400 SVC_ERR_UNKNOWN_FIELD.";

/** The `limit` query parameter: `whenAbsent` says what an absent limit gives. */
export const Limit = (noun: string, whenAbsent: string) =>
  Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE_LIMIT,
      description: `${noun} per page, 1 to ${MAX_PAGE_LIMIT}; ${whenAbsent} when absent.`,
      examples: [20],
    }),
  );

/** The `cursor` query parameter (`pattern` for a list whose cursors have a form of their own). */
export const Cursor = (description = "", options: { pattern?: string } = {}) =>
  Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      ...options,
      description: `The \`cursor\` of the previous page's answer, as it is; the first page when absent.${description}`,
    }),
  );

/** The hosted API's `pageState`: an alias of `cursor`. */
export const PageStateAlias = Type.Optional(
  Type.String({ minLength: 1, maxLength: 200, description: "Same as cursor (the hosted API's name for it)." }),
);

/** The `cursor` of an answer. */
export const NextCursor = Type.Union([Type.String(), Type.Null()], {
  description: "Pass it back as the query's `cursor` for the next page; null on the last page.",
});

/** The cursor a query names, by `cursor` or its alias `alias`; two different values are a 400. */
export function cursorOf<Q extends { readonly cursor?: string | undefined }, A extends string & keyof Q>(
  query: Q,
  alias: A,
): string | undefined {
  const other = query[alias] as string | undefined;
  if (other !== undefined && query.cursor !== undefined && other !== query.cursor) {
    throw refusal(
      BadRequestError,
      (at) => `${at(alias)} and ${at("cursor")} are the same parameter: send one of them.`,
    );
  }
  return query.cursor ?? other;
}

/**
 * Runs `call`, whose domain names the cursor `alias` (the tournaments' and blueprints' pageState):
 * when the query sent it as `cursor`, the errors name `cursor`, the parameter the client wrote.
 */
export async function cursorAsSent<T>(
  query: { readonly cursor?: string | undefined },
  alias: string,
  call: () => T | Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (query.cursor === undefined) throw error;
    throw fieldsReworded(error, (path, at) => at(path === alias ? "cursor" : path));
  }
}

const UTXO_PREFIX = "u1:";

/** An output reference `<tx hash>#<index>` as an opaque cursor. */
export const encodeOutputCursor = (ref: string): string =>
  Buffer.from(`${UTXO_PREFIX}${ref}`, "utf8").toString("base64url");

/** The output reference of a cursor encodeOutputCursor made; a 400 naming `field` otherwise. */
export function decodeOutputCursor(cursor: string, field: string): string {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const ref = text.startsWith(UTXO_PREFIX) ? text.slice(UTXO_PREFIX.length) : "";
  if (!/^[0-9a-f]{64}#\d{1,5}$/.test(ref))
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} is not a cursor this service returned: pass the previous answer's cursor as it is.`,
    );
  return ref;
}
