// The Ogmios + Kupo backend against a fake Ogmios (HTTP health + JSON-RPC over WebSocket, spoken
// to by the official client) and a fake Kupo on loopback, answering the recorded vectors and
// documentation examples of test/fixtures.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import type { EraSummary, ProtocolParameters, ScriptNative } from "@cardano-ogmios/schema";
import { epochEnd, slotToTime } from "../../../src/chain/ogmios-kupo/translate.js";
import { assetHistoryOf, consumedByOf } from "../../../src/chain/port.js";
import { createRealNetworkChain } from "../../../src/chain/real-networks.js";
import { nativeCborOf, nativeJsonOf, ogmiosClausesOf } from "../../../src/chain/shared/script-ref.js";
import { fixture } from "../../support/fakes/server.js";
import { DEFAULT_ANSWERS, FakeOgmiosKupo } from "../../support/fakes/ogmios-kupo.js";

const FAST = {
  attemptTimeoutMs: 1000,
  deadlineMs: 3000,
  submitTimeoutMs: 1000,
  retries: 2,
  backoffBaseMs: 10,
  backoffMaxMs: 50,
};
const SIGNED_TX =
  "84a300d90102818258200000000000000000000000000000000000000000000000000000000000000000000181a200581d600000000000000000000000000000000000000000000000000000000001821a001e8480a0021a00030d40a0f5f6";
// preprod's genesis (COMPAT-NOTES section 6): system start, Shelley's first slot and time.
const PREPROD_START = 1654041600000;
const SHELLEY_SLOT = 86400;
const SHELLEY_TIME = 1655769600000;

let fake: FakeOgmiosKupo;
// The recorded /health example reports mainnet: the adapter checks that it matches NETWORK.
const chainFor = (overrides = {}, network: "mainnet" | "preprod" = "mainnet") =>
  createRealNetworkChain(
    network,
    { kind: "ogmios-kupo", ogmiosUrl: fake.ogmiosUrl, kupoUrl: fake.kupoUrl },
    { ...FAST, ...overrides },
  );
const chains: { close(): Promise<void> }[] = [];
const open = (overrides = {}, network: "mainnet" | "preprod" = "mainnet") => {
  const chain = chainFor(overrides, network);
  chains.push(chain);
  return chain;
};

describe("Ogmios + Kupo backend", () => {
  before(async () => {
    fake = await FakeOgmiosKupo.start();
  });
  after(async () => {
    await Promise.all(chains.map((c) => c.close()));
    await fake.close();
  });
  beforeEach(() => {
    fake.rpc.length = 0;
    fake.kupo.requests.length = 0;
    fake.ogmios.requests.length = 0;
    fake.ogmios.behave({ kind: "normal" });
    fake.kupo.behave({ kind: "normal" });
    Object.assign(fake.answers, DEFAULT_ANSWERS);
    fake.silent.clear();
    fake.replies.clear();
    fake.kupoReplies.length = 0;
  });

  it("converts slots to time with the era summaries (preprod genesis figures)", () => {
    const summaries = fixture<{ result: EraSummary[] }>("ogmios/era-summaries-preprod.json").result;
    assert.equal(slotToTime(0, PREPROD_START, summaries), PREPROD_START);
    assert.equal(slotToTime(2463, PREPROD_START, summaries), PREPROD_START + 2463 * 20_000);
    assert.equal(slotToTime(SHELLEY_SLOT, PREPROD_START, summaries), SHELLEY_TIME);
    assert.equal(slotToTime(75_000_000, PREPROD_START, summaries), SHELLEY_TIME + (75_000_000 - SHELLEY_SLOT) * 1000);
    assert.equal(epochEnd(4, PREPROD_START, summaries), SHELLEY_TIME + 432_000 * 1000);
    assert.equal(epochEnd(3, PREPROD_START, summaries), PREPROD_START + 4 * 21_600 * 20_000);
  });

  it("converts native scripts between Ogmios clauses and CBOR exactly as the recorded vectors pair them", () => {
    const recorded = fixture<{ result: { script?: { language: string; json?: ScriptNative; cbor?: string } }[] }>(
      "ogmios/utxo.json",
    ).result;
    const natives = recorded.map((u) => u.script).filter((s) => s?.language === "native");
    assert.ok(natives.length >= 3);
    const plain = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v)));
    for (const script of natives) {
      assert.equal(nativeCborOf(script!.json!), script!.cbor);
      assert.deepEqual(plain(ogmiosClausesOf(nativeJsonOf(script!.cbor!))), script!.json);
    }
  });

  it("reads the tip through the official client, with its time", async () => {
    const chain = open();
    const tip = await chain.tip();
    assert.deepEqual(tip, { slot: 2463, time: PREPROD_START + 2463 * 20_000 });
    assert.deepEqual(fake.rpc.map((r) => r.method).sort(), [
      "queryLedgerState/eraSummaries",
      "queryNetwork/startTime",
      "queryNetwork/tip",
    ]);
    assert.ok(
      fake.ogmios.requests.some((r) => r.path === "/health"),
      "the client checks /health before opening the socket",
    );
    await chain.tip();
    assert.equal(
      fake.rpc.filter((r) => r.method === "queryLedgerState/eraSummaries").length,
      1,
      "era summaries are read once",
    );
    assert.equal(chain.health().state, "up");
  });

  it("refuses an Ogmios that serves another network than NETWORK", async () => {
    await assert.rejects(open({ retries: 0 }, "preprod").tip(), (error: Error & { statusCode?: number }) => {
      assert.equal(error.statusCode, 503);
      assert.match(
        error.message,
        /The ogmios-kupo chain backend could not serve tip: Ogmios at ws:\/\/127\.0\.0\.1:\d+ serves mainnet but NETWORK is preprod/,
      );
      return true;
    });
  });

  it("translates queryLedgerState/protocolParameters into Mesh's Protocol, with the epoch", async () => {
    const p = fixture<{ result: ProtocolParameters }>("ogmios/protocol-parameters.json").result;
    const protocol = await open().protocolParameters();
    assert.equal(protocol.epoch, fixture<{ result: number }>("ogmios/epoch.json").result);
    assert.equal(protocol.minFeeA, p["minFeeCoefficient"]);
    assert.equal(protocol.minFeeB, p["minFeeConstant"].ada.lovelace);
    assert.equal(protocol.maxTxSize, p["maxTransactionSize"]?.bytes);
    assert.equal(protocol.maxValSize, p["maxValueSize"]?.bytes);
    assert.equal(protocol.keyDeposit, p["stakeCredentialDeposit"]?.ada.lovelace);
    assert.equal(protocol.coinsPerUtxoSize, p["minUtxoDepositCoefficient"]);
    assert.equal(protocol.collateralPercent, p["collateralPercentage"]);
    assert.equal(protocol.minFeeRefScriptCostPerByte, p["minFeeReferenceScripts"]?.base);
    assert.equal(protocol.priceMem, Number("2844940967036204297") / 1e19);
    assert.equal(protocol.decentralisation, 0);
  });

  it("reads protocol parameters once per epoch (the era summaries give its end)", async () => {
    const chain = open();
    await chain.protocolParameters();
    await chain.protocolParameters();
    assert.equal(fake.rpc.filter((r) => r.method === "queryLedgerState/protocolParameters").length, 1);
  });

  it("lists UTxOs at an address from Kupo, datums and reference scripts resolved, quantities exact", async () => {
    const address =
      "addr1qxqs59lphg8g6qndelq8xwqn60ag3aeyfcp33c2kdp46a09re5df3pzwwmyq946axfcejy5n4x0y99wqpgtp2gd0k09qsgy6pz";
    const [first, second] = await open().utxosAt(address);
    const request = fake.kupo.requests[0];
    assert.equal(request?.path, `/matches/${address}?unspent&resolve_hashes`);
    assert.equal(request?.headers["accept"], "application/json;asset-quantity=string");
    assert.deepEqual(first?.input, {
      txHash: "35d8340cd6a5d31bf9d09706b92adedf9b1b632e682fdab9fc8865ee3de14e09",
      outputIndex: 2,
    });
    assert.deepEqual(first?.output.amount, [
      { unit: "lovelace", quantity: "42" },
      { unit: "1220099e5e430475c219518179efc7e6c8289db028904834025d5b0808661220099e", quantity: "231" },
      { unit: "1220099e5e430475c219518179efc7e6c8289db028904834025d5b08", quantity: "1" },
    ]);
    assert.equal(first?.output.plutusData, "d87980");
    assert.equal(first?.output.dataHash, "923918e403bf43c34b4ef6b48eb2ee04babed17320d8d1b9ff9ad086e86f44ec");
    assert.equal(first?.output.scriptRef, "82014e4d01000033222220051200120011");
    assert.equal(first?.output.scriptHash, "67f33146617a5e61936081db3b2117cbf59bd2123748f58ac9678656");
    assert.equal(second?.output.amount[0]?.quantity, "9007199254740993", "2^53 + 1 lovelace, exact");
    assert.equal(second?.output.plutusData, undefined, "a datum by hash only");
    assert.equal(second?.output.dataHash, "923918e403bf43c34b4ef6b48eb2ee04babed17320d8d1b9ff9ad086e86f44ec");
  });

  it("keeps an inline datum and a native script over the CBOR limits raw, scanned but never decoded; refuses malformed ones", async () => {
    const recorded = fixture<Record<string, unknown>[]>("kupo/matches.json")[0]!;
    const deepDatum = "81".repeat(20_000) + "00";
    // `all` of `all` … 100 deep around a key's signature: 200 levels.
    const deepScript = "820181".repeat(100) + "8200581c" + "00".repeat(28);
    const scriptHash = "ab".repeat(28);
    const matches: Record<string, unknown>[] = [
      { ...recorded, datum: deepDatum, script_hash: scriptHash, script: { language: "native", script: deepScript } },
    ];
    fake.kupoReplies.push((url) => (url.pathname.startsWith("/matches/") ? { status: 200, body: matches } : undefined));
    const [utxo] = await open().utxosAt(recorded["address"] as string);
    assert.equal(utxo?.output.plutusData, deepDatum);
    assert.equal(utxo?.output.scriptRef, "8200" + deepScript, "the ledger's [0, script], written as it came");
    assert.equal(utxo?.output.scriptHash, scriptHash);

    matches[0] = { ...recorded, datum: "5a00010000" };
    await assert.rejects(
      open().utxosAt(recorded["address"] as string),
      /the inline datum of 35d8340c[0-9a-f]*#2 is not well-formed CBOR: a string declares 65536 bytes where 0 remain/,
    );
  });

  it("resolves UTxOs by reference through queryLedgerState/utxo, big quantities exact", async () => {
    const refs = [
      { txHash: "00af09045b83f0466afff0b85fbc5ad02f24f2c56df8aa9cd49586839cadf4c3", index: 24271 },
      { txHash: "0faa3737b2bc9e6859b997504c0b484929bc64ae47309fcd5248e57916151a01", index: 3876 },
    ];
    const utxos = await open().utxosByRef(refs);
    const request = fake.rpc.find((r) => r.method === "queryLedgerState/utxo");
    assert.deepEqual(request?.params, {
      outputReferences: refs.map((r) => ({ transaction: { id: r.txHash }, index: r.index })),
    });
    assert.equal(utxos.length, 2, "only the references asked for (the recorded answer holds 5)");
    assert.deepEqual(utxos[0]?.input, { txHash: refs[0]!.txHash, outputIndex: 24271 });
    assert.deepEqual(utxos[0]?.output.amount, [
      { unit: "lovelace", quantity: "2900189835493500294" },
      { unit: "467f58932b54910584a0e8ea25a225e06a14530b2e96e938c53a3f2240177e9238", quantity: "6461792615968177290" },
      {
        unit: "8f461954fe2f18fee1dca233f358907e643ff839ed1f995e4bf325e352d57267c09a76074249ac71a3cf77c26b5b",
        quantity: "1",
      },
    ]);
    assert.equal(
      utxos[0]?.output.scriptRef,
      "82008200581c43f809cda245e7f0c8205d282a1c6c2b052baf8b050606c270660420",
      "a native script reference",
    );
    assert.equal(utxos[1]?.output.plutusData, "d87d9f9f9f21400243b4ab1bff23ff4106ff");
    const recorded = fixture<{
      result: { transaction: { id: string }; index: number; script?: { language: string } }[];
    }>("ogmios/utxo.json").result;
    const plutus = recorded.find((u) => u.script?.language === "plutus:v3")!;
    const [withV3] = await open().utxosByRef([{ txHash: plutus.transaction.id, index: plutus.index }]);
    assert.equal(
      withV3?.output.scriptRef,
      "8203484701000022200101",
      "a Plutus V3 script, wrapped as the ledger hashes it",
    );
  });

  it("evaluates through evaluateTransaction, passing additional UTxOs in Ogmios's form", async () => {
    const budgets = await open().evaluate(SIGNED_TX, [
      {
        input: { txHash: "cd".repeat(32), outputIndex: 1 },
        output: {
          address: "addr_test1vqqq",
          amount: [{ unit: "lovelace", quantity: "9007199254740993" }],
          plutusData: "d87980",
          scriptRef: "82014e4d01000033222220051200120011",
        },
      },
      {
        input: { txHash: "cd".repeat(32), outputIndex: 2 },
        output: {
          address: "addr_test1vqqq",
          amount: [{ unit: "lovelace", quantity: "2000000" }],
          scriptRef: "82008200581c43f809cda245e7f0c8205d282a1c6c2b052baf8b050606c270660420",
        },
      },
    ]);
    assert.deepEqual(budgets, [{ tag: "SPEND", index: 0, budget: { mem: 1700, steps: 476468 } }]);
    const request = fake.rpc.find((r) => r.method === "evaluateTransaction");
    assert.match(request?.raw ?? "", /"lovelace":9007199254740993\b/, "the big quantity is sent exactly");
    assert.deepEqual((request?.params as { transaction: unknown }).transaction, { cbor: SIGNED_TX });
    const [extra] = (request?.params as { additionalUtxo: Record<string, unknown>[] }).additionalUtxo;
    assert.deepEqual(extra?.["transaction"], { id: "cd".repeat(32) });
    assert.equal(extra?.["index"], 1);
    assert.equal(extra?.["datum"], "d87980");
    assert.deepEqual(extra?.["script"], { language: "plutus:v1", cbor: "4d01000033222220051200120011" });
    // A native script goes with its JSON clauses: those of the recorded vector that carries the same CBOR.
    const recorded = fixture<{ result: { script?: { json?: unknown; cbor?: string } }[] }>("ogmios/utxo.json")
      .result[0]!.script!;
    const native = (request?.params as { additionalUtxo: Record<string, unknown>[] }).additionalUtxo[1];
    assert.deepEqual(native?.["script"], { language: "native", json: recorded.json, cbor: recorded.cbor });
  });

  it("reports a failing script as the ledger's rejection (422) with Ogmios's reason", async () => {
    fake.answers["evaluateTransaction"] = "evaluate-script-failure.json";
    await assert.rejects(open().evaluate(SIGNED_TX), (error: Error & { statusCode?: number }) => {
      assert.equal(error.statusCode, 422);
      assert.match(
        error.message,
        /Some scripts of the transactions terminated with error\(s\)\. mint\[3\]: An associated script witness is missing/,
      );
      return true;
    });
  });

  it("refuses budgets it cannot hold exactly (the random test vector) as a backend failure", async () => {
    fake.answers["evaluateTransaction"] = "evaluate-success.json";
    await assert.rejects(
      open({ retries: 0 }).evaluate(SIGNED_TX),
      /could not serve evaluate: evaluation: evaluation result 0 is not a validator with a budget the service can represent exactly/,
    );
  });

  it("submits through submitTransaction and returns the ledger's id", async () => {
    const id = await open().submit(SIGNED_TX);
    assert.equal(
      id,
      fixture<{ result: { transaction: { id: string } } }>("ogmios/submit-success.json").result.transaction.id,
    );
    assert.deepEqual(fake.rpc.find((r) => r.method === "submitTransaction")?.params, {
      transaction: { cbor: SIGNED_TX },
    });
  });

  it("turns a submit failure into the ledger's rejection (422) with its reason, without retrying", async () => {
    fake.answers["submitTransaction"] = "submit-failure.json";
    const failure = fixture<{ error: { message: string } }>("ogmios/submit-failure.json").error;
    await assert.rejects(open().submit(SIGNED_TX), (error: Error & { statusCode?: number }) => {
      assert.equal(error.statusCode, 422);
      assert.ok(error.message.includes(failure.message), error.message);
      return true;
    });
    assert.equal(fake.rpc.filter((r) => r.method === "submitTransaction").length, 1);
  });

  it("tells a confirmed transaction (Kupo knows its outputs) from an unknown one (neither Kupo nor the ledger)", async () => {
    const chain = open();
    assert.equal(
      (await chain.txStatus("35d8340cd6a5d31bf9d09706b92adedf9b1b632e682fdab9fc8865ee3de14e09")).status,
      "confirmed",
    );
    fake.answers["queryLedgerState/utxo"] = "utxo-empty.json";
    assert.equal((await chain.txStatus("00".repeat(32))).status, "unknown");
    assert.ok(
      fake.rpc.some((r) => r.method === "queryLedgerState/utxo"),
      "the ledger is asked when Kupo does not know it",
    );
  });

  describe("the last output that held a unit", () => {
    const spentMatch = fixture<Record<string, unknown>[]>("kupo/matches-spent.json")[0]!;
    const spentAt = spentMatch["spent_at"] as {
      slot_no: number;
      header_hash: string;
      transaction_id: string;
      redeemer: string;
    };
    const ref = { txHash: String(spentMatch["transaction_id"]), index: Number(spentMatch["output_index"]) };
    const POLICY = "1220099e5e430475c219518179efc7e6c8289db028904834025d5b08"; // the recorded matches' policy
    const UNIT = `${POLICY}08661220099e`;
    const SCRIPT = "67f33146617a5e61936081db3b2117cbf59bd2123748f58ac9678656";
    let scriptAddress: string;
    before(async () => {
      const { Address, AddressType, CredentialType, Hash28ByteBase16 } = await import("@meshsdk/core-cst");
      scriptAddress = new Address({
        type: AddressType.EnterpriseScript,
        networkId: 1,
        paymentPart: { type: CredentialType.ScriptHash, hash: Hash28ByteBase16(SCRIPT) },
      }).toBech32();
    });
    const kupoPaths = () => fake.kupo.requests.map((r) => r.path);
    const matchesAnswer = (matches: unknown[]) =>
      fake.kupoReplies.push((url) =>
        url.pathname.startsWith("/matches/") ? { status: 200, body: matches } : undefined,
      );
    /** A block (over the recorded one) whose first transaction spends `inputs` with `redeemers`. */
    const blockReply = (
      id: string,
      inputs: { txHash: string; index: number }[],
      redeemers: { index: number; redeemer: string }[],
    ) => {
      const recorded = fixture<{
        jsonrpc: string;
        method: string;
        result: { block: { transactions: Record<string, unknown>[] } };
      }>("ogmios/next-block.json");
      const tx = {
        ...recorded.result.block.transactions[0],
        id: spentAt.transaction_id,
        spends: "inputs",
        inputs: inputs.map((i) => ({ transaction: { id: i.txHash }, index: i.index })),
        redeemers: redeemers.map((r) => ({
          validator: { purpose: "spend", index: r.index },
          redeemer: r.redeemer,
          executionUnits: { memory: 1, cpu: 1 },
        })),
      };
      const answer = {
        ...recorded,
        result: { ...recorded.result, block: { ...recorded.result.block, id, transactions: [tx] } },
      };
      fake.replies.set("nextBlock", () => JSON.stringify(answer));
    };

    it("is the newest match holding the unit; unspent: one Kupo call", async () => {
      const [first] = fixture<Record<string, unknown>[]>("kupo/matches.json");
      const at = (slot: number, txIndex: number, output: number) => ({
        ...first,
        created_at: { slot_no: slot, header_hash: spentAt.header_hash },
        transaction_index: txIndex,
        output_index: output,
      });
      matchesAnswer([
        at(10, 5, 0),
        at(12, 0, 0),
        at(12, 3, 1),
        at(12, 3, 2),
        at(11, 9, 9),
        { ...at(13, 0, 0), value: { coins: "42" } },
      ]);
      const last = await open().lastOutputWith(UNIT);
      assert.deepEqual(
        last?.utxo.input,
        { txHash: first?.["transaction_id"], outputIndex: 2 },
        "slot 12, transaction 3, output 2 (the slot-13 match does not hold it)",
      );
      assert.equal(last?.spentBy, null);
      assert.equal(last?.utxo.output.plutusData, "d87980");
      assert.deepEqual(kupoPaths(), [`/matches/${POLICY}.08661220099e?resolve_hashes`]);
      assert.equal(fake.rpc.length, 0);
    });

    it("asks for the whole policy for the empty asset name, and is null when nothing held the unit", async () => {
      const chain = open();
      const last = await chain.lastOutputWith(POLICY);
      assert.ok(last?.utxo.output.amount.some((a) => a.unit === POLICY && a.quantity === "1"));
      assert.equal(kupoPaths()[0], `/matches/${POLICY}.*?resolve_hashes`);
      matchesAnswer([]);
      assert.equal(await chain.lastOutputWith(UNIT), null);
    });

    it("spent by a key: Kupo's spending transaction, a null redeemer whatever Kupo's spent_at.redeemer says", async () => {
      matchesAnswer([spentMatch]);
      assert.equal(spentAt.redeemer, "d87980", "the recorded match carries a redeemer");
      assert.deepEqual((await open().lastOutputWith(UNIT))?.spentBy, {
        txHash: spentAt.transaction_id,
        redeemer: null,
      });
      assert.equal(fake.rpc.length, 0, "no chain synchronisation");
    });

    it("spent through a script: the redeemer at the input's position in the spending block's transaction, not Kupo's", async () => {
      matchesAnswer([{ ...spentMatch, address: scriptAddress }]);
      // Our input second of two in the sorted set; Kupo's mirrored numbering would point at the first.
      blockReply(
        spentAt.header_hash,
        [ref, { txHash: "00".repeat(32), index: 7 }],
        [
          { index: 0, redeemer: "00" },
          { index: 1, redeemer: "d87a80" },
        ],
      );
      const chain = open();
      assert.deepEqual((await chain.lastOutputWith(UNIT))?.spentBy, {
        txHash: spentAt.transaction_id,
        redeemer: "d87a80",
      });
      assert.ok(kupoPaths().includes(`/checkpoints/${spentAt.slot_no - 1}`), "the block before the spending one");
      const checkpoint = fixture<{ slot_no: number; header_hash: string }>("kupo/checkpoint.json");
      const intersect = fake.rpc.find((r) => r.method === "findIntersection");
      assert.deepEqual((intersect?.params as { points: unknown[] }).points, [
        { slot: checkpoint.slot_no, id: checkpoint.header_hash },
      ]);
      assert.deepEqual(
        fake.rpc.map((r) => r.method),
        ["findIntersection", "nextBlock"],
      );
      // Read once: the block of a spend never changes.
      await chain.lastOutputWith(UNIT);
      assert.equal(fake.rpc.filter((r) => r.method === "nextBlock").length, 1);
    });

    it("answers 503 when the block Ogmios sends is not the one Kupo indexed (a rollback)", async () => {
      matchesAnswer([{ ...spentMatch, address: scriptAddress }]);
      // The recorded block: another id than the match's spent_at.header_hash.
      await assert.rejects(open({ retries: 0 }).lastOutputWith(UNIT), (error: Error & { statusCode?: number }) => {
        assert.equal(error.statusCode, 503);
        assert.match(error.message, /rollback/);
        return true;
      });
    });
  });

  describe("an asset's history and the outputs a transaction spent", () => {
    const POLICY = "1220099e5e430475c219518179efc7e6c8289db028904834025d5b08"; // the recorded matches' policy
    const UNIT = `${POLICY}08661220099e`;
    const [recorded] = fixture<Record<string, unknown>[]>("kupo/matches.json");
    const tx = (n: number) => n.toString(16).padStart(64, "0");
    const PRUNED = /Kupo keeps no spent outputs: run it without --prune-utxo/;
    /** A match of output `index` of transaction `n`, made in `slot`, spent by transaction `by` (in slot + 1) or unspent. */
    const match = (n: number, index: number, slot: number, txIndex: number, by: number | null) => ({
      ...recorded,
      transaction_id: tx(n),
      output_index: index,
      transaction_index: txIndex,
      created_at: { slot_no: slot, header_hash: "ab".repeat(32) },
      spent_at: by === null ? null : { slot_no: slot + 1, header_hash: "cd".repeat(32), transaction_id: tx(by) },
    });
    const kupoPaths = () => fake.kupo.requests.map((r) => r.path);
    /** Kupo's answers by path (before the query): the asset's matches, a transaction's outputs, what a slot spent. */
    const kupoAnswers = (answers: Record<string, unknown[]>) =>
      fake.kupoReplies.push((url) => {
        const key = url.pathname === "/matches/*" ? `spent ${url.searchParams.get("spent_after")}` : url.pathname;
        const body = answers[key];
        return body === undefined ? undefined : { status: 200, body };
      });

    it("is the matches holding the unit, oldest first by block, transaction and output, with their spenders: two Kupo calls", async () => {
      kupoAnswers({
        [`/matches/${POLICY}.08661220099e`]: [
          match(3, 0, 20, 0, null),
          match(2, 1, 12, 4, 3),
          { ...match(9, 0, 11, 0, null), value: { coins: "42" } }, // holds no token of the unit
          match(1, 2, 12, 3, 2),
          match(1, 0, 12, 3, 1_000),
        ],
        // The oldest holder's transaction (1) spent an output, in its block at slot 12.
        "spent 12": [match(7, 0, 5, 0, 1)],
      });
      const history = await assetHistoryOf(open(), UNIT);
      assert.deepEqual(
        history.map((h) => [h.utxo.input.txHash, h.utxo.input.outputIndex, h.spentBy]),
        [
          [tx(1), 0, tx(1_000)],
          [tx(1), 2, tx(2)],
          [tx(2), 1, tx(3)],
          [tx(3), 0, null],
        ],
      );
      assert.equal(history[0]?.utxo.output.plutusData, "d87980");
      assert.deepEqual(kupoPaths(), [
        `/matches/${POLICY}.08661220099e?resolve_hashes`,
        "/matches/*?spent&spent_after=12&spent_before=12&resolve_hashes",
      ]);
    });

    it("is empty for a unit no output held (one call); refuses when Kupo holds nothing the oldest holder's transaction spent (pruned)", async () => {
      kupoAnswers({ [`/matches/${POLICY}.08661220099e`]: [] });
      assert.deepEqual(await assetHistoryOf(open(), UNIT), []);
      assert.equal(kupoPaths().length, 1);
      fake.kupoReplies.length = 0;
      kupoAnswers({ [`/matches/${POLICY}.08661220099e`]: [match(5, 0, 40, 0, null)], "spent 40": [] });
      await assert.rejects(assetHistoryOf(open(), UNIT), (error: Error & { statusCode?: number }) => {
        assert.equal(error.statusCode, 503);
        assert.match(error.message, PRUNED);
        return true;
      });
    });

    it("gives what the transaction's block spent by it, in ledger order: two Kupo calls", async () => {
      kupoAnswers({
        [`/matches/*@${tx(50)}`]: [match(50, 0, 90, 2, null)],
        "spent 90": [
          match(40, 10, 80, 0, 50),
          match(41, 0, 80, 0, 51),
          match(40, 2, 80, 0, 50),
          match(30, 7, 70, 0, 50),
        ],
      });
      const spent = await consumedByOf(open(), tx(50).toUpperCase());
      assert.deepEqual(
        spent.map((u) => [u.input.txHash, u.input.outputIndex]),
        [
          [tx(30), 7],
          [tx(40), 2],
          [tx(40), 10],
        ],
      );
      assert.equal(spent[0]?.output.plutusData, "d87980", "with its inline datum");
      assert.deepEqual(kupoPaths(), [
        `/matches/*@${tx(50)}`,
        "/matches/*?spent&spent_after=90&spent_before=90&resolve_hashes",
      ]);
    });

    it("refuses an unknown transaction as not found, and says what to change when Kupo kept nothing it spent", async () => {
      kupoAnswers({ [`/matches/*@${tx(60)}`]: [] });
      await assert.rejects(consumedByOf(open(), tx(60)), (error: Error & { statusCode?: number }) => {
        assert.equal(error.statusCode, 404);
        assert.match(error.message, new RegExp(`Kupo indexed no output of transaction ${tx(60)}`));
        return true;
      });
      kupoAnswers({ [`/matches/*@${tx(61)}`]: [match(61, 0, 95, 0, null)], "spent 95": [match(40, 0, 80, 0, 62)] });
      await assert.rejects(consumedByOf(open(), tx(61)), (error: Error & { statusCode?: number }) => {
        assert.equal(error.statusCode, 503);
        assert.match(error.message, PRUNED);
        return true;
      });
    });
  });

  it("times out on a silent Ogmios, retries, and answers 503 naming the backend", async () => {
    const chain = open({ attemptTimeoutMs: 200, retries: 1 });
    await chain.tip();
    fake.silent.add("queryNetwork/tip");
    const started = Date.now();
    await assert.rejects(
      chain.tip(),
      /The ogmios-kupo chain backend could not serve tip \(2 attempts\): no answer within 200 ms/,
    );
    assert.ok(Date.now() - started < 10_000, "gave up instead of waiting for the silent Ogmios");
  });

  it("reconnects after Ogmios drops the connection mid-request", async () => {
    const chain = open();
    await chain.tip();
    fake.ogmios.behave({ kind: "fail", status: 500, times: 1 }); // the next message kills the socket
    assert.equal((await chain.tip()).slot, 2463);
    assert.ok(fake.ogmios.requests.filter((r) => r.path === "/health").length >= 2, "a new connection was opened");
  });

  it("answers 503 naming Kupo when Kupo keeps failing, after retrying", async () => {
    fake.kupo.behave({ kind: "fail", status: 503 });
    await assert.rejects(
      open().utxosAt("addr1vy3qpx09uscywhpp0ekg9zwmq2yj5vp08husfq6qyh2mpps865j6t"),
      (error: Error & { statusCode?: number }) => {
        assert.equal(error.statusCode, 503);
        assert.match(
          error.message,
          /The ogmios-kupo chain backend could not serve utxosAt \(3 attempts\): Kupo GET \/matches\/addr1\S+: Kupo answered 503/,
        );
        return true;
      },
    );
    assert.equal(fake.kupo.requests.length, 3);
  });

  it("answers 503 quickly when Ogmios refuses connections, and recovers when it is back", async () => {
    const chain = open({ backoffBaseMs: 5 });
    await chain.tip();
    fake.dropConnections();
    await fake.ogmios.refuse();
    try {
      const started = Date.now();
      await assert.rejects(
        chain.tip(),
        /The ogmios-kupo chain backend could not serve tip \(3 attempts\): Ogmios at ws:\/\/127\.0\.0\.1:\d+ cannot be reached: ECONNREFUSED/,
      );
      assert.ok(Date.now() - started < 10_000, "failed fast instead of hanging");
      assert.equal(chain.health().state, "down");
    } finally {
      await fake.ogmios.accept();
    }
    assert.equal((await chain.tip()).slot, 2463);
    assert.equal(chain.health().state, "up");
  });
});
