// The errors users of POST /transactions/build will hit: each is a 4xx whose message says what to
// change, and following it makes the build succeed where that can be shown.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MeshWallet } from "@meshsdk/core";
import { resolveNativeScriptAddress, resolveRewardAddress } from "@meshsdk/core-cst";
import { encodeUtxo } from "../../src/cardano/utxo.js";
import { build, signAndSubmit } from "../support/transactions-api.js";
import { fund, newBaseWallet, signaturePolicy } from "../support/wallets.js";
import { utxoStringsAt } from "../support/utxos.js";
import type { Answer, ErrorFields } from "../support/api.js";
import { startService, type RunningService } from "../support/service.js";

let service: RunningService;
before(async () => {
  service = await startService({ LOG_LEVEL: "error" });
});
after(async () => {
  await service.close();
});

const buildRaw = (body: unknown): Promise<Answer<"buildTransaction">> =>
  service.request<"buildTransaction">("POST", "/transactions/build", body);

function expect400(response: ErrorFields, pattern: RegExp): string {
  assert.equal(response.status, 400, JSON.stringify(response.body));
  assert.equal(response.body.error, "Bad Request");
  assert.match(response.body.message!, pattern);
  return response.body.message!;
}

describe("build errors: funds", () => {
  test("not enough ADA says how much is missing, and funding that much makes it build", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 5_000_000);
    const body = { changeAddress: alice.address, outputs: [{ address: bob.address, lovelace: 10_000_000 }] };
    const message = expect400(await buildRaw(body), /^Not enough ADA: .* about (\d+) lovelace \([\d.]+ ADA\) missing/);
    const missing = Number(/about (\d+) lovelace \([\d.]+ ADA\) missing/.exec(message)![1]);
    assert.ok(missing > 5_000_000 && missing < 7_000_000, `missing ${missing}`);
    assert.match(message, /outputs need 10000000 lovelace/);
    assert.match(message, /hold 5000000 lovelace/);

    await fund(service, alice.address, missing + 10_000); // + the fee of one more input
    await signAndSubmit(service, await build(service, body), [alice]);
  });

  test("the shortfall counts the change output that must carry the wallet's tokens", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 10_000_000);
    const { policyId, preloaded } = signaturePolicy(alice);
    const names = Array.from({ length: 6 }, (_, i) => `${"LongTokenName".repeat(2)}-${i}`.padEnd(32, "x"));
    const mint = names.map((name) => ({
      version: "cip25",
      assetName: { name, format: "utf8" },
      policyId,
      quantity: 1_000_000,
    }));
    await signAndSubmit(
      service,
      await build(service, { changeAddress: alice.address, preloadedScripts: [preloaded], mint }),
      [alice],
    );
    const body = { changeAddress: alice.address, outputs: [{ address: bob.address, lovelace: 9_000_000 }] };
    const message = expect400(
      await buildRaw(body),
      /^Not enough ADA: .*change output at least (\d+) lovelace.* about (\d+) lovelace \([\d.]+ ADA\) missing/,
    );
    const [, changeMin, missing] = /change output at least (\d+) lovelace.* about (\d+) lovelace/
      .exec(message)!
      .map(Number);
    assert.ok(changeMin! > 1_300_000, `the change minimum ${changeMin} counts six tokens`);
    await fund(service, alice.address, missing! + 10_000);
    await signAndSubmit(service, await build(service, body), [alice]);
  });

  test("an asset neither held nor minted is 400 with the missing quantity", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 20_000_000);
    const policyId = "ab".repeat(28);
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        outputs: [{ address: bob.address, assets: [{ policyId, assetName: "cafe", quantity: 7 }] }],
      }),
      new RegExp(
        `Not enough of asset ${policyId}\\.cafe: the outputs send 7 and the available UTxOs hold 0: 7 missing`,
      ),
    );
  });

  test("burning more than held names the asset and the shortfall", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 30_000_000);
    const { policyId, preloaded } = signaturePolicy(alice);
    const mint = { version: "cip25", assetName: { name: "Ash", format: "utf8" }, policyId };
    await signAndSubmit(
      service,
      await build(service, {
        changeAddress: alice.address,
        preloadedScripts: [preloaded],
        mint: [{ ...mint, quantity: 3 }],
      }),
      [alice],
    );
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        preloadedScripts: [preloaded],
        mint: [{ ...mint, quantity: -5 }],
      }),
      new RegExp(`body\\.mint\\[0\\] burns 5 of ${policyId}\\.417368, but the available UTxOs hold only 3: 2 missing`),
    );
  });
});

describe("build errors: scripts", () => {
  test("a mint whose policy script is missing is 400 naming the policy", async () => {
    const alice = await newBaseWallet();
    const { policyId } = signaturePolicy(alice);
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        mint: [{ version: "cip25", assetName: { name: "X", format: "utf8" }, policyId, quantity: 1 }],
      }),
      new RegExp(
        `body\\.mint\\[0\\]\\.policyId ${policyId} has no policy script: add its native script to preloadedScripts`,
      ),
    );
  });

  test("a preloaded script whose hash differs is 400 with both hashes", async () => {
    const alice = await newBaseWallet();
    const { policyId, preloaded } = signaturePolicy(alice);
    const wrong = "00".repeat(28);
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        preloadedScripts: [{ ...preloaded, hash: wrong }],
        mint: [{ version: "cip25", assetName: { name: "X", format: "utf8" }, policyId, quantity: 1 }],
      }),
      new RegExp(`body\\.preloadedScripts\\[0\\]\\.hash is ${wrong} but the script hashes to ${policyId}`),
    );
  });

  test("a CIP-68 reference token (label 100) is minted one at a time", async () => {
    const alice = await newBaseWallet();
    const { policyId, preloaded } = signaturePolicy(alice);
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        preloadedScripts: [preloaded],
        mint: [{ version: "cip68", assetName: { name: "X", format: "utf8", label: 100 }, policyId, quantity: 2 }],
      }),
      /body\.mint\[0\]\.quantity must be 1 \(or -1 to burn\): CIP-68 allows one reference token per asset/,
    );
  });
});

describe("build errors: addresses, values, encodings", () => {
  test("addresses of the mainnet family are refused on the devnet, wherever they appear", async () => {
    const alice = await newBaseWallet();
    const mainnet = new MeshWallet({ networkId: 1, key: { type: "mnemonic", words: MeshWallet.brew() as string[] } });
    await mainnet.init();
    const mainnetAddress = await mainnet.getChangeAddress();
    assert.match(mainnetAddress, /^addr1/);
    expect400(
      await buildRaw({ changeAddress: mainnetAddress }),
      /body\.changeAddress is a mainnet address but this service builds for devnet/,
    );
    expect400(
      await buildRaw({ changeAddress: alice.address, outputs: [{ address: mainnetAddress, lovelace: 2_000_000 }] }),
      /body\.outputs\[0\]\.address is a mainnet address/,
    );
    expect400(
      await buildRaw({ changeAddress: "addr_test1notanaddress" }),
      /body\.changeAddress is not a Cardano address/,
    );
    const stake = resolveRewardAddress(alice.address);
    assert.match(stake, /^stake_test1/);
    expect400(
      await buildRaw({ changeAddress: alice.address, outputs: [{ address: stake, lovelace: 2_000_000 }] }),
      /body\.outputs\[0\]\.address is a stake \(reward\) address/,
    );
  });

  test("an explicit lovelace below the minimum of an output with assets and datum says the minimum", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    const message = expect400(
      await buildRaw({
        changeAddress: alice.address,
        outputs: [
          {
            address: bob.address,
            lovelace: 1_000_000,
            assets: [{ policyId: "ab".repeat(28), assetName: "cafe", quantity: 1 }],
            datum: { type: "inline", value: "d87980" },
          },
        ],
      }),
      /body\.outputs\[0\]\.lovelace is 1000000 lovelace \(1 ADA\), below the ledger minimum for this output of (\d+) lovelace/,
    );
    const min = Number(/minimum for this output of (\d+)/.exec(message)![1]);
    assert.ok(min > 1_000_000 && min < 2_000_000, `min ${min}`);
  });

  test("an output whose assets exceed the ledger's value size is 400", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    const assets = Array.from({ length: 150 }, (_, i) => ({
      policyId: "ab".repeat(28),
      assetName: i.toString(16).padStart(64, "0"),
      quantity: 1,
    }));
    expect400(
      await buildRaw({ changeAddress: alice.address, outputs: [{ address: bob.address, assets }] }),
      /body\.outputs\[0\] carries a value of \d+ bytes, more than the ledger's maximum of 5000 bytes per output/,
    );
  });

  test("UTxO strings that do not decode are 400 naming the entry", async () => {
    const alice = await newBaseWallet();
    expect400(
      await buildRaw({ changeAddress: alice.address, utxos: ["8282deadbeef"] }),
      /body\.utxos\[0\] does not decode as a UTxO/,
    );
    expect400(
      await buildRaw({ changeAddress: alice.address, requiredInputs: ["00"] }),
      /body\.requiredInputs\[0\] does not decode as a UTxO/,
    );
    expect400(await buildRaw({ changeAddress: alice.address, utxos: ["zz"] }), /body\.utxos\[0\]/);
  });

  test("UTxOs at a script address in utxos are 400: coin selection spends wallet UTxOs only", async () => {
    const alice = await newBaseWallet();
    const scriptAddress = resolveNativeScriptAddress({ type: "sig", keyHash: alice.keyHash }, 0);
    const utxo = encodeUtxo({
      input: { txHash: "cd".repeat(32), outputIndex: 0 },
      output: { address: scriptAddress, amount: [{ unit: "lovelace", quantity: "50000000" }] },
    });
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        utxos: [utxo],
        outputs: [{ address: alice.address, lovelace: 2_000_000 }],
      }),
      /Coin selection spends only UTxOs at key-hash \(wallet\) addresses/,
    );
  });

  test("datums that are neither Plutus CBOR nor detailed JSON are 400", async () => {
    const alice = await newBaseWallet();
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        outputs: [{ address: alice.address, datum: { type: "inline", value: { foo: 1 } } }],
      }),
      /body\.outputs\[0\]\.datum\.value is not Plutus data in the detailed JSON schema/,
    );
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        outputs: [{ address: alice.address, datum: { type: "hash", value: "ff" } }],
      }),
      /body\.outputs\[0\]\.datum\.value does not decode as Plutus data/,
    );
  });

  test("an interval that ends before it starts, the hosted API's unsupported features and bad amounts are 400", async () => {
    const alice = await newBaseWallet();
    expect400(
      await buildRaw({ changeAddress: alice.address, validityInterval: { start: 2_000_000_000, end: 1_900_000_000 } }),
      /validityInterval\.end .* must be after its start/,
    );
    expect400(
      await buildRaw({ changeAddress: alice.address, validityInterval: { end: Date.now() } }),
      /validityInterval\.end is \d+, after the year 5000: give Unix seconds, not milliseconds/,
    );
    expect400(
      await buildRaw({ changeAddress: alice.address, preloadedScripts: [{ type: "plutus", blueprint: {} }] }),
      /^body\.preloadedScripts\[0\]\.blueprint/,
    );
    expect400(
      await buildRaw({ changeAddress: alice.address, preloadedScripts: [{ type: "plutusV9" }] }),
      /body\.preloadedScripts\[0\]\.type "plutusV9" is not supported/,
    );
    const unknown = "ab".repeat(28);
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        scriptInteractions: [
          { purpose: "spend", hash: unknown, outputRef: { txHash: "cd".repeat(32), index: 0 }, redeemer: "d87980" },
        ],
      }),
      new RegExp(
        `^body\\.scriptInteractions\\[0\\]\\.hash ${unknown} is not a validator of a blueprint of this API key nor of preloadedScripts: upload its blueprint with POST /blueprints`,
      ),
    );
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        mint: [
          {
            type: "plutus",
            version: "cip25",
            assetName: { name: "x", format: "utf8" },
            policyId: unknown,
            quantity: 1,
          },
        ],
      }),
      new RegExp(
        `^body\\.mint\\[0\\]\\.policyId ${unknown} is a Plutus policy, and scriptInteractions has no \\{purpose:"mint"`,
      ),
    );
    expect400(
      await buildRaw({
        changeAddress: alice.address,
        preloadedScripts: [{ type: "simple", script: { type: "sig" }, hash: "00".repeat(28) }],
      }),
      /body\.preloadedScripts\[0\]\.script is invalid: A native script in the JSON schema/,
    );
    expect400(
      await buildRaw({ changeAddress: alice.address, outputs: [{ address: alice.address, lovelace: "1.5" }] }),
      /body\.outputs\[0\]\.lovelace/,
    );
    expect400(await buildRaw({}), /body\.changeAddress is required/);
  });
});

describe("build errors: size", () => {
  test("metadata that would push the transaction over 16,384 bytes is 400", async () => {
    const alice = await newBaseWallet();
    await fund(service, alice.address, 50_000_000);
    const lines = Array.from({ length: 300 }, (_, i) => `${i}`.padEnd(60, "x"));
    expect400(
      await buildRaw({ changeAddress: alice.address, message: lines }),
      /The transaction would be at least \d+ bytes, more than the ledger's maximum of 16384 bytes/,
    );
    await signAndSubmit(service, await build(service, { changeAddress: alice.address, message: lines.slice(0, 100) }), [
      alice,
    ]);
  });

  test("coin selection over too many small UTxOs is 400 too large, not Mesh's input-count message", async () => {
    const [alice, bob] = await Promise.all([newBaseWallet(), newBaseWallet()]);
    await fund(service, alice.address, 10_000_000);
    const [template] = await utxoStringsAt(service, alice.address);
    assert.ok(template);
    // 600 UTxOs of 1.2 ADA at alice's address (only their shape matters: the build reads no chain for given utxos).
    const { decodeUtxo } = await import("../../src/cardano/utxo.js");
    const base = decodeUtxo(template, "template");
    const utxos = Array.from({ length: 600 }, (_, i) =>
      encodeUtxo({
        input: { txHash: i.toString(16).padStart(64, "0"), outputIndex: 0 },
        output: { address: base.output.address, amount: [{ unit: "lovelace", quantity: "1200000" }] },
      }),
    );
    const message = expect400(
      await buildRaw({
        changeAddress: alice.address,
        utxos,
        outputs: [{ address: bob.address, lovelace: 600_000_000 }],
      }),
      /needs more inputs than fit in the ledger's maximum of 16384 bytes per transaction: consolidate small UTxOs/,
    );
    assert.doesNotMatch(message, /Maximum Input Count/);
  });
});
