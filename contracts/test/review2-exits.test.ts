// Independent review 2 (helper "review2"): registrations and payouts in shapes the suite's plans
// never build: a tournament whose datum names another tournament's registration validator, a
// registration whose datum is given by hash, a registration address with someone else's stake
// part, a pool or a prize whose datum is given by hash, and refund outputs loaded by the refunder.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { MeshTxBuilder, scriptAddress, serializeAddressObj } from "@meshsdk/core";
import { encodePayoutTag, encodeRegistrationDatum, encodeTournamentDatum } from "../../src/tournament/datum.js";
import { attempt, type Chain, hasOnlyAda, lovelaceOf, mintNativeToken, PARAMS, submitPlan } from "./helpers.js";
import {
  addAll,
  assertScriptFailed,
  assertScriptRejected,
  clonePlan,
  CUP,
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
  createPlan,
  datumOf,
  registerPlan,
  settlePlan,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";

const ADA = 1_000_000n;

let w: World;
let base: Chain;
/** mallory's registration pending. */
let victim: Tournament;
/** Created by the admin with victim's registration hash in its datum. */
let sweeper: Tournament;
/** A full bracket of two (alice, bob), deadline one day after the start. */
let duel: Tournament;
/** alice added; open 30 days. */
let cup: Tournament;

before(async () => {
  w = await makeWorld();
  base = w.chain;
  victim = await openTournament(w, { ...CUP, name: "Victim" });
  await registerAll(base, victim, [w.mallory]);
  // The sweeper: an honest creation with one thing changed, the registration hash in its datum.
  const seed = base.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
  const { plan, tournament } = createPlan(w.ref, w.admin, { ...CUP, name: "Sweeper" }, seed);
  sweeper = {
    ...tournament,
    config: { ...tournament.config, registrationHash: victim.registration.hash },
    registration: victim.registration,
    registrationAddress: victim.registrationAddress,
    refs: { tournament: w.ref, registration: victim.refs.registration! },
  };
  await submitPlan(base, {
    ...plan,
    outputs: [{ ...plan.outputs[0]!, datum: encodeTournamentDatum({ config: sweeper.config, participants: [] }) }],
  });
  duel = await openTournament(w, { ...SOON, name: "Duel", bracketSize: 2, payoutStructure: [8n * ADA] });
  await registerAll(base, duel, [w.alice, w.bob]);
  await addAll(base, duel, w.admin);
  cup = await openTournament(w, { ...CUP, name: "Cup" });
  await registerAll(base, cup, [w.alice]);
  await addAll(base, cup, w.admin);
});

describe("review2: a tournament whose datum names another tournament's registration validator", () => {
  it("attack: the sweeper's add takes the victim's pending registration, spent with Add (refused by the victim's registration: its NFT is not in output 0)", async () => {
    const chain = base.snapshot();
    const reg = registrationOf(chain, victim, w.mallory.address);
    const { plan } = addPlan(sweeper, w.admin, tournamentUtxo(chain, sweeper), [reg]);
    assertScriptRejected(await attempt(chain, plan), "tournament not spent in this transaction");
    // And mallory still cancels it.
    await submitPlan(chain, cancelPlan(victim, w.mallory, reg));
  });

  it("observed, by consent only: the registrant's own Cancel (its signature) moves it into the sweeper, where it is checked and appended", async () => {
    const chain = base.snapshot();
    const reg = registrationOf(chain, victim, w.mallory.address);
    const { plan } = addPlan(sweeper, w.admin, tournamentUtxo(chain, sweeper), [reg]);
    const consent = clonePlan(plan);
    consent.scriptInputs[1] = {
      ...plan.scriptInputs[1]!,
      redeemer: cancelPlan(victim, w.mallory, reg).scriptInputs[0]!.redeemer,
    };
    // Without the registrant's signature: refused.
    assertScriptRejected(await attempt(chain, consent), "registrant signature missing");
    consent.requiredSigners.push(w.mallory.pkh);
    consent.signers.push(w.mallory);
    await submitPlan(chain, consent);
    assert.deepEqual(datumOf(tournamentUtxo(chain, sweeper)).participants, [w.mallory.address]);
  });
});

describe("review2: the pool referenced, not spent", () => {
  it("attack: registrations swept by a transaction that only references the pool (output 0 at the tournament address, without the NFT)", async () => {
    const chain = base.snapshot();
    await registerAll(chain, cup, [w.bob]);
    const reg = registrationOf(chain, cup, w.bob.address);
    const pool = tournamentUtxo(chain, cup);
    const { plan } = addPlan(cup, w.admin, pool, [reg]);
    const bad = clonePlan(plan);
    // The pool stays where it is (a reference input); output 0 imitates it with the admin's ada.
    bad.scriptInputs = bad.scriptInputs.slice(1);
    bad.referenceInputs = [pool];
    bad.outputs = [
      { ...plan.outputs[0]!, assets: [] },
      { address: w.admin.address, lovelace: CUP.entryFee },
    ];
    assertScriptRejected(await attempt(chain, bad), "tournament not spent in this transaction");
  });
});

describe("review2: datums given by hash", () => {
  /** bob's registration to cup with his address as a datum hash, not inline. */
  async function hashedRegistration(chain: Chain): Promise<{ reg: UTxO; datum: string }> {
    const datum = encodeRegistrationDatum(w.bob.address);
    const { txHash } = await submitPlan(chain, {
      payer: w.bob,
      scriptInputs: [],
      walletInputs: [],
      mints: [],
      outputs: [{ address: cup.registrationAddress, lovelace: CUP.entryFee, datumHash: datum }],
      requiredSigners: [],
      signers: [],
    });
    const reg = chain.utxosAt(cup.registrationAddress).find((u) => u.input.txHash === txHash)!;
    return { reg, datum };
  }

  it("a registration whose datum is a hash cannot be added (the add reads inline datums), and its registrant cancels it with the datum in the witness set", async () => {
    const chain = base.snapshot();
    const { reg, datum } = await hashedRegistration(chain);
    // The honest add's shape, with the registration's datum supplied by the admin.
    const { plan } = addPlan(cup, w.admin, tournamentUtxo(chain, cup), [
      { ...reg, output: { ...reg.output, plutusData: datum } },
    ]);
    const add = clonePlan(plan);
    add.scriptInputs[1] = { ...add.scriptInputs[1]!, utxo: reg, datum };
    assertScriptFailed(await attempt(chain, add));
    const cancel = clonePlan(cancelPlan(cup, w.bob, reg));
    cancel.scriptInputs[0] = { ...cancel.scriptInputs[0]!, datum };
    const before = chain.utxosAt(w.bob.address).reduce((s, u) => s + lovelaceOf(u), 0n);
    await submitPlan(chain, cancel);
    const after = chain.utxosAt(w.bob.address).reduce((s, u) => s + lovelaceOf(u), 0n);
    assert.ok(after > before + CUP.entryFee - ADA, "bob has his entry fee back, less the fee");
    assert.equal(
      chain.utxosAt(cup.registrationAddress).some((u) => u.input.txHash === reg.input.txHash),
      false,
    );
  });

  it("attack: a creation whose tournament output carries its datum by hash (nobody could read the configuration)", async () => {
    const chain = base.snapshot();
    const seed = chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
    const { plan } = createPlan(w.ref, w.admin, { ...CUP, name: "Hidden" }, seed);
    const bad = clonePlan(plan);
    bad.outputs[0] = { ...plan.outputs[0]!, datum: undefined, datumHash: plan.outputs[0]!.datum! };
    assertScriptFailed(await attempt(chain, bad));
  });

  it("attack: an add whose continuing pool output carries its datum by hash (the next reader could not see it)", async () => {
    const chain = base.snapshot();
    await registerAll(chain, cup, [w.bob]);
    const { plan } = addPlan(cup, w.admin, tournamentUtxo(chain, cup), [registrationOf(chain, cup, w.bob.address)]);
    const bad = clonePlan(plan);
    bad.outputs[0] = { ...plan.outputs[0]!, datum: undefined, datumHash: plan.outputs[0]!.datum! };
    assertScriptFailed(await attempt(chain, bad));
  });

  it("attack: a settlement whose prize output carries its tag by hash", async () => {
    const chain = base.snapshot();
    const plan = settlePlan(duel, w.admin, tournamentUtxo(chain, duel), [0]);
    const bad = clonePlan(plan);
    bad.outputs[0] = { ...plan.outputs[0]!, datum: undefined, datumHash: plan.outputs[0]!.datum! };
    assertScriptRejected(await attempt(chain, bad), "placement output not tagged");
  });

  it("attack: a refund whose remainder carries its tag by hash", async () => {
    const chain = passDeadline(base.snapshot(), duel);
    const plan = closePlan(duel, w.mallory, tournamentUtxo(chain, duel), "refund");
    const bad = clonePlan(plan);
    const last = plan.outputs.length - 1;
    bad.outputs[last] = { ...plan.outputs[last]!, datum: undefined, datumHash: plan.outputs[last]!.datum! };
    assertScriptRejected(await attempt(chain, bad), "remainder output not tagged");
  });
});

describe("review2: stake parts and loaded outputs", () => {
  it("honest: a registration at the registration script with mallory's stake key, naming carol and overpaid by 3 ADA: the add returns the 3 ADA to carol's address (the datum), not to the registration's", async () => {
    const chain = base.snapshot();
    const staked = serializeAddressObj(scriptAddress(cup.registration.hash, w.mallory.pkh, false), 0);
    const plan = registerPlan(cup, w.mallory, [w.carol.address], CUP.entryFee + 3n * ADA);
    plan.outputs[0] = { ...plan.outputs[0]!, address: staked };
    const { txHash } = await submitPlan(chain, plan);
    const reg = chain.utxosAt(staked).find((u) => u.input.txHash === txHash)!;
    const { plan: add } = addPlan(cup, w.admin, tournamentUtxo(chain, cup), [reg]);
    const { txHash: addHash } = await submitPlan(chain, add);
    const k = participantIndex(chain, cup, w.carol.address);
    const ret = taggedAt(chain, w.carol.address, encodePayoutTag(cup.id, k), addHash);
    assert.deepEqual({ count: ret.count, lovelace: ret.lovelace }, { count: 1, lovelace: 3n * ADA });
  });

  it(
    "finding (low): a stranger's refund may load a participant's output with a token and a reference script of 1.2 KB, for about 5.6 ADA of min-UTxO; the participant's wallet (Mesh) then builds a spend of its own refund that the ledger refuses (fee too low), until it pays the script's bytes",
    {
      todo: "payout outputs (refunds, remainder, prizes, returns) may carry a reference script: tagged() could also want ref_script_hash None, as the pool and registrations do",
    },
    async () => {
      const chain = passDeadline(base.snapshot(), duel);
      const script = cup.registration;
      // The loaded output's extra minimum: the script's bytes and a token entry, at coinsPerUTxOByte.
      const extra = BigInt(script.compiledCode.length / 2 + 120) * BigInt(PARAMS.coinsPerUtxoSize);
      assert.ok(extra < 6n * ADA, `the load costs ${extra} lovelace`);
      const { unit, utxo } = await mintNativeToken(chain, w.mallory, "Junk", 1000n);
      const plan = closePlan(duel, w.mallory, tournamentUtxo(chain, duel), "refund");
      const loaded = clonePlan(plan);
      loaded.walletInputs = [utxo];
      loaded.outputs[0] = {
        ...plan.outputs[0]!,
        lovelace: plan.outputs[0]!.lovelace + extra,
        assets: [{ unit, quantity: "1000" }],
        scriptCode: script.code,
      };
      const { txHash } = await submitPlan(chain, loaded);
      // Participant 0 (alice or bob, in ledger order) and the wallet that holds its key.
      const first = plan.outputs[0]!.address;
      const owner = [w.alice, w.bob].find((x) => x.address === first)!;
      const outs = chain.utxosAt(first).filter((u) => u.input.txHash === txHash);
      assert.equal(outs.length, 1, "one output for participant 0");
      const out = outs[0]!;
      assert.equal(lovelaceOf(out), plan.outputs[0]!.lovelace + extra);
      assert.ok(out.output.scriptRef, "the reference script rides along");
      // Its owner spends it with the key alone, but must pay for the script's bytes (Conway charges the
      // reference scripts of spent inputs too): a wallet that leaves them out, as Mesh's builder does,
      // is refused; with the fee raised it is accepted. The stranger paid that many times over.
      const spend = async (fee?: string): Promise<{ ok: boolean; error?: string }> => {
        const b = new MeshTxBuilder({ params: PARAMS, fetcher: chain.fetcher });
        b.txIn(out.input.txHash, out.input.outputIndex, out.output.amount, out.output.address, 0);
        b.txOut(owner.address, [
          { unit: "lovelace", quantity: (2n * ADA).toString() },
          { unit, quantity: "1000" },
        ]);
        if (fee !== undefined) b.setFee(fee);
        b.changeAddress(owner.address).selectUtxosFrom(chain.utxosAt(owner.address).filter(hasOnlyAda));
        return chain.submit(await owner.sign(await b.complete()));
      };
      const naive = await spend();
      assert.equal(naive.ok, false);
      assert.match(naive.error ?? "", /fee .* is less than minimum required/);
      const paid = await spend("400000");
      assert.equal(paid.ok, true, paid.error);
    },
  );
});
