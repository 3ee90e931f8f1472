// Plutus data the service's codecs refuse to write (malformed addresses, extra fields, datums with
// a field changed): attack tests build such datums by hand, as an attacker bypassing the service would.
import { makeByteArrayData, makeConstrData, makeIntData, makeListData, type UplcData } from "@helios-lang/uplc";
import { addressToData, tournamentDatumToData, type TournamentConfig } from "../../src/tournament/datum.js";

export const cborHex = (d: UplcData): string => Buffer.from(d.toCbor()).toString("hex");

/** Payment credentials and stake parts as the ledger's Plutus data. */
export const keyCred = (hash: string): UplcData => makeConstrData(0, [makeByteArrayData(hash)]);
export const scriptCred = (hash: string): UplcData => makeConstrData(1, [makeByteArrayData(hash)]);
export const noStake: UplcData = makeConstrData(1, []);
export const stakeOf = (credential: UplcData): UplcData => makeConstrData(0, [makeConstrData(0, [credential])]);

/** Address = Constr 0 [payment, stake]. */
export const addressData = (payment: UplcData, stake: UplcData = noStake): UplcData =>
  makeConstrData(0, [payment, stake]);

export { addressToData, makeByteArrayData, makeConstrData, makeIntData, makeListData };

function items(d: UplcData): UplcData[] {
  if (d.kind !== "list") throw new Error("not a list");
  return [...d.items];
}

/** The eight config items of `config` as data, for an attack to change one of them. */
export function configItems(config: TournamentConfig): UplcData[] {
  return items(items(tournamentDatumToData({ config, participants: [] }))[0]!);
}

/**
 * A tournament datum [config, participants] as CBOR hex, with raw participants and the config items
 * optionally edited (index → data) or extended.
 */
export function rawTournamentDatum(
  config: TournamentConfig,
  participants: readonly UplcData[],
  edit: Readonly<Record<number, UplcData>> = {},
  extraConfigItems: readonly UplcData[] = [],
  extraTopItems: readonly UplcData[] = [],
): string {
  const c = configItems(config);
  for (const [i, d] of Object.entries(edit)) c[Number(i)] = d;
  return cborHex(
    makeListData([makeListData([...c, ...extraConfigItems]), makeListData([...participants]), ...extraTopItems]),
  );
}
