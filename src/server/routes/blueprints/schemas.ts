// TypeBox schemas of the blueprint endpoints (CIP-57 blueprints, stored per API key): every field
// described, every answer typed, with the hello-world blueprint of the hosted API's examples as the example.
import { Type, type Static } from "typebox";
import { Cursor, Limit, NextCursor, PageStateAlias } from "../../pagination.js";
import { Hash28, Hash32 } from "../../schemas.js";
import {
  APPLIED_ADDRESS,
  APPLIED_BLUEPRINT,
  APPLIED_HASH,
  EXAMPLE_TX_HASH,
  HELLO_WORLD_ADDRESS,
  HELLO_WORLD_BLUEPRINT,
  HELLO_WORLD_HASH,
  WITH_PARAMS_HASH,
} from "./examples.js";

/** A blueprint's identity, said once for the descriptions. */
export const IDENTITY =
  "A blueprint is identified by the set of its validators' hashes: storing one whose hashes are those of a blueprint you store updates " +
  "that one (its JSON replaced, its refs merged), anything else is a new blueprint (title and version need not be unique).";

const OWNERSHIP =
  "Blueprints belong to the API key that stored them (and to the keys it is rotated into); requests without a key (AUTH=optional, the " +
  "devnet's default) share one space of their own. Another key's blueprints cannot be seen, used or deleted: asking for one is a 404.";

export { OWNERSHIP };

/** A script purpose (PURPOSES of the library, spelled out for the static type). */
export const PurposeLiteral = (options: { description: string }) =>
  Type.Union(
    [
      Type.Literal("spend"),
      Type.Literal("mint"),
      Type.Literal("withdraw"),
      Type.Literal("publish"),
      Type.Literal("vote"),
      Type.Literal("propose"),
    ],
    options,
  );

const BlueprintJson = (description: string) => Type.Object({}, { additionalProperties: true, description });

const ValidatorHash = (description: string) => Hash28(`${description} 56 hex digits.`);

const OutputIndex = Type.Union(
  [Type.Integer({ minimum: 0, maximum: 65_535 }), Type.String({ pattern: "^[0-9]{1,5}$" })],
  {
    description:
      "The output's index in that transaction, from 0 (a number, or a string of digits as some clients send it).",
  },
);

export const ScriptRefSchema = Type.Object(
  {
    txHash: Hash32("The transaction that holds the reference script: 64 hex digits."),
    index: OutputIndex,
  },
  {
    additionalProperties: false,
    description: "Where a validator is deployed as a reference script: the output txHash#index.",
  },
);

const ScriptRefAnswer = Type.Object(
  {
    txHash: Type.String({ pattern: "^[0-9a-f]{64}$", description: "The transaction that holds the reference script." }),
    index: Type.Integer({ minimum: 0, description: "The output's index in that transaction." }),
  },
  { description: "Where the validator is deployed as a reference script." },
);

// ── POST /blueprints ──────────────────────────────────────────────────────────────────

export const SaveBody = Type.Object(
  {
    blueprint: BlueprintJson(
      "A CIP-57 blueprint (the plutus.json of an Aiken build): preamble, validators (each with compiledCode and hash), definitions. " +
        "Plutus V1, V2 and V3. Every hash must be the script hash of its compiledCode. Stored as given.",
    ),
    refs: Type.Optional(
      Type.Record(Type.String(), ScriptRefSchema, {
        description:
          "Where validators of this blueprint are deployed as reference scripts, by validator hash (each key a hash of this blueprint). " +
          "Merged into what is recorded: a hash not named keeps its ref. Builds that spend or mint with the validator then use the " +
          "reference script instead of attaching the script.",
      }),
    ),
  },
  {
    additionalProperties: false,
    description: "A blueprint to store, and where its validators are deployed.",
    examples: [
      { blueprint: HELLO_WORLD_BLUEPRINT, refs: { [HELLO_WORLD_HASH]: { txHash: EXAMPLE_TX_HASH, index: 0 } } },
    ],
  },
);
export type SaveBody = Static<typeof SaveBody>;

const ValidatorView = Type.Object(
  {
    title: Type.String({ description: "The validator's title in the blueprint (Aiken: module.validator.purpose)." }),
    hash: Type.String({
      pattern: "^[0-9a-f]{56}$",
      description: "The validator's script hash (policy ID of what it mints).",
    }),
    purposes: Type.Array(PurposeLiteral({ description: "A script purpose." }), {
      description:
        "The purposes the title names (Aiken ≥ 1.1 ends titles with one; `else` handlers and older titles name none).",
    }),
    plutusVersion: Type.Union([Type.Literal("V1"), Type.Literal("V2"), Type.Literal("V3")], {
      description: "The Plutus language version of its script.",
    }),
    parameters: Type.Integer({
      minimum: 0,
      description:
        "How many parameters must be applied (POST /blueprints/apply-params) before the validator can be used; 0 when it is ready.",
    }),
  },
  { description: "A validator of the blueprint." },
);

const blueprintViewFields = {
  id: Type.String({ pattern: "^[0-9a-f]{12}$", description: "The blueprint's ID, for DELETE /blueprints/{id}." }),
  title: Type.String({ description: "The preamble's title." }),
  version: Type.String({ description: "The preamble's version; empty when it has none." }),
  validators: Type.Array(ValidatorView, {
    description:
      "Its validators, in the blueprint's order (Aiken lists a validator per purpose, and `else`, with the same hash).",
  }),
  scriptAddresses: Type.Record(Type.String(), Type.String({ description: "The enterprise script address, bech32." }), {
    description:
      "The address of each validator hash on this instance's network, bech32 (addr_test1w… on the testnets): where to lock funds, or " +
      "to deploy the validator as a reference script. GET /validators/{hash}/address gives the hex form and addresses with a stake part.",
  }),
  refs: Type.Record(Type.String(), ScriptRefAnswer, {
    description: "Where validators are deployed as reference scripts, by validator hash.",
  }),
  createdAt: Type.Integer({ description: "When the blueprint was first stored, Unix milliseconds." }),
  updatedAt: Type.Integer({ description: "When it was last stored or its refs changed, Unix milliseconds." }),
};

const EXAMPLE_VIEW = {
  id: "3f9c1d2e8a7b",
  title: "anvil-api-examples/hello-world",
  version: "0.0.0",
  validators: [
    {
      title: "hello_world.hello_world.spend",
      hash: HELLO_WORLD_HASH,
      purposes: ["spend"],
      plutusVersion: "V3",
      parameters: 0,
    },
    { title: "hello_world.hello_world.else", hash: HELLO_WORLD_HASH, purposes: [], plutusVersion: "V3", parameters: 0 },
  ],
  scriptAddresses: { [HELLO_WORLD_HASH]: HELLO_WORLD_ADDRESS },
  refs: { [HELLO_WORLD_HASH]: { txHash: EXAMPLE_TX_HASH, index: 0 } },
  createdAt: 1_767_225_600_000,
  updatedAt: 1_767_225_900_000,
};

export const SavedBlueprint = Type.Object(
  {
    ...blueprintViewFields,
    created: Type.Boolean({ description: "True when this request stored a new blueprint; false when it updated one." }),
  },
  { description: `The stored blueprint. ${IDENTITY}`, examples: [{ ...EXAMPLE_VIEW, created: false }] },
);

// ── GET /blueprints ───────────────────────────────────────────────────────────────────

export const ListQuery = Type.Object(
  {
    title: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 256,
        description: "Only blueprints whose preamble title is exactly this.",
      }),
    ),
    version: Type.Optional(
      Type.String({ maxLength: 64, description: "Only blueprints whose preamble version is exactly this." }),
    ),
    hash: Type.Optional(ValidatorHash("Only blueprints that hold a validator of this hash.")),
    limit: Limit("Blueprints", "20"),
    cursor: Cursor(),
    pageState: PageStateAlias,
    include: Type.Optional(
      Type.Literal("blueprint", {
        description:
          "`blueprint`: each result carries its blueprint JSON as stored. Absent: the results describe the blueprints without their JSON.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuery>;

export const BlueprintList = Type.Object(
  {
    results: Type.Array(
      Type.Object(
        {
          ...blueprintViewFields,
          blueprint: Type.Optional(BlueprintJson("The blueprint JSON, as stored; only with include=blueprint.")),
        },
        { description: "One of your blueprints." },
      ),
      { description: "Your blueprints that match the filters, oldest first." },
    ),
    cursor: NextCursor,
    pageState: Type.Optional(
      Type.String({ description: "The same as cursor, under the hosted API's name; absent on the last page." }),
    ),
  },
  {
    description: "A page of your blueprints.",
    examples: [
      { results: [EXAMPLE_VIEW], cursor: null },
      { results: [{ ...EXAMPLE_VIEW, blueprint: HELLO_WORLD_BLUEPRINT }], cursor: null },
    ],
  },
);

// ── DELETE /blueprints/{id} ─────────────────────────────────────────────────────────────

export const BlueprintParams = Type.Object({
  id: Type.String({
    pattern: "^[0-9a-f]{12}$",
    description: "The blueprint's ID (12 hex digits), as POST and GET /blueprints answer it.",
    examples: ["3f9c1d2e8a7b"],
  }),
});
export type BlueprintParams = Static<typeof BlueprintParams>;

export const Deleted = Type.Object(
  {
    id: Type.String({ description: "The ID of the blueprint deleted." }),
    deleted: Type.Literal(true, { description: "Always true." }),
  },
  { description: "The blueprint is deleted, with its refs.", examples: [{ id: "3f9c1d2e8a7b", deleted: true }] },
);

// ── POST /blueprints/apply-params ───────────────────────────────────────────────────────

export const ApplyParamsBody = Type.Object(
  {
    params: Type.Record(
      Type.String(),
      Type.Array(
        Type.Unknown({
          description:
            "A parameter's value, as JSON by the parameter's schema (bytes as hex, integers, constructors as objects…), or as Plutus data CBOR hex.",
        }),
        {
          maxItems: 64,
          description: "The values of the validator's parameters, in the blueprint's order; all of them.",
        },
      ),
      {
        description:
          "Parameter values by validator hash: the hash of the validator as the blueprint gives it, before any parameter is applied.",
      },
    ),
    blueprint: Type.Optional(
      BlueprintJson(
        "The blueprint the validators are in: a CIP-57 blueprint (not stored), or {title, version?} naming one you store (the most recently " +
          "stored of that title and version that holds the hashes). Absent: your stored blueprint that holds the hashes.",
      ),
    ),
  },
  {
    additionalProperties: false,
    description: "Parameters to apply to validators.",
    examples: [
      {
        params: { [WITH_PARAMS_HASH]: ["48656c6c6f2c20416e76696c21"] },
        blueprint: { title: "anvil-api-examples/hello-world", version: "0.0.0" },
      },
    ],
  },
);
export type ApplyParamsBody = Static<typeof ApplyParamsBody>;

const AddressPair = Type.Object(
  {
    bech32: Type.String({ description: "The enterprise script address on this instance's network, bech32." }),
    hex: Type.String({
      pattern: "^([0-9a-f]{2})+$",
      description: "The same address, its bytes as hex (usable as an output address).",
    }),
  },
  { description: "The address of an applied validator." },
);

export const AppliedParams = Type.Object(
  {
    preloadedScript: Type.Object(
      {
        type: Type.Literal("plutus", { description: "A Plutus script given by its blueprint." }),
        blueprint: BlueprintJson(
          "A CIP-57 blueprint whose validators are the applied ones: each with its new compiledCode and hash and without parameters, its " +
            "datum and redeemer schemas kept, with the source's preamble and definitions.",
        ),
      },
      {
        description:
          "Pass it as it is in preloadedScripts[] of POST /transactions/build to spend or mint with the applied validators; POST its " +
          "blueprint to /blueprints to use them by hash later (serialize, parse, builds without preloadedScripts).",
      },
    ),
    addresses: Type.Record(Type.String(), AddressPair, {
      description: "The address of each applied validator, by its new hash.",
    }),
    hashes: Type.Record(Type.String({ description: "The new hash." }), Type.String({ description: "The new hash." }), {
      description: "Our addition: the new hash of each validator named in params, by the hash it had.",
    }),
  },
  {
    description: "The applied validators.",
    examples: [
      {
        preloadedScript: { type: "plutus", blueprint: APPLIED_BLUEPRINT },
        addresses: { [APPLIED_HASH]: { bech32: APPLIED_ADDRESS, hex: `70${APPLIED_HASH}` } },
        hashes: { [WITH_PARAMS_HASH]: APPLIED_HASH },
      },
    ],
  },
);
