// The cost models the chain port gives with the protocol parameters: each adapter's translation of
// its backend's answer (the recorded fixtures), the devnet's (what the emulator applies), the
// epoch cache keeping them with the parameters, and the list MeshTxBuilder.setCostModels takes.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DEFAULT_V1_COST_MODEL_LIST, DEFAULT_V2_COST_MODEL_LIST, DEFAULT_V3_COST_MODEL_LIST } from "@meshsdk/common";
import type { ProtocolParameters } from "@cardano-ogmios/schema";
import type { ChainBackend, EpochInfo } from "../../src/chain/backend.js";
import {
  costModelsFromBlockfrost,
  protocolFromBlockfrost,
  type BlockfrostParameters,
} from "../../src/chain/blockfrost/translate.js";
import { DevnetChain } from "../../src/chain/devnet/devnet.js";
import { costModelsFromOgmios, protocolFromOgmios } from "../../src/chain/ogmios-kupo/translate.js";
import type { ChainParameters } from "../../src/chain/port.js";
import { costModelOf, DEVNET_COST_MODELS, meshCostModels } from "../../src/chain/protocol-params.js";
import { withEpochCache } from "../../src/chain/resilience/epoch-cache.js";
import { fixture } from "../support/fakes/server.js";

const blockfrostParameters = (): BlockfrostParameters =>
  fixture<BlockfrostParameters>("blockfrost/epochs-latest-parameters.json");
const ogmiosParameters = (): ProtocolParameters =>
  fixture<{ result: ProtocolParameters }>("ogmios/protocol-parameters.json").result;

describe("cost models of the chain port", () => {
  it('Blockfrost: cost_models_raw, per language; the specification\'s truncated example ("...") yields none', () => {
    const recorded = blockfrostParameters();
    // The recorded answer is @blockfrost/openapi's example: 16 values then "...", for each language.
    for (const language of ["PlutusV1", "PlutusV2", "PlutusV3"]) {
      assert.ok(
        (recorded.cost_models_raw?.[language] as unknown[]).includes("..."),
        `the example's ${language} list is truncated`,
      );
    }
    assert.deepEqual(protocolFromBlockfrost(recorded).costModels, {}, "no language is hashed with a truncated list");

    // The same answer with complete lists (Ogmios's recorded V1 and V3 vectors, Mesh's V2) translates exactly, in order.
    const ogmios = ogmiosParameters().plutusCostModels as Record<string, number[]>;
    const v1 = ogmios["plutus:v1"]!;
    const v3 = ogmios["plutus:v3"]!;
    const complete = {
      ...recorded,
      cost_models_raw: { PlutusV1: v1, PlutusV2: [...DEFAULT_V2_COST_MODEL_LIST], PlutusV3: v3 },
    };
    const { costModels, minFeeA } = protocolFromBlockfrost(complete);
    assert.equal(minFeeA, recorded.min_fee_a, "the rest of the parameters are unchanged");
    assert.deepEqual(costModels, { PlutusV1: v1, PlutusV2: DEFAULT_V2_COST_MODEL_LIST, PlutusV3: v3 });
    assert.ok(
      v1.some((c) => c < 0),
      "negative costs are kept (the ledger's costs are Int64)",
    );

    // null (a pre-Alonzo epoch), a language missing, or a non-integer: left out, the rest kept.
    assert.deepEqual(costModelsFromBlockfrost(null), {});
    assert.deepEqual(costModelsFromBlockfrost({ PlutusV2: [1, 2, 3] }), { PlutusV2: [1, 2, 3] });
    assert.deepEqual(costModelsFromBlockfrost({ PlutusV1: [1, 2.5], PlutusV2: [], PlutusV3: [4, "5"] }), {});
  });

  it('Ogmios: plutusCostModels "plutus:v1"/"plutus:v2"/"plutus:v3", exactly as recorded', () => {
    const recorded = ogmiosParameters();
    const models = recorded.plutusCostModels as Record<string, number[]>;
    // The recorded test vector (random values) has V1 and V3, no V2.
    assert.deepEqual(Object.keys(models).sort(), ["plutus:v1", "plutus:v3"]);
    const { costModels } = protocolFromOgmios(recorded, 42);
    assert.deepEqual(costModels, { PlutusV1: models["plutus:v1"], PlutusV3: models["plutus:v3"] });
    assert.equal(costModels.PlutusV1?.length, 186);
    assert.equal(costModels.PlutusV3?.length, 249);

    // As the official client parses big numbers: bigints within 2^53 are taken, beyond are not.
    assert.deepEqual(costModelsFromOgmios({ "plutus:v2": [1n, -2n, 3] as unknown as number[] }), {
      PlutusV2: [1, -2, 3],
    });
    assert.deepEqual(costModelsFromOgmios({ "plutus:v2": [2n ** 60n] as unknown as number[] }), {});
    assert.deepEqual(costModelsFromOgmios(undefined), {});
  });

  it("costModelOf takes non-empty lists of exact integers only", () => {
    assert.deepEqual(costModelOf([0, -1, 2 ** 40]), [0, -1, 2 ** 40]);
    for (const bad of [undefined, null, {}, [], ["1"], [1.5], [Number.MAX_SAFE_INTEGER + 1], [NaN]])
      assert.equal(costModelOf(bad), undefined, JSON.stringify(bad) ?? "undefined");
  });

  it("devnet: the cost models the emulator evaluates and validates with", async () => {
    const devnet = await DevnetChain.create({ path: ":memory:" });
    try {
      const { costModels } = await devnet.protocolParameters();
      assert.deepEqual(costModels, {
        PlutusV1: DEVNET_COST_MODELS[0],
        PlutusV2: DEVNET_COST_MODELS[1],
        PlutusV3: DEVNET_COST_MODELS[2],
      });
      assert.deepEqual(
        costModels.PlutusV2,
        DEFAULT_V2_COST_MODEL_LIST,
        "Mesh's defaults, which Scalus's emulator applies",
      );
    } finally {
      await devnet.close();
    }
  });

  it("the epoch cache keeps the cost models with the parameters until the epoch ends", async () => {
    let reads = 0;
    let now = 1_000;
    const epoch: EpochInfo = { epoch: 7, endsAt: 2_000 };
    const inner = {
      network: "preprod",
      backendName: "stub",
      currentEpoch: async () => epoch,
      protocolParameters: async (): Promise<ChainParameters> => {
        reads += 1;
        return { ...protocolFromOgmios(ogmiosParameters(), 7), costModels: { PlutusV2: [reads] } };
      },
      health: () => ({ backend: "stub", state: "up", since: 0, consecutiveFailures: 0 }),
      probe: async () => ({ slot: 0, time: 0 }),
    } as unknown as ChainBackend & Parameters<typeof withEpochCache>[0];
    const chain = withEpochCache(inner, () => now);
    assert.deepEqual((await chain.protocolParameters()).costModels, { PlutusV2: [1] });
    assert.deepEqual((await chain.protocolParameters()).costModels, { PlutusV2: [1] });
    now = 2_001;
    assert.deepEqual((await chain.protocolParameters()).costModels, { PlutusV2: [2] }, "read again in the next epoch");
    assert.equal(reads, 2);
  });

  it("meshCostModels: [V1, V2, V3] for setCostModels; 503 when a language the transaction runs has none", () => {
    const params = { costModels: { PlutusV2: [7, 8] } };
    assert.deepEqual(meshCostModels(params, ["PlutusV2"]), [[], [7, 8], []]);
    assert.deepEqual(
      meshCostModels(
        {
          costModels: {
            PlutusV1: DEFAULT_V1_COST_MODEL_LIST,
            PlutusV2: DEFAULT_V2_COST_MODEL_LIST,
            PlutusV3: DEFAULT_V3_COST_MODEL_LIST,
          },
        },
        [],
      ),
      [DEFAULT_V1_COST_MODEL_LIST, DEFAULT_V2_COST_MODEL_LIST, DEFAULT_V3_COST_MODEL_LIST],
    );
    assert.throws(
      () => meshCostModels({ costModels: { PlutusV1: [1] } }, ["PlutusV2"]),
      (error: Error & { statusCode?: number }) =>
        error.statusCode === 503 && /no usable PlutusV2 cost model/.test(error.message),
    );
  });
});
