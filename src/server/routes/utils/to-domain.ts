// The utility endpoints' typed requests → the domain's inputs: an address read once into an
// Address (any network, Byron too), a native script taken from its CBOR or its JSON; and an
// Address → what /addresses/info answers of it. Errors name the body's fields by their path in it.
import type { Static } from "typebox";
import { addressInfo, type Address } from "../../../cardano/addresses.js";
import { serializeNativeScript } from "../../../cardano/native-scripts.js";
import { BadRequestError, refusal } from "../../../errors.js";
import type { AddressBody, AddressInfo, ScriptInfoBody } from "./schemas.js";

/** The body's address, read: a 400 naming `address` saying what is wrong when it is malformed. */
export const addressOf = (body: Static<typeof AddressBody>): Address => addressInfo(body.address, "address");

/** What /addresses/info answers of an Address: all it says about itself, its bytes in hex. */
export const addressAnswer = (a: Address): Static<typeof AddressInfo> => ({
  type: a.type,
  networkId: a.networkId,
  bech32: a.bech32,
  hex: a.hex,
  ...(a.payment && { payment: a.payment }),
  ...(a.stake && { stake: a.stake }),
  ...(a.protocolMagic !== undefined && { protocolMagic: a.protocolMagic }),
});

/**
 * The native script of a get-info body, as CBOR hex in lower case: `script` as given, or `schema`
 * serialized (the JSON as the service writes it); `field` is the one given. Exactly one of the two.
 */
export function nativeScriptOf(body: Static<typeof ScriptInfoBody>): {
  readonly cbor: string;
  readonly field: "script" | "schema";
} {
  const { script, schema } = body;
  if ((script === undefined) === (schema === undefined)) {
    throw refusal(
      BadRequestError,
      (at) =>
        `Give the native script as ${at("script")} (CBOR hex) or as ${at("schema")} (JSON): exactly one of the two.`,
    );
  }
  return script !== undefined
    ? { cbor: script.toLowerCase(), field: "script" }
    : { cbor: serializeNativeScript(schema, "schema").script, field: "schema" };
}
