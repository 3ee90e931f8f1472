// TypeBox schemas of the validator endpoints: a script's address, and datums and redeemers between
// JSON and Plutus data by the schema of the caller's stored blueprint.
import { Type, type Static } from "typebox";
import { Hash28, Hex } from "../../schemas.js";
import { PurposeLiteral } from "../blueprints/schemas.js";
import {
  EXAMPLE_KEY_HASH,
  HELLO_WORLD_ADDRESS,
  HELLO_WORLD_ADDRESS_HEX,
  HELLO_WORLD_HASH,
} from "../blueprints/examples.js";

export const ValidatorParams = Type.Object({
  hash: Type.String({
    pattern: "^[0-9a-fA-F]{56}$",
    description: "The validator's script hash (for a minting policy, its policy ID): 56 hex digits.",
    examples: [HELLO_WORLD_HASH],
  }),
});
export type ValidatorParams = Static<typeof ValidatorParams>;

export const AddressQuery = Type.Object(
  {
    stakeKeyHash: Type.Optional(
      Hash28(
        "A stake key hash (56 hex digits): the answer then has this key as its stake part (a base form, CIP-19 type 1).",
      ),
    ),
    stakeScriptHash: Type.Optional(
      Hash28(
        "A stake script hash (56 hex digits): the answer then has this script as its stake part (a base form, CIP-19 type 3).",
      ),
    ),
  },
  { additionalProperties: false },
);
export type AddressQuery = Static<typeof AddressQuery>;

export const ScriptAddress = Type.Object(
  {
    bech32: Type.String({
      description:
        "The address in bech32 (addr_test1w… for an enterprise script address on the testnets, addr1w… on mainnet).",
    }),
    hex: Type.String({
      pattern: "^([0-9a-f]{2})+$",
      description:
        "The address bytes, hex (70… for an enterprise script address on the testnets): usable as an output address in builds.",
    }),
  },
  {
    description: "The script's address on this instance's network.",
    examples: [{ bech32: HELLO_WORLD_ADDRESS, hex: HELLO_WORLD_ADDRESS_HEX }],
  },
);

const DataType = Type.Union([Type.Literal("datum"), Type.Literal("redeemer")], {
  description: "Which of the validator's schemas the data follows.",
});
const Purpose = Type.Optional(
  PurposeLiteral({
    description:
      "The purpose whose datum or redeemer it is (spend, mint, withdraw, publish, vote, propose). May be left out when only one purpose " +
      "of the validator has that kind of schema.",
  }),
);

export const SerializeBody = Type.Object(
  {
    type: DataType,
    purpose: Purpose,
    data: Type.Unknown({
      description:
        "The datum or redeemer as JSON by its schema: a constructor as an object of its fields (or {constructor, fields} where the schema " +
        "has several), bytes as hex, integers as numbers or decimal strings, lists as arrays, maps as arrays of [key, value].",
    }),
  },
  {
    additionalProperties: false,
    description: "Data to serialize.",
    examples: [{ type: "datum", purpose: "spend", data: { owner: EXAMPLE_KEY_HASH } }],
  },
);
export type SerializeBody = Static<typeof SerializeBody>;

export const Serialized = Type.Object(
  {
    hex: Type.String({
      pattern: "^([0-9a-f]{2})+$",
      description: "The Plutus data, CBOR hex: an inline datum or a redeemer as the ledger takes it.",
    }),
  },
  { description: "The data as Plutus data.", examples: [{ hex: `d8799f581c${EXAMPLE_KEY_HASH}ff` }] },
);

export const ParseBody = Type.Object(
  {
    type: DataType,
    purpose: Purpose,
    data: Type.Union(
      [
        Type.Object(
          { hex: Hex("The Plutus data, CBOR hex.", { minLength: 2 }) },
          { additionalProperties: false, description: "The Plutus data, as the hosted API's examples send it." },
        ),
        Hex("The Plutus data, CBOR hex.", { minLength: 2 }),
      ],
      { description: "The Plutus data to read: {hex: <CBOR hex>}, or the hex itself." },
    ),
  },
  {
    additionalProperties: false,
    description: "Data to parse.",
    examples: [{ type: "datum", purpose: "spend", data: { hex: `d8799f581c${EXAMPLE_KEY_HASH}ff` } }],
  },
);
export type ParseBody = Static<typeof ParseBody>;

export const Parsed = Type.Unknown({
  description:
    'The data as JSON by its schema (the form serialize takes): for the hello-world datum, {"owner": "<key hash>"}.',
  examples: [{ owner: EXAMPLE_KEY_HASH }],
});
