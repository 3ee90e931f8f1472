// The one place a route says where its domain input comes from. The domain and the codecs name a
// field by its path in their own input ("outputs[0].address", src/errors.ts refusal); a handler
// hands them one part of the request, so its answers name the field's path in the request
// ("body.outputs[0].address"), as the schema's validation errors do.
import { fieldsUnder } from "../../errors.js";

/** The part of the request a domain call takes as its input. */
export type RequestPart = "body" | "querystring" | "params";

/**
 * How answers name each part: a query parameter is `query.cursor`, as the schema's validation errors
 * (plugins/errors.ts) and docs/errors.md name it, not Fastify's `querystring`.
 */
const PART_NAMES: Record<RequestPart, string> = { body: "body", querystring: "query", params: "params" };

/** Runs `call`, whose input is the request's `part`: the fields its errors name become `<part>.<path>` (`query.<path>`). */
export async function within<T>(part: RequestPart, call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw fieldsUnder(PART_NAMES[part], error);
  }
}
