// Unit tests of the payload → plan mapping and the CIP helpers (no chain, no HTTP).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { chunkUtf8, cip67Prefix, cip68Datum, jsonToMetadatum, textMetadatum } from "../../src/cardano/metadata.js";
import type { Static } from "typebox";
import type { Network } from "../../src/config.js";
import type { UTxO } from "../../src/cardano/types.js";
import { readAddress } from "../../src/cardano/address-rules.js";
import { fromAssets } from "../../src/cardano/value.js";
import { mintOf } from "../../src/tx/build/complete.js";
import { checkAssets } from "../../src/tx/build/inputs.js";
import { planBuild as planIntent } from "../../src/tx/build/plan.js";
import { buildIntent } from "../../src/server/routes/transactions/to-domain.js";
import type { BuildBody } from "../../src/server/routes/transactions/schemas.js";
import { timeLockOf } from "../../src/tx/build/validity.js";

const TESTNET =
  "addr_test1qzn8y9gncth2v4w5lhv47k5vswcys4ffxmect6dyv7an6rpacfd469p5u67a6wjtz42fz7qj9lvz364yjq5wx3agzr5q4xehp4";
const KEY_HASH = "8d8deecf9c36147ff3ccab3e59344c95978e3685d6037066d4f6425f";
const SCRIPT = { type: "all" as const, scripts: [{ type: "sig" as const, keyHash: KEY_HASH }] };
const POLICY = "3d1ee0ef55241d9e965d21a2de0d6f8881ca7852fef54f9b00e4be08"; // CSL's hash of SCRIPT

type BuildRequest = Static<typeof BuildBody>;
/** A body planned as the route does: read at the edge (its to-domain.ts), then planned. */
const planBuild = (body: BuildRequest, network: Network, nowSeconds: number) =>
  planIntent(buildIntent(network, body), network, nowSeconds);

describe("CIP helpers", () => {
  test("CIP-67 prefixes of the four CIP-68 labels", () => {
    assert.equal(cip67Prefix(100), "000643b0");
    assert.equal(cip67Prefix(222), "000de140");
    assert.equal(cip67Prefix(333), "0014df10");
    assert.equal(cip67Prefix(444), "001bc280");
  });

  test("chunkUtf8: chunks of at most 64 bytes that join back, never splitting a code point", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        const chunks = chunkUtf8(text);
        assert.equal(chunks.join(""), text);
        for (const chunk of chunks) {
          assert.ok(Buffer.byteLength(chunk, "utf8") <= 64);
          assert.equal(Buffer.from(chunk, "utf8").toString("utf8"), chunk, "each chunk is valid UTF-8 on its own");
        }
      }),
    );
    assert.deepEqual(chunkUtf8("€".repeat(22)), ["€".repeat(21), "€"]); // 3-byte characters: 63 + 3
    assert.equal(textMetadatum("x".repeat(64)), "x".repeat(64));
    assert.deepEqual(textMetadatum("x".repeat(65)), ["x".repeat(64), "x"]);
  });

  test("JSON → metadatum: maps, lists, bigint integers; no booleans, null or fractions", () => {
    const value = jsonToMetadatum({ a: [1, "b"], c: { d: -2 } }, "m");
    assert.ok(value instanceof Map);
    assert.deepEqual(value.get("a"), [1n, "b"]);
    assert.deepEqual((value.get("c") as Map<string, unknown>).get("d"), -2n);
    assert.throws(() => jsonToMetadatum({ x: true }, "m"), /m\.x is boolean/);
    assert.throws(() => jsonToMetadatum([0.5], "m"), /m\[0\] is 0\.5/);
  });

  test("CIP-68 datum: constructor 0 with metadata map (UTF-8 bytes), version 1 and extra = constructor 0 []", () => {
    const expected: unknown = {
      constructor: 0,
      fields: [{ map: [{ k: { bytes: "6e616d65" }, v: { bytes: "41" } }] }, { int: 1 }, { constructor: 0, fields: [] }],
    };
    assert.deepEqual(cip68Datum({ name: "A" }, "m"), expected);
    assert.throws(() => cip68Datum("text", "m"), /m must be an object/);
  });
});

describe("native-script time locks", () => {
  const sig = { type: "sig" as const, keyHash: KEY_HASH };
  test("bounds under all (and atLeast-all) are forced; under any they are not", () => {
    assert.deepEqual(
      timeLockOf({
        type: "all",
        scripts: [sig, { type: "before", slot: "500" }, { type: "before", slot: "400" }, { type: "after", slot: "10" }],
      }),
      { before: 400n, after: 10n },
    );
    assert.deepEqual(timeLockOf({ type: "any", scripts: [sig, { type: "before", slot: "500" }] }), {});
    assert.deepEqual(timeLockOf({ type: "atLeast", required: 2, scripts: [sig, { type: "after", slot: "7" }] }), {
      after: 7n,
    });
    assert.deepEqual(timeLockOf({ type: "atLeast", required: 1, scripts: [sig, { type: "after", slot: "7" }] }), {});
  });
});

describe("payload → plan", () => {
  const base: BuildRequest = { changeAddress: TESTNET };

  test("outputs: amounts with separators become bigints, asset names resolve to hex units", () => {
    const plan = planBuild(
      {
        ...base,
        outputs: [
          {
            address: TESTNET,
            lovelace: "2_500_000",
            assets: [
              { policyId: POLICY, assetName: "CAFE", quantity: 1 },
              { policyId: POLICY, assetName: { name: "Hi", format: "utf8", label: 222 }, quantity: "10" },
            ],
          },
        ],
      },
      "devnet",
      1_000,
    );
    const [output] = plan.outputs;
    assert.equal(output!.lovelace, 2_500_000n);
    assert.deepEqual(
      [...output!.assets],
      [
        [`${POLICY}cafe`, 1n],
        [`${POLICY}000de1404869`, 10n],
      ],
    );
    assert.deepEqual(plan.validity, { start: 1_000, end: 1_000 + 7_200, explicitStart: false, explicitEnd: false });
    assert.deepEqual(plan.timeLocks, []);
    assert.equal(plan.utxos, null, "no utxos: read from the chain");
  });

  test("the edge reads quantities into bigints and datums and redeemers given as CBOR or detailed JSON into CBOR, once", () => {
    const datumCbor = "D8799F4100FF"; // constructor 0 [bytes 00], in upper case as a client may send it
    const intent = buildIntent("devnet", {
      ...base,
      outputs: [
        {
          address: TESTNET,
          lovelace: "2_500_000",
          assets: [{ policyId: POLICY, assetName: "CAFE", quantity: "10" }],
          datum: { type: "inline", value: { constructor: 0, fields: [{ bytes: "00" }] } },
        },
        { address: TESTNET, datum: { type: "hash", value: datumCbor } },
        {
          address: TESTNET,
          datum: { type: "inline", value: { owner: KEY_HASH }, shape: { validatorHash: POLICY, purpose: "spend" } },
        },
      ],
      mint: [{ version: "cip25", assetName: { name: "x", format: "utf8" }, policyId: POLICY, quantity: "-3" }],
      scriptInteractions: [
        { purpose: "spend", hash: POLICY, redeemer: datumCbor, datum: { type: "cbor", value: datumCbor } },
        { purpose: "mint", hash: POLICY, redeemer: { type: "cbor", value: datumCbor } },
        { purpose: "mint", hash: POLICY, redeemer: { type: "json", value: { n: 1 } } },
      ],
    });
    const [paid, hashed, shaped] = intent.outputs!;
    assert.equal(paid!.lovelace, 2_500_000n);
    assert.equal(paid!.assets![0]!.quantity, 10n);
    assert.deepEqual(paid!.datum, { type: "inline", cbor: "d8799f4100ff" });
    assert.deepEqual(hashed!.datum, { type: "hash", cbor: "d8799f4100ff" });
    assert.equal(hashed!.lovelace, undefined, "left out: the ledger minimum, settled in planning");
    assert.deepEqual(shaped!.datum, {
      type: "inline",
      value: { owner: KEY_HASH },
      shape: { validatorHash: POLICY, purpose: "spend" },
    });
    assert.equal(intent.mint![0]!.quantity, -3n);
    const [spend, mintCbor, mintJson] = intent.scriptInteractions!;
    assert.deepEqual(spend!.redeemer, { type: "cbor", cbor: "d8799f4100ff" });
    assert.deepEqual(spend!.datum, { type: "json", value: { type: "cbor", value: datumCbor } });
    assert.deepEqual(mintCbor!.redeemer, { type: "cbor", cbor: "d8799f4100ff" });
    assert.deepEqual(mintJson!.redeemer, { type: "json", value: { n: 1 } });
    assert.throws(() => buildIntent("devnet", { ...base, outputs: [{ address: TESTNET, lovelace: "2.5" }] }), {
      message: "outputs[0].lovelace must be a whole number.",
    });
    assert.throws(
      () => buildIntent("devnet", { ...base, scriptInteractions: [{ purpose: "mint", hash: POLICY, redeemer: "zz" }] }),
      { message: "scriptInteractions[0].redeemer is not hex-encoded CBOR." },
    );
  });

  test("addresses in hex (as CIP-30 wallets give them) are planned in bech32; mint quantities stay within the ledger's Int64", () => {
    const hex =
      "00a6721513c2eea655d4fdd95f5a8c83b048552936f385e9a467bb3d0c3dc25b5d1434e6bddd3a4b15549178122fd828eaa49028e347a810e8"; // TESTNET's bytes
    const preloadedScripts: BuildRequest["preloadedScripts"] = [{ type: "simple", script: SCRIPT, hash: POLICY }];
    const mint = (quantity: string): BuildRequest["mint"] => [
      { version: "cip25", assetName: { name: "x", format: "utf8" }, policyId: POLICY, quantity, destAddress: hex },
    ];
    const plan = planBuild(
      { changeAddress: hex, outputs: [{ address: hex }], preloadedScripts, mint: mint("9223372036854775807") },
      "devnet",
      0,
    );
    assert.deepEqual(
      plan.outputs.map((o) => o.address.bech32),
      [TESTNET, TESTNET],
    );
    assert.equal(plan.changeAddress.bech32, TESTNET);
    assert.equal(plan.mints[0]!.quantity, 2n ** 63n - 1n);
    assert.throws(() => planBuild({ ...base, preloadedScripts, mint: mint("9223372036854775808") }, "devnet", 0), {
      message: /^mint\[0\]\.quantity is 9223372036854775808, outside/,
    });
    assert.throws(() => planBuild({ ...base, preloadedScripts, mint: mint("-9223372036854775809") }, "devnet", 0), {
      message: /^mint\[0\]\.quantity is -9223372036854775809, outside/,
    });
  });

  test("CIP-68 mint: user and reference mints, the reference output with an inline datum at the change address", () => {
    const plan = planBuild(
      {
        ...base,
        preloadedScripts: [{ type: "simple", script: SCRIPT, hash: POLICY }],
        mint: [
          {
            version: "cip68",
            assetName: { name: "Hi", format: "utf8", label: 444 },
            policyId: POLICY,
            quantity: 3,
            metadata: { name: "Hi" },
          },
        ],
      },
      "preprod",
      0,
    );
    assert.deepEqual(
      plan.mints.map((m) => [m.assetNameHex, m.quantity]),
      [
        ["001bc2804869", 3n],
        ["000643b04869", 1n],
      ],
    );
    assert.equal(plan.outputs.length, 1);
    assert.equal(plan.outputs[0]!.address.bech32, TESTNET);
    assert.equal(plan.outputs[0]!.datum?.kind, "inline");
    assert.deepEqual([...plan.mintScripts.keys()], [POLICY]);
    assert.equal(plan.metadata.size, 0);
  });

  test("CIP-25 metadata, message and meta[] merge into one label map", () => {
    const plan = planBuild(
      {
        ...base,
        preloadedScripts: [{ type: "simple", script: SCRIPT, hash: POLICY }],
        mint: [
          {
            version: "cip25",
            assetName: { name: "Tok", format: "utf8" },
            policyId: POLICY,
            quantity: 1,
            metadata: { name: "Tok" },
          },
        ],
        message: "hi",
        meta: [
          { label: "token", data: { version: 1 } },
          { label: 674, data: { extra: "x" } },
        ],
      },
      "devnet",
      0,
    );
    assert.deepEqual([...plan.metadata.keys()], [674n, 721n]);
    const cip20 = plan.metadata.get(674n) as Map<string, unknown>;
    assert.deepEqual(cip20.get("msg"), ["hi"]);
    assert.equal(cip20.get("extra"), "x");
    const cip25 = plan.metadata.get(721n) as Map<string, unknown>;
    assert.equal(cip25.get("version"), 1n);
    assert.equal(((cip25.get(POLICY) as Map<string, unknown>).get("Tok") as Map<string, unknown>).get("name"), "Tok");
  });

  test("refusals before any chain access", () => {
    assert.throws(
      () => planBuild({ changeAddress: TESTNET }, "mainnet", 0),
      /testnet address but this service builds for mainnet/,
    );
    assert.throws(
      () =>
        planBuild(
          {
            ...base,
            mint: [{ version: "cip25", assetName: { name: "x", format: "utf8" }, policyId: POLICY, quantity: 0 }],
            preloadedScripts: [{ type: "simple", script: SCRIPT, hash: POLICY }],
          },
          "devnet",
          0,
        ),
      /quantity is 0/,
    );
    assert.throws(
      () =>
        planBuild(
          {
            ...base,
            outputs: [
              {
                address: TESTNET,
                assets: [
                  { policyId: POLICY, assetName: { name: "x".repeat(30), format: "utf8", label: 222 }, quantity: 1 },
                ],
              },
            ],
          },
          "devnet",
          0,
        ),
      /34 bytes long .* at most 32 bytes/,
    );
    assert.throws(
      () => planBuild({ ...base, referenceInputs: ["abc#0"] }, "devnet", 0),
      /referenceInputs\[0\] must be/,
    );
  });
});

describe("mints of one unit", () => {
  const preloadedScripts: BuildRequest["preloadedScripts"] = [{ type: "simple", script: SCRIPT, hash: POLICY }];
  const gold = (quantity: number) => ({
    version: "cip25" as const,
    assetName: { name: "Gold", format: "utf8" as const },
    policyId: POLICY,
    quantity,
  });
  const GOLD = `${POLICY}${Buffer.from("Gold").toString("hex")}`;
  const holding = (quantity: string): UTxO => ({
    input: { txHash: "ab".repeat(32), outputIndex: 0 },
    output: {
      address: TESTNET,
      amount: [
        { unit: "lovelace", quantity: "5000000" },
        { unit: GOLD, quantity },
      ],
    },
  });

  test("mint[] lists a unit once: a second entry of it is a 400 naming that entry", () => {
    assert.throws(
      () => planBuild({ changeAddress: TESTNET, preloadedScripts, mint: [gold(5), { ...gold(3) }] }, "devnet", 0),
      {
        message: `mint[1] mints ${POLICY}.${Buffer.from("Gold").toString("hex")} a second time: list each asset once.`,
      },
    );
  });

  test("the asset check sums a plan's entries of one unit, as balancing does", () => {
    // A plan with two entries of one unit (the planner never makes one; any other producer of a plan could).
    const one = planBuild({ changeAddress: TESTNET, preloadedScripts, mint: [gold(5)] }, "devnet", 0);
    const twice = (a: bigint, b: bigint) => ({
      ...one,
      mints: [
        { ...one.mints[0]!, quantity: a },
        { ...one.mints[0]!, quantity: b, field: "mint[1]" },
      ],
    });
    const inputs = (utxos: UTxO[]) => ({ pool: utxos, required: [], references: [] });
    const sendTen = [{ address: readAddress(TESTNET, "address"), value: fromAssets([{ unit: GOLD, quantity: "10" }]) }];

    // Minted 5 + 5, sent 10, none held: enough.
    assert.equal(mintOf(twice(5n, 5n)).get(GOLD), 10n);
    assert.doesNotThrow(() => checkAssets(twice(5n, 5n), sendTen, inputs([])));
    // Burnt 3 + 3 of 5 held: one short, named at the unit's first entry.
    assert.throws(() => checkAssets(twice(-3n, -3n), [], inputs([holding("5")])), {
      message: `mint[0] burns 6 of ${POLICY}.${Buffer.from("Gold").toString("hex")}, but the available UTxOs hold only 5: 1 missing. Pass the UTxOs that hold them in utxos, or in requiredInputs when they carry a datum or a reference script.`,
    });
  });
});
