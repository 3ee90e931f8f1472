// Reading tournaments and registrations from the chain. A live tournament is an output at the
// tournament validator holding exactly one NFT of its policy and a datum that decodes; anything
// else there is skipped. An ended one (settled, cancelled or refunded: its NFT burnt) is read from
// the last output that held its NFT and the redeemer that spent it (ChainPort.lastOutputWith). A
// registration is any output at a tournament's registration address: it is valid when its inline
// datum is exactly the canonical encoding of a key address and it holds at least the entry fee;
// outputs somebody sent with another datum (or none) are listed as invalid, never a crash.
import type { UTxO } from "../cardano/types.js";
import { isKeyAddress } from "../cardano/address-rules.js";
import type { Address } from "../cardano/addresses.js";
import { ledgerOrder, lovelaceOf, outRefOf } from "../cardano/utxo.js";
import type { Network } from "../config.js";
import type { ChainPort, SpentBy } from "../chain/port.js";
import { BadRequestError, NotFoundError } from "../errors.js";
import { scriptAddressOf } from "./contracts.js";
import {
  decodeRegistrationDatum,
  decodeSpendRedeemer,
  decodeTournamentDatum,
  type SpendAction,
  type TournamentDatum,
} from "./datum.js";
import type { Contract } from "./deployment.js";
import { tournamentIdOrNull, type TournamentId } from "./id.js";
import { returnProblem } from "./rules.js";

export interface TournamentState {
  readonly tournamentId: TournamentId;
  readonly contract: Contract;
  readonly datum: TournamentDatum;
  /** The output holding the NFT (for an ended tournament: the last one, now spent). */
  readonly utxo: UTxO;
  readonly lovelace: bigint;
  readonly registrationAddress: Address;
}

/**
 * How a tournament ended: the transaction that spent its last output and burnt the NFT; a v3 close
 * also says into how many batch UTxOs it split the refunds (0 when it paid the seats itself).
 */
export type Ending = { readonly txHash: string } & Exclude<SpendAction, { action: "add" }> & {
    readonly batches?: number;
  };

export interface EndedTournament extends TournamentState {
  readonly ending: Ending;
}

export interface Registration {
  /** The registrant's address from the datum; null when the datum is not exactly an address's canonical encoding. */
  readonly address: string | null;
  readonly outputRef: string;
  /** A key address in the inline datum, at least the entry fee, and anything beyond it returnable (returnProblem): it can be added. */
  readonly valid: boolean;
  /** Why it is not valid, a sentence; absent when it is. */
  readonly reason?: string;
  readonly paidFeesLovelace: bigint;
  readonly utxo: UTxO;
}

/** The address of the registration validator whose hash a tournament's datum names. */
export const registrationAddressOf = (hash: string, network: Network): Address => scriptAddressOf(hash, network);

/**
 * An output holding a tournament NFT that the service cannot read as a tournament (its datum does
 * not decode, names another registration validator, or it is not where the contract keeps it). It
 * still holds value: the service shows it (status unreadable) and never builds on it.
 */
export interface UnreadableTournament {
  readonly unreadable: true;
  readonly tournamentId: string;
  readonly contract: Contract;
  readonly utxo: UTxO;
  readonly lovelace: bigint;
  /** Why it cannot be read, a sentence. */
  readonly reason: string;
}

export const isUnreadable = (t: TournamentState | UnreadableTournament): t is UnreadableTournament => "unreadable" in t;

/**
 * Whether output `u` holds a tournament NFT of `contract` where the contract keeps it, with an inline
 * datum: its ID and the datum (CBOR hex), an unreadable tournament (it holds a token of the policy,
 * but not as a tournament does), or null (it holds no token of the policy). Both layouts share it.
 */
export function nftHolder(
  u: UTxO,
  contract: Contract,
): { readonly tournamentId: TournamentId; readonly datum: string } | UnreadableTournament | null {
  const tokens = u.output.amount.filter((a) => a.unit.startsWith(contract.policyId));
  const first = tokens[0];
  if (first === undefined) return null;
  const name = first.unit.slice(contract.policyId.length);
  const unreadable = unreadableOutput(u, contract, name);
  // The chain's edge for a tournament ID: the NFT's name becomes a TournamentId here, or the output is unreadable.
  const tournamentId = tournamentIdOrNull(name);
  if (tokens.length !== 1 || first.quantity !== "1" || tournamentId !== name || tournamentId === null) {
    return unreadable(
      `The output holds ${tokens.map((a) => `${a.quantity} × ${a.unit.slice(contract.policyId.length) || "(empty name)"}`).join(", ")} of the ` +
        "tournament policy, where a tournament holds exactly one NFT with a 32-byte name.",
    );
  }
  if (u.output.address !== contract.address.bech32) {
    return unreadable(
      `The NFT is at ${u.output.address}, not at the tournament validator's address (${contract.address.bech32}), where the contract keeps it.`,
    );
  }
  if (u.output.plutusData === undefined) {
    return unreadable(
      u.output.dataHash !== undefined
        ? `Its datum is a datum hash (${u.output.dataHash}), not an inline datum.`
        : "The output has no datum.",
    );
  }
  return { tournamentId, datum: u.output.plutusData };
}

/** The unreadable tournament of output `u`, whose NFT is named `name`, for `reason`. */
export const unreadableOutput =
  (u: UTxO, contract: Contract, name: string) =>
  (reason: string): UnreadableTournament => ({
    unreadable: true,
    tournamentId: name,
    contract,
    utxo: u,
    lovelace: lovelaceOf(u),
    reason,
  });

/**
 * What output `u` is: a tournament, an unreadable one (it holds a token of the policy, but the
 * service cannot read it), or null (it holds no token of the policy).
 */
export function readOutput(
  u: UTxO,
  contract: Contract,
  network: Network,
): TournamentState | UnreadableTournament | null {
  const held = nftHolder(u, contract);
  if (held === null || "unreadable" in held) return held;
  const { tournamentId } = held;
  const unreadable = unreadableOutput(u, contract, tournamentId);
  const datum = decodeTournamentDatum(held.datum, network === "mainnet");
  if (datum === null) {
    return unreadable(
      "Its inline datum does not decode as a tournament datum of this service: exactly [config, participants], a configuration of eight " +
        "fields whose name is UTF-8 and whose addresses are canonical key addresses of this network, and canonical CBOR.",
    );
  }
  // A datum naming another registration validator than its ID's: its registrations could never be
  // added (the validator refuses), so it is no tournament of these rules.
  const expected = contract.registrationOf(tournamentId).hash;
  if (datum.config.registrationHash !== expected) {
    return unreadable(
      `Its datum names registration validator ${datum.config.registrationHash}, not the one of its ID (${expected}): it was not created ` +
        "by this service's rules, and no registration can ever be added to it.",
    );
  }
  return {
    tournamentId,
    contract,
    datum,
    utxo: u,
    lovelace: lovelaceOf(u),
    registrationAddress: registrationAddressOf(datum.config.registrationHash, network),
  };
}

function stateOf(u: UTxO, contract: Contract, network: Network): TournamentState | null {
  const read = readOutput(u, contract, network);
  return read === null || isUnreadable(read) ? null : read;
}

/**
 * Every live tournament of a contract, and every output there holding a token of its policy that
 * cannot be read as one (UnreadableTournament): whatever holds value is listed. Ordered by ID.
 */
export async function listTournaments(
  chain: ChainPort,
  contract: Contract,
  network: Network,
): Promise<(TournamentState | UnreadableTournament)[]> {
  const utxos = await chain.utxosAt(contract.address.bech32);
  return utxos
    .map((u) => readOutput(u, contract, network))
    .filter((t): t is TournamentState | UnreadableTournament => t !== null)
    .sort((a, b) => (a.tournamentId < b.tournamentId ? -1 : a.tournamentId > b.tournamentId ? 1 : 0));
}

/** The unspent output holding the tournament's NFT, read; null when none does. */
async function findLive(
  chain: ChainPort,
  contract: Contract,
  network: Network,
  id: TournamentId,
): Promise<TournamentState | UnreadableTournament | null> {
  // Looked up by its NFT (one indexed read), not by decoding every output at the contract's
  // address: the cost does not grow with the number of tournaments and registrations there.
  const last = await chain.lastOutputWith(contract.policyId + id);
  if (last === null || last.spentBy !== null) return null;
  const read = readOutput(last.utxo, contract, network);
  if (read === null) return null;
  return isUnreadable(read) ? { ...read, tournamentId: id } : read.tournamentId === id ? read : null;
}

/** The live tournament; null when there is none, or when the output holding its NFT cannot be read. */
export async function findTournament(
  chain: ChainPort,
  contract: Contract,
  network: Network,
  tournamentId: TournamentId,
): Promise<TournamentState | null> {
  const t = await findLive(chain, contract, network, tournamentId);
  return t === null || isUnreadable(t) ? null : t;
}

/** The 400 of every operation on a tournament whose output the service cannot read. */
export const unreadableError = (t: UnreadableTournament): Error =>
  new BadRequestError(
    `Tournament ${t.tournamentId} is unreadable: its NFT is held by output ${outRefOf(t.utxo)} (${t.lovelace} lovelace), but ${t.reason.charAt(0).toLowerCase()}${t.reason.slice(1)} ` +
      `This service builds no transaction on it (GET /tournaments/${t.tournamentId} shows what it holds).`,
  );

export const notFound = (contract: Contract, tournamentId: string): Error =>
  new NotFoundError(
    `No tournament ${tournamentId} under contract "${contract.contractTitle}" version "${contract.contractVersion}": ` +
      `it does not exist, or it ended (settled, cancelled or refunded: its NFT burnt; GET /tournaments/${tournamentId} tells how).`,
  );

/** The live tournament, or a 404 that says it does not exist (or has ended). */
export async function requireTournament(
  chain: ChainPort,
  contract: Contract,
  network: Network,
  tournamentId: TournamentId,
): Promise<TournamentState> {
  const t = await findLive(chain, contract, network, tournamentId);
  if (!t) throw notFound(contract, tournamentId);
  if (isUnreadable(t)) throw unreadableError(t);
  return t;
}

/** How a spent tournament output was spent, when that ended the tournament. */
function endingOf(spentBy: SpentBy): Ending | null {
  const action = spentBy.redeemer === null ? null : decodeSpendRedeemer(spentBy.redeemer);
  if (action === null || action.action === "add") return null;
  return { txHash: spentBy.txHash, ...action };
}

/**
 * The tournament after it ended: the last output that held its NFT, spent by a settlement, cancel
 * or refund. Null when the NFT was never held by a well-formed tournament output of this contract,
 * or its last output is unspent (then it is live, or no tournament of these rules).
 */
async function findEnded(
  chain: ChainPort,
  contract: Contract,
  network: Network,
  id: TournamentId,
): Promise<EndedTournament | null> {
  const last = await chain.lastOutputWith(contract.policyId + id);
  if (last === null || last.spentBy === null) return null;
  const state = stateOf(last.utxo, contract, network);
  if (state === null || state.tournamentId !== id) return null;
  const ending = endingOf(last.spentBy);
  return ending === null ? null : { ...state, ending };
}

/** A tournament, live, ended or unreadable (an output holding its NFT that cannot be read); a 404 when there is none. */
export async function findAnyTournament(
  chain: ChainPort,
  contract: Contract,
  network: Network,
  tournamentId: TournamentId,
): Promise<TournamentState | EndedTournament | UnreadableTournament> {
  const t =
    (await findLive(chain, contract, network, tournamentId)) ??
    (await findEnded(chain, contract, network, tournamentId));
  if (!t) {
    throw new NotFoundError(
      `No tournament ${tournamentId} under contract "${contract.contractTitle}" version "${contract.contractVersion}": no output of this contract holds or held its NFT.`,
    );
  }
  return t;
}

/** A tournament, live or ended; a 404 when there is neither, a 400 when the output holding its NFT cannot be read. */
export async function requireAnyTournament(
  chain: ChainPort,
  contract: Contract,
  network: Network,
  tournamentId: TournamentId,
): Promise<TournamentState | EndedTournament> {
  const t = await findAnyTournament(chain, contract, network, tournamentId);
  if (isUnreadable(t)) throw unreadableError(t);
  return t;
}

export const isEnded = (t: TournamentState): t is EndedTournament => "ending" in t;

/** What the return check of a registration needs (returnProblem): without it, only the datum and the fee are checked. */
export interface ReturnCheck {
  readonly tournamentId: string;
}

/** Why a registration is not valid, a sentence; null when it is. */
function invalidity(
  u: UTxO,
  address: string | null,
  entryFee: bigint,
  returns: ReturnCheck | undefined,
): string | null {
  if (u.output.plutusData === undefined) {
    return u.output.dataHash !== undefined
      ? `Its datum is a datum hash (${u.output.dataHash}), not an inline datum: the service reads and adds registrations with an inline datum only.`
      : "It has no datum, so it names no registrant: it can never be added or cancelled.";
  }
  if (address === null)
    return "Its inline datum is not exactly the canonical encoding of an address: it names no registrant and cannot be added.";
  if (!isKeyAddress(address))
    return `Its datum names a script address (${address}): a participant must have a key payment credential, so it cannot be added.`;
  const paid = lovelaceOf(u);
  if (returns !== undefined) {
    const problem = returnProblem(returns.tournamentId, u, entryFee);
    if (problem !== null) return `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
  }
  if (paid < entryFee)
    return `It holds ${paid} lovelace, less than the entry fee of ${entryFee}: if the admin adds it, the admin pays the difference.`;
  return null;
}

export function registrationOf(u: UTxO, entryFee: bigint, network: Network, returns?: ReturnCheck): Registration {
  const address =
    u.output.plutusData !== undefined ? decodeRegistrationDatum(u.output.plutusData, network === "mainnet") : null;
  const reason = invalidity(u, address, entryFee, returns);
  const base = { address, outputRef: outRefOf(u), valid: reason === null, paidFeesLovelace: lovelaceOf(u), utxo: u };
  return reason === null ? base : { ...base, reason };
}

/**
 * Every output at the tournament's registration address, ordered by output reference. An address
 * takes one seat: a registration of an address that is a participant already, or that has a valid
 * registration earlier in this order, is not valid (the service refuses to build one; a transaction
 * built elsewhere can still make it), and an add skips it (duplicateOf).
 */
export async function listRegistrations(
  chain: ChainPort,
  t: TournamentState,
  network: Network,
): Promise<Registration[]> {
  const utxos = await chain.utxosAt(t.registrationAddress.bech32);
  const sorted = utxos
    .map((u) => registrationOf(u, t.datum.config.entryFee, network, { tournamentId: t.tournamentId }))
    .sort((a, b) => (a.outputRef < b.outputRef ? -1 : a.outputRef > b.outputRef ? 1 : 0));
  // Which comes first is the ledger's order (the add's), not the listing's (where #10 sorts before #2).
  const firstOf = new Map<string, string>();
  const taken = new Map<Registration, string>();
  for (const r of [...sorted].sort((a, b) => ledgerOrder(a.utxo, b.utxo))) {
    if (!r.valid || r.address === null) continue;
    const reason = duplicateOf(r.address, t.datum.participants, firstOf.get(r.address));
    if (reason === null) firstOf.set(r.address, r.outputRef);
    else taken.set(r, `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`);
  }
  return sorted.map((r) => {
    const reason = taken.get(r);
    return reason === undefined ? r : { ...r, valid: false, reason };
  });
}

/**
 * Why a registration of `address` takes no seat, a clause; null when it may. `earlier`: the output
 * reference of a registration of the same address that comes first (by output reference).
 */
export function duplicateOf(
  address: string,
  participants: readonly string[],
  earlier: string | undefined,
): string | null {
  if (participants.includes(address))
    return `its registrant ${address} is a participant already (an address takes one seat): an add skips it, and its registrant can unregister it`;
  if (earlier !== undefined)
    return (
      `it is a second registration of ${address}, which registration ${earlier} registers first (an address takes one seat): ` +
      "an add takes the first and skips this one, and its registrant can unregister it"
    );
  return null;
}
