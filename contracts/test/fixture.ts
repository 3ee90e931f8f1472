// A funded emulator with the tournament script deployed, shared by the tests of one file; each
// test works on a snapshot so that tests do not see each other's transactions.
import assert from "node:assert/strict";
import { tournamentScript, V2_1_CONTRACT } from "../../src/tournament/contracts.js";
import type { UTxO } from "@meshsdk/common";
import { decodeRegistrationDatum } from "../../src/tournament/datum.js";
import {
  type AttackOutcome,
  attempt,
  Chain,
  lovelaceOf,
  type RefScript,
  submitPlan,
  SYSTEM_START_MS,
  type TxPlan,
  Wallet,
} from "./helpers.js";
import {
  addPlan,
  afterDeadline,
  type ConfigInput,
  createTournament,
  datumOf,
  deploy,
  ledgerOrder,
  registerPlan,
  registrations,
  type Tournament,
  tournamentUtxo,
} from "./tournament-txs.js";

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
  const chain = Chain.fund(
    [admin.address, alice.address, bob.address, carol.address, mallory.address],
    5_000_000_000n,
    4,
  );
  const [ref] = await deploy(chain, mallory, [tournamentScript(V2_1_CONTRACT)]);
  if (!ref) throw new Error("deploy");
  return { chain, admin, alice, bob, carol, mallory, ref };
}

export const CUP: ConfigInput = {
  settleBy: SYSTEM_START_MS + 30 * 24 * 3600 * 1000,
  name: "Spring Cup",
  bracketSize: 4,
  entryFee: 5_000_000n,
  payoutStructure: [8_000_000n, 4_000_000n],
  fixedPayouts: [],
};

export const DAY_MS = 24 * 3600 * 1000;

/** CUP with a deadline one day after the chain's start: tests move the chain past it with setSlot. */
export const SOON: ConfigInput = { ...CUP, settleBy: SYSTEM_START_MS + DAY_MS };

/** Moves `chain` to the first slot wholly after `t`'s deadline (refunds only from then on). */
export function passDeadline(chain: Chain, t: Tournament): Chain {
  chain.setSlot(afterDeadline(t.config.settleBy));
  return chain;
}

/** The registration of `t` whose datum is `address` (the `skip`-th one, in ledger order). */
export function registrationOf(chain: Chain, t: Tournament, address: string, skip = 0): UTxO {
  const mine = registrations(chain, t)
    .filter((u) => u.output.plutusData !== undefined && decodeRegistrationDatum(u.output.plutusData, false) === address)
    .sort(ledgerOrder);
  const r = mine[skip];
  if (!r) throw new Error(`no registration of ${address} at ${t.registrationAddress}`);
  return r;
}

/** Index of `address` among `t`'s participants (its `skip`-th occurrence). */
export function participantIndex(chain: Chain, t: Tournament, address: string, skip = 0): number {
  const parts = datumOf(tournamentUtxo(chain, t)).participants;
  let seen = 0;
  for (let i = 0; i < parts.length; i++) if (parts[i] === address && seen++ === skip) return i;
  throw new Error(`${address} is not a participant of ${t.id}`);
}

/** Adds every pending registration of `t` (or the first `count`, in ledger order). */
export async function addAll(chain: Chain, t: Tournament, admin: Wallet, count?: number): Promise<void> {
  const regs = registrations(chain, t).sort(ledgerOrder).slice(0, count);
  await submitPlan(chain, addPlan(t, admin, tournamentUtxo(chain, t), regs).plan);
}

/**
 * `address`'s UTxOs tagged with `tag` (a payout tag's CBOR), created by transaction `txHash` if
 * given: how many, their lovelace and their other units.
 */
export function taggedAt(
  chain: Chain,
  address: string,
  tag: string,
  txHash?: string,
): { count: number; lovelace: bigint; units: string[] } {
  const outs = chain
    .utxosAt(address)
    .filter((u) => u.output.plutusData === tag && (txHash === undefined || u.input.txHash === txHash));
  return {
    count: outs.length,
    lovelace: outs.reduce((s, u) => s + lovelaceOf(u), 0n),
    units: outs.flatMap((u) => u.output.amount.filter((a) => a.unit !== "lovelace").map((a) => a.unit)),
  };
}

/** Whether any UTxO on the chain still holds `unit` (a burnt NFT does not). */
export const exists = (chain: Chain, unit: string): boolean =>
  chain.allUtxos().some((u) => u.output.amount.some((a) => a.unit === unit));

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
  assert.match(
    outcome.evaluationError ?? "",
    expected,
    `evaluator refused for another reason: ${outcome.evaluationError}`,
  );
  assert.equal(outcome.ledger.ok, false, "the ledger accepted the attack");
  const ledgerText = `${outcome.ledger.error ?? ""} ${outcome.ledger.logs.join(" | ")}`;
  assert.match(ledgerText, PHASE2, `ledger rejected for another reason: ${ledgerText}`);
  assert.match(ledgerText, expected, `ledger rejected for another reason: ${ledgerText}`);
}

/**
 * Asserts that a script refused the attack where the failure has no trace of its own (a datum or
 * redeemer of the wrong shape fails inside Helios's decoding): the evaluator refused to budget it and
 * the ledger rejected it in phase 2.
 */
export function assertScriptFailed(outcome: AttackOutcome): void {
  assert.notEqual(outcome.evaluationError, null, "the evaluator accepted the attack");
  assert.equal(outcome.ledger.ok, false, "the ledger accepted the attack");
  assert.match(
    outcome.ledger.error ?? "",
    /Plutus script validation failed/,
    `ledger rejected for another reason: ${outcome.ledger.error}`,
  );
}

/** Asserts that the ledger refused the transaction before any script ran (phase 1), for `reason`. */
export function assertLedgerRejected(outcome: AttackOutcome, reason: RegExp): void {
  assert.equal(outcome.ledger.ok, false, "the ledger accepted the attack");
  assert.doesNotMatch(
    outcome.ledger.error ?? "",
    /Plutus script validation failed/,
    "a script refused it: not a ledger rule",
  );
  assert.match(outcome.ledger.error ?? "", reason, `ledger rejected for another reason: ${outcome.ledger.error}`);
}

/** How the emulator reports a failing Plutus script. */
export const PHASE2 = /script|plutus|phase.?2|evaluat/i;

export { attempt };
