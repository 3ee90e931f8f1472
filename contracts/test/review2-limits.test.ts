// Independent review 2 (helper "review2"): can an admin choose a configuration whose exit without
// the admin (a stranger's refund after the deadline) does not fit in one transaction, or costs the
// stranger more than a fee? The largest configuration the policy accepts (bracket 64, 32
// placements, 8 fixed payouts to base addresses, a 64-byte name, the smallest entry fee, prizes
// above the entry fees so that a full bracket's refund also shares the deposit), filled with 64
// distinct base addresses (the widest key address), then refunded by a stranger.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { MIN_PAYOUT_LOVELACE } from "../../src/tournament/limits.js";
import { depositOf } from "../../src/tournament/rules.js";
import { buildPlan, type Chain, lovelaceOf, MAX_TX_MEM, MAX_TX_SIZE, MAX_TX_STEPS, submitPlan } from "./helpers.js";
import { CUP, exists, makeWorld, openTournament, passDeadline, type World } from "./fixture.js";
import {
  addPlan,
  closePlan,
  datumOf,
  ledgerOrder,
  registerPlan,
  registrations,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";

const ADA = 1_000_000n;
const baseAddress = () =>
  serializeAddressObj(pubKeyAddress(randomBytes(28).toString("hex"), randomBytes(28).toString("hex")), 0);

let w: World;
let t: Tournament;

before(async () => {
  w = await makeWorld();
  t = await openTournament(w, {
    ...CUP,
    name: "W".repeat(64),
    bracketSize: 64,
    entryFee: MIN_PAYOUT_LOVELACE,
    payoutStructure: Array.from({ length: 32 }, () => 3n * ADA),
    fixedPayouts: Array.from({ length: 8 }, () => ({ address: baseAddress(), amount: 3n * ADA })),
  });
  for (let i = 0; i < 2; i++)
    await submitPlan(w.chain, registerPlan(t, w.bob, Array.from({ length: 32 }, baseAddress)));
  const regs = registrations(w.chain, t).sort(ledgerOrder);
  for (const part of [regs.slice(0, 32), regs.slice(32)])
    await submitPlan(w.chain, addPlan(t, w.admin, tournamentUtxo(w.chain, t), part).plan);
});

describe("review2: the widest configuration's exit without the admin", () => {
  it("a stranger refunds the full 64 bracket of the largest configuration in one transaction, shares included, paying only the fee", async (c) => {
    const chain: Chain = passDeadline(w.chain.snapshot(), t);
    const pool = tournamentUtxo(chain, t);
    assert.equal(datumOf(pool).participants.length, 64);
    assert.ok(depositOf(t.config) > 0n, "the refund shares a deposit");
    const before = chain.utxosAt(w.carol.address).reduce((s, u) => s + lovelaceOf(u), 0n);
    const tx = await buildPlan(chain, closePlan(t, w.carol, pool, "refund"));
    const budgets = chain.evaluate(tx);
    const mem = budgets.reduce((s, r) => s + r.budget.mem, 0);
    const steps = budgets.reduce((s, r) => s + r.budget.steps, 0);
    const size = tx.length / 2;
    assert.ok(size <= MAX_TX_SIZE, `size ${size}`);
    assert.ok(mem <= Number(MAX_TX_MEM), `mem ${mem}`);
    assert.ok(steps <= Number(MAX_TX_STEPS), `steps ${steps}`);
    const r = chain.submit(tx);
    assert.ok(r.ok, r.error);
    const after = chain.utxosAt(w.carol.address).reduce((s, u) => s + lovelaceOf(u), 0n);
    const cost = before - after;
    assert.ok(cost < 2n * ADA, `the stranger paid ${cost}`);
    assert.equal(exists(chain, t.nftUnit), false);
    const pct = (a: number, b: bigint) => ((100 * a) / Number(b)).toFixed(1);
    c.diagnostic(
      `refund: ${size} B, memory ${pct(mem, MAX_TX_MEM)} %, steps ${pct(steps, MAX_TX_STEPS)} %, the stranger paid ${cost} lovelace`,
    );
  });
});
