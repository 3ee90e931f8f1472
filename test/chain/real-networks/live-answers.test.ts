// The live fakes' answers follow the same official schemas as the recorded fixtures
// (recorded-answers.test.ts): after real transactions on the live ledger (a faucet payment, a
// payment spending it, refused submissions), every endpoint the adapters use is asked directly,
// over HTTP and a raw WebSocket, and its answer is validated against Blockfrost's, Ogmios's or
// Kupo's published schema. Then the accounts (stake state) the stakeAccount adapters read.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import WebSocket from "ws";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../../src/chain/protocol-params.js";
import { FakeBlockfrost } from "../../support/fakes/blockfrost.js";
import { FakeOgmiosKupo, wsText } from "../../support/fakes/ogmios-kupo.js";
import { LiveLedger } from "../../support/fakes/live-ledger.js";
import { AssetFlows } from "../../support/port-suite.js";
import { sumCheckValidator, type PlutusFixture } from "../../support/plutus-fixture.js";
import {
  buildPayment,
  newEnterpriseWallet,
  newStakeWallet,
  type StakeWallet,
  type TestWallet,
} from "../../support/wallets.js";
import {
  delegateWithCsl,
  registerDRep,
  registerPool,
  type CertificateChain,
  type RegisteredPool,
} from "../../support/stake-pools.js";
import { encodeUtxo } from "../../../src/cardano/utxo.js";
import { blockfrostSchemas, kupoSchemas, ogmiosSchemas } from "../../support/fakes/wire-schemas.js";

let ledger: LiveLedger;
let blockfrost: FakeBlockfrost;
let ogmiosKupo: FakeOgmiosKupo;
let alice: TestWallet;
let bob: TestWallet;
let funding: string;
let payment: string;
let unsigned: string;
let script: PlutusFixture;

before(async () => {
  ledger = await LiveLedger.create();
  blockfrost = await FakeBlockfrost.start({ ledger });
  ogmiosKupo = await FakeOgmiosKupo.start({ ledger, network: "preprod" });
  [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
  funding = await ledger.fund(alice.address, 50_000_000n);
  const utxos = await ledger.devnet.utxosAt(alice.address);
  payment = await ledger.submit(
    await alice.sign(await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, utxos, bob.address, 5_000_000n)),
  );
  // An output with an inline datum at a script address, and one carrying the script for reference.
  script = await sumCheckValidator();
  const deploy = await buildPayment(
    DEVNET_PROTOCOL_PARAMETERS,
    alice.address,
    await spendable(),
    bob.address,
    1_000_000n,
    (b) =>
      b
        .txOut(script.address, [{ unit: "lovelace", quantity: "5000000" }])
        .txOutInlineDatumValue(7)
        .txOut(alice.address, [{ unit: "lovelace", quantity: "20000000" }])
        .txOutReferenceScript(script.code, "V2"),
  );
  await ledger.submit(await alice.sign(deploy));
  unsigned = await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, await spendable(), bob.address, 2_000_000n);
});
after(async () => {
  await blockfrost.close();
  await ogmiosKupo.close();
  await ledger.close();
});

/** Alice's UTxOs without the reference script (spending it would cost its size in fees, which Mesh does not count). */
const spendable = async () =>
  (await ledger.devnet.utxosAt(alice.address)).filter((u) => u.output.scriptRef === undefined);

async function get(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${blockfrost.apiUrl}${path}`, {
    ...init,
    headers: { project_id: "preprodSchemaCheck", ...(init.headers as Record<string, string>) },
  });
  return { status: response.status, body: JSON.parse(await response.text()) as unknown };
}

/** One JSON-RPC call on a fresh socket to the fake Ogmios. */
async function call(method: string, params?: unknown): Promise<unknown> {
  const socket = new WebSocket(ogmiosKupo.ogmiosUrl);
  try {
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const answer = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${method}`)), 5_000);
      socket.once("message", (data: WebSocket.Data) => {
        clearTimeout(timer);
        resolve(wsText(data));
      });
    });
    socket.send(
      JSON.stringify({ jsonrpc: "2.0", method, ...(params === undefined ? {} : { params }), id: `check-${method}` }),
    );
    const parsed = JSON.parse(await answer) as { id?: unknown };
    assert.equal(parsed.id, `check-${method}`);
    return parsed;
  } finally {
    socket.close();
  }
}

describe("live fake answers follow the official schemas", () => {
  it("Blockfrost: every endpoint the adapter reads, and submit's success and refusal", async () => {
    const schemas = blockfrostSchemas();
    const expect = async (path: string, endpoint: string, status: number, init?: RequestInit) => {
      const answer = await get(path, init);
      assert.equal(answer.status, status, `${path}: ${JSON.stringify(answer.body)}`);
      schemas.check(endpoint, String(status), answer.body, `live ${path}`);
      return answer.body;
    };
    await expect("/blocks/latest", "/blocks/latest", 200);
    await expect("/epochs/latest", "/epochs/latest", 200);
    await expect("/epochs/latest/parameters", "/epochs/latest/parameters", 200);
    const utxos = (await expect(
      `/addresses/${alice.address}/utxos?count=100&page=1`,
      "/addresses/{address}/utxos",
      200,
    )) as unknown[];
    assert.ok(utxos.length > 0);
    const atScript = (await expect(`/addresses/${script.address}/utxos`, "/addresses/{address}/utxos", 200)) as {
      inline_datum: string | null;
    }[];
    assert.ok(atScript.length > 0 && atScript.every((u) => u.inline_datum === "07"), "the inline datum 7");
    await expect(`/scripts/${script.hash}`, "/scripts/{script_hash}", 200);
    await expect(`/scripts/${script.hash}/cbor`, "/scripts/{script_hash}/cbor", 200);
    assert.ok(utxos.some((u) => (u as { reference_script_hash: string | null }).reference_script_hash === script.hash));
    const nobody = await newEnterpriseWallet();
    await expect(`/addresses/${nobody.address}/utxos`, "/addresses/{address}/utxos", 404);
    const spent = (await expect(`/txs/${funding}/utxos`, "/txs/{hash}/utxos", 200)) as {
      outputs: { consumed_by_tx: string | null }[];
    };
    assert.ok(
      spent.outputs.some((o) => o.consumed_by_tx === payment),
      "the funding output shows the payment that spent it",
    );
    await expect(`/txs/${payment}/utxos`, "/txs/{hash}/utxos", 200);
    await expect(`/txs/${payment}`, "/txs/{hash}", 200);
    await expect(`/txs/${"0".repeat(64)}`, "/txs/{hash}", 404);

    const cbor = { method: "POST", headers: { "content-type": "application/cbor" } };
    // Blockfrost's evaluation answer is Ogmios's own: the Ogmios schema applies.
    const evaluation = await expect("/utils/txs/evaluate?version=6", "/utils/txs/evaluate", 200, {
      ...cbor,
      body: unsigned,
    });
    ogmiosSchemas().check("EvaluateTransactionResponse", evaluation, "live Blockfrost evaluation");
    assert.deepEqual((evaluation as { result?: unknown }).result, [], "a payment has no scripts to run");
    const refused = (await expect("/tx/submit", "/tx/submit", 400, {
      ...cbor,
      body: Buffer.from(unsigned, "hex"),
    })) as { message: string };
    assert.match(refused.message, /[Mm]issing|witness|signature/);
    const accepted = await expect("/tx/submit", "/tx/submit", 200, {
      ...cbor,
      body: Buffer.from(await alice.sign(unsigned), "hex"),
    });
    assert.equal((await ledger.devnet.txStatus(accepted as string)).status, "confirmed");
  });

  it("Ogmios: every method the adapter calls, successes and failures", async () => {
    const schemas = ogmiosSchemas();
    const expect = async (method: string, response: string, params?: unknown) => {
      const answer = await call(method, params);
      schemas.check(response, answer, `live ${method}`);
      return answer as { result?: unknown; error?: { code: number; message: string } };
    };
    // The ledger's slot before the question: the answer is at least that (a bound that holds however slow the round trip).
    const ledgerSlot = (await ledger.tip()).slot;
    const tip = await expect("queryNetwork/tip", "QueryNetworkTipResponse");
    assert.ok(
      (tip.result as { slot: number }).slot >= ledgerSlot,
      `tip ${(tip.result as { slot: number }).slot} is not before the ledger's ${ledgerSlot}`,
    );
    await expect("queryNetwork/startTime", "QueryNetworkStartTimeResponse");
    await expect("queryLedgerState/eraSummaries", "QueryLedgerStateEraSummariesResponse");
    await expect("queryLedgerState/epoch", "QueryLedgerStateEpochResponse");
    await expect("queryLedgerState/protocolParameters", "QueryLedgerStateProtocolParametersResponse");
    const refs = (await ledger.devnet.utxosAt(alice.address)).map((u) => ({
      transaction: { id: u.input.txHash },
      index: u.input.outputIndex,
    }));
    const utxo = await expect("queryLedgerState/utxo", "QueryLedgerStateUtxoResponse", { outputReferences: refs });
    assert.equal((utxo.result as unknown[]).length, refs.length);

    const fresh = await buildPayment(
      DEVNET_PROTOCOL_PARAMETERS,
      alice.address,
      await spendable(),
      bob.address,
      1_000_000n,
    );
    const evaluated = await expect("evaluateTransaction", "EvaluateTransactionResponse", {
      transaction: { cbor: fresh },
    });
    assert.deepEqual(evaluated.result, []);
    const garbage = await expect("evaluateTransaction", "EvaluateTransactionResponse", { transaction: { cbor: "00" } });
    assert.equal(garbage.error?.code, 3004);

    const refused = await expect("submitTransaction", "SubmitTransactionResponse", { transaction: { cbor: fresh } });
    assert.equal(refused.error?.code, 3101);
    assert.deepEqual((refused.error as { data?: unknown } | undefined)?.data, { missingSignatories: [alice.keyHash] });
    const undecodable = await expect("submitTransaction", "SubmitTransactionResponse", { transaction: { cbor: "00" } });
    assert.equal(undecodable.error?.code, -32602);
    const next = await buildPayment(
      DEVNET_PROTOCOL_PARAMETERS,
      alice.address,
      await spendable(),
      bob.address,
      1_500_000n,
    );
    const submitted = await expect("submitTransaction", "SubmitTransactionResponse", {
      transaction: { cbor: await alice.sign(next) },
    });
    assert.match((submitted.result as { transaction: { id: string } }).transaction.id, /^[0-9a-f]{64}$/);
    // `fresh` spends what `next` just spent: the ledger's reason travels as text (3997).
    const doubleSpend = await expect("submitTransaction", "SubmitTransactionResponse", {
      transaction: { cbor: await alice.sign(fresh) },
    });
    assert.equal(doubleSpend.error?.code, 3997);
    assert.match(doubleSpend.error?.message ?? "", /[Ii]nput/);
  });

  it("Kupo: unspent matches of an address, and every output of a transaction, spent ones included", async () => {
    const schemas = kupoSchemas();
    // The schema is the string-quantity form the adapter asks for; the plain form is checked by hand.
    const matches = async (path: string, accept = "application/json;asset-quantity=string") => {
      const response = await fetch(`${ogmiosKupo.kupoUrl}${path}`, { headers: { accept } });
      assert.equal(response.status, 200);
      const body = JSON.parse(await response.text()) as Record<string, unknown>[];
      if (accept.includes("asset-quantity=string"))
        for (const [i, m] of body.entries()) schemas.check(m, `live Kupo ${path} [${i}]`);
      return body;
    };
    const unspent = await matches(`/matches/${alice.address}?unspent&resolve_hashes`);
    assert.ok(unspent.length > 0 && unspent.every((m) => m["spent_at"] === null && "datum" in m && "script" in m));
    assert.ok(
      unspent.some(
        (m) =>
          m["script_hash"] === script.hash && (m["script"] as { language?: string } | null)?.language === "plutus:v2",
      ),
    );
    const locked = await matches(`/matches/${script.address}?unspent&resolve_hashes`);
    assert.ok(locked.length > 0 && locked.every((m) => m["datum_type"] === "inline" && typeof m["datum"] === "string"));
    const ofFunding = await matches(`/matches/*@${funding}`);
    assert.ok(ofFunding.some((m) => (m["spent_at"] as { transaction_id?: string } | null)?.transaction_id === payment));
    const all = await matches(`/matches/${alice.address}`, "application/json");
    assert.ok(all.length > unspent.length, "without ?unspent, spent outputs are listed too");
    assert.ok(all.every((m) => typeof (m["value"] as { coins: unknown }).coins === "number"));
  });
});

describe("live fake answers to what lastOutputWith reads follow the official schemas", () => {
  let nft: { unit: string; name: string; txHash: string };
  let burn: { txHash: string };
  let held: { unit: string; txHash: string };
  before(async () => {
    // Another wallet than the tests above use: its transactions spend nothing of theirs.
    const carol = await newEnterpriseWallet();
    await ledger.fund(carol.address, 100_000_000n);
    const flows = await AssetFlows.create(ledger.devnet, carol, (signed) => ledger.submit(signed));
    nft = await flows.mint("schema-nft", flows.script.address, 5);
    burn = await flows.burnThroughScript((await ledger.devnet.lastOutputWith(nft.unit))!.utxo, 16, nft.name);
    held = await flows.mint("schema-held", carol.address);
  });

  it("Blockfrost: an asset's transactions, a transaction's redeemers, a redeemer's data", async () => {
    const schemas = blockfrostSchemas();
    const expect = async (path: string, endpoint: string, status: number) => {
      const answer = await get(path);
      assert.equal(answer.status, status, `${path}: ${JSON.stringify(answer.body)}`);
      schemas.check(endpoint, String(status), answer.body, `live ${path}`);
      return answer.body;
    };
    const listed = (await expect(
      `/assets/${nft.unit}/transactions?order=desc&count=1&page=1`,
      "/assets/{asset}/transactions",
      200,
    )) as { tx_hash: string }[];
    assert.deepEqual(
      listed.map((t) => t.tx_hash),
      [nft.txHash],
      "the mint (the burn has no output holding it)",
    );
    await expect(`/assets/${held.unit}/transactions`, "/assets/{asset}/transactions", 200);
    await expect(`/assets/${"ab".repeat(30)}/transactions`, "/assets/{asset}/transactions", 404);
    const redeemers = (await expect(`/txs/${burn.txHash}/redeemers`, "/txs/{hash}/redeemers", 200)) as {
      purpose: string;
      tx_index: number;
      redeemer_data_hash: string;
    }[];
    const spend = redeemers.find((r) => r.purpose === "spend");
    assert.equal(spend?.tx_index, 1);
    const data = (await expect(
      `/scripts/datum/${spend?.redeemer_data_hash}/cbor`,
      "/scripts/datum/{datum_hash}/cbor",
      200,
    )) as { cbor: string };
    assert.equal(data.cbor, "10", "the redeemer 16");
    await expect(`/scripts/datum/${"00".repeat(32)}/cbor`, "/scripts/datum/{datum_hash}/cbor", 404);
  });

  it("Kupo: an asset's matches, spent ones with Kupo's SpentAt, and checkpoints", async () => {
    const schemas = kupoSchemas();
    const kupo = async (path: string) => {
      const response = await fetch(`${ogmiosKupo.kupoUrl}${path}`, {
        headers: { accept: "application/json;asset-quantity=string" },
      });
      assert.equal(response.status, 200);
      return JSON.parse(await response.text()) as unknown;
    };
    const policy = nft.unit.slice(0, 56);
    const matches = (await kupo(`/matches/${policy}.${nft.name}?resolve_hashes`)) as Record<string, unknown>[];
    for (const [i, m] of matches.entries()) schemas.check(m, `live Kupo asset match [${i}]`);
    assert.equal(matches.length, 1);
    const spentAt = matches[0]?.["spent_at"] as {
      transaction_id: string;
      input_index: number;
      redeemer: string | null;
    };
    assert.equal(spentAt.transaction_id, burn.txHash);
    assert.deepEqual(
      [spentAt.input_index, spentAt.redeemer],
      [0, null],
      "as Kupo numbers inputs: the mirror of position 1 of 2, and that input's (no) redeemer",
    );
    const wholePolicy = (await kupo(`/matches/${policy}.*?resolve_hashes`)) as Record<string, unknown>[];
    assert.equal(wholePolicy.length, 2, "both tokens of the policy");
    assert.equal(((await kupo(`/matches/${policy}.${nft.name}?unspent`)) as unknown[]).length, 0);
    // What the burn's block spent, of any address (the consumedBy read): the burnt output among them.
    const burnSlot = ledger.record(burn.txHash)!.slot;
    const spentThere = (await kupo(
      `/matches/*?spent&spent_after=${burnSlot}&spent_before=${burnSlot}&resolve_hashes`,
    )) as Record<string, unknown>[];
    for (const [i, m] of spentThere.entries()) schemas.check(m, `live Kupo spent match [${i}]`);
    assert.ok(spentThere.every((m) => (m["spent_at"] as { slot_no: number }).slot_no === burnSlot));
    assert.deepEqual(
      spentThere.filter(
        (m) =>
          m["transaction_id"] === matches[0]?.["transaction_id"] && m["output_index"] === matches[0]?.["output_index"],
      ),
      [matches[0]],
      "the burnt output, as the asset's matches give it",
    );
    const point = await kupo(`/checkpoints/${(await ledger.tip()).slot - 5}`);
    schemas.check(point, "live Kupo checkpoint", "Point");
  });

  it("Ogmios: findIntersection and nextBlock, the spending block with its redeemers", async () => {
    const schemas = ogmiosSchemas();
    const burnSlot = ledger.record(burn.txHash)!.slot;
    const socket = new WebSocket(ogmiosKupo.ogmiosUrl);
    try {
      await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
      const messages: string[] = [];
      socket.on("message", (data: WebSocket.Data) => messages.push(wsText(data)));
      const ask = async (method: string, params?: unknown) => {
        const count = messages.length;
        socket.send(
          JSON.stringify({ jsonrpc: "2.0", method, ...(params === undefined ? {} : { params }), id: method }),
        );
        for (let i = 0; i < 100 && messages.length === count; i++) await new Promise((r) => setTimeout(r, 50));
        return JSON.parse(messages[count] ?? "null") as { result?: Record<string, unknown>; error?: { code: number } };
      };
      const missed = await ask("findIntersection", { points: [{ slot: burnSlot - 1, id: "00".repeat(32) }] });
      schemas.check("FindIntersectionResponse", missed, "live findIntersection (not found)");
      assert.equal(missed.error?.code, 1000);
      const { blockHashOf } = await import("../../support/fakes/live-ledger.js");
      const found = await ask("findIntersection", { points: [{ slot: burnSlot - 1, id: blockHashOf(burnSlot - 1) }] });
      schemas.check("FindIntersectionResponse", found, "live findIntersection");
      const back = await ask("nextBlock");
      schemas.check("NextBlockResponse", back, "live nextBlock (backward)");
      assert.equal(back.result?.["direction"], "backward");
      const forward = await ask("nextBlock");
      schemas.check("NextBlockResponse", forward, "live nextBlock (forward)");
      const block = forward.result?.["block"] as {
        slot: number;
        transactions: {
          id: string;
          redeemers?: { validator: { purpose: string; index: number }; redeemer: string }[];
        }[];
      };
      assert.equal(block.slot, burnSlot);
      const tx = block.transactions.find((t) => t.id === burn.txHash);
      assert.deepEqual(
        tx?.redeemers?.filter((r) => r.validator.purpose === "spend").map((r) => [r.validator.index, r.redeemer]),
        [[1, "10"]],
      );
    } finally {
      socket.close();
    }
  });
});

describe("live fake answers to what stakeAccount reads follow the official schemas", () => {
  let dave: StakeWallet;
  let erin: StakeWallet;
  let pool: RegisteredPool;
  let drep: { id: string; keyHash: string };

  before(async () => {
    // Certificates CSL built, through the ledger's own submit (so that its history has them).
    const chain: CertificateChain = {
      utxoStrings: async (a) => (await ledger.devnet.utxosAt(a)).map(encodeUtxo),
      submit: (signed) => ledger.submit(signed),
    };
    [dave, erin] = [newStakeWallet(), newStakeWallet()];
    await ledger.fund(dave.address, 1_200_000_000n);
    await ledger.fund(erin.address, 20_000_000n);
    pool = await registerPool(chain, dave);
    drep = await registerDRep(chain, dave);
    await delegateWithCsl(chain, dave, DEVNET_PROTOCOL_PARAMETERS.keyDeposit, {
      pool: pool.keyHash,
      drep: CSL.DRep.new_key_hash(CSL.Ed25519KeyHash.from_hex(drep.keyHash)),
    });
    await delegateWithCsl(chain, erin, DEVNET_PROTOCOL_PARAMETERS.keyDeposit, { drep: CSL.DRep.new_always_abstain() });
  });

  it("Blockfrost: /accounts/{stake_address} of accounts delegated to a pool and a DRep, to always-abstain alone, and never registered", async () => {
    const schemas = blockfrostSchemas();
    const account = async (address: string, status: number) => {
      const answer = await get(`/accounts/${address}`);
      assert.equal(answer.status, status, JSON.stringify(answer.body));
      schemas.check("/accounts/{stake_address}", String(status), answer.body, `live /accounts/${address}`);
      return answer.body as {
        registered: boolean;
        active: boolean;
        pool_id: string | null;
        drep_id: string | null;
        controlled_amount: string;
      };
    };
    const delegated = await account(dave.rewardAddress, 200);
    assert.deepEqual(
      [delegated.registered, delegated.active, delegated.pool_id, delegated.drep_id],
      [true, true, pool.id, drep.id],
    );
    assert.ok(BigInt(delegated.controlled_amount) > 0n, "the account's UTxOs count");
    const abstaining = await account(erin.rewardAddress, 200);
    assert.deepEqual(
      [abstaining.registered, abstaining.active, abstaining.pool_id, abstaining.drep_id],
      [true, false, null, "drep_always_abstain"],
    );
    await account(newStakeWallet().rewardAddress, 404);
  });

  it("Ogmios: queryLedgerState/rewardAccountSummaries lists the registered accounts asked for", async () => {
    const answer = await call("queryLedgerState/rewardAccountSummaries", {
      keys: [dave.stakeKeyHash, erin.stakeKeyHash, newStakeWallet().stakeKeyHash],
    });
    ogmiosSchemas().check("QueryLedgerStateRewardAccountSummariesResponse", answer, "live rewardAccountSummaries");
    const summaries = (
      answer as { result: { credential: string; stakePool?: { id: string }; delegateRepresentative?: unknown }[] }
    ).result;
    assert.deepEqual(
      summaries.map((s) => [s.credential, s.stakePool?.id ?? null, s.delegateRepresentative]),
      [
        [dave.stakeKeyHash, pool.id, { type: "registered", from: "verificationKey", id: drep.keyHash }],
        [erin.stakeKeyHash, null, { type: "abstain" }],
      ],
    );
  });
});

describe("live fake answers to what the event followers read follow the official schemas", () => {
  it("Blockfrost: a block by hash and by height, the blocks after it, its transactions and their CBOR, an address's transactions by height", async () => {
    const schemas = blockfrostSchemas();
    const expect = async (path: string, endpoint: string, status = 200) => {
      const answer = await get(path);
      assert.equal(answer.status, status, `${path}: ${JSON.stringify(answer.body)}`);
      schemas.check(endpoint, String(status), answer.body, `live ${path}`);
      return answer.body;
    };
    const paid = ledger.record(payment)!;
    const hash = ledger.blockHash(paid.slot);
    const block = (await expect(`/blocks/${hash}`, "/blocks/{hash_or_number}")) as Record<string, unknown>;
    assert.equal(block["height"], paid.slot);
    assert.equal(block["tx_count"], [...ledger.records()].filter((r) => r.slot === paid.slot).length);
    assert.deepEqual(await expect(`/blocks/${paid.slot}`, "/blocks/{hash_or_number}"), block);
    const next = (await expect(
      `/blocks/${ledger.blockHash(paid.slot - 1)}/next?count=3`,
      "/blocks/{hash_or_number}/next",
    )) as {
      hash: string;
      previous_block: string;
    }[];
    assert.equal(next[0]?.hash, hash);
    assert.equal(next[0]?.previous_block, ledger.blockHash(paid.slot - 1));
    const txs = (await expect(`/blocks/${hash}/txs?count=100&page=1`, "/blocks/{hash_or_number}/txs")) as string[];
    assert.ok(txs.includes(payment));
    const cbor = (await expect(`/blocks/${hash}/txs/cbor?count=100&page=1`, "/blocks/{hash_or_number}/txs/cbor")) as {
      tx_hash: string;
      cbor: string;
    }[];
    assert.equal(cbor.find((t) => t.tx_hash === payment)?.cbor, paid.cbor);
    const touching = (await expect(
      `/addresses/${alice.address}/transactions?from=${paid.slot}&to=${paid.slot}&count=100&page=1`,
      "/addresses/{address}/transactions",
    )) as { tx_hash: string; block_height: number }[];
    assert.ok(touching.some((t) => t.tx_hash === payment && t.block_height === paid.slot));
    await expect(`/blocks/${"ab".repeat(32)}`, "/blocks/{hash_or_number}", 404);
  });

  it("Kupo: an address's outputs spent in a range of slots, with the checkpoint header", async () => {
    const paid = ledger.record(payment)!;
    const response = await fetch(
      `${ogmiosKupo.kupoUrl}/matches/${alice.address}?spent&spent_after=${paid.slot}&spent_before=${paid.slot}&resolve_hashes`,
      { headers: { accept: "application/json;asset-quantity=string" } },
    );
    assert.equal(response.status, 200);
    assert.ok(Number(response.headers.get("x-most-recent-checkpoint")) >= paid.slot);
    const body = JSON.parse(await response.text()) as Record<string, unknown>[];
    for (const [i, m] of body.entries()) kupoSchemas().check(m, `live Kupo spent range [${i}]`);
    assert.ok(body.length > 0);
    assert.ok(body.every((m) => (m["spent_at"] as { slot_no: number }).slot_no === paid.slot));
  });

  it("Ogmios: after a fork, nextBlock rolls back to the common ancestor, then gives the new blocks", async () => {
    const schemas = ogmiosSchemas();
    const socket = new WebSocket(ogmiosKupo.ogmiosUrl);
    try {
      await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
      const messages: string[] = [];
      socket.on("message", (data: WebSocket.Data) => messages.push(wsText(data)));
      const ask = async (method: string, params?: unknown) => {
        const count = messages.length;
        socket.send(
          JSON.stringify({ jsonrpc: "2.0", method, ...(params === undefined ? {} : { params }), id: method }),
        );
        for (let i = 0; i < 100 && messages.length === count; i++) await new Promise((r) => setTimeout(r, 50));
        return JSON.parse(messages[count] ?? "null") as { result?: Record<string, unknown> };
      };
      const { slot } = await ledger.tip();
      await ask("findIntersection", { points: [{ slot: slot - 3, id: ledger.blockHash(slot - 3) }] });
      await ask("nextBlock");
      const before = await ask("nextBlock");
      schemas.check("NextBlockResponse", before, "live nextBlock (forward)");
      const fork = await ledger.fork(5);
      const back = await ask("nextBlock");
      schemas.check("NextBlockResponse", back, "live nextBlock (backward after a fork)");
      assert.deepEqual(back.result?.["point"], { slot: fork.ancestor, id: ledger.blockHash(fork.ancestor) });
      const forward = await ask("nextBlock");
      schemas.check("NextBlockResponse", forward, "live nextBlock (the fork's first block)");
      const block = forward.result?.["block"] as { slot: number; id: string; ancestor: string; height: number };
      assert.deepEqual(
        [block.slot, block.id, block.ancestor, block.height],
        [fork.ancestor + 1, ledger.blockHash(fork.ancestor + 1), ledger.blockHash(fork.ancestor), fork.ancestor + 1],
      );
    } finally {
      socket.close();
    }
  });
});
