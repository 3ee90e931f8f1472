// Delegations built by POST /transactions/build on any target (../target.ts), signed with the
// payment and stake keys, submitted and read back: a fresh account registered (its deposit paid)
// and delegated to a pool registered for the test, a registered one delegating its vote without a
// second deposit, a key DRep by its drep1… id, and what the ledger refuses (no stake signature, a
// pool or DRep nobody registered). The account is read through the service's own chain port: the
// devnet, or the real-network adapter over its fake and live ledger.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { randomBytes } from "node:crypto";
import { drepIdOf, poolIdOf } from "../../../src/cardano/delegatees.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../../src/chain/protocol-params.js";
import {
  accountOf,
  certificatesOf,
  registerDRep,
  registerPool,
  viaService,
  type RegisteredPool,
} from "../stake-pools.js";
import type { Target } from "../target.js";
import { build, signAndSubmit, submitRejected } from "../transactions-api.js";
import { feeOf } from "../tx-decode.js";
import { totalLovelace, utxosAt } from "../utxos.js";
import { newStakeWallet, type StakeWallet } from "../wallets.js";

const ADA = 1_000_000;
const KEY_DEPOSIT = BigInt(DEVNET_PROTOCOL_PARAMETERS.keyDeposit);

export function delegationFlows(target: () => Target): void {
  describe("delegations, signed with the payment and stake keys and submitted", () => {
    let pool: RegisteredPool;
    let drep: { id: string; keyHash: string };
    let alice: StakeWallet;

    /** A fresh account funded with `ada`. */
    const funded = async (ada: number): Promise<StakeWallet> => {
      const wallet = newStakeWallet();
      await target().fund(wallet.address, ada * ADA);
      return wallet;
    };
    const balance = async (w: StakeWallet): Promise<bigint> =>
      totalLovelace(await utxosAt(target().service, w.address));

    before(async () => {
      const operator = await funded(1_200);
      pool = await registerPool(viaService(target().service), operator);
      drep = await registerDRep(viaService(target().service), operator);
      alice = await funded(50);
    });

    it("a fresh account: registered with its deposit, then delegated to the pool; the account shows the pool", async () => {
      const { service } = target();
      assert.deepEqual(await accountOf(service, alice.rewardAddress), { registered: false, pool: null, drep: null });
      const before = await balance(alice);
      const built = await build(service, {
        changeAddress: alice.address,
        delegations: [{ type: "pool", address: alice.address, keyHash: pool.id }],
      });
      assert.deepEqual(certificatesOf(built.complete), [
        { kind: "reg", stake: alice.stakeKeyHash, deposit: KEY_DEPOSIT.toString() },
        { kind: "pool", stake: alice.stakeKeyHash, pool: pool.keyHash },
      ]);
      await signAndSubmit(service, built, [alice]);
      assert.equal(
        before - (await balance(alice)),
        feeOf(built.complete) + KEY_DEPOSIT,
        "the fee and the 2 ADA deposit left the account",
      );
      assert.deepEqual(await accountOf(service, alice.rewardAddress), {
        registered: true,
        pool: pool.keyHash,
        drep: null,
      });
    });

    it("a registered account (given by its reward address) delegates its vote to always-abstain: no second registration, no deposit", async () => {
      const { service } = target();
      const before = await balance(alice);
      const built = await build(service, {
        changeAddress: alice.address,
        delegations: [{ type: "drep", address: alice.rewardAddress, keyHash: "always-abstain" }],
      });
      assert.deepEqual(certificatesOf(built.complete), [
        { kind: "drep", stake: alice.stakeKeyHash, drep: "always-abstain" },
      ]);
      await signAndSubmit(service, built, [alice]);
      assert.equal(before - (await balance(alice)), feeOf(built.complete), "only the fee");
      assert.deepEqual(await accountOf(service, alice.rewardAddress), {
        registered: true,
        pool: pool.keyHash,
        drep: { kind: "always-abstain" },
      });
    });

    it("a pool and a key DRep by its drep1… id in one request, as the hosted API's examples send them", async () => {
      const { service } = target();
      const bob = await funded(20);
      const built = await build(service, {
        changeAddress: bob.address,
        delegations: [
          { type: "pool", address: bob.address, keyHash: pool.id },
          { type: "drep", address: bob.address, keyHash: drep.id },
        ],
      });
      assert.deepEqual(certificatesOf(built.complete), [
        { kind: "reg", stake: bob.stakeKeyHash, deposit: KEY_DEPOSIT.toString() },
        { kind: "pool", stake: bob.stakeKeyHash, pool: pool.keyHash },
        { kind: "drep", stake: bob.stakeKeyHash, drep: `key:${drep.keyHash}` },
      ]);
      await signAndSubmit(service, built, [bob]);
      assert.deepEqual(await accountOf(service, bob.rewardAddress), {
        registered: true,
        pool: pool.keyHash,
        drep: { kind: "key", hash: drep.keyHash },
      });
    });

    it("the ledger refuses it signed by the payment key alone: the certificates need the stake key", async () => {
      const { service } = target();
      const carol = await funded(20);
      const built = await build(service, {
        changeAddress: carol.address,
        delegations: [{ type: "drep", address: carol.address, keyHash: "always-no-confidence" }],
      });
      assert.match(
        await submitRejected(service, built, [carol.paymentOnly]),
        new RegExp(`[Mm]issing|signature|${carol.stakeKeyHash}`),
      );
      await signAndSubmit(service, built, [carol]);
      assert.deepEqual((await accountOf(service, carol.rewardAddress)).drep, { kind: "always-no-confidence" });
    });

    it("the ledger refuses a delegation to a pool or a DRep nobody registered", async () => {
      const { service } = target();
      const dave = await funded(20);
      const nowhere = randomBytes(28).toString("hex");
      const toPool = await build(service, {
        changeAddress: dave.address,
        delegations: [{ type: "pool", address: dave.address, keyHash: poolIdOf(nowhere) }],
      });
      assert.match(await submitRejected(service, toPool, [dave]), /not registered/);
      const toDRep = await build(service, {
        changeAddress: dave.address,
        delegations: [{ type: "drep", address: dave.address, keyHash: drepIdOf({ kind: "key", hash: nowhere }) }],
      });
      assert.match(await submitRejected(service, toDRep, [dave]), /not registered/);
      assert.deepEqual(await accountOf(service, dave.rewardAddress), { registered: false, pool: null, drep: null });
    });
  });
}
