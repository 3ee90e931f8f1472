// The devnet's Blockfrost-compatible API (/blockfrost/api/v0) over real HTTP: every answer the
// SDKs read follows Blockfrost's published schema (@blockfrost/openapi) and says what the ledger
// holds; lists page as Blockfrost's do; errors are Blockfrost's body; both evaluate variants and
// both spellings of the additional UTxO set; submit as application/cbor; project_id as the API
// key when keys are required; 501 for a Blockfrost endpoint not served, 404 for any other path
// and on real networks. The SDKs' own flows through it are test/sdk/*.test.ts.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { MeshTxBuilder, mConStr0, resolveScriptHash, resolveTxHash, serializePlutusScript } from "@meshsdk/core";
import type { components, paths } from "@blockfrost/openapi";
import type { EvaluateTransactionSuccess } from "@cardano-ogmios/schema";
import type { UTxO } from "@meshsdk/common";
import { bech32 } from "@scure/base";
import { addressInfo } from "../../../src/cardano/addresses.js";
import { DEVNET_COST_MODELS, DEVNET_PROTOCOL_PARAMETERS } from "../../../src/chain/protocol-params.js";
import { blockHashOf } from "../../../src/devnet-index/blocks.js";
import { BLOCKFROST_ENDPOINTS, isBlockfrostEndpoint } from "../../../src/server/routes/blockfrost/http.js";
import { blake2b256, fromHex } from "../../../src/cardano/tx-cbor.js";
import { startService, type RunningService } from "../../support/service.js";
import { blockfrostSchemas, ogmiosSchemas } from "../../support/fakes/wire-schemas.js";
import { buildPayment, newEnterpriseWallet, type TestWallet } from "../../support/wallets.js";
import { ALWAYS_SUCCEEDS_V3 } from "../../support/sdk-devnet.js";

const PREFIX = "/blockfrost/api/v0";

interface Answer<B = unknown> {
  status: number;
  headers: Headers;
  body: B;
}

/** Blockfrost's endpoints, as @blockfrost/openapi types them. */
type Endpoint = keyof paths;
/** What `endpoint` answers with 200 (its GET's or POST's JSON), as Blockfrost's specification types it. */
type Ok<E extends Endpoint> = {
  [M in keyof paths[E]]-?: paths[E][M] extends { responses: { 200: { content: { "application/json": infer B } } } }
    ? B
    : never;
}[keyof paths[E]];

/** Blockfrost's error body (every error status has this one). */
type BlockfrostError = components["responses"]["400"]["content"]["application/json"];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The `result` of an Ogmios v5 EvaluateTx answer (Blockfrost's evaluate endpoints without ?version=6), if it has one. */
const v5Result = (body: unknown): Record<string, unknown> | undefined =>
  isRecord(body) && isRecord(body["result"]) ? body["result"] : undefined;

async function call(service: RunningService, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${service.url}${PREFIX}${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === "" ? undefined : (JSON.parse(text) as unknown),
  };
}

const cbor = (body: string | Buffer): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/cbor", project_id: "devnet" },
  body,
});
const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

function assertBlockfrostError(answer: Answer, status: number, message: RegExp): void {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.deepEqual(Object.keys(answer.body as object).sort(), ["error", "message", "status_code"]);
  const body = answer.body as BlockfrostError;
  assert.equal(body.status_code, status);
  assert.match(body.message, message);
}

describe("the devnet's Blockfrost-compatible API", () => {
  let service: RunningService;
  let alice: TestWallet;
  let bob: TestWallet;
  let funding: string;
  let payment: string;
  const schemas = blockfrostSchemas();
  /** The answer to `path`, checked against Blockfrost's schema of `endpoint` for `status`: a 200's body is of that schema's type. */
  async function expect<E extends Endpoint>(
    path: string,
    endpoint: E,
    status: 200,
    init?: RequestInit,
  ): Promise<Answer<Ok<E>>>;
  async function expect(path: string, endpoint: Endpoint, status: number, init?: RequestInit): Promise<Answer>;
  async function expect(path: string, endpoint: Endpoint, status: number, init?: RequestInit): Promise<Answer> {
    const answer = await call(service, path, init);
    assert.equal(answer.status, status, `${path}: ${JSON.stringify(answer.body)}`);
    schemas.check(endpoint, String(status), answer.body, path);
    return answer;
  }

  before(async () => {
    service = await startService({ NETWORK: "devnet" });
    [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
    const faucet = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
      address: alice.address,
      lovelace: "60000000",
    });
    assert.equal(faucet.status, 200);
    funding = faucet.body.txHash as string;
    const utxos = await service.app.chain.utxosAt(alice.address);
    const signed = await alice.sign(
      await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, utxos, bob.address, 5_000_000n, (b) =>
        b.metadataValue(674, { msg: ["bfapi"] }),
      ),
    );
    const submitted = await call(service, "/tx/submit", cbor(Buffer.from(signed, "hex")));
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    payment = submitted.body as string;
  });
  after(async () => {
    await service?.close();
  });

  it("answers the protocol parameters the ledger applies, cost models included", async () => {
    const { body } = await expect("/epochs/latest/parameters", "/epochs/latest/parameters", 200);
    const p = DEVNET_PROTOCOL_PARAMETERS;
    assert.equal(body.min_fee_a, p.minFeeA);
    assert.equal(body.min_fee_b, p.minFeeB);
    assert.equal(body.coins_per_utxo_size, String(p.coinsPerUtxoSize));
    assert.equal(body.max_tx_ex_mem, "16500000");
    assert.equal(body.key_deposit, "2000000");
    assert.equal(body.min_fee_ref_script_cost_per_byte, 15);
    assert.deepEqual(body.cost_models_raw, {
      PlutusV1: DEVNET_COST_MODELS[0],
      PlutusV2: DEVNET_COST_MODELS[1],
      PlutusV3: DEVNET_COST_MODELS[2],
    });
    assert.deepEqual(Object.values(body.cost_models?.["PlutusV3"] as object), DEVNET_COST_MODELS[2]);
    assert.deepEqual((await expect("/epochs/0/parameters", "/epochs/{number}/parameters", 200)).body, body);
    await expect("/epochs/1/parameters", "/epochs/{number}/parameters", 404);
    await expect("/epochs/latest", "/epochs/latest", 200);
  });

  it("serves blocks, one per slot, holding the transactions accepted at it", async () => {
    const tx = (await expect(`/txs/${payment}`, "/txs/{hash}", 200)).body;
    assert.equal(tx.block, blockHashOf(tx.slot as number));
    assert.equal(tx.block_height, tx.slot);
    assert.equal(tx.deposit, "0");
    const block = (await expect(`/blocks/${tx.block as string}`, "/blocks/{hash_or_number}", 200)).body;
    assert.equal(block.slot, tx.slot);
    assert.equal(block.height, tx.slot);
    assert.ok((block.tx_count as number) >= 1);
    assert.deepEqual(
      (await expect(`/blocks/${tx.slot as number}`, "/blocks/{hash_or_number}", 200)).body.hash,
      tx.block,
    );
    const txs = (await expect(`/blocks/${tx.slot as number}/txs`, "/blocks/{hash_or_number}/txs", 200))
      .body as string[];
    assert.equal(txs[tx.index as number], payment);
    const latest = (await expect("/blocks/latest", "/blocks/latest", 200)).body;
    assert.equal(latest.confirmations, 0);
    assert.ok((latest.slot as number) >= (tx.slot as number));
    await expect(`/blocks/${"ab".repeat(32)}`, "/blocks/{hash_or_number}", 404);
  });

  it("reads UTxOs by address and pages them as Blockfrost does; an address never seen is 404", async () => {
    const utxos = (await expect(`/addresses/${bob.address}/utxos`, "/addresses/{address}/utxos", 200)).body as Array<
      Record<string, unknown>
    >;
    assert.deepEqual(
      utxos.map((u) => [u["tx_hash"], u["output_index"], u["amount"]]),
      [[payment, 0, [{ unit: "lovelace", quantity: "5000000" }]]],
    );
    const aliceAll = (
      await expect(`/addresses/${alice.address}/utxos?count=100&page=1`, "/addresses/{address}/utxos", 200)
    ).body as unknown[];
    assert.equal(aliceAll.length, 1);
    assert.deepEqual(
      (await expect(`/addresses/${alice.address}/utxos?page=2`, "/addresses/{address}/utxos", 200)).body,
      [],
    );
    const nobody = await newEnterpriseWallet();
    assertBlockfrostError(
      await expect(`/addresses/${nobody.address}/utxos`, "/addresses/{address}/utxos", 404),
      404,
      /not been found/,
    );
    assertBlockfrostError(
      await call(service, `/addresses/${alice.address}/utxos?count=101`),
      400,
      /count must be a whole number from 1 to 100/,
    );
    assertBlockfrostError(
      await call(service, `/addresses/${alice.address}/utxos?order=sideways`),
      400,
      /order must be asc or desc/,
    );
    assertBlockfrostError(await call(service, "/addresses/addr_test1nonsense/utxos"), 400, /Invalid address/);
    // By payment credential (CIP-5 addr_vkh…), as Lucid Evolution and the Evolution SDK ask for a credential's UTxOs.
    const vkh = bech32.encode(
      "addr_vkh",
      bech32.toWords(Buffer.from(addressInfo(bob.address, "address").payment?.hash ?? "", "hex")),
      1000,
    );
    const byCredential = (await expect(`/addresses/${vkh}/utxos`, "/addresses/{address}/utxos", 200)).body as Array<{
      tx_hash: string;
    }>;
    assert.deepEqual(
      byCredential.map((u) => u.tx_hash),
      [payment],
    );
    const summary = (await expect(`/addresses/${bob.address}`, "/addresses/{address}", 200)).body;
    assert.deepEqual(summary.amount, [{ unit: "lovelace", quantity: "5000000" }]);
    const history = (
      await expect(`/addresses/${alice.address}/transactions?order=desc`, "/addresses/{address}/transactions", 200)
    ).body as Array<{ tx_hash: string }>;
    assert.deepEqual(
      history.map((t) => t.tx_hash),
      [payment, funding],
    );
    const one = (await call(service, `/addresses/${alice.address}/transactions?count=1&page=2`)).body as Array<{
      tx_hash: string;
    }>;
    assert.deepEqual(
      one.map((t) => t.tx_hash),
      [payment],
    );
  });

  it("serves a transaction's UTxOs (spent outputs name their spender), CBOR and metadata", async () => {
    const utxos = (await expect(`/txs/${funding}/utxos`, "/txs/{hash}/utxos", 200)).body;
    assert.equal(utxos.outputs[0]?.consumed_by_tx, payment);
    const paid = (await expect(`/txs/${payment}/utxos`, "/txs/{hash}/utxos", 200)).body;
    assert.deepEqual(
      paid.inputs.map((i: { tx_hash: string; address: string }) => [i.tx_hash, i.address]),
      [[funding, alice.address]],
    );
    const { body } = await expect(`/txs/${payment}/cbor`, "/txs/{hash}/cbor", 200);
    assert.equal((await service.app.chain.transaction?.(payment)) ?? null, body.cbor);
    const metadata = (await expect(`/txs/${payment}/metadata`, "/txs/{hash}/metadata", 200)).body;
    assert.deepEqual(metadata, [{ label: "674", json_metadata: { msg: ["bfapi"] } }]);
    await expect(`/txs/${payment}/metadata/cbor`, "/txs/{hash}/metadata/cbor", 200);
    assertBlockfrostError(await expect(`/txs/${"0".repeat(64)}`, "/txs/{hash}", 404), 404, /not been found/);
    assertBlockfrostError(await call(service, "/txs/xyz"), 400, /transaction hash/);
  });

  it("evaluates a transaction both ways, with an additional UTxO in either spelling, and submits it", async () => {
    const script = { code: ALWAYS_SUCCEEDS_V3, version: "V3" as const };
    // Mesh types the address `any`: it is the script's bech32 address.
    const scriptAddress = serializePlutusScript(script, undefined, 0).address as string;
    const funds = await service.app.chain.utxosAt(alice.address);
    const lock = await alice.sign(
      await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, funds, bob.address, 1_000_000n, (b) =>
        b.txOut(scriptAddress, [{ unit: "lovelace", quantity: "10000000" }]).txOutInlineDatumValue(mConStr0([])),
      ),
    );
    const lockHash = resolveTxHash(lock);
    const [collateral] = funds;
    assert.ok(collateral);
    // The lock is not on the ledger yet: the unlock is evaluated with its output given.
    const lockedAmount = [{ unit: "lovelace", quantity: "10000000" }];
    const unlockWith = (collateral: UTxO) =>
      new MeshTxBuilder({ params: DEVNET_PROTOCOL_PARAMETERS })
        .spendingPlutusScriptV3()
        .txIn(lockHash, 0, lockedAmount, scriptAddress, 0)
        .txInInlineDatumPresent()
        .txInRedeemerValue(mConStr0([]))
        .txInScript(ALWAYS_SUCCEEDS_V3)
        .txInCollateral(
          collateral.input.txHash,
          collateral.input.outputIndex,
          collateral.output.amount,
          collateral.output.address,
        )
        .txOut(bob.address, [{ unit: "lovelace", quantity: "8000000" }])
        .changeAddress(alice.address)
        .complete();
    const unlock = await unlockWith(collateral);
    const datum = "d87980";
    const pair = [
      { txId: lockHash, index: 0 },
      { address: scriptAddress, value: { coins: 10_000_000 }, datum },
    ];
    for (const spelling of ["additionalUtxoSet", "additionalUtxoset"]) {
      const { body } = await call(service, "/utils/txs/evaluate/utxos", json({ cbor: unlock, [spelling]: [pair] }));
      const evaluation = v5Result(body)?.["EvaluationResult"];
      assert.ok(isRecord(evaluation), JSON.stringify(body));
      assert.deepEqual(Object.keys(evaluation), ["spend:0"], JSON.stringify(body));
      const spend = evaluation["spend:0"];
      assert.ok(isRecord(spend) && typeof spend["memory"] === "number" && spend["memory"] > 0);
    }
    const v6 = await call(
      service,
      "/utils/txs/evaluate/utxos?version=6",
      json({ cbor: unlock, additionalUtxoSet: [pair] }),
    );
    ogmiosSchemas().check("EvaluateTransactionResponse", v6.body, "evaluate/utxos?version=6");
    assert.equal((v6.body as EvaluateTransactionSuccess).result[0]?.validator.purpose, "spend");
    // Without the lock's output, the evaluation fails: Blockfrost's 200 carrying the failure.
    const failed = await call(service, "/utils/txs/evaluate", cbor(unlock));
    assert.equal(failed.status, 200);
    assert.ok("EvaluationFailure" in (v5Result(failed.body) ?? {}), JSON.stringify(failed.body));
    assertBlockfrostError(
      await call(
        service,
        "/utils/txs/evaluate/utxos",
        json({ cbor: unlock, additionalUtxoSet: [[{ txId: "zz", index: 0 }, {}]] }),
      ),
      400,
      /additionalUtxoSet\[0\]\[0\]\.txId/,
    );
    assertBlockfrostError(
      await call(service, "/utils/txs/evaluate/utxos", json({ additionalUtxoSet: [] })),
      400,
      /body\.cbor is required/,
    );
    const badAddress = [
      { txId: lockHash, index: 0 },
      { address: "x", value: { coins: 1 } },
    ];
    assertBlockfrostError(
      await call(service, "/utils/txs/evaluate/utxos", json({ cbor: unlock, additionalUtxoSet: [badAddress] })),
      400,
      /additionalUtxoSet\[0\]\[1\]\.address is not an address/,
    );

    // Submitted, the lock and the unlock are the ledger's; the unlock's redeemer names the script.
    assert.equal((await call(service, "/tx/submit", cbor(Buffer.from(lock, "hex")))).body, lockHash);
    const evaluated = await call(service, "/utils/txs/evaluate", cbor(unlock));
    assert.ok("EvaluationResult" in (v5Result(evaluated.body) ?? {}), JSON.stringify(evaluated.body));
    const refused = await expect("/tx/submit", "/tx/submit", 400, cbor(Buffer.from(unlock, "hex")));
    assert.match((refused.body as BlockfrostError).message, /[Mm]issing|witness|signature/);
    // Its collateral was spent by the lock: the unlock submitted takes alice's change as collateral.
    const [change] = await service.app.chain.utxosAt(alice.address);
    assert.ok(change);
    const accepted = await call(
      service,
      "/tx/submit",
      cbor(Buffer.from(await alice.sign(await unlockWith(change)), "hex")),
    );
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const unlockHash = accepted.body as string;
    const redeemers = (await expect(`/txs/${unlockHash}/redeemers`, "/txs/{hash}/redeemers", 200)).body;
    assert.deepEqual(
      redeemers.map((r: { purpose: string; script_hash: string }) => [r.purpose, r.script_hash]),
      [["spend", resolveScriptHash(ALWAYS_SUCCEEDS_V3, "V3")]],
    );
    const scriptInfo = (
      await expect(`/scripts/${resolveScriptHash(ALWAYS_SUCCEEDS_V3, "V3")}`, "/scripts/{script_hash}", 200)
    ).body;
    assert.equal(scriptInfo.type, "plutusV3");
    assert.deepEqual(
      (await expect(`/scripts/datum/${blake2b256(fromHex(datum))}/cbor`, "/scripts/datum/{datum_hash}/cbor", 200)).body,
      { cbor: datum },
    );
  });

  it("refuses hostile CBOR and oversized UTxO sets before any decoder reads them", async () => {
    const deep = "81".repeat(5_000) + "00";
    const utxosBefore = (await call(service, `/addresses/${alice.address}/utxos`)).body as unknown[];
    assertBlockfrostError(
      await call(service, "/tx/submit", cbor(Buffer.from(deep, "hex"))),
      400,
      /^body nests deeper than 128 levels/,
    );
    assertBlockfrostError(
      await call(service, "/utils/txs/evaluate", cbor(deep)),
      400,
      /^body nests deeper than 128 levels/,
    );
    assertBlockfrostError(
      await call(service, "/utils/txs/evaluate/utxos", json({ cbor: deep, additionalUtxoSet: [] })),
      400,
      /^body\.cbor nests deeper than 128 levels/,
    );
    const pair = (i: number, datum?: string) => [
      { txId: "ab".repeat(32), index: i },
      { address: alice.address, value: { coins: 2_000_000 }, ...(datum ? { datum } : {}) },
    ];
    const tooMany = Array.from({ length: 2001 }, (_, i) => pair(i));
    assertBlockfrostError(
      await call(service, "/utils/txs/evaluate/utxos", json({ cbor: "a0", additionalUtxoSet: tooMany })),
      400,
      /additionalUtxoSet holds 2001 outputs; at most 2000/,
    );
    assertBlockfrostError(
      await call(service, "/utils/txs/evaluate/utxos", json({ cbor: "a0", additionalUtxoset: [pair(0, deep)] })),
      400,
      /additionalUtxoset\[0\]\[1\]\.datum nests deeper than 128 levels/,
    );
    // Nothing reached the ledger.
    assert.deepEqual((await call(service, `/addresses/${alice.address}/utxos`)).body, utxosBefore);
  });

  it("serves every endpoint its OpenAPI tag lists, each one of Blockfrost's", async () => {
    for (const endpoint of BLOCKFROST_ENDPOINTS) {
      const [method = "", path = ""] = endpoint.split(" ");
      assert.ok(isBlockfrostEndpoint(path), `${path} is in Blockfrost's specification`);
      const url =
        PREFIX +
        path
          .replace(/\{([^}]+)\}/g, ":$1")
          .replace(":hash_or_number", ":hashOrNumber")
          .replace(":script_hash", ":hash")
          .replace(":datum_hash", ":hash")
          .replace(":policy_id", ":policy")
          .replace(":stake_address", ":stakeAddress");
      assert.ok(service.app.hasRoute({ method: method as "GET", url }), `${endpoint} is registered as ${url}`);
    }
    const document = service.app.swagger() as { tags?: Array<{ name: string; description: string }> };
    const tag = document.tags?.find((t) => t.name === "Blockfrost-compatible (devnet)");
    assert.ok(tag?.description.includes("POST /utils/txs/evaluate/utxos"));
  });

  it("answers a Blockfrost endpoint it does not serve with 501 naming it, any other path with 404; double slashes are Blockfrost's single ones", async () => {
    assertBlockfrostError(
      await call(service, "/pools"),
      501,
      /GET \/blockfrost\/api\/v0\/pools is a Blockfrost endpoint that the devnet's Blockfrost-compatible API does not implement/,
    );
    assertBlockfrostError(await call(service, "/governance/proposals/ab/1"), 501, /governance\/proposals/);
    assertBlockfrostError(await call(service, "/nothing/here"), 404, /not a Blockfrost endpoint/);
    const doubled = await fetch(`${service.url}${PREFIX}//epochs/latest/parameters`);
    assert.equal(doubled.status, 200);
  });
});

describe("the Blockfrost-compatible API and API keys", () => {
  let service: RunningService;
  let key: string;
  before(async () => {
    service = await startService({ NETWORK: "devnet", AUTH: "required" });
    key = (await service.app.keyStore.create({ name: "sdk", env: "testnet", limits: { perDay: 1000, burst: 1000 } }))
      .key;
  });
  after(async () => {
    await service?.close();
  });

  it("takes the key in project_id (or X-Api-Key) and counts it against the key's quota", async () => {
    const withProjectId = await call(service, "/epochs/latest/parameters", { headers: { project_id: key } });
    assert.equal(withProjectId.status, 200);
    assert.equal(withProjectId.headers.get("ratelimit-remaining"), "999");
    const withHeader = await call(service, "/blocks/latest", { headers: { "x-api-key": key } });
    assert.equal(withHeader.status, 200);
    assert.equal(withHeader.headers.get("ratelimit-remaining"), "998");
  });

  it("refuses a missing or dummy project id with Blockfrost's 401 body", async () => {
    assertBlockfrostError(await call(service, "/blocks/latest"), 401, /API key is required/);
    assertBlockfrostError(
      await call(service, "/blocks/latest", { headers: { project_id: "devnet" } }),
      401,
      /malformed/,
    );
  });
});

describe("the Blockfrost-compatible API off the devnet", () => {
  it("answers 404 on a real network, saying it exists only on the devnet", async () => {
    const service = await startService({ NETWORK: "preprod", AUTH: "optional" });
    try {
      assertBlockfrostError(
        await call(service, "/epochs/latest/parameters"),
        404,
        /exists only on the devnet; this instance serves preprod/,
      );
    } finally {
      await service.close();
    }
  });

  it("accepts any project id on a devnet that needs no key", async () => {
    const service = await startService({ NETWORK: "devnet" });
    try {
      assert.equal((await call(service, "/epochs/latest", { headers: { project_id: "previewAnyThing" } })).status, 200);
    } finally {
      await service.close();
    }
  });
});
