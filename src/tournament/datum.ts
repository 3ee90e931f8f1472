// Plutus data codecs of the tournament contracts (contracts/README.md gives the layouts).
// Encoders return CBOR hex; decoders are tolerant: malformed data gives null, never a throw,
// so that a listing never crashes on an output somebody sent with a datum of their own.
import { withinCborLimits } from "../cardano/cbor-limits.js";
import { blake2b256 } from "../cardano/hash.js";
import { convertUplcDataToShelleyAddress, parseShelleyAddress } from "@helios-lang/ledger";
import {
  decodeUplcData,
  makeByteArrayData,
  makeConstrData,
  makeIntData,
  makeListData,
  type UplcData,
} from "@helios-lang/uplc";
import type { TournamentId } from "./id.js";

export interface FixedPayout {
  /** bech32 address */
  readonly address: string;
  readonly amount: bigint;
}

/** The configuration part of the tournament datum; it never changes after creation. */
export interface TournamentConfig {
  readonly name: string;
  /** bech32; its payment credential must be a key hash (the admin signs adds and settlement). */
  readonly adminAddress: string;
  readonly bracketSize: number;
  readonly entryFee: bigint;
  /** Lovelace for 1st, 2nd, ... placement. */
  readonly payoutStructure: readonly bigint[];
  readonly fixedPayouts: readonly FixedPayout[];
  /** Hex hash of this tournament's registration validator. */
  readonly registrationHash: string;
  /** Settlement deadline, POSIX milliseconds: adding and settling end there; from then on anyone may refund. */
  readonly settleBy: number;
}

export interface TournamentDatum {
  readonly config: TournamentConfig;
  /** bech32 addresses, in the order they were added. */
  readonly participants: readonly string[];
}

const hex = (bytes: readonly number[] | Uint8Array): string => Buffer.from(bytes).toString("hex");
const bytesOf = (h: string): number[] => [...Buffer.from(h, "hex")];
const isHex = (s: string, bytes?: number): boolean =>
  /^(?:[0-9a-f]{2})*$/i.test(s) && (bytes === undefined || s.length === bytes * 2);

// ---------------------------------------------------------------- addresses

export function addressToData(bech32: string): UplcData {
  return parseShelleyAddress(bech32).toUplcData();
}

function addressFromData(data: UplcData, mainnet: boolean): string {
  return convertUplcDataToShelleyAddress(mainnet, data).toBech32();
}

// ---------------------------------------------------------------- tournament datum

/** The configuration as data: the first item of v2.1's datum and of v3's pool datum (eight items). */
export function configToData(c: TournamentConfig): UplcData {
  if (!isHex(c.registrationHash, 28)) throw new Error("registrationHash must be 28 bytes of hex");
  return makeListData([
    makeByteArrayData(bytesOf(Buffer.from(c.name, "utf8").toString("hex"))),
    addressToData(c.adminAddress),
    makeIntData(BigInt(c.bracketSize)),
    makeIntData(c.entryFee),
    makeListData(c.payoutStructure.map((a) => makeIntData(a))),
    makeListData(c.fixedPayouts.map((f) => makeListData([addressToData(f.address), makeIntData(f.amount)]))),
    makeByteArrayData(bytesOf(c.registrationHash)),
    makeIntData(BigInt(c.settleBy)),
  ]);
}

export function tournamentDatumToData(datum: TournamentDatum): UplcData {
  return makeListData([configToData(datum.config), makeListData(datum.participants.map(addressToData))]);
}

export function encodeTournamentDatum(datum: TournamentDatum): string {
  return hex(tournamentDatumToData(datum).toCbor());
}

// Tolerant readers of one data item (null when it is not of the kind), shared with pool-datum.ts.

/** The items of a list, or null. */
export function listItems(data: UplcData | undefined): readonly UplcData[] | null {
  return data !== undefined && data.kind === "list" ? data.items : null;
}

/** An integer, or null. */
export function dataInt(data: UplcData | undefined): bigint | null {
  return data !== undefined && data.kind === "int" ? data.value : null;
}

/** A byte string as hex, or null. */
export function dataBytesHex(data: UplcData | undefined): string | null {
  return data !== undefined && data.kind === "bytes" ? hex(data.bytes) : null;
}

/** Decodes a tournament datum (CBOR hex); null when it is not a well-formed one. */
export function decodeTournamentDatum(cborHex: string, mainnet: boolean): TournamentDatum | null {
  const top = dataItems(cborHex);
  if (top === null || top.length !== 2) return null;
  const config = configFromData(top[0], mainnet);
  const parts = listItems(top[1]);
  if (config === null || parts === null) return null;
  try {
    return { config, participants: parts.map((p) => addressFromData(p, mainnet)) };
  } catch {
    return null;
  }
}

/**
 * Data from CBOR hex, or null: not hex, over the CBOR limits (an output anyone paid to the contract
 * may carry such a datum: never decoded), or not data.
 */
export function decodedData(cborHex: string): UplcData | null {
  try {
    if (!isHex(cborHex) || !withinCborLimits(cborHex)) return null;
    return decodeUplcData(bytesOf(cborHex));
  } catch {
    return null;
  }
}

/** The items of a datum that is a list (CBOR hex), or null (decodedData). */
export function dataItems(cborHex: string): readonly UplcData[] | null {
  return listItems(decodedData(cborHex) ?? undefined);
}

/** The configuration from its data (configToData's inverse); null when it is not a well-formed one. */
export function configFromData(data: UplcData | undefined, mainnet: boolean): TournamentConfig | null {
  try {
    const cfg = listItems(data);
    if (cfg === null || cfg.length !== 8) return null;
    const nameHex = dataBytesHex(cfg[0]);
    const bracket = dataInt(cfg[2]);
    const fee = dataInt(cfg[3]);
    const payouts = listItems(cfg[4]);
    const fixed = listItems(cfg[5]);
    const regHash = dataBytesHex(cfg[6]);
    const settleBy = dataInt(cfg[7]);
    if (settleBy === null || settleBy < 0n || settleBy > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    if (
      nameHex === null ||
      bracket === null ||
      fee === null ||
      payouts === null ||
      fixed === null ||
      regHash === null
    ) {
      return null;
    }
    const name = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(nameHex, "hex"));
    const payoutStructure = payouts.map(dataInt);
    if (payoutStructure.some((a) => a === null)) return null;
    const fixedPayouts: FixedPayout[] = [];
    for (const f of fixed) {
      const pair = listItems(f);
      const amount = dataInt(pair?.[1]);
      if (pair === null || pair.length !== 2 || amount === null || pair[0] === undefined) return null;
      fixedPayouts.push({ address: addressFromData(pair[0], mainnet), amount });
    }
    if (cfg[1] === undefined || bracket > BigInt(Number.MAX_SAFE_INTEGER) || bracket < 0n) return null;
    return {
      name,
      adminAddress: addressFromData(cfg[1], mainnet),
      bracketSize: Number(bracket),
      entryFee: fee,
      payoutStructure: payoutStructure as bigint[],
      fixedPayouts,
      registrationHash: regHash,
      settleBy: Number(settleBy),
    };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- registration datum

/** The registration datum: the registrant's address as Plutus data. */
export function encodeRegistrationDatum(address: string): string {
  return hex(addressToData(address).toCbor());
}

/**
 * The registrant's address, when the datum is exactly the canonical encoding of an address (what
 * encodeRegistrationDatum gives); null otherwise. The registration validator refuses to add a
 * datum that is not a key address, so only such datums can ever become participants.
 */
export function decodeRegistrationDatum(cborHex: string, mainnet: boolean): string | null {
  try {
    // An output anyone paid to the contract may carry a datum over the CBOR limits: never decoded.
    if (!isHex(cborHex) || !withinCborLimits(cborHex)) return null;
    const address = addressFromData(decodeUplcData(bytesOf(cborHex)), mainnet);
    return encodeRegistrationDatum(address) === cborHex.toLowerCase() ? address : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- payout tags

/** Inline datum of prize output `index` (placements first, then fixed payouts). */
export function encodePayoutTag(tournamentId: string, index: number): string {
  return hex(makeListData([makeByteArrayData(bytesOf(tournamentId)), makeIntData(BigInt(index))]).toCbor());
}

// ---------------------------------------------------------------- tournament ID

/** CBOR encoding of a non-negative integer (major type 0), as Plutus `Int::serialize` gives it. */
function cborUint(n: number): number[] {
  if (!Number.isInteger(n) || n < 0) throw new Error("output index must be a non-negative integer");
  if (n < 24) return [n];
  if (n < 0x100) return [0x18, n];
  if (n < 0x10000) return [0x19, n >> 8, n & 0xff];
  return [0x1a, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

/** Tournament ID = NFT asset name = blake2b-256(txHash bytes ‖ CBOR(outputIndex)), as hex. */
export function tournamentIdOf(txHash: string, outputIndex: number): TournamentId {
  if (!isHex(txHash, 32)) throw new Error("txHash must be 32 bytes of hex");
  return blake2b256(Uint8Array.from([...bytesOf(txHash), ...cborUint(outputIndex)])) as TournamentId;
}

// ---------------------------------------------------------------- redeemers

// The tournament script is a Helios "mixed" script: its redeemer is wrapped, Constr 0 [MintAction]
// when it runs as the minting policy and Constr 1 [SpendAction] when it runs as the validator.
const asMint = (action: UplcData): string => hex(makeConstrData(0, [action]).toCbor());
const asSpend = (action: UplcData): string => hex(makeConstrData(1, [action]).toCbor());

/** Output reference as Plutus V2 data: Constr 0 [Constr 0 [txHash], index]. */
function outRefToData(txHash: string, outputIndex: number): UplcData {
  return makeConstrData(0, [makeConstrData(0, [makeByteArrayData(bytesOf(txHash))]), makeIntData(BigInt(outputIndex))]);
}

/** Minting redeemer Create{seed}. */
export function mintCreateRedeemer(txHash: string, outputIndex: number): string {
  return asMint(makeConstrData(0, [outRefToData(txHash, outputIndex)]));
}

export const MINT_BURN_REDEEMER = asMint(makeConstrData(1, []));
export const ADD_PARTICIPANTS_REDEEMER = asSpend(makeConstrData(0, []));
/** Cancel: the admin ends the tournament, every entry fee back to its participant. */
export const CANCEL_REDEEMER = asSpend(makeConstrData(2, []));
/** Refund: the same as Cancel, by anyone, once the settlement deadline has passed. */
export const REFUND_REDEEMER = asSpend(makeConstrData(3, []));
/** Settle{winners}: participant indices in placement order. */
export function settleRedeemer(winnerIndices: readonly number[]): string {
  return asSpend(makeConstrData(1, [makeListData(winnerIndices.map((i) => makeIntData(BigInt(i))))]));
}
/** A tournament spending redeemer, decoded: what the transaction that spent a tournament output did. */
export type SpendAction =
  | { readonly action: "add" }
  | { readonly action: "settle"; readonly winners: readonly number[] }
  | { readonly action: "cancel" }
  | { readonly action: "refund" };

/** Decodes a spending redeemer of the tournament script (CBOR hex); null when it is none. */
export function decodeSpendRedeemer(cborHex: string): SpendAction | null {
  try {
    if (!isHex(cborHex)) return null;
    const outer = decodeUplcData(bytesOf(cborHex));
    if (outer.kind !== "constr" || outer.tag !== 1 || outer.fields.length !== 1) return null;
    const inner = outer.fields[0]!;
    if (inner.kind !== "constr") return null;
    if (inner.tag === 1 && inner.fields.length === 1) {
      const items = listItems(inner.fields[0]);
      const winners = items?.map(dataInt) ?? null;
      if (winners === null || winners.some((w) => w === null || w < 0n || w > 1_000n)) return null;
      return { action: "settle", winners: winners.map(Number) };
    }
    if (inner.fields.length !== 0) return null;
    return inner.tag === 0
      ? { action: "add" }
      : inner.tag === 2
        ? { action: "cancel" }
        : inner.tag === 3
          ? { action: "refund" }
          : null;
  } catch {
    return null;
  }
}

export const REGISTRATION_CANCEL_REDEEMER = hex(makeConstrData(0, []).toCbor());
export const REGISTRATION_ADD_REDEEMER = hex(makeConstrData(1, []).toCbor());
