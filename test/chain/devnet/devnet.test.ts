// The devnet through HTTP: faucet, UTxOs in CIP-30 form, the clock, transaction status, and
// submission of client-signed transactions (witnesses merged without touching the body,
// idempotent resubmission, the ledger's reasons for refusing). Plus, through the port, the
// ledger rules the emulator misses and the agreement of evaluation with the ledger.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { MeshTxBuilder } from "@meshsdk/core";
import { Address } from "@meshsdk/core-cst";
import { decodeUtxo } from "../../../src/cardano/utxo.js";
import {
  fromHex,
  joinTransaction,
  readSet,
  splitTransaction,
  toHex,
  txIdOfBody,
  vkeyOfWitness,
  witnessSetEntries,
} from "../../../src/cardano/tx-cbor.js";
import type { DevnetChain } from "../../../src/chain/devnet/devnet.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../../src/chain/protocol-params.js";
import { mergeSignatures } from "../../../src/tx/submit/submit.js";
import { lockAtScript, sumCheckValidator } from "../../support/plutus-fixture.js";
import { startService, type RunningService } from "../../support/service.js";
import { buildPayment, newEnterpriseWallet, type TestWallet } from "../../support/wallets.js";
import { lovelaceOf } from "../../support/utxos.js";

const params = DEVNET_PROTOCOL_PARAMETERS;
const randomHash = () => randomBytes(32).toString("hex");

describe("devnet over HTTP", () => {
  let service: RunningService;
  let alice: TestWallet;
  let bob: TestWallet;

  const utxosOf = async (address: string): Promise<UTxO[]> => {
    const response = await service.request<"getAddressUtxos">("GET", `/addresses/${address}/utxos`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return (response.body.utxos as string[]).map((hex, i) => decodeUtxo(hex, `utxos[${i}]`));
  };
  const submit = (transaction: string, signatures?: string[], path = "/transactions/submit") =>
    // POST /tournaments/submit-tx is the same route under another name: the same answers.
    service.request<"submitTransaction">("POST", path, signatures ? { transaction, signatures } : { transaction });
  /** A 422 from the ledger: `reason` is found in the translated message or in the ledger's own words (`detail`). */
  const expectRejected = (
    response: { status: number; body: { message?: string; detail?: string } },
    reason: RegExp,
  ) => {
    assert.equal(response.status, 422, JSON.stringify(response.body));
    assert.match(response.body.message!, /^The ledger rejected the transaction: /);
    assert.match(`${response.body.message}\n${response.body.detail ?? ""}`, reason);
  };

  before(async () => {
    service = await startService();
    [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
  });
  after(() => service.close());

  describe("faucet and UTxOs", () => {
    it("sends 10,000 ADA by default, in a confirmed transaction, as CIP-30 UTxO strings", async () => {
      const response = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", { address: alice.address });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.match(response.body.txHash, /^[0-9a-f]{64}$/);
      const utxos = await utxosOf(alice.address);
      assert.equal(utxos.length, 1);
      const [utxo] = utxos as [UTxO];
      assert.equal(utxo.input.txHash, response.body.txHash);
      assert.equal(utxo.output.address, alice.address);
      assert.equal(lovelaceOf(utxo), 10_000_000_000n);
      const status = await service.request<"getTransactionStatus">("GET", `/transactions/${response.body.txHash}`);
      assert.deepEqual(
        { ...status.body, confirmations: undefined },
        { txHash: response.body.txHash, status: "confirmed", confirmations: undefined },
      );
      assert.ok(status.body.confirmations! >= 1, "one slot or more since the devnet accepted it");
    });

    it("takes the amount as a decimal string with separators, and the address in hex", async () => {
      const hex = Address.fromBech32(bob.address).toBytes();
      assert.match(hex, /^60[0-9a-f]{56}$/);
      const response = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
        address: hex,
        lovelace: "5_000_000",
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual((await utxosOf(bob.address)).map(lovelaceOf), [5_000_000n]);
      const byHex = await service.request<"getAddressUtxos">("GET", `/addresses/${hex}/utxos`);
      assert.equal(byHex.body.utxos!.length, 1);
    });

    it("serializes concurrent faucet payments (they all spend the faucet's change in turn)", async () => {
      const wallets = await Promise.all(Array.from({ length: 6 }, () => newEnterpriseWallet()));
      const responses = await Promise.all(
        wallets.map((w) =>
          service.request<"fundDevnetAddress">("POST", "/devnet/faucet", { address: w.address, lovelace: 2_000_000 }),
        ),
      );
      assert.deepEqual(
        responses.map((r) => r.status),
        wallets.map(() => 200),
      );
      assert.equal(new Set(responses.map((r) => r.body.txHash)).size, wallets.length);
      for (const w of wallets) assert.deepEqual((await utxosOf(w.address)).map(lovelaceOf), [2_000_000n]);
    });

    it("refuses addresses that are not testnet payment addresses, and bad amounts, with 400 naming the field", async () => {
      const mainnet = await newEnterpriseWallet(1);
      const cases: Array<[unknown, RegExp]> = [
        [{ address: mainnet.address }, /body\.address is a mainnet address/],
        [{ address: "addr_test1notanaddress" }, /body\.address is not a Cardano address/],
        [{ address: "stake_test1uqfu74w3wh4gfzu8m6e7j987h4lq9r3t7ef5gaw497uu85qsqfy27" }, /body\.address is a reward/],
        [{ address: alice.address, lovelace: -1 }, /body\.lovelace/],
        [{ address: alice.address, lovelace: "1.5" }, /body\.lovelace/],
        [{ address: alice.address, lovelace: "99999999999999999999" }, /body\.lovelace/],
        [{ address: alice.address, extra: 1 }, /unknown field "extra"/],
      ];
      for (const [body, message] of cases) {
        const response = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", body);
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.match(response.body.message, message);
      }
      const utxos = await service.request<"getAddressUtxos">("GET", `/addresses/${mainnet.address}/utxos`);
      assert.equal(utxos.status, 400);
      assert.match(utxos.body.message, /params\.address is a mainnet address/);
    });

    it("lets the ledger refuse an output below the minimum (422, with its reason)", async () => {
      const response = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
        address: bob.address,
        lovelace: 100_000,
      });
      expectRejected(response, /too small/);
    });
  });

  describe("clock", () => {
    it("advances by whole seconds, one slot each, and health shows the same tip", async () => {
      const chain = service.app.chain as DevnetChain;
      const before = await chain.tip();
      const response = await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 3600 });
      assert.equal(response.status, 200);
      assert.ok(response.body.slot >= before.slot + 3600);
      assert.ok(response.body.slot <= before.slot + 3600 + 5);
      assert.equal(response.body.time, chain.systemStartMs + response.body.slot * 1000);
      const health = await service.request<"getHealth">("GET", "/health");
      assert.ok(health.body.tip!.slot >= response.body.slot);
    });

    it("refuses negative, fractional and missing seconds", async () => {
      for (const body of [{ seconds: -1 }, { seconds: 1.5 }, { seconds: "10" }, {}]) {
        const response = await service.request<"advanceDevnetClock">("POST", "/devnet/advance", body);
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.match(response.body.message, /body\.seconds/);
      }
    });
  });

  describe("transaction status", () => {
    it("is unknown for a transaction never seen, and 400 for something that is not a hash", async () => {
      const hash = randomHash();
      assert.deepEqual((await service.request<"getTransactionStatus">("GET", `/transactions/${hash}`)).body, {
        txHash: hash,
        status: "unknown",
      });
      const bad = await service.request<"getTransactionStatus">("GET", "/transactions/xyz");
      assert.equal(bad.status, 400);
      assert.match(bad.body.message, /params\.txHash/);
    });
  });

  describe("submit", () => {
    let carol: TestWallet;
    before(async () => {
      carol = await newEnterpriseWallet();
      assert.equal(
        (
          await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", {
            address: carol.address,
            lovelace: 50_000_000,
          })
        ).status,
        200,
      );
    });

    it("merges CIP-30 witness sets without changing the body, metadata or id, and submits", async () => {
      const unsigned = await buildPayment(
        params,
        carol.address,
        await utxosOf(carol.address),
        bob.address,
        3_000_000n,
        (b) => b.metadataValue(674, { msg: ["merged, not rebuilt"] }),
      );
      const witnessSet = await carol.witnessSet(unsigned);
      assert.match(witnessSet, /^a100(d90102)?81825820/);
      const original = splitTransaction(fromHex(unsigned));
      const merged = mergeSignatures(unsigned, [witnessSet]);
      const parts = splitTransaction(fromHex(merged.cbor));
      assert.equal(toHex(parts.body), toHex(original.body));
      assert.deepEqual(parts.rest.map(toHex), original.rest.map(toHex));
      assert.equal(merged.txHash, txIdOfBody(original.body));
      // The same witness twice is kept once; the client's own full signing gives the same bytes.
      assert.equal(mergeSignatures(unsigned, [witnessSet, witnessSet]).cbor, merged.cbor);
      assert.equal(mergeSignatures(merged.cbor, [witnessSet]).cbor, merged.cbor);

      const response = await submit(unsigned, [witnessSet]);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.txHash, merged.txHash);
      assert.equal(
        (await service.request<"getTransactionStatus">("GET", `/transactions/${merged.txHash}`)).body.status,
        "confirmed",
      );
      assert.ok(
        (await utxosOf(bob.address)).some((u) => u.input.txHash === merged.txHash && lovelaceOf(u) === 3_000_000n),
      );

      // Submitting again (either path, signed either way) answers the same id.
      for (const again of [
        await submit(unsigned, [witnessSet]),
        await submit(merged.cbor),
        await submit(merged.cbor, [], "/tournaments/submit-tx"),
      ]) {
        assert.equal(again.status, 200, JSON.stringify(again.body));
        assert.equal(again.body.txHash, merged.txHash);
      }
    });

    it("lets a signature sent replace a stale one the transaction carried for the same key", async () => {
      const unsigned = await buildPayment(params, carol.address, await utxosOf(carol.address), bob.address, 2_000_000n);
      const real = await carol.witnessSet(unsigned);
      const [, vkeys] = witnessSetEntries(fromHex(real)).find(([key]) => key === 0) ?? [];
      assert.ok(vkeys);
      const vkey = vkeyOfWitness(readSet(vkeys).items[0] as Uint8Array);
      const stale = mergeSignatures(unsigned, [`a10081825820${vkey}5840${"00".repeat(64)}`]).cbor;
      expectRejected(await submit(stale), /[Ww]itness|[Ss]ignature/);
      const response = await submit(stale, [real]);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.txHash, txIdOfBody(splitTransaction(fromHex(unsigned)).body));
    });

    it("refuses a transaction without its owner's witness, naming the missing key hash", async () => {
      const unsigned = await buildPayment(params, carol.address, await utxosOf(carol.address), bob.address, 2_000_000n);
      expectRejected(await submit(unsigned), new RegExp(`[Mm]issing key hashes.*${carol.keyHash}`));
      expectRejected(await submit(unsigned, [await bob.witnessSet(unsigned)]), new RegExp(carol.keyHash));
    });

    it("refuses a double spend", async () => {
      const utxos = (await utxosOf(carol.address)).slice(0, 1);
      const first = await buildPayment(params, carol.address, utxos, bob.address, 2_000_000n);
      const second = await buildPayment(params, carol.address, utxos, bob.address, 2_100_000n);
      assert.equal((await submit(first, [await carol.witnessSet(first)])).status, 200);
      expectRejected(await submit(second, [await carol.witnessSet(second)]), /[Mm]issing inputs/);
      // The service remembers the ledger's refusal of what it submitted (src/tx/submit/status.ts).
      assert.equal(
        (
          await service.request<"getTransactionStatus">(
            "GET",
            `/transactions/${txIdOfBody(splitTransaction(fromHex(second)).body)}`,
          )
        ).body.status,
        "rejected",
      );
    });

    it("refuses a transaction whose validity interval has passed", async () => {
      const tip = await (service.app.chain as DevnetChain).tip();
      const unsigned = await buildPayment(
        params,
        carol.address,
        await utxosOf(carol.address),
        bob.address,
        2_000_000n,
        (b) => b.invalidHereafter(tip.slot + 30),
      );
      assert.equal(
        (await service.request<"advanceDevnetClock">("POST", "/devnet/advance", { seconds: 60 })).status,
        200,
      );
      expectRejected(await submit(unsigned, [await carol.witnessSet(unsigned)]), /outside the validity interval/);
    });

    it("answers 400 naming the field for hex or CBOR that does not decode", async () => {
      const unsigned = await buildPayment(params, carol.address, await utxosOf(carol.address), bob.address, 2_000_000n);
      const cases: Array<[unknown, RegExp]> = [
        [{ transaction: "zz" }, /body\.transaction/],
        [{ transaction: "deadbeef" }, /body\.transaction does not decode/],
        [{ transaction: "84a0a0f5f6" }, /body\.transaction does not decode.*inputs/],
        [{ transaction: `${unsigned}00` }, /body\.transaction does not decode/],
        [{ transaction: unsigned, signatures: ["00"] }, /body\.signatures\[0\] does not decode as a witness set/],
        [{ transaction: unsigned, signatures: ["a0"] }, /body\.signatures\[0\] holds no vkey witnesses/],
        [
          { transaction: unsigned, signatures: ["a10081825820" + "00".repeat(32)] },
          /body\.signatures\[0\] does not decode/,
        ],
        [{ transaction: unsigned, signatures: "a100" }, /body\.signatures/],
        [{}, /body\.transaction is required/],
        [
          {
            transaction: toHex(
              joinTransaction({
                ...splitTransaction(fromHex(unsigned)),
                witnessSet: fromHex(`a1008182581f${"11".repeat(31)}5840${"22".repeat(64)}`),
              }),
            ),
            signatures: [await carol.witnessSet(unsigned)],
          },
          /body\.transaction has vkey witnesses that do not decode/,
        ],
      ];
      for (const [body, message] of cases) {
        const response = await service.request<"submitTransaction">("POST", "/transactions/submit", body);
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.match(response.body.message, message);
      }
    });
  });
});

describe("devnet-only endpoints on other networks", () => {
  let service: RunningService;
  before(async () => {
    service = await startService({ NETWORK: "preview", AUTH: "optional" });
  });
  after(() => service.close());

  it("answers 404 saying the endpoint exists only on the devnet", async () => {
    const wallet = await newEnterpriseWallet();
    for (const [path, body] of [
      ["/devnet/faucet", { address: wallet.address }],
      ["/devnet/advance", { seconds: 1 }],
    ] as const) {
      const response = await service.request<"error">("POST", path, body);
      assert.equal(response.status, 404);
      assert.match(response.body.message, /exists only on the devnet; this instance serves preview/);
    }
  });
});

describe("devnet ledger: scripts, evaluation and the limits the emulator misses", () => {
  let service: RunningService;
  let chain: DevnetChain;
  let dave: TestWallet;
  let script: Awaited<ReturnType<typeof sumCheckValidator>>;
  let locked: UTxO;

  /** A spend of the locked output with `redeemer` and `budget`, signed by dave. */
  const spend = async (redeemer: number, budget: { mem: number; steps: number }, fee?: bigint): Promise<string> => {
    const utxos = await chain.utxosAt(dave.address);
    const collateral = utxos[0];
    assert.ok(collateral);
    const builder = new MeshTxBuilder({ params })
      .spendingPlutusScriptV2()
      .txIn(locked.input.txHash, locked.input.outputIndex, locked.output.amount, locked.output.address, 0)
      .txInInlineDatumPresent()
      .txInRedeemerValue(redeemer, "Mesh", budget)
      .txInScript(script.code)
      .txInCollateral(
        collateral.input.txHash,
        collateral.input.outputIndex,
        collateral.output.amount,
        collateral.output.address,
      )
      .changeAddress(dave.address)
      .selectUtxosFrom(utxos);
    if (fee !== undefined) builder.setFee(fee.toString());
    return dave.sign(await builder.complete());
  };

  before(async () => {
    service = await startService();
    chain = service.app.chain as DevnetChain;
    dave = await newEnterpriseWallet();
    script = await sumCheckValidator();
    await chain.faucet(dave.address, 100_000_000n);
    ({ locked } = await lockAtScript(chain, dave, script));
  });
  after(() => service.close());

  it("evaluates exactly what the ledger charges: the evaluated budget and the exact script fee are accepted, one step or one lovelace less is not", async () => {
    const draft = await spend(22, { mem: 7_000_000, steps: 3_000_000_000 });
    const [redeemer, ...others] = await chain.evaluate(draft);
    assert.equal(others.length, 0);
    assert.ok(redeemer);
    assert.equal(redeemer.tag, "SPEND");
    assert.equal(redeemer.index, 0);
    assert.ok(redeemer.budget.mem > 0 && redeemer.budget.steps > 0);

    // Above the limits of the protocol parameters: refused before the emulator (which misses steps).
    await assert.rejects(
      chain.submit(await spend(22, { mem: redeemer.budget.mem, steps: 20_000_000_000 })),
      /ExUnitsTooBigUTxO.*20000000000 steps \(the maximum is 10000000000\)/,
    );
    await assert.rejects(
      chain.submit(await spend(22, { mem: 16_500_001, steps: redeemer.budget.steps })),
      /ExUnitsTooBigUTxO.*16500001 memory units \(the maximum is 16500000\)/,
    );
    // Declared budgets must be exact.
    await assert.rejects(
      chain.submit(await spend(22, { mem: redeemer.budget.mem, steps: redeemer.budget.steps - 1 })),
      /LedgerRejected|ledger rejected/i,
    );

    // The fee the ledger charges: minFeeA × size (without the is_valid byte) + minFeeB + ⌈priceMem × mem + priceStep × steps⌉.
    const meshBuilt = await spend(22, redeemer.budget);
    const size = BigInt(meshBuilt.length / 2 - 1);
    const scriptFee =
      (577n * BigInt(redeemer.budget.mem) * 1000n + 721n * BigInt(redeemer.budget.steps) + 9_999_999n) / 10_000_000n;
    assert.equal(params.priceMem, 0.0577);
    assert.equal(params.priceStep, 0.0000721);
    const fee = BigInt(params.minFeeA) * size + BigInt(params.minFeeB) + scriptFee;
    const low = await spend(22, redeemer.budget, fee - 1n);
    assert.equal(low.length, meshBuilt.length);
    await assert.rejects(chain.submit(low), /[Ff]ee/);
    const exact = await spend(22, redeemer.budget, fee);
    assert.equal(exact.length, meshBuilt.length);
    const txHash = await chain.submit(exact);
    assert.equal((await chain.txStatus(txHash)).status, "confirmed");
    assert.deepEqual(await chain.utxosByRef([{ txHash: locked.input.txHash, index: locked.input.outputIndex }]), []);
  });

  it("refuses a failing script: evaluation says why (422 with the trace), and so does the ledger", async () => {
    // Lock another output to spend with a wrong redeemer.
    ({ locked } = await lockAtScript(chain, dave, script));
    const wrong = await spend(21, { mem: 1_000_000, steps: 500_000_000 });
    await assert.rejects(chain.evaluate(wrong), (error: Error & { statusCode?: number }) => {
      assert.equal(error.statusCode, 422);
      assert.match(error.message, /wrong redeemer/);
      return true;
    });
    await assert.rejects(chain.submit(wrong), (error: Error & { statusCode?: number }) => {
      assert.equal(error.statusCode, 422);
      assert.match(error.message, /wrong redeemer/);
      return true;
    });
  });
});
