// The devnet's parts on their own: the clock, the one-writer queue, and restoring the saved state
// (same start, same faucet, same UTxOs and accepted ids, a slot that never goes back even when
// the wall clock does), plus concurrent submits of one transaction and of two conflicting ones.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { MeshTxBuilder, resolveDataHash } from "@meshsdk/core";
import { DevnetClock } from "../../../src/chain/devnet/clock.js";
import { DevnetChain } from "../../../src/chain/devnet/devnet.js";
import { SerialQueue } from "../../../src/chain/shared/queue.js";
import { DevnetStore } from "../../../src/chain/devnet/store.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../../src/chain/protocol-params.js";
import { LedgerRejectedError } from "../../../src/errors.js";
import { sumCheckValidator } from "../../support/plutus-fixture.js";
import { buildPayment, newEnterpriseWallet } from "../../support/wallets.js";
import { lovelaceOf } from "../../support/utxos.js";

describe("devnet clock", () => {
  it("counts one slot per second from the start, plus what advance added", () => {
    let now = 1_000_000;
    const clock = new DevnetClock(1_000_000, 0, 0, () => now);
    assert.equal(clock.slot(), 0);
    now += 59_999;
    assert.equal(clock.slot(), 59);
    assert.equal(clock.advance(100), 159);
    assert.equal(clock.offsetSeconds, 100);
    now += 1;
    assert.equal(clock.slot(), 160);
    assert.equal(clock.timeOf(160), 1_000_000 + 160_000);
  });

  it("never goes back when the wall clock does", () => {
    let now = 10_000_000;
    const clock = new DevnetClock(0, 0, 0, () => now);
    assert.equal(clock.slot(), 10_000);
    now -= 5_000_000;
    assert.equal(clock.slot(), 10_000);
    assert.equal(clock.advance(10), 10_010);
  });
});

describe("serial queue", () => {
  it("runs tasks one at a time in order, and a failure does not stop the next", async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const task = (name: string, ms: number, fail = false) =>
      queue.run(async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([task("a", 30), task("b", 1, true), task("c", 1)]);
    assert.deepEqual(log, ["start a", "end a", "start b", "end b", "start c", "end c"]);
    assert.deepEqual(
      results.map((r) => r.status),
      ["fulfilled", "rejected", "fulfilled"],
    );
  });
});

describe("devnet state on disk", () => {
  const dir = mkdtempSync(join(tmpdir(), "txsvc-devnet-"));
  const path = join(dir, "devnet.sqlite");
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("restores start, faucet, UTxOs, accepted ids and the clock, even when the wall clock went back", async () => {
    let now = Date.UTC(2026, 0, 1);
    const alice = await newEnterpriseWallet();
    const first = await DevnetChain.create({ path, now: () => now });
    // The genesis is one slot in the past, so the first tip is slot 1, never 0.
    assert.equal(first.systemStartMs, now - 1000);
    assert.equal((await first.tip()).slot, 1);
    const funded = await first.faucet(alice.address, 30_000_000n);
    now += 10_000;
    const advanced = await first.advance(500);
    assert.equal(advanced.slot, 511);
    const state = {
      start: first.systemStartMs,
      faucet: first.faucetAddress,
      utxos: await first.utxosAt(alice.address),
    };
    await first.close();

    now -= 60_000; // the machine's clock went back a minute
    const second = await DevnetChain.create({ path, now: () => now });
    assert.equal(second.systemStartMs, state.start);
    assert.equal(second.faucetAddress, state.faucet);
    assert.deepEqual(await second.utxosAt(alice.address), state.utxos);
    assert.equal((await second.txStatus(funded)).status, "confirmed");
    assert.equal((await second.tip()).slot, 511);
    now += 120_000;
    assert.equal((await second.tip()).slot, 500 + 71);
    // Spendable after the restore, and the faucet still pays.
    const bob = await newEnterpriseWallet();
    const signed = await alice.sign(
      await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, state.utxos, bob.address, 4_000_000n),
    );
    assert.equal((await second.txStatus(await second.submit(signed))).status, "confirmed");
    await second.faucet(bob.address, 2_000_000n);
    assert.deepEqual((await second.utxosAt(bob.address)).map(lovelaceOf).sort(), [2_000_000n, 4_000_000n]);
    await second.close();
  });

  it("keeps the datums of witness sets by hash, and a datum-hash output stays spendable after a restart", async () => {
    const datumPath = join(dir, "datums.sqlite");
    const script = await sumCheckValidator();
    const dave = await newEnterpriseWallet();
    const first = await DevnetChain.create({ path: datumPath });
    await first.faucet(dave.address, 50_000_000n);
    const lock = await new MeshTxBuilder({ params: DEVNET_PROTOCOL_PARAMETERS })
      .txOut(script.address, [{ unit: "lovelace", quantity: "5000000" }])
      .txOutDatumEmbedValue(7)
      .changeAddress(dave.address)
      .selectUtxosFrom(await first.utxosAt(dave.address))
      .complete();
    const lockHash = await first.submit(await dave.sign(lock));
    await first.close();

    const stored = DevnetStore.open(datumPath);
    const hash = resolveDataHash(7);
    const datum = stored.datum(hash);
    stored.close();
    assert.equal(datum, "07");

    const second = await DevnetChain.create({ path: datumPath });
    const [locked] = await second.utxosByRef([{ txHash: lockHash, index: 0 }]);
    assert.ok(locked);
    assert.equal(locked.output.dataHash, hash);
    const spend = async (budget: { mem: number; steps: number }) => {
      const utxos = await second.utxosAt(dave.address);
      const collateral = utxos[0];
      assert.ok(collateral);
      const unsigned = await new MeshTxBuilder({ params: DEVNET_PROTOCOL_PARAMETERS })
        .spendingPlutusScriptV2()
        .txIn(locked.input.txHash, locked.input.outputIndex, locked.output.amount, locked.output.address, 0)
        .txInDatumValue(7)
        .txInRedeemerValue(22, "Mesh", budget)
        .txInScript(script.code)
        .txInCollateral(
          collateral.input.txHash,
          collateral.input.outputIndex,
          collateral.output.amount,
          collateral.output.address,
        )
        .changeAddress(dave.address)
        .selectUtxosFrom(utxos)
        .complete();
      return dave.sign(unsigned);
    };
    const [redeemer] = await second.evaluate(await spend({ mem: 7_000_000, steps: 3_000_000_000 }));
    assert.ok(redeemer);
    assert.equal((await second.txStatus(await second.submit(await spend(redeemer.budget)))).status, "confirmed");
    await second.close();
  });

  it("answers concurrent submits of one transaction with its id, and accepts only one of two conflicting ones", async () => {
    const chain = await DevnetChain.create({ path: ":memory:" });
    const alice = await newEnterpriseWallet();
    const bob = await newEnterpriseWallet();
    await chain.faucet(alice.address, 30_000_000n);
    const utxos = await chain.utxosAt(alice.address);
    const one = await alice.sign(
      await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, utxos, bob.address, 2_000_000n),
    );
    const ids = await Promise.all([chain.submit(one), chain.submit(one), chain.submit(one)]);
    assert.equal(new Set(ids).size, 1);

    await chain.faucet(alice.address, 30_000_000n);
    // Both spend the same single UTxO (coin selection over several could pick different ones).
    const fresh = (await chain.utxosAt(alice.address)).slice(0, 1);
    const x = await alice.sign(
      await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, fresh, bob.address, 3_000_000n),
    );
    const y = await alice.sign(
      await buildPayment(DEVNET_PROTOCOL_PARAMETERS, alice.address, fresh, bob.address, 3_100_000n),
    );
    const results = await Promise.allSettled([chain.submit(x), chain.submit(y)]);
    assert.deepEqual(results.map((r) => r.status).sort(), ["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    assert.ok(rejected.reason instanceof LedgerRejectedError);
    await chain.close();
  });
});
