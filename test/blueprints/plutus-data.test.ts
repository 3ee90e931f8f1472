// JSON ↔ Plutus data by a blueprint's schema (src/blueprints/plutus-data.ts): every schema form
// with its exact CBOR, converted both ways; the values the hosted API's examples send (hello-world,
// CIP-68) as they send them; refusals naming the deepest path; and, over random data, our CBOR
// against CSL's (an independent encoder of the ledger's canonical form) and the round trip through
// the JSON we answer.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import {
  makeByteArrayData,
  makeConstrData,
  makeIntData,
  makeListData,
  makeMapData,
  type UplcData,
} from "@helios-lang/uplc";
import fc from "fast-check";
import { parseBlueprint, type Schema } from "../../src/blueprints/blueprint.js";
import { dataFromJson, dataToCbor, jsonFromData } from "../../src/blueprints/plutus-data.js";

const ref = (name: string): Schema => ({ $ref: `#/definitions/${name.replaceAll("/", "~1")}` });
const ctor = (title: string | undefined, index: number, fields: Schema[]): Schema => ({
  ...(title === undefined ? {} : { title }),
  dataType: "constructor",
  index,
  fields,
});
const field = (title: string, name: string): Schema => ({ title, ...ref(name) });
const utf8 = (text: string) => Buffer.from(text, "utf8").toString("hex");

/** Definitions as Aiken v1.1 writes them (schema.rs), for the types of the tests and of the CIP-68 example contract. */
const DEFS: Record<string, Schema> = {
  Int: { dataType: "integer" },
  ByteArray: { dataType: "bytes" },
  Data: { title: "Data", description: "Any Plutus data." },
  Bool: { title: "Bool", anyOf: [ctor("False", 0, []), ctor("True", 1, [])] },
  Void: { title: "Unit", anyOf: [ctor(undefined, 0, [])] },
  Option$Int: { title: "Option", anyOf: [ctor("Some", 0, [ref("Int")]), ctor("None", 1, [])] },
  Option$Option$Int: { title: "Option", anyOf: [ctor("Some", 0, [ref("Option$Int")]), ctor("None", 1, [])] },
  List$Int: { dataType: "list", items: ref("Int") },
  Tuple$ByteArray_Int: { title: "Tuple", dataType: "list", items: [ref("ByteArray"), ref("Int")] },
  List$Tuple$ByteArray_Int: { dataType: "list", items: ref("Tuple$ByteArray_Int") },
  Pairs$ByteArray_Int: { title: "Pairs<ByteArray, Int>", dataType: "map", keys: ref("ByteArray"), values: ref("Int") },
  Pairs$Data_Data: { title: "Pairs<Data, Data>", dataType: "map", keys: ref("Data"), values: ref("Data") },
  Pair$Int_Bool: { title: "Pair", dataType: "#pair", left: ref("Int"), right: ref("Bool") },
  "test/Product": { title: "Product", dataType: "list", items: [field("x", "Int"), field("y", "Int")] },
  "test/Action": {
    title: "Action",
    anyOf: [
      ctor("Claim", 0, []),
      ctor("Deposit", 1, [field("amount", "Int")]),
      ctor("Withdraw", 2, [field("amount", "Int")]),
      ctor("Move", 3, [field("from", "ByteArray"), field("to", "ByteArray")]),
    ],
  },
  "test/Wide": {
    title: "Wide",
    anyOf: [
      ctor("A", 6, [ref("Int")]),
      ctor("B", 7, [ref("Int")]),
      ctor("C", 127, [ref("Int")]),
      ctor("D", 128, [ref("Int")]),
    ],
  },
  // The CIP-68 example contract's types (smart-contracts/cip-68/aiken-mint-cip-68/lib/types.ak).
  "types/Cip68Metadata": {
    title: "Cip68Metadata",
    anyOf: [
      ctor("Cip68Metadata", 0, [
        field("metadata", "Pairs$Data_Data"),
        field("version", "Int"),
        field("extra_datum", "Option$Int"),
      ]),
    ],
  },
  "types/MintRedeemer": {
    title: "MintRedeemer",
    anyOf: [ctor("MintRedeemer", 0, [field("assetnames", "List$Tuple$ByteArray_Int")])],
  },
  "types/SpendRedeemer": {
    title: "SpendRedeemer",
    anyOf: [ctor("SpendRedeemer", 0, [field("output_index", "Int"), field("update", "types/MetadataUpdateType")])],
  },
  "types/MetadataUpdateType": {
    title: "MetadataUpdateType",
    anyOf: [
      ctor("AdminUpdate", 0, []),
      ctor("UserUpdate", 1, [
        field("nickname", "ByteArray"),
        field("fee_output_index", "Int"),
        field("output_ref_user_token", "cardano/transaction/OutputReference"),
      ]),
    ],
  },
  "cardano/transaction/OutputReference": {
    title: "OutputReference",
    anyOf: [
      ctor("OutputReference", 0, [
        field("transaction_id", "cardano/transaction/TransactionId"),
        field("output_index", "Int"),
      ]),
    ],
  },
  "cardano/transaction/TransactionId": { title: "TransactionId", dataType: "bytes" },
};

const toCbor = (schema: Schema, value: unknown, path = "value") => dataFromJson(schema, DEFS, value, path);
const toJson = (schema: Schema, cbor: string, path = "value") => jsonFromData(schema, DEFS, cbor, path);

/** Converts both ways: `json` → exactly `cbor`, `cbor` → `answer` (json itself unless given), and the answer back to `cbor`. */
function roundTrip(schema: Schema, json: unknown, cbor: string, answer: unknown = json): void {
  assert.equal(toCbor(schema, json), cbor, `JSON ${JSON.stringify(json)} → CBOR`);
  assert.deepEqual(toJson(schema, cbor), answer, `CBOR ${cbor} → JSON`);
  assert.equal(toCbor(schema, answer), cbor, "the answer converts back to the same CBOR");
}

/** The 400 of a conversion: its message (and the field it names is the path the message starts with). */
function refusal(convert: () => unknown): string {
  try {
    convert();
  } catch (error) {
    const e = error as Error & { code?: string; field?: string };
    assert.equal(e.code, "SVC_ERR_BAD_REQUEST", e.message);
    assert.ok(
      e.field !== undefined && e.message.startsWith(e.field),
      `the message names its field first: ${e.message}`,
    );
    return e.message;
  }
  assert.fail("the value was accepted");
}

describe("the hello-world example", () => {
  const bp = parseBlueprint(
    JSON.parse(readFileSync(new URL("../fixtures/blueprints/hello-world.plutus.json", import.meta.url), "utf8")),
    "blueprint",
  );
  const owner = "30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4";

  it("writes the datum {owner} as parse_datum.ts's hex, and reads it back", () => {
    const datum = bp.validators[0]!.datum!;
    assert.equal(
      dataFromJson(datum, bp.definitions, { owner }, "datum"),
      "d8799f581c30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4ff",
    );
    assert.deepEqual(
      jsonFromData(
        datum,
        bp.definitions,
        "d8799f581c30f4e824283240d2ca66f3e09b0b7adfc5d37816c072279b31f090a4ff",
        "datum",
      ),
      { owner },
    );
    assert.equal(
      dataFromJson(datum, bp.definitions, { Datum: { owner } }, "datum"),
      dataFromJson(datum, bp.definitions, [owner], "datum"),
    );
  });

  it("writes the redeemer {msg: hex of 'Hello World'}", () => {
    assert.equal(
      dataFromJson(bp.validators[0]!.redeemer!, bp.definitions, { msg: utf8("Hello World") }, "redeemer"),
      "d8799f4b48656c6c6f20576f726c64ff",
    );
  });

  it("refuses an owner that is no key hash, naming the deepest path", () => {
    const datum = bp.validators[0]!.datum!;
    const at = "outputs[0].datum.value";
    assert.equal(
      refusal(() => dataFromJson(datum, bp.definitions, { owner: owner.slice(2) }, at)),
      "outputs[0].datum.value.owner must be a 28-byte hex string (a VerificationKeyHash), found 27 bytes.",
    );
    assert.equal(
      refusal(() => dataFromJson(datum, bp.definitions, { owner: "alice" }, at)),
      'outputs[0].datum.value.owner must be a 28-byte hex string (a VerificationKeyHash), found the string "alice" (for text, send the hex of its UTF-8 bytes).',
    );
    assert.equal(
      refusal(() => dataFromJson(datum, bp.definitions, {}, at)),
      "outputs[0].datum.value.owner is missing: expected a 28-byte hex string (a VerificationKeyHash).",
    );
    assert.equal(
      refusal(() => dataFromJson(datum, bp.definitions, { owner, extra: 1 }, at)),
      "outputs[0].datum.value.extra is not a field of the constructor Datum (its fields: owner).",
    );
  });

  it("refuses data of another shape, naming where it differs", () => {
    const datum = bp.validators[0]!.datum!;
    assert.equal(
      refusal(() => jsonFromData(datum, bp.definitions, "d8799f05ff", "datum")),
      "datum.owner does not match the schema: expected a 28-byte hex string (a VerificationKeyHash), found the integer 5.",
    );
    assert.match(
      refusal(() => jsonFromData(datum, bp.definitions, "d87a9f05ff", "datum")),
      /^datum does not match the schema: expected the constructor Datum .*found constructor 1 with 1 fields\.$/,
    );
    assert.equal(
      refusal(() => jsonFromData(datum, bp.definitions, "d8799f05ff00", "datum")),
      "datum is not well-formed CBOR: 1 bytes follow the CBOR item.",
    );
    assert.match(
      refusal(() => jsonFromData(datum, bp.definitions, "6161", "datum")),
      /^datum is not Plutus data CBOR/,
    );
    assert.match(
      refusal(() => jsonFromData(datum, bp.definitions, "zz", "datum")),
      /^datum must be Plutus data CBOR in hex/,
    );
  });
});

describe("the CIP-68 example's values, as it sends them", () => {
  const name = "cip68_1";
  it("the datum: metadata pairs of text, extra_datum left out (None)", () => {
    const datum = {
      metadata: [
        ["name", name],
        ["nickname", "nickname"],
      ],
      version: 1,
    };
    roundTrip(
      ref("types/Cip68Metadata"),
      datum,
      `d8799fa2446e616d654763697036385f31486e69636b6e616d65486e69636b6e616d6501d87a80ff`,
      { ...datum, extra_datum: null },
    );
  });
  it("the mint redeemer: a list of (asset name, output index) tuples", () => {
    roundTrip(ref("types/MintRedeemer"), { assetnames: [[utf8(name), 0]] }, "d8799f9f9f4763697036385f3100ffffff");
  });
  it("the admin update: a constructor without fields by its name", () => {
    roundTrip(ref("types/SpendRedeemer"), { output_index: 0, update: "AdminUpdate" }, "d8799f00d87980ff");
  });
  it("the customer update: UserUpdate's fields alone, answered wrapped in its name", () => {
    const update = {
      nickname: utf8("customer_updated"),
      fee_output_index: 1,
      output_ref_user_token: { transaction_id: "ab".repeat(32), output_index: 1 },
    };
    const cbor = `d8799f00d87a9f50${utf8("customer_updated")}01d8799f5820${"ab".repeat(32)}01ffffff`;
    roundTrip(ref("types/SpendRedeemer"), { output_index: 0, update }, cbor, {
      output_index: 0,
      update: { UserUpdate: update },
    });
    assert.equal(
      refusal(() =>
        toCbor(
          ref("types/SpendRedeemer"),
          {
            output_index: 0,
            update: { ...update, output_ref_user_token: { transaction_id: "ab".repeat(31), output_index: 1 } },
          },
          "redeemer",
        ),
      ),
      "redeemer.update.output_ref_user_token.transaction_id must be a 32-byte hex string (a TransactionId), found 31 bytes.",
    );
    assert.match(
      refusal(() => toCbor(ref("types/SpendRedeemer"), { output_index: 0, update: "SuperUpdate" }, "redeemer")),
      /^redeemer\.update is not one of the constructors AdminUpdate, UserUpdate /,
    );
    assert.equal(
      refusal(() => toCbor(ref("types/SpendRedeemer"), { output_index: 0, update: "UserUpdate" }, "redeemer")),
      'redeemer.update names the constructor UserUpdate, which has fields (nickname, fee_output_index, output_ref_user_token): send {"UserUpdate": <its fields>}.',
    );
  });
});

describe("every schema form", () => {
  it("integers: numbers, decimal strings, beyond 64 bits as tagged bignums (chunked past 64 bytes)", () => {
    const int = ref("Int");
    roundTrip(int, 5, "05");
    roundTrip(int, -1, "20");
    roundTrip(int, "18446744073709551615", "1bffffffffffffffff");
    roundTrip(int, "18446744073709551616", "c249010000000000000000");
    roundTrip(int, "-18446744073709551616", "3bffffffffffffffff");
    roundTrip(int, "-18446744073709551617", "c349010000000000000000");
    roundTrip(int, (2n ** 600n).toString(), `c25f584001${"00".repeat(63)}4c${"00".repeat(12)}ff`);
    assert.equal(toCbor(int, "1_000_000"), "1a000f4240");
    assert.equal(toJson(int, "1b0020000000000001"), "9007199254740993", "unsafe integers are answered as strings");
    assert.equal(
      refusal(() => toCbor(int, 2 ** 60)),
      "value is a JSON number beyond 2^53, whose last digits JSON has lost: send it as a decimal string.",
    );
    assert.match(
      refusal(() => toCbor(int, 1.5)),
      /^value must be an integer/,
    );
  });

  it("bytes: hex, 64 bytes in one piece, 100 bytes in 64-byte chunks", () => {
    const bytes = ref("ByteArray");
    roundTrip(bytes, "", "40");
    roundTrip(bytes, "cd".repeat(64), `5840${"cd".repeat(64)}`);
    roundTrip(bytes, "ab".repeat(100), `5f5840${"ab".repeat(64)}5824${"ab".repeat(36)}ff`);
    assert.equal(toCbor(bytes, "ABCD"), "42abcd");
    assert.match(
      refusal(() => toCbor(bytes, "abc")),
      /^value must be a hex string/,
    );
    assert.equal(
      refusal(() => toCbor({ dataType: "bytes", maxLength: 2 }, "010203")),
      "value must be a hex string, found 3 bytes.",
    );
  });

  it("lists (empty definite, others indefinite), tuples, @list records", () => {
    roundTrip(ref("List$Int"), [], "80");
    roundTrip(ref("List$Int"), [1, 2], "9f0102ff");
    roundTrip(ref("Tuple$ByteArray_Int"), ["01", 2], "9f4101 02ff".replace(" ", ""));
    roundTrip(ref("test/Product"), { x: 1, y: 2 }, "9f0102ff");
    assert.equal(toCbor(ref("test/Product"), [1, 2]), "9f0102ff");
    assert.equal(
      refusal(() => toCbor(ref("Tuple$ByteArray_Int"), ["01"])),
      "value must hold the 2 fields of the tuple, found 1.",
    );
    assert.equal(
      refusal(() => toCbor(ref("List$Int"), [1, "x"])),
      'value[1] must be an integer (a JSON number, or a decimal string for any size), found the string "x".',
    );
  });

  it("maps: pairs, {k, v} entries or an object; answered as pairs", () => {
    const map = ref("Pairs$ByteArray_Int");
    roundTrip(
      map,
      [
        ["01", 1],
        ["02", 2],
      ],
      "a2410101410202",
    );
    assert.equal(toCbor(map, [{ k: "01", v: 1 }]), "a1410101");
    assert.equal(toCbor(map, { "01": 1 }), "a1410101");
    roundTrip(map, [], "a0");
    roundTrip(
      map,
      [
        ["01", 1],
        ["02", 2],
        ["01", 3],
      ],
      "a3410101410202410103",
    ); // duplicate keys stay, in order
    assert.equal(
      refusal(() => toCbor(map, [["01", "x"]])),
      'value[0][1] must be an integer (a JSON number, or a decimal string for any size), found the string "x".',
    );
  });

  it("constructors: names, wrapped fields, bare fields that fit one, and the tags of every index range", () => {
    const action = ref("test/Action");
    roundTrip(action, "Claim", "d87980");
    roundTrip(action, { Deposit: { amount: 5 } }, "d87a9f05ff");
    roundTrip(action, { Move: { from: "01", to: "02" } }, "d87c9f41014102ff");
    assert.equal(toCbor(action, { from: "01", to: "02" }), "d87c9f41014102ff");
    assert.equal(toCbor(action, { Claim: {} }), "d87980");
    assert.equal(toCbor(action, { constructor: 1, fields: [5] }), "d87a9f05ff");
    assert.equal(
      refusal(() => toCbor(action, { amount: 5 })),
      'value fits the fields of several constructors (Deposit, Withdraw): name one, as {"Deposit": {…}}.',
    );
    const wide = ref("test/Wide");
    roundTrip(wide, { A: [1] }, "d87f9f01ff");
    roundTrip(wide, { B: [1] }, "d905009f01ff");
    roundTrip(wide, { C: [1] }, "d905789f01ff");
    roundTrip(wide, { D: [1] }, "d866821880 9f01ff".replace(" ", ""));
  });

  it("Bool, Option (nested too), Unit, #pair, #string, #boolean, #unit", () => {
    roundTrip(ref("Bool"), true, "d87a80");
    roundTrip(ref("Bool"), false, "d87980");
    roundTrip(ref("Option$Int"), null, "d87a80");
    roundTrip(ref("Option$Int"), 5, "d8799f05ff");
    assert.equal(toCbor(ref("Option$Int"), { Some: 5 }), "d8799f05ff");
    assert.equal(toCbor(ref("Option$Int"), "None"), "d87a80");
    roundTrip(ref("Option$Option$Int"), { Some: null }, "d8799fd87a80ff");
    roundTrip(ref("Option$Option$Int"), 5, "d8799fd8799f05ffff");
    roundTrip(ref("Void"), {}, "d87980");
    assert.equal(toCbor(ref("Void"), null), "d87980");
    roundTrip(ref("Pair$Int_Bool"), [1, true], "9f01d87a80ff");
    roundTrip({ dataType: "#string" }, "héllo", `46${utf8("héllo")}`);
    roundTrip({ dataType: "#boolean" }, true, "d87a80");
    roundTrip({ dataType: "#unit" }, {}, "d87980");
  });

  it("anyOf of schemas that are not constructors: the first that fits", () => {
    const either = { anyOf: [ref("Int"), ref("ByteArray")] };
    roundTrip(either, 5, "05");
    roundTrip(either, "abcd", "42abcd");
    assert.equal(toCbor(either, "0102"), "1866", "a decimal string is an integer, and the integer comes first");
    assert.match(
      refusal(() => toCbor(either, true)),
      /^value must be /,
    );
  });

  it("opaque Data: numbers, hex or text strings, arrays, objects, the detailed schema; answered so that it reads back", () => {
    const data = ref("Data");
    roundTrip(data, 5, "05");
    roundTrip(data, "name", "446e616d65");
    roundTrip(data, "cafe", "42cafe");
    roundTrip(data, utf8("cafe"), "4463616665", utf8("cafe"));
    roundTrip(data, ["a", [1]], "9f41619f01ffff");
    roundTrip(data, { int: "18446744073709551616" }, "c249010000000000000000");
    roundTrip(data, { constructor: 3, fields: [] }, "d87c80");
    roundTrip(data, { map: [{ k: "x", v: 1 }] }, "a1417801");
    assert.equal(toCbor(data, { x: 1 }), "a1417801", "any other object is a map keyed by its keys");
    assert.equal(toCbor(data, { bytes: "cafe" }), "42cafe");
    assert.equal(toCbor(data, true), "d87a80");
    assert.deepEqual(toJson(data, "4100"), "00", "bytes that are not printable text are answered as hex");
    assert.match(
      refusal(() => toCbor(data, null)),
      /^value must be Plutus data as JSON/,
    );
    assert.match(
      refusal(() => toCbor(data, { int: "x" })),
      /^value\.int must be an integer/,
    );
  });
});

// ── Random data: our CBOR against CSL's, and the round trip through what we answer ──────────

/** Plutus data in cardano-cli's detailed JSON schema, integers written whole (CSL reads them so). */
function detailed(d: UplcData): string {
  switch (d.kind) {
    case "int":
      return `{"int":${d.value}}`;
    case "bytes":
      return `{"bytes":"${Buffer.from(d.bytes).toString("hex")}"}`;
    case "list":
      return `{"list":[${d.items.map(detailed).join(",")}]}`;
    case "map":
      return `{"map":[${d.items.map(([k, v]) => `{"k":${detailed(k)},"v":${detailed(v)}}`).join(",")}]}`;
    case "constr":
      return `{"constructor":${d.tag},"fields":[${d.fields.map(detailed).join(",")}]}`;
  }
}

const arbitraryData: fc.Arbitrary<UplcData> = fc.letrec<{ data: UplcData }>((tie) => ({
  data: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc
      .oneof(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.bigInt({ min: -(2n ** 700n), max: 2n ** 700n }))
      .map((n) => makeIntData(n)),
    fc
      .oneof(
        fc.uint8Array({ maxLength: 140 }),
        fc.string({ maxLength: 12, unit: "grapheme" }).map((s) => Buffer.from(s, "utf8")),
        fc.stringMatching(/^[0-9a-f]{0,8}$/).map((s) => Buffer.from(s, "utf8")),
      )
      .map((b) => makeByteArrayData(b)),
    fc.array(tie("data"), { maxLength: 4 }).map((items) => makeListData(items)),
    // Keys unique: CSL's maps group equal keys together, where the ledger (and we) keep their order.
    fc
      .uniqueArray(fc.tuple(tie("data"), tie("data")), {
        maxLength: 3,
        selector: ([k]) => Buffer.from(k.toCbor()).toString("hex"),
      })
      .map((items) => makeMapData(items)),
    fc
      .tuple(
        fc.oneof(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 300 })),
        fc.array(tie("data"), { maxLength: 3 }),
      )
      .map(([tag, fields]) => makeConstrData(tag, fields)),
  ),
})).data;

describe("random data", () => {
  it("our CBOR is CSL's (the ledger's canonical form), and the JSON we answer as opaque Data reads back to it", () => {
    fc.assert(
      fc.property(arbitraryData, (d) => {
        const cbor = dataToCbor(d);
        assert.equal(cbor, CSL.PlutusData.from_json(detailed(d), CSL.PlutusDatumSchema.DetailedSchema).to_hex());
        const json = jsonFromData({}, {}, cbor, "data");
        assert.equal(dataFromJson({}, {}, JSON.parse(JSON.stringify(json)), "data"), cbor);
      }),
      { numRuns: 400 },
    );
  });
});
