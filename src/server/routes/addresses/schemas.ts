// The UTxO query's schemas, and the address and UTxO-string fields every area's bodies use.
import { Type } from "typebox";
import { Cursor, Limit, NextCursor } from "../../pagination.js";
import { Hash28, Hash32, Hex } from "../../schemas.js";

/** An address field: bech32 or hex, checked by the route (paymentAddressOn or the domain). */
export const Address = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

/** A UTxO in a request: what GET /addresses/{address}/utxos answers and CIP-30 getUtxos() returns. */
export const UtxoString = Hex("A UTxO string: the CBOR of [input, output], as CIP-30 getUtxos() returns it.", {
  minLength: 2,
});

export const AddressParams = Type.Object({
  address: Address("A payment address (bech32 or hex) of this instance's network family."),
});

export const UtxosResponse = Type.Object(
  {
    utxos: Type.Array(Hex("A UTxO string: the CBOR of [input, output], as CIP-30 getUtxos() returns it."), {
      description: "The unspent outputs at the address, ready to pass as `utxos` to the build endpoints.",
    }),
    cursor: NextCursor,
  },
  { description: "The UTxOs at the address." },
);

// ── The decoded view (GET /addresses/{address}/utxos?view=decoded, and the outputs of a decoded transaction) ──

export const UtxosQuery = Type.Object({
  view: Type.Optional(
    Type.Union([Type.Literal("cbor"), Type.Literal("decoded")], {
      description:
        "cbor (the default): UTxO strings, as CIP-30 getUtxos() returns them and the build endpoints take them. " +
        "decoded: each UTxO as JSON a person reads (lovelace, assets with their names as text and CIP-67 labels, the datum as Plutus data JSON).",
      examples: ["decoded"],
    }),
  ),
  limit: Limit("UTxOs", "every UTxO at the address, in one answer (as the build endpoints take them)"),
  cursor: Cursor(),
});

/** An asset in a decoded output or mint. */
export const DecodedAsset = Type.Object(
  {
    policyId: Hash28("The policy id, hex."),
    assetName: Type.String({
      pattern: "^([0-9a-f]{2}){0,32}$",
      description: "The asset name as on the chain, hex (its CIP-67 prefix included).",
    }),
    name: Type.Union([Type.String(), Type.Null()], {
      description:
        "The asset name as UTF-8 text, after its CIP-67 prefix when it has one, when it is printable (no control characters); else null.",
    }),
    label: Type.Union([Type.Integer({ minimum: 0, maximum: 65535 }), Type.Null()], {
      description:
        "The CIP-67 label (100 reference NFT, 222 NFT, 333 FT, 444 RFT, …) when the name starts with a valid CIP-67 prefix (its checksum included); else null.",
    }),
    quantity: Type.String({
      pattern: "^-?[0-9]+$",
      description: "How many, a decimal string (in a transaction's mint, negative for a burn).",
    }),
  },
  { description: "A native asset." },
);

export const DecodedUtxo = Type.Object(
  {
    txHash: Hash32("The transaction that made the output."),
    index: Type.Integer({ minimum: 0, description: "The output's index in that transaction." }),
    address: Type.String({ description: "The output's address (bech32; base58 for a Byron address)." }),
    lovelace: Type.String({ pattern: "^[0-9]+$", description: "The lovelace it holds, a decimal string." }),
    assets: Type.Array(DecodedAsset, {
      description: "The native assets it holds, in the output's order (empty for ADA only).",
    }),
    datum: Type.Union(
      [
        Type.Object(
          {
            hash: Hash32("The datum hash (of the inline datum's bytes, for an inline datum)."),
            inline: Type.Union([Type.Unknown(), Type.Null()], {
              description:
                'The inline datum as Plutus data JSON in the detailed schema of cardano-cli ({"constructor": 0, "fields": [...]}, {"int": 1}, {"bytes": "<hex>"}, {"list": [...]}, {"map": [{"k": ..., "v": ...}]}; ' +
                "integers beyond 2^53 as decimal strings), what POST /transactions/build takes back as a datum; null when the output holds only the datum's hash, " +
                "or when the inline datum is over the CBOR limits (then `raw` and `note`).",
            }),
            raw: Type.Optional(
              Type.String({
                pattern: "^([0-9a-f]{2})+$",
                description:
                  "The inline datum's CBOR (hex), present when it is not decoded: it nests deeper, or holds more items, than the service decodes (see note).",
              }),
            ),
            note: Type.Optional(Type.String({ description: "Why the inline datum is left raw, present with `raw`." })),
          },
          { description: "The output's datum." },
        ),
        Type.Null(),
      ],
      { description: "The output's datum; null when it has none." },
    ),
    referenceScriptHash: Type.Union([Hash28("A script hash, hex."), Type.Null()], {
      description: "The hash of the reference script the output carries; null when it carries none.",
    }),
  },
  { description: "An output, decoded." },
);

export const DecodedUtxosResponse = Type.Object(
  {
    utxos: Type.Array(DecodedUtxo, { description: "The unspent outputs at the address, decoded." }),
    cursor: NextCursor,
  },
  { description: "The UTxOs at the address, decoded (view=decoded)." },
);

/** Either view's answer. */
export const UtxosAnswer = Type.Union([UtxosResponse, DecodedUtxosResponse], {
  description: "The UTxOs at the address: UTxO strings (view=cbor, the default), or decoded (view=decoded).",
});
