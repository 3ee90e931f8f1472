// Scale: a bracket of 64 participants (base addresses, the larger kind), added over two
// transactions and settled in one, every transaction inside the ledger's size and ExUnits limits.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { buildPlan, type Chain, MAX_TX_MEM, MAX_TX_SIZE, MAX_TX_STEPS, submitPlan, type TxPlan } from "./helpers.js";
import { CUP, makeWorld, openTournament, type World } from "./fixture.js";
import { addPlan, datumOf, ledgerOrder, registerPlan, registrations, settlePlan, type Tournament, tournamentUtxo } from "./tournament-txs.js";

const baseAddress = () => serializeAddressObj(pubKeyAddress(randomBytes(28).toString("hex"), randomBytes(28).toString("hex")), 0);

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
  for (let i = 0; i < 64; i += 32) await submitPlan(w.chain, registerPlan(t, w.bob, Array.from({ length: 32 }, baseAddress)));
});

/** Submits and checks the transaction stayed within the ledger's limits. */
async function withinLimits(chain: Chain, plan: TxPlan): Promise<void> {
  const tx = await buildPlan(chain, plan);
  const budgets = chain.evaluate(tx);
  const mem = budgets.reduce((s, r) => s + r.budget.mem, 0);
  const steps = budgets.reduce((s, r) => s + r.budget.steps, 0);
  assert.ok(tx.length / 2 <= MAX_TX_SIZE, `size ${tx.length / 2}`);
  assert.ok(mem <= Number(MAX_TX_MEM), `mem ${mem}`);
  assert.ok(steps <= Number(MAX_TX_STEPS), `steps ${steps}`);
  const r = chain.submit(tx);
  assert.ok(r.ok, r.error);
}

describe("scale: 64 participants", () => {
  it("adds 64 registrations in two transactions and settles them in one", async () => {
    const chain = w.chain;
    const regs = registrations(chain, t).sort(ledgerOrder);
    assert.equal(regs.length, 64);
    await withinLimits(chain, addPlan(t, w.admin, tournamentUtxo(chain, t), regs.slice(0, 32)).plan);
    await withinLimits(chain, addPlan(t, w.admin, tournamentUtxo(chain, t), regs.slice(32)).plan);
    const d = datumOf(tournamentUtxo(chain, t));
    assert.equal(d.participants.length, 64);
    await withinLimits(chain, settlePlan(t, w.admin, tournamentUtxo(chain, t), [63, 0, 31]));
    assert.equal(chain.allUtxos().some((u) => u.output.amount.some((a) => a.unit === t.nftUnit)), false);
  });
});
