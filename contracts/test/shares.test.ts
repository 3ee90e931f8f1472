// Issue #19 item 5: the promised prizes belong to the players once the bracket is full. Before, a
// cancel or refund gives each participant the entry fee back and the admin the rest (the deposit
// too). Once full, the only ways out are a settlement, or a cancel or refund that pays participant
// k at least entry_fee + floor(D / N), plus D mod N for the first, where D = deposit_of(config) =
// max(0, prizes − bracket × entry_fee); the admin's remainder is then what is left. v2 let the admin
// cancel a full bracket (after the games, say) and take the deposit back: that plan is refused now.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { encodePayoutTag } from "../../src/tournament/datum.js";
import { depositOf } from "../../src/tournament/rules.js";
import { v2ClosePlan } from "../v2/plans.js";
import { attempt, type Chain, lovelaceOf, submitPlan, type TxPlan, type Wallet } from "./helpers.js";
import {
  addAll,
  assertScriptRejected,
  clonePlan,
  exists,
  makeWorld,
  openTournament,
  passDeadline,
  registerAll,
  SOON,
  taggedAt,
  type World,
} from "./fixture.js";
import { closePlan, closeShares, datumOf, settlePlan, type Tournament, tournamentUtxo } from "./tournament-txs.js";

const ADA = 1_000_000n;

let w: World;
let base: Chain;
/** Full bracket of 4 (alice, bob, carol, mallory), entry 5 ADA, prizes 40 ADA + 3 lovelace: D = 20,000,003, shares 5 ADA, 3 to the first. */
let full: Tournament;
/** Free, full bracket of 2 (alice, bob), prizes 3,000,001: shares of 1,500,000, 1 to the first. */
let freeFull: Tournament;

before(async () => {
  w = await makeWorld();
  base = w.chain;
  full = await openTournament(w, { ...SOON, name: "Full", payoutStructure: [30n * ADA + 3n, 10n * ADA] });
  freeFull = await openTournament(w, {
    ...SOON,
    name: "Free full",
    bracketSize: 2,
    entryFee: 0n,
    payoutStructure: [3_000_001n],
  });
  await registerAll(base, full, [w.alice, w.bob, w.carol, w.mallory]);
  await addAll(base, full, w.admin);
  await registerAll(base, freeFull, [w.alice, w.bob]);
  await addAll(base, freeFull, w.admin);
});

type How = "cancel" | "refund";
const chainFor = (how: How, t: Tournament): Chain =>
  how === "refund" ? passDeadline(base.snapshot(), t) : base.snapshot();
const closer = (how: How): Wallet => (how === "refund" ? w.mallory : w.admin);

function honest(how: How, t: Tournament) {
  const chain = chainFor(how, t);
  const current = tournamentUtxo(chain, t);
  return { chain, current, plan: closePlan(t, closer(how), current, how) };
}

/** Checks on chain: participant k got exactly `expected[k]` in one output tagged [id, k], the admin the rest, the NFT burnt. */
function assertShared(
  chain: Chain,
  t: Tournament,
  before: { lovelace: bigint; participants: readonly string[] },
  txHash: string,
  expected: readonly bigint[],
): void {
  const n = before.participants.length;
  let paid = 0n;
  before.participants.forEach((p, k) => {
    const got = taggedAt(chain, p, encodePayoutTag(t.id, k), txHash);
    assert.equal(got.count, 1, `participant ${k} paid in one output`);
    assert.equal(got.lovelace, expected[k], `participant ${k}'s share`);
    paid += got.lovelace;
  });
  const rest = taggedAt(chain, t.config.adminAddress, encodePayoutTag(t.id, n), txHash);
  assert.equal(rest.count, 1, "one remainder output");
  assert.equal(rest.lovelace, before.lovelace - paid, "the admin got the rest");
  assert.equal(exists(chain, t.nftUnit), false, "the NFT is burnt");
}

describe("issue #19 item 5: once the bracket is full, a cancel or refund shares the deposit among the players", () => {
  it("the shares of the full bracket (bracket 4, entry 5 ADA, prizes 40 ADA + 3)", () => {
    assert.equal(depositOf(full.config), 20n * ADA + 3n);
    const { pay, deposit } = closeShares(full, tournamentUtxo(base, full));
    assert.equal(deposit, 20n * ADA + 3n);
    assert.deepEqual([0, 1, 2, 3].map(pay), [10n * ADA + 3n, 10n * ADA, 10n * ADA, 10n * ADA]);
  });

  for (const how of ["cancel", "refund"] as const) {
    it(`honest: the ${how} of a full bracket pays each participant the entry fee and an equal share, the remainder to the first`, async () => {
      const { chain, current, plan } = honest(how, full);
      const before = { lovelace: lovelaceOf(current), participants: datumOf(current).participants };
      assert.equal(before.participants.length, 4);
      const { txHash } = await submitPlan(chain, plan);
      assertShared(chain, full, before, txHash, [10n * ADA + 3n, 10n * ADA, 10n * ADA, 10n * ADA]);
    });

    it(`honest: the ${how} of a full free bracket pays the shares of the prizes only`, async () => {
      const { chain, current, plan } = honest(how, freeFull);
      const before = { lovelace: lovelaceOf(current), participants: datumOf(current).participants };
      const { txHash } = await submitPlan(chain, plan);
      assertShared(chain, freeFull, before, txHash, [1_500_001n, 1_500_000n]);
    });

    it(`attack: v2's ${how} of a full bracket (entry fees back, the deposit to the admin)`, async () => {
      const chain = chainFor(how, full);
      const plan = v2ClosePlan(full, closer(how), tournamentUtxo(chain, full), how);
      assertScriptRejected(await attempt(chain, plan), "refund underpaid");
    });

    it(`attack: v2's ${how} of a full free bracket (no refund outputs, everything to the admin)`, async () => {
      const chain = chainFor(how, freeFull);
      const plan = v2ClosePlan(freeFull, closer(how), tournamentUtxo(chain, freeFull), how);
      assert.equal(plan.outputs.length, 1);
      assertScriptRejected(await attempt(chain, plan), "refund paid to the wrong address");
    });

    /** The honest plan with output `k` lowered by `by` lovelace and the admin's remainder raised by as much. */
    const shifted = (plan: TxPlan, k: number, by: bigint): TxPlan => {
      const bad = clonePlan(plan);
      const n = bad.outputs.length - 1;
      bad.outputs[k] = { ...bad.outputs[k]!, lovelace: bad.outputs[k]!.lovelace - by };
      bad.outputs[n] = { ...bad.outputs[n]!, lovelace: bad.outputs[n]!.lovelace + by };
      return bad;
    };

    it(`attack: the ${how} without the first participant's D mod N (3 lovelace to the admin instead)`, async () => {
      const { chain, plan } = honest(how, full);
      assertScriptRejected(await attempt(chain, shifted(plan, 0, 3n)), "refund underpaid");
    });

    it(`attack: the ${how} paying the last participant one lovelace under the entry fee and its share`, async () => {
      const { chain, plan } = honest(how, full);
      assertScriptRejected(await attempt(chain, shifted(plan, 3, 1n)), "refund underpaid");
    });

    it(`attack: the ${how} paying the shares but the admin's remainder one lovelace short`, async () => {
      const { chain, plan } = honest(how, full);
      const bad = clonePlan(plan);
      const n = bad.outputs.length - 1;
      bad.outputs[n] = { ...bad.outputs[n]!, lovelace: bad.outputs[n]!.lovelace - 1n };
      assertScriptRejected(await attempt(chain, bad), "remainder underpaid");
    });
  }

  it("honest: a full bracket still settles (the shares apply to a cancel or refund only)", async () => {
    const chain = base.snapshot();
    await submitPlan(chain, settlePlan(full, w.admin, tournamentUtxo(chain, full), [2, 0]));
    assert.equal(exists(chain, full.nftUnit), false);
  });

  it("a bracket one short of full: the cancel is unchanged (entry fees back, the deposit to the admin)", async () => {
    const chain = base.snapshot();
    const t = await openTournament(
      w,
      { ...SOON, name: "Not full", payoutStructure: [30n * ADA + 3n, 10n * ADA] },
      chain,
    );
    await registerAll(chain, t, [w.alice, w.bob, w.carol]);
    await addAll(chain, t, w.admin);
    const current = tournamentUtxo(chain, t);
    const plan = closePlan(t, w.admin, current, "cancel");
    assert.deepEqual(plan, v2ClosePlan(t, w.admin, current, "cancel"));
    const { txHash } = await submitPlan(chain, plan);
    assertShared(chain, t, { lovelace: lovelaceOf(current), participants: datumOf(current).participants }, txHash, [
      5n * ADA,
      5n * ADA,
      5n * ADA,
    ]);
  });
});
