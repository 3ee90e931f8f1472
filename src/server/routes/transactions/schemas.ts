// The schemas of POST /transactions/build, POST /transactions/submit (shared with POST
// /tournaments/submit-tx) and GET /transactions/{txHash}: every field documented.
import { Type, type TSchema } from "typebox";
import { Amount, Hash28, Hash32, Hex, SignedAmount } from "../../schemas.js";
import { Address, UtxoString } from "../addresses/schemas.js";

const SigLeaf = Type.Object(
  { type: Type.Literal("sig", { description: "sig: a signature of keyHash is required." }), keyHash: Hash28("The key hash (28 bytes hex) that must sign.") },
  { additionalProperties: false },
);
const TimeLockLeaf = Type.Object(
  { type: Type.Union([Type.Literal("before"), Type.Literal("after")], { description: "before / after: a time lock on slots." }), slot: Amount("The slot bound: before = valid before it, after = valid from it.") },
  { additionalProperties: false },
);

/** One level of native script JSON (sig/all/any/atLeast/before/after) whose sub-scripts are `inner`. */
const nativeScriptOver = <Inner extends TSchema>(inner: Inner) =>
  Type.Union(
    [
      SigLeaf,
      TimeLockLeaf,
      Type.Object(
        {
          type: Type.Union([Type.Literal("all"), Type.Literal("any"), Type.Literal("atLeast")], { description: "all / any / atLeast: a combination of sub-scripts." }),
          required: Type.Optional(Type.Integer({ minimum: 0, description: "For atLeast: how many of scripts must hold." })),
          scripts: Type.Array(inner, { maxItems: 64, description: "The sub-scripts." }),
        },
        { additionalProperties: false },
      ),
    ],
    {
      description: 'A native script in the JSON schema of cardano-cli: {"type":"sig","keyHash"}, {"type":"all"|"any","scripts"}, {"type":"atLeast","required","scripts"}, {"type":"before"|"after","slot"}.',
    },
  );

/** Native script JSON nested up to 5 levels below the top one, written out level by level so that its type follows. */
const NativeScript = nativeScriptOver(
  nativeScriptOver(nativeScriptOver(nativeScriptOver(nativeScriptOver(Type.Union([SigLeaf, TimeLockLeaf], { description: "A native script leaf: sig, before or after." }))))),
);

const AssetNameObject = Type.Object(
  {
    name: Type.String({ maxLength: 64, description: "The asset name without its CIP-67 prefix." }),
    format: Type.Union([Type.Literal("utf8"), Type.Literal("hex")], { description: "How name is written: UTF-8 text or hex bytes." }),
    label: Type.Optional(
      Type.Union([Type.Literal(100), Type.Literal(222), Type.Literal(333), Type.Literal(444)], {
        description: "A CIP-67 label: its 4-byte prefix (100 → 000643b0, 222 → 000de140, 333 → 0014df10, 444 → 001bc280) is put before the name.",
      }),
    ),
  },
  { description: "An asset name given by parts. The whole name (prefix included) is at most 32 bytes." },
);

const Datum = Type.Object(
  {
    type: Type.Union([Type.Literal("inline"), Type.Literal("hash")], {
      description: "inline: the datum sits in the output. hash: the output holds the datum hash and the datum is added to the witness set of `complete`.",
    }),
    value: Type.Union([Hex("Plutus data as CBOR hex.", { minLength: 2 }), Type.Object({}, { additionalProperties: true })], {
      description: 'Plutus data: CBOR hex, or the detailed JSON schema ({"constructor":0,"fields":[{"int":1},{"bytes":"cafe"}]}).',
    }),
  },
  { description: "A datum for the output." },
);

const Output = Type.Object(
  {
    address: Address("The bech32 address to pay; it must be of this instance's network family."),
    lovelace: Type.Optional(
      Amount("Lovelace to send. When absent, the ledger minimum for this output (with its assets and datum). An amount below that minimum is refused with 400 naming the minimum."),
    ),
    assets: Type.Optional(
      Type.Array(
        Type.Object(
          {
            policyId: Hash28("The policy id (56 hex)."),
            assetName: Type.Union([Hex("The asset name as hex (at most 32 bytes).", { maxLength: 64 }), AssetNameObject], { description: "The asset name: hex, or {name, format, label?}." }),
            quantity: Amount("How many to send."),
          },
        ),
        { maxItems: 256, description: "Native assets to send in this output." },
      ),
    ),
    datum: Type.Optional(Datum),
  },
);

const Mint = Type.Object(
  {
    version: Type.Union([Type.Literal("cip25"), Type.Literal("cip68")], {
      description:
        "cip25: the asset is minted as named and metadata goes to label 721 (version 1: policy id and asset name as text keys; strings over 64 bytes split into lists). " +
        "cip68: an entry labelled 222 (the default), 333 or 444 mints that user token and, unless the request also lists the label-100 entry of the same name, " +
        "one reference token (label 100) sent to the change address with the inline datum #6.121([metadata as a map of UTF-8 bytes, 1, #6.121([])]) built from its metadata. " +
        "An entry labelled 100 is that reference token itself (quantity 1, or -1 to burn), sent to destAddress or the change address with its metadata's datum. " +
        "A burn (negative quantity) burns only the token its entry names.",
    }),
    assetName: AssetNameObject,
    metadata: Type.Optional(Type.Unknown({ description: "The token's metadata (JSON): the CIP-25 entry, or the CIP-68 datum's map. Ignored for burns." })),
    policyId: Hash28("The policy id; its native script must be among preloadedScripts."),
    quantity: SignedAmount("How many to mint; negative burns that many from the available UTxOs. Zero is refused."),
    destAddress: Type.Optional(Address("Where minted tokens go (one output per address, with the minimum lovelace); absent: to the change address.")),
  },
);

const OutRefObject = Type.Object(
  { txHash: Hash32("The transaction id."), index: Amount("The output index.") },
);

export const BuildBody = Type.Object(
  {
    changeAddress: Address("Pays the fee and receives the change (and minted tokens without destAddress)."),
    utxos: Type.Optional(
      Type.Array(UtxoString, {
        maxItems: 2000,
        description:
          "UTxOs the builder may spend. When absent or empty ([] as the hosted API's examples send it), the change address's UTxOs are read from the chain. UTxOs that carry a reference script (the fee would miss its charge) or a datum (spending it as plain funds would drop the datum, e.g. a CIP-68 reference token's metadata) are never picked by coin selection; spend them with requiredInputs.",
      }),
    ),
    requiredInputs: Type.Optional(Type.Array(UtxoString, { maxItems: 500, description: "UTxO strings that must be spent, whatever coin selection picks." })),
    outputs: Type.Optional(Type.Array(Output, { maxItems: 1000, description: "The outputs, in this order, before the minted-token outputs and the change." })),
    mint: Type.Optional(
      Type.Array(Mint, {
        maxItems: 200,
        description: "Assets to mint or burn with native-script policies. Each asset may appear once (400 otherwise); a burn needs the burnt tokens among the available UTxOs.",
      }),
    ),
    preloadedScripts: Type.Optional(
      Type.Array(
        Type.Union(
          [
            Type.Object({
              type: Type.Literal("simple", { description: "simple: a native script." }),
              script: NativeScript,
              hash: Hash28("The script hash (= policy id). A hash that differs from the script's is refused with 400."),
            }),
            Type.Object(
              { type: Type.String({ pattern: "^(?!simple$)", description: "Any other type (the hosted API's Plutus scripts): refused with 400 naming it." }) },
              { description: "A script of another kind, which this endpoint does not attach." },
            ),
          ],
          { description: 'A native script {type:"simple", script, hash}.' },
        ),
        { maxItems: 50, description: "Native scripts the mints need; each is attached to the witness set when a mint uses its policy." },
      ),
    ),
    message: Type.Optional(
      Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 1000 })], {
        description: "CIP-20 message: label 674 {msg:[...]}, each line split into chunks of at most 64 UTF-8 bytes.",
      }),
    ),
    metadata: Type.Optional(
      Type.Record(Type.String({ pattern: "^[0-9]+$" }), Type.Unknown(), {
        description: "Metadata {<label>: JSON}: objects become maps, arrays lists, integers ints, strings text (over 64 bytes: a list of ≤64-byte chunks). Booleans, null and fractions are refused.",
      }),
    ),
    meta: Type.Optional(
      Type.Array(
        Type.Object(
          {
            label: Type.Optional(
              Type.Union([Type.Literal("message"), Type.Literal("token"), Type.Integer({ minimum: 0 }), Type.String({ pattern: "^[0-9]+$" })], {
                description: '"message" → 674 (a string or string[] data becomes {msg:[...]}), "token" → 721, or a number. Absent: data is {<label>: JSON}.',
              }),
            ),
            data: Type.Unknown({ description: "The metadata JSON of this entry." }),
          },
        ),
        { maxItems: 100, description: "The array form of metadata. Entries with the same label are merged map by map (later keys win), after message and metadata." },
      ),
    ),
    validityInterval: Type.Optional(
      Type.Object(
        {
          start: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Literal(false)], { description: "Unix seconds (or a slot number, below 1,000,000,000) from which the transaction is valid; false: no lower bound. Default: the chain tip's time. Values from 10^11 on (milliseconds) are refused." })),
          end: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Literal(false)], { description: "Unix seconds (or a slot number, below 1,000,000,000) until which it is valid (exclusive); false: no upper bound. Default: start + 2 hours (7,200 slots). An end at or before the chain's tip is a 400: the ledger could never accept the transaction." })),
        },
        {
          description:
            "Validity interval in Unix seconds, converted to slots with the network's era history (a time inside a slot rounds down to it), or in slots: as in the hosted API, values below 1,000,000,000 (as Unix time, before any Shelley-era network began) are slot numbers. " +
            "A minting policy whose native script requires `before` a slot moves a default end back to that slot; explicit bounds that contradict a policy's time lock, " +
            "a lock that has already expired or one that opens later are 400 naming the slot.",
        },
      ),
    ),
    requiredSigners: Type.Optional(Type.Array(Hash28("A key hash whose signature the ledger will require."), { maxItems: 50, description: "Key hashes added to the body's required signers." })),
    referenceInputs: Type.Optional(
      Type.Array(Type.Union([Type.String({ pattern: "^[0-9a-fA-F]{64}#[0-9]{1,5}$" }), OutRefObject], { description: '"<txHash>#<index>" or {txHash, index}.' }), {
        maxItems: 50,
        description: "Outputs to read without spending; they must be unspent on chain (400 otherwise).",
      }),
    ),
  },
  { description: "What to build. Unknown fields are ignored, as the hosted API does (its published examples send some); " +
      "the hosted API's features this service does not build (delegations, scriptInteractions, cip68MetadataUpdates, Plutus mints) are refused with 400, so that nothing asked for is silently left out." },
);

export const BuildResponse = Type.Object({
  hash: Hash32("The transaction body hash: the id the transaction will have."),
  fee: Type.String({ pattern: "^[0-9]+$", description: "The fee the transaction pays (the ledger's minimum for its signed size), lovelace as a decimal string." }),
  complete: Hex("The whole unsigned transaction: body, witness set with every native script and datum it needs, auxiliary data. Sign this."),
  stripped: Hex("The same transaction with an empty witness set."),
  witnessSet: Hex("The witness set of `complete` alone (a0 when empty)."),
  auxiliaryData: Type.Optional(Hex("The auxiliary data, when the request carries metadata (message, metadata, meta or CIP-25 mints). Without metadata the transaction still holds an empty auxiliary data map (Mesh always attaches one; it costs about 1,600 lovelace of fee), which this field then leaves out.")),
}, { description: "The unsigned transaction, in the forms wallets and signers take." });

export const SubmitBody = Type.Object(
  {
    transaction: Hex("The transaction, CBOR hex: typically `complete` from a build endpoint, signed or not.", { minLength: 2 }),
    signatures: Type.Optional(
      Type.Array(Hex("A witness set, CBOR hex, as CIP-30 signTx(tx, true) returns it (e.g. a10081825820…).", { minLength: 2 }), {
        maxItems: 64,
        description: "Witness sets whose vkey witnesses are added to the transaction's witness set. The transaction body is never changed.",
      }),
    ),
  },
  { additionalProperties: false, description: "A transaction and the signatures to add before submitting it." },
);

export const SubmitResponse = Type.Object(
  { txHash: Hash32("The transaction id (the hash of its body), lowercase hex.") },
  { description: "The ledger accepted the transaction (or had already accepted it)." },
);

export const TxParams = Type.Object({ txHash: Hash32("The transaction id, 64 hex digits.") });
export const TxStatusResponse = Type.Object(
  {
    txHash: Hash32("The transaction id, lowercase hex."),
    status: Type.Union([Type.Literal("confirmed"), Type.Literal("unknown")], {
      description: "confirmed: the ledger accepted it; unknown: the chain has not seen it (yet), or it was rejected.",
    }),
  },
  { description: "Whether the transaction is on the chain." },
);
