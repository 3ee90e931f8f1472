// A v3 cancel of a full bracket of 64, the largest a close pays inline, as v2.1 (outputs 0..63 pay
// the seats, each its entry fee and share of the deposit, the first the remainder of the share,
// tagged [id, seat]; output 64 the admin's remainder tagged [id, 64]), built by the service's v3
// builders on its devnet and signed by the admin; a stranger's cancel is a 400. Before it, the
// settlement of that bracket with 32 placements spread over the tree (the widest multiproof at 64)
// and 8 fixed payouts is built and evaluated, not submitted: its figures. And the figures of an add
// of 40 into an empty pool of 1,024 seats, submitted, its datum checked.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { readAddress } from "../../src/cardano/address-rules.js";
import { encodePayoutTag } from "../../src/tournament/datum.js";
import { accumulatorOf, leafOf } from "../../src/tournament/seat-tree.js";
import { addToPool } from "../../src/tournament/v3/add.js";
import { cancelPool } from "../../src/tournament/v3/close.js";
import type { V3Contract } from "../../src/tournament/v3/contract.js";
import { createPool } from "../../src/tournament/v3/create.js";
import { settlePool } from "../../src/tournament/v3/settle.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, txStats } from "../support/tournament-api.js";
import { mintOf } from "../support/tx-decode.js";
import { lovelaceOf } from "../support/utxos.js";
import {
  contextOf,
  fromChain,
  livePool,
  outputsOfTx,
  registerMany,
  submitted,
  v3OnDevnet,
} from "../support/v3-contract.js";
import { fundedWallet, newBaseWallet, type Funded } from "../support/wallets.js";

const FEE = 1_300_000n;
const stats = (complete: string, fee: bigint): string => {
  const { size, mem, steps } = txStats(complete);
  return `fee ${fee}, ${size} B unsigned, mem ${mem} (${((Number(mem) / 16.5e6) * 100).toFixed(1)} %), steps ${steps} (${((Number(steps) / 10e9) * 100).toFixed(1)} %)`;
};

describe("v3: a cancel of 64 seats inline, the settlement of 64 built", () => {
  let s: RunningService;
  let contract: V3Contract;
  let admin: Funded;
  let sponsor: Funded;
  before(async () => {
    s = await startService();
    contract = await v3OnDevnet(s);
    admin = await fundedWallet(s, 1_000 * ADA);
    sponsor = await fundedWallet(s, 400 * ADA);
  });
  after(async () => {
    await s?.close();
  });

  it("fills 64 seats, builds the settlement of 32 + 8, and cancels paying every seat inline", async (t) => {
    const ctx = contextOf(s);
    const adminAt = readAddress(admin.address, "adminAddress");
    const fixed = await Promise.all(Array.from({ length: 8 }, () => newBaseWallet()));
    // Prizes 96 + 8 × 1.500001 ADA over entry fees of 64 × 1.3: a deposit of 24,800,008 lovelace,
    // 387,500 a seat and 8 more for the first.
    const created = await createPool(ctx, contract, {
      name: "v3 inline",
      adminAddress: adminAt,
      changeAddress: adminAt,
      bracketSize: 64,
      entryFee: FEE,
      payoutStructure: Array.from({ length: 32 }, () => 3_000_000n),
      fixedPayouts: fixed.map((f) => ({ address: readAddress(f.address, "f"), amount: 1_500_001n })),
      utxos: fromChain(admin),
    });
    assert.equal(created.deposit, 24_800_008n);
    await submitted(s, created, [admin]);
    let pool = await livePool(s, contract, created.tournamentId);
    const id = pool.tournamentId;
    const players = await Promise.all(Array.from({ length: 64 }, () => newBaseWallet()));
    const regs = await registerMany(
      s,
      pool.registrationAddress.bech32,
      sponsor,
      players.map((p) => p.address),
      () => FEE,
    );
    let seats: string[] = [];
    for (const chunk of [regs.slice(0, 40), regs.slice(40)]) {
      const added = await addToPool(ctx, contract, pool, seats, {
        tournamentId: id,
        adminAddress: adminAt,
        changeAddress: adminAt,
        registrations: chunk.map((r) => ({ address: readAddress(r.address, "a"), outputRef: r.outputRef })),
        utxos: fromChain(admin),
      });
      await submitted(s, added, [admin]);
      seats = [...seats, ...added.added];
      pool = await livePool(s, contract, id);
    }
    assert.equal(pool.datum.count, 64);
    assert.deepEqual(pool.datum.peaks, accumulatorOf(seats.map(leafOf)).peaks);

    // Settlement of 32 winners at every other seat (a proof hash for each) + 8 fixed payouts: built, evaluated, not submitted.
    const results = Array.from({ length: 32 }, (_, k) => readAddress(seats[2 * k]!, "results"));
    const settled = await settlePool(ctx, contract, pool, seats, {
      adminAddress: adminAt,
      changeAddress: adminAt,
      results,
      utxos: fromChain(admin),
    });
    assert.deepEqual(
      settled.winners,
      Array.from({ length: 32 }, (_, k) => 2 * k),
    );
    t.diagnostic(`settle 32 + 8 at 64 (winners at every other seat): ${stats(settled.complete, settled.fee)}`);

    // A stranger cannot cancel.
    const stranger = await fundedWallet(s, 20 * ADA);
    await assert.rejects(
      () =>
        cancelPool(ctx, contract, pool, seats, {
          adminAddress: readAddress(stranger.address, "adminAddress"),
          changeAddress: readAddress(stranger.address, "changeAddress"),
          utxos: fromChain(stranger),
        }),
      (e: Error & { statusCode?: number }) => {
        assert.equal(e.statusCode, 400);
        assert.match(
          e.message,
          /^Only the tournament's admin \(.*\) cancels; adminAddress is another address\. After the settlement deadline/,
        );
        return true;
      },
    );

    const held = pool.lovelace;
    const cancelled = await cancelPool(ctx, contract, pool, seats, {
      adminAddress: adminAt,
      changeAddress: adminAt,
      utxos: fromChain(admin),
    });
    assert.equal(cancelled.step, "close");
    assert.deepEqual(cancelled.batches, []);
    assert.equal(cancelled.batchesRemaining, 0);
    t.diagnostic(`cancel of 64 inline: ${stats(cancelled.complete, cancelled.fee)}`);
    await submitted(s, cancelled, [admin]);
    assert.deepEqual(mintOf(cancelled.complete), [[contract.policyId + id, -1n]], "the NFT is burnt");
    const outs = await outputsOfTx(s, cancelled.hash, 65);
    assert.equal(outs.length, 65);
    const pay = FEE + 387_500n;
    outs.slice(0, 64).forEach((u, k) => {
      assert.equal(u.output.address, seats[k]);
      assert.equal(lovelaceOf(u), pay + (k === 0 ? 8n : 0n));
      assert.equal(u.output.plutusData, encodePayoutTag(id, k));
    });
    assert.equal(outs[64]!.output.address, admin.address);
    assert.equal(outs[64]!.output.plutusData, encodePayoutTag(id, 64));
    assert.equal(lovelaceOf(outs[64]!), held - 64n * FEE - 24_800_008n);
  });

  it("adds 40 into an empty pool of 1,024 seats", async (t) => {
    const ctx = contextOf(s);
    const adminAt = readAddress(admin.address, "adminAddress");
    const created = await createPool(ctx, contract, {
      name: "v3 1024",
      adminAddress: adminAt,
      changeAddress: adminAt,
      bracketSize: 1024,
      entryFee: 2_000_000n,
      payoutStructure: [500_000_000n],
      fixedPayouts: [],
      utxos: fromChain(admin),
    });
    t.diagnostic(`create at 1,024: ${stats(created.complete, created.fee)}`);
    await submitted(s, created, [admin]);
    const pool = await livePool(s, contract, created.tournamentId);
    const players = await Promise.all(Array.from({ length: 40 }, () => newBaseWallet()));
    const regs = await registerMany(
      s,
      pool.registrationAddress.bech32,
      sponsor,
      players.map((p) => p.address),
      () => 2_000_000n,
    );
    const added = await addToPool(ctx, contract, pool, [], {
      tournamentId: pool.tournamentId,
      adminAddress: adminAt,
      changeAddress: adminAt,
      registrations: regs.map((r) => ({ address: readAddress(r.address, "a"), outputRef: r.outputRef })),
      utxos: fromChain(admin),
    });
    assert.equal(added.participantCount, 40);
    assert.equal(added.seatsLeft, 984);
    t.diagnostic(`add 40 into an empty pool of 1,024: ${stats(added.complete, added.fee)}`);
    await submitted(s, added, [admin]);
    const after = await livePool(s, contract, pool.tournamentId);
    assert.equal(after.datum.count, 40);
    assert.deepEqual(after.datum.peaks, accumulatorOf(added.added.map(leafOf)).peaks);
    assert.equal(after.lovelace, pool.lovelace + 80_000_000n);
  });
});
