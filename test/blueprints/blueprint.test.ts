// CIP-57 blueprints (src/blueprints/blueprint.ts): the two Aiken blueprints of the hosted API's
// examples read as they are, with their hashes recomputed from the code; a Helios script (two CBOR
// wrappings, Plutus V2) hashes as Helios and Mesh hash it; and every malformed blueprint is a 400
// naming the path of what is wrong.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { resolveScriptHash } from "@meshsdk/core";
import {
  parseBlueprint,
  plutusScriptHash,
  schemaFor,
  unwrapScript,
  wrapScript,
} from "../../src/blueprints/blueprint.js";
import { sumCheckValidator } from "../support/plutus-fixture.js";

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../fixtures/blueprints/${name}.plutus.json`, import.meta.url), "utf8")) as Record<
    string,
    unknown
  >;
const HELLO = "60b2028485e1f6194876973e7f1a4781ce616d830da416bab7c98570";
const WITH_PARAMS = "333158938654b6e69ce1349aeeadcff7fdc0c285f3102b8697a1e173";

/** The parts of the fixtures' JSON that the tests change. */
interface FixtureJson {
  preamble: Record<string, unknown>;
  validators: {
    title: unknown;
    compiledCode?: unknown;
    hash?: unknown;
    datum: { schema: Record<string, unknown> };
    parameters?: unknown;
  }[];
  definitions: Record<string, { dataType?: unknown; anyOf: Record<string, unknown>[] }>;
}

/** The hello-world blueprint (read afresh) with `change` applied. */
function altered(change: (json: FixtureJson) => void): unknown {
  const json = fixture("hello-world");
  change(json as unknown as FixtureJson);
  return json;
}

/** The message of the 400 that parseBlueprint answers, and the field it names. */
function refusalOf(json: unknown): { message: string; field: string | undefined } {
  try {
    parseBlueprint(json, "blueprint");
  } catch (error) {
    const e = error as Error & { code?: string; field?: string };
    assert.equal(e.code, "SVC_ERR_BAD_REQUEST", e.message);
    return { message: e.message, field: e.field };
  }
  assert.fail("the blueprint was accepted");
}

describe("parseBlueprint", () => {
  it("reads the hello-world blueprint: title, version, both entries with their schemas", () => {
    const json = fixture("hello-world");
    const bp = parseBlueprint(json, "blueprint");
    assert.equal(bp.title, "anvil-api-examples/hello-world");
    assert.equal(bp.version, "V3");
    assert.deepEqual(
      bp.validators.map((v) => [v.title, v.hash, v.version, v.parameters.length]),
      [
        ["hello_world.hello_world.spend", HELLO, "V3", 0],
        ["hello_world.hello_world.else", HELLO, "V3", 0],
      ],
    );
    assert.deepEqual(bp.validators[0]!.datum, { $ref: "#/definitions/hello_world~1Datum" });
    assert.deepEqual(bp.validators[1]!.redeemer, {});
    assert.equal(bp.validators[1]!.datum, undefined);
    assert.ok(Object.hasOwn(bp.definitions, "hello_world/Datum"));
    assert.equal(bp.json, json);
  });

  it("reads the parameterised blueprint with its parameter's title and schema", () => {
    const bp = parseBlueprint(fixture("hello-world-with-params"), "blueprint");
    assert.deepEqual(bp.validators[0]!.parameters, [
      { title: "expected_msg", schema: { $ref: "#/definitions/ByteArray" } },
    ]);
    assert.equal(bp.validators[0]!.hash, WITH_PARAMS);
  });

  it("computes a hash the blueprint leaves out, and infers a missing plutusVersion from the hash given", () => {
    const noHash = parseBlueprint(
      altered((j) => delete j.validators[0]!.hash),
      "blueprint",
    );
    assert.equal(noHash.validators[0]!.hash, HELLO);
    const noVersion = parseBlueprint(
      altered((j) => delete j.preamble["plutusVersion"]),
      "blueprint",
    );
    assert.equal(noVersion.version, "V3");
    assert.equal(noVersion.validators[1]!.version, "V3");
  });

  it("refuses a wrong hash, naming the validator's hash and both values", () => {
    const { message, field } = refusalOf(altered((j) => (j.validators[1]!.hash = "00".repeat(28))));
    assert.equal(field, "blueprint.validators[1].hash");
    assert.match(message, new RegExp(`is 0{56}, but the compiled code's hash \\(Plutus V3\\) is ${HELLO}`));
  });

  it("refuses an unknown plutusVersion, a missing compiledCode, and code that is not a script", () => {
    assert.deepEqual(refusalOf(altered((j) => (j.preamble["plutusVersion"] = "v4"))), {
      field: "blueprint.preamble.plutusVersion",
      message:
        'blueprint.preamble.plutusVersion must be "v1", "v2" or "v3" (the Plutus version), found the string "v4".',
    });
    assert.deepEqual(refusalOf(altered((j) => delete j.validators[0]!.compiledCode)), {
      field: "blueprint.validators[0].compiledCode",
      message: "blueprint.validators[0].compiledCode is missing: a validator without its compiled code cannot be used.",
    });
    assert.equal(
      refusalOf(altered((j) => (j.validators[0]!.compiledCode = "4401020304"))).field,
      "blueprint.validators[0].compiledCode",
    );
    assert.equal(
      refusalOf(altered((j) => (j.validators[0]!.compiledCode = "xyz"))).field,
      "blueprint.validators[0].compiledCode",
    );
  });

  it("refuses malformed schemas where they sit: a $ref to nothing, an unknown dataType, fields that are not an array", () => {
    assert.deepEqual(refusalOf(altered((j) => (j.validators[0]!.datum.schema["$ref"] = "#/definitions/Nope"))), {
      field: "blueprint.validators[0].datum.schema.$ref",
      message:
        'blueprint.validators[0].datum.schema.$ref must name one of the blueprint\'s definitions ("#/definitions/<name>", "/" written "~1"), found the string "#/definitions/Nope".',
    });
    assert.equal(
      refusalOf(altered((j) => (j.definitions["ByteArray"]!.dataType = "bytestring"))).field,
      "blueprint.definitions.ByteArray.dataType",
    );
    assert.equal(
      refusalOf(altered((j) => (j.definitions["hello_world/Datum"]!.anyOf[0]!["fields"] = {}))).field,
      "blueprint.definitions.hello_world/Datum.anyOf[0].fields",
    );
    assert.equal(
      refusalOf(altered((j) => (j.validators[0]!.parameters = [{ title: "x" }]))).field,
      "blueprint.validators[0].parameters[0].schema",
    );
  });

  it("refuses what is not a blueprint at all", () => {
    assert.equal(refusalOf("plutus.json").field, "blueprint");
    assert.equal(refusalOf({ preamble: { title: "x" }, validators: [] }).field, "blueprint.validators");
    assert.equal(refusalOf({ validators: [] }).field, "blueprint.preamble");
    assert.equal(refusalOf(altered((j) => (j.validators[0]!.title = 7))).field, "blueprint.validators[0].title");
  });
});

describe("schemaFor", () => {
  const bp = parseBlueprint(fixture("hello-world"), "blueprint");
  it("takes the entry whose title ends with the purpose", () => {
    assert.deepEqual(schemaFor(bp, HELLO, "spend", "datum"), { $ref: "#/definitions/hello_world~1Datum" });
    assert.deepEqual(schemaFor(bp, HELLO.toUpperCase(), "spend", "redeemer"), {
      $ref: "#/definitions/hello_world~1Redeemer",
    });
  });
  it("else the single entry of that hash holding the kind; undefined when none or several", () => {
    assert.deepEqual(schemaFor(bp, HELLO, "withdraw", "datum"), { $ref: "#/definitions/hello_world~1Datum" });
    assert.equal(schemaFor(bp, HELLO, "mint", "redeemer"), undefined, "two entries hold a redeemer: spend and else");
    assert.equal(schemaFor(bp, WITH_PARAMS, "spend", "datum"), undefined);
  });
});

describe("script hashes and wrappings", () => {
  const code = (fixture("hello-world") as unknown as { validators: { compiledCode: string }[] }).validators[0]!
    .compiledCode;
  it("hashes the code once wrapped, whether given bare, once or twice wrapped", () => {
    const script = unwrapScript(Buffer.from(code, "hex"))!;
    assert.equal(script.wrappings, 1);
    for (const wrappings of [0, 1, 2]) {
      const given = wrapScript(script.flat, wrappings);
      assert.equal(unwrapScript(Buffer.from(given, "hex"))!.wrappings, wrappings);
      assert.equal(plutusScriptHash(given, "V3"), HELLO);
    }
    assert.notEqual(plutusScriptHash(code, "V2"), HELLO, "the language tag is part of the hash");
  });

  it("hashes a Helios V2 script (two wrappings) as Helios and Mesh do, and reads it in a blueprint", async () => {
    const helios = await sumCheckValidator();
    assert.equal(unwrapScript(Buffer.from(helios.code, "hex"))!.wrappings, 2);
    assert.equal(plutusScriptHash(helios.code, "V2"), helios.hash);
    assert.equal(resolveScriptHash(helios.code, "V2"), helios.hash);
    const bp = parseBlueprint(
      {
        preamble: { title: "helios", plutusVersion: "v2" },
        validators: [
          {
            title: "sum_check",
            compiledCode: helios.code,
            hash: helios.hash,
            redeemer: { schema: { dataType: "integer" } },
          },
        ],
      },
      "blueprint",
    );
    assert.equal(bp.validators[0]!.version, "V2");
  });
});
