// The one place a route says where its domain input comes from. The domain and the codecs name a
// field by its path in their own input ("outputs[0].address", src/errors.ts refusal); a handler
// hands them one part of the request, so its answers name the field's path in the request
// ("body.outputs[0].address"), as the schema's validation errors do.
import { fieldsUnder } from "../../errors.js";

/** The part of the request a domain call takes as its input. */
export type RequestPart = "body" | "querystring" | "params";

/** Runs `call`, whose input is the request's `part`: the fields its errors name become `<part>.<path>`. */
export async function within<T>(part: RequestPart, call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw fieldsUnder(part, error);
  }
}
