// The devnet's stake state (src/chain/devnet/stake-state.ts): what the Scalus emulator checks on
// its own, what the devnet adds (a delegation to a pool or DRep that is not registered is refused,
// as the Conway ledger refuses it), and the state kept across a restart, handed back to the
// emulator. Every transaction is built by CSL and signed with real keys.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { DevnetChain } from "../../../src/chain/devnet/devnet.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../../src/chain/protocol-params.js";
import { LedgerRejectedError } from "../../../src/errors.js";
import {
  delegateWithCsl,
  deregisterWithCsl,
  poolRegistration,
  registerDRep,
  registerPool,
  submitCertificates,
  viaPort,
} from "../../support/stake-pools.js";
import { newStakeWallet } from "../../support/wallets.js";

const KEY_DEPOSIT = DEVNET_PROTOCOL_PARAMETERS.keyDeposit;
const credentialOf = (hash: string) => CSL.Credential.from_keyhash(CSL.Ed25519KeyHash.from_hex(hash));

async function rejects(promise: Promise<unknown>, reason: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof LedgerRejectedError, String(error));
    assert.match((error as Error).message, reason);
    return true;
  });
}

describe("devnet stake state", () => {
  const dir = mkdtempSync(join(tmpdir(), "txsvc-stake-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses a delegation to a pool or a DRep nobody registered, and accepts one to a pool the same transaction registers", async () => {
    const devnet = await DevnetChain.create({ path: ":memory:" });
    try {
      const chain = viaPort(devnet);
      const alice = newStakeWallet();
      await devnet.faucet(alice.address, 1_000_000_000n);
      const nobody = "ab".repeat(28);
      await rejects(
        delegateWithCsl(chain, alice, KEY_DEPOSIT, { pool: nobody }),
        /^The ledger rejected the transaction: DelegateeStakePoolNotRegisteredDELEG: certificate 1 delegates to the stake pool pool1.* \(abab.*\), which is not registered\.$/,
      );
      await rejects(
        delegateWithCsl(chain, alice, KEY_DEPOSIT, {
          drep: CSL.DRep.new_key_hash(CSL.Ed25519KeyHash.from_hex(nobody)),
        }),
        /DelegateeDRepNotRegisteredDELEG: certificate 1 delegates the vote to the DRep drep1.* \(key abab.*\), which is not registered\./,
      );
      assert.deepEqual(
        await devnet.stakeAccount(alice.rewardAddress),
        { registered: false, pool: null, drep: null },
        "nothing of a refused transaction is kept",
      );
      // One transaction: the pool's registration, then the account's registration and delegation to it.
      const { certificate, cold, pool } = poolRegistration(alice);
      const stake = credentialOf(alice.stakeKeyHash);
      await submitCertificates(
        chain,
        alice,
        [
          certificate,
          CSL.Certificate.new_stake_registration(
            CSL.StakeRegistration.new_with_explicit_deposit(stake, CSL.BigNum.from_str(String(KEY_DEPOSIT))),
          ),
          CSL.Certificate.new_stake_delegation(
            CSL.StakeDelegation.new(stake, CSL.Ed25519KeyHash.from_hex(pool.keyHash)),
          ),
        ],
        [cold],
      );
      assert.deepEqual(await devnet.stakeAccount(alice.rewardAddress), {
        registered: true,
        pool: pool.keyHash,
        drep: null,
      });
    } finally {
      await devnet.close();
    }
  });

  it("keeps registrations, pools, DReps and delegations across a restart, and the emulator starts from them", async () => {
    const path = join(dir, "devnet.sqlite");
    const first = await DevnetChain.create({ path });
    const bob = newStakeWallet();
    await first.faucet(bob.address, 1_300_000_000n);
    const pool = await registerPool(viaPort(first), bob);
    const drep = await registerDRep(viaPort(first), bob);
    await delegateWithCsl(viaPort(first), bob, KEY_DEPOSIT, {
      pool: pool.keyHash,
      drep: CSL.DRep.new_key_hash(CSL.Ed25519KeyHash.from_hex(drep.keyHash)),
    });
    const account = { registered: true, pool: pool.keyHash, drep: { kind: "key", hash: drep.keyHash } };
    assert.deepEqual(await first.stakeAccount(bob.rewardAddress), account);
    await first.close();

    const second = await DevnetChain.create({ path });
    try {
      assert.deepEqual(await second.stakeAccount(bob.rewardAddress), account);
      // The emulator was given the registration: a second one is refused as the ledger refuses it.
      await rejects(delegateWithCsl(viaPort(second), bob, KEY_DEPOSIT, { pool: pool.keyHash }), /already registered/);
      // The pool and the DRep are still known: another account delegates to both.
      const carol = newStakeWallet();
      await second.faucet(carol.address, 20_000_000n);
      await delegateWithCsl(viaPort(second), carol, KEY_DEPOSIT, {
        pool: pool.keyHash,
        drep: CSL.DRep.new_key_hash(CSL.Ed25519KeyHash.from_hex(drep.keyHash)),
      });
      assert.deepEqual(await second.stakeAccount(carol.rewardAddress), {
        registered: true,
        pool: pool.keyHash,
        drep: { kind: "key", hash: drep.keyHash },
      });
      // Deregistered (its deposit refunded), the account is forgotten.
      await deregisterWithCsl(viaPort(second), bob, KEY_DEPOSIT);
      assert.deepEqual(await second.stakeAccount(bob.rewardAddress), { registered: false, pool: null, drep: null });
    } finally {
      await second.close();
    }
  });
});
