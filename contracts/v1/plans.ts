// FROZEN v1 (see scripts.ts): the honest v1 transactions as plans for contracts/test/helpers.ts'
// buildPlan, copied from the v1 suite (git history: contracts/test/tournament-txs.ts) with only
// what bench/tournament.ts calls. v1 has no deadline (no validity interval), no deposit and no
// overpayment returns; a registration holds exactly the entry fee.
import type { UTxO } from "@meshsdk/common";
import { scriptAddress, type CompiledScript } from "../../src/tournament/contracts.js";
import {
  ADD_PARTICIPANTS_REDEEMER,
  decodeRegistrationDatum,
  encodePayoutTag,
  encodeRegistrationDatum,
  MINT_BURN_REDEEMER,
  mintCreateRedeemer,
  REGISTRATION_ADD_REDEEMER,
  REGISTRATION_CANCEL_REDEEMER,
  settleRedeemer,
  tournamentIdOf,
} from "../../src/tournament/datum.js";
import { type Chain, lovelaceOf, type Out, type RefScript, type TxPlan, type Wallet } from "../test/helpers.js";
import { ledgerOrder, minLovelace } from "../test/tournament-txs.js";
import { encodeV1TournamentDatum, v1ParticipantsOf, type V1Config } from "./datum.js";
import { v1RegistrationScript, v1TournamentScript } from "./scripts.js";

const NETWORK = "devnet" as const;

export interface V1Tournament {
  readonly id: string;
  readonly config: V1Config;
  readonly registration: CompiledScript;
  readonly address: string;
  readonly registrationAddress: string;
  readonly nftUnit: string;
  readonly refs: { readonly tournament: RefScript; registration?: RefScript };
}

export type V1ConfigInput = Omit<V1Config, "registrationHash" | "adminAddress">;

export function v1CreatePlan(
  tournamentRef: RefScript,
  admin: Wallet,
  input: V1ConfigInput,
  seed: UTxO,
): { plan: TxPlan; tournament: V1Tournament } {
  const id = tournamentIdOf(seed.input.txHash, seed.input.outputIndex);
  const registration = v1RegistrationScript(id);
  const config: V1Config = { ...input, adminAddress: admin.address, registrationHash: registration.hash };
  const datum = encodeV1TournamentDatum(config, []);
  const policy = v1TournamentScript().hash;
  const address = scriptAddress(v1TournamentScript(), NETWORK);
  const tournament: V1Tournament = {
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
    outputs: [{ address, lovelace: minLovelace(datum, true), assets: [{ unit: policy + id, quantity: "1" }], datum }],
    requiredSigners: [],
    signers: [],
  };
  return { plan, tournament };
}

export function v1TournamentUtxo(chain: Chain, t: V1Tournament): UTxO {
  const u = chain.utxosAt(t.address).find((x) => x.output.amount.some((a) => a.unit === t.nftUnit));
  if (!u) throw new Error("v1 tournament output not found");
  return u;
}

const participantsOf = (u: UTxO): string[] => v1ParticipantsOf(u.output.plutusData ?? "");

function regRef(t: V1Tournament): RefScript {
  if (!t.refs.registration) throw new Error("v1 registration validator not deployed");
  return t.refs.registration;
}

/** One registration output per registrant address, each holding the entry fee. */
export function v1RegisterPlan(t: V1Tournament, payer: Wallet, registrants: readonly string[]): TxPlan {
  return {
    payer,
    scriptInputs: [],
    walletInputs: [],
    mints: [],
    outputs: registrants.map((r) => ({
      address: t.registrationAddress,
      lovelace: t.config.entryFee,
      datum: encodeRegistrationDatum(r),
    })),
    requiredSigners: [],
    signers: [],
  };
}

/** The registrant spends their registration back to themselves. */
export function v1CancelPlan(t: V1Tournament, registrant: Wallet, reg: UTxO): TxPlan {
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

/** Appends `regs` (in the ledger's input order) to the participants. */
export function v1AddPlan(t: V1Tournament, admin: Wallet, current: UTxO, regs: readonly UTxO[]): TxPlan {
  const sorted = [...regs].sort(ledgerOrder);
  const added = sorted.map((r) => {
    const p = r.output.plutusData ? decodeRegistrationDatum(r.output.plutusData, false) : null;
    if (p === null) throw new Error(`registration ${r.input.txHash}#${r.input.outputIndex} has no address datum`);
    return p;
  });
  const datum = encodeV1TournamentDatum(t.config, [...participantsOf(current), ...added]);
  let lovelace = lovelaceOf(current) + t.config.entryFee * BigInt(added.length);
  const min = minLovelace(datum, true);
  if (lovelace < min) lovelace = min;
  return {
    payer: admin,
    scriptInputs: [
      { utxo: current, redeemer: ADD_PARTICIPANTS_REDEEMER, script: t.refs.tournament },
      ...sorted.map((r) => ({ utxo: r, redeemer: REGISTRATION_ADD_REDEEMER, script: regRef(t) })),
    ],
    walletInputs: [],
    mints: [],
    outputs: [
      { address: t.address, lovelace, assets: current.output.amount.filter((a) => a.unit !== "lovelace"), datum },
    ],
    requiredSigners: [admin.pkh],
    signers: [admin],
  };
}

/** Pays the placements to participants `winners` (indices, in placement order), then the fixed payouts; burns the NFT. */
export function v1SettlePlan(t: V1Tournament, admin: Wallet, current: UTxO, winners: readonly number[]): TxPlan {
  const parts = participantsOf(current);
  const prize = (address: string, amount: bigint, index: number): Out => {
    const datum = encodePayoutTag(t.id, index);
    const min = minLovelace(datum);
    return { address, lovelace: amount > min ? amount : min, datum };
  };
  const placements = t.config.payoutStructure.map((amount, i) => {
    const address = parts[winners[i] ?? -1];
    if (address === undefined) throw new Error(`no winner for placement ${i}`);
    return prize(address, amount, i);
  });
  const fixed = t.config.fixedPayouts.map((f, j) => prize(f.address, f.amount, t.config.payoutStructure.length + j));
  return {
    payer: admin,
    scriptInputs: [{ utxo: current, redeemer: settleRedeemer(winners), script: t.refs.tournament }],
    walletInputs: [],
    mints: [{ script: t.refs.tournament, name: t.id, quantity: -1n, redeemer: MINT_BURN_REDEEMER }],
    outputs: [...placements, ...fixed],
    requiredSigners: [admin.pkh],
    signers: [admin],
  };
}
