// The honest v3 transactions as plans (contracts/test/helpers.ts' TxPlan), for v3's tests
// and the bench (bench/tournament-v3.ts): create, add participants, settle, cancel and refund (inline up to a batch of
// seats, split into batch UTxOs above), pay a batch. Register and unregister are v2.1's plans
// (tournament-txs.ts), a v3 pool being a Tournament with more. The seat list is the caller's model
// (the addresses in the order the adds took them); every plan checks the pool's datum against it.
import type { UTxO } from "@meshsdk/common";
import { scriptAddress } from "../../../src/tournament/contracts.js";
import {
  ADD_PARTICIPANTS_REDEEMER,
  configToData,
  decodeRegistrationDatum,
  MINT_BURN_REDEEMER,
  mintCreateRedeemer,
  REGISTRATION_ADD_REDEEMER,
  tournamentIdOf,
  type TournamentConfig,
} from "../../../src/tournament/datum.js";
import type { TournamentId } from "../../../src/tournament/id.js";
import { MIN_PAYOUT_LOVELACE } from "../../../src/tournament/limits.js";
import {
  encodeBatchDatum,
  encodePoolDatum,
  PAY_BATCH_REDEEMER,
  poolCloseRedeemer,
  poolSettleRedeemer,
} from "../../../src/tournament/pool-datum.js";
import { depositOf } from "../../../src/tournament/rules.js";
import {
  accumulatorOf,
  batchRoots,
  buildMultiproof,
  leafOf,
  type ProofOp,
  type TreeShape,
} from "../../../src/tournament/seat-tree.js";
import { lovelaceOf, type Out, type RefScript, type TxPlan, type Wallet } from "../helpers.js";
import {
  afterDeadline,
  beforeDeadline,
  type ConfigInput,
  earliestCreationStart,
  ledgerOrder,
  minLovelace,
  NETWORK,
  prizeOut,
  type Tournament,
} from "../tournament-txs.js";
import { BATCH_MIN_LOVELACE, type V3Scripts } from "./scripts.js";

/** A v3 tournament: v2.1's handle (so that v2.1's register and unregister plans apply) with the batch validator. */
export interface Pool extends Tournament {
  readonly scripts: V3Scripts;
  readonly batchAddress: string;
  readonly batchRef: RefScript;
}

// The data the plans write is the service's (src/tournament/pool-datum.ts): these names are the
// plans' own, the tests' vocabulary, over those codecs.
/** AddParticipants: v2.1's spending redeemer, unchanged in v3. */
export const V3_ADD_REDEEMER = ADD_PARTICIPANTS_REDEEMER;
export { PAY_BATCH_REDEEMER };
export const settleRedeemerV3 = poolSettleRedeemer;
export const closeRedeemer = poolCloseRedeemer;
/** The configuration as data (v2.1's eight items). */
export const configData = configToData;

/** The pool's datum [config, count, peaks] for these seats (bech32 addresses), CBOR hex. */
export function poolDatum(config: TournamentConfig, seats: readonly string[], shape: TreeShape): string {
  const { count, peaks } = accumulatorOf(seats.map(leafOf), shape);
  return encodePoolDatum({ config, count, peaks });
}

/** A batch UTxO's datum [id, j, subroot, n, pay, extra], CBOR hex. */
export const batchDatum = (id: string, j: number, root: Uint8Array, n: number, pay: bigint, extra: bigint): string =>
  encodeBatchDatum({ tournamentId: id as TournamentId, batch: j, subroot: root, count: n, pay, extra });

/** What creation locks beyond the deposit: the admin's remainder and a short batch's top-up (§5.3). */
export const CREATION_RESERVE = MIN_PAYOUT_LOVELACE + BATCH_MIN_LOVELACE;

/** Plan of the create transaction: the seed consumed, the NFT minted to the pool with `[config, 0, []]`. */
export function createPlan(
  scripts: V3Scripts,
  refs: { tournament: RefScript; batch: RefScript },
  admin: Wallet,
  input: ConfigInput,
  seed: UTxO,
): { plan: TxPlan; pool: Pool; datum: string } {
  const id = tournamentIdOf(seed.input.txHash, seed.input.outputIndex);
  const registration = scripts.registration(id);
  const config: TournamentConfig = { ...input, adminAddress: admin.address, registrationHash: registration.hash };
  const datum = poolDatum(config, [], scripts.shape);
  const address = scriptAddress(scripts.tournament, NETWORK);
  const pool: Pool = {
    id,
    config,
    registration,
    address,
    registrationAddress: scriptAddress(registration, NETWORK),
    nftUnit: scripts.tournament.hash + id,
    refs: { tournament: refs.tournament },
    scripts,
    batchAddress: scriptAddress(scripts.batch, NETWORK),
    batchRef: refs.batch,
  };
  const min = minLovelace(datum, true);
  const plan: TxPlan = {
    payer: admin,
    scriptInputs: [],
    walletInputs: [seed],
    mints: [
      {
        script: refs.tournament,
        name: id,
        quantity: 1n,
        redeemer: mintCreateRedeemer(seed.input.txHash, seed.input.outputIndex),
      },
    ],
    outputs: [
      {
        address,
        lovelace: depositOf(config) + (min > CREATION_RESERVE ? min : CREATION_RESERVE),
        assets: [{ unit: pool.nftUnit, quantity: "1" }],
        datum,
      },
    ],
    requiredSigners: [],
    signers: [],
    validFrom: earliestCreationStart(config.settleBy),
    validTo: beforeDeadline(config.settleBy),
  };
  return { plan, pool, datum };
}

/** The registrant address of a registration UTxO. */
export function registrantOf(r: UTxO): string {
  const a = r.output.plutusData ? decodeRegistrationDatum(r.output.plutusData, false) : null;
  if (a === null) throw new Error(`registration ${r.input.txHash}#${r.input.outputIndex} has no address datum`);
  return a;
}

/** Plan of an add: the registrations become seats seats.length.. in the ledger's input order. */
export function addPlan(
  pool: Pool,
  admin: Wallet,
  current: UTxO,
  seats: readonly string[],
  regs: readonly UTxO[],
): { plan: TxPlan; seats: string[] } {
  if (current.output.plutusData !== poolDatum(pool.config, seats, pool.scripts.shape))
    throw new Error("the pool's datum is not the accumulator of these seats");
  const sorted = [...regs].sort(ledgerOrder);
  const added = sorted.map(registrantOf);
  const after = [...seats, ...added];
  const datum = poolDatum(pool.config, after, pool.scripts.shape);
  let lovelace = lovelaceOf(current) + pool.config.entryFee * BigInt(added.length);
  const min = minLovelace(datum, true);
  if (lovelace < min) lovelace = min;
  const returns: Out[] = [];
  sorted.forEach((r, j) => {
    const excess = lovelaceOf(r) - pool.config.entryFee;
    if (excess > 0n) returns.push(prizeOut(pool, added[j]!, excess, seats.length + j));
  });
  const regRef = pool.refs.registration;
  if (regRef === undefined) throw new Error("registration validator not deployed");
  const plan: TxPlan = {
    payer: admin,
    scriptInputs: [
      { utxo: current, redeemer: V3_ADD_REDEEMER, script: pool.refs.tournament },
      ...sorted.map((r) => ({ utxo: r, redeemer: REGISTRATION_ADD_REDEEMER, script: regRef })),
    ],
    walletInputs: [],
    mints: [],
    outputs: [{ address: pool.address, lovelace, assets: [{ unit: pool.nftUnit, quantity: "1" }], datum }, ...returns],
    requiredSigners: [admin.pkh],
    signers: [admin],
    validTo: beforeDeadline(pool.config.settleBy),
  };
  return { plan, seats: after };
}

/** Plan of a settlement: `winners` are seats in placement order; the multiproof built from the seats. */
export function settlePlan(
  pool: Pool,
  admin: Wallet,
  current: UTxO,
  seats: readonly string[],
  winners: readonly number[],
): { plan: TxPlan; ops: ProofOp[] } {
  const c = pool.config;
  const ops = buildMultiproof(seats.map(leafOf), winners, pool.scripts.shape);
  const plan: TxPlan = {
    payer: admin,
    scriptInputs: [{ utxo: current, redeemer: settleRedeemerV3(winners, ops), script: pool.refs.tournament }],
    walletInputs: [],
    mints: [{ script: pool.refs.tournament, name: pool.id, quantity: -1n, redeemer: MINT_BURN_REDEEMER }],
    outputs: [
      ...c.payoutStructure.map((amount, k) => prizeOut(pool, seats[winners[k]!]!, amount, k)),
      ...c.fixedPayouts.map((f, j) => prizeOut(pool, f.address, f.amount, c.payoutStructure.length + j)),
    ],
    requiredSigners: [admin.pkh],
    signers: [admin],
    validTo: beforeDeadline(c.settleBy),
  };
  return { plan, ops };
}

/** What a close owes: each seat `pay` (the first `extra` more), as v2.1 (the deposit shared once full). */
export function closeTerms(
  pool: Pool,
  count: number,
): { pay: bigint; extra: bigint; deposit: bigint; batches: number } {
  const c = pool.config;
  const deposit = count === c.bracketSize ? depositOf(c) : 0n;
  const n = BigInt(count);
  const pay = deposit > 0n ? c.entryFee + deposit / n : c.entryFee;
  const extra = deposit > 0n ? deposit % n : 0n;
  const size = 2 ** pool.scripts.shape.batchHeight;
  return { pay, extra, deposit, batches: pay > 0n && count > 0 ? Math.ceil(count / size) : 0 };
}

/** One batch UTxO a close creates: output j, its seats first..first + n - 1. */
export interface BatchOut {
  readonly batch: number;
  readonly first: number;
  readonly n: number;
  readonly need: bigint;
  readonly datum: string;
}

/**
 * Plan of a cancel (the admin, signing) or refund (`payer`, anyone, after the deadline). Up to one
 * batch of seats: outputs 0..N-1 pay the seats, output N the admin's remainder. More: outputs
 * 0..J-1 are the batch UTxOs (need_j each), output J the remainder.
 */
export function closePlan(
  pool: Pool,
  payer: Wallet,
  current: UTxO,
  seats: readonly string[],
  how: "cancel" | "refund",
): { plan: TxPlan; batches: BatchOut[]; subroots: Uint8Array[] } {
  const shape = pool.scripts.shape;
  if (current.output.plutusData !== poolDatum(pool.config, seats, shape))
    throw new Error("the pool's datum is not the accumulator of these seats");
  const n = seats.length;
  const { pay, extra, deposit, batches: j } = closeTerms(pool, n);
  const size = 2 ** shape.batchHeight;
  let outputs: Out[];
  let subroots: Uint8Array[] = [];
  const batches: BatchOut[] = [];
  if (j <= 1) {
    const refunds = j === 1 ? seats.map((s, k) => prizeOut(pool, s, pay + (k === 0 ? extra : 0n), k)) : [];
    const owed = j === 1 ? pool.config.entryFee * BigInt(n) + deposit : 0n;
    outputs = [...refunds, prizeOut(pool, pool.config.adminAddress, lovelaceOf(current) - owed, n)];
  } else {
    subroots = batchRoots(seats.map(leafOf), shape);
    let owed = 0n;
    outputs = subroots.map((root, b) => {
      const first = b * size;
      const count = Math.min(size, n - first);
      const owes = BigInt(count) * pay + (b === 0 ? extra : 0n);
      const need = owes > BATCH_MIN_LOVELACE ? owes : BATCH_MIN_LOVELACE;
      owed += need;
      const datum = batchDatum(pool.id, b, root, count, pay, b === 0 ? extra : 0n);
      batches.push({ batch: b, first, n: count, need, datum });
      return { address: pool.batchAddress, lovelace: need, datum };
    });
    outputs.push(prizeOut(pool, pool.config.adminAddress, lovelaceOf(current) - owed, n));
  }
  const plan: TxPlan = {
    payer,
    scriptInputs: [{ utxo: current, redeemer: closeRedeemer(how, subroots), script: pool.refs.tournament }],
    walletInputs: [],
    mints: [{ script: pool.refs.tournament, name: pool.id, quantity: -1n, redeemer: MINT_BURN_REDEEMER }],
    outputs,
    requiredSigners: how === "cancel" ? [payer.pkh] : [],
    signers: [],
    ...(how === "refund" ? { validFrom: afterDeadline(pool.config.settleBy) } : {}),
  };
  return { plan, batches, subroots };
}

/** Plan paying batch UTxO `utxo` (anyone, no signature): output k pays seat first + k, tagged [id, first + k]. */
export function batchPlan(pool: Pool, payer: Wallet, utxo: UTxO, seats: readonly string[], batch: number): TxPlan {
  const size = 2 ** pool.scripts.shape.batchHeight;
  const { pay, extra } = closeTerms(pool, seats.length);
  const mine = seats.slice(batch * size, (batch + 1) * size);
  return {
    payer,
    scriptInputs: [{ utxo, redeemer: PAY_BATCH_REDEEMER, script: pool.batchRef }],
    walletInputs: [],
    mints: [],
    outputs: mine.map((s, k) => prizeOut(pool, s, pay + (batch === 0 && k === 0 ? extra : 0n), batch * size + k)),
    requiredSigners: [],
    signers: [],
  };
}

/** The batch UTxO `j` of a close transaction (its output j). */
export const batchUtxo = (utxos: readonly UTxO[], closeTx: string, j: number): UTxO | undefined =>
  utxos.find((u) => u.input.txHash === closeTx && u.input.outputIndex === j);
