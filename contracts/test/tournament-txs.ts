// The honest tournament transactions as plans (see helpers.ts): create, register, cancel a
// registration, add participants, settle, cancel and refund a tournament. Attack tests take a plan
// from here and change one thing. Transactions that must happen before the deadline end their
// validity at it; a refund starts its validity just after it.
import type { UTxO } from "@meshsdk/common";
import { scriptAddress, tournamentScript, V2_1_CONTRACT, type CompiledScript } from "../../src/tournament/contracts.js";
import {
  ADD_PARTICIPANTS_REDEEMER,
  CANCEL_REDEEMER,
  decodeRegistrationDatum,
  decodeTournamentDatum,
  encodePayoutTag,
  encodeRegistrationDatum,
  encodeTournamentDatum,
  MINT_BURN_REDEEMER,
  mintCreateRedeemer,
  REGISTRATION_ADD_REDEEMER,
  REFUND_REDEEMER,
  REGISTRATION_CANCEL_REDEEMER,
  settleRedeemer,
  tournamentIdOf,
  type TournamentConfig,
  type TournamentDatum,
} from "../../src/tournament/datum.js";
import { CONTRACT_MAX_SETTLE_WINDOW_MS, MIN_PAYOUT_LOVELACE } from "../../src/tournament/limits.js";
import { registrationScriptOf } from "../../src/tournament/registration-script.js";
import { depositOf } from "../../src/tournament/rules.js";
import {
  Chain,
  hasOnlyAda,
  lovelaceOf,
  type Out,
  PARAMS,
  randomAddress,
  type RefScript,
  submitPlan,
  SYSTEM_START_MS,
  type TxPlan,
  type Wallet,
} from "./helpers.js";

export const NETWORK = "devnet" as const;

/** The last validity slot that ends before the deadline `settleBy` (ms): an add or settlement's upper bound. */
export const beforeDeadline = (settleBy: number): number => Chain.slotOf(settleBy) - 1;
/** The first slot wholly after the deadline: a refund's lower bound. */
export const afterDeadline = (settleBy: number): number => Chain.slotOf(settleBy) + 1;

/**
 * The earliest validity start (slot) from which a creation may set deadline `settleBy`: the
 * contract wants settle_by at most CONTRACT_MAX_SETTLE_WINDOW_MS after the creation's validity
 * start. Slot 1 at the earliest, where Chain.fund starts (Mesh cannot write a start of 0).
 */
export const earliestCreationStart = (settleBy: number): number =>
  Math.max(1, Math.ceil((settleBy - CONTRACT_MAX_SETTLE_WINDOW_MS - SYSTEM_START_MS) / 1000));

/** Lovelace an output needs (min-UTxO), with a margin for the address and value encoding. */
export function minLovelace(datumHex = "", withToken = false): bigint {
  const bytes = 160 + 80 + (withToken ? 80 : 0) + datumHex.length / 2 + 20;
  return BigInt(bytes) * BigInt(PARAMS.coinsPerUtxoSize);
}

/** Puts scripts as reference scripts at an address nobody holds a key for. */
export async function deploy(chain: Chain, payer: Wallet, scripts: readonly CompiledScript[]): Promise<RefScript[]> {
  const vault = randomAddress();
  const outputs: Out[] = scripts.map((s) => ({
    address: vault,
    lovelace: BigInt(160 + 100 + s.compiledCode.length / 2) * BigInt(PARAMS.coinsPerUtxoSize),
    scriptCode: s.code,
  }));
  const { txHash } = await submitPlan(chain, {
    payer,
    scriptInputs: [],
    walletInputs: [],
    outputs,
    mints: [],
    requiredSigners: [],
    signers: [],
  });
  return scripts.map((s, index) => ({ txHash, index, code: s.code, hash: s.hash, size: s.compiledCode.length / 2 }));
}

export interface Tournament {
  readonly id: string;
  readonly config: TournamentConfig;
  readonly registration: CompiledScript;
  readonly address: string;
  readonly registrationAddress: string;
  readonly nftUnit: string;
  /** Reference scripts: the tournament script, then this tournament's registration validator. */
  readonly refs: { readonly tournament: RefScript; registration?: RefScript };
}

export type ConfigInput = Omit<TournamentConfig, "registrationHash" | "adminAddress">;

/** The scripts a tournament is created with: v2.1 (contracts/v2.1) unless another version is given (contracts/v2). */
export interface Scripts {
  readonly tournament: CompiledScript;
  readonly registration: (tournamentId: string) => CompiledScript;
}

/**
 * v2.1's scripts (contracts/v2.1); its registration validator comes from the service's template
 * (registration-script.ts: the committed registration-template.json with the ID put in, no compile;
 * test/slow/contracts-compile checks it against a full compile).
 */
export const CURRENT: Scripts = {
  tournament: tournamentScript(V2_1_CONTRACT),
  registration: (id) => registrationScriptOf(id, V2_1_CONTRACT),
};

/**
 * Plan of the create transaction: consumes `seed`, mints the NFT to the tournament address, valid
 * from the earliest start the deadline allows to just before the deadline.
 */
export function createPlan(
  tournamentRef: RefScript,
  admin: Wallet,
  input: ConfigInput,
  seed: UTxO,
  scripts: Scripts = CURRENT,
): { plan: TxPlan; tournament: Tournament; datum: string } {
  const id = tournamentIdOf(seed.input.txHash, seed.input.outputIndex);
  const registration = scripts.registration(id);
  const config: TournamentConfig = { ...input, adminAddress: admin.address, registrationHash: registration.hash };
  const datum = encodeTournamentDatum({ config, participants: [] });
  const policy = scripts.tournament.hash;
  const address = scriptAddress(scripts.tournament, NETWORK);
  const tournament: Tournament = {
    id,
    config,
    registration,
    address,
    registrationAddress: scriptAddress(registration, NETWORK),
    nftUnit: policy + id,
    refs: { tournament: tournamentRef },
  };
  const plan: TxPlan = {
    payer: admin,
    scriptInputs: [],
    walletInputs: [seed],
    mints: [
      {
        script: tournamentRef,
        name: id,
        quantity: 1n,
        redeemer: mintCreateRedeemer(seed.input.txHash, seed.input.outputIndex),
      },
    ],
    outputs: [
      {
        address,
        lovelace: minLovelace(datum, true) + depositOf(config),
        assets: [{ unit: policy + id, quantity: "1" }],
        datum,
      },
    ],
    requiredSigners: [],
    signers: [],
    // The contract bounds the deadline from the validity start (which must exist) and wants the
    // validity to end before it.
    validFrom: earliestCreationStart(config.settleBy),
    validTo: beforeDeadline(config.settleBy),
  };
  return { plan, tournament, datum };
}

/** Creates a tournament and deploys its registration validator as a reference script. */
export async function createTournament(
  chain: Chain,
  tournamentRef: RefScript,
  admin: Wallet,
  input: ConfigInput,
  scripts: Scripts = CURRENT,
): Promise<{ tournament: Tournament; createTx: string }> {
  const seed = chain.utxosAt(admin.address).filter(hasOnlyAda)[0];
  if (!seed) throw new Error("admin has no UTxO");
  const { plan, tournament } = createPlan(tournamentRef, admin, input, seed, scripts);
  const { tx } = await submitPlan(chain, plan);
  const [regRef] = await deploy(chain, admin, [tournament.registration]);
  tournament.refs.registration = regRef;
  return { tournament, createTx: tx };
}

export function tournamentUtxo(chain: Chain, t: Tournament): UTxO {
  const u = chain.utxosAt(t.address).find((x) => x.output.amount.some((a) => a.unit === t.nftUnit));
  if (!u) throw new Error("tournament output not found");
  return u;
}

export function datumOf(u: UTxO): TournamentDatum {
  const d = u.output.plutusData ? decodeTournamentDatum(u.output.plutusData, false) : null;
  if (d === null) throw new Error("tournament output has no well-formed datum");
  return d;
}

/** Plan of a register transaction: one registration output per registrant address. */
export function registerPlan(t: Tournament, payer: Wallet, registrants: readonly string[], lovelace?: bigint): TxPlan {
  // Exactly the entry fee, which v2.1 makes 0 or at least MIN_PAYOUT_LOVELACE, enough for the
  // output's minimum. A free tournament's registration holds the output's minimum, and at least
  // MIN_PAYOUT_LOVELACE: it is returned when added, and a smaller return is refused.
  const amount = (datum: string): bigint => {
    if (lovelace !== undefined) return lovelace;
    const fee = t.config.entryFee;
    if (fee >= MIN_PAYOUT_LOVELACE) return fee;
    const min = minLovelace(datum);
    const floor = fee === 0n && min < MIN_PAYOUT_LOVELACE ? MIN_PAYOUT_LOVELACE : min;
    return fee > floor ? fee : floor;
  };
  return {
    payer,
    scriptInputs: [],
    walletInputs: [],
    mints: [],
    outputs: registrants.map((r) => {
      const datum = encodeRegistrationDatum(r);
      return { address: t.registrationAddress, lovelace: amount(datum), datum };
    }),
    requiredSigners: [],
    signers: [],
  };
}

export function registrations(chain: Chain, t: Tournament): UTxO[] {
  return chain.utxosAt(t.registrationAddress);
}

function regRef(t: Tournament): RefScript {
  if (!t.refs.registration) throw new Error("registration validator not deployed");
  return t.refs.registration;
}

/** Plan of a cancel: the registrant spends their registration back to themselves. */
export function cancelPlan(t: Tournament, registrant: Wallet, reg: UTxO): TxPlan {
  return {
    payer: registrant,
    scriptInputs: [{ utxo: reg, redeemer: REGISTRATION_CANCEL_REDEEMER, script: regRef(t) }],
    walletInputs: [],
    mints: [],
    outputs: [{ address: registrant.address, lovelace: lovelaceOf(reg) }],
    requiredSigners: [registrant.pkh],
    signers: [registrant],
  };
}

/** Ledger order of inputs: by transaction id, then index. */
export const ledgerOrder = (a: UTxO, b: UTxO): number =>
  a.input.txHash === b.input.txHash
    ? a.input.outputIndex - b.input.outputIndex
    : a.input.txHash < b.input.txHash
      ? -1
      : 1;

/** Plan of an add-participants transaction. New participants follow the ledger's input order. */
export function addPlan(
  t: Tournament,
  admin: Wallet,
  current: UTxO,
  regs: readonly UTxO[],
): { plan: TxPlan; datum: TournamentDatum } {
  const before = datumOf(current);
  const sorted = [...regs].sort(ledgerOrder);
  const added = sorted.map((r) => {
    const a = r.output.plutusData ? decodeRegistrationDatum(r.output.plutusData, false) : null;
    if (a === null) throw new Error(`registration ${r.input.txHash}#${r.input.outputIndex} has no address datum`);
    return a;
  });
  const datum: TournamentDatum = { config: before.config, participants: [...before.participants, ...added] };
  const datumHex = encodeTournamentDatum(datum);
  let lovelace = lovelaceOf(current) + t.config.entryFee * BigInt(added.length);
  const min = minLovelace(datumHex, true);
  if (lovelace < min) lovelace = min;
  // What a registration holds beyond the entry fee goes back to its registrant, tagged with the
  // index the registrant gets as a participant (the admin tops it up to the output's minimum).
  const returns: Out[] = [];
  sorted.forEach((r, j) => {
    const excess = lovelaceOf(r) - t.config.entryFee;
    const tokens = r.output.amount.filter((a) => a.unit !== "lovelace");
    if (excess <= 0n && tokens.length === 0) return;
    const tag = encodePayoutTag(t.id, before.participants.length + j);
    const floor = minLovelace(tag, tokens.length > 0);
    returns.push({ address: added[j]!, lovelace: excess > floor ? excess : floor, assets: tokens, datum: tag });
  });
  const plan: TxPlan = {
    payer: admin,
    scriptInputs: [
      { utxo: current, redeemer: ADD_PARTICIPANTS_REDEEMER, script: t.refs.tournament },
      ...sorted.map((r) => ({ utxo: r, redeemer: REGISTRATION_ADD_REDEEMER, script: regRef(t) })),
    ],
    walletInputs: [],
    mints: [],
    outputs: [
      {
        address: t.address,
        lovelace,
        assets: current.output.amount.filter((a) => a.unit !== "lovelace"),
        datum: datumHex,
      },
      ...returns,
    ],
    requiredSigners: [admin.pkh],
    signers: [admin],
    validTo: beforeDeadline(t.config.settleBy),
  };
  return { plan, datum };
}

/** Prize output `index` (placements first, then fixed payouts). */
export function prizeOut(t: Tournament, address: string, amount: bigint, index: number): Out {
  const datum = encodePayoutTag(t.id, index);
  const min = minLovelace(datum);
  return { address, lovelace: amount > min ? amount : min, datum };
}

/** Plan of a settlement: `winners` are participant indices in placement order. */
export function settlePlan(t: Tournament, admin: Wallet, current: UTxO, winners: readonly number[]): TxPlan {
  const d = datumOf(current);
  const placements = t.config.payoutStructure.map((amount, i) => {
    const w = winners[i];
    const address = w === undefined ? undefined : d.participants[w];
    if (address === undefined) throw new Error(`no winner for placement ${i}`);
    return prizeOut(t, address, amount, i);
  });
  const fixed = t.config.fixedPayouts.map((f, j) =>
    prizeOut(t, f.address, f.amount, t.config.payoutStructure.length + j),
  );
  return {
    payer: admin,
    scriptInputs: [{ utxo: current, redeemer: settleRedeemer(winners), script: t.refs.tournament }],
    walletInputs: [],
    mints: [{ script: t.refs.tournament, name: t.id, quantity: -1n, redeemer: MINT_BURN_REDEEMER }],
    outputs: [...placements, ...fixed],
    requiredSigners: [admin.pkh],
    signers: [admin],
    validTo: beforeDeadline(t.config.settleBy),
  };
}

/**
 * What a cancel or refund pays participant `k` of `current`: the entry fee and, once the bracket
 * is full, an equal share of the deposit (floor(D / N), the first D mod N more); 0 when nothing.
 */
export function closeShares(t: Tournament, current: UTxO): { pay: (k: number) => bigint; deposit: bigint } {
  const n = BigInt(datumOf(current).participants.length);
  const fee = t.config.entryFee;
  const deposit = n === BigInt(t.config.bracketSize) ? depositOf(t.config) : 0n;
  if (deposit === 0n) return { pay: () => fee, deposit };
  return { pay: (k) => fee + deposit / n + (k === 0 ? deposit % n : 0n), deposit };
}

/**
 * Plan of a cancel (the admin, signing) or a refund (`payer`, anyone, after the deadline): the NFT
 * burnt, each participant's entry fee back in outputs 0..N-1 (with an equal share of the deposit
 * once the bracket is full; none when there is nothing to pay), and the rest of the tournament
 * output to the admin in output N, every output tagged.
 */
export function closePlan(t: Tournament, payer: Wallet, current: UTxO, how: "cancel" | "refund"): TxPlan {
  const d = datumOf(current);
  const { pay, deposit } = closeShares(t, current);
  const n = d.participants.length;
  const refunds = pay(0) > 0n ? d.participants.map((p, k) => prizeOut(t, p, pay(k), k)) : [];
  const rest = lovelaceOf(current) - t.config.entryFee * BigInt(n) - deposit;
  const remainder = prizeOut(t, t.config.adminAddress, rest, n);
  return {
    payer,
    scriptInputs: [
      { utxo: current, redeemer: how === "cancel" ? CANCEL_REDEEMER : REFUND_REDEEMER, script: t.refs.tournament },
    ],
    walletInputs: [],
    mints: [{ script: t.refs.tournament, name: t.id, quantity: -1n, redeemer: MINT_BURN_REDEEMER }],
    outputs: [...refunds, remainder],
    requiredSigners: how === "cancel" ? [payer.pkh] : [],
    signers: [],
    ...(how === "refund" ? { validFrom: afterDeadline(t.config.settleBy) } : {}),
  };
}
