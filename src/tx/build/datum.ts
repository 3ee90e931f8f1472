// Datums of outputs: Plutus data given as CBOR hex or as detailed-schema JSON, normalized to CBOR.
import {
  decodeUplcData,
  makeByteArrayData,
  makeConstrData,
  makeIntData,
  makeListData,
  makeMapData,
  type UplcData,
} from "@helios-lang/uplc";
import { dataToCbor } from "../../blueprints/plutus-data.js";
import { requireCborWithinLimits } from "../../cardano/cbor-limits.js";
import { BadRequestError, refusal } from "../../errors.js";
import type { DatumIntent, DatumShape, PlannedDatum } from "./request.js";
import { plutusDataOf, scriptOf, type ScriptBook } from "./scripts.js";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object";

/**
 * Detailed-schema JSON → Plutus data, reading it exactly as Mesh's fromJsonToPlutusData did
 * (the API took it from there): the same forms are accepted (integers as numbers or strings
 * BigInt() reads, bytes as hex read leniently by Buffer), the same errors thrown.
 */
function dataOfJson(data: unknown): UplcData {
  const json = data as Json;
  if (
    isObject(data) &&
    "constructor" in json &&
    ["number", "bigint", "string"].includes(typeof json["constructor"]) &&
    "fields" in json &&
    Array.isArray(json["fields"])
  ) {
    const fields = (json["fields"] as unknown[]).map(dataOfJson);
    const tag = BigInt(json["constructor"] as number | bigint | string);
    if (tag < 0n || tag > BigInt(Number.MAX_SAFE_INTEGER))
      throw new Error(`constructor ${tag} is out of range: constructors are whole numbers from 0 to 2^53 - 1`);
    return makeConstrData(Number(tag), fields);
  }
  const only = (key: string) => key in json && Object.keys(json).length === 1;
  if (only("int")) {
    const int = json["int"];
    if (typeof int === "bigint" || typeof int === "number" || typeof int === "string") return makeIntData(BigInt(int));
    throw new Error("Malformed int field in Plutus data, expected one of bigint, number or string");
  }
  if (only("bytes")) {
    if (typeof json["bytes"] === "string") return makeByteArrayData(Array.from(Buffer.from(json["bytes"], "hex")));
    throw new Error("Malformed bytes field in Plutus data, expected string");
  }
  if (only("list")) {
    if (Array.isArray(json["list"])) return makeListData((json["list"] as unknown[]).map(dataOfJson));
    throw new Error("Malformed list field in Plutus data, expected list");
  }
  if (only("map")) {
    const map = json["map"];
    if (!isObject(map) || !Array.isArray(map)) throw new Error("Malformed map field in Plutus data");
    return makeMapData(
      (map as unknown[]).map((pair): [UplcData, UplcData] => {
        const kv = pair as Json;
        if (isObject(pair) && "k" in kv && isObject(kv["k"]) && "v" in kv && isObject(kv["v"]))
          return [dataOfJson(kv["k"]), dataOfJson(kv["v"])];
        throw new Error("Malformed key value pair in Plutus data map");
      }),
    );
  }
  throw new Error("Malformed Plutus data json");
}

/** Detailed-schema JSON Plutus data (`{constructor, fields}`, `{int}`, `{bytes}`, `{list}`, `{map}`) → CBOR hex; `field` is its path in the request. */
export function plutusJsonToCbor(value: object, field: string): string {
  try {
    return dataToCbor(
      dataOfJson(JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v)))),
    );
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
 * An output's datum as the request gives it (CBOR hex or detailed-schema JSON, or with `shape`
 * JSON of a blueprint's schema) read at the edge: CBOR, checked; or, with a shape, left for
 * planning (which has the scripts). `field` is its path in the request (`outputs[0].datum`).
 */
export function readDatum(
  datum: { readonly type: "inline" | "hash"; readonly value?: unknown; readonly shape?: DatumShape | undefined },
  field: string,
): Exclude<DatumIntent, { type: "script" }> {
  const { type, value, shape } = datum;
  if (shape !== undefined) return { type, value, shape };
  if (typeof value === "string") return { type, cbor: plutusCbor(value, `${field}.value`) };
  if (typeof value === "object" && value !== null) return { type, cbor: plutusJsonToCbor(value, `${field}.value`) };
  throw refusal(
    BadRequestError,
    (at) =>
      `${at(`${field}.value`)} must be Plutus data as CBOR hex or detailed-schema JSON, or JSON of a blueprint's schema together with ${at(`${field}.shape`)}.`,
  );
}

/** An output's datum, planned: as read at the edge, or JSON of the schema of the validator it names (its blueprint in `book`). */
export function planDatum(
  datum: Exclude<DatumIntent, { type: "script" }>,
  field: string,
  book: ScriptBook,
): PlannedDatum {
  if ("cbor" in datum) return { kind: datum.type, cbor: datum.cbor };
  const script = scriptOf(book, datum.shape.validatorHash, `${field}.shape.validatorHash`);
  return { kind: datum.type, cbor: plutusDataOf(script, datum.shape.purpose, "datum", datum.value, `${field}.value`) };
}
