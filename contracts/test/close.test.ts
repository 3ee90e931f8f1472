// Issue #8 property 6: an exit for every coin, without trusting the admin. Before the deadline
// (settle_by) the admin may settle a full bracket or cancel at any time; from the deadline on,
// anyone may refund, with no signature, and settling or adding is over. Cancel and refund burn the
// NFT, give every added participant the entry fee back in an output tagged [id, k], and give the
// admin the rest (deposit, min-UTxO) in an output tagged [id, N]. Registrations not yet added stay
// cancellable by their registrants.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { encodePayoutTag, REGISTRATION_ADD_REDEEMER } from "../../src/tournament/datum.js";
import { attempt, Chain, lovelaceOf, submitPlan, type TxPlan, type Wallet } from "./helpers.js";
import {
  addAll,
  assertLedgerRejected,
  assertScriptRejected,
  clonePlan,
  exists,
  makeWorld,
  openTournament,
  participantIndex,
  passDeadline,
  registerAll,
  registrationOf,
  SOON,
  taggedAt,
  type World,
} from "./fixture.js";
import {
  addPlan,
  cancelPlan,
  closePlan,
  datumOf,
  prizeOut,
  registrations,
  settlePlan,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";

const ADA = 1_000_000n;

let w: World;
let base: Chain;
/** Entry 5 ADA, prizes 40 ADA (a 20 ADA deposit); alice (twice) and bob added, 3 of 4; carol pending. */
let cup: Tournament;
/** Free entry, 30 ADA of sponsored prizes; alice and bob added. */
let free: Tournament;
/** mallory added. */
let other: Tournament;
/** A full bracket of two: alice and bob. */
let duel: Tournament;

before(async () => {
  w = await makeWorld();
  base = w.chain;
  cup = await openTournament(w, { ...SOON, name: "Deadline Cup", payoutStructure: [30n * ADA, 10n * ADA] });
  free = await openTournament(w, { ...SOON, name: "Free Cup", entryFee: 0n, payoutStructure: [20n * ADA, 10n * ADA] });
  other = await openTournament(w, { ...SOON, name: "Other Cup" });
  duel = await openTournament(w, { ...SOON, name: "Duel", bracketSize: 2, payoutStructure: [8n * ADA] });
  await registerAll(base, cup, [w.alice, w.alice, w.bob]);
  await addAll(base, cup, w.admin);
  await registerAll(base, cup, [w.carol]);
  await registerAll(base, free, [w.alice, w.bob]);
  await addAll(base, free, w.admin);
  await registerAll(base, other, [w.mallory]);
  await addAll(base, other, w.admin);
  await registerAll(base, duel, [w.alice, w.bob]);
  await addAll(base, duel, w.admin);
});

type How = "cancel" | "refund";

/** A snapshot where `how` is possible: before the deadline for a cancel, after it for a refund. */
const chainFor = (how: How, t: Tournament = cup): Chain =>
  how === "refund" ? passDeadline(base.snapshot(), t) : base.snapshot();
/** Who closes: the admin cancels, a stranger (mallory) refunds. */
const closer = (how: How): Wallet => (how === "refund" ? w.mallory : w.admin);

function honest(how: How, t: Tournament = cup) {
  const chain = chainFor(how, t);
  const current = tournamentUtxo(chain, t);
  return { chain, current, plan: closePlan(t, closer(how), current, how) };
}

/** Checks the chain after `t` was closed by `txHash`: fees back, remainder to the admin, NFT burnt. */
function assertClosed(
  chain: Chain,
  t: Tournament,
  before: { lovelace: bigint; participants: readonly string[] },
  txHash: string,
): void {
  const fee = t.config.entryFee;
  const n = before.participants.length;
  if (fee > 0n) {
    before.participants.forEach((p, k) => {
      const paid = taggedAt(chain, p, encodePayoutTag(t.id, k), txHash);
      assert.equal(paid.count, 1, `participant ${k} refunded in one output`);
      assert.equal(paid.lovelace, fee, `participant ${k} got the entry fee`);
    });
  }
  const rest = taggedAt(chain, t.config.adminAddress, encodePayoutTag(t.id, n), txHash);
  assert.equal(rest.count, 1, "one remainder output");
  assert.equal(rest.lovelace, before.lovelace - fee * BigInt(n), "the admin got everything else the tournament held");
  assert.equal(exists(chain, t.nftUnit), false, "the NFT is burnt");
}

describe("P6: an exit for every coin, without trusting the admin", () => {
  describe("the deadline", () => {
    it("attack: a cancel by someone other than the admin", async () => {
      const { chain, plan } = honest("cancel");
      const bad = clonePlan(plan);
      bad.payer = w.mallory;
      bad.requiredSigners = [w.mallory.pkh];
      assertScriptRejected(await attempt(chain, bad), "admin signature missing");
    });

    it("attack: a refund before the deadline (no validity start)", async () => {
      const chain = base.snapshot();
      const bad = closePlan(cup, w.mallory, tournamentUtxo(chain, cup), "refund");
      delete bad.validFrom;
      assertScriptRejected(await attempt(chain, bad), "refund only after the deadline");
    });

    it("attack: a refund whose validity starts exactly at the deadline", async () => {
      const chain = base.snapshot();
      chain.setSlot(Chain.slotOf(cup.config.settleBy));
      const bad = closePlan(cup, w.mallory, tournamentUtxo(chain, cup), "refund");
      bad.validFrom = Chain.slotOf(cup.config.settleBy);
      assertScriptRejected(await attempt(chain, bad), "refund only after the deadline");
    });

    it("attack: the admin refunds (instead of cancelling) before the deadline, signing", async () => {
      const chain = base.snapshot();
      const bad = closePlan(cup, w.admin, tournamentUtxo(chain, cup), "refund");
      delete bad.validFrom;
      bad.requiredSigners = [w.admin.pkh];
      assertScriptRejected(await attempt(chain, bad), "refund only after the deadline");
    });

    it("honest: the admin cancels after the deadline too (cancel has no deadline)", async () => {
      const chain = passDeadline(base.snapshot(), cup);
      const current = tournamentUtxo(chain, cup);
      const before = { lovelace: lovelaceOf(current), participants: datumOf(current).participants };
      const { txHash } = await submitPlan(chain, closePlan(cup, w.admin, current, "cancel"));
      assertClosed(chain, cup, before, txHash);
    });

    it("settling: validity ending at the deadline accepted, one slot later refused, after the deadline refused", async () => {
      const plan = (chain: Chain) => settlePlan(duel, w.admin, tournamentUtxo(chain, duel), [1]);
      const atDeadline = base.snapshot();
      await submitPlan(atDeadline, { ...plan(atDeadline), validTo: Chain.slotOf(duel.config.settleBy) });
      const chain = base.snapshot();
      assertScriptRejected(
        await attempt(chain, { ...plan(chain), validTo: Chain.slotOf(duel.config.settleBy) + 1 }),
        "the deadline has passed",
      );
      const late = passDeadline(base.snapshot(), duel);
      assertScriptRejected(await attempt(late, { ...plan(late), validTo: late.slot + 100 }), "the deadline has passed");
      const unbounded = plan(chain);
      delete unbounded.validTo;
      assertScriptRejected(await attempt(chain, unbounded), "the deadline has passed");
      // The honest plan, once the deadline has passed, is outside its validity interval: the ledger refuses it.
      assertLedgerRejected(await attempt(late, plan(late)), /outside the validity interval/);
    });

    it("adding: validity ending at the deadline accepted, one slot later refused, after the deadline refused", async () => {
      const plan = (chain: Chain) =>
        addPlan(cup, w.admin, tournamentUtxo(chain, cup), [registrationOf(chain, cup, w.carol.address)]).plan;
      const atDeadline = base.snapshot();
      await submitPlan(atDeadline, { ...plan(atDeadline), validTo: Chain.slotOf(cup.config.settleBy) });
      const chain = base.snapshot();
      assertScriptRejected(
        await attempt(chain, { ...plan(chain), validTo: Chain.slotOf(cup.config.settleBy) + 1 }),
        "the deadline has passed",
      );
      const late = passDeadline(base.snapshot(), cup);
      assertScriptRejected(await attempt(late, { ...plan(late), validTo: late.slot + 100 }), "the deadline has passed");
    });

    it("honest: a stranger refunds after the deadline, with no signature: each participant gets the fee, the admin the rest", async () => {
      const { chain, current, plan } = honest("refund");
      assert.deepEqual(plan.requiredSigners, []);
      const before = { lovelace: lovelaceOf(current), participants: datumOf(current).participants };
      assert.equal(before.participants.length, 3);
      const { txHash } = await submitPlan(chain, plan);
      assertClosed(chain, cup, before, txHash);
      assert.equal(
        taggedAt(chain, w.admin.address, encodePayoutTag(cup.id, 3), txHash).lovelace >= 20n * ADA,
        true,
        "the deposit is back",
      );
    });

    it("contention: two strangers race to refund: both build the same outputs, the first is taken, the second refused by the ledger (its input is spent)", async () => {
      const chain = passDeadline(base.snapshot(), cup);
      const current = tournamentUtxo(chain, cup);
      const first = closePlan(cup, w.mallory, current, "refund");
      const second = closePlan(cup, w.bob, current, "refund");
      const payouts = (p: TxPlan) => p.outputs.map((o) => [o.address, o.lovelace, o.datum]);
      assert.deepEqual(payouts(second), payouts(first), "whoever refunds, the tournament pays the same outputs");
      const before = { lovelace: lovelaceOf(current), participants: datumOf(current).participants };
      const { txHash } = await submitPlan(chain, first);
      assertClosed(chain, cup, before, txHash);
      assertLedgerRejected(
        await attempt(chain, second),
        new RegExp(
          `missing inputs: TreeSet\\(TransactionInput\\("${current.input.txHash}",${current.input.outputIndex}\\)`,
        ),
      );
    });

    it("honest: registrations not yet added stay cancellable after a refund, and can no longer be added", async () => {
      const { chain, plan } = honest("refund");
      await submitPlan(chain, plan);
      const pending = registrationOf(chain, cup, w.carol.address);
      const add = cancelPlan(cup, w.admin, pending);
      add.scriptInputs = [{ ...add.scriptInputs[0]!, redeemer: REGISTRATION_ADD_REDEEMER }];
      add.outputs = [{ address: w.admin.address, lovelace: lovelaceOf(pending) }];
      assertScriptRejected(await attempt(chain, add), "tournament not spent in this transaction");
      await submitPlan(chain, cancelPlan(cup, w.carol, pending));
      assert.equal(registrations(chain, cup).length, 0);
    });
  });

  for (const how of ["cancel", "refund"] as const) {
    describe(`${how}: the outputs`, () => {
      it(`honest: the ${how} pays every participant the entry fee and the admin the rest`, async () => {
        const { chain, current, plan } = honest(how);
        const before = { lovelace: lovelaceOf(current), participants: datumOf(current).participants };
        const { txHash } = await submitPlan(chain, plan);
        assertClosed(chain, cup, before, txHash);
      });

      /** The honest plan with outputs[i] replaced (or removed) — one thing changed. */
      const change = (plan: TxPlan, f: (outs: TxPlan["outputs"]) => void): TxPlan => {
        const bad = clonePlan(plan);
        f(bad.outputs);
        return bad;
      };

      it(`attack: one participant's refund missing`, async () => {
        const { chain, plan } = honest(how);
        const bob = participantIndex(chain, cup, w.bob.address);
        assertScriptRejected(
          await attempt(
            chain,
            change(plan, (o) => o.splice(bob, 1)),
          ),
          "refund paid to the wrong address",
        );
      });

      it(`attack: one participant's refund one lovelace short`, async () => {
        const { chain, plan } = honest(how);
        const bob = participantIndex(chain, cup, w.bob.address);
        const short = change(plan, (o) => (o[bob] = { ...o[bob]!, lovelace: cup.config.entryFee - 1n }));
        assertScriptRejected(await attempt(chain, short), "refund underpaid");
      });

      it(`attack: one output refunding both of alice's entries`, async () => {
        const { chain, plan } = honest(how);
        const first = participantIndex(chain, cup, w.alice.address, 0);
        const second = participantIndex(chain, cup, w.alice.address, 1);
        const merged = change(plan, (o) => {
          o[first] = { ...o[first]!, lovelace: 2n * cup.config.entryFee };
          o.splice(second, 1);
        });
        assertScriptRejected(await attempt(chain, merged), "refund paid to the wrong address");
      });

      it(`attack: the refunds in the wrong order`, async () => {
        const { chain, plan } = honest(how);
        const alice = participantIndex(chain, cup, w.alice.address);
        const bob = participantIndex(chain, cup, w.bob.address);
        const swapped = change(plan, (o) => ([o[alice], o[bob]] = [o[bob]!, o[alice]!]));
        assertScriptRejected(await attempt(chain, swapped), "refund paid to the wrong address");
      });

      it(`attack: a refund untagged, or tagged with another index`, async () => {
        const { chain, plan } = honest(how);
        const bob = participantIndex(chain, cup, w.bob.address);
        for (const datum of [undefined, encodePayoutTag(cup.id, bob + 1)]) {
          const bad = change(plan, (o) => (o[bob] = { ...o[bob]!, datum }));
          assertScriptRejected(await attempt(chain, bad), "refund output not tagged");
        }
      });

      it(`attack: the remainder paid to someone other than the admin`, async () => {
        const { chain, plan } = honest(how);
        const n = plan.outputs.length - 1;
        const bad = change(plan, (o) => (o[n] = { ...o[n]!, address: w.mallory.address }));
        assertScriptRejected(await attempt(chain, bad), "remainder paid to another address than the admin");
      });

      it(`attack: the remainder one lovelace short`, async () => {
        const { chain, plan } = honest(how);
        const n = plan.outputs.length - 1;
        const bad = change(plan, (o) => (o[n] = { ...o[n]!, lovelace: o[n]!.lovelace - 1n }));
        assertScriptRejected(await attempt(chain, bad), "remainder underpaid");
      });

      it(`attack: the remainder untagged`, async () => {
        const { chain, plan } = honest(how);
        const n = plan.outputs.length - 1;
        const bad = change(plan, (o) => (o[n] = { ...o[n]!, datum: undefined }));
        assertScriptRejected(await attempt(chain, bad), "remainder output not tagged");
      });

      it(`attack: the NFT not burnt (kept in the remainder)`, async () => {
        const { chain, plan } = honest(how);
        const n = plan.outputs.length - 1;
        const bad = change(plan, (o) => (o[n] = { ...o[n]!, assets: [{ unit: cup.nftUnit, quantity: "1" }] }));
        bad.mints = [];
        assertScriptRejected(await attempt(chain, bad), "NFT not burnt");
      });

      it(`attack: two tournaments closed in one transaction`, async () => {
        const { chain, plan } = honest(how);
        const second = closePlan(other, closer(how), tournamentUtxo(chain, other), how);
        await submitPlan(chain.snapshot(), second);
        const both = clonePlan(plan);
        both.scriptInputs.push(second.scriptInputs[0]!);
        both.mints.push(second.mints[0]!);
        both.outputs.push(...second.outputs);
        assertScriptRejected(await attempt(chain, both), "one tournament per transaction");
      });

      it(`honest: a free tournament's ${how}: no refund outputs, only the remainder, tagged N`, async () => {
        const { chain, current, plan } = honest(how, free);
        assert.equal(plan.outputs.length, 1);
        const before = { lovelace: lovelaceOf(current), participants: datumOf(current).participants };
        assert.equal(before.participants.length, 2);
        const { txHash } = await submitPlan(chain, plan);
        assertClosed(chain, free, before, txHash);
      });

      it(`attack: a free tournament's ${how} with the remainder tagged 0 instead of N`, async () => {
        const { chain, plan, current } = honest(how, free);
        const bad = clonePlan(plan);
        bad.outputs[0] = prizeOut(free, free.config.adminAddress, lovelaceOf(current), 0);
        assertScriptRejected(await attempt(chain, bad), "remainder output not tagged");
      });
    });
  }
});
