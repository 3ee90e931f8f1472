// A funded emulator with the tournament script deployed, shared by the tests of one file; each
// test works on a snapshot so that tests do not see each other's transactions.
import assert from "node:assert/strict";
import { tournamentScript } from "../../src/tournament/contracts.js";
import { type AttackOutcome, attempt, Chain, type RefScript, submitPlan, type TxPlan, Wallet } from "./helpers.js";
import { type ConfigInput, createTournament, deploy, registerPlan, type Tournament } from "./tournament-txs.js";

export interface World {
  readonly chain: Chain;
  readonly admin: Wallet;
  readonly alice: Wallet;
  readonly bob: Wallet;
  readonly carol: Wallet;
  readonly mallory: Wallet;
  readonly ref: RefScript;
}

export async function makeWorld(): Promise<World> {
  const [admin, alice, bob, carol, mallory] = await Promise.all([
    Wallet.create(),
    Wallet.create(),
    Wallet.create(),
    Wallet.create(),
    Wallet.create(),
  ]);
  if (!admin || !alice || !bob || !carol || !mallory) throw new Error("wallets");
  const chain = Chain.fund([admin.address, alice.address, bob.address, carol.address, mallory.address], 5_000_000_000n, 4);
  const [ref] = await deploy(chain, mallory, [tournamentScript()]);
  if (!ref) throw new Error("deploy");
  return { chain, admin, alice, bob, carol, mallory, ref };
}

export const CUP: ConfigInput = {
  name: "Spring Cup",
  bracketSize: 4,
  entryFee: 5_000_000n,
  payoutStructure: [8_000_000n, 4_000_000n],
  fixedPayouts: [],
};

export async function openTournament(w: World, input: ConfigInput = CUP, chain: Chain = w.chain): Promise<Tournament> {
  return (await createTournament(chain, w.ref, w.admin, input)).tournament;
}

/** Each wallet registers itself (one transaction each). */
export async function registerAll(chain: Chain, t: Tournament, wallets: readonly Wallet[]): Promise<void> {
  for (const wallet of wallets) await submitPlan(chain, registerPlan(t, wallet, [wallet.address]));
}

/** A deep-enough copy of a plan, so that an attack can change one thing. */
export function clonePlan(plan: TxPlan): TxPlan {
  return {
    ...plan,
    scriptInputs: [...plan.scriptInputs],
    walletInputs: [...plan.walletInputs],
    outputs: plan.outputs.map((o) => ({ ...o })),
    mints: plan.mints.map((m) => ({ ...m })),
    requiredSigners: [...plan.requiredSigners],
    signers: [...plan.signers],
  };
}

/**
 * Asserts that an attack failed for the expected reason: the evaluator refused to budget it with
 * the script's own message, and the ledger, given the transaction with explicit ExUnits, rejected
 * it in phase 2 (a failing script), not for an unrelated reason.
 */
export function assertScriptRejected(outcome: AttackOutcome, reason: RegExp | string): void {
  const expected = typeof reason === "string" ? new RegExp(reason.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : reason;
  assert.notEqual(outcome.evaluationError, null, "the evaluator accepted the attack");
  assert.match(outcome.evaluationError ?? "", expected, `evaluator refused for another reason: ${outcome.evaluationError}`);
  assert.equal(outcome.ledger.ok, false, "the ledger accepted the attack");
  const ledgerText = `${outcome.ledger.error ?? ""} ${outcome.ledger.logs.join(" | ")}`;
  assert.match(ledgerText, PHASE2, `ledger rejected for another reason: ${ledgerText}`);
  assert.match(ledgerText, expected, `ledger rejected for another reason: ${ledgerText}`);
}

/** How the emulator reports a failing Plutus script. */
export const PHASE2 = /script|plutus|phase.?2|evaluat/i;

export { attempt };
