// The validators' and utilities' to-domain.ts: the request read once into the domain's input
// (hashes branded in lower case, an address into an Address), and an Address answered without
// the bytes the domain keeps.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  parseInput,
  serializeInput,
  stakePartOf,
  validatorHashOf,
} from "../../../src/server/routes/validators/to-domain.js";
import { addressAnswer, addressOf, nativeScriptOf } from "../../../src/server/routes/utils/to-domain.js";

const HASH = "AB".repeat(28);
const ADDRESS =
  "addr_test1qzn8y9gncth2v4w5lhv47k5vswcys4ffxmect6dyv7an6rpacfd469p5u67a6wjtz42fz7qj9lvz364yjq5wx3agzr5q4xehp4";

describe("validators/to-domain.ts", () => {
  it("brands the script hash and the stake part in lower case; two stake parts are a 400", () => {
    assert.equal(validatorHashOf({ hash: HASH }), HASH.toLowerCase());
    assert.equal(stakePartOf({}), undefined);
    assert.deepEqual(stakePartOf({ stakeKeyHash: HASH }), { hash: HASH.toLowerCase(), isScript: false });
    assert.deepEqual(stakePartOf({ stakeScriptHash: HASH }), { hash: HASH.toLowerCase(), isScript: true });
    assert.throws(() => stakePartOf({ stakeKeyHash: HASH, stakeScriptHash: HASH }), {
      message: "stakeKeyHash and stakeScriptHash are two stake parts: send one of them.",
    });
  });

  it("takes the Plutus data's hex from either form, naming the field that held it", () => {
    assert.deepEqual(parseInput({ type: "datum", data: "d87980" }), {
      input: { type: "datum", hex: "d87980" },
      hexField: "data",
    });
    assert.deepEqual(parseInput({ type: "redeemer", purpose: "spend", data: { hex: "d87980" } }), {
      input: { type: "redeemer", purpose: "spend", hex: "d87980" },
      hexField: "data.hex",
    });
    assert.deepEqual(serializeInput({ type: "datum", data: { owner: "00" } }), {
      type: "datum",
      data: { owner: "00" },
    });
  });
});

describe("utils/to-domain.ts", () => {
  it("reads the address into an Address and answers it without its raw bytes", () => {
    const address = addressOf({ address: ADDRESS });
    assert.equal(address.bech32, ADDRESS);
    assert.equal(Buffer.from(address.bytes).toString("hex"), address.hex);
    const answer = addressAnswer(address);
    assert.deepEqual(Object.keys(answer), ["type", "networkId", "bech32", "hex", "payment", "stake"]);
    assert.equal(answer.hex, address.hex);
  });

  it("takes a native script from exactly one of script and schema", () => {
    const schema = { type: "sig" as const, keyHash: HASH };
    const fromSchema = nativeScriptOf({ schema });
    assert.equal(fromSchema.field, "schema");
    assert.deepEqual(nativeScriptOf({ script: fromSchema.cbor.toUpperCase() }), {
      cbor: fromSchema.cbor,
      field: "script",
    });
    const either = "Give the native script as script (CBOR hex) or as schema (JSON): exactly one of the two.";
    assert.throws(() => nativeScriptOf({}), { message: either });
    assert.throws(() => nativeScriptOf({ script: fromSchema.cbor, schema }), { message: either });
  });
});
