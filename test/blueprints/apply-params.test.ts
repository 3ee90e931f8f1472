// Parameters applied by UPLC application (src/blueprints/apply-params.ts), on the parameterised
// hello-world of the hosted API's examples (Aiken, Plutus V3): the script Mesh's applier makes
// for the examples' parameter; a different hash; a program that still decodes and that Scalus
// runs, accepting only the applied message; a Helios V2 script; parameters that Scalus's own JSON
// path and Mesh's would damage (300 bytes, integers past 64 bits) kept exact; and the refusals.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { applyParamsToScript } from "@meshsdk/core-cst";
import scalus from "scalus";
import { applyParams } from "../../src/blueprints/apply-params.js";
import {
  parseBlueprint,
  plutusScriptHash,
  unwrapScript,
  wrapScript,
  type BlueprintValidator,
} from "../../src/blueprints/blueprint.js";
import { dataFromJson } from "../../src/blueprints/plutus-data.js";
import { sumCheckValidator } from "../support/plutus-fixture.js";

const { Scalus } = scalus;
const blueprint = parseBlueprint(
  JSON.parse(
    readFileSync(new URL("../fixtures/blueprints/hello-world-with-params.plutus.json", import.meta.url), "utf8"),
  ),
  "blueprint",
);
const validator = blueprint.validators[0]!;
const UNAPPLIED = "333158938654b6e69ce1349aeeadcff7fdc0c285f3102b8697a1e173";
const OWNER = "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4";
const hexOf = (text: string) => Buffer.from(text, "utf8").toString("hex");

/** Plutus data in the detailed JSON schema, as Scalus takes it. */
const C = (constructor: number, fields: unknown[] = []) => ({ constructor, fields });
const L = (list: unknown[]) => ({ list });
const B = (bytes: string) => ({ bytes });
const EMPTY_MAP = { map: [] };

/**
 * A Plutus V3 ScriptContext spending an output locked with datum {owner: OWNER}, with redeemer
 * {msg}, in a transaction signed by `signer`: the fields the validator reads, the others empty.
 */
function spendContext(msg: string, signer: string): unknown {
  const always = C(0, [C(0, [C(0), C(1)]), C(0, [C(2), C(1)])]);
  const txInfo = C(0, [
    L([]),
    L([]),
    L([]),
    { int: 0 },
    EMPTY_MAP,
    L([]),
    EMPTY_MAP,
    always,
    L([B(signer)]),
    EMPTY_MAP,
    EMPTY_MAP,
    B("00".repeat(32)),
    EMPTY_MAP,
    L([]),
    C(1),
    C(1),
  ]);
  const spending = C(1, [C(0, [B("00".repeat(32)), { int: 0 }]), C(0, [C(0, [B(OWNER)])])]);
  return C(0, [txInfo, C(0, [B(msg)]), spending]);
}

/** Runs compiled code (one CBOR wrapping) on a script context with Scalus's CEK machine. */
function run(compiledCode: string, context: unknown): boolean {
  const doubleWrapped = wrapScript(unwrapScript(Buffer.from(compiledCode, "hex"))!.flat, 2);
  return Scalus.evaluateScript(Scalus.applyDataArgToScript(doubleWrapped, JSON.stringify(context))).isSuccess;
}

/** The 400's message, checking that it names `field` first. */
function refusal(convert: () => unknown, field: string): string {
  try {
    convert();
  } catch (error) {
    const e = error as Error & { code?: string; field?: string };
    assert.equal(e.code, "SVC_ERR_BAD_REQUEST", e.message);
    assert.equal(e.field, field);
    return e.message;
  }
  assert.fail("the parameters were accepted");
}

describe("applyParams on the parameterised hello-world", () => {
  const message = hexOf("Hello, Anvil!");
  const applied = applyParams(validator, blueprint.definitions, [message], "params");

  it("makes the script Mesh's applier makes for apply_params.ts's parameter, with a new hash", () => {
    const mesh = applyParamsToScript(
      validator.compiledCode,
      [dataFromJson({ dataType: "bytes" }, {}, message, "p")],
      "CBOR",
    );
    assert.equal(wrapScript(unwrapScript(Buffer.from(mesh, "hex"))!.flat, 1), applied.compiledCode);
    assert.equal(applied.hash, "72c6923a040389fa08c728fe41f0bb9be1722867aec4067fcc751cef");
    assert.equal(applied.hash, plutusScriptHash(applied.compiledCode, "V3"));
    assert.notEqual(applied.hash, UNAPPLIED);
    assert.equal(
      unwrapScript(Buffer.from(applied.compiledCode, "hex"))!.wrappings,
      1,
      "one CBOR wrapping, as the blueprint's",
    );
  });

  it("still decodes, and Scalus runs it: the applied message unlocks, the unparameterised one and another signer do not", () => {
    assert.equal(run(applied.compiledCode, spendContext(message, OWNER)), true);
    assert.equal(run(applied.compiledCode, spendContext(hexOf("Hello World"), OWNER)), false);
    assert.equal(run(applied.compiledCode, spendContext(message, "11".repeat(28))), false);
  });

  it("answers in the input's wrapping: code given twice wrapped comes back twice wrapped, with the same hash", () => {
    const twice: BlueprintValidator = {
      ...validator,
      compiledCode: wrapScript(unwrapScript(Buffer.from(validator.compiledCode, "hex"))!.flat, 2),
    };
    const result = applyParams(twice, blueprint.definitions, [message], "params");
    assert.equal(unwrapScript(Buffer.from(result.compiledCode, "hex"))!.wrappings, 2);
    assert.equal(result.hash, applied.hash);
  });

  it("keeps a 300-byte parameter whole: the script compares it byte for byte with the redeemer", () => {
    const long = "ab".repeat(300);
    const result = applyParams(validator, blueprint.definitions, [long], "params");
    assert.equal(run(result.compiledCode, spendContext(long, OWNER)), true);
    assert.equal(run(result.compiledCode, spendContext(long.slice(2), OWNER)), false);
  });
});

describe("a Plutus V2 script (UPLC 1.0.0) from Helios, twice wrapped", () => {
  it("gets the parameter as Mesh's applier applies it, keeps its wrapping and hashes with the V2 tag", async () => {
    const helios = await sumCheckValidator();
    const v2: BlueprintValidator = {
      title: "sum_check",
      hash: helios.hash,
      compiledCode: helios.code,
      version: "V2",
      parameters: [{ schema: { dataType: "integer" } }],
    };
    const result = applyParams(v2, {}, [42], "params");
    const mesh = applyParamsToScript(helios.code, [dataFromJson({ dataType: "integer" }, {}, 42, "p")], "CBOR");
    assert.equal(result.compiledCode, mesh);
    assert.equal(result.hash, plutusScriptHash(mesh, "V2"));
    assert.notEqual(result.hash, helios.hash);
  });
});

describe("several parameters, and data that only the splice keeps exact", () => {
  // The same program said to take three parameters of other schemas: over-applied, but a program
  // that encodes and decodes like any other.
  const three: BlueprintValidator = {
    ...validator,
    parameters: [
      { title: "n", schema: { dataType: "integer" } },
      { title: "b", schema: { dataType: "bytes" } },
      { title: "d", schema: {} },
    ],
  };

  it("gives what Scalus's own application gives, for data its JSON reader keeps", () => {
    const values = [5, "ab".repeat(100), { constructor: 1, fields: [[1, 2], { map: [{ k: "x", v: -7 }] }] }];
    const result = applyParams(three, blueprint.definitions, values, "params");
    let scalusOwn = wrapScript(unwrapScript(Buffer.from(validator.compiledCode, "hex"))!.flat, 2);
    for (const json of [
      { int: 5 },
      B("ab".repeat(100)),
      C(1, [L([{ int: 1 }, { int: 2 }]), { map: [{ k: B("78"), v: { int: -7 } }] }]),
    ]) {
      scalusOwn = Scalus.applyDataArgToScript(scalusOwn, JSON.stringify(json));
    }
    assert.equal(wrapScript(unwrapScript(Buffer.from(scalusOwn, "hex"))!.flat, 1), result.compiledCode);
  });

  it("writes integers past 64 bits as the ledger does (Scalus's JSON reader clamps them), and the program still decodes", () => {
    const big = (2n ** 70n).toString();
    const result = applyParams(three, blueprint.definitions, [big, "", { int: `-${big}` }], "params");
    const flat = Buffer.from(unwrapScript(Buffer.from(result.compiledCode, "hex"))!.flat).toString("hex");
    // The last constant's CBOR (tag 3, 2^70 - 1 in 9 bytes), in a one-chunk flat byte string, then the final padding.
    assert.ok(flat.endsWith(`0b${"c3493fffffffffffffffff"}0001`), flat.slice(-40));
    assert.ok(flat.includes(`0b${"c249400000000000000000"}00`), "the first constant, 2^70");
    assert.doesNotThrow(() =>
      Scalus.applyDataArgToScript(wrapScript(Buffer.from(flat, "hex"), 2), JSON.stringify(B(""))),
    );
  });
});

describe("refusals", () => {
  it("a validator without parameters, a wrong count, a value that does not match", () => {
    const plain = parseBlueprint(
      JSON.parse(readFileSync(new URL("../fixtures/blueprints/hello-world.plutus.json", import.meta.url), "utf8")),
      "blueprint",
    );
    assert.equal(
      refusal(() => applyParams(plain.validators[0]!, plain.definitions, ["00"], "params.60b2"), "params.60b2"),
      "params.60b2 gives parameters, but the validator hello_world.hello_world.spend takes none.",
    );
    assert.equal(
      refusal(() => applyParams(validator, blueprint.definitions, ["00", "01"], "params.3331"), "params.3331"),
      "params.3331 holds 2 values, but the validator hello_world.hello_world.spend takes 1 (expected_msg).",
    );
    assert.equal(
      refusal(() => applyParams(validator, blueprint.definitions, ["Hello, Anvil!"], "params.3331"), "params.3331[0]"),
      'params.3331[0] must be a hex string, found the string "Hello, Anvil!" (for text, send the hex of its UTF-8 bytes).',
    );
  });
});
