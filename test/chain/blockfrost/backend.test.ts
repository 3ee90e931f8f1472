// The Blockfrost backend against a fake Blockfrost on loopback that answers the recorded
// examples of @blockfrost/openapi: every port operation, translated to the domain.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { BlockfrostBackend } from "../../../src/chain/blockfrost/index.js";
import { assetHistoryOf, consumedByOf } from "../../../src/chain/port.js";
import { createRealNetworkChain } from "../../../src/chain/real-networks.js";
import { withEpochCache } from "../../../src/chain/resilience/epoch-cache.js";
import { withResilience } from "../../../src/chain/resilience/resilient.js";
import { FakeBlockfrost, KNOWN_TX } from "../../support/fakes/blockfrost.js";
import { fixture } from "../../support/fakes/server.js";

const FAST = {
  attemptTimeoutMs: 1000,
  deadlineMs: 3000,
  submitTimeoutMs: 1000,
  retries: 2,
  backoffBaseMs: 10,
  backoffMaxMs: 50,
};
const PLUTUS_V1_HASH = "67f33146617a5e61936081db3b2117cbf59bd2123748f58ac9678656"; // of the documented script CBOR
const SIGNED_TX =
  "84a300d90102818258200000000000000000000000000000000000000000000000000000000000000000000181a200581d600000000000000000000000000000000000000000000000000000000001821a001e8480a0021a00030d40a0f5f6";

let fake: FakeBlockfrost;
const chainFor = (overrides = {}) =>
  createRealNetworkChain(
    "preprod",
    { kind: "blockfrost", projectId: "preprodTESTKEY", url: fake.apiUrl },
    { ...FAST, ...overrides },
  );

describe("Blockfrost backend", () => {
  before(async () => {
    fake = await FakeBlockfrost.start();
  });
  after(async () => {
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it("reads the tip from /blocks/latest, in Unix milliseconds, sending the project id", async () => {
    const chain = chainFor();
    assert.deepEqual(await chain.tip(), { slot: 412162133, time: 1641338934000 });
    assert.equal(fake.requests[0]?.headers["project_id"], "preprodTESTKEY");
    assert.equal(chain.backendName, "blockfrost");
    assert.equal(chain.health().state, "up");
  });

  it("translates /epochs/latest/parameters into Mesh's Protocol", async () => {
    const p = fixture<Record<string, unknown>>("blockfrost/epochs-latest-parameters.json");
    const protocol = await chainFor().protocolParameters();
    assert.equal(protocol.epoch, p["epoch"]);
    assert.equal(protocol.minFeeA, p["min_fee_a"]);
    assert.equal(protocol.minFeeB, p["min_fee_b"]);
    assert.equal(protocol.keyDeposit, Number(p["key_deposit"]));
    assert.equal(protocol.priceMem, p["price_mem"]);
    assert.equal(protocol.priceStep, p["price_step"]);
    assert.equal(protocol.coinsPerUtxoSize, Number(p["coins_per_utxo_size"]));
    assert.equal(protocol.maxTxExMem, String(p["max_tx_ex_mem"]));
    assert.equal(protocol.maxValSize, Number(p["max_val_size"]));
    assert.equal(protocol.collateralPercent, p["collateral_percent"]);
    assert.equal(protocol.minFeeRefScriptCostPerByte, 0, "null before Conway: no reference-script fee");
  });

  it("keeps protocol parameters until the epoch ends, then reads them again", async () => {
    const epoch = fixture<{ end_time: number }>("blockfrost/epochs-latest.json");
    let now = epoch.end_time * 1000 - 60_000;
    const backend = new BlockfrostBackend({ network: "preprod", projectId: "preprodTESTKEY", baseUrl: fake.apiUrl });
    const chain = withEpochCache(withResilience(backend, FAST), () => now);
    await chain.protocolParameters();
    await chain.protocolParameters();
    const reads = () => fake.requests.filter((r) => r.path === "/api/v0/epochs/latest/parameters").length;
    assert.equal(reads(), 1, "the second call is served from the cache");
    now = epoch.end_time * 1000 + 1;
    await chain.protocolParameters();
    assert.equal(reads(), 2, "a new epoch reads them again");
  });

  it("lists the UTxOs at an address, following pages of 100", async () => {
    const chain = chainFor();
    const utxos = await chain.utxosAt("addr_test1vqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq");
    const recorded = fixture<{ tx_hash: string; output_index: number; data_hash: string | null }[]>(
      "blockfrost/addresses-utxos.json",
    );
    assert.equal(utxos.length, recorded.length);
    assert.deepEqual(utxos[0]?.input, { txHash: recorded[0]?.tx_hash, outputIndex: recorded[0]?.output_index });
    assert.equal(utxos[0]?.output.dataHash, recorded[0]?.data_hash);
    assert.deepEqual(utxos[2]?.output.amount, [
      { unit: "lovelace", quantity: "42000000" },
      { unit: "b0d07d45fe9514f80213f4020e5a61241458be626841cde717cb38a76e7574636f696e", quantity: "12" },
    ]);
    assert.match(fake.requests[0]?.path ?? "", /\/utxos\?count=100&page=1$/);

    // A full first page makes the adapter ask for the next one.
    const full = Array.from({ length: 100 }, (_, i) => ({
      ...fixture<object[]>("blockfrost/addresses-utxos.json")[1],
      output_index: i,
      tx_index: i,
    }));
    const pages: Record<string, unknown[]> = { "1": full, "2": recorded, "3": [] };
    fake.answer("GET", /\/utxos$/, (_req, url) => ({
      status: 200,
      body: pages[url.searchParams.get("page") ?? ""] ?? [],
    }));
    fake.requests.length = 0;
    const many = await chain.utxosAt("addr_test1vqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq");
    assert.equal(many.length, 103);
    assert.deepEqual(
      fake.requests.map((r) => new URL(r.path, fake.url).searchParams.get("page")),
      ["1", "2"],
    );
  });

  it("keeps an inline datum over the CBOR limits raw, scanned but never decoded; refuses a malformed one", async () => {
    const recorded = fixture<Record<string, unknown>[]>("blockfrost/addresses-utxos.json")[1]!;
    const deepDatum = "81".repeat(20_000) + "00";
    fake.answer("GET", /\/utxos$/, (_req, url) => ({
      status: 200,
      body: url.searchParams.get("page") === "1" ? [{ ...recorded, inline_datum: deepDatum }] : [],
    }));
    const [utxo] = await chainFor().utxosAt("addr_test1vqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq");
    assert.equal(utxo?.output.plutusData, deepDatum);

    fake.answer("GET", /\/utxos$/, (_req, url) => ({
      status: 200,
      body: url.searchParams.get("page") === "1" ? [{ ...recorded, inline_datum: "5a00010000" }] : [],
    }));
    await assert.rejects(
      chainFor().utxosAt("addr_test1vqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq"),
      /the inline datum of [0-9a-f]{64}#\d+ is not well-formed CBOR: a string declares 65536 bytes where 0 remain/,
    );
  });

  it("answers an address Blockfrost has never seen (404) with no UTxOs", async () => {
    fake.answer("GET", /^\/addresses\/addr_test1unknown\/utxos$/, {
      status: 404,
      body: fixture("blockfrost/error-404.json"),
    });
    assert.deepEqual(await chainFor().utxosAt("addr_test1unknown"), []);
  });

  it("resolves UTxOs by reference, leaving out spent outputs and unknown transactions", async () => {
    const chain = chainFor();
    // The recorded output is spent (consumed_by_tx is set): it is left out.
    assert.deepEqual(await chain.utxosByRef([{ txHash: KNOWN_TX, index: 0 }]), []);
    assert.deepEqual(await chain.utxosByRef([{ txHash: "ab".repeat(32), index: 0 }]), []);
  });

  it("resolves an unspent output with its inline datum and reference script, checked by hash", async () => {
    const recorded = fixture<{ outputs: Record<string, unknown>[] }>("blockfrost/txs-utxos.json");
    // The recorded output, unspent, pointing at the script of the recorded /scripts/{hash}/cbor example.
    const unspent = {
      ...recorded,
      outputs: [{ ...recorded.outputs[0], consumed_by_tx: null, reference_script_hash: PLUTUS_V1_HASH }],
    };
    fake.answer("GET", /^\/txs\/[0-9a-f]{64}\/utxos$/, { status: 200, body: unspent });
    const [utxo] = await chainFor().utxosByRef([{ txHash: KNOWN_TX, index: 0 }]);
    assert.ok(utxo);
    assert.equal(utxo.output.plutusData, "19a6aa");
    assert.equal(utxo.output.scriptHash, PLUTUS_V1_HASH);
    assert.equal(utxo.output.scriptRef, "82014e4d01000033222220051200120011");
    assert.ok(fake.requests.some((r) => r.path === `/api/v0/scripts/${PLUTUS_V1_HASH}/cbor`));
  });

  it("refuses a reference script that does not hash to the output's script hash", async () => {
    const recorded = fixture<{ outputs: Record<string, unknown>[] }>("blockfrost/txs-utxos.json");
    // As recorded: reference_script_hash 13a3ef… but the documented CBOR is another script.
    fake.answer("GET", /^\/txs\/[0-9a-f]{64}\/utxos$/, {
      status: 200,
      body: { ...recorded, outputs: [{ ...recorded.outputs[0], consumed_by_tx: null }] },
    });
    await assert.rejects(
      chainFor({ retries: 0 }).utxosByRef([{ txHash: KNOWN_TX, index: 0 }]),
      (error: Error & { statusCode?: number }) => {
        assert.equal(error.statusCode, 503);
        assert.match(error.message, /blockfrost/);
        assert.match(error.message, /does not hash to it/);
        return true;
      },
    );
  });

  it("reads a timelock reference script from its JSON", async () => {
    const { json } = fixture<{ json: unknown }>("blockfrost/scripts-json.json");
    const { Script, toNativeScript } = await import("@meshsdk/core-cst");
    const hash = Script.newNativeScript(toNativeScript(json as never))
      .hash()
      .toString();
    const recorded = fixture<{ outputs: Record<string, unknown>[] }>("blockfrost/txs-utxos.json");
    fake.answer("GET", /^\/txs\/[0-9a-f]{64}\/utxos$/, {
      status: 200,
      body: { ...recorded, outputs: [{ ...recorded.outputs[0], consumed_by_tx: null, reference_script_hash: hash }] },
    });
    fake.answer("GET", /^\/scripts\/[0-9a-f]{56}$/, {
      status: 200,
      body: { script_hash: hash, type: "timelock", serialised_size: null },
    });
    const [utxo] = await chainFor().utxosByRef([{ txHash: KNOWN_TX, index: 0 }]);
    assert.equal(utxo?.output.scriptHash, hash);
    assert.ok(utxo?.output.scriptRef?.startsWith("8200"), "a native script reference");
  });

  it("evaluates through /utils/txs/evaluate?version=6 and reads Ogmios's answer", async () => {
    const budgets = await chainFor().evaluate(SIGNED_TX);
    assert.deepEqual(budgets, [{ tag: "SPEND", index: 0, budget: { mem: 1700, steps: 476468 } }]);
    const request = fake.requests.find((r) => r.path.startsWith("/api/v0/utils/txs/evaluate"));
    assert.equal(request?.path, "/api/v0/utils/txs/evaluate?version=6");
    assert.equal(request?.headers["content-type"], "application/cbor");
    assert.equal(request?.body.toString(), SIGNED_TX);
  });

  it("sends additional UTxOs to /utils/txs/evaluate/utxos as [TxIn, TxOut] tuples", async () => {
    const utxo = {
      input: { txHash: "cd".repeat(32), outputIndex: 1 },
      output: {
        address: "addr_test1vqqq",
        amount: [
          { unit: "lovelace", quantity: "5000000" },
          { unit: `${"ef".repeat(28)}6e616d65`, quantity: "3" },
        ],
        plutusData: "d87980",
      },
    };
    const native = {
      input: { txHash: "cd".repeat(32), outputIndex: 2 },
      output: {
        address: "addr_test1vqqq",
        amount: [{ unit: "lovelace", quantity: "2000000" }],
        scriptRef: "82008200581c43f809cda245e7f0c8205d282a1c6c2b052baf8b050606c270660420",
      },
    };
    await chainFor().evaluate(SIGNED_TX, [utxo, native]);
    const request = fake.requests.find((r) => r.path.startsWith("/api/v0/utils/txs/evaluate/utxos"));
    assert.ok(request, "the /utxos variant was used");
    assert.deepEqual(JSON.parse(request.body.toString()), {
      cbor: SIGNED_TX,
      additionalUtxoSet: [
        [
          { txId: "cd".repeat(32), index: 1 },
          {
            address: "addr_test1vqqq",
            value: { coins: 5000000, assets: { [`${"ef".repeat(28)}.6e616d65`]: 3 } },
            datum: "d87980",
          },
        ],
        [
          { txId: "cd".repeat(32), index: 2 },
          {
            address: "addr_test1vqqq",
            value: { coins: 2000000 },
            script: { native: "43f809cda245e7f0c8205d282a1c6c2b052baf8b050606c270660420" },
          },
        ],
      ],
    });
  });

  it("reports a failing script as the ledger's rejection (422) with Ogmios's reason", async () => {
    fake.answer("POST", /^\/utils\/txs\/evaluate$/, {
      status: 200,
      body: fixture("ogmios/evaluate-script-failure.json"),
    });
    await assert.rejects(chainFor().evaluate(SIGNED_TX), (error: Error & { statusCode?: number; code?: string }) => {
      assert.equal(error.statusCode, 422);
      assert.equal(error.code, "CHAIN_ERR_LEDGER_REJECTED");
      assert.match(error.message, /Some scripts of the transactions terminated with error/);
      assert.match(error.message, /mint\[3\]/);
      return true;
    });
  });

  it("submits raw CBOR bytes to /tx/submit and returns the transaction id", async () => {
    const txId = await chainFor().submit(SIGNED_TX);
    assert.equal(txId, fixture<string>("blockfrost/tx-submit.json"));
    const request = fake.requests.find((r) => r.path === "/api/v0/tx/submit");
    assert.equal(request?.headers["content-type"], "application/cbor");
    assert.equal(request?.body.toString("hex"), SIGNED_TX);
  });

  it("turns a 400 on submit into the ledger's rejection (422) with Blockfrost's message, without retrying", async () => {
    fake.answer("POST", /^\/tx\/submit$/, { status: 400, body: fixture("blockfrost/error-400.json") });
    await assert.rejects(chainFor().submit(SIGNED_TX), (error: Error & { statusCode?: number }) => {
      assert.equal(error.statusCode, 422);
      assert.match(error.message, /Backend did not understand your request/);
      return true;
    });
    assert.equal(fake.requests.filter((r) => r.path === "/api/v0/tx/submit").length, 1);
  });

  describe("the last output that held a unit", () => {
    const UNIT = "b0d07d45fe9514f80213f4020e5a61241458be626841cde717cb38a76e7574636f696e"; // the recorded output's token
    const SPENDER = "66c29b56952f6085afac3b0632d781af78d020b080063bcfd6c54b8e2b8fed41"; // its recorded consumed_by_tx
    const redeemers = fixture<Record<string, unknown>[]>("blockfrost/txs-redeemers.json");
    const SCRIPT = String(redeemers[0]?.["script_hash"]);
    const recorded = fixture<{ hash: string; inputs: Record<string, unknown>[]; outputs: Record<string, unknown>[] }>(
      "blockfrost/txs-utxos.json",
    );
    const paths = () => fake.requests.map((r) => r.path.replace("/api/v0", ""));
    /** The recorded transaction as the unit's last one, its output at `address` (no reference script), spent or not. */
    const lastTx = (address: string, consumedBy: string | null) => {
      fake.answer("GET", /^\/assets\/[0-9a-f]+\/transactions$/, {
        status: 200,
        body: [{ ...fixture<object[]>("blockfrost/assets-transactions.json")[0], tx_hash: KNOWN_TX }],
      });
      fake.answer("GET", new RegExp(`^/txs/${KNOWN_TX}/utxos$`), {
        status: 200,
        body: {
          ...recorded,
          outputs: [{ ...recorded.outputs[0], address, reference_script_hash: null, consumed_by_tx: consumedBy }],
        },
      });
    };
    let scriptAddress: string;
    before(async () => {
      const { Address, AddressType, CredentialType, Hash28ByteBase16 } = await import("@meshsdk/core-cst");
      scriptAddress = new Address({
        type: AddressType.EnterpriseScript,
        networkId: 1,
        paymentPart: { type: CredentialType.ScriptHash, hash: Hash28ByteBase16(SCRIPT) },
      }).toBech32();
    });

    it("is the newest listed transaction's output holding it, unspent: two calls", async () => {
      lastTx(String(recorded.outputs[0]?.["address"]), null);
      const last = await chainFor().lastOutputWith(UNIT);
      assert.deepEqual(last?.spentBy, null);
      assert.deepEqual(last?.utxo.input, { txHash: KNOWN_TX, outputIndex: 0 });
      assert.equal(last?.utxo.output.plutusData, "19a6aa");
      assert.ok(last?.utxo.output.amount.some((a) => a.unit === UNIT && a.quantity === "12"));
      assert.deepEqual(paths(), [`/assets/${UNIT}/transactions?order=desc&count=1&page=1`, `/txs/${KNOWN_TX}/utxos`]);
    });

    it("spent by a key: the spender, no redeemer, no more calls", async () => {
      lastTx(String(recorded.outputs[0]?.["address"]), SPENDER);
      assert.deepEqual((await chainFor().lastOutputWith(UNIT))?.spentBy, { txHash: SPENDER, redeemer: null });
      assert.equal(paths().length, 2);
    });

    it("spent through a script: the spender's one spend redeemer for that script, its data from /scripts/datum/{hash}/cbor", async () => {
      lastTx(scriptAddress, SPENDER);
      fake.answer("GET", new RegExp(`^/txs/${SPENDER}/redeemers$`), { status: 200, body: redeemers });
      const last = await chainFor().lastOutputWith(UNIT);
      assert.deepEqual(last?.spentBy, {
        txHash: SPENDER,
        redeemer: fixture<{ cbor: string }>("blockfrost/scripts-datum-cbor.json").cbor,
      });
      assert.deepEqual(paths().slice(2), [
        `/txs/${SPENDER}/redeemers`,
        `/scripts/datum/${String(redeemers[0]?.["redeemer_data_hash"])}/cbor`,
      ]);
    });

    it("several spend redeemers for that script: the one at the input's position in the sorted input set", async () => {
      lastTx(scriptAddress, SPENDER);
      const other = { ...redeemers[0], tx_index: 0, redeemer_data_hash: "11".repeat(32) };
      const mine = { ...redeemers[0], tx_index: 1, redeemer_data_hash: "22".repeat(32) };
      fake.answer("GET", new RegExp(`^/txs/${SPENDER}/redeemers$`), { status: 200, body: [mine, other] });
      // The spender's inputs, listed unsorted: another script input whose id sorts first, a reference and a collateral input.
      const input = (txHash: string, extra: object = {}) => ({
        ...recorded.inputs[0],
        tx_hash: txHash,
        output_index: 0,
        ...extra,
      });
      fake.answer("GET", new RegExp(`^/txs/${SPENDER}/utxos$`), {
        status: 200,
        body: {
          ...recorded,
          hash: SPENDER,
          inputs: [
            input(KNOWN_TX),
            input("00".repeat(32), { reference: true }),
            input("01".repeat(32), { collateral: true }),
            input("02".repeat(32)),
          ],
        },
      });
      fake.answer("GET", /^\/scripts\/datum\/[0-9a-f]{64}\/cbor$/, (_req, url) => ({
        status: 200,
        body: { cbor: url.pathname.includes("22".repeat(32)) ? "d87980" : "00" },
      }));
      assert.deepEqual((await chainFor().lastOutputWith(UNIT))?.spentBy, { txHash: SPENDER, redeemer: "d87980" });
      assert.ok(paths().includes(`/txs/${SPENDER}/utxos`));
    });

    it("is null for a unit Blockfrost does not know (404), and refuses a malformed unit without a call", async () => {
      fake.answer("GET", /^\/assets\/[0-9a-f]+\/transactions$/, {
        status: 404,
        body: fixture("blockfrost/error-404.json"),
      });
      assert.equal(await chainFor().lastOutputWith(UNIT), null);
      fake.requests.length = 0;
      await assert.rejects(
        chainFor().lastOutputWith("policy"),
        (error: Error & { statusCode?: number }) => error.statusCode === 400,
      );
      assert.equal(fake.requests.length, 0);
    });
  });

  describe("an asset's history and the outputs a transaction spent", () => {
    const UNIT = "b0d07d45fe9514f80213f4020e5a61241458be626841cde717cb38a76e7574636f696e"; // the recorded output's token
    const recorded = fixture<{ hash: string; inputs: Record<string, unknown>[]; outputs: Record<string, unknown>[] }>(
      "blockfrost/txs-utxos.json",
    );
    const paths = () => fake.requests.map((r) => r.path.replace("/api/v0", ""));
    /** Transaction n of the unit's history: its id. */
    const txOf = (n: number) => n.toString(16).padStart(64, "0");
    /** The unit listed in transactions 1..count, each one's output 1 holding it, spent by the next (the last unspent). */
    const history = (count: number) => {
      fake.answer("GET", /^\/assets\/[0-9a-f]+\/transactions$/, (_req, url) => {
        const page = Number(url.searchParams.get("page"));
        const listed = Array.from({ length: count }, (_, i) => i + 1).slice((page - 1) * 100, page * 100);
        return {
          status: 200,
          body: listed.map((n) => ({ tx_hash: txOf(n), tx_index: 0, block_height: n, block_time: n })),
        };
      });
      fake.answer("GET", /^\/txs\/[0-9a-f]{64}\/utxos$/, (_req, url) => {
        const n = parseInt(url.pathname.split("/")[4] ?? "", 16);
        const holding = { ...recorded.outputs[0], output_index: 1, reference_script_hash: null };
        const change = { ...holding, output_index: 0, amount: [{ unit: "lovelace", quantity: "5000000" }] };
        const spent = n < count ? txOf(n + 1) : null;
        return {
          status: 200,
          body: { ...recorded, hash: txOf(n), outputs: [change, { ...holding, consumed_by_tx: spent }] },
        };
      });
    };

    it("is each listed transaction's outputs holding the unit, oldest first, with consumed_by_tx: one call a page, one a transaction", async () => {
      history(27); // minted, then moved 26 times
      const held = await assetHistoryOf(chainFor(), UNIT);
      assert.deepEqual(
        held.map((h) => [h.utxo.input.txHash, h.utxo.input.outputIndex, h.spentBy]),
        Array.from({ length: 27 }, (_, i) => [txOf(i + 1), 1, i < 26 ? txOf(i + 2) : null]),
      );
      assert.equal(held[0]?.utxo.output.plutusData, "19a6aa");
      assert.equal(paths().length, 28);
      assert.equal(paths()[0], `/assets/${UNIT}/transactions?order=asc&count=100&page=1`);
    });

    it("follows pages of 100, and refuses an asset with more than 200 transactions, naming the bound", async () => {
      history(200);
      assert.equal((await assetHistoryOf(chainFor(), UNIT)).length, 200);
      assert.equal(paths().filter((p) => p.startsWith("/assets/")).length, 3, "pages 1, 2 and the empty 3");
      fake.reset();
      history(201);
      await assert.rejects(assetHistoryOf(chainFor(), UNIT), (error: Error & { statusCode?: number }) => {
        assert.equal(error.statusCode, 503);
        assert.match(error.message, /more than 200 transactions hold b0d07d45/);
        return true;
      });
      assert.equal(paths().filter((p) => p.startsWith("/txs/")).length, 0, "no transaction read past the bound");
    });

    it("is empty for a unit Blockfrost does not know (404)", async () => {
      fake.answer("GET", /^\/assets\/[0-9a-f]+\/transactions$/, {
        status: 404,
        body: fixture("blockfrost/error-404.json"),
      });
      assert.deepEqual(await assetHistoryOf(chainFor(), UNIT), []);
    });

    it("gives a transaction's inputs, not its collateral nor reference inputs, in ledger order: one call", async () => {
      const input = (txHash: string, index: number, extra: object = {}) => ({
        ...recorded.inputs[0],
        tx_hash: txHash,
        output_index: index,
        reference_script_hash: null,
        ...extra,
      });
      fake.answer("GET", new RegExp(`^/txs/${KNOWN_TX}/utxos$`), {
        status: 200,
        body: {
          ...recorded,
          inputs: [
            input("ff".repeat(32), 0),
            input("0a".repeat(32), 10),
            input("0a".repeat(32), 2, { inline_datum: null, data_hash: null }),
            input("00".repeat(32), 0, { collateral: true }),
            input("01".repeat(32), 0, { reference: true }),
          ],
        },
      });
      const spent = await consumedByOf(chainFor(), KNOWN_TX.toUpperCase());
      assert.deepEqual(
        spent.map((u) => [u.input.txHash, u.input.outputIndex, u.output.plutusData]),
        [
          ["0a".repeat(32), 2, undefined],
          ["0a".repeat(32), 10, "19a6aa"],
          ["ff".repeat(32), 0, "19a6aa"],
        ],
      );
      assert.deepEqual(paths(), [`/txs/${KNOWN_TX}/utxos`]);
    });

    it("refuses a transaction Blockfrost does not know as not found (404), a malformed id without a call", async () => {
      const unknown = "ab".repeat(32);
      await assert.rejects(consumedByOf(chainFor(), unknown), (error: Error & { statusCode?: number }) => {
        assert.equal(error.statusCode, 404);
        assert.equal(error.message, `Blockfrost knows no transaction ${unknown} in a block.`);
        return true;
      });
      fake.requests.length = 0;
      await assert.rejects(consumedByOf(chainFor(), "abc"), /abc is not a transaction id/);
      assert.equal(fake.requests.length, 0);
    });
  });

  it("tells a confirmed transaction from an unknown one", async () => {
    const chain = chainFor();
    assert.equal((await chain.txStatus(KNOWN_TX)).status, "confirmed");
    assert.equal((await chain.txStatus("00".repeat(32))).status, "unknown");
  });
});
