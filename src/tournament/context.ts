// What every tournament operation works with: the chain, the network, its era history (the
// settlement deadline's times as slots), the deployments and the reader of v3 seats.
import type { Address } from "../cardano/addresses.js";
import type { UTxO } from "../cardano/types.js";
import type { EraHistory } from "../cardano/era-history.js";
import { isLovelace, outRefOf } from "../cardano/utxo.js";
import type { Network } from "../config.js";
import type { ChainPort } from "../chain/port.js";
import { BadRequestError, fieldsReworded, refusal } from "../errors.js";
import type { Deployments } from "./deployment.js";
import type { SeatReader } from "./seats.js";

export interface TournamentContext {
  readonly chain: ChainPort;
  readonly network: Network;
  readonly eraHistory: EraHistory;
  readonly deployments: Deployments;
  /** v3 pools' seats, read from the chain's history (one reader, its cache, per service). */
  readonly seats: SeatReader;
}

/** The answer of every transaction-building endpoint (plus endpoint-specific fields). */
export interface TxAnswer {
  readonly complete: string;
  readonly hash: string;
  /** The fee the transaction pays, lovelace. */
  readonly fee: bigint;
}

/** The output references of `utxos` that are still unspent on chain. */
async function unspentRefs(chain: ChainPort, utxos: readonly UTxO[]): Promise<Set<string>> {
  const found = await chain.utxosByRef(utxos.map((u) => ({ txHash: u.input.txHash, index: u.input.outputIndex })));
  return new Set(found.map(outRefOf));
}

/** Refuses UTxOs (the input's field `field`) that are spent or unknown on chain, naming the first one. */
export async function checkUnspent(chain: ChainPort, utxos: readonly UTxO[], field: string): Promise<void> {
  const found = await unspentRefs(chain, utxos);
  const i = utxos.findIndex((u) => !found.has(outRefOf(u)));
  const spent = utxos[i];
  if (spent !== undefined)
    throw refusal(
      BadRequestError,
      (at) => `${at(`${field}[${i}]`)} (${outRefOf(spent)}) is spent or unknown on chain.`,
    );
}

/** The UTxOs of `utxos` that are still unspent on chain (stale wallet UTxOs are left out of coin selection). */
export async function unspentOnly(chain: ChainPort, utxos: readonly UTxO[]): Promise<UTxO[]> {
  const found = await unspentRefs(chain, utxos);
  return utxos.filter((u) => found.has(outRefOf(u)));
}

/**
 * The UTxOs that pay a transaction: the client's (the input's field `utxos`), or, when the request
 * left them out, every UTxO at the paying party's address (the input's field `field`: the admin's,
 * the registrant's), read from the chain as POST /transactions/build reads its change address's.
 */
export type Paying =
  { readonly given: readonly UTxO[] } | { readonly from: { readonly address: Address; readonly field: string } };

/**
 * The client's UTxOs still unspent on chain, or the paying party's UTxOs on chain. Of those, one
 * that carries a datum and a token is left out (as POST /transactions/build leaves out UTxOs with a
 * datum: spending it as plain funds would drop the datum, e.g. a CIP-68 reference token's metadata);
 * one of ada alone with a datum, such as a tournament's tagged prize, pays like any other.
 */
export async function payingUtxos(chain: ChainPort, paying: Paying): Promise<UTxO[]> {
  if ("given" in paying) return unspentOnly(chain, paying.given);
  const held = await chain.utxosAt(paying.from.address.bech32);
  return held.filter((u) => !(u.output.plutusData || u.output.dataHash) || u.output.amount.every(isLovelace));
}

/**
 * Runs `build`, whose refusals name the field `utxos`; when the request left `utxos` out, they say
 * where the UTxOs came from instead ("… Pass more or larger UTxOs in body.utxos (left out, so read
 * from the chain at body.adminAddress).").
 */
export async function paidBy<T>(paying: Paying, build: () => Promise<T>): Promise<T> {
  if ("given" in paying) return build();
  const { field } = paying.from;
  try {
    return await build();
  } catch (error) {
    throw fieldsReworded(error, (path, at) =>
      path === "utxos" || path.startsWith("utxos[")
        ? `${at(path)} (left out, so read from the chain at ${at(field)})`
        : at(path),
    );
  }
}
