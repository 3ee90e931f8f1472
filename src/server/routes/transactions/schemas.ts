// The schemas of POST /transactions/build, POST /transactions/submit (shared with POST
// /tournaments/submit-tx) and GET /transactions/{txHash}: every field documented.
import { Type, type TSchema } from "typebox";
import { Amount, Hash28, Hash32, Hex, SignedAmount } from "../../schemas.js";
import { Address, DecodedAsset, DecodedUtxo, UtxoString } from "../addresses/schemas.js";

const SigLeaf = Type.Object(
  {
    type: Type.Literal("sig", { description: "sig: a signature of keyHash is required." }),
    keyHash: Hash28("The key hash (28 bytes hex) that must sign."),
  },
  { additionalProperties: false },
);
const TimeLockLeaf = Type.Object(
  {
    type: Type.Union([Type.Literal("before"), Type.Literal("after")], {
      description: "before / after: a time lock on slots.",
    }),
    slot: Amount("The slot bound: before = valid before it, after = valid from it."),
  },
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
          type: Type.Union([Type.Literal("all"), Type.Literal("any"), Type.Literal("atLeast")], {
            description: "all / any / atLeast: a combination of sub-scripts.",
          }),
          required: Type.Optional(
            Type.Integer({ minimum: 0, description: "For atLeast: how many of scripts must hold." }),
          ),
          scripts: Type.Array(inner, { maxItems: 64, description: "The sub-scripts." }),
        },
        { additionalProperties: false },
      ),
    ],
    {
      description:
        'A native script in the JSON schema of cardano-cli: {"type":"sig","keyHash"}, {"type":"all"|"any","scripts"}, {"type":"atLeast","required","scripts"}, {"type":"before"|"after","slot"}.',
    },
  );

/** Native script JSON nested up to 5 levels below the top one, written out level by level so that its type follows. */
const NativeScript = nativeScriptOver(
  nativeScriptOver(
    nativeScriptOver(
      nativeScriptOver(
        nativeScriptOver(
          Type.Union([SigLeaf, TimeLockLeaf], { description: "A native script leaf: sig, before or after." }),
        ),
      ),
    ),
  ),
);

const AssetNameObject = Type.Object(
  {
    name: Type.String({ maxLength: 64, description: "The asset name without its CIP-67 prefix." }),
    format: Type.Union([Type.Literal("utf8"), Type.Literal("hex")], {
      description: "How name is written: UTF-8 text or hex bytes.",
    }),
    label: Type.Optional(
      Type.Union([Type.Literal(100), Type.Literal(222), Type.Literal(333), Type.Literal(444)], {
        description:
          "A CIP-67 label: its 4-byte prefix (100 → 000643b0, 222 → 000de140, 333 → 0014df10, 444 → 001bc280) is put before the name.",
      }),
    ),
  },
  { description: "An asset name given by parts. The whole name (prefix included) is at most 32 bytes." },
);

const DataDatum = Type.Object(
  {
    type: Type.Union([Type.Literal("inline"), Type.Literal("hash")], {
      description:
        "inline: the datum sits in the output. hash: the output holds the datum hash and the datum is added to the witness set of `complete`.",
    }),
    value: Type.Unknown({
      description:
        'Plutus data: CBOR hex, or the detailed JSON schema ({"constructor":0,"fields":[{"int":1},{"bytes":"cafe"}]}); with `shape`, JSON of the datum schema of ' +
        'that validator\'s blueprint (e.g. {"owner":"<key hash hex>"}), converted by it (400 naming the path that does not match).',
    }),
    shape: Type.Optional(
      Type.Object(
        {
          validatorHash: Hash28(
            "The validator whose blueprint's datum schema `value` follows: a blueprint of this API key (POST /blueprints) or of preloadedScripts.",
          ),
          purpose: Type.String({
            minLength: 1,
            maxLength: 20,
            description: 'The validator purpose whose datum schema applies: "spend" for a datum that script will read.',
          }),
        },
        { description: "Which blueprint schema `value` is written in." },
      ),
    ),
  },
  {
    description: "A datum for the output.",
    examples: [
      {
        type: "inline",
        value: { owner: "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4" },
        shape: { validatorHash: "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570", purpose: "spend" },
      },
    ],
  },
);

const ScriptDatum = Type.Object(
  {
    type: Type.Literal("script", {
      description:
        "script: the output carries the validator `hash` as a reference script (a deployment), and no datum.",
    }),
    hash: Hash28(
      "The validator to deploy: a blueprint's of this API key (POST /blueprints) or of preloadedScripts. Record where it landed with POST /blueprints {blueprint, refs} so that later builds run it by reference.",
    ),
  },
  { description: "Deploy a validator as a reference script in this output." },
);

const Datum = Type.Union([DataDatum, ScriptDatum], {
  description: "A datum for the output, or (type script) a reference script.",
});

const Output = Type.Object({
  address: Address("The bech32 address to pay; it must be of this instance's network family."),
  lovelace: Type.Optional(
    Amount(
      "Lovelace to send. When absent, the ledger minimum for this output (with its assets and datum). An amount below that minimum is refused with 400 naming the minimum.",
    ),
  ),
  assets: Type.Optional(
    Type.Array(
      Type.Object({
        policyId: Hash28("The policy id (56 hex)."),
        assetName: Type.Union([Hex("The asset name as hex (at most 32 bytes).", { maxLength: 64 }), AssetNameObject], {
          description: "The asset name: hex, or {name, format, label?}.",
        }),
        quantity: Amount("How many to send."),
      }),
      { maxItems: 256, description: "Native assets to send in this output." },
    ),
  ),
  datum: Type.Optional(Datum),
});

const Mint = Type.Object({
  type: Type.Optional(
    Type.Union([Type.Literal("plutus"), Type.Literal("native")], {
      description:
        'plutus: the policy is a Plutus validator (of a blueprint of this API key or of preloadedScripts), run with the redeemer of the scriptInteractions entry {purpose:"mint", hash: policyId}. ' +
        "native (the default): a native script of preloadedScripts.",
    }),
  ),
  version: Type.Union([Type.Literal("cip25"), Type.Literal("cip68")], {
    description:
      "cip25: the asset is minted as named and metadata goes to label 721 (version 1: policy id and asset name as text keys; strings over 64 bytes split into lists). " +
      "cip68: an entry labelled 222 (the default), 333 or 444 mints that user token and, unless the request also lists the label-100 entry of the same name, " +
      "one reference token (label 100) sent to the change address with the inline datum #6.121([metadata as a map of UTF-8 bytes, 1, #6.121([])]) built from its metadata. " +
      "An entry labelled 100 is that reference token itself (quantity 1, or -1 to burn), sent to destAddress or the change address with its metadata's datum. " +
      "A burn (negative quantity) burns only the token its entry names.",
  }),
  assetName: AssetNameObject,
  metadata: Type.Optional(
    Type.Unknown({
      description: "The token's metadata (JSON): the CIP-25 entry, or the CIP-68 datum's map. Ignored for burns.",
    }),
  ),
  policyId: Hash28(
    "The policy id: its native script must be among preloadedScripts, or (type plutus) its validator known from a blueprint.",
  ),
  quantity: SignedAmount("How many to mint; negative burns that many from the available UTxOs. Zero is refused."),
  destAddress: Type.Optional(
    Address(
      "Where minted tokens go (one output per address, with the minimum lovelace); absent: to the change address.",
    ),
  ),
});

const Delegation = Type.Object(
  {
    type: Type.Union([Type.Literal("pool"), Type.Literal("drep")], {
      description:
        "pool: the account delegates its stake to a stake pool (a stake_delegation certificate). drep: it delegates its vote to a DRep (a vote_deleg_cert).",
    }),
    address: Address(
      "The account: a base address (addr…) or a reward address (stake…), bech32 or hex, of this instance's network family. Its stake credential must be a key " +
        "(a script credential would need a certificate redeemer: 400); an enterprise, pointer or Byron address has none (400). The stake key signs the transaction.",
    ),
    keyHash: Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        "type pool: the pool id, pool1… (bech32) or its 56-hex key hash. type drep: the DRep id, drep1… in CIP-129's form (header byte 0x22 key, 0x23 script) or the older drep1… of a bare key hash, CIP-105's drep_vkh1… (a key hash), drep_script1… (a script hash) or drep_vk1… (a key), " +
        'or its hex (56 digits: a key hash; 58: CIP-129); or a predefined DRep: "always-abstain" or "always-no-confidence" (also accepted: "abstain", "no-confidence", ' +
        "Blockfrost's drep_always_abstain / drep_always_no_confidence; case, '_' and '-' are ignored).",
    }),
  },
  {
    description:
      "A delegation of the account of `address`. Entries for the same account are merged (one pool and one DRep per account at most). " +
      "When the account's stake credential is not registered on chain, the transaction registers it first (a Conway reg_cert holding the deposit, the protocol's " +
      "stakeAddressDeposit, 2 ADA on mainnet, paid from the inputs); a registered one is not registered again. Then a stake_delegation (pool) and a vote_deleg_cert (drep). " +
      "The ledger refuses a pool or DRep that is not registered (422 at submit).",
    examples: [
      {
        type: "pool",
        address:
          "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y",
        keyHash: "pool13mm55qynw84fjlnhyq277ys5csaxgfezvmamd8saxhxculu655t",
      },
    ],
  },
);

const OutRefObject = Type.Object({ txHash: Hash32("The transaction id."), index: Amount("The output index.") });

const Redeemer = Type.Union(
  [
    Type.Object(
      {
        type: Type.Literal("json", { description: "json: `value` is JSON of the blueprint's redeemer schema." }),
        value: Type.Unknown({
          description:
            "JSON of the redeemer schema of the validator's blueprint, converted by it (400 naming the path that does not match).",
        }),
      },
      { description: "A redeemer as JSON of the blueprint's schema." },
    ),
    Type.Object(
      {
        type: Type.Literal("cbor", { description: "cbor: `value` is Plutus data as CBOR hex." }),
        value: Hex("Plutus data as CBOR hex.", { minLength: 2 }),
      },
      { description: "A redeemer as Plutus data CBOR." },
    ),
    Hex("Plutus data as CBOR hex.", { minLength: 2 }),
  ],
  { description: 'The redeemer: {type:"json", value} by the blueprint\'s schema, {type:"cbor", value} or CBOR hex.' },
);

const ScriptInteraction = Type.Object(
  {
    purpose: Type.Union([Type.Literal("spend"), Type.Literal("mint")], {
      description:
        "spend: spend outputRef, locked at the validator's address. mint: run the policy `hash` for the mint[] entries under it.",
    }),
    hash: Hash28(
      "The validator's script hash: a blueprint's of this API key (POST /blueprints) or of preloadedScripts.",
    ),
    outputRef: Type.Optional(
      Type.Object(
        { txHash: Hash32("The transaction id."), index: Amount("The output index.") },
        { description: "spend: the UTxO to spend." },
      ),
    ),
    redeemer: Type.Optional(Redeemer),
    datum: Type.Optional(
      Type.Unknown({
        description:
          "spend, of a UTxO holding only its datum's hash: the datum, as JSON of the blueprint's datum schema or CBOR hex (its hash must match).",
      }),
    ),
  },
  {
    description: "A Plutus script run by the transaction.",
    examples: [
      {
        purpose: "spend",
        hash: "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570",
        outputRef: { txHash: "a68c52abfbb6f0543f452f5305a13cefa3f112e53e2733e1023b3340f6d97b9a", index: 0 },
        redeemer: { type: "json", value: { msg: "48656c6c6f20576f726c64" } },
      },
    ],
  },
);

const Cip68MetadataUpdate = Type.Object(
  {
    policyId: Hash28("The policy id of the CIP-68 token."),
    assetName: Type.Union(
      [
        Hex("The reference token's whole asset name, hex, starting with the label-100 prefix 000643b0.", {
          minLength: 8,
          maxLength: 64,
        }),
        AssetNameObject,
      ],
      {
        description:
          "The reference token (label 100): its name in hex with the 000643b0 prefix, or {name, format, label: 100}. Any other name is a 400.",
      },
    ),
    metadata: Type.Unknown({
      description:
        "The new metadata, a JSON object, converted as a cip68 mint[] entry's (strings become UTF-8 bytes, objects maps with byte keys, arrays lists, integers ints). " +
        "It replaces the datum's metadata map; the datum's version and extra fields stay as they were.",
    }),
    action: Type.String({ description: '"update", the only action (any other is a 400).' }),
  },
  {
    description:
      "Rewrites the datum of a CIP-68 reference token (label 100). The token's current output is found on chain (an unspent output holding it; none: 400 naming assetName, " +
      "for a token never minted or burnt), spent, and re-created at the same address with the same value (its lovelace raised to the new output's minimum if the datum grows) " +
      "and a new inline datum. At a key address the output is spent as a key input: its owner (the metadata manager) signs `complete`, and the fee counts that signature. " +
      'At a script address it must be spent by a scriptInteractions entry {purpose:"spend", outputRef} of this request, whose validator decides (400 naming the entry otherwise). ' +
      "The re-created outputs come after the request's outputs and the minted tokens' outputs, in entry order, before the change. " +
      "A reference token held with only a datum hash, with no datum, or with a datum that is not 121([map, version, …]) is a 400, as are an entry that repeats a token, " +
      "or whose token the request's outputs send or mint[] mints or burns.",
    examples: [
      {
        policyId: "4d5bd6249f0d9e4b2762ce334e2973dc7fd414ec1e08b4b0c2159bfb",
        assetName: "000643b0616e76696c61706963697036385f31373532373032393939373838",
        metadata: {
          name: "New Updated Name",
          description: "This is the updated description for the CIP-68 asset.",
          image: "ipfs://new-image-hash-goes-here",
        },
        action: "update",
      },
    ],
  },
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
    requiredInputs: Type.Optional(
      Type.Array(UtxoString, {
        maxItems: 500,
        description: "UTxO strings that must be spent, whatever coin selection picks.",
      }),
    ),
    outputs: Type.Optional(
      Type.Array(Output, {
        maxItems: 1000,
        description: "The outputs, in this order, before the minted-token outputs and the change.",
      }),
    ),
    mint: Type.Optional(
      Type.Array(Mint, {
        maxItems: 200,
        description:
          "Assets to mint or burn with native-script policies. Each asset may appear once (400 otherwise); a burn needs the burnt tokens among the available UTxOs.",
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
              {
                type: Type.Literal("plutus", {
                  description:
                    "plutus: Plutus validators, as POST /blueprints/apply-params answers them (its preloadedScript, passed on unchanged).",
                }),
                blueprint: Type.Object(
                  {},
                  {
                    additionalProperties: true,
                    description: "A CIP-57 blueprint (plutus.json) holding the validators.",
                  },
                ),
              },
              { description: "Plutus validators given with the request, not stored." },
            ),
            Type.Object(
              {
                type: Type.String({
                  pattern: "^(?!simple$|plutus$)",
                  description: "Any other type: refused with 400 naming it.",
                }),
              },
              { description: "A script of another kind, which this endpoint does not attach." },
            ),
          ],
          {
            description:
              'A native script {type:"simple", script, hash}, or Plutus validators {type:"plutus", blueprint}.',
          },
        ),
        {
          maxItems: 50,
          description:
            "Scripts the transaction may run that are not stored: native scripts for the mints (attached when a mint uses its policy), and Plutus blueprints " +
            "(their validators are looked up before this API key's stored blueprints).",
        },
      ),
    ),
    message: Type.Optional(
      Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 1000 })], {
        description: "CIP-20 message: label 674 {msg:[...]}, each line split into chunks of at most 64 UTF-8 bytes.",
      }),
    ),
    metadata: Type.Optional(
      Type.Record(Type.String({ pattern: "^[0-9]+$" }), Type.Unknown(), {
        description:
          "Metadata {<label>: JSON}: objects become maps, arrays lists, integers ints, strings text (over 64 bytes: a list of ≤64-byte chunks). Booleans, null and fractions are refused.",
      }),
    ),
    meta: Type.Optional(
      Type.Array(
        Type.Object({
          label: Type.Optional(
            Type.Union(
              [
                Type.Literal("message"),
                Type.Literal("token"),
                Type.Integer({ minimum: 0 }),
                Type.String({ pattern: "^[0-9]+$" }),
              ],
              {
                description:
                  '"message" → 674 (a string or string[] data becomes {msg:[...]}), "token" → 721, or a number. Absent: data is {<label>: JSON}.',
              },
            ),
          ),
          data: Type.Unknown({ description: "The metadata JSON of this entry." }),
        }),
        {
          maxItems: 100,
          description:
            "The array form of metadata. Entries with the same label are merged map by map (later keys win), after message and metadata.",
        },
      ),
    ),
    validityInterval: Type.Optional(
      Type.Object(
        {
          start: Type.Optional(
            Type.Union([Type.Integer({ minimum: 0 }), Type.Literal(false)], {
              description:
                "Unix seconds (or a slot number, below 1,000,000,000) from which the transaction is valid; false: no lower bound. Default: the chain tip's time. Values from 10^11 on (milliseconds) are refused.",
            }),
          ),
          end: Type.Optional(
            Type.Union([Type.Integer({ minimum: 0 }), Type.Literal(false)], {
              description:
                "Unix seconds (or a slot number, below 1,000,000,000) until which it is valid (exclusive); false: no upper bound. Default: start + 2 hours (7,200 slots). An end at or before the chain's tip is a 400: the ledger could never accept the transaction.",
            }),
          ),
        },
        {
          description:
            "Validity interval in Unix seconds, converted to slots with the network's era history (a time inside a slot rounds down to it), or in slots: as in the hosted API, values below 1,000,000,000 (as Unix time, before any Shelley-era network began) are slot numbers. " +
            "A minting policy whose native script requires `before` a slot moves a default end back to that slot; explicit bounds that contradict a policy's time lock, " +
            "a lock that has already expired or one that opens later are 400 naming the slot.",
        },
      ),
    ),
    requiredSigners: Type.Optional(
      Type.Array(Hash28("A key hash whose signature the ledger will require."), {
        maxItems: 50,
        description: "Key hashes added to the body's required signers.",
      }),
    ),
    referenceInputs: Type.Optional(
      Type.Array(
        Type.Union([Type.String({ pattern: "^[0-9a-fA-F]{64}#[0-9]{1,5}$" }), OutRefObject], {
          description: '"<txHash>#<index>" or {txHash, index}.',
        }),
        {
          maxItems: 50,
          description: "Outputs to read without spending; they must be unspent on chain (400 otherwise).",
        },
      ),
    ),
    scriptInteractions: Type.Optional(
      Type.Array(ScriptInteraction, {
        maxItems: 50,
        description:
          "Plutus scripts the transaction runs: spend a UTxO at a validator's address, or mint and burn under a Plutus policy (with mint[] entries of type plutus). " +
          "Each script is run by reference when a reference input carries it (referenceInputs, or the deployment recorded with POST /blueprints refs), else attached to the witness set. " +
          "Collateral (an ADA-only UTxO of at least 5 ADA from utxos or the change address, else one that also holds tokens and enough ADA to give them back, with a collateral return) and the redeemers' budgets (from the network's evaluator) are added; " +
          "a script that fails is a 422 carrying its trace.",
      }),
    ),
    delegations: Type.Optional(
      Type.Array(Delegation, {
        maxItems: 20,
        description:
          "Stake and vote delegations. The transaction then carries their certificates (field 4) and must be signed by each account's stake key as well as the payment keys: " +
          "sign `complete` with both (a CIP-30 wallet's signTx does). The fee counts the stake key's signature; `fee` and the change account for the deposits.",
        examples: [
          [
            {
              type: "pool",
              address:
                "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y",
              keyHash: "pool13mm55qynw84fjlnhyq277ys5csaxgfezvmamd8saxhxculu655t",
            },
            {
              type: "drep",
              address:
                "addr_test1qzlc4t5df7pq2kzaud72lqpzlku5geuk5mfhlmfhzq6yg6kd934hmw7k5zpx4zff9l6uvwu989hq2ylyxdne0zey502s9x624y",
              keyHash: "always-abstain",
            },
          ],
        ],
      }),
    ),
    cip68MetadataUpdates: Type.Optional(
      Type.Array(Cip68MetadataUpdate, {
        maxItems: 50,
        description:
          "New metadata for CIP-68 reference tokens: each token's output is spent and re-created with a new datum (see the entry's description).",
      }),
    ),
  },
  {
    description:
      "What to build. Unknown fields are ignored, as the hosted API does (its published examples send some), and named in the answer's `warnings`; " +
      "an unknown field that looks like a typo of a field of the same object (`amount` for `lovelace`, `messages` for `message`, `changeadress`) is a 400 SVC_ERR_UNKNOWN_FIELD saying which was meant.",
  },
);

export const BuildResponse = Type.Object(
  {
    hash: Hash32("The transaction body hash: the id the transaction will have."),
    fee: Type.String({
      pattern: "^[0-9]+$",
      description:
        "The fee the transaction pays (the ledger's minimum for its signed size), lovelace as a decimal string.",
    }),
    complete: Hex(
      "The whole unsigned transaction: body, witness set with every native script and datum it needs, auxiliary data. Sign this.",
    ),
    stripped: Hex("The same transaction with an empty witness set."),
    witnessSet: Hex("The witness set of `complete` alone (a0 when empty)."),
    auxiliaryData: Type.Optional(
      Hex(
        "The auxiliary data, when the request carries metadata (message, metadata, meta or CIP-25 mints). Without metadata the transaction still holds an empty auxiliary data map (Mesh always attaches one; it costs about 1,600 lovelace of fee), which this field then leaves out.",
      ),
    ),
  },
  { description: "The unsigned transaction, in the forms wallets and signers take." },
);

export const SubmitBody = Type.Object(
  {
    transaction: Hex("The transaction, CBOR hex: typically `complete` from a build endpoint, signed or not.", {
      minLength: 2,
    }),
    signatures: Type.Optional(
      Type.Array(
        Hex("A witness set, CBOR hex, as CIP-30 signTx(tx, true) returns it (e.g. a10081825820…).", { minLength: 2 }),
        {
          maxItems: 64,
          description:
            "Witness sets whose vkey witnesses are added to the transaction's witness set. The transaction body is never changed.",
        },
      ),
    ),
  },
  { additionalProperties: false, description: "A transaction and the signatures to add before submitting it." },
);

export const SubmitResponse = Type.Object(
  { txHash: Hash32("The transaction id (the hash of its body), lowercase hex.") },
  { description: "The ledger accepted the transaction (or had already accepted it)." },
);

const TX_HASH_EXAMPLE = "8f1d2b3a6c5e4f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8";

export const TxParams = Type.Object({
  txHash: Type.String({ ...Hash32("The transaction id, 64 hex digits."), examples: [TX_HASH_EXAMPLE] }),
});

const txStatusFields = {
  txHash: Hash32("The transaction id, lowercase hex."),
  status: Type.Union(
    [Type.Literal("pending"), Type.Literal("confirmed"), Type.Literal("rejected"), Type.Literal("unknown")],
    {
      description:
        "confirmed: on the chain (see `confirmations`). pending: this instance submitted it and the backend accepted it, but it is not in a block yet. " +
        "rejected: this instance submitted it and the ledger refused it (see `reason`); it is not on the chain. " +
        "unknown: the chain has not seen it and this instance does not remember submitting it. " +
        "pending and rejected come from this instance's memory of its last 10,000 submissions, which a restart forgets (they become unknown).",
    },
  ),
  confirmations: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description:
        "With `confirmed`: the transaction's depth, the blocks from its own to the tip (1: in the latest block). " +
        "The devnet has no blocks: it counts the slots since it accepted the transaction, plus one (one slot a second). " +
        "null when the backend cannot tell (Ogmios + Kupo, for a transaction Kupo has not indexed).",
    }),
  ),
  reason: Type.Optional(
    Type.String({
      description: "With `rejected`: why the ledger refused the transaction, as the submit's 422 said it.",
    }),
  ),
};

export const TxViewQuery = Type.Object({
  view: Type.Optional(
    Type.Union([Type.Literal("status"), Type.Literal("decoded")], {
      description:
        "status (the default): where the transaction is. decoded: the status together with the transaction itself, decoded " +
        "(inputs, reference inputs, collateral, outputs, mint and burn, metadata, fee, validity interval, required signers and signers).",
      examples: ["decoded"],
    }),
  ),
});

const InputRef = Type.Object(
  {
    txHash: Hash32("The transaction that made the output."),
    index: Type.Integer({ minimum: 0, description: "The output's index in it." }),
  },
  { description: "An output reference." },
);
const inputRefs = (description: string) => Type.Optional(Type.Array(InputRef, { description }));
const ValidityBound = Type.Union(
  [
    Type.Object(
      {
        slot: Type.Integer({ minimum: 0, description: "The slot." }),
        time: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
          description: "When the slot starts, ISO 8601 UTC; null when the network's era history cannot place it.",
        }),
      },
      { description: "A validity bound." },
    ),
    Type.Null(),
  ],
  { description: "The bound; null when the transaction has none." },
);

/** The fields of a decoded transaction (view=decoded), present when its CBOR could be had. */
const decodedTxFields = {
  inputs: inputRefs("The outputs it spends."),
  referenceInputs: inputRefs("The outputs it reads without spending them (CIP-31)."),
  collateral: inputRefs("Its collateral inputs (spent only when a script fails)."),
  outputs: Type.Optional(
    Type.Array(DecodedUtxo, {
      description: "Its outputs, decoded as GET /addresses/{address}/utxos?view=decoded answers them.",
    }),
  ),
  mint: Type.Optional(
    Type.Array(DecodedAsset, { description: "What it mints (positive quantities) and burns (negative)." }),
  ),
  metadata: Type.Optional(
    Type.Union([Type.Record(Type.String({ pattern: "^[0-9]+$" }), Type.Unknown()), Type.Null()], {
      description:
        "Its metadata by label (674: a CIP-20 message, 721: CIP-25 NFT metadata), as JSON: text as strings, integers as numbers (decimal strings beyond 2^53), " +
        'bytes as "0x" followed by their hex, lists as arrays, maps as objects (as [{k, v}] pairs when a key is neither text nor an integer); null when it has none.',
    }),
  ),
  fee: Type.Optional(
    Type.String({ pattern: "^[0-9]+$", description: "The fee it pays, lovelace as a decimal string." }),
  ),
  validity: Type.Optional(
    Type.Object(
      { from: ValidityBound, until: ValidityBound },
      {
        description:
          "Its validity interval: valid from `from` (included) until `until` (excluded), each a slot and the UTC time the slot starts.",
      },
    ),
  ),
  requiredSigners: Type.Optional(
    Type.Array(Hash28("A key hash."), {
      description: "The key hashes its body requires signatures of (required_signers).",
    }),
  ),
  signers: Type.Optional(
    Type.Array(Hash28("A key hash."), { description: "The key hashes of the signatures (vkey witnesses) it carries." }),
  ),
};

const DECODED_TX_EXAMPLE = {
  txHash: TX_HASH_EXAMPLE,
  status: "confirmed",
  confirmations: 2,
  inputs: [{ txHash: "9961cd1569a397bfb1db852f54a6eda532e4d822fce31f9183a8bcdf046cd7ae", index: 0 }],
  referenceInputs: [],
  collateral: [],
  outputs: [
    {
      txHash: TX_HASH_EXAMPLE,
      index: 0,
      address: "addr_test1vr75dew8ess84ya8zvt8en6fcx0ms6daez39prvc9vltukq0ct42e",
      lovelace: "1150770",
      assets: [
        {
          policyId: "a3c5b0e1f4d2c6b8a9e7d5c3b1a2f4e6d8c0b2a4e6f8d0c2b4a6e8f0",
          assetName: "000de1404865726f",
          name: "Hero",
          label: 222,
          quantity: "1",
        },
      ],
      datum: null,
      referenceScriptHash: null,
    },
  ],
  mint: [
    {
      policyId: "a3c5b0e1f4d2c6b8a9e7d5c3b1a2f4e6d8c0b2a4e6f8d0c2b4a6e8f0",
      assetName: "000de1404865726f",
      name: "Hero",
      label: 222,
      quantity: "1",
    },
  ],
  metadata: { "674": { msg: ["Hello, Cardano!"] } },
  fee: "183585",
  validity: { from: null, until: { slot: 1200, time: "2026-11-24T10:55:00.000Z" } },
  requiredSigners: [],
  signers: ["fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe58"],
};

/** GET /transactions/{txHash}: the status, and with view=decoded the transaction decoded. */
export const TxResponse = Type.Object(
  { ...txStatusFields, ...decodedTxFields },
  {
    description:
      "Where the transaction is: on the chain and how deep, waiting for a block, refused, or unknown. With view=decoded, also the transaction itself, decoded, " +
      "when its CBOR can be had (the decoded fields are absent otherwise: a transaction the ledger refused, or, through Ogmios + Kupo, one this instance did not submit).",
    examples: [
      { txHash: TX_HASH_EXAMPLE, status: "confirmed", confirmations: 3 },
      { txHash: TX_HASH_EXAMPLE, status: "pending" },
      {
        txHash: TX_HASH_EXAMPLE,
        status: "rejected",
        reason: "The ledger rejected the transaction: a required signature is missing.",
      },
      { txHash: TX_HASH_EXAMPLE, status: "unknown" },
      DECODED_TX_EXAMPLE,
    ],
  },
);

/** Bounds of GET /transactions/{txHash}/wait. */
export const WAIT_LIMITS = { maxConfirmations: 100, defaultTimeout: 60, maxTimeout: 300 } as const;

export const TxWaitQuery = Type.Object(
  {
    confirmations: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: WAIT_LIMITS.maxConfirmations,
        default: 1,
        description: `The depth to wait for: blocks from the transaction's own to the tip (1: in a block). 1 to ${WAIT_LIMITS.maxConfirmations}, default 1.`,
        examples: [1],
      }),
    ),
    timeout: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: WAIT_LIMITS.maxTimeout,
        default: WAIT_LIMITS.defaultTimeout,
        description: `Seconds to wait at most, 0 to ${WAIT_LIMITS.maxTimeout}, default ${WAIT_LIMITS.defaultTimeout} (0: look once).`,
        examples: [5],
      }),
    ),
  },
  { additionalProperties: false },
);

export const TxWaitResponse = Type.Object(
  {
    ...txStatusFields,
    timedOut: Type.Boolean({
      description:
        "true when `timeout` passed first: the status is the last one seen (pending, unknown, or confirmed but not deep enough yet); wait again or give up.",
    }),
  },
  {
    description: "The transaction reached the depth asked for, was rejected, or the timeout passed (`timedOut`).",
    examples: [
      { txHash: TX_HASH_EXAMPLE, status: "confirmed", confirmations: 1, timedOut: false },
      {
        txHash: TX_HASH_EXAMPLE,
        status: "rejected",
        reason: "The ledger rejected the transaction: a required signature is missing.",
        timedOut: false,
      },
      { txHash: TX_HASH_EXAMPLE, status: "pending", timedOut: true },
    ],
  },
);
