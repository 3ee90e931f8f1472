// The pure decoders of the readable views: CIP-67 labels, printable names, Plutus data in the
// detailed schema (checked against CSL's own DetailedSchema JSON), metadata JSON.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cip67Prefix } from "../../src/cardano/metadata.js";
import { cip67LabelOf, decodedAsset, detailedJson, printableText } from "../../src/tx/view/decoded-view.js";
import { metadatumJson } from "../../src/tx/view/decoded-transaction.js";
import { datumJson } from "../support/tx-decode.js";

const POLICY = "ab".repeat(28);
const hex = (text: string) => Buffer.from(text, "utf8").toString("hex");

describe("decoded views: assets", () => {
  it("reads the CIP-67 labels 100, 222, 333, 444 (and any other) from a valid prefix, none from a bad checksum or a short name", () => {
    for (const label of [100, 222, 333, 444, 0, 65535])
      assert.equal(cip67LabelOf(cip67Prefix(label) + hex("X")), label);
    assert.equal(cip67LabelOf("000de150" + hex("X")), null, "a wrong checksum");
    assert.equal(cip67LabelOf("000de1"), null);
    assert.equal(cip67LabelOf(hex("Hero")), null);
  });

  it("names an asset by its text after the prefix, null when the bytes are not printable UTF-8", () => {
    assert.deepEqual(decodedAsset(POLICY + "000de140" + hex("Hero"), 1n), {
      policyId: POLICY,
      assetName: "000de140" + hex("Hero"),
      name: "Hero",
      label: 222,
      quantity: "1",
    });
    assert.deepEqual(decodedAsset(POLICY + hex("Ünï ✓"), "-5"), {
      policyId: POLICY,
      assetName: hex("Ünï ✓"),
      name: "Ünï ✓",
      label: null,
      quantity: "-5",
    });
    assert.equal(decodedAsset(POLICY + "ff00", 1n).name, null, "not UTF-8");
    assert.equal(printableText("0a41"), null, "a control character");
    assert.equal(printableText(""), "");
  });
});

describe("decoded views: Plutus data in the detailed schema", () => {
  it("matches CSL's DetailedSchema JSON, big integers as decimal strings", () => {
    // 121([{h'6e616d65': h'4865726f', 3: -7}, [1, 2], 1280([])])
    const cbor = "d8799fa2446e616d65444865726f03269f0102ffd9050080ff";
    const json = detailedJson(cbor);
    assert.deepEqual(json, datumJson(cbor));
    assert.deepEqual(detailedJson("c249010000000000000000"), { int: "18446744073709551616" }, "2^64");
  });
});

describe("decoded views: metadata JSON", () => {
  it("maps text, integers, bytes, lists and maps as cardano-cli's no-schema JSON", () => {
    const value = new Map<unknown, unknown>([
      ["msg", ["Hello", 42n]],
      [7n, Uint8Array.of(0xca, 0xfe)],
      ["big", 2n ** 64n],
    ]);
    assert.deepEqual(metadatumJson(value as never), { msg: ["Hello", 42], 7: "0xcafe", big: "18446744073709551616" });
    const byteKeys = new Map<unknown, unknown>([[Uint8Array.of(1), "one"]]);
    assert.deepEqual(metadatumJson(byteKeys as never), [{ k: "0x01", v: "one" }]);
  });
});
