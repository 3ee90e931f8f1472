// The chain port suite: the conformance tests every backend must pass (the devnet; Blockfrost and
// Ogmios + Kupo against their loopback fakes answering from a live ledger, and, with an
// environment flag, against the real services). It goes through the port only, with transactions
// built by Mesh from the port's own protocol parameters and signed by a test wallet, so that it
// also checks that the builder and the ledger agree on fees and min-UTxO.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import type { Asset, UTxO } from "@meshsdk/common";
import { MeshTxBuilder } from "@meshsdk/core";
import { calculateFees, Script, Serialization, toNativeScript, TxCBOR } from "@meshsdk/core-cst";
import { fromHex, joinTransaction, readMapEntries, readSet, splitTransaction } from "../../src/cardano/tx-cbor.js";
import {
  assetHistoryOf,
  consumedByOf,
  spenderOf,
  transactionOf,
  type ChainParameters,
  type ChainPort,
  type Protocol,
} from "../../src/chain/port.js";
import { LedgerRejectedError } from "../../src/errors.js";
import { sumCheckValidator, type PlutusFixture } from "./plutus-fixture.js";
import { bodyHash, feeOf, inputsOf } from "./tx-decode.js";
import { buildPayment, newEnterpriseWallet, newStakeWallet, type StakeWallet, type TestWallet } from "./wallets.js";
import { delegateWithCsl, deregisterWithCsl, registerPool, viaPort, type RegisteredPool } from "./stake-pools.js";
import { lovelaceOf } from "./utxos.js";

export interface PortSuiteSubject {
  readonly port: ChainPort;
  /** Gives `address` at least `lovelace` in new UTxOs, visible to `port.utxosAt` when it resolves. */
  fund(address: string, lovelace: bigint): Promise<void>;
  /** How long to wait for a submitted transaction to show as confirmed (0 on the devnet). */
  readonly confirmTimeoutMs?: number;
  /**
   * Whether the stake-account cases may register a stake pool (its 500 ADA deposit is never
   * refunded): yes on the devnet and the fakes' ledgers, not on a real network.
   */
  readonly registersPools?: boolean;
  close(): Promise<void>;
}

/**
 * The size the ledger charges for: the transaction without its is_valid flag (the Alonzo ledger
 * measures the 3-element form [body, witnesses, auxiliary data]), one byte less than its CBOR.
 */
function ledgerSize(txHex: string): number {
  const parts = splitTransaction(fromHex(txHex));
  const rest = parts.rest.filter((item) => !(item.length === 1 && (item[0] === 0xf4 || item[0] === 0xf5)));
  return joinTransaction({ ...parts, rest }).length;
}
const minFee = (params: Protocol, txHex: string): bigint =>
  BigInt(params.minFeeA) * BigInt(ledgerSize(txHex)) + BigInt(params.minFeeB);
/** Mesh's own fee formula (calculateFees of core-cst, no scripts): minFeeB + size × minFeeA over the whole CBOR. */
const meshMinFee = (params: Protocol, txHex: string): bigint =>
  calculateFees(
    params.minFeeA,
    params.minFeeB,
    params.minFeeRefScriptCostPerByte,
    params.priceMem,
    params.priceStep,
    Serialization.Transaction.fromCbor(TxCBOR(txHex)),
    0,
  );

/** The encoded size of output `index` of a transaction, in bytes. */
function outputSize(txHex: string, index: number): number {
  const outputs = readMapEntries(splitTransaction(fromHex(txHex)).body).find(
    ([key]) => key.length === 1 && key[0] === 1,
  );
  assert.ok(outputs, "the body has outputs");
  const output = readSet(outputs[1]).items[index];
  assert.ok(output, `the body has output ${index}`);
  return output.length;
}

/** The one UTxO holding the most lovelace: transactions built from it alone always pick the same input. */
const largest = (utxos: readonly UTxO[]): UTxO[] =>
  [...utxos].sort((a, b) => (lovelaceOf(b) > lovelaceOf(a) ? 1 : -1)).slice(0, 1);

async function rejects(promise: Promise<unknown>, reason: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof LedgerRejectedError, `expected LedgerRejectedError, got ${String(error)}`);
    assert.equal((error as { statusCode?: number }).statusCode, 422);
    assert.match((error as Error).message, reason);
    return true;
  });
}

/** A minting policy only `wallet`'s key satisfies (a native script), and its CBOR. */
function keyPolicy(wallet: TestWallet): { policyId: string; cbor: string } {
  const script = toNativeScript({ type: "sig", keyHash: wallet.keyHash });
  return { policyId: Script.newNativeScript(script).hash().toString(), cbor: script.toCbor().toString() };
}

/** A budget well above what the sum-check validator spends, within the per-transaction limit. */
const SCRIPT_BUDGET = { mem: 2_000_000, steps: 800_000_000 };

/** JSON's view of a value: keys holding undefined dropped (the devnet's decoding writes some). */
export const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * The transactions the lastOutputWith cases make, through the port: mint one token of a policy
 * `wallet`'s key controls, to a key or (with an inline integer datum) to the sum-check script;
 * move it through the script; burn it from the script or from a key. `submit` submits a signed
 * transaction and resolves once the port shows it.
 */
export class AssetFlows {
  private constructor(
    readonly port: ChainPort,
    readonly params: ChainParameters,
    readonly wallet: TestWallet,
    readonly script: PlutusFixture,
    readonly policy: { policyId: string; cbor: string },
    private readonly submit: (signed: string) => Promise<string>,
  ) {}

  static async create(
    port: ChainPort,
    wallet: TestWallet,
    submit: (signed: string) => Promise<string>,
  ): Promise<AssetFlows> {
    return new AssetFlows(
      port,
      await port.protocolParameters(),
      wallet,
      await sumCheckValidator(),
      keyPolicy(wallet),
      submit,
    );
  }

  /** The wallet's UTxOs that hold ada only (fees and collateral). */
  async adaOnly(): Promise<UTxO[]> {
    return (await this.port.utxosAt(this.wallet.address)).filter((u) =>
      u.output.amount.every((a) => a.unit === "lovelace"),
    );
  }

  /** Mints one token named `label` (UTF-8) to `to`, with an inline integer datum when given. */
  async mint(label: string, to: string, datum?: number): Promise<{ unit: string; name: string; txHash: string }> {
    const name = Buffer.from(label).toString("hex");
    const unit = `${this.policy.policyId}${name}`;
    const value: Asset[] = [
      { unit: "lovelace", quantity: "3000000" },
      { unit, quantity: "1" },
    ];
    let builder = new MeshTxBuilder({ params: this.params })
      .mint("1", this.policy.policyId, name)
      .mintingScript(this.policy.cbor)
      .txOut(to, value);
    if (datum !== undefined) builder = builder.txOutInlineDatumValue(datum);
    const unsigned = await builder
      .changeAddress(this.wallet.address)
      .selectUtxosFrom(await this.adaOnly())
      .complete();
    return { unit, name, txHash: await this.submit(await this.wallet.sign(unsigned)) };
  }

  /** Spends `locked` (sum-check script, inline datum d) with redeemer 3d + 1 to a new output there with datum `datum`. */
  async moveThroughScript(locked: UTxO, redeemer: number, datum: number): Promise<string> {
    const builder = await this.#spendScript(locked, redeemer);
    return this.submit(
      await this.wallet.sign(
        await builder.txOut(this.script.address, locked.output.amount).txOutInlineDatumValue(datum).complete(),
      ),
    );
  }

  /**
   * Burns the token `name` that `locked` (at the script) holds, spending it with `redeemer`
   * together with one key input whose transaction id sorts before it: its spend redeemer is at
   * index 1 of two inputs, where neither the first position nor a mirrored count would find it.
   */
  async burnThroughScript(
    locked: UTxO,
    redeemer: number,
    name: string,
  ): Promise<{ txHash: string; signed: string; inputs: number }> {
    const payer = await this.#keyInputBefore(locked.input.txHash);
    const builder = (await this.#spendScript(locked, redeemer))
      .txIn(payer.input.txHash, payer.input.outputIndex, payer.output.amount, payer.output.address, 0)
      .mint("-1", this.policy.policyId, name)
      .mintingScript(this.policy.cbor);
    const signed = await this.wallet.sign(await builder.complete());
    const inputs = inputsOf(signed).length;
    return { txHash: await this.submit(signed), signed, inputs };
  }

  /** Burns the token `name` that `held` (at the wallet's key address) holds. */
  async burnWithKey(held: UTxO, name: string): Promise<string> {
    const burn = await new MeshTxBuilder({ params: this.params })
      .txIn(held.input.txHash, held.input.outputIndex, held.output.amount, held.output.address, 0)
      .mint("-1", this.policy.policyId, name)
      .mintingScript(this.policy.cbor)
      .changeAddress(this.wallet.address)
      .selectUtxosFrom(await this.adaOnly())
      .complete();
    return this.submit(await this.wallet.sign(burn));
  }

  async #spendScript(locked: UTxO, redeemer: number): Promise<MeshTxBuilder> {
    const fees = await this.adaOnly();
    const collateral = fees[0];
    assert.ok(collateral, "the wallet holds ada for collateral");
    return new MeshTxBuilder({ params: this.params })
      .spendingPlutusScriptV2()
      .txIn(locked.input.txHash, locked.input.outputIndex, locked.output.amount, locked.output.address, 0)
      .txInInlineDatumPresent()
      .txInRedeemerValue(redeemer, "Mesh", SCRIPT_BUDGET)
      .txInScript(this.script.code)
      .txInCollateral(
        collateral.input.txHash,
        collateral.input.outputIndex,
        collateral.output.amount,
        collateral.output.address,
      )
      .changeAddress(this.wallet.address)
      .selectUtxosFrom(fees);
  }

  /**
   * An ada-only UTxO of the wallet whose transaction id sorts before `txHash`. When none does, it
   * builds self-payments of 5 ada plus i lovelace until one's id sorts before `txHash` and submits
   * only that one: the id is known before submitting, so the search costs builds, not ledger
   * transactions (a locked id starting 0x04 needs about 55 tries; submitting each, as before, ran
   * out of its 30 tries about one run in thirty).
   */
  async #keyInputBefore(txHash: string): Promise<UTxO> {
    const held = await this.adaOnly();
    const found = held.find((u) => u.input.txHash < txHash && lovelaceOf(u) >= 5_000_000n);
    if (found) return found;
    const source = largest(held);
    for (let extra = 0n; extra < 20_000n; extra++) {
      const payment = await buildPayment(
        this.params,
        this.wallet.address,
        source,
        this.wallet.address,
        5_000_000n + extra,
      );
      if (bodyHash(payment) >= txHash) continue;
      const id = await this.submit(await this.wallet.sign(payment));
      const paid = (await this.adaOnly()).find((u) => u.input.txHash === id && lovelaceOf(u) === 5_000_000n + extra);
      assert.ok(paid, `the self-payment ${id} is at ${this.wallet.address}`);
      return paid;
    }
    assert.fail(`no self-payment of ${this.wallet.address} has an id sorting before ${txHash}`);
  }
}

/** The spend redeemers of a transaction (Plutus data CBOR hex), by index. */
export function spendRedeemers(txHex: string): Map<number, string> {
  const redeemers = Serialization.Transaction.fromCbor(TxCBOR(txHex)).witnessSet().redeemers()?.values() ?? [];
  return new Map(
    redeemers
      .filter((r) => r.tag() === Serialization.RedeemerTag.Spend)
      .map((r) => [Number(r.index()), r.data().toCbor().toString()]),
  );
}

export function runPortSuite(name: string, makeSubject: () => Promise<PortSuiteSubject>): void {
  describe(`chain port suite: ${name}`, () => {
    let subject: PortSuiteSubject;
    let port: ChainPort;
    let params: ChainParameters;
    let alice: TestWallet;
    let bob: TestWallet;

    const confirmed = async (txHash: string): Promise<void> => {
      const deadline = Date.now() + (subject.confirmTimeoutMs ?? 0);
      for (;;) {
        if ((await port.txStatus(txHash)).status === "confirmed") return;
        if (Date.now() >= deadline) assert.fail(`${txHash} is not confirmed`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    };

    before(async () => {
      subject = await makeSubject();
      port = subject.port;
      params = await port.protocolParameters();
      [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
      await subject.fund(alice.address, 100_000_000n);
    });
    after(() => subject.close());

    it("gives the tip as a slot and the start of that slot, never going back", async () => {
      const first = await port.tip();
      assert.ok(Number.isSafeInteger(first.slot) && first.slot >= 0);
      assert.ok(Number.isSafeInteger(first.time) && first.time > 0);
      const second = await port.tip();
      assert.ok(second.slot >= first.slot);
      assert.equal(second.time - first.time, (second.slot - first.slot) * 1000);
    });

    it("gives complete protocol parameters in Mesh's shape", () => {
      for (const key of [
        "minFeeA",
        "minFeeB",
        "maxTxSize",
        "coinsPerUtxoSize",
        "priceMem",
        "priceStep",
        "collateralPercent",
        "maxCollateralInputs",
      ] as const) {
        assert.equal(typeof params[key], "number", key);
        assert.ok(params[key] > 0, `${key} is positive`);
      }
      for (const key of ["maxTxExMem", "maxTxExSteps"] as const) assert.match(params[key], /^[1-9][0-9]*$/, key);
    });

    it("gives the cost models the ledger applies: per Plutus language, a list of integers", () => {
      // Every network since Conway has the three; the tournament's scripts are Plutus V2.
      for (const language of ["PlutusV1", "PlutusV2", "PlutusV3"] as const) {
        const costs = params.costModels[language];
        assert.ok(Array.isArray(costs) && costs.length > 0, `a ${language} cost model`);
        assert.ok(
          costs.every((c) => Number.isSafeInteger(c)),
          `${language}: integers only`,
        );
      }
    });

    it("finds nothing at an address that never received anything, and nothing for unknown references", async () => {
      const nobody = await newEnterpriseWallet();
      assert.deepEqual(await port.utxosAt(nobody.address), []);
      assert.deepEqual(await port.utxosByRef([{ txHash: randomBytes(32).toString("hex"), index: 0 }]), []);
      assert.equal((await port.txStatus(randomBytes(32).toString("hex"))).status, "unknown");
    });

    it("finds the funded UTxOs by address and by reference", async () => {
      const utxos = await port.utxosAt(alice.address);
      assert.ok(utxos.length > 0);
      assert.ok(utxos.every((u) => u.output.address === alice.address));
      const byRef = await port.utxosByRef(utxos.map((u) => ({ txHash: u.input.txHash, index: u.input.outputIndex })));
      assert.deepEqual(
        byRef.map((u) => `${u.input.txHash}#${u.input.outputIndex}`).sort(),
        utxos.map((u) => `${u.input.txHash}#${u.input.outputIndex}`).sort(),
      );
    });

    it("rejects a transaction that lacks its owner's signature", async () => {
      const unsigned = await buildPayment(
        params,
        alice.address,
        await port.utxosAt(alice.address),
        bob.address,
        2_000_000n,
      );
      await rejects(port.submit(unsigned), /[Mm]issing|witness|signature/);
      await rejects(port.submit(await bob.sign(unsigned)), /[Mm]issing|witness|signature/);
      assert.equal((await port.txStatus(bodyHash(unsigned))).status, "unknown");
    });

    it("accepts a signed payment: its id is the body hash, it is confirmed, outputs appear and inputs go", async () => {
      const before = largest(await port.utxosAt(alice.address));
      const signed = await alice.sign(await buildPayment(params, alice.address, before, bob.address, 3_000_000n));
      const txHash = await port.submit(signed);
      assert.equal(txHash, bodyHash(signed));
      await confirmed(txHash);
      // Its depth: blocks from its own to the tip, at least 1 (null: a backend that cannot tell).
      const status = await port.txStatus(txHash);
      assert.equal(status.status, "confirmed");
      if (status.status === "confirmed" && status.confirmations !== null)
        assert.ok(
          Number.isSafeInteger(status.confirmations) && status.confirmations >= 1,
          `depth ${status.confirmations}`,
        );
      const atBob = await port.utxosAt(bob.address);
      assert.ok(atBob.some((u) => u.input.txHash === txHash && lovelaceOf(u) === 3_000_000n));
      const spent = inputsOf(signed);
      const now = (await port.utxosAt(alice.address)).map((u) => `${u.input.txHash}#${u.input.outputIndex}`);
      for (const ref of spent) assert.ok(!now.includes(ref), `${ref} is spent`);
      const refs = spent.map((r) => ({ txHash: r.split("#")[0] ?? "", index: Number(r.split("#")[1]) }));
      assert.deepEqual(await port.utxosByRef(refs), []);

      // Spending the same inputs again is a double spend.
      await rejects(
        port.submit(await alice.sign(await buildPayment(params, alice.address, before, bob.address, 4_000_000n))),
        /[Mm]issing inputs|spent|[Uu]nknown/,
      );
    });

    it("gives a transaction it accepted by id, and which transaction spent an output (null: unspent or unknown)", async () => {
      const transaction = (txHash: string) => transactionOf(port, txHash);
      const spentBy = (ref: { txHash: string; index: number }) => spenderOf(port, ref);
      assert.ok(
        typeof port.transaction === "function" && typeof port.spentBy === "function",
        "the backend offers transaction and spentBy",
      );
      const before = largest(await port.utxosAt(alice.address));
      const signed = await alice.sign(await buildPayment(params, alice.address, before, bob.address, 2_000_000n));
      const txHash = await port.submit(signed);
      await confirmed(txHash);
      // The devnet and Blockfrost from the chain, Ogmios + Kupo from what this process submitted: the same bytes.
      assert.equal(await transaction(txHash), signed.toLowerCase());
      assert.equal(await transaction(randomBytes(32).toString("hex")), null);
      const [input] = before;
      assert.equal(await spentBy({ txHash: input!.input.txHash, index: input!.input.outputIndex }), txHash);
      assert.equal(await spentBy({ txHash, index: 0 }), null, "its own output is unspent");
      assert.equal(await spentBy({ txHash: randomBytes(32).toString("hex"), index: 0 }), null);
    });

    it("charges exactly minFeeA × size + minFeeB: that fee is accepted, one lovelace less is not", async () => {
      const utxos = largest(await port.utxosAt(alice.address));
      const draft = await alice.sign(await buildPayment(params, alice.address, utxos, bob.address, 2_500_000n));
      const exact = minFee(params, draft);
      assert.ok(feeOf(draft) >= exact, "Mesh never builds a fee below the minimum");
      const withFee = async (fee: bigint) =>
        alice.sign(
          await buildPayment(params, alice.address, utxos, bob.address, 2_500_000n, (b) => b.setFee(fee.toString())),
        );
      const low = await withFee(exact - 1n);
      const right = await withFee(exact);
      assert.equal(right.length, draft.length, "setting the fee kept the size");
      assert.equal(minFee(params, right), exact);
      assert.equal(feeOf(right), exact);
      await rejects(port.submit(low), /[Ff]ee/);
      await confirmed(await port.submit(right));

      // Mesh's own minimum (over the whole CBOR, is_valid included) is minFeeA above the ledger's: accepted too.
      const next = largest(await port.utxosAt(alice.address));
      const meshDraft = await alice.sign(await buildPayment(params, alice.address, next, bob.address, 2_500_000n));
      const meshFee = BigInt(meshMinFee(params, meshDraft));
      assert.equal(meshFee, minFee(params, meshDraft) + BigInt(params.minFeeA));
      const meshExact = await alice.sign(
        await buildPayment(params, alice.address, next, bob.address, 2_500_000n, (b) => b.setFee(meshFee.toString())),
      );
      assert.equal(feeOf(meshExact), meshFee);
      assert.equal(BigInt(meshMinFee(params, meshExact)), meshFee);
      await confirmed(await port.submit(meshExact));
    });

    it("requires (160 + output size) × coinsPerUtxoSize lovelace in an output: that is accepted, one less is not", async () => {
      const utxos = largest(await port.utxosAt(alice.address));
      const probe = await buildPayment(params, alice.address, utxos, bob.address, 1_000_000n);
      const minimum = BigInt((160 + outputSize(probe, 0)) * params.coinsPerUtxoSize);
      const pay = async (lovelace: bigint) =>
        alice.sign(await buildPayment(params, alice.address, utxos, bob.address, lovelace));
      const below = await pay(minimum - 1n);
      assert.equal(outputSize(below, 0), outputSize(probe, 0));
      await rejects(port.submit(below), /too small|[Mm]in/);
      await confirmed(await port.submit(await pay(minimum)));
    });

    it("evaluates a transaction without scripts to no redeemers", async () => {
      const utxos: UTxO[] = await port.utxosAt(alice.address);
      const unsigned = await buildPayment(params, alice.address, utxos, bob.address, 2_000_000n);
      assert.deepEqual(await port.evaluate(unsigned), []);
    });

    describe("the last output that held an asset", () => {
      let flows: AssetFlows;
      /** The output `ref` as the port's own utxosByRef gives it (the shape lastOutputWith must give). */
      const asUtxosByRef = async (txHash: string, index: number): Promise<UTxO> => {
        const [utxo] = await port.utxosByRef([{ txHash, index }]);
        assert.ok(utxo, `${txHash}#${index} is unspent`);
        return utxo;
      };

      before(async () => {
        await subject.fund(alice.address, 200_000_000n);
        flows = await AssetFlows.create(port, alice, async (signed) => {
          const txHash = await port.submit(signed);
          await confirmed(txHash);
          return txHash;
        });
      });

      it("is null for an asset no output ever held, and refuses a unit that is not one", async () => {
        assert.equal(
          await port.lastOutputWith(`${randomBytes(28).toString("hex")}${Buffer.from("nothing").toString("hex")}`),
          null,
        );
        assert.equal(await port.lastOutputWith(randomBytes(28).toString("hex")), null, "an empty asset name");
        for (const bad of ["", "abc", "zz".repeat(28), "00".repeat(27), `${"00".repeat(28)}0`, "00".repeat(61)]) {
          await assert.rejects(port.lastOutputWith(bad), (error: unknown) => {
            assert.equal((error as { statusCode?: number }).statusCode, 400, String(error));
            assert.match((error as Error).message, /unit must be a policy id/);
            return true;
          });
        }
      });

      it("follows an asset from its mint through a script spend to its burn, with the redeemers given", async () => {
        const { script } = flows;
        const minted = await flows.mint("script-nft", script.address, 5);
        const first = await port.lastOutputWith(minted.unit);
        assert.ok(first, "the minted output");
        assert.deepEqual(plain(first), plain({ utxo: await asUtxosByRef(minted.txHash, 0), spentBy: null }));
        assert.equal(first.utxo.output.plutusData, "05", "its inline datum");
        assert.deepEqual(
          plain(await port.lastOutputWith(minted.unit.toUpperCase())),
          plain(first),
          "the unit's case does not matter",
        );

        // Moved through the script (redeemer 16 = 3 × 5 + 1) to a new output at the script.
        const moved = await flows.moveThroughScript(first.utxo, 16, 7);
        const second = await port.lastOutputWith(minted.unit);
        assert.ok(second);
        assert.equal(second.utxo.input.txHash, moved);
        assert.deepEqual(
          plain(second),
          plain({ utxo: await asUtxosByRef(moved, second.utxo.input.outputIndex), spentBy: null }),
        );
        assert.equal(second.utxo.output.plutusData, "07");

        // Burnt in a transaction that spends that output with redeemer 22 (3 × 7 + 1), second of its two inputs.
        const burn = await flows.burnThroughScript(second.utxo, 22, minted.name);
        assert.equal(burn.inputs, 2, "the burn spends the script output and one key input");
        assert.deepEqual(
          [...spendRedeemers(burn.signed)],
          [[1, "16"]],
          "one spend redeemer, for the second input: the integer 22 (CBOR 0x16)",
        );
        const last = await port.lastOutputWith(minted.unit);
        assert.ok(last, "a burnt asset still has a last output");
        assert.deepEqual(plain(last.utxo), plain(second.utxo), "the output the burn spent");
        assert.deepEqual(last.spentBy, { txHash: burn.txHash, redeemer: "16" });
      });

      it("gives a null redeemer for an output a key unlocked", async () => {
        const minted = await flows.mint("key-held", alice.address);
        const held = await port.lastOutputWith(minted.unit);
        assert.ok(held);
        assert.equal(held.spentBy, null);
        assert.equal(held.utxo.output.address, alice.address);
        const burnt = await flows.burnWithKey(held.utxo, minted.name);
        const last = await port.lastOutputWith(minted.unit);
        assert.deepEqual(plain(last), plain({ utxo: held.utxo, spentBy: { txHash: burnt, redeemer: null } }));
      });
    });

    describe("an asset's history and the outputs a transaction spent", () => {
      let flows: AssetFlows;
      let signed: Map<string, string>;

      before(async () => {
        await subject.fund(alice.address, 100_000_000n);
        signed = new Map();
        flows = await AssetFlows.create(port, alice, async (tx) => {
          const txHash = await port.submit(tx);
          signed.set(txHash, tx);
          await confirmed(txHash);
          return txHash;
        });
      });

      it("lists every output that held an asset, oldest first, each with its spender; an unknown unit has none", async () => {
        assert.deepEqual(
          await assetHistoryOf(port, `${randomBytes(28).toString("hex")}${Buffer.from("never").toString("hex")}`),
          [],
        );
        await assert.rejects(assetHistoryOf(port, "00".repeat(27)), (error: unknown) => {
          assert.equal((error as { statusCode?: number }).statusCode, 400, String(error));
          assert.match((error as Error).message, /unit must be a policy id/);
          return true;
        });

        const minted = await flows.mint("history", flows.script.address, 5);
        const [held] = await port.utxosByRef([{ txHash: minted.txHash, index: 0 }]);
        assert.ok(held, "the minted output");
        const first = await flows.moveThroughScript(held, 16, 7);
        const [once] = (await assetHistoryOf(port, minted.unit)).slice(1);
        assert.ok(once, "the first move's output");
        const second = await flows.moveThroughScript(once.utxo, 22, 9);

        const history = await assetHistoryOf(port, minted.unit);
        assert.deepEqual(
          history.map((h) => [h.utxo.input.txHash, h.utxo.output.plutusData, h.spentBy]),
          [
            [minted.txHash, "05", first],
            [first, "07", second],
            [second, "09", null],
          ],
        );
        assert.deepEqual(plain(history[0]?.utxo), plain(held), "the minted output, as utxosByRef gave it");
        const last = history[2]!.utxo;
        assert.deepEqual(
          plain(await port.utxosByRef([{ txHash: second, index: last.input.outputIndex }])),
          plain([last]),
          "the unspent output, as utxosByRef gives it",
        );
        assert.deepEqual(plain(await assetHistoryOf(port, minted.unit.toUpperCase())), plain(history), "any case");

        // The second move spent the first move's output and the wallet's fee inputs: exactly those, in ledger order.
        const inputs = inputsOf(signed.get(second)!)
          .map((ref) => ref.split("#"))
          .map(([txHash, index]) => ({ txHash: txHash!, index: Number(index) }))
          .sort((a, b) => (a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : a.index - b.index));
        assert.ok(inputs.length >= 2, "the move spends the script output and at least one fee input");
        assert.ok(
          inputs.some((r) => r.txHash === first && r.index === once.utxo.input.outputIndex),
          "among them the script output",
        );
        const consumed = await consumedByOf(port, second);
        assert.deepEqual(
          consumed.map((u) => ({ txHash: u.input.txHash, index: u.input.outputIndex })),
          inputs,
        );
        for (const u of consumed) {
          // The first move's change may be a fee input too: the script input is the one output that held the asset.
          if (u.input.txHash === first && u.input.outputIndex === once.utxo.input.outputIndex)
            assert.deepEqual(plain(u), plain(once.utxo), "the script input, its datum 07");
          else {
            assert.equal(u.output.address, alice.address, "a fee input");
            assert.equal(u.output.plutusData, undefined);
          }
        }
        assert.deepEqual(
          plain(await consumedByOf(port, second.toUpperCase())),
          plain(consumed),
          "the id's case does not matter",
        );
      });

      it("refuses a transaction it does not know, as not found", async () => {
        const unknown = randomBytes(32).toString("hex");
        await assert.rejects(consumedByOf(port, unknown), (error: unknown) => {
          assert.equal((error as { statusCode?: number }).statusCode, 404, String(error));
          assert.match((error as Error).message, new RegExp(unknown));
          return true;
        });
        await assert.rejects(consumedByOf(port, "abc"), (error: unknown) => {
          assert.equal((error as { statusCode?: number }).statusCode, 400, String(error));
          assert.match((error as Error).message, /abc is not a transaction id/);
          return true;
        });
      });
    });

    describe("stake accounts", () => {
      let carol: StakeWallet;
      let pool: RegisteredPool | undefined;
      before(async () => {
        carol = newStakeWallet();
        await subject.fund(carol.address, subject.registersPools ? 1_000_000_000n : 50_000_000n);
        if (subject.registersPools) pool = await registerPool(viaPort(port), carol);
      });

      it("a credential the chain never saw is not registered; a reward address is required", async () => {
        assert.deepEqual(await port.stakeAccount(newStakeWallet().rewardAddress), {
          registered: false,
          pool: null,
          drep: null,
        });
        await assert.rejects(port.stakeAccount(carol.address), /not a reward \(stake\) address/);
      });

      it("follows registration and delegation (pool, DRep) by certificates CSL built, then deregistration", async () => {
        const chain = viaPort(port);
        await confirmed(
          await delegateWithCsl(chain, carol, params.keyDeposit, {
            ...(pool ? { pool: pool.keyHash } : {}),
            drep: CSL.DRep.new_always_no_confidence(),
          }),
        );
        assert.deepEqual(await port.stakeAccount(carol.rewardAddress), {
          registered: true,
          pool: pool?.keyHash ?? null,
          drep: { kind: "always-no-confidence" },
        });
        await confirmed(await deregisterWithCsl(chain, carol, params.keyDeposit));
        assert.deepEqual(await port.stakeAccount(carol.rewardAddress), { registered: false, pool: null, drep: null });
      });
    });
  });
}
