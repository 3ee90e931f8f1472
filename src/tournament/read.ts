// Reading tournaments and registrations from the chain. A live tournament is an output at the
// tournament validator holding exactly one NFT of its policy and a datum that decodes; anything
// else there is skipped. An ended one (settled, cancelled or refunded: its NFT burnt) is read from
// the last output that held its NFT and the redeemer that spent it (ChainPort.lastOutputWith). A
// registration is any output at a tournament's registration address: it is valid when its inline
// datum is exactly the canonical encoding of a key address and it holds at least the entry fee;
// outputs somebody sent with another datum (or none) are listed as invalid, never a crash.
import type { UTxO } from "@meshsdk/common";
import { scriptAddress as scriptAddressObj, serializeAddressObj } from "@meshsdk/core";
import { isKeyAddress } from "../cardano/address-rules.js";
import { lovelaceOf, outRefOf } from "../cardano/utxo.js";
import type { Network } from "../config.js";
import type { ChainPort, SpentBy } from "../chain/port.js";
import { NotFoundError } from "../errors.js";
import { networkIdOf } from "./contracts.js";
import { decodeRegistrationDatum, decodeSpendRedeemer, decodeTournamentDatum, type SpendAction, type TournamentDatum } from "./datum.js";
import type { Contract } from "./deployment.js";
import { registrationScriptOf } from "./registration-script.js";

export interface TournamentState {
  readonly tournamentId: string;
  readonly contract: Contract;
  readonly datum: TournamentDatum;
  /** The output holding the NFT (for an ended tournament: the last one, now spent). */
  readonly utxo: UTxO;
  readonly lovelace: bigint;
  readonly registrationAddress: string;
}

/** How a tournament ended: the transaction that spent its last output and burnt the NFT. */
export type Ending = { readonly txHash: string } & Exclude<SpendAction, { action: "add" }>;

export interface EndedTournament extends TournamentState {
  readonly ending: Ending;
}

export interface Registration {
  /** The registrant's address from the datum; null when the datum is not exactly an address's canonical encoding. */
  readonly address: string | null;
  readonly outputRef: string;
  /** A key address in the datum, and at least the entry fee: it can be added. */
  readonly valid: boolean;
  readonly paidFeesLovelace: bigint;
  readonly utxo: UTxO;
}

/** The address of the registration validator whose hash a tournament's datum names. */
export const registrationAddressOf = (hash: string, network: Network): string =>
  serializeAddressObj(scriptAddressObj(hash), networkIdOf(network));

function stateOf(u: UTxO, contract: Contract, network: Network): TournamentState | null {
  if (u.output.address !== contract.address) return null;
  const tokens = u.output.amount.filter((a) => a.unit.startsWith(contract.policyId));
  if (tokens.length !== 1 || tokens[0]?.quantity !== "1") return null;
  const tournamentId = tokens[0].unit.slice(contract.policyId.length);
  if (!/^[0-9a-f]{64}$/.test(tournamentId) || u.output.plutusData === undefined) return null;
  const datum = decodeTournamentDatum(u.output.plutusData, network === "mainnet");
  if (datum === null) return null;
  // A datum naming another registration validator than its ID's: its registrations could never be
  // added (the validator refuses), so it is no tournament of these rules and is not listed.
  if (datum.config.registrationHash !== registrationScriptOf(tournamentId).hash) return null;
  return {
    tournamentId,
    contract,
    datum,
    utxo: u,
    lovelace: lovelaceOf(u),
    registrationAddress: registrationAddressOf(datum.config.registrationHash, network),
  };
}

/** Every live tournament of a contract, ordered by tournament ID. */
export async function listTournaments(chain: ChainPort, contract: Contract, network: Network): Promise<TournamentState[]> {
  const utxos = await chain.utxosAt(contract.address);
  return utxos
    .map((u) => stateOf(u, contract, network))
    .filter((t): t is TournamentState => t !== null)
    .sort((a, b) => (a.tournamentId < b.tournamentId ? -1 : a.tournamentId > b.tournamentId ? 1 : 0));
}

export async function findTournament(chain: ChainPort, contract: Contract, network: Network, tournamentId: string): Promise<TournamentState | null> {
  const id = tournamentId.toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(id)) return null;
  // Looked up by its NFT (one indexed read), not by decoding every output at the contract's
  // address: the cost does not grow with the number of tournaments and registrations there.
  const last = await chain.lastOutputWith(contract.policyId + id);
  if (last === null || last.spentBy !== null) return null;
  const state = stateOf(last.utxo, contract, network);
  return state !== null && state.tournamentId === id ? state : null;
}

const notFound = (contract: Contract, tournamentId: string): Error =>
  new NotFoundError(
    `No tournament ${tournamentId} under contract "${contract.contractTitle}" version "${contract.contractVersion}": ` +
      `it does not exist, or it ended (settled, cancelled or refunded: its NFT burnt; GET /tournaments/${tournamentId} tells how).`,
  );

/** The live tournament, or a 404 that says it does not exist (or has ended). */
export async function requireTournament(chain: ChainPort, contract: Contract, network: Network, tournamentId: string): Promise<TournamentState> {
  const t = await findTournament(chain, contract, network, tournamentId);
  if (!t) throw notFound(contract, tournamentId);
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
async function findEnded(chain: ChainPort, contract: Contract, network: Network, tournamentId: string): Promise<EndedTournament | null> {
  const id = tournamentId.toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(id)) return null;
  const last = await chain.lastOutputWith(contract.policyId + id);
  if (last === null || last.spentBy === null) return null;
  const state = stateOf(last.utxo, contract, network);
  if (state === null || state.tournamentId !== id) return null;
  const ending = endingOf(last.spentBy);
  return ending === null ? null : { ...state, ending };
}

/** A tournament, live or ended; a 404 when there is neither. */
export async function requireAnyTournament(
  chain: ChainPort,
  contract: Contract,
  network: Network,
  tournamentId: string,
): Promise<TournamentState | EndedTournament> {
  const t = (await findTournament(chain, contract, network, tournamentId)) ?? (await findEnded(chain, contract, network, tournamentId));
  if (!t) {
    throw new NotFoundError(
      `No tournament ${tournamentId} under contract "${contract.contractTitle}" version "${contract.contractVersion}": no output of this contract holds or held its NFT.`,
    );
  }
  return t;
}

export const isEnded = (t: TournamentState): t is EndedTournament => "ending" in t;

export function registrationOf(u: UTxO, entryFee: bigint, network: Network): Registration {
  const address = u.output.plutusData !== undefined ? decodeRegistrationDatum(u.output.plutusData, network === "mainnet") : null;
  const paid = lovelaceOf(u);
  return { address, outputRef: outRefOf(u), valid: address !== null && isKeyAddress(address) && paid >= entryFee, paidFeesLovelace: paid, utxo: u };
}

/** Every output at the tournament's registration address, ordered by output reference. */
export async function listRegistrations(chain: ChainPort, t: TournamentState, network: Network): Promise<Registration[]> {
  const utxos = await chain.utxosAt(t.registrationAddress);
  return utxos
    .map((u) => registrationOf(u, t.datum.config.entryFee, network))
    .sort((a, b) => (a.outputRef < b.outputRef ? -1 : a.outputRef > b.outputRef ? 1 : 0));
}
