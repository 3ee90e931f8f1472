// Datums of outputs: Plutus data given as CBOR hex or as detailed-schema JSON, normalized to CBOR.
import { deserializePlutusData, fromJsonToPlutusData } from "@meshsdk/core-cst";
import { BadRequestError, refusal } from "../errors.js";
import type { DatumRequest, PlannedDatum } from "./request.js";

/** Detailed-schema JSON Plutus data (`{constructor, fields}`, `{int}`, `{bytes}`, `{list}`, `{map}`) → CBOR hex; `field` is its path in the request. */
export function plutusJsonToCbor(value: object, field: string): string {
  try {
    return fromJsonToPlutusData(JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v))) as object).toCbor();
  } catch (error) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} is not Plutus data in the detailed JSON schema ({"constructor":0,"fields":[...]}, {"int":1}, {"bytes":"<hex>"}, {"list":[...]}, {"map":[{"k":...,"v":...}]}): ${(error as Error).message}`,
    );
  }
}

/** Validates CBOR hex Plutus data and returns it lowercased. */
function plutusCbor(hex: string, field: string): string {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw refusal(BadRequestError, (at) => `${at(field)} is not hex-encoded CBOR.`);
  try {
    deserializePlutusData(hex.toLowerCase());
  } catch (error) {
    throw refusal(BadRequestError, (at) => `${at(field)} does not decode as Plutus data CBOR: ${(error as Error).message}`);
  }
  return hex.toLowerCase();
}

export function planDatum(datum: DatumRequest, field: string): PlannedDatum {
  const cbor = typeof datum.value === "string" ? plutusCbor(datum.value, `${field}.value`) : plutusJsonToCbor(datum.value, `${field}.value`);
  return { kind: datum.type, cbor };
}
