// Independent review 2 (helper "review2"): the mixed script's dispatch, and one transaction doing
// two tournaments' work. The tournament script is a Helios `mixed` script: its wrapper reads the
// constructor tag of its second argument (the script context when it runs as a policy, always
// Constr 0; the redeemer when it runs as a validator) and, on tag 0, runs the minting branch with
// that second argument *as the script context*. A spender chooses the redeemer, so a spend with a
// Constr 0 redeemer runs the policy's logic against a context the spender wrote. These tests show
// that this path cannot unlock anything (the ledger's third argument is then applied to the
// branch's unit result), and that no transaction can mint a tournament while closing another, or
// do two tournaments' work at once.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { UTxO } from "@meshsdk/common";
import { decodeUplcProgramV2FromCbor, makeMapData, makeUplcDataValue, type UplcData } from "@helios-lang/uplc";
import { tournamentScript, V2_1_CONTRACT } from "../../src/tournament/contracts.js";
import { MINT_BURN_REDEEMER, mintCreateRedeemer } from "../../src/tournament/datum.js";
import { attempt, type Chain, hasOnlyAda, submitPlan, type TxPlan } from "./helpers.js";
import {
  addAll,
  assertScriptFailed,
  assertScriptRejected,
  clonePlan,
  CUP,
  makeWorld,
  openTournament,
  passDeadline,
  registerAll,
  registrationOf,
  SOON,
  type World,
} from "./fixture.js";
import {
  addPlan,
  closePlan,
  createPlan,
  minLovelace,
  settlePlan,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";
import { cborHex, makeByteArrayData, makeConstrData, makeIntData, makeListData } from "./raw.js";

let w: World;
let base: Chain;
/** Full bracket of two (alice, bob): settleable and closable; deadline one day after the start. */
let duel: Tournament;
/** alice added, bob pending; the same deadline. */
let cup: Tournament;

before(async () => {
  w = await makeWorld();
  base = w.chain;
  duel = await openTournament(w, { ...SOON, name: "Duel", bracketSize: 2, payoutStructure: [8_000_000n] });
  cup = await openTournament(w, { ...SOON, name: "Cup" });
  await registerAll(base, duel, [w.alice, w.bob]);
  await addAll(base, duel, w.admin);
  await registerAll(base, cup, [w.alice]);
  await addAll(base, cup, w.admin);
  await registerAll(base, cup, [w.bob]);
});

/**
 * A script context (Plutus V2 layout) under which the policy's Burn holds: minting purpose for the
 * tournament policy, and a mint of −1 of `name` under it. Everything else empty.
 */
function forgedBurnContext(policy: string, name: string): UplcData {
  const always = makeConstrData(0, [
    makeConstrData(0, [makeConstrData(0, []), makeConstrData(1, [])]),
    makeConstrData(0, [makeConstrData(2, []), makeConstrData(1, [])]),
  ]);
  const txInfo = makeConstrData(0, [
    makeListData([]),
    makeListData([]),
    makeListData([]),
    makeMapData([]),
    makeMapData([[makeByteArrayData(policy), makeMapData([[makeByteArrayData(name), makeIntData(-1)]])]]),
    makeListData([]),
    makeMapData([]),
    always,
    makeListData([]),
    makeMapData([]),
    makeMapData([]),
    makeConstrData(0, [makeByteArrayData("00".repeat(32))]),
  ]);
  return makeConstrData(0, [txInfo, makeConstrData(0, [makeByteArrayData(policy)])]);
}

/** A datum the mixed wrapper unwraps to the Burn action: Constr 0 [Constr 1 []]. */
const WRAPPED_BURN = makeConstrData(0, [makeConstrData(1, [])]);

describe("review2: the mixed script's dispatch", () => {
  it("the forged context really satisfies the policy's Burn when run with two arguments (so the next tests test something)", () => {
    const script = tournamentScript(V2_1_CONTRACT);
    const program = decodeUplcProgramV2FromCbor(Buffer.from(script.compiledCode, "hex"));
    const ctx = forgedBurnContext(script.hash, "ab".repeat(32));
    const asPolicy = program.eval([makeUplcDataValue(WRAPPED_BURN), makeUplcDataValue(ctx)]);
    assert.ok(
      "right" in asPolicy.result,
      `the minting branch refused the forged context: ${JSON.stringify(asPolicy.result)}`,
    );
    // As a spending validator the ledger passes a third argument: applied to the branch's unit.
    const asValidator = program.eval([makeUplcDataValue(WRAPPED_BURN), makeUplcDataValue(ctx), makeUplcDataValue(ctx)]);
    assert.ok("left" in asValidator.result, "a third argument must make it fail");
  });

  it("attack: junk at the tournament address whose datum is a wrapped Burn, spent with a redeemer that is a forged script context (the minting branch runs and passes, the spend still fails)", async () => {
    const chain = base.snapshot();
    const { txHash } = await submitPlan(chain, {
      payer: w.mallory,
      scriptInputs: [],
      walletInputs: [],
      mints: [],
      outputs: [{ address: duel.address, lovelace: 50_000_000n, datum: cborHex(WRAPPED_BURN) }],
      requiredSigners: [],
      signers: [],
    });
    const junk = chain.utxosAt(duel.address).find((u) => u.input.txHash === txHash)!;
    const plan: TxPlan = {
      payer: w.mallory,
      scriptInputs: [{ utxo: junk, redeemer: cborHex(forgedBurnContext(w.ref.hash, duel.id)), script: w.ref }],
      walletInputs: [],
      mints: [],
      outputs: [{ address: w.mallory.address, lovelace: 49_000_000n }],
      requiredSigners: [],
      signers: [],
    };
    assertScriptFailed(await attempt(chain, plan));
  });

  it("attack: the admin's cancel of a real pool with a forged context as its redeemer, paying itself everything (refused: the pool's datum is a list, which the wrapper cannot unwrap)", async () => {
    const chain = base.snapshot();
    const pool = tournamentUtxo(chain, duel);
    const plan = closePlan(duel, w.admin, pool, "cancel");
    const bad = clonePlan(plan);
    bad.scriptInputs[0] = { ...plan.scriptInputs[0]!, redeemer: cborHex(forgedBurnContext(w.ref.hash, duel.id)) };
    bad.outputs = [{ address: w.admin.address, lovelace: 20_000_000n }];
    assertScriptFailed(await attempt(chain, bad));
  });
});

describe("review2: one transaction, two tournaments' work", () => {
  function freshSeed(chain: Chain): UTxO {
    return chain.utxosAt(w.admin.address).filter(hasOnlyAda)[0]!;
  }

  /** The admin cancels `duel` and creates a new tournament in the same transaction. */
  function cancelAndCreate(chain: Chain, redeemer: "create" | "burn"): TxPlan {
    const cancel = closePlan(duel, w.admin, tournamentUtxo(chain, duel), "cancel");
    const seed = freshSeed(chain);
    const { plan: create } = createPlan(w.ref, w.admin, { ...CUP, name: "Phoenix" }, seed);
    const both = clonePlan(cancel);
    both.walletInputs = [seed];
    both.outputs = [...cancel.outputs, ...create.outputs];
    const mintRedeemer =
      redeemer === "create" ? mintCreateRedeemer(seed.input.txHash, seed.input.outputIndex) : MINT_BURN_REDEEMER;
    // One policy, one redeemer: both mints share it.
    both.mints = [
      { ...cancel.mints[0]!, redeemer: mintRedeemer },
      { ...create.mints[0]!, redeemer: mintRedeemer },
    ];
    both.validTo = create.validTo;
    both.validFrom = create.validFrom;
    return both;
  }

  it("attack: a tournament created in the transaction that cancels another, under the Create redeemer (the burn makes the mint two entries)", async () => {
    const chain = base.snapshot();
    assertScriptRejected(await attempt(chain, cancelAndCreate(chain, "create")), "must mint exactly one NFT");
  });

  it("attack: the same under the Burn redeemer (the new NFT is a positive quantity)", async () => {
    const chain = base.snapshot();
    assertScriptRejected(await attempt(chain, cancelAndCreate(chain, "burn")), "burn only");
  });

  it("attack: an add to one tournament and the refund of another in one transaction", async () => {
    const chain = passDeadline(base.snapshot(), duel);
    // cup's deadline is the same: move cup's add before it by using a fresh tournament with a later one.
    const later = await openTournament(w, { ...CUP, name: "Later" }, chain);
    await registerAll(chain, later, [w.carol]);
    const { plan: add } = addPlan(later, w.admin, tournamentUtxo(chain, later), [
      registrationOf(chain, later, w.carol.address),
    ]);
    const refund = closePlan(duel, w.admin, tournamentUtxo(chain, duel), "refund");
    const both = clonePlan(add);
    both.scriptInputs.push(...refund.scriptInputs);
    both.mints = refund.mints;
    both.outputs = [...add.outputs, ...refund.outputs];
    both.validFrom = refund.validFrom;
    // Which rule speaks first depends on which script the evaluator runs first, and that follows the
    // inputs' order, i.e. the random ids of this run's transactions: the tournament script's two rules,
    // or the registration script's refusal to be taken where the tournament policy mints (T59).
    assertScriptRejected(
      await attempt(chain, both),
      /one tournament per transaction|tournament not spent in this transaction|a registration cannot be taken where a tournament is created \(T59\)/,
    );
  });

  it("attack: the settlement of one tournament and the cancel of another under one Burn (the cancel's refunds doubling as prizes)", async () => {
    const chain = base.snapshot();
    const settle = settlePlan(duel, w.admin, tournamentUtxo(chain, duel), [0]);
    const cancel = closePlan(cup, w.admin, tournamentUtxo(chain, cup), "cancel");
    const both = clonePlan(settle);
    both.scriptInputs.push(...cancel.scriptInputs);
    both.mints = [...settle.mints, ...cancel.mints];
    // cup's refund to alice (index 0) stands for duel's first prize to alice: both wanted output 0.
    both.outputs = [...cancel.outputs];
    assertScriptRejected(await attempt(chain, both), "one tournament per transaction");
  });

  it("attack: an add that mints a second tournament's NFT (Create, its seed spent) into the continuing pool", async () => {
    const chain = base.snapshot();
    const pool = tournamentUtxo(chain, cup);
    const { plan } = addPlan(cup, w.admin, pool, [registrationOf(chain, cup, w.bob.address)]);
    const seed = freshSeed(chain);
    const { plan: create } = createPlan(w.ref, w.admin, { ...CUP, name: "Stowaway" }, seed);
    const bad = clonePlan(plan);
    bad.walletInputs = [seed];
    bad.mints = create.mints;
    bad.outputs[0] = { ...plan.outputs[0]!, assets: [...plan.outputs[0]!.assets!, ...create.outputs[0]!.assets!] };
    bad.validFrom = create.validFrom;
    assertScriptRejected(
      await attempt(chain, bad),
      /tournament output holds ada and the NFT only|a registration cannot be taken where a tournament is created|participants must start empty|no well-formed tournament output/,
    );
  });

  it("honest baseline: the new tournament's creation alone is accepted from the same seed", async () => {
    const chain = base.snapshot();
    const { plan } = createPlan(w.ref, w.admin, { ...CUP, name: "Phoenix" }, freshSeed(chain));
    assert.ok(plan.outputs[0]!.lovelace >= minLovelace(plan.outputs[0]!.datum, true));
    await submitPlan(chain, plan);
  });
});
