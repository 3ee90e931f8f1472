// A v3 tournament's whole life at a small bracket, built by the service's v3 builders
// (src/tournament/v3/) on its devnet, signed by the test's keys and submitted over HTTP: create
// ([config, 0, []], the reserve), register and unregister (v2.1's transactions, v3's registration
// validator), two adds (the datum's count and peaks, the pool's growth, an overpayment returned
// tagged [id, seat]), settle (placements and fixed payouts tagged, NFT burnt); and the 400s a
// request can get wrong on the way (a bracket of 1,025, 41 registrations, settle before the
// bracket is full).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { readAddress } from "../../src/cardano/address-rules.js";
import { encodePayoutTag } from "../../src/tournament/datum.js";
import { accumulatorOf, leafOf } from "../../src/tournament/seat-tree.js";
import { addToPool } from "../../src/tournament/v3/add.js";
import type { V3Contract } from "../../src/tournament/v3/contract.js";
import { createPool, CREATION_RESERVE } from "../../src/tournament/v3/create.js";
import { registerToPool, unregisterFromPool } from "../../src/tournament/v3/register.js";
import { settlePool } from "../../src/tournament/v3/settle.js";
import { startService, type RunningService } from "../support/service.js";
import { ADA, txStats } from "../support/tournament-api.js";
import { mintOf } from "../support/tx-decode.js";
import { lovelaceOf, quantityOf } from "../support/utxos.js";
import {
  contextOf,
  fromChain,
  livePool,
  outputsOfTx,
  registerMany,
  submitted,
  v3OnDevnet,
} from "../support/v3-contract.js";
import { chainOutputs, planOutputs, planPoolOf, plans, planWallet, redeemersOf } from "../support/v3-plans.js";
import { fundedWallet, newBaseWallet, type Funded } from "../support/wallets.js";

const FEE = 10n * 1_000_000n;
const addr = (w: { address: string }, field = "address") => readAddress(w.address, field);

/** Expects `run` to be refused with a 400 whose message matches. */
async function refused(run: () => Promise<unknown>, message: RegExp): Promise<void> {
  await assert.rejects(run, (e: Error & { statusCode?: number; code?: string }) => {
    assert.equal(e.statusCode, 400, e.message);
    assert.equal(e.code, "SVC_ERR_BAD_REQUEST");
    assert.match(e.message, message);
    return true;
  });
}

describe("v3: create, register, add, settle at a bracket of 4", () => {
  let s: RunningService;
  let contract: V3Contract;
  let admin: Funded;
  let players: Funded[];
  let sponsor: Funded;
  before(async () => {
    s = await startService();
    contract = await v3OnDevnet(s);
    admin = await fundedWallet(s, 300 * ADA);
    sponsor = await fundedWallet(s, 100 * ADA);
    players = [];
    for (let i = 0; i < 4; i++) players.push(await fundedWallet(s, 50 * ADA));
  });
  after(async () => {
    await s?.close();
  });

  it("goes from creation to settlement, each step's chain state as the contract wants it", async (t) => {
    const ctx = contextOf(s);
    const fixedTo = await newBaseWallet();
    const cup = {
      name: "v3 cup",
      adminAddress: addr(admin),
      changeAddress: addr(admin),
      entryFee: FEE,
      payoutStructure: [1_000_000_000n],
      fixedPayouts: [],
      utxos: fromChain(admin),
    };
    await refused(
      () => createPool(ctx, contract, { ...cup, bracketSize: 1025 }),
      /^bracketSize must be a whole number from 2 to 1024: larger brackets/,
    );
    const created = await createPool(ctx, contract, {
      name: "v3 cup",
      adminAddress: addr(admin),
      changeAddress: addr(admin),
      bracketSize: 4,
      entryFee: FEE,
      // Prizes 45 ADA over entry fees of 40: a deposit of 5 ADA.
      payoutStructure: [30n * 1_000_000n, 12n * 1_000_000n],
      fixedPayouts: [{ address: addr(fixedTo), amount: 3n * 1_000_000n }],
      utxos: fromChain(admin),
    });
    assert.equal(created.deposit, 5_000_000n);
    await submitted(s, created, [admin]);
    const id = created.tournamentId;
    let pool = await livePool(s, contract, id);
    assert.equal(pool.datum.count, 0);
    assert.deepEqual(pool.datum.peaks, []);
    assert.equal(pool.lovelace, 5_000_000n + CREATION_RESERVE, "the deposit and the reserve");
    assert.equal(quantityOf(pool.utxo, contract.policyId + id), 1n);
    t.diagnostic(`create: fee ${created.fee}, ${txStats(created.complete).size} B`);

    // Three players register through the builder (each signs its own); the fourth is registered
    // by the sponsor, overpaying by 2 ADA; a fifth registration is cancelled by its registrant.
    const regs: { address: string; outputRef: string }[] = [];
    for (const p of players.slice(0, 3)) {
      const r = await registerToPool(ctx, contract, pool, [], {
        tournamentId: pool.tournamentId,
        registererAddress: addr(p),
        changeAddress: addr(p),
        utxos: fromChain(p, "registererAddress"),
      });
      await submitted(s, r, [p]);
      regs.push({ address: p.address, outputRef: r.outputRef });
      const [out] = await outputsOfTx(s, r.hash, 1);
      assert.equal(out?.output.address, pool.registrationAddress.bech32);
      assert.equal(lovelaceOf(out!), FEE);
    }
    const [over] = await registerMany(
      s,
      pool.registrationAddress.bech32,
      sponsor,
      [players[3]!.address],
      () => FEE + 2_000_000n,
    );
    regs.push(over!);
    await refused(
      () =>
        registerToPool(ctx, contract, pool, [], {
          tournamentId: pool.tournamentId,
          registererAddress: addr(players[0]!, "registererAddress"),
          changeAddress: addr(players[0]!),
          utxos: fromChain(players[0]!, "registererAddress"),
        }),
      /registererAddress .* has a registration to tournament .* already/,
    );
    const extra = await fundedWallet(s, 30 * ADA);
    const cancelled = await registerToPool(ctx, contract, pool, [], {
      tournamentId: pool.tournamentId,
      registererAddress: addr(extra),
      changeAddress: addr(extra),
      utxos: fromChain(extra, "registererAddress"),
    });
    await submitted(s, cancelled, [extra]);
    const back = await unregisterFromPool(ctx, contract, pool, {
      tournamentId: pool.tournamentId,
      outputRef: cancelled.outputRef,
      registererAddress: addr(extra),
      changeAddress: addr(extra),
      utxos: fromChain(extra, "registererAddress"),
    });
    await submitted(s, back, [extra]);
    assert.deepEqual(await outputsOfTx(s, cancelled.hash, 1), [], "the cancelled registration is spent");

    // 41 registrations: refused before anything is read.
    await refused(
      () =>
        addToPool(ctx, contract, pool, [], {
          tournamentId: pool.tournamentId,
          adminAddress: addr(admin),
          changeAddress: addr(admin),
          registrations: Array.from({ length: 41 }, () => ({ address: addr(admin), outputRef: regs[0]!.outputRef })),
          utxos: fromChain(admin),
        }),
      /^registrations has 41 entries; at most 40 are added per transaction/,
    );

    // First add: two seats, in the ledger's order of their registrations.
    const firstTwo = regs.slice(0, 2);
    const add1 = await addToPool(ctx, contract, pool, [], {
      tournamentId: pool.tournamentId,
      adminAddress: addr(admin),
      changeAddress: addr(admin),
      registrations: firstTwo.map((r) => ({ address: readAddress(r.address, "address"), outputRef: r.outputRef })),
      utxos: fromChain(admin),
    });
    assert.equal(add1.participantCount, 2);
    assert.equal(add1.seatsLeft, 2);
    assert.deepEqual(new Set(add1.added), new Set(firstTwo.map((r) => r.address)));
    await submitted(s, add1, [admin]);
    let seats = [...add1.added];
    const before = pool.lovelace;
    pool = await livePool(s, contract, id);
    assert.equal(pool.datum.count, 2);
    assert.deepEqual(pool.datum.peaks, accumulatorOf(seats.map(leafOf)).peaks);
    assert.equal(pool.lovelace, before + 2n * FEE, "the pool grows by the entry fees");

    // Settling half a bracket: refused.
    await refused(
      () =>
        settlePool(ctx, contract, pool, seats, {
          adminAddress: addr(admin, "adminAddress"),
          changeAddress: addr(admin),
          results: seats.map((a) => readAddress(a, "results")),
          utxos: fromChain(admin),
        }),
      /Settlement needs a full bracket: tournament .* has 2 of 4 participants \(2 seats left to add\)/,
    );

    // Second add: the other two, the overpaid one's 2 ADA back to its registrant, tagged [id, seat].
    const add2 = await addToPool(ctx, contract, pool, seats, {
      tournamentId: pool.tournamentId,
      adminAddress: addr(admin),
      changeAddress: addr(admin),
      registrations: regs.slice(2).map((r) => ({ address: readAddress(r.address, "address"), outputRef: r.outputRef })),
      utxos: fromChain(admin),
    });
    assert.equal(add2.participantCount, 4);
    assert.equal(add2.seatsLeft, 0);
    const spent = await s.app.chain!.utxosByRef(
      regs.slice(2).map((r) => ({ txHash: r.outputRef.split("#")[0]!, index: Number(r.outputRef.split("#")[1]) })),
    );
    const addPlan = plans.addPlan(planPoolOf(contract, pool), planWallet(admin.address), pool.utxo, seats, spent);
    await submitted(s, add2, [admin]);
    seats = [...seats, ...add2.added];
    const overSeat = seats.indexOf(players[3]!.address);
    const returned = (await outputsOfTx(s, add2.hash, 3)).find((u) => u.output.address === players[3]!.address);
    assert.ok(returned, "the overpayment goes back");
    assert.equal(lovelaceOf(returned), 2_000_000n);
    assert.equal(returned.output.plutusData, encodePayoutTag(id, overSeat));
    assert.deepEqual(
      chainOutputs(await outputsOfTx(s, add2.hash, 2)),
      planOutputs(addPlan.plan.outputs),
      "the draft's plan of the same add",
    );
    assert.deepEqual(addPlan.seats, seats);
    const grown = pool.lovelace;
    pool = await livePool(s, contract, id);
    assert.equal(pool.datum.count, 4);
    assert.deepEqual(pool.datum.peaks, accumulatorOf(seats.map(leafOf)).peaks);
    assert.equal(pool.lovelace, grown + 2n * FEE);

    // Settle: the third player first, the first second; the fixed payout after them.
    const results = [players[2]!, players[0]!].map((p) => readAddress(p.address, "results"));
    const settled = await settlePool(ctx, contract, pool, seats, {
      adminAddress: addr(admin, "adminAddress"),
      changeAddress: addr(admin),
      results,
      utxos: fromChain(admin),
    });
    assert.deepEqual(settled.winners, [seats.indexOf(players[2]!.address), seats.indexOf(players[0]!.address)]);
    t.diagnostic(
      `settle at 4: fee ${settled.fee}, ${JSON.stringify(txStats(settled.complete), (_, v: unknown) => (typeof v === "bigint" ? String(v) : v))}`,
    );
    const settlePlan = plans.settlePlan(
      planPoolOf(contract, pool),
      planWallet(admin.address),
      pool.utxo,
      seats,
      settled.winners,
    );
    const spends = [...redeemersOf(settled.complete)].filter(([key]) => key.startsWith("0 "));
    assert.deepEqual(
      spends.map(([, data]) => data),
      [settlePlan.plan.scriptInputs[0]!.redeemer],
      "Settle{winners, proof} as the draft's plan writes it",
    );
    await submitted(s, settled, [admin]);
    const paid = await outputsOfTx(s, settled.hash, 3);
    assert.deepEqual(
      chainOutputs(paid),
      planOutputs(settlePlan.plan.outputs),
      "the draft's plan of the same settlement",
    );
    assert.deepEqual(
      paid.map((u) => [u.output.address, lovelaceOf(u), u.output.plutusData]),
      [
        [players[2]!.address, 30_000_000n, encodePayoutTag(id, 0)],
        [players[0]!.address, 12_000_000n, encodePayoutTag(id, 1)],
        [fixedTo.address, 3_000_000n, encodePayoutTag(id, 2)],
      ],
    );
    assert.deepEqual(mintOf(settled.complete), [[contract.policyId + id, -1n]], "the NFT is burnt");
    const last = await s.app.chain!.lastOutputWith(contract.policyId + id);
    assert.equal(last?.spentBy?.txHash, settled.hash, "the pool is spent by the settlement");
  });
});
