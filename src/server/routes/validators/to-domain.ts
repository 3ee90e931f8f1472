// The validator endpoints' typed requests → the blueprint library's inputs (src/blueprints/library.ts):
// the script hash and a stake part branded once, here, and the Plutus data's hex taken from either
// of its forms. Errors name the request's fields by their path in it.
import type { DataInput } from "../../../blueprints/library.js";
import { parseKeyHash, parseScriptHash, type KeyHash, type ScriptHash } from "../../../cardano/brands.js";
import { BadRequestError, refusal } from "../../../errors.js";
import type { AddressQuery, ParseBody, SerializeBody, ValidatorParams } from "./schemas.js";

/** The validator a path names, by its script hash. */
export const validatorHashOf = (params: ValidatorParams): ScriptHash => parseScriptHash(params.hash);

/** The stake part of a script's address: a key's or a script's credential. */
export type StakePart =
  { readonly hash: KeyHash; readonly isScript: false } | { readonly hash: ScriptHash; readonly isScript: true };

/** The stake part the query asks for (none: the enterprise address); both kinds at once is a 400. */
export function stakePartOf(query: AddressQuery): StakePart | undefined {
  const { stakeKeyHash, stakeScriptHash } = query;
  if (stakeKeyHash !== undefined && stakeScriptHash !== undefined) {
    throw refusal(
      BadRequestError,
      (at) => `${at("stakeKeyHash")} and ${at("stakeScriptHash")} are two stake parts: send one of them.`,
    );
  }
  if (stakeKeyHash !== undefined) return { hash: parseKeyHash(stakeKeyHash), isScript: false };
  if (stakeScriptHash !== undefined) return { hash: parseScriptHash(stakeScriptHash), isScript: true };
  return undefined;
}

/** What to serialize: which schema of the validator, and the JSON by it. */
export const serializeInput = ({ type, purpose, data }: SerializeBody): DataInput & { readonly data: unknown } => ({
  type,
  ...(purpose !== undefined && { purpose }),
  data,
});

/** What to parse: which schema, the Plutus data's hex, and the field that held it (for the 400s). */
export function parseInput({ type, purpose, data }: ParseBody): {
  readonly input: DataInput & { readonly hex: string };
  readonly hexField: "data" | "data.hex";
} {
  const hex = typeof data === "string" ? data : data.hex;
  return {
    input: { type, ...(purpose !== undefined && { purpose }), hex },
    hexField: typeof data === "string" ? "data" : "data.hex",
  };
}
