// Scale: a bracket of 64 participants (base addresses, the larger kind), added over two
// transactions, then settled, cancelled or refunded in one transaction each, every transaction
// inside the ledger's size and ExUnits limits (issue #8: a bracket of 64 still fills and settles;
// its cancel and refund fit in one transaction each).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { buildPlan, type Chain, MAX_TX_MEM, MAX_TX_SIZE, MAX_TX_STEPS, submitPlan, type TxPlan } from "./helpers.js";
import { CUP, exists, makeWorld, openTournament, passDeadline, type World } from "./fixture.js";
import {
  addPlan,
  closePlan,
  datumOf,
  ledgerOrder,
  registerPlan,
  registrations,
  settlePlan,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";

const baseAddress = () =>
  serializeAddressObj(pubKeyAddress(randomBytes(28).toString("hex"), randomBytes(28).toString("hex")), 0);

let w: World;
let t: Tournament;

before(async () => {
  w = await makeWorld();
  t = await openTournament(w, {
    ...CUP,
    name: "Sixty-four",
    bracketSize: 64,
    payoutStructure: [100_000_000n, 60_000_000n, 40_000_000n],
    fixedPayouts: [{ address: baseAddress(), amount: 5_000_000n }],
  });
  for (let i = 0; i < 64; i += 32)
    await submitPlan(w.chain, registerPlan(t, w.bob, Array.from({ length: 32 }, baseAddress)));
});

/** Submits and checks the transaction stayed within the ledger's limits; returns what it used. */
async function withinLimits(chain: Chain, plan: TxPlan): Promise<string> {
  const tx = await buildPlan(chain, plan);
  const budgets = chain.evaluate(tx);
  const mem = budgets.reduce((s, r) => s + r.budget.mem, 0);
  const steps = budgets.reduce((s, r) => s + r.budget.steps, 0);
  assert.ok(tx.length / 2 <= MAX_TX_SIZE, `size ${tx.length / 2}`);
  assert.ok(mem <= Number(MAX_TX_MEM), `mem ${mem}`);
  assert.ok(steps <= Number(MAX_TX_STEPS), `steps ${steps}`);
  const r = chain.submit(tx);
  assert.ok(r.ok, r.error);
  const pct = (a: number, b: bigint) => ((100 * a) / Number(b)).toFixed(1);
  return `${tx.length / 2} B, memory ${pct(mem, MAX_TX_MEM)} %, steps ${pct(steps, MAX_TX_STEPS)} %`;
}

describe("scale: 64 participants", () => {
  let full: Chain | undefined;
  const filled = (): Chain => {
    if (!full) throw new Error("the bracket was not filled (the first test failed)");
    return full.snapshot();
  };

  it("adds 64 registrations in two transactions", async (c) => {
    const chain = w.chain;
    const regs = registrations(chain, t).sort(ledgerOrder);
    assert.equal(regs.length, 64);
    c.diagnostic(
      `add 32: ${await withinLimits(chain, addPlan(t, w.admin, tournamentUtxo(chain, t), regs.slice(0, 32)).plan)}`,
    );
    c.diagnostic(
      `add 32 more: ${await withinLimits(chain, addPlan(t, w.admin, tournamentUtxo(chain, t), regs.slice(32)).plan)}`,
    );
    assert.equal(datumOf(tournamentUtxo(chain, t)).participants.length, 64);
    full = chain;
  });

  it("settles the full bracket in one transaction", async (c) => {
    const chain = filled();
    c.diagnostic(`settle: ${await withinLimits(chain, settlePlan(t, w.admin, tournamentUtxo(chain, t), [63, 0, 31]))}`);
    assert.equal(exists(chain, t.nftUnit), false);
  });

  it("cancels the full bracket in one transaction (64 refunds and the remainder)", async (c) => {
    const chain = filled();
    c.diagnostic(`cancel: ${await withinLimits(chain, closePlan(t, w.admin, tournamentUtxo(chain, t), "cancel"))}`);
    assert.equal(exists(chain, t.nftUnit), false);
  });

  it("refunds the full bracket in one transaction, after the deadline", async (c) => {
    const chain = passDeadline(filled(), t);
    c.diagnostic(`refund: ${await withinLimits(chain, closePlan(t, w.bob, tournamentUtxo(chain, t), "refund"))}`);
    assert.equal(exists(chain, t.nftUnit), false);
  });
});
