// The CBOR of a transaction's parts, written the shortest way the Conway ledger accepts, so that
// the fee pays for no byte the transaction does not need: outputs without a datum or a script in
// the Shelley-Mary array form, coin-only values as a bare integer, sets in the body without their
// optional tag, metadata as a bare label map (no Alonzo wrapper), no auxiliary data at all when
// there is no metadata. Sets in the witness set keep tag 258, the form wallets write when they
// add their signatures, so that the size priced is the size signed.
import type { Metadatum, Output } from "./types.js";
import type { Value } from "./value.js";
import { CborReader, CborWriter } from "./cbor.js";
import { blake2b256, blake2b256Bytes } from "./hash.js";
import { fromHex } from "./tx-cbor.js";

export const SET_TAG = 258;

/** policy id → asset name → quantity, policies and names sorted (the multi-asset map's order). */
function byPolicy(units: Iterable<[string, bigint]>): Map<string, Map<string, bigint>> {
  const sorted = [...units].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const policies = new Map<string, Map<string, bigint>>();
  for (const [unit, quantity] of sorted) {
    const policy = unit.slice(0, 56);
    let names = policies.get(policy);
    if (!names) policies.set(policy, (names = new Map<string, bigint>()));
    names.set(unit.slice(56), quantity);
  }
  return policies;
}

/** A value: its coin alone, or [coin, multiasset] (a zero quantity, which a Value never holds, left out). */
export function writeValue(w: CborWriter, value: Value): CborWriter {
  const assets = value.assets.size === 0 ? [] : [...value.assets].filter(([, quantity]) => quantity !== 0n);
  if (assets.length === 0) return w.uint(value.lovelace);
  w.array(2).uint(value.lovelace);
  return writeMultiAsset(w, byPolicy(assets), false);
}

function writeMultiAsset(w: CborWriter, policies: Map<string, Map<string, bigint>>, signed: boolean): CborWriter {
  w.map(policies.size);
  for (const [policy, names] of policies) {
    w.bytes(fromHex(policy)).map(names.size);
    for (const [name, quantity] of names) {
      w.bytes(fromHex(name));
      if (signed) w.int(quantity);
      else w.uint(quantity);
    }
  }
  return w;
}

/** The mint field: policy → name → signed quantity. */
export const writeMint = (w: CborWriter, mint: ReadonlyMap<string, bigint>): CborWriter =>
  writeMultiAsset(w, byPolicy(mint), true);

/** The script_ref language tag of each Plutus version. */
const PLUTUS_LANGUAGE = { V1: 1, V2: 2, V3: 3 } as const;

/** A transaction output: [address, value, ?datum hash] when it has no inline datum nor script, else the map form. */
export function writeOutput(w: CborWriter, output: Output): CborWriter {
  const address = output.address.bytes;
  const value = output.value;
  const datum = output.datum;
  const script = output.referenceScript;
  if (script === undefined && datum?.type !== "Inline") {
    const hash =
      datum?.type === "Hash" || datum?.type === "Embedded" ? datumHashOf(datum.data.content as string) : null;
    w.array(hash === null ? 2 : 3).bytes(address);
    writeValue(w, value);
    return hash === null ? w : w.bytes(fromHex(hash));
  }
  w.map(2 + (datum ? 1 : 0) + (script ? 1 : 0))
    .uint(0)
    .bytes(address)
    .uint(1);
  writeValue(w, value);
  if (datum?.type === "Inline")
    w.uint(2)
      .array(2)
      .uint(1)
      .tag(24)
      .bytes(fromHex(datum.data.content as string));
  else if (datum)
    w.uint(2)
      .array(2)
      .uint(0)
      .bytes(fromHex(datumHashOf(datum.data.content as string)));
  if (script)
    w.uint(3)
      .tag(24)
      .bytes(new CborWriter().array(2).uint(PLUTUS_LANGUAGE[script.version]).bytes(fromHex(script.code)).finish());
  return w;
}

/** blake2b-256 of some bytes, hex: a transaction id, a datum hash, an auxiliary data hash. */
export const hash256 = blake2b256;

/** The hash of a datum given as CBOR hex: over its bytes as given. */
export const datumHashOf = (cborHex: string): string => hash256(fromHex(cborHex));

/** The encoded size of an output. */
export const outputSize = (output: Output): number => writeOutput(new CborWriter(), output).length;

/** The ledger's minimum lovelace of an output: coinsPerUTxOByte × (160 + its size), at that lovelace. */
export function minLovelace(output: Output, coinsPerUtxoSize: number | bigint): bigint {
  const perByte = BigInt(coinsPerUtxoSize);
  const withCoin = (coin: bigint): Output => ({ ...output, value: { lovelace: coin, assets: output.value.assets } });
  // The coin's own size depends on the minimum: settle it (at most a few rounds, sizes only grow).
  let coin = 0n;
  for (let i = 0; i < 4; i++) {
    const min = perByte * BigInt(160 + outputSize(withCoin(coin)));
    if (min <= coin) break;
    coin = min;
  }
  return coin;
}

/** A metadatum: integer, bytes, text, list or map. */
export function writeMetadatum(w: CborWriter, value: Metadatum): CborWriter {
  if (typeof value === "number" || typeof value === "bigint") return w.int(value);
  if (typeof value === "string") return w.text(value);
  if (value instanceof Uint8Array) return w.bytes(value);
  if (Array.isArray(value)) {
    w.array(value.length);
    for (const item of value) writeMetadatum(w, item);
    return w;
  }
  if (value instanceof Map) {
    w.map(value.size);
    for (const [key, item] of value) writeMetadatum(writeMetadatum(w, key), item);
    return w;
  }
  throw new Error(`not a metadatum: ${typeof value}`);
}

/** The auxiliary data of a transaction with metadata: the Shelley form, a bare label → metadatum map. */
export function writeAuxiliaryData(metadata: ReadonlyMap<bigint, Metadatum>): Uint8Array {
  const w = new CborWriter().map(metadata.size);
  for (const [label, value] of [...metadata].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    writeMetadatum(w.uint(label), value);
  return w.finish();
}

/** Every key hash a native script (CBOR hex) names: the most signatures it can take. */
export function nativeScriptSigners(cborHex: string): string[] {
  const reader = new CborReader(fromHex(cborHex));
  const signers: string[] = [];
  const walk = (): void => {
    const length = reader.arrayLength();
    const kind = reader.smallUint();
    if (kind === 0) signers.push(Buffer.from(reader.bytesValue()).toString("hex"));
    else if (kind === 1 || kind === 2) reader.each(reader.arrayLength(), walk);
    else if (kind === 3) {
      reader.uint();
      reader.each(reader.arrayLength(), walk);
    } else reader.uint();
    if (length === null) reader.readBreak();
  };
  walk();
  return signers;
}

/**
 * The size the ledger charges for the reference scripts of one UTxO's scriptRef (Mesh's hex of
 * `[language, script]`): a native script's CBOR, a Plutus script's bytes.
 */
export function referenceScriptSize(scriptRef: string): number {
  const reader = new CborReader(fromHex(scriptRef));
  reader.arrayLength();
  const language = reader.smallUint();
  return language === 0 ? reader.raw().length : reader.bytesValue().length;
}

/**
 * A decimal number of the protocol parameters (15, 0.0577, 7.21e-5, "15.5") as the exact fraction
 * it writes: the ledger holds these prices as rationals, and a float product would be off by a
 * lovelace now and then.
 */
export function decimalFraction(value: number | string): { num: bigint; den: bigint } {
  const text = String(value).trim().toLowerCase();
  const match = /^(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/.exec(text);
  if (!match) throw new Error(`${text} is not a non-negative decimal number`);
  const [, whole = "", fraction = "", exponent = "0"] = match;
  const shift = Number(exponent) - fraction.length;
  const digits = BigInt(whole + fraction);
  return shift >= 0 ? { num: digits * 10n ** BigInt(shift), den: 1n } : { num: digits, den: 10n ** BigInt(-shift) };
}

/**
 * The Conway fee for reference scripts of `size` bytes in total: `base` lovelace a byte for the
 * first 25 KiB, then × 1.2 for each further 25 KiB, the sum rounded down (the ledger's
 * tierRefScriptFee, in exact rationals).
 */
export function referenceScriptsFee(size: number, base: number | string): bigint {
  if (size <= 0 || !(Number(base) > 0)) return 0n;
  const price = decimalFraction(base);
  let priceNum = price.num;
  let priceDen = price.den;
  let totalNum = 0n;
  let totalDen = 1n;
  for (let left = BigInt(size); left > 0n; left -= 25_600n) {
    const chunk = left < 25_600n ? left : 25_600n;
    // total += chunk × price
    totalNum = totalNum * priceDen + chunk * priceNum * totalDen;
    totalDen *= priceDen;
    priceNum *= 6n;
    priceDen *= 5n;
  }
  return totalNum / totalDen;
}

/** Execution units: a redeemer's budget, or a transaction's sum. */
export interface ExUnits {
  readonly mem: bigint;
  readonly steps: bigint;
}

/**
 * The price of a transaction's execution units: one ceiling over mem × priceMem + steps ×
 * priceStep, both summed over every redeemer first (the ledger's txscriptfee of totExUnits).
 */
export function exUnitsFee(total: ExUnits, priceMem: number | string, priceStep: number | string): bigint {
  const pm = decimalFraction(priceMem);
  const ps = decimalFraction(priceStep);
  const num = total.mem * pm.num * ps.den + total.steps * ps.num * pm.den;
  const den = pm.den * ps.den;
  return (num + den - 1n) / den;
}

/** The redeemer tags this builder writes: spending a script input, minting under a script policy. */
export const RedeemerTag = { Spend: 0, Mint: 1 } as const;
export type RedeemerTag = (typeof RedeemerTag)[keyof typeof RedeemerTag];

export interface Redeemer {
  readonly tag: RedeemerTag;
  /** Spend: the input's position in the ledger-sorted inputs; mint: the policy's in the sorted policies. */
  readonly index: number;
  /** Plutus data, CBOR, as given (the script data hash covers these very bytes). */
  readonly data: Uint8Array;
  readonly budget: ExUnits;
}

/** The redeemers field in its array form, [tag, index, data, [mem, steps]] each: a byte a redeemer shorter than the map form. */
export function writeRedeemers(redeemers: readonly Redeemer[]): Uint8Array {
  const w = new CborWriter().array(redeemers.length);
  for (const r of redeemers)
    w.array(4).uint(r.tag).uint(r.index).raw(r.data).array(2).uint(r.budget.mem).uint(r.budget.steps);
  return w.finish();
}

/**
 * The language views of the Plutus versions a transaction runs, as the Alonzo-to-Conway CDDL
 * defines them for the script data hash, in canonical key order (shorter keys first, so V1's
 * two-byte key comes last). V2 and V3: key 1 or 2, the cost model a definite list of integers.
 * V1 keeps Alonzo's double encoding: its key is the byte string of the encoded 0 and its value the
 * byte string of the cost model encoded as an indefinite-length list.
 */
export function languageViews(
  costModels: Partial<Readonly<Record<"V1" | "V2" | "V3", readonly number[]>>>,
): Uint8Array {
  const used = (["V2", "V3", "V1"] as const).filter((v) => costModels[v] !== undefined);
  const w = new CborWriter().map(used.length);
  for (const version of used) {
    const model = costModels[version]!;
    if (version === "V1") {
      const inner = new CborWriter().raw(Uint8Array.of(0x9f)); // an indefinite-length array…
      for (const cost of model) inner.int(cost);
      w.bytes(Uint8Array.of(0x00)).bytes(inner.raw(Uint8Array.of(0xff)).finish()); // …and its break
    } else {
      w.uint(version === "V2" ? 1 : 2).array(model.length);
      for (const cost of model) w.int(cost);
    }
  }
  return w.finish();
}

const EMPTY_MAP = Uint8Array.of(0xa0);

/**
 * The script data hash (script_integrity_data): blake2b-256 of redeemers ‖ datums ‖ language views,
 * each the bytes the witness set holds (datums omitted when there are none). Without redeemers
 * (`scripts` null), Conway hashes A0 ‖ datums ‖ A0: an empty redeemer map, no language view.
 */
export function scriptDataHash(
  datums: Uint8Array | null,
  scripts: { readonly redeemers: Uint8Array; readonly languageViews: Uint8Array } | null,
): Uint8Array {
  const middle = datums ?? new Uint8Array(0);
  const parts = scripts ? [scripts.redeemers, middle, scripts.languageViews] : [EMPTY_MAP, middle, EMPTY_MAP];
  return blake2b256Bytes(Buffer.concat(parts));
}
