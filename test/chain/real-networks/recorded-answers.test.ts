// Every recorded backend answer under test/fixtures is checked against the official schema it
// claims to follow: Blockfrost's (@blockfrost/openapi json-schema.json), Ogmios's (ogmios.json
// and cardano.json of v6.14, the line of @cardano-ogmios/client we use) and Kupo's (its OpenAPI
// document, v2.12.0). A fixture edited into a shape the real service never sends fails here.
// The schemas are loaded by test/support/fakes/wire-schemas.ts, which the live fakes' test uses too.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fixture as load } from "../../support/fakes/server.js";
import { blockfrostSchemas, kupoSchemas, ogmiosSchemas } from "../../support/fakes/wire-schemas.js";

describe("backend fixtures follow the official schemas", () => {
  it("Blockfrost answers match @blockfrost/openapi", () => {
    const schemas = blockfrostSchemas();
    const cases: [string, string, string][] = [
      ["blocks-latest.json", "/blocks/latest", "200"],
      ["epochs-latest.json", "/epochs/latest", "200"],
      ["epochs-latest-parameters.json", "/epochs/latest/parameters", "200"],
      ["addresses-utxos.json", "/addresses/{address}/utxos", "200"],
      ["txs-utxos.json", "/txs/{hash}/utxos", "200"],
      ["txs.json", "/txs/{hash}", "200"],
      ["scripts.json", "/scripts/{script_hash}", "200"],
      ["scripts-cbor.json", "/scripts/{script_hash}/cbor", "200"],
      ["scripts-json.json", "/scripts/{script_hash}/json", "200"],
      ["tx-submit.json", "/tx/submit", "200"],
      ["assets-transactions.json", "/assets/{asset}/transactions", "200"],
      ["txs-redeemers.json", "/txs/{hash}/redeemers", "200"],
      ["scripts-datum-cbor.json", "/scripts/datum/{datum_hash}/cbor", "200"],
      ["error-400.json", "/tx/submit", "400"],
      ["error-403.json", "/blocks/latest", "403"],
      ["error-404.json", "/blocks/latest", "404"],
      ["error-429.json", "/blocks/latest", "429"],
      ["error-500.json", "/blocks/latest", "500"],
    ];
    for (const [file, endpoint, status] of cases)
      schemas.check(endpoint, status, load(`blockfrost/${file}`), `blockfrost/${file}`);
    // And the schema is strict enough to catch a broken answer.
    const broken = { ...load<object>("blockfrost/blocks-latest.json"), slot: "not a number" };
    assert.equal(schemas.validate("/blocks/latest", "200")(broken), false);
  });

  it("Ogmios answers match ogmios.json v6.14", () => {
    const schemas = ogmiosSchemas();
    const cases: [string, string][] = [
      ["network-tip.json", "QueryNetworkTipResponse"],
      ["network-start-time.json", "QueryNetworkStartTimeResponse"],
      ["network-start-time-preprod.json", "QueryNetworkStartTimeResponse"],
      ["era-summaries.json", "QueryLedgerStateEraSummariesResponse"],
      ["era-summaries-preprod.json", "QueryLedgerStateEraSummariesResponse"],
      ["epoch.json", "QueryLedgerStateEpochResponse"],
      ["protocol-parameters.json", "QueryLedgerStateProtocolParametersResponse"],
      ["utxo.json", "QueryLedgerStateUtxoResponse"],
      ["utxo-empty.json", "QueryLedgerStateUtxoResponse"],
      ["evaluate-success.json", "EvaluateTransactionResponse"],
      ["evaluate-docs.json", "EvaluateTransactionResponse"],
      ["evaluate-script-failure.json", "EvaluateTransactionResponse"],
      ["submit-success.json", "SubmitTransactionResponse"],
      ["submit-failure.json", "SubmitTransactionResponse"],
      ["next-block.json", "NextBlockResponse"],
      ["next-block-backward.json", "NextBlockResponse"],
      ["find-intersection.json", "FindIntersectionResponse"],
      ["find-intersection-not-found.json", "FindIntersectionResponse"],
    ];
    for (const [file, name] of cases) schemas.check(name, load(`ogmios/${file}`), `ogmios/${file}`);
    const tip = load<{ result: { slot: unknown } }>("ogmios/network-tip.json");
    assert.equal(schemas.validate("QueryNetworkTipResponse")({ ...tip, result: { ...tip.result, slot: -1 } }), false);
  });

  it("Kupo matches match its OpenAPI document v2.12.0", () => {
    const schemas = kupoSchemas();
    const matches = load<Record<string, unknown>[]>("kupo/matches.json");
    assert.ok(matches.length >= 2);
    for (const [i, match] of matches.entries()) schemas.check(match, `kupo/matches.json[${i}]`);
    assert.equal(schemas.validate()({ ...matches[0], datum_hash: "3097...b635" }), false);
    // A spent match (Kupo ≥ 2.10's SpentAt) and a checkpoint.
    const [spent] = load<Record<string, unknown>[]>("kupo/matches-spent.json");
    schemas.check(spent, "kupo/matches-spent.json[0]");
    assert.equal(
      schemas.validate()({ ...spent, spent_at: { ...(spent?.["spent_at"] as object), input_index: -1 } }),
      false,
    );
    schemas.check(load("kupo/checkpoint.json"), "kupo/checkpoint.json", "Point");
  });
});
