// Reading v3 tournaments (contracts/V3-DESIGN.md §5.2, §5.6): a pool output holds the NFT and the
// datum [config, count, peaks]; its participants are its seats, read back from the chain's history
// (seats.ts) and checked against the datum. What comes out is what read.ts gives for a v2.1
// tournament (TournamentState: the datum's configuration and the participants in seat order;
// EndedTournament; UnreadableTournament), so that the views serve both layouts. A pool whose seats
// the backend cannot give back is unreadable, with the reason and the fix. Which contract a request
// means is decided elsewhere (deployment.ts): these functions take it.
import type { Address } from "../cardano/addresses.js";
import type { UTxO } from "../cardano/types.js";
import { lovelaceOf } from "../cardano/utxo.js";
import type { Network } from "../config.js";
import type { ChainPort } from "../chain/port.js";
import { NotFoundError, SeatsUnreadableError } from "../errors.js";
import type { Contract } from "./deployment.js";
import type { TournamentId } from "./id.js";
import { pageAfter, type Page } from "./pages.js";
import { decodePoolDatum, decodePoolSpendRedeemer, type PoolDatum } from "./pool-datum.js";
import {
  isUnreadable,
  nftHolder,
  notFound,
  registrationAddressOf,
  unreadableError,
  unreadableOutput,
  type EndedTournament,
  type Ending,
  type TournamentState,
  type UnreadableTournament,
} from "./read.js";
import type { SeatReader } from "./seats.js";

/** A v3 contract: its tournament script (policy id, address) and the registration validator of each tournament. */
export interface PoolContract extends Contract {
  /** The hash of tournament `tournamentId`'s registration validator (v2.1's source with this contract's tournament hash). */
  readonly registrationHashOf: (tournamentId: TournamentId) => string;
}

/** How a request reads v3 pools: the chain, its network, the contract and the seat reader (its cache). */
export interface PoolReading {
  readonly chain: ChainPort;
  readonly network: Network;
  readonly contract: PoolContract;
  readonly seats: SeatReader;
}

/**
 * A v3 pool output read from its datum alone, its seats not read: what the builders take
 * (v3/pool.ts's Pool) and what a listing pages by before it reads any history.
 */
export interface PoolHead {
  readonly tournamentId: TournamentId;
  /** The unspent output holding the NFT (for an ended tournament: the last one, now spent). */
  readonly utxo: UTxO;
  readonly datum: PoolDatum;
  readonly lovelace: bigint;
  readonly registrationAddress: Address;
}

/** A v3 tournament with its seats as its participants, and its pool as its datum decoded (for the builders). */
export interface PoolState extends TournamentState {
  readonly pool: PoolHead;
}

const isUnreadableHead = (t: PoolHead | UnreadableTournament): t is UnreadableTournament => "unreadable" in t;

/**
 * What output `u` is under a v3 contract, from its datum alone (no history read): a pool, an
 * unreadable one (a token of the policy that is no pool), or null (no token of the policy).
 */
export function poolHeadOf(r: PoolReading, u: UTxO): PoolHead | UnreadableTournament | null {
  const held = nftHolder(u, r.contract);
  if (held === null || "unreadable" in held) return held;
  const { tournamentId } = held;
  const unreadable = unreadableOutput(u, r.contract, tournamentId);
  const datum = decodePoolDatum(held.datum, r.network === "mainnet");
  if (datum === null) {
    return unreadable(
      "Its inline datum does not decode as a v3 pool datum of this service: exactly [config, count, peaks], a configuration of eight " +
        "fields whose name is UTF-8 and whose addresses are canonical key addresses of this network, a count from 0 to 1,024 and one " +
        "32-byte peak per bit set in it, in canonical CBOR.",
    );
  }
  const expected = r.contract.registrationHashOf(tournamentId);
  if (datum.config.registrationHash !== expected) {
    return unreadable(
      `Its datum names registration validator ${datum.config.registrationHash}, not the one of its ID (${expected}): it was not created ` +
        "by this service's rules, and no registration can ever be added to it.",
    );
  }
  return {
    tournamentId,
    utxo: u,
    datum,
    lovelace: lovelaceOf(u),
    registrationAddress: registrationAddressOf(datum.config.registrationHash, r.network),
  };
}

/** The pool with its participants (its seats, read from the history); unreadable when the history does not give them back. */
export async function withSeats(r: PoolReading, pool: PoolHead): Promise<PoolState | UnreadableTournament> {
  let seats: readonly string[];
  try {
    seats = await r.seats.seatsOf(r.chain, {
      unit: r.contract.policyId + pool.tournamentId,
      utxo: pool.utxo,
      accumulator: { count: pool.datum.count, peaks: pool.datum.peaks },
      registrationAddress: pool.registrationAddress.bech32,
    });
  } catch (error) {
    if (error instanceof SeatsUnreadableError)
      return unreadableOutput(pool.utxo, r.contract, pool.tournamentId)(error.message);
    throw error;
  }
  return {
    tournamentId: pool.tournamentId,
    contract: r.contract,
    datum: { config: pool.datum.config, participants: [...seats] },
    utxo: pool.utxo,
    lovelace: pool.lovelace,
    registrationAddress: pool.registrationAddress,
    pool,
  };
}

/**
 * What output `u` is under a v3 contract: a tournament (its participants its seats), an unreadable
 * one (a token of the policy that is no pool, or seats the history does not give back), or null
 * (no token of the policy).
 */
export async function readPoolOutput(r: PoolReading, u: UTxO): Promise<PoolState | UnreadableTournament | null> {
  const head = poolHeadOf(r, u);
  return head === null || isUnreadableHead(head) ? head : withSeats(r, head);
}

/** How many pools of a page have their seats read at once: each read may walk a history of up to 26 adds. */
export const PAGE_READS_AT_ONCE = 4;

/**
 * Page `limit` after `pageState` of the contract's live tournaments, and unreadable outputs holding
 * a token of its policy, ordered by ID: every output's datum decoded (no history), the page taken,
 * and only then the seats of the page's pools read (PAGE_READS_AT_ONCE at a time). A listing thus
 * reads at most `limit` pools' histories, however many pools the contract holds.
 */
export async function listPoolsPage(
  r: PoolReading,
  limit: number,
  pageState: string | undefined,
): Promise<Page<TournamentState | UnreadableTournament>> {
  const utxos = await r.chain.utxosAt(r.contract.address.bech32);
  const heads = utxos
    .map((u) => poolHeadOf(r, u))
    .filter((t): t is PoolHead | UnreadableTournament => t !== null)
    .sort((a, b) => (a.tournamentId < b.tournamentId ? -1 : a.tournamentId > b.tournamentId ? 1 : 0));
  const page = pageAfter(heads, (t) => t.tournamentId, limit, pageState, "pageState");
  const results = new Array<TournamentState | UnreadableTournament>(page.results.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < page.results.length; i = next++) {
      const t = page.results[i]!;
      results[i] = isUnreadableHead(t) ? t : await withSeats(r, t);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGE_READS_AT_ONCE, page.results.length) }, worker));
  return page.pageState === undefined ? { results } : { results, pageState: page.pageState };
}

/** How a v3 pool ended, from the redeemer that spent its last output; null for an add (or none). */
function poolEnding(txHash: string, redeemer: string | null): Ending | null {
  const action = redeemer === null ? null : decodePoolSpendRedeemer(redeemer);
  if (action === null || action.action === "add") return null;
  if (action.action === "settle") return { txHash, action: "settle", winners: action.winners };
  return { txHash, action: action.action, batches: action.batches };
}

/**
 * A v3 tournament, live, ended (its last output, spent by a settle, cancel or refund) or unreadable;
 * a 404 when no output of this contract holds or held its NFT as a pool.
 */
export async function findAnyPool(
  r: PoolReading,
  tournamentId: TournamentId,
): Promise<PoolState | EndedTournament | UnreadableTournament> {
  const last = await r.chain.lastOutputWith(r.contract.policyId + tournamentId);
  const read = last === null ? null : await readPoolOutput(r, last.utxo);
  if (last !== null && read !== null) {
    if (last.spentBy === null) return isUnreadable(read) ? { ...read, tournamentId } : read;
    const ending = poolEnding(last.spentBy.txHash, last.spentBy.redeemer);
    if (ending !== null && read.tournamentId === tournamentId) return isUnreadable(read) ? read : { ...read, ending };
  }
  throw new NotFoundError(
    `No tournament ${tournamentId} under contract "${r.contract.contractTitle}" version "${r.contract.contractVersion}": no output of this contract holds or held its NFT.`,
  );
}

/**
 * The live v3 tournament with its seats, for the transactions built on it: a 404 when there is none
 * (or it ended), a 400 naming the reason when its output or its seats cannot be read.
 */
export async function requirePool(r: PoolReading, tournamentId: TournamentId): Promise<PoolState> {
  const last = await r.chain.lastOutputWith(r.contract.policyId + tournamentId);
  const read = last === null || last.spentBy !== null ? null : await readPoolOutput(r, last.utxo);
  if (read === null) throw notFound(r.contract, tournamentId);
  if (isUnreadable(read)) throw unreadableError({ ...read, tournamentId });
  return read;
}
