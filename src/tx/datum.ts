// Datums of outputs: Plutus data given as CBOR hex or as detailed-schema JSON, normalized to CBOR.
import { decodeUplcData } from "@helios-lang/uplc";
import { fromJsonToPlutusData } from "@meshsdk/core-cst";
import { requireCborWithinLimits } from "../cardano/cbor-limits.js";
import { BadRequestError, refusal } from "../errors.js";
import type { DatumRequest, PlannedDatum } from "./request.js";
import { plutusDataOf, scriptOf, type ScriptBook } from "./scripts.js";

/** Detailed-schema JSON Plutus data (`{constructor, fields}`, `{int}`, `{bytes}`, `{list}`, `{map}`) → CBOR hex; `field` is its path in the request. */
export function plutusJsonToCbor(value: object, field: string): string {
  try {
    return fromJsonToPlutusData(
      JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v))) as object,
    ).toCbor();
  } catch (error) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} is not Plutus data in the detailed JSON schema ({"constructor":0,"fields":[...]}, {"int":1}, {"bytes":"<hex>"}, {"list":[...]}, {"map":[{"k":...,"v":...}]}): ${(error as Error).message}`,
    );
  }
}

/**
 * Validates CBOR hex Plutus data and returns it lowercased. The CBOR limits are checked first;
 * Helios decodes the data (in time linear in its size: cardano-sdk's decoder took seconds for a
 * list of a hundred nested constructors, within the limits).
 */
export function plutusCbor(hex: string, field: string): string {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex))
    throw refusal(BadRequestError, (at) => `${at(field)} is not hex-encoded CBOR.`);
  requireCborWithinLimits(hex, field, "Plutus data CBOR");
  try {
    decodeUplcData(Buffer.from(hex, "hex"));
  } catch (error) {
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} does not decode as Plutus data CBOR: ${(error as Error).message}`,
    );
  }
  return hex.toLowerCase();
}

/**
 * An output's inline or hashed datum: CBOR hex, detailed-schema JSON, or, with `shape`, JSON of
 * the schema of the validator it names (a blueprint of the caller's or of preloadedScripts).
 */
export function planDatum(
  datum: Exclude<DatumRequest, { type: "script" }>,
  field: string,
  book: ScriptBook,
): PlannedDatum {
  const { value, shape } = datum;
  let cbor: string;
  if (shape !== undefined) {
    const script = scriptOf(book, shape.validatorHash, `${field}.shape.validatorHash`);
    cbor = plutusDataOf(script, shape.purpose, "datum", value, `${field}.value`);
  } else if (typeof value === "string") cbor = plutusCbor(value, `${field}.value`);
  else if (typeof value === "object" && value !== null) cbor = plutusJsonToCbor(value, `${field}.value`);
  else {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(`${field}.value`)} must be Plutus data as CBOR hex or detailed-schema JSON, or JSON of a blueprint's schema together with ${at(`${field}.shape`)}.`,
    );
  }
  return { kind: datum.type, cbor };
}
