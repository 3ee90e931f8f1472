// FROZEN v1 (see scripts.ts): the v1 tournament datum, whose configuration has seven items (no
// settle_by). Everything else v1 puts on chain (registration datum, payout tags, redeemers,
// tournament ID) is encoded as in v2, so the bench takes those from src/tournament/datum.ts.
import { convertUplcDataToShelleyAddress, parseShelleyAddress } from "@helios-lang/ledger";
import { decodeUplcData, makeByteArrayData, makeIntData, makeListData, type UplcData } from "@helios-lang/uplc";
import type { FixedPayout } from "../../src/tournament/datum.js";

export interface V1Config {
  readonly name: string;
  readonly adminAddress: string;
  readonly bracketSize: number;
  readonly entryFee: bigint;
  readonly payoutStructure: readonly bigint[];
  readonly fixedPayouts: readonly FixedPayout[];
  readonly registrationHash: string;
}

const address = (bech32: string): UplcData => parseShelleyAddress(bech32).toUplcData();
const bytes = (hex: string): number[] => [...Buffer.from(hex, "hex")];

/** [[name, admin, bracket, fee, payouts, fixed, registration_hash], participants] as CBOR hex. */
export function encodeV1TournamentDatum(c: V1Config, participants: readonly string[]): string {
  const data = makeListData([
    makeListData([
      makeByteArrayData(bytes(Buffer.from(c.name, "utf8").toString("hex"))),
      address(c.adminAddress),
      makeIntData(BigInt(c.bracketSize)),
      makeIntData(c.entryFee),
      makeListData(c.payoutStructure.map((a) => makeIntData(a))),
      makeListData(c.fixedPayouts.map((f) => makeListData([address(f.address), makeIntData(f.amount)]))),
      makeByteArrayData(bytes(c.registrationHash)),
    ]),
    makeListData(participants.map(address)),
  ]);
  return Buffer.from(data.toCbor()).toString("hex");
}

/** The participants (testnet bech32) of a v1 tournament datum; throws when it is not one. */
export function v1ParticipantsOf(datumHex: string): string[] {
  const top = decodeUplcData(bytes(datumHex));
  const config = top.kind === "list" ? top.items[0] : undefined;
  const parts = top.kind === "list" ? top.items[1] : undefined;
  if (config?.kind !== "list" || config.items.length !== 7 || parts?.kind !== "list")
    throw new Error("not a v1 tournament datum");
  return parts.items.map((p) => convertUplcDataToShelleyAddress(false, p).toBech32());
}
