// Examples of the address endpoints for the OpenAPI description: the UTxO query's answer (CBOR) and
// its 400 for what is not an address, and the decoded UTxO view: the first UTxO of the UTxO query's
// example, and a CIP-68 reference token (label 100) with its metadata datum.
import type { ErrorExample } from "../../schemas.js";
import { EXAMPLE_PLAYER, TX_HASH } from "../examples.js";

const HERO_POLICY = "a3c5b0e1f4d2c6b8a9e7d5c3b1a2f4e6d8c0b2a4e6f8d0c2b4a6e8f0";
const bytes = (text: string) => ({ bytes: Buffer.from(text, "utf8").toString("hex") });

/** A decoded ADA-only output. */
export const DECODED_ADA_UTXO = {
  txHash: TX_HASH,
  index: 0,
  address: EXAMPLE_PLAYER,
  lovelace: "5000000",
  assets: [],
  datum: null,
  referenceScriptHash: null,
};

/** A decoded CIP-68 reference token output: label 100, its metadata as the inline datum. */
export const DECODED_REFERENCE_TOKEN_UTXO = {
  txHash: TX_HASH,
  index: 1,
  address: EXAMPLE_PLAYER,
  lovelace: "1525050",
  assets: [{ policyId: HERO_POLICY, assetName: "000643b04865726f", name: "Hero", label: 100, quantity: "1" }],
  datum: {
    hash: "b1a9c1d3e5f7092b4d6f8a0c2e4a6c8e0a2c4e6f8a0b2c4d6e8f0a1b3c5d7e9f",
    inline: <unknown>{
      constructor: 0,
      fields: [
        // (the items typed as unknown: TypeScript reads a `constructor` key as Object's own)
        {
          map: [
            { k: bytes("name"), v: bytes("Hero") },
            { k: bytes("image"), v: bytes("ipfs://hero") },
          ],
        },
        { int: 1 },
        { constructor: 0, fields: [] },
      ],
    },
  },
  referenceScriptHash: null,
};

/** A decoded CIP-68 user token (label 222) output. */
export const DECODED_USER_TOKEN_UTXO = {
  txHash: TX_HASH,
  index: 2,
  address: EXAMPLE_PLAYER,
  lovelace: "1150770",
  assets: [{ policyId: HERO_POLICY, assetName: "000de1404865726f", name: "Hero", label: 222, quantity: "1" }],
  datum: null,
  referenceScriptHash: null,
};

export const DECODED_UTXOS_ANSWER = {
  utxos: [DECODED_ADA_UTXO, DECODED_REFERENCE_TOKEN_UTXO, DECODED_USER_TOKEN_UTXO],
  cursor: null,
};

export const UTXOS_ANSWER = {
  utxos: [
    "828258203fedbd3f8146571a77adc1e6153fc32d735e53cf66aa0f56ce2a729ca338ce940082581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a004c4b40",
    "828258209961cd1569a397bfb1db852f54a6eda532e4d822fce31f9183a8bcdf046cd7ae0082581d60fd46e5c7cc207a93a713167ccf49c19fb869bdc8a2508d982b3ebe581a0bebc200",
  ],
  cursor: null,
};

export const NOT_AN_ADDRESS: ErrorExample = {
  code: "SVC_ERR_BAD_REQUEST",
  message: "params.address is not a Cardano address (bech32 or hex).",
};
