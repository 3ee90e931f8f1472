// The toolkit's own codecs (addresses, native scripts, script references, Plutus data, UTxOs) agree
// with cardano-js-sdk's (through Mesh, kept as a dev dependency for exactly this cross-check) on
// random inputs.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { NativeScript, UTxO } from "@meshsdk/common";
import {
  Cardano,
  fromJsonToPlutusData,
  fromNativeScript,
  Hash28ByteBase16,
  HexBlob,
  Serialization,
  toNativeScript,
  toTxUnspentOutput,
} from "@meshsdk/core-cst";
import { base58 } from "@scure/base";
import { scriptAddressOf } from "../../src/blueprints/library.js";
import { addressInfo } from "../../src/cardano/addresses.js";
import type { Network } from "../../src/config.js";
import { CborWriter } from "../../src/cardano/cbor.js";
import { crc32 } from "../../src/cardano/crc32.js";
import {
  decodeNativeScript,
  meshNativeScript,
  nativeScriptBytes,
  nativeScriptHash,
  parseNativeScript,
  serializeNativeScript,
} from "../../src/cardano/native-scripts.js";
import { scriptRefHash } from "../../src/cardano/script-hash.js";
import { timelockScriptRef } from "../../src/chain/blockfrost/translate.js";
import { encodeUtxo } from "../../src/cardano/utxo.js";
import { utxoEntry } from "../../src/chain/devnet/utxo-map.js";
import { paymentScriptHash } from "../../src/chain/shared/asset-output.js";
import {
  nativeCborOf,
  nativeJsonOf,
  ogmiosClausesOf,
  scriptOfRef,
  scriptRefOf,
  type ScriptLanguage,
} from "../../src/chain/shared/script-ref.js";
import { plutusJsonToCbor } from "../../src/tx/build/datum.js";

const hexOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");
const hash28 = fc.uint8Array({ minLength: 28, maxLength: 28 }).map(hexOf);

/** A base-128 number of a pointer, possibly with leading zero groups (which the ledger reads too). */
const varUint = fc.tuple(fc.maxSafeNat(), fc.nat({ max: 2 })).map(([value, padding]) => {
  const groups = [value % 128];
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) groups.unshift(rest % 128);
  for (let i = 0; i < padding; i++) groups.unshift(0);
  return { value, bytes: groups.map((g, i) => (i < groups.length - 1 ? g | 0x80 : g)) };
});

const shelleyAddressBytes = fc
  .record({
    type: fc.constantFrom(0, 1, 2, 3, 4, 5, 6, 7, 14, 15),
    network: fc.constantFrom(0, 1),
    first: hash28,
    second: hash28,
    pointer: fc.tuple(varUint, varUint, varUint),
  })
  .map(({ type, network, first, second, pointer }) => {
    const header = Buffer.of((type << 4) | network);
    const rest =
      type <= 3
        ? Buffer.from(first + second, "hex")
        : type <= 5
          ? Buffer.concat([Buffer.from(first, "hex"), Buffer.from(pointer.flatMap((p) => p.bytes))])
          : Buffer.from(first, "hex");
    return { bytes: Buffer.concat([header, rest]), pointer: pointer.map((p) => p.value) };
  });

test("Shelley addresses of every type and both networks read as cardano-js-sdk reads them", () => {
  fc.assert(
    fc.property(shelleyAddressBytes, ({ bytes, pointer }) => {
      const hex = hexOf(bytes);
      const sdk = Cardano.Address.fromBytes(HexBlob(hex));
      const props = sdk.getProps();
      const info = addressInfo(hex, "address");
      const fromBech32 = addressInfo(sdk.toBech32(), "address");
      assert.equal(info.bech32, sdk.toBech32());
      assert.equal(info.hex, hex);
      assert.equal(info.networkId, sdk.getNetworkId());
      assert.deepEqual(fromBech32.payment, info.payment);
      const asCredential = (c: Cardano.Credential | undefined) =>
        c && { hash: c.hash, isScript: c.type === Cardano.CredentialType.ScriptHash };
      const reward =
        sdk.getType() === Cardano.AddressType.RewardKey || sdk.getType() === Cardano.AddressType.RewardScript;
      assert.deepEqual(info.payment, reward ? undefined : asCredential(props.paymentPart));
      if (props.pointer) {
        assert.deepEqual(info.stake, {
          pointer: {
            slot: Number(props.pointer.slot),
            txIndex: props.pointer.txIndex,
            certIndex: props.pointer.certIndex,
          },
        });
        assert.deepEqual(pointer, [Number(props.pointer.slot), props.pointer.txIndex, props.pointer.certIndex]);
      } else {
        assert.deepEqual(info.stake, asCredential(reward ? props.paymentPart : props.delegationPart));
      }
    }),
  );
});

test("Byron addresses read as cardano-js-sdk reads them: protocol magic, base58 and bytes written back", () => {
  const byron = fc.record({
    root: hash28,
    magic: fc.option(fc.oneof(fc.constantFrom(1, 2, 764_824_073), fc.nat({ max: 2 ** 32 - 1 })), { nil: undefined }),
    derivationPath: fc.option(fc.uint8Array({ minLength: 1, maxLength: 60 }).map(hexOf), { nil: undefined }),
    type: fc.constantFrom(0, 1, 2),
  });
  fc.assert(
    fc.property(byron, ({ root, magic, derivationPath, type }) => {
      const attrs = {
        ...(magic !== undefined && { magic }),
        ...(derivationPath !== undefined && { derivationPath: HexBlob(derivationPath) }),
      };
      const sdk = Cardano.ByronAddress.fromCredentials(Hash28ByteBase16(root), attrs, type).toAddress();
      const read = Cardano.Address.fromBase58(sdk.toBase58());
      const info = addressInfo(sdk.toBase58(), "address");
      const sdkMagic = read.asByron()!.getAttributes().magic ?? 764_824_073;
      assert.deepEqual(info, {
        type: "byron",
        networkId: sdkMagic === 764_824_073 ? 1 : 0,
        bech32: read.toBase58(),
        hex: read.toBytes(),
        bytes: Uint8Array.from(Buffer.from(read.toBytes(), "hex")),
        protocolMagic: sdkMagic,
      });
      assert.deepEqual(addressInfo(read.toBytes(), "address"), info);
    }),
  );
});

test("crc32 is the IEEE CRC-32 (check value of '123456789', and a known Byron address)", () => {
  assert.equal(crc32(Buffer.from("123456789")), 0xcbf43926);
  const bytes = base58.decode("Ae2tdPwUPEZLs4HtbuNey7tK4hTKrwNwYtGqp7bDfCy2WdR3P6735W5Yfpe");
  assert.equal(addressInfo(hexOf(bytes), "address").hex, hexOf(bytes));
});

type Tree =
  | { type: "sig"; keyHash: string }
  | { type: "all" | "any"; scripts: Tree[] }
  | { type: "atLeast"; required: number; scripts: Tree[] }
  | { type: "before" | "after"; slot: number };

/** Random native script trees within the API's limits (depth and node count). */
const tree: fc.Arbitrary<Tree> = fc
  .letrec<{ node: Tree }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.record({ type: fc.constant("sig" as const), keyHash: hash28 }),
      fc.record({ type: fc.constantFrom("before" as const, "after" as const), slot: fc.maxSafeNat() }),
      fc.record({
        type: fc.constantFrom("all" as const, "any" as const),
        scripts: fc.array(tie("node"), { maxLength: 4 }),
      }),
      fc.array(tie("node"), { maxLength: 4 }).chain((scripts) =>
        fc.record({
          type: fc.constant("atLeast" as const),
          required: fc.nat({ max: scripts.length }),
          scripts: fc.constant(scripts),
        }),
      ),
    ),
  }))
  .node.map((node) => JSON.parse(JSON.stringify(node)) as Tree); // plain objects, as JSON bodies are

/** cardano-js-sdk's own model of a tree (through Mesh's JSON, slots as strings). */
function meshJson(node: Tree): NativeScript {
  switch (node.type) {
    case "before":
    case "after":
      return { type: node.type, slot: String(node.slot) };
    case "sig":
      return node;
    case "all":
    case "any":
      return { type: node.type, scripts: node.scripts.map(meshJson) };
    case "atLeast":
      return { type: "atLeast", required: node.required, scripts: node.scripts.map(meshJson) };
  }
}

/** The same tree written with indefinite-length sub-script lists: a non-canonical encoding the ledger accepts. */
function indefinite(node: Tree, w = new CborWriter()): CborWriter {
  if (node.type !== "all" && node.type !== "any" && node.type !== "atLeast") return w.raw(nativeScriptBytes(node));
  if (node.type === "atLeast") w.array(3).uint(3).uint(node.required);
  else w.array(2).uint(node.type === "all" ? 1 : 2);
  w.raw(Uint8Array.of(0x9f));
  for (const child of node.scripts) indefinite(child, w);
  return w.raw(Uint8Array.of(0xff));
}

test("native scripts: JSON → CBOR → hash and CBOR → JSON agree with cardano-js-sdk on random trees", () => {
  fc.assert(
    fc.property(tree, (node) => {
      const sdk = toNativeScript(meshJson(node));
      const serialized = serializeNativeScript(node, "schema");
      assert.equal(serialized.script, sdk.toCbor());
      assert.equal(serialized.policyId, sdk.hash());
      assert.equal(hexOf(nativeScriptBytes(meshJson(node))), sdk.toCbor());
      const parsed = parseNativeScript(serialized.script, "script");
      assert.deepEqual(parsed, { policyId: sdk.hash(), schema: node });
      assert.deepEqual(meshNativeScript(decodeNativeScript(nativeScriptBytes(node))), fromNativeScript(sdk));

      const loose = hexOf(indefinite(node).finish());
      const sdkLoose = Serialization.NativeScript.fromCbor(HexBlob(loose));
      assert.deepEqual(parseNativeScript(loose, "script"), { policyId: sdkLoose.hash(), schema: node });
      assert.equal(nativeScriptHash(Buffer.from(loose, "hex")), sdkLoose.hash());
    }),
  );
});

/** A Plutus script's bytes in the three wrappings backends send: flat, once wrapped (compiled code), twice wrapped. */
const plutusScript = fc
  .record({ flat: fc.uint8Array({ minLength: 1, maxLength: 300 }), version: fc.constantFrom(1, 2, 3) })
  .map(({ flat, version }) => {
    const once = new CborWriter().bytes(flat).finish();
    return { version, once: hexOf(once), twice: hexOf(new CborWriter().bytes(once).finish()) };
  });

const SDK_PLUTUS = [
  undefined,
  (hex: string) => Serialization.Script.newPlutusV1Script(Serialization.PlutusV1Script.fromCbor(HexBlob(hex))),
  (hex: string) => Serialization.Script.newPlutusV2Script(Serialization.PlutusV2Script.fromCbor(HexBlob(hex))),
  (hex: string) => Serialization.Script.newPlutusV3Script(Serialization.PlutusV3Script.fromCbor(HexBlob(hex))),
] as const;

test("script references: Plutus and native scripts as backends send them agree with cardano-js-sdk's Script", () => {
  fc.assert(
    fc.property(plutusScript, ({ version, once, twice }) => {
      const sdk = SDK_PLUTUS[version]!(twice);
      const language = `plutus:v${version}` as ScriptLanguage;
      const expected = { scriptRef: sdk.toCbor(), scriptHash: sdk.hash() };
      assert.deepEqual(scriptRefOf(language, once, sdk.hash()), expected);
      assert.deepEqual(scriptRefOf(language, twice, sdk.hash()), expected);
      assert.equal(scriptRefHash(Buffer.from(sdk.toCbor(), "hex")), sdk.hash());
      assert.deepEqual(scriptOfRef(sdk.toCbor()), { language, cbor: once });
    }),
  );
  fc.assert(
    fc.property(tree, (node) => {
      const sdk = Serialization.Script.newNativeScript(toNativeScript(meshJson(node)));
      const cbor = hexOf(nativeScriptBytes(node));
      assert.deepEqual(scriptRefOf("native", cbor), { scriptRef: sdk.toCbor(), scriptHash: sdk.hash() });
      assert.equal(scriptRefHash(Buffer.from(sdk.toCbor(), "hex")), sdk.hash());
      assert.deepEqual(scriptOfRef(sdk.toCbor()), { language: "native", cbor });
      assert.deepEqual(nativeJsonOf(cbor), fromNativeScript(toNativeScript(meshJson(node))));
      const clauses = ogmiosClausesOf(meshJson(node));
      assert.equal(nativeCborOf(clauses), sdk.toCbor().slice(4));
      const timelock = timelockScriptRef(sdk.hash(), meshJson(node));
      assert.deepEqual(timelock, { scriptRef: sdk.toCbor(), scriptHash: sdk.hash() });
    }),
  );
});

type DataJson =
  | { int: number | string }
  | { bytes: string }
  | { list: DataJson[] }
  | { map: { k: DataJson; v: DataJson }[] }
  | { constructor: number | string; fields: DataJson[] };

/** Random Plutus data in the detailed JSON schema: integers of every size as numbers or strings, long bytes, any constructor. */
const dataJson: fc.Arbitrary<DataJson> = fc
  .letrec<{ data: DataJson }>((tie) => ({
    data: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.oneof(fc.integer(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String)).map((int) => ({ int })),
      fc.uint8Array({ maxLength: 150 }).map((bytes) => ({ bytes: hexOf(bytes) })),
      fc.array(tie("data"), { maxLength: 4 }).map((list) => ({ list })),
      fc.array(fc.record({ k: tie("data"), v: tie("data") }), { maxLength: 3 }).map((map) => ({ map })),
      fc.record({
        constructor: fc.oneof(fc.nat({ max: 10 }), fc.nat({ max: 300 }), fc.maxSafeNat().map(String)),
        fields: fc.array(tie("data"), { maxLength: 4 }),
      }),
    ),
  }))
  .data.map((data) => JSON.parse(JSON.stringify(data)) as DataJson);

test("Plutus data from detailed JSON: the same CBOR as Mesh's fromJsonToPlutusData", () => {
  fc.assert(
    fc.property(dataJson, (json) => {
      assert.equal(plutusJsonToCbor(json, "datum"), fromJsonToPlutusData(json as object).toCbor());
    }),
  );
});

test("Plutus data from detailed JSON: the same forms accepted and refused, with Mesh's reasons", () => {
  const CASES: unknown[] = [
    { int: "0x10" },
    { int: "" },
    { int: " 7 " },
    { int: "abc" },
    { int: 1.5 },
    { int: true },
    { int: 1, x: 2 },
    { bytes: "abc" },
    { bytes: "zz" },
    { bytes: 5 },
    { list: {} },
    { map: {} },
    { map: [{ k: { int: 1 }, v: 2 }] },
    { map: [{ k: null, v: { int: 1 } }] },
    { constructor: "3", fields: [{ list: [1] }] },
    { constructor: 1.5, fields: [] },
    { constructor: 0, fields: [null] },
    { constructor: 0, fields: {} },
    {},
    [1],
    { foo: 1 },
  ];
  for (const json of CASES) {
    let meshResult: string;
    try {
      meshResult = fromJsonToPlutusData(json as object).toCbor();
    } catch (error) {
      meshResult = `datum is not Plutus data in the detailed JSON schema ({"constructor":0,"fields":[...]}, {"int":1}, {"bytes":"<hex>"}, {"list":[...]}, {"map":[{"k":...,"v":...}]}): ${(error as Error).message}`;
    }
    let ours: string;
    try {
      ours = plutusJsonToCbor(json as object, "datum");
    } catch (error) {
      ours = (error as Error).message;
    }
    assert.equal(ours, meshResult, JSON.stringify(json));
  }
});

test("a script's address (blueprints' scriptAddressOf) agrees with cardano-js-sdk's base and enterprise addresses", () => {
  const stakeCredential = fc.option(fc.record({ hash: hash28, isScript: fc.boolean() }), { nil: undefined });
  fc.assert(
    fc.property(
      hash28,
      stakeCredential,
      fc.constantFrom("mainnet", "preprod") as fc.Arbitrary<Network>,
      (hash, stake, network) => {
        const id = network === "mainnet" ? 1 : 0;
        const payment = { type: Cardano.CredentialType.ScriptHash, hash: Hash28ByteBase16(hash) };
        const sdk = stake
          ? Cardano.BaseAddress.fromCredentials(id, payment, {
              type: stake.isScript ? Cardano.CredentialType.ScriptHash : Cardano.CredentialType.KeyHash,
              hash: Hash28ByteBase16(stake.hash),
            }).toAddress()
          : Cardano.EnterpriseAddress.fromCredentials(id, payment).toAddress();
        assert.deepEqual(scriptAddressOf(network, hash.toUpperCase(), stake), {
          bech32: sdk.toBech32(),
          hex: sdk.toBytes(),
        });
      },
    ),
  );
});

test("an output address's payment script hash (asset-output.ts) agrees with cardano-js-sdk's payment credential", () => {
  fc.assert(
    fc.property(shelleyAddressBytes, ({ bytes }) => {
      const sdk = Cardano.Address.fromBytes(HexBlob(hexOf(bytes)));
      const type = bytes[0]! >> 4;
      const payment = sdk.getProps().paymentPart;
      const expected =
        type <= 7 && payment?.type === Cardano.CredentialType.ScriptHash ? (payment.hash as string) : null;
      assert.equal(paymentScriptHash(sdk.toBech32()), expected);
    }),
  );
  assert.equal(paymentScriptHash("Ae2tdPwUPEZLs4HtbuNey7tK4hTKrwNwYtGqp7bDfCy2WdR3P6735W5Yfpe"), null);
  assert.equal(paymentScriptHash("not an address"), null);
});

/** Random UTxOs in Mesh's shape: any Shelley address, lovelace and tokens (names of every length, a unit repeated), any datum and script. */
const utxo = fc
  .record({
    txHash: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hexOf),
    outputIndex: fc.nat({ max: 70_000 }),
    address: shelleyAddressBytes.map(({ bytes }) => Cardano.Address.fromBytes(HexBlob(hexOf(bytes))).toBech32()),
    lovelace: fc.option(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String), { nil: undefined }),
    tokens: fc.array(
      fc.record({
        policy: fc.constantFrom("a".repeat(56), "0".repeat(55) + "1", "f".repeat(56)),
        name: fc.uint8Array({ maxLength: 32 }).map(hexOf),
        quantity: fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }).map(String),
      }),
      { maxLength: 6 },
    ),
    dataHash: fc.option(fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hexOf), { nil: undefined }),
    plutusData: fc.option(dataJson, { nil: undefined }),
    scriptRef: fc.option(plutusScript, { nil: undefined }),
  })
  .map(({ txHash, outputIndex, address, lovelace, tokens, dataHash, plutusData, scriptRef }): UTxO => {
    const amount = [
      ...(lovelace === undefined ? [] : [{ unit: "lovelace", quantity: lovelace }]),
      ...tokens.map((t) => ({ unit: t.policy + t.name, quantity: t.quantity })),
    ];
    return {
      input: { txHash, outputIndex },
      output: {
        address,
        amount,
        ...(dataHash !== undefined && { dataHash }),
        ...(plutusData !== undefined && { plutusData: plutusJsonToCbor(plutusData, "datum") }),
        ...(scriptRef !== undefined && { scriptRef: SDK_PLUTUS[scriptRef.version]!(scriptRef.twice).toCbor() }),
      },
    };
  });

test("UTxOs are written as Mesh's toTxUnspentOutput writes them (encodeUtxo, the devnet's UTxO map entries)", () => {
  fc.assert(
    fc.property(utxo, (u) => {
      const sdk = toTxUnspentOutput(u);
      assert.equal(encodeUtxo(u), sdk.toCbor());
      const [input, output] = utxoEntry(u);
      assert.deepEqual([input, hexOf(output)], [sdk.input().toCbor(), sdk.output().toCbor()]);
    }),
  );
});
