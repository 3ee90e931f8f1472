// Realistic examples for the OpenAPI description of the blueprint and validator endpoints: the
// hello-world blueprint of the hosted API's public examples (Aiken, Plutus V3) and what this service
// answers about it on a testnet (the devnet, preview or preprod).
import type { ErrorExamples } from "../../schemas.js";
import { required } from "../examples.js";

/**
 * The examples repository's smart-contracts/hello-world/aiken-hello-world/plutus.json, with its
 * `$ref`s written out in place (a `$ref` inside an OpenAPI example would be read as a reference of
 * the document itself): the same validators, hashes and schemas.
 */
export const HELLO_WORLD_BLUEPRINT = {
  preamble: {
    title: "anvil-api-examples/hello-world",
    description: "Aiken contracts for project 'anvil-api-examples/hello-world'",
    version: "0.0.0",
    plutusVersion: "v3",
    compiler: {
      name: "Aiken",
      version: "v1.1.10+b25afa2",
    },
    license: "Apache-2.0",
  },
  validators: [
    {
      title: "hello_world.hello_world.spend",
      datum: {
        title: "datum",
        schema: {
          title: "Datum",
          anyOf: [
            {
              title: "Datum",
              dataType: "constructor",
              index: 0,
              fields: [
                {
                  title: "owner",
                  dataType: "bytes",
                },
              ],
            },
          ],
        },
      },
      redeemer: {
        title: "redeemer",
        schema: {
          title: "Redeemer",
          anyOf: [
            {
              title: "Redeemer",
              dataType: "constructor",
              index: 0,
              fields: [
                {
                  dataType: "bytes",
                  title: "msg",
                },
              ],
            },
          ],
        },
      },
      compiledCode:
        "59010401010029800aba2aba1aab9faab9eaab9dab9a48888896600264646644b30013370e900118031baa00189919912cc004cdc3a400060126ea801626464b3001300f0028acc004cdc3a400060166ea800e2b30013371e6eb8c038c030dd5003a450b48656c6c6f20576f726c6400899199119801001000912cc00400629422b30013371e6eb8c04400400e2946266004004602400280690101bac300f30103010301030103010301030103010300d3754601e0146eb8c038c030dd5180718061baa0038a5040291640291640346eb8c034004c028dd5002c5900818050009805180580098039baa0018b200a30070013007300800130070013003375400f149a26cac80081",
      hash: "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570",
    },
    {
      title: "hello_world.hello_world.else",
      redeemer: {
        schema: {},
      },
      compiledCode:
        "59010401010029800aba2aba1aab9faab9eaab9dab9a48888896600264646644b30013370e900118031baa00189919912cc004cdc3a400060126ea801626464b3001300f0028acc004cdc3a400060166ea800e2b30013371e6eb8c038c030dd5003a450b48656c6c6f20576f726c6400899199119801001000912cc00400629422b30013371e6eb8c04400400e2946266004004602400280690101bac300f30103010301030103010301030103010300d3754601e0146eb8c038c030dd5180718061baa0038a5040291640291640346eb8c034004c028dd5002c5900818050009805180580098039baa0018b200a30070013007300800130070013003375400f149a26cac80081",
      hash: "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570",
    },
  ],
  definitions: {
    ByteArray: {
      dataType: "bytes",
    },
    VerificationKeyHash: {
      title: "VerificationKeyHash",
      dataType: "bytes",
    },
    "hello_world/Datum": {
      title: "Datum",
      anyOf: [
        {
          title: "Datum",
          dataType: "constructor",
          index: 0,
          fields: [
            {
              title: "owner",
              dataType: "bytes",
            },
          ],
        },
      ],
    },
    "hello_world/Redeemer": {
      title: "Redeemer",
      anyOf: [
        {
          title: "Redeemer",
          dataType: "constructor",
          index: 0,
          fields: [
            {
              dataType: "bytes",
              title: "msg",
            },
          ],
        },
      ],
    },
  },
};

export const HELLO_WORLD_HASH = "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570";
export const HELLO_WORLD_ADDRESS = "addr_test1wpstyq5yshslvx2gw6tnulc6g7quuctdsvx6g946klyc2uq746297";
export const HELLO_WORLD_ADDRESS_HEX = "7060b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570";
export const EXAMPLE_TX_HASH = "80d231e6a5a5882a7e92dfc418eb91f7f82704d5c75bd55a38776057e1b401d6";
export const EXAMPLE_KEY_HASH = "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4";

/** The examples' hello-world-with-params validator before any parameter is applied. */
export const WITH_PARAMS_HASH = "333158938654b6e69ce1349aeeadcff7fdc0c285f3102b8697a1e173";
/** It with "Hello, Anvil!" applied (apply_params.ts): its hash and enterprise address on the testnets. */
export const APPLIED_HASH = "72c6923a040389fa08c728fe41f0bb9be1722867aec4067fcc751cef";
export const APPLIED_ADDRESS = "addr_test1wpevdy36qspcn7sgcu50us0shwd7zu3gv7hvgpnle363emcu0m8ar";
/** The preloadedScript.blueprint apply-params answers for it (its `$ref`s written out, as above). */
export const APPLIED_BLUEPRINT = {
  preamble: {
    title: "anvil-api-examples/hello-world",
    description: "Aiken contracts for project 'anvil-api-examples/hello-world'",
    version: "0.0.0",
    plutusVersion: "v3",
    compiler: {
      name: "Aiken",
      version: "v1.1.17+c3a7fba",
    },
    license: "Apache-2.0",
  },
  validators: [
    {
      title: "hello_world.hello_world.spend",
      datum: {
        title: "datum",
        schema: {
          title: "Datum",
          anyOf: [
            {
              title: "Datum",
              dataType: "constructor",
              index: 0,
              fields: [
                {
                  title: "owner",
                  dataType: "bytes",
                },
              ],
            },
          ],
        },
      },
      redeemer: {
        title: "redeemer",
        schema: {
          title: "Redeemer",
          anyOf: [
            {
              title: "Redeemer",
              dataType: "constructor",
              index: 0,
              fields: [
                {
                  dataType: "bytes",
                  title: "msg",
                },
              ],
            },
          ],
        },
      },
      compiledCode:
        "59010e0101003229800aba2aba1aab9faab9eaab9dab9a9bae002488888896600264646644b30013370e900118039baa00189919912cc004cdc3a400060146ea801626464b300130100028acc004cdc3a400060186ea800e2b30013371e6eb8c03cc034dd500380544c8cc88cc008008004896600200314a115980099b8f375c602400200714a3133002002301300140388088dd618081808980898089808980898089808980898071baa301000a375c601e601a6ea8c03cc034dd5001c52820168b20168b201c375c601c00260166ea80162c8048c02c004c02cc030004c020dd5000c59006180400098041804800980400098021baa0088a4d1365640084c10e4d48656c6c6f2c20416e76696c210001",
      hash: "72c6923a040389fa08c728fe41f0bb9be1722867aec4067fcc751cef",
    },
    {
      title: "hello_world.hello_world.else",
      redeemer: {
        schema: {},
      },
      compiledCode:
        "59010e0101003229800aba2aba1aab9faab9eaab9dab9a9bae002488888896600264646644b30013370e900118039baa00189919912cc004cdc3a400060146ea801626464b300130100028acc004cdc3a400060186ea800e2b30013371e6eb8c03cc034dd500380544c8cc88cc008008004896600200314a115980099b8f375c602400200714a3133002002301300140388088dd618081808980898089808980898089808980898071baa301000a375c601e601a6ea8c03cc034dd5001c52820168b20168b201c375c601c00260166ea80162c8048c02c004c02cc030004c020dd5000c59006180400098041804800980400098021baa0088a4d1365640084c10e4d48656c6c6f2c20416e76696c210001",
      hash: "72c6923a040389fa08c728fe41f0bb9be1722867aec4067fcc751cef",
    },
  ],
  definitions: {
    ByteArray: {
      dataType: "bytes",
    },
    "aiken/crypto/VerificationKeyHash": {
      title: "VerificationKeyHash",
      dataType: "bytes",
    },
    "hello_world/Datum": {
      title: "Datum",
      anyOf: [
        {
          title: "Datum",
          dataType: "constructor",
          index: 0,
          fields: [
            {
              title: "owner",
              dataType: "bytes",
            },
          ],
        },
      ],
    },
    "hello_world/Redeemer": {
      title: "Redeemer",
      anyOf: [
        {
          title: "Redeemer",
          dataType: "constructor",
          index: 0,
          fields: [
            {
              dataType: "bytes",
              title: "msg",
            },
          ],
        },
      ],
    },
  },
};

// ── Errors of the blueprint and validator endpoints (real messages) ──────────────────────────────
const HASH_INVALID =
  "params.hash is invalid: The validator's script hash (for a minting policy, its policy ID): 56 hex digits.";

export const BLUEPRINT_ERRORS = {
  upsert: { 400: required("blueprint") },
  list: { 400: { code: "SVC_ERR_VALIDATION", message: "query.limit must be >= 1." } },
  delete: {
    400: {
      code: "SVC_ERR_VALIDATION",
      message: "params.id is invalid: The blueprint's ID (12 hex digits), as POST and GET /blueprints answer it.",
    },
    404: { code: "SVC_ERR_NOT_FOUND", message: "You have no blueprint with the ID 3f9c1d2e8a7b." },
  },
  applyParams: {
    400: required("params"),
    404: {
      code: "SVC_ERR_NOT_FOUND",
      message:
        'You have no blueprint titled "anvil-api-examples/hello-world": upload it with POST /blueprints first, or send the blueprint itself.',
    },
  },
  validatorAddress: { 400: { code: "SVC_ERR_VALIDATION", message: HASH_INVALID } },
  validatorData: {
    400: { code: "SVC_ERR_VALIDATION", message: HASH_INVALID },
    404: {
      code: "SVC_ERR_NOT_FOUND",
      message: `None of your blueprints holds the validator ${HELLO_WORLD_HASH}: upload its blueprint with POST /blueprints first (with the API key you use here).`,
    },
  },
} satisfies Record<string, ErrorExamples>;
