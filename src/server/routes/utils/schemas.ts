// The utility endpoints' schemas: addresses, native scripts (recursive, registered under its $id), slot and time.
import { Type } from "typebox";
import { MAX_NATIVE_SCRIPT_DEPTH, MAX_NATIVE_SCRIPT_NODES } from "../../../cardano/native-scripts.js";
import { Hex } from "../../schemas.js";
// ── Addresses ─────────────────────────────────────────────────────────────────────────

export const AddressBody = Type.Object({
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

export const ParsedAddress = Type.Object(
  {
    payment: Type.Optional(
      HashHex("The payment credential hash (key or script), lowercase hex. Absent for a reward (stake) address."),
    ),
    stake: Type.Optional(
      HashHex(
        "The stake credential hash (key or script), lowercase hex. Present only when the address carries one: " +
          "base and reward addresses; not enterprise or pointer addresses.",
      ),
    ),
  },
  { description: "The credential hashes of a Shelley address." },
);

export const AddressInfo = Type.Object(
  {
    type: Type.Union(
      [
        Type.Literal("base"),
        Type.Literal("pointer"),
        Type.Literal("enterprise"),
        Type.Literal("reward"),
        Type.Literal("byron"),
      ],
      {
        description: "The kind of address (CIP-19). reward is a stake address (stake1…, stake_test1…).",
      },
    ),
    networkId: Type.Integer({
      description:
        "1 for mainnet, 0 for the testnets (preview, preprod, devnet). For a Byron address: 1 when it carries no protocol magic " +
        "or mainnet's, otherwise 0.",
    }),
    bech32: Type.String({
      description:
        "The address in bech32, the form wallets show. A Byron address has no bech32 form: this field holds its base58 form.",
    }),
    hex: Type.String({
      pattern: "^([0-9a-f]{2})+$",
      description: "The address bytes, lowercase hex (for Byron, the CBOR used in transaction outputs).",
    }),
    payment: Type.Optional(Credential("The payment credential. Absent for reward and Byron addresses.")),
    stake: Type.Optional(
      Type.Union([Credential("The stake credential of a base or reward address."), PointerStake], {
        description:
          "The stake part: a credential (base and reward addresses) or a pointer (pointer addresses). Absent for enterprise and Byron addresses.",
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
        keyHash: Type.String({
          pattern: "^[0-9a-fA-F]{56}$",
          description: "The 28-byte hash of the verification key that must sign, hex.",
        }),
      },
      { additionalProperties: false, description: "Holds when the transaction is signed by this key." },
    ),
    Type.Object(
      { type: Type.Literal("all", { description: "Requires every sub-script." }), scripts: Scripts },
      { additionalProperties: false, description: "Holds when every sub-script holds (an empty list always holds)." },
    ),
    Type.Object(
      { type: Type.Literal("any", { description: "Requires one sub-script." }), scripts: Scripts },
      {
        additionalProperties: false,
        description: "Holds when at least one sub-script holds (an empty list never holds).",
      },
    ),
    Type.Object(
      {
        type: Type.Literal("atLeast", { description: "Requires `required` sub-scripts." }),
        required: Type.Integer({
          minimum: 0,
          maximum: Number.MAX_SAFE_INTEGER,
          description: "How many sub-scripts must hold; at most the number of sub-scripts.",
        }),
        scripts: Scripts,
      },
      { additionalProperties: false, description: "Holds when at least `required` sub-scripts hold." },
    ),
    Type.Object(
      {
        type: Type.Literal("before", { description: "A deadline." }),
        slot: Slot("The first slot at which the script no longer holds."),
      },
      {
        additionalProperties: false,
        description:
          "Holds only in transactions whose validity interval ends at or before this slot (the ledger's InvalidHereafter).",
      },
    ),
    Type.Object(
      {
        type: Type.Literal("after", { description: "A start." }),
        slot: Slot("The first slot at which the script holds."),
      },
      {
        additionalProperties: false,
        description:
          "Holds only in transactions whose validity interval starts at or after this slot (the ledger's InvalidBefore).",
      },
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

export const ParseScriptBody = Type.Object({ script: Hex("The native script's CBOR, hex.", { minLength: 2 }) });
export const ParsedScript = Type.Object(
  { policyId: PolicyId, schema: Type.Ref("NativeScript", { description: "The script as JSON." }) },
  { description: "The script as JSON, with its policy ID." },
);

export const SerializeScriptBody = Type.Object({
  schema: Type.Ref("NativeScript", { description: "The native script as JSON." }),
});
export const SerializedScript = Type.Object(
  {
    policyId: PolicyId,
    script: Type.String({ pattern: "^([0-9a-f]{2})+$", description: "The script's CBOR, lowercase hex." }),
  },
  { description: "The script's ledger CBOR, with its policy ID." },
);

export const ScriptInfoBody = Type.Object(
  {
    script: Type.Optional(
      Hex("The native script's CBOR, hex (as /utils/native-scripts/serialize answers it). Give this or schema.", {
        minLength: 2,
      }),
    ),
    schema: Type.Optional(Type.Ref("NativeScript", { description: "The native script as JSON. Give this or script." })),
  },
  {
    additionalProperties: false,
    description: "A native script, as CBOR (script) or as JSON (schema): exactly one of the two.",
    examples: [
      {
        schema: {
          type: "all",
          scripts: [
            { type: "sig", keyHash: "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4" },
            { type: "before", slot: 90_000_000 },
          ],
        },
      },
    ],
  },
);

const SlotAndTime = (description: string) =>
  Type.Object(
    {
      slot: Type.Integer({ minimum: 0, description: "The slot." }),
      time: Type.Optional(
        Type.Integer({
          description:
            "Unix time in milliseconds (UTC) at which the slot begins on this instance's network; absent when beyond what a safe integer holds.",
        }),
      ),
    },
    { description },
  );

export const ScriptInfo = Type.Object(
  {
    type: Type.Union(
      [
        Type.Literal("sig"),
        Type.Literal("all"),
        Type.Literal("any"),
        Type.Literal("atLeast"),
        Type.Literal("before"),
        Type.Literal("after"),
      ],
      {
        description: "The type of the script's outermost node.",
      },
    ),
    policyId: PolicyId,
    script: Type.String({
      pattern: "^([0-9a-f]{2})+$",
      description: "The script's CBOR, lowercase hex (the bytes given, when given as CBOR).",
    }),
    schema: Type.Ref("NativeScript", { description: "The script as JSON." }),
    keyHashes: Type.Array(HashHex("A key hash the script names (a `sig` node), lowercase hex."), {
      description:
        "Every key hash the script names, in the order they first appear: the keys whose signatures a transaction may need " +
        "(all of them under an `all`, enough to satisfy each `any` and `atLeast`). Pass the ones that sign as requiredSigners when building.",
    }),
    satisfiable: Type.Boolean({
      description:
        "False when no transaction's validity interval can satisfy the script's timelocks (an `all` whose `after` is not before its `before`, say).",
    }),
    invalidBefore: Type.Optional(
      SlotAndTime(
        "The first slot at which the script can hold (the ledger's InvalidBefore: a transaction's validity interval must start there or later); absent when the script has no lower time bound.",
      ),
    ),
    invalidHereafter: Type.Optional(
      SlotAndTime(
        "The first slot at which the script no longer holds (the ledger's InvalidHereafter: a transaction's validity interval must end there or earlier; for a minting policy, the slot from which nothing can be minted or burnt). Absent when the script has no upper time bound.",
      ),
    ),
    preloadedScript: Type.Object(
      {
        type: Type.Literal("simple", { description: "A native script." }),
        script: Type.Ref("NativeScript", { description: "The script as JSON." }),
        hash: PolicyId,
      },
      { description: "The script as POST /transactions/build takes it in preloadedScripts[], to mint with it." },
    ),
  },
  {
    description:
      "What the script is and what it asks of a transaction. The time bounds span what its timelocks allow (an `all` intersects its " +
      "sub-scripts' bounds, an `any` or `atLeast` spans theirs); the script's logic still decides within them. (The example's times are preprod's.)",
    examples: [
      {
        type: "all",
        policyId: "eca601f8e98d403add0156108d9be5335fa16647531a0ed34bc60780",
        script: "8201828200581c30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a482051a055d4a80",
        schema: {
          type: "all",
          scripts: [
            { type: "sig", keyHash: "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4" },
            { type: "before", slot: 90_000_000 },
          ],
        },
        keyHashes: ["30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4"],
        satisfiable: true,
        invalidHereafter: { slot: 90_000_000, time: 1_745_683_200_000 },
        preloadedScript: {
          type: "simple",
          script: {
            type: "all",
            scripts: [
              { type: "sig", keyHash: "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4" },
              { type: "before", slot: 90_000_000 },
            ],
          },
          hash: "eca601f8e98d403add0156108d9be5335fa16647531a0ed34bc60780",
        },
      },
    ],
  },
);

// ── Slot and time ─────────────────────────────────────────────────────────────────────

export const SlotBody = Type.Object({
  slot: Slot("An absolute slot number of this instance's network."),
});
export const TimeBody = Type.Object({
  time: Type.Integer({
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    description: "Unix time in milliseconds (UTC), not before the network's start.",
  }),
});
export const TimeAnswer = Type.Object(
  { time: Type.Integer({ description: "Unix time in milliseconds (UTC) at which the slot begins." }) },
  { description: "When the slot begins." },
);
export const SlotAnswer = Type.Object(
  { slot: Type.Integer({ description: "The slot that contains that instant." }) },
  { description: "The slot of that instant." },
);
