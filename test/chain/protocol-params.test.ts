// The devnet's protocol parameters and cost models are written out in src/chain (so that the
// service does not load Mesh to read them): they still equal Mesh's defaults, which the Scalus
// emulator applies, but for the maximum memory of a transaction (16.5 M units, not Mesh's 16 M).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  DEFAULT_PROTOCOL_PARAMETERS,
  DEFAULT_V1_COST_MODEL_LIST,
  DEFAULT_V2_COST_MODEL_LIST,
  DEFAULT_V3_COST_MODEL_LIST,
} from "@meshsdk/common";
import { DEVNET_COST_MODELS, DEVNET_PROTOCOL_PARAMETERS } from "../../src/chain/protocol-params.js";

test("the devnet's parameters are Mesh's defaults, in their order, with a 16.5 M memory limit", () => {
  const expected = { ...DEFAULT_PROTOCOL_PARAMETERS, maxTxExMem: "16500000", maxTxExSteps: "10000000000" };
  assert.deepEqual({ ...DEVNET_PROTOCOL_PARAMETERS }, expected);
  assert.deepEqual(Object.keys(DEVNET_PROTOCOL_PARAMETERS), Object.keys(expected));
});

test("the devnet's cost models are Mesh's default V1, V2 and V3 lists", () => {
  assert.deepEqual(DEVNET_COST_MODELS, [
    DEFAULT_V1_COST_MODEL_LIST,
    DEFAULT_V2_COST_MODEL_LIST,
    DEFAULT_V3_COST_MODEL_LIST,
  ]);
});
