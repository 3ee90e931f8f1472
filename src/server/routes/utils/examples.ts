// Examples of the utility endpoints (addresses, native scripts, slot ↔ time) for the OpenAPI
// description, recorded from a fresh devnet: "Try it out" answers 200 with them as they are.
import { EXAMPLE_ADDRESS } from "../examples.js";
import type { ErrorExample } from "../../schemas.js";

export const PARSED_ADDRESS = {
  payment: "bf8aae8d4f8205585de37caf8022fdb9446796a6d37fed371034446a",
  stake: "cd2c6b7dbbd6a0826a89292ff5c63b85396e0513e43367978b24a3d5",
};

export const ADDRESS_INFO = {
  type: "base",
  networkId: 0,
  bech32: EXAMPLE_ADDRESS,
  hex: "00bf8aae8d4f8205585de37caf8022fdb9446796a6d37fed371034446acd2c6b7dbbd6a0826a89292ff5c63b85396e0513e43367978b24a3d5",
  payment: {
    hash: "bf8aae8d4f8205585de37caf8022fdb9446796a6d37fed371034446a",
    isScript: false,
  },
  stake: {
    hash: "cd2c6b7dbbd6a0826a89292ff5c63b85396e0513e43367978b24a3d5",
    isScript: false,
  },
};

export const NATIVE_SCRIPT_JSON_REQUEST = {
  schema: {
    type: "all",
    scripts: [
      {
        type: "sig",
        keyHash: "deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37",
      },
      {
        type: "before",
        slot: 90000000,
      },
    ],
  },
};

export const NATIVE_SCRIPT_SERIALIZED = {
  policyId: "0e058defc7fce9eb72e16ecca11b51fee4083972edcc33dcc6b25b6e",
  script: "8201828200581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e3782051a055d4a80",
};

export const NATIVE_SCRIPT_CBOR_REQUEST = {
  script: "8201828200581cdeeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e3782051a055d4a80",
};

export const NATIVE_SCRIPT_PARSED = {
  policyId: "0e058defc7fce9eb72e16ecca11b51fee4083972edcc33dcc6b25b6e",
  schema: {
    type: "all",
    scripts: [
      {
        type: "sig",
        keyHash: "deeb8455fa78df40c01b4c7b755816fde2b59099fedca40e31f02e37",
      },
      {
        type: "before",
        slot: 90000000,
      },
    ],
  },
};

export const SLOT_TO_TIME_REQUEST = {
  slot: 1000,
};

export const SLOT_TO_TIME_ANSWER = {
  time: 1795517414000,
};

export const TIME_TO_SLOT_REQUEST = {
  time: 1893456000000,
};

export const TIME_TO_SLOT_ANSWER = {
  slot: 97939586,
};

export const GET_INFO_NEITHER: ErrorExample = {
  code: "SVC_ERR_BAD_REQUEST",
  message: "Give the native script as body.script (CBOR hex) or as body.schema (JSON): exactly one of the two.",
};
