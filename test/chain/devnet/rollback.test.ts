// The devnet's rollback itself (DevnetChain.rollback, POST /devnet/rollback), over real HTTP with
// real signatures: what a rollback leaves in the ledger and in the read model (the service's
// routes and the Blockfrost-compatible ones agree), that a snapshot and a restart keep it, and the
// refusals (a block with certificates, more blocks than the devnet holds).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../../src/chain/protocol-params.js";
import { startService, type RunningService } from "../../support/service.js";
import { submitCertificates, viaService } from "../../support/stake-pools.js";
import { build, signAndSubmit } from "../../support/transactions-api.js";
import { fund, newEnterpriseWallet, newStakeWallet } from "../../support/wallets.js";

/** What the chain shows of an address: the service's UTxOs, and the Blockfrost-compatible route's answer. */
async function viewOf(service: RunningService, address: string): Promise<{ utxos: string[]; blockfrost: unknown }> {
  const utxos = await service.request("GET", `/addresses/${address}/utxos?view=decoded`);
  assert.equal(utxos.status, 200, JSON.stringify(utxos.body));
  const blockfrost = await fetch(`${service.url}/blockfrost/api/v0/addresses/${address}/utxos`);
  return {
    utxos: (utxos.body as { utxos: Array<{ txHash: string; index: number }> }).utxos
      .map((u) => `${u.txHash}#${u.index}`)
      .sort(),
    blockfrost: { status: blockfrost.status, body: (await blockfrost.json()) as unknown },
  };
}

const advance = async (service: RunningService, seconds: number) =>
  assert.equal((await service.request("POST", "/devnet/advance", { seconds })).status, 200);

const tipSlot = async (service: RunningService) =>
  ((await service.request("GET", "/devnet")).body as { tip: { slot: number } }).tip.slot;

describe("DevnetChain.rollback through POST /devnet/rollback", () => {
  const dir = mkdtempSync(join(tmpdir(), "txsvc-devnet-rollback-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("takes the blocks off the chain (the read model agrees), applies again what is still valid; a snapshot and a restart keep it", async () => {
    const [alice, bob] = await Promise.all([newEnterpriseWallet(), newEnterpriseWallet()]);
    let service = await startService({}, { dataDir: dir });
    try {
      const funding = await fund(service, alice.address, 100_000_000);
      await advance(service, 1);
      const before = { alice: await viewOf(service, alice.address), bob: await viewOf(service, bob.address) };
      assert.deepEqual(before.alice.utxos, [`${funding}#0`]);

      // Two blocks: a payment valid for a few slots, then a faucet payment to bob.
      const built = await build(service, {
        changeAddress: alice.address,
        outputs: [{ address: bob.address, lovelace: 10_000_000 }],
        validityInterval: { end: (await tipSlot(service)) + 3 },
      });
      const payment = await signAndSubmit(service, built, [alice]);
      await advance(service, 1);
      const gift = await fund(service, bob.address, 7_000_000);
      const paymentSlot = (await service.request("GET", `/transactions/${payment}`)).body as { status: string };
      assert.equal(paymentSlot.status, "confirmed");
      await advance(service, 5); // the payment's validity interval is over

      const answer = await service.request("POST", "/devnet/rollback", { blocks: 2 });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const done = answer.body as {
        rolledBack: Array<{ txHash: string; slot: number }>;
        reapplied: string[];
        expired: Array<{ txHash: string; reason: string }>;
        slot: number;
        tip: { slot: number };
      };
      assert.deepEqual(
        done.rolledBack.map((t) => t.txHash),
        [payment, gift],
      );
      assert.deepEqual(
        done.reapplied,
        [gift],
        "the faucet payment has no validity interval: it goes back on the chain",
      );
      assert.deepEqual(
        done.expired.map((e) => e.txHash),
        [payment],
      );
      assert.match(
        done.expired[0]!.reason,
        /^The ledger rejected the transaction: .* is outside the validity interval /,
      );
      assert.equal(done.tip.slot, done.slot, "the clock did not go back: the tip is where they were applied again");

      // The payment is gone: alice holds her funding output again, bob only the gift; both views agree.
      const afterRollback = { alice: await viewOf(service, alice.address), bob: await viewOf(service, bob.address) };
      assert.deepEqual(afterRollback.alice, before.alice);
      assert.deepEqual(afterRollback.bob.utxos, [`${gift}#0`]);
      assert.deepEqual(
        (afterRollback.bob.blockfrost as { body: Array<{ tx_hash: string }> }).body.map((u) => u.tx_hash),
        [gift],
      );
      const paymentTx = await fetch(`${service.url}/blockfrost/api/v0/txs/${payment}`);
      assert.equal(paymentTx.status, 404, await paymentTx.text());
      const giftTx = await fetch(`${service.url}/blockfrost/api/v0/txs/${gift}`);
      assert.equal(giftTx.status, 200);
      assert.equal(((await giftTx.json()) as { slot: number }).slot, done.slot, "the gift is in its new block");
      const giftStatus = (await service.request("GET", `/transactions/${gift}`)).body as { status: string };
      assert.equal(giftStatus.status, "confirmed");

      // A snapshot saved after the rollback is that state; restored after another payment, it is again.
      assert.equal((await service.request("POST", "/devnet/snapshots", { name: "after-rollback" })).status, 200);
      await fund(service, bob.address, 3_000_000);
      assert.equal((await service.request("POST", "/devnet/snapshots/after-rollback/restore")).status, 200);
      assert.deepEqual((await viewOf(service, bob.address)).utxos, afterRollback.bob.utxos);

      // A restart on the same DATA_DIR reads the same ledger.
      await service.close();
      service = await startService({}, { dataDir: dir });
      assert.deepEqual(
        { alice: await viewOf(service, alice.address), bob: await viewOf(service, bob.address) },
        afterRollback,
      );
      // And the devnet goes on: alice's funding output is hers to spend.
      const again = await build(service, {
        changeAddress: alice.address,
        outputs: [{ address: bob.address, lovelace: 4_000_000 }],
      });
      await signAndSubmit(service, again, [alice]);
    } finally {
      await service.close();
    }
  });

  it("refuses a rollback over a block with certificates, and one of more blocks than the devnet holds, changing nothing", async () => {
    const service = await startService();
    try {
      const wallet = newStakeWallet();
      await fund(service, wallet.address, 50_000_000);
      await advance(service, 1);
      const stake = CSL.Credential.from_keyhash(CSL.Ed25519KeyHash.from_hex(wallet.stakeKeyHash));
      const registration = await submitCertificates(
        viaService(service),
        wallet,
        [
          CSL.Certificate.new_stake_registration(
            CSL.StakeRegistration.new_with_explicit_deposit(
              stake,
              CSL.BigNum.from_str(String(DEVNET_PROTOCOL_PARAMETERS.keyDeposit)),
            ),
          ),
        ],
        [],
      );
      const before = await viewOf(service, wallet.address);
      const refused = await service.request("POST", "/devnet/rollback", { blocks: 1 });
      assert.equal(refused.status, 422, JSON.stringify(refused.body));
      assert.deepEqual(refused.body, {
        ...(refused.body as object),
        code: "SVC_ERR_UNPROCESSABLE",
        message: `Block ${(refused.body as { message: string }).message.match(/^Block (\d+)/)?.[1]} holds ${registration}, which carries certificates: the devnet does not journal the stake state, so it cannot roll back over that block.`,
      });
      const deep = await service.request("POST", "/devnet/rollback", { blocks: 100 });
      assert.equal(deep.status, 422);
      assert.match(
        (deep.body as { message: string }).message,
        /^The devnet holds \d+ non-empty blocks: it cannot roll back 100\.$/,
      );
      assert.deepEqual(await viewOf(service, wallet.address), before, "nothing changed");
    } finally {
      await service.close();
    }
  });
});
