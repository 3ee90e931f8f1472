// A v3 refund above a batch of seats: a full bracket of 130 (three batches: 64, 64 and 2 seats),
// built by the service's v3 builders on its devnet, signed by the test's keys and submitted over
// HTTP. The refund (a stranger, after the deadline) splits the pool into batch UTxOs with their
// datums and the admin's remainder; three other strangers pay the batches, in another order than
// theirs; every seat is paid exactly once, with its share of the deposit (the first seat the
// remainder of the share), tagged [id, seat]; each stranger pays only its fee. On the way: the
// 400s of a refund before the deadline, a batch already paid and nothing left; and the figures of
// an add of 40 into an empty pool (reference scripts and inline), of the close and of each batch.
// Then a cancel of 65 seats at 1.3 ADA each: its last batch, of one seat, holds BATCH_MIN_LOVELACE
// (topped up from the creation's reserve), and whoever pays it keeps the top-up.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { readAddress } from "../../src/cardano/address-rules.js";
import { isDevnet } from "../../src/chain/port.js";
import { encodePayoutTag } from "../../src/tournament/datum.js";
import { decodeBatchDatum } from "../../src/tournament/pool-datum.js";
import { accumulatorOf, batchRoots, leafOf } from "../../src/tournament/seat-tree.js";
import { addToPool } from "../../src/tournament/v3/add.js";
import { payBatch } from "../../src/tournament/v3/batch.js";
import { cancelPool, refundPool } from "../../src/tournament/v3/close.js";
import { v3Contract, type V3Contract } from "../../src/tournament/v3/contract.js";
import { createPool } from "../../src/tournament/v3/create.js";
import { BATCH_MIN_LOVELACE } from "../../src/tournament/v3/pool.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, tipOf, txStats } from "../support/tournament-api.js";
import { mintOf } from "../support/tx-decode.js";
import { lovelaceOf, totalLovelace } from "../support/utxos.js";
import {
  contextOf,
  fromChain,
  livePool,
  outputsOfTx,
  registerMany,
  submitted,
  v3OnDevnet,
  v3Scripts,
  V3_NAMES,
} from "../support/v3-contract.js";
import { chainOutputs, planOutputs, planPoolOf, plans, planWallet, redeemersOf } from "../support/v3-plans.js";
import { fundedWallet, newBaseWallet, type Funded } from "../support/wallets.js";

const FEE = 2_000_000n;
const BRACKET = 130;
const stats = (complete: string, fee: bigint): string => {
  const { size, mem, steps } = txStats(complete);
  return `fee ${fee}, ${size} B unsigned, mem ${mem} (${((Number(mem) / 16.5e6) * 100).toFixed(1)} %), steps ${steps} (${((Number(steps) / 10e9) * 100).toFixed(1)} %)`;
};

/** Expects `run` to be refused with a 400 whose message matches. */
async function refused(run: () => Promise<unknown>, message: RegExp): Promise<void> {
  await assert.rejects(run, (e: Error & { statusCode?: number; code?: string }) => {
    assert.equal(e.statusCode, 400, e.message);
    assert.equal(e.code, "SVC_ERR_BAD_REQUEST");
    assert.match(e.message, message);
    return true;
  });
}

describe("v3: closes split into batches, each paid by a stranger", () => {
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

  it("fills 130 seats in four adds, refunds them in a split and three batches, every seat paid once", async (t) => {
    const ctx = contextOf(s);
    const adminAt = readAddress(admin.address, "adminAddress");
    const tip = await tipOf(s);
    // Prizes of 360 ADA over entry fees of 260: a deposit of 100 ADA, shared once the bracket is full.
    const created = await createPool(ctx, contract, {
      name: "v3 split",
      adminAddress: adminAt,
      changeAddress: adminAt,
      bracketSize: BRACKET,
      entryFee: FEE,
      payoutStructure: [200n, 100n, 50n].map((a) => a * 1_000_000n),
      fixedPayouts: [{ address: readAddress((await newBaseWallet()).address, "f"), amount: 10_000_000n }],
      settleBy: tip.time + 20 * 60_000,
      utxos: fromChain(admin),
    });
    await submitted(s, created, [admin]);
    let pool = await livePool(s, contract, created.tournamentId);
    const id = pool.tournamentId;

    const players = await Promise.all(Array.from({ length: BRACKET }, () => newBaseWallet()));
    const regs = await registerMany(
      s,
      pool.registrationAddress.bech32,
      sponsor,
      players.map((p) => p.address),
      () => FEE,
    );
    let seats: string[] = [];
    for (let from = 0; from < BRACKET; from += 40) {
      const input = {
        tournamentId: pool.tournamentId,
        adminAddress: adminAt,
        changeAddress: adminAt,
        registrations: regs
          .slice(from, from + 40)
          .map((r) => ({ address: readAddress(r.address, "a"), outputRef: r.outputRef })),
        utxos: fromChain(admin),
      };
      if (from === 0) {
        // The same add of 40 into the empty pool with the scripts attached: the size a reference saves.
        const inline = v3Contract(v3Scripts(), "devnet", V3_NAMES);
        const attached = await addToPool(ctx, inline, pool, seats, input);
        t.diagnostic(`add 40 into an empty pool, scripts inline: ${stats(attached.complete, attached.fee)}`);
      }
      const added = await addToPool(ctx, contract, pool, seats, input);
      if (from === 0) t.diagnostic(`add 40 into an empty pool, by reference: ${stats(added.complete, added.fee)}`);
      await submitted(s, added, [admin]);
      seats = [...seats, ...added.added];
      const grown = pool.lovelace + FEE * BigInt(added.added.length);
      pool = await livePool(s, contract, id);
      assert.equal(pool.datum.count, seats.length);
      assert.deepEqual(pool.datum.peaks, accumulatorOf(seats.map(leafOf)).peaks);
      assert.equal(pool.lovelace, grown);
      assert.equal(added.participantCount, seats.length);
      assert.equal(added.seatsLeft, BRACKET - seats.length);
    }
    assert.deepEqual(new Set(seats), new Set(players.map((p) => p.address)));

    const stranger = await fundedWallet(s, 30 * ADA);
    const strangerAt = readAddress(stranger.address, "changeAddress");
    const refund = () =>
      refundPool(ctx, contract, pool, seats, {
        changeAddress: strangerAt,
        utxos: fromChain(stranger, "changeAddress"),
      });
    await refused(refund, /can be refunded only after its settlement deadline.*POST \/tournaments\/.*\/cancel/);
    const chain = s.app.chain!;
    assert.ok(isDevnet(chain));
    await chain.advance(25 * 60);

    // The split: batches 0..2 (64, 64, 2 seats), then the admin's remainder tagged [id, 130].
    const deposit = 360_000_000n - 260_000_000n;
    const pay = FEE + deposit / 130n;
    const extra = deposit % 130n;
    const held = pool.lovelace;
    const strangerBefore = totalLovelace(await s.app.chain!.utxosAt(stranger.address));
    const closed = await refund();
    t.diagnostic(`refund split of 130 (3 batches): ${stats(closed.complete, closed.fee)}`);
    assert.equal(closed.step, "close");
    assert.equal(closed.batchesRemaining, 3);
    assert.deepEqual(
      closed.batches.map((b) => [b.batch, b.seats]),
      [
        [0, [0, 63]],
        [1, [64, 127]],
        [2, [128, 129]],
      ],
    );
    const closePlan = plans.closePlan(
      planPoolOf(contract, pool),
      planWallet(stranger.address),
      pool.utxo,
      seats,
      "refund",
    );
    assert.deepEqual(
      [...redeemersOf(closed.complete)].filter(([key]) => key.startsWith("0 ")).map(([, data]) => data),
      [closePlan.plan.scriptInputs[0]!.redeemer],
      "Refund{subroots} as the draft's plan writes it",
    );
    await submitted(s, closed, [stranger]);
    assert.deepEqual(mintOf(closed.complete), [[contract.policyId + id, -1n]], "the NFT is burnt");
    const outs = await outputsOfTx(s, closed.hash, 4);
    assert.deepEqual(chainOutputs(outs), planOutputs(closePlan.plan.outputs), "the draft's plan of the same split");
    const planPool = planPoolOf(contract, pool);
    const subroots = batchRoots(seats.map(leafOf));
    const needs = [64n * pay + extra, 64n * pay, 2n * pay];
    outs.slice(0, 3).forEach((u, j) => {
      assert.equal(u.output.address, contract.batchAddress.bech32);
      assert.deepEqual(
        u.output.amount.map((a) => a.unit),
        ["lovelace"],
      );
      assert.equal(lovelaceOf(u), needs[j]! > BATCH_MIN_LOVELACE ? needs[j]! : BATCH_MIN_LOVELACE);
      assert.deepEqual(decodeBatchDatum(u.output.plutusData!), {
        tournamentId: id,
        batch: j,
        subroot: subroots[j],
        count: j < 2 ? 64 : 2,
        pay,
        extra: j === 0 ? extra : 0n,
      });
    });
    const remainder = outs[3]!;
    assert.equal(remainder.output.address, admin.address);
    assert.equal(remainder.output.plutusData, encodePayoutTag(id, BRACKET));
    assert.equal(lovelaceOf(remainder), held - needs.reduce((a, b) => a + b, 0n));
    assert.equal(
      totalLovelace(await s.app.chain!.utxosAt(stranger.address)),
      strangerBefore - closed.fee,
      "the refund costs its submitter only the fee",
    );

    // The batches, each by another stranger: 2 (asked for), then the lowest (0), then 1.
    const paidSeats = new Map<number, string>();
    for (const ask of [2, undefined, 1]) {
      const payer = await fundedWallet(s, 30 * ADA);
      const payerAt = readAddress(payer.address, "changeAddress");
      const live = await s.app.chain!.utxosAt(contract.batchAddress.bech32);
      const before = totalLovelace(await s.app.chain!.utxosAt(payer.address));
      const built = await payBatch(ctx, contract, seats, live, {
        tournamentId: id,
        batch: ask,
        changeAddress: payerAt,
        utxos: fromChain(payer, "changeAddress"),
      });
      const j = ask ?? 0;
      assert.equal(built.batch, j);
      t.diagnostic(`batch ${j} (${built.seats[1] - built.seats[0] + 1} seats): ${stats(built.complete, built.fee)}`);
      await submitted(s, built, [payer]);
      const n = j < 2 ? 64 : 2;
      const paid = await outputsOfTx(s, built.hash, n);
      const batchUtxo = live.find((u) => u.input.txHash === closed.hash && u.input.outputIndex === j)!;
      assert.deepEqual(
        chainOutputs(paid),
        planOutputs(plans.batchPlan(planPool, planWallet(payer.address), batchUtxo, seats, j).outputs),
        `the draft's plan of batch ${j}`,
      );
      assert.equal(paid.length, n);
      paid.forEach((u, k) => {
        const seat = 64 * j + k;
        assert.equal(u.output.address, seats[seat]);
        assert.equal(lovelaceOf(u), pay + (seat === 0 ? extra : 0n));
        assert.equal(u.output.plutusData, encodePayoutTag(id, seat));
        assert.ok(!paidSeats.has(seat), `seat ${seat} paid once`);
        paidSeats.set(seat, u.output.address);
      });
      assert.equal(
        totalLovelace(await s.app.chain!.utxosAt(payer.address)),
        before - built.fee,
        "a batch costs its payer only the fee",
      );
      assert.equal(built.batchesRemaining, (await s.app.chain!.utxosAt(contract.batchAddress.bech32)).length);
      if (j === 2) {
        const again = await s.app.chain!.utxosAt(contract.batchAddress.bech32);
        await refused(
          () =>
            payBatch(ctx, contract, seats, again, {
              tournamentId: id,
              batch: 2,
              changeAddress: payerAt,
              utxos: fromChain(payer, "changeAddress"),
            }),
          /^batch is 2: batch 2 of tournament .* \(seats 128 to 129\) is paid already, each seat once\. Unpaid: 0, 1/,
        );
      }
    }
    assert.equal(paidSeats.size, BRACKET, "every seat paid");
    assert.deepEqual(
      [...paidSeats.entries()].sort((a, b) => a[0] - b[0]).map(([, a]) => a),
      seats,
    );
    await refused(
      async () =>
        payBatch(ctx, contract, seats, await s.app.chain!.utxosAt(contract.batchAddress.bech32), {
          tournamentId: id,
          changeAddress: strangerAt,
          utxos: fromChain(stranger, "changeAddress"),
        }),
      /Nothing is left to refund in tournament .*: each of its 3 batches is paid already/,
    );
  });

  it("cancels 65 seats into a batch of 64 and one of a seat, topped up from the creation's reserve", async (t) => {
    const ctx = contextOf(s);
    const adminAt = readAddress(admin.address, "adminAddress");
    const fee = 1_300_000n;
    // Prizes within the entry fees: no deposit, each seat owed its 1.3 ADA, under BATCH_MIN_LOVELACE.
    const created = await createPool(ctx, contract, {
      name: "v3 short batch",
      adminAddress: adminAt,
      changeAddress: adminAt,
      bracketSize: 65,
      entryFee: fee,
      payoutStructure: [50_000_000n],
      fixedPayouts: [],
      utxos: fromChain(admin),
    });
    await submitted(s, created, [admin]);
    let pool = await livePool(s, contract, created.tournamentId);
    const id = pool.tournamentId;
    assert.equal(pool.lovelace, 2_700_000n, "the reserve: MIN_PAYOUT_LOVELACE + BATCH_MIN_LOVELACE");
    const players = await Promise.all(Array.from({ length: 65 }, () => newBaseWallet()));
    const regs = await registerMany(
      s,
      pool.registrationAddress.bech32,
      sponsor,
      players.map((p) => p.address),
      () => fee,
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
    const held = pool.lovelace;
    const closed = await cancelPool(ctx, contract, pool, seats, {
      adminAddress: adminAt,
      changeAddress: adminAt,
      utxos: fromChain(admin),
    });
    t.diagnostic(`cancel split of 65 (2 batches): ${stats(closed.complete, closed.fee)}`);
    assert.deepEqual(
      closed.batches.map((b) => [b.seats, b.lovelace]),
      [
        [[0, 63], 64n * fee],
        [[64, 64], BATCH_MIN_LOVELACE],
      ],
    );
    await submitted(s, closed, [admin]);
    const outs = await outputsOfTx(s, closed.hash, 3);
    assert.deepEqual(
      outs.map((u) => [u.output.address, lovelaceOf(u)]),
      [
        [contract.batchAddress.bech32, 64n * fee],
        [contract.batchAddress.bech32, BATCH_MIN_LOVELACE],
        [admin.address, held - 64n * fee - BATCH_MIN_LOVELACE],
      ],
    );
    assert.equal(outs[2]!.output.plutusData, encodePayoutTag(id, 65));

    // A cancel's batches are anyone's too: a stranger pays the short one and keeps its top-up.
    const payer = await fundedWallet(s, 30 * ADA);
    const before = totalLovelace(await s.app.chain!.utxosAt(payer.address));
    const live = await s.app.chain!.utxosAt(contract.batchAddress.bech32);
    const built = await payBatch(ctx, contract, seats, live, {
      tournamentId: id,
      batch: 1,
      changeAddress: readAddress(payer.address, "changeAddress"),
      utxos: fromChain(payer, "changeAddress"),
    });
    assert.equal(built.batchesRemaining, 1);
    await submitted(s, built, [payer]);
    const [paid] = await outputsOfTx(s, built.hash, 1);
    assert.deepEqual(
      [paid?.output.address, paid && lovelaceOf(paid), paid?.output.plutusData],
      [seats[64], fee, encodePayoutTag(id, 64)],
    );
    assert.equal(
      totalLovelace(await s.app.chain!.utxosAt(payer.address)),
      before - built.fee + (BATCH_MIN_LOVELACE - fee),
      "the top-up goes to whoever pays the last batch",
    );
  });
});
