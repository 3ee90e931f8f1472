// The utility endpoints: addresses, native scripts, slot ↔ time. Thin: each handler calls one
// domain function of src/cardano/ and returns what it answers.
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { addressCredentials, addressInfo } from "../../cardano/addresses.js";
import { MAX_NATIVE_SCRIPT_DEPTH, MAX_NATIVE_SCRIPT_NODES, parseNativeScript, serializeNativeScript } from "../../cardano/native-scripts.js";
import { BASE_PATH } from "../paths.js";
import { errorResponses, Hex } from "../schemas.js";

const tags = ["Utilities"];

// ── Addresses ─────────────────────────────────────────────────────────────────────────

const AddressBody = Type.Object({
  address: Type.String({
    minLength: 1,
    maxLength: 1024,
    description:
      "A Cardano address of any network: bech32 (addr1…, addr_test1…, stake1…, stake_test1…), its bytes as hex, " +
      "or a Byron address in base58 (Ae2…, DdzFF…) or hex.",
  }),
});

const HashHex = (description: string) => Type.String({ pattern: "^[0-9a-f]{56}$", description });

const Credential = (description: string) =>
  Type.Object(
    {
      hash: HashHex("The credential: a 28-byte key hash or script hash, lowercase hex."),
      isScript: Type.Boolean({ description: "true for a script hash, false for a key hash." }),
    },
    { description },
  );

const PointerStake = Type.Object(
  {
    pointer: Type.Object(
      {
        slot: Type.Integer({ minimum: 0, description: "The slot of the stake registration certificate." }),
        txIndex: Type.Integer({ minimum: 0, description: "The index of its transaction within that slot's block." }),
        certIndex: Type.Integer({ minimum: 0, description: "The index of the certificate within that transaction." }),
      },
      { description: "Where the stake credential was registered on chain." },
    ),
  },
  { description: "The stake part of a pointer address: a pointer to a stake registration certificate, not a hash." },
);

const ParsedAddress = Type.Object(
  {
    payment: Type.Optional(HashHex("The payment credential hash (key or script), lowercase hex. Absent for a reward (stake) address.")),
    stake: Type.Optional(
      HashHex(
        "The stake credential hash (key or script), lowercase hex. Present only when the address carries one: " +
          "base and reward addresses; not enterprise or pointer addresses.",
      ),
    ),
  },
  { description: "The credential hashes of a Shelley address." },
);

const AddressInfo = Type.Object(
  {
    type: Type.Union([Type.Literal("base"), Type.Literal("pointer"), Type.Literal("enterprise"), Type.Literal("reward"), Type.Literal("byron")], {
      description: "The kind of address (CIP-19). reward is a stake address (stake1…, stake_test1…).",
    }),
    networkId: Type.Integer({
      description:
        "1 for mainnet, 0 for the testnets (preview, preprod, devnet). For a Byron address: 1 when it carries no protocol magic " +
        "or mainnet's, otherwise 0.",
    }),
    bech32: Type.String({
      description: "The address in bech32, the form wallets show. A Byron address has no bech32 form: this field holds its base58 form.",
    }),
    hex: Type.String({ pattern: "^([0-9a-f]{2})+$", description: "The address bytes, lowercase hex (for Byron, the CBOR used in transaction outputs)." }),
    payment: Type.Optional(Credential("The payment credential. Absent for reward and Byron addresses.")),
    stake: Type.Optional(
      Type.Union([Credential("The stake credential of a base or reward address."), PointerStake], {
        description: "The stake part: a credential (base and reward addresses) or a pointer (pointer addresses). Absent for enterprise and Byron addresses.",
      }),
    ),
    protocolMagic: Type.Optional(
      Type.Integer({
        description:
          "Byron addresses only: the protocol magic of their network, read from the address attributes (764824073 for mainnet, " +
          "which Byron mainnet addresses leave out).",
      }),
    ),
  },
  { description: "What the address says about itself." },
);

// ── Native scripts ────────────────────────────────────────────────────────────────────

const ScriptRef = Type.Ref("NativeScript");
const Scripts = Type.Array(ScriptRef, { description: "The sub-scripts, each a native script node." });
const Slot = (description: string) => Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });

/** A native script as JSON: recursive, registered under its $id. */
export const NativeScript = Type.Union(
  [
    Type.Object(
      {
        type: Type.Literal("sig", { description: "Requires a signature." }),
        keyHash: Type.String({ pattern: "^[0-9a-fA-F]{56}$", description: "The 28-byte hash of the verification key that must sign, hex." }),
      },
      { additionalProperties: false, description: "Holds when the transaction is signed by this key." },
    ),
    Type.Object(
      { type: Type.Literal("all", { description: "Requires every sub-script." }), scripts: Scripts },
      { additionalProperties: false, description: "Holds when every sub-script holds (an empty list always holds)." },
    ),
    Type.Object(
      { type: Type.Literal("any", { description: "Requires one sub-script." }), scripts: Scripts },
      { additionalProperties: false, description: "Holds when at least one sub-script holds (an empty list never holds)." },
    ),
    Type.Object(
      {
        type: Type.Literal("atLeast", { description: "Requires `required` sub-scripts." }),
        required: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: "How many sub-scripts must hold; at most the number of sub-scripts." }),
        scripts: Scripts,
      },
      { additionalProperties: false, description: "Holds when at least `required` sub-scripts hold." },
    ),
    Type.Object(
      {
        type: Type.Literal("before", { description: "A deadline." }),
        slot: Slot("The first slot at which the script no longer holds."),
      },
      { additionalProperties: false, description: "Holds only in transactions whose validity interval ends at or before this slot (the ledger's InvalidHereafter)." },
    ),
    Type.Object(
      {
        type: Type.Literal("after", { description: "A start." }),
        slot: Slot("The first slot at which the script holds."),
      },
      { additionalProperties: false, description: "Holds only in transactions whose validity interval starts at or after this slot (the ledger's InvalidBefore)." },
    ),
  ],
  {
    $id: "NativeScript",
    description:
      `A native script node: sig, all, any, atLeast, before or after. Nodes nest at most ${MAX_NATIVE_SCRIPT_DEPTH} levels ` +
      `and a script has at most ${MAX_NATIVE_SCRIPT_NODES} nodes.`,
  },
);

const PolicyId = HashHex("The script hash, blake2b-224 of 0x00 ‖ script CBOR: the policy ID of the assets it mints.");

// ── Slot and time ─────────────────────────────────────────────────────────────────────

const SlotBody = Type.Object({
  slot: Slot("An absolute slot number of this instance's network."),
});
const TimeBody = Type.Object({
  time: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: "Unix time in milliseconds (UTC), not before the network's start." }),
});
const TimeAnswer = Type.Object(
  { time: Type.Integer({ description: "Unix time in milliseconds (UTC) at which the slot begins." }) },
  { description: "When the slot begins." },
);
const SlotAnswer = Type.Object({ slot: Type.Integer({ description: "The slot that contains that instant." }) }, { description: "The slot of that instant." });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

export default async function utilsRoutes(app: FastifyInstance): Promise<void> {
  // Shared within this context, so that bodies and answers can $ref the recursive schema.
  app.addSchema(NativeScript);

  app.post(
    "/utils/addresses/parse",
    {
      schema: {
        summary: "Payment and stake credential hashes of an address",
        description:
          "Reads an address of any network (bech32 or hex) and answers the hashes of its credentials, key or script alike. " +
          "`stake` is present only when the address carries a stake credential hash (base and reward addresses); a reward " +
          "address answers `stake` alone; a pointer or enterprise address answers `payment` alone. A Byron address has no " +
          `credential hash: it is refused with 400 (read it with POST ${BASE_PATH}/addresses/info). A malformed address is 400 saying what is wrong.`,
        tags,
        body: AddressBody,
        response: { 200: ParsedAddress, ...errorResponses() },
      },
    },
    async (request) => {
      const { address } = request.body as { address: string };
      return addressCredentials(address, "body.address", `Read it with POST ${BASE_PATH}/addresses/info instead.`);
    },
  );

  app.post(
    "/addresses/info",
    {
      schema: {
        summary: "Everything an address says about itself",
        description:
          "Reads an address of any network (mainnet or testnet): bech32 or hex for Shelley addresses, base58 or hex for Byron " +
          "addresses. Answers its type, network, both text forms and its credentials. A Byron address has no bech32 form: its " +
          "`bech32` field holds the base58 form, `protocolMagic` tells its network and it has no `payment` or `stake`. " +
          "A malformed address (bad checksum, wrong prefix, bad hex, truncated bytes, unknown header type) is 400 saying what is wrong.",
        tags,
        body: AddressBody,
        response: { 200: AddressInfo, ...errorResponses() },
      },
    },
    async (request) => {
      const { address } = request.body as { address: string };
      return addressInfo(address, "body.address");
    },
  );

  app.post(
    "/utils/native-scripts/parse",
    {
      schema: {
        summary: "Native script CBOR to JSON, with its policy ID",
        description:
          "Decodes a native script from the ledger's CBOR (hex) into the JSON schema that /utils/native-scripts/serialize takes, " +
          "and answers its policy ID, computed over the bytes as given. `before` is the ledger's InvalidHereafter (CBOR tag 5), " +
          "`after` its InvalidBefore (tag 4). Every script the ledger accepts is read, non-canonical encodings included; an `atLeast` " +
          "may then require more scripts than it has (such a script can never be satisfied, and serialize refuses it). Trailing bytes, " +
          `CBOR that is not a native script, slots beyond 2^53 - 1, nesting deeper than ${MAX_NATIVE_SCRIPT_DEPTH} levels and more than ` +
          `${MAX_NATIVE_SCRIPT_NODES} nodes are 400.`,
        tags,
        body: Type.Object({ script: Hex("The native script's CBOR, hex.", { minLength: 2 }) }),
        response: {
          200: Type.Object(
            { policyId: PolicyId, schema: Type.Ref("NativeScript", { description: "The script as JSON." }) },
            { description: "The script as JSON, with its policy ID." },
          ),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const { script } = request.body as { script: string };
      return parseNativeScript(script, "body.script");
    },
  );

  app.post(
    "/utils/native-scripts/serialize",
    {
      schema: {
        summary: "Native script JSON to CBOR, with its policy ID",
        description:
          "Encodes a native script given as JSON into the ledger's CBOR (hex) and answers its policy ID, blake2b-224 of 0x00 ‖ CBOR. " +
          "`atLeast.required` must not exceed the number of its scripts; nodes nest at most " +
          `${MAX_NATIVE_SCRIPT_DEPTH} levels and ${MAX_NATIVE_SCRIPT_NODES} nodes in all; key hashes are 56 hex digits (answered in lower case). ` +
          "A wrong node is 400 naming its path (body.schema.scripts[1].keyHash).",
        tags,
        body: Type.Object({ schema: Type.Ref("NativeScript", { description: "The native script as JSON." }) }),
        response: {
          200: Type.Object(
            { policyId: PolicyId, script: Type.String({ pattern: "^([0-9a-f]{2})+$", description: "The script's CBOR, lowercase hex." }) },
            { description: "The script's ledger CBOR, with its policy ID." },
          ),
          ...errorResponses(),
        },
      },
      // Schema validation of a recursive union reports only "does not match": on failure, the domain
      // check below runs first and names the wrong node; the schema's error is the fallback.
      attachValidation: true,
    },
    async (request) => {
      const body = request.body as unknown;
      if (request.validationError) {
        if (isRecord(body) && "schema" in body) serializeNativeScript(body["schema"], "body.schema");
        throw request.validationError;
      }
      return serializeNativeScript((body as { schema: unknown }).schema, "body.schema");
    },
  );

  app.post(
    "/utils/network/slot-to-time",
    {
      schema: {
        summary: "The time a slot begins",
        description:
          `Converts a slot of the network this instance serves (${app.config.network}) to the Unix time in milliseconds at which it ` +
          "begins, following the network's era history exactly: Byron's 20-second slots (mainnet until slot 4492800, preprod until " +
          "slot 86400), then 1-second slots. The devnet has 1-second slots from its own start. A negative, fractional or unsafe slot is 400.",
        tags,
        body: SlotBody,
        response: { 200: TimeAnswer, ...errorResponses() },
      },
    },
    async (request) => {
      const { slot } = request.body as { slot: number };
      return { time: app.eraHistory.slotToTime(slot, "body.slot") };
    },
  );

  app.post(
    "/utils/network/time-to-slot",
    {
      schema: {
        summary: "The slot that contains an instant",
        description:
          `Converts a Unix time in milliseconds to the slot of this instance's network (${app.config.network}) that contains it, ` +
          "following the network's era history exactly (Byron's 20-second slots included). A time before the network's start, " +
          "or a negative, fractional or unsafe value, is 400.",
        tags,
        body: TimeBody,
        response: { 200: SlotAnswer, ...errorResponses() },
      },
    },
    async (request) => {
      const { time } = request.body as { time: number };
      return { slot: app.eraHistory.timeToSlot(time, "body.time") };
    },
  );
}
