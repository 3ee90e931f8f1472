// Issue #8 property 3: prizes are guaranteed on chain. The creator (or a sponsor paying for the
// creation) deposits in the tournament output whatever the prizes exceed a full bracket's entry fees
// by, and the policy checks it; so a free tournament with sponsored prizes and a paid one with a
// sponsor's top-up both run to the end, and at settlement the pool covers every prize.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { encodePayoutTag, encodeRegistrationDatum } from "../../src/tournament/datum.js";
import { MIN_PAYOUT_LOVELACE } from "../../src/tournament/limits.js";
import { depositOf, prizesOf } from "../../src/tournament/rules.js";
import { attempt, type Chain, hasOnlyAda, lovelaceOf, submitPlan, type Wallet } from "./helpers.js";
import {
  assertScriptRejected,
  clonePlan,
  CUP,
  exists,
  makeWorld,
  participantIndex,
  registerAll,
  taggedAt,
  type World,
} from "./fixture.js";
import {
  addPlan,
  type ConfigInput,
  createPlan,
  datumOf,
  deploy,
  ledgerOrder,
  registrations,
  settlePlan,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";

const ADA = 1_000_000n;

/** Paid entry (4 × 5 ADA = 20 ADA) with 40 ADA of prizes: a deposit of 20 ADA. */
const TOPPED_UP: ConfigInput = { ...CUP, name: "Sponsored Cup", payoutStructure: [30n * ADA, 10n * ADA] };
/** Free entry with 30 ADA of prizes: a deposit of 30 ADA. */
const FREE: ConfigInput = { ...CUP, name: "Free Cup", entryFee: 0n, payoutStructure: [20n * ADA, 10n * ADA] };

let w: World;
before(async () => {
  w = await makeWorld();
});

/** The creation of `input` for `admin`, paid (seed, deposit, fees) by `payer`. */
function creation(input: ConfigInput, payer: Wallet = w.admin, chain: Chain = w.chain.snapshot()) {
  const seed = chain.utxosAt(payer.address).filter(hasOnlyAda)[0]!;
  const { plan, tournament } = createPlan(w.ref, w.admin, input, seed);
  return { chain, tournament, plan: { ...clonePlan(plan), payer } };
}

const adaOf = (chain: Chain, wallet: Wallet): bigint =>
  chain.utxosAt(wallet.address).reduce((s, u) => s + lovelaceOf(u), 0n);

/**
 * Creates (paid by `payer`), registers alice, bob, carol and mallory, adds them, settles with
 * `winners` (wallets in placement order) and checks every prize output on chain.
 */
async function runToTheEnd(
  input: ConfigInput,
  payer: Wallet,
  winners: readonly Wallet[],
): Promise<{ chain: Chain; t: Tournament }> {
  const { chain, tournament: t, plan } = creation(input, payer);
  const adminBefore = adaOf(chain, w.admin);
  const payerBefore = adaOf(chain, payer);
  await submitPlan(chain, plan);
  const created = tournamentUtxo(chain, t);
  assert.ok(lovelaceOf(created) >= depositOf(t.config), "the deposit is in the tournament output");
  if (payer !== w.admin) {
    assert.equal(adaOf(chain, w.admin), adminBefore, "the admin paid nothing");
    assert.ok(payerBefore - adaOf(chain, payer) >= depositOf(t.config), "the sponsor paid the deposit");
  }
  [t.refs.registration] = await deploy(chain, w.mallory, [t.registration]);
  const players = [w.alice, w.bob, w.carol, w.mallory];
  await registerAll(chain, t, players);
  const regs = registrations(chain, t).sort(ledgerOrder);
  await submitPlan(chain, addPlan(t, w.admin, tournamentUtxo(chain, t), regs).plan);
  const full = tournamentUtxo(chain, t);
  assert.equal(datumOf(full).participants.length, 4);
  if (t.config.entryFee === 0n) {
    // A free registration holds only an output's minimum: all of it went back to its registrant.
    regs.forEach((r, k) => {
      const to = datumOf(full).participants[k]!;
      assert.equal(r.output.plutusData, encodeRegistrationDatum(to));
      assert.ok(taggedAt(chain, to, encodePayoutTag(t.id, k)).lovelace >= lovelaceOf(r), `registration ${k} returned`);
    });
  }
  assert.ok(lovelaceOf(full) >= prizesOf(t.config), "the pool covers every prize");
  const indices = winners.map((p) => participantIndex(chain, t, p.address));
  const { txHash } = await submitPlan(chain, settlePlan(t, w.admin, full, indices));
  assert.equal(exists(chain, t.nftUnit), false, "the NFT is burnt");
  t.config.payoutStructure.forEach((amount, k) => {
    const prize = taggedAt(chain, winners[k]!.address, encodePayoutTag(t.id, k), txHash);
    assert.equal(prize.count, 1, `one output for placement ${k}`);
    assert.equal(prize.lovelace, amount, `placement ${k} paid exactly`);
  });
  t.config.fixedPayouts.forEach((f, j) => {
    const paid = taggedAt(chain, f.address, encodePayoutTag(t.id, t.config.payoutStructure.length + j), txHash);
    assert.equal(paid.lovelace, f.amount, `fixed payout ${j} paid exactly`);
  });
  return { chain, t };
}

describe("P3: prizes are guaranteed on chain", () => {
  // v2.1 (issue #19): the deposit and MIN_PAYOUT_LOVELACE beyond it, so that the admin's remainder
  // output of a cancel or refund (the pool less the entry fees and, once full, the deposit) pays for
  // itself: a stranger's refund needs nothing but the fee (v2 accepted exactly the deposit).
  it("attack: a tournament output holding one lovelace less than the deposit and MIN_PAYOUT_LOVELACE, or exactly the deposit", async () => {
    const { chain, plan, tournament } = creation(TOPPED_UP);
    const deposit = depositOf(tournament.config);
    assert.equal(deposit, 20n * ADA);
    for (const lovelace of [deposit + MIN_PAYOUT_LOVELACE - 1n, deposit]) {
      const bad = clonePlan(plan);
      bad.outputs[0] = { ...plan.outputs[0]!, lovelace };
      assertScriptRejected(await attempt(chain, bad), "deposit does not cover the prizes");
    }
  });

  it("honest: a tournament output holding exactly the deposit and MIN_PAYOUT_LOVELACE", async () => {
    const { chain, plan, tournament } = creation(TOPPED_UP);
    const p = clonePlan(plan);
    p.outputs[0] = { ...plan.outputs[0]!, lovelace: depositOf(tournament.config) + MIN_PAYOUT_LOVELACE };
    await submitPlan(chain, p);
    assert.equal(lovelaceOf(tournamentUtxo(chain, tournament)), 20n * ADA + MIN_PAYOUT_LOVELACE);
  });

  it("attack: a free tournament with prizes and no deposit (only the output's minimum)", async () => {
    const { chain, plan, tournament } = creation(FREE);
    const bad = clonePlan(plan);
    bad.outputs[0] = { ...plan.outputs[0]!, lovelace: plan.outputs[0]!.lovelace - depositOf(tournament.config) };
    assertScriptRejected(await attempt(chain, bad), "deposit does not cover the prizes");
  });

  it("honest: a free tournament with sponsored prizes and a fixed payout: create → register → add → settle", async () => {
    const input = { ...FREE, fixedPayouts: [{ address: w.carol.address, amount: 3n * ADA }] };
    await runToTheEnd(input, w.admin, [w.mallory, w.bob]);
  });

  it("honest: a paid tournament whose creation a sponsor pays, deposit included: create → register → add → settle", async () => {
    await runToTheEnd(TOPPED_UP, w.carol, [w.alice, w.carol]);
  });
});
