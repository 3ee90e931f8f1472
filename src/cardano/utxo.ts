// UTxOs in Mesh's shape, the domain's UTxO type: the strings they travel as at the HTTP boundary
// (the CBOR of [input, output], as CIP-30 wallets' getUtxos() return them), their output
// reference "<txHash>#<index>", and what the domain reads off them.
//
// Decoding is ours (cbor.ts), not cardano-sdk's: it gives the same UTxO object (a test compares
// the two over every output form) at a few microseconds a UTxO instead of a hundred, which is
// what a build given a thousand UTxOs spends most of its time on.
import type { Asset, UTxO } from "./types.js";
import { base58, bech32 } from "@scure/base";
import { BadRequestError, CborLimitExceededError, refusal } from "../errors.js";
import { CborReader, CborWriter, Major } from "./cbor.js";
import { blake2b256 } from "./hash.js";
import { CborLimitError, checkCborHexLimits, requireCborWithinLimits, withinCborLimits } from "./cbor-limits.js";

const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

/** Text forms of the address bytes seen lately: the UTxOs of one request mostly share an address. */
const texts = new Map<string, string>();

/** The text form of an address's bytes: bech32 for Shelley addresses, base58 for Byron ones. */
export function addressText(bytes: Uint8Array): string {
  const key = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1");
  let text = texts.get(key);
  if (text === undefined) {
    text = encodeAddress(bytes);
    if (texts.size >= 10_000) texts.clear();
    texts.set(key, text);
  }
  return text;
}

function encodeAddress(bytes: Uint8Array): string {
  const header = bytes[0];
  if (header === undefined) throw new Error("an address cannot be empty");
  const type = header >> 4;
  if (type === 8) return base58.encode(bytes);
  const mainnet = (header & 0x0f) === 1;
  const prefix = type === 14 || type === 15 ? (mainnet ? "stake" : "stake_test") : mainnet ? "addr" : "addr_test";
  return bech32.encode(prefix, bech32.toWords(bytes), false);
}

/** A value (coin, or [coin, multiasset]) as Mesh's amount list: lovelace first, then each asset. */
function readAmount(reader: CborReader): Asset[] {
  if (reader.peekMajor() === Major.Uint) return [{ unit: "lovelace", quantity: reader.uint().toString() }];
  const length = pair(reader, "a value is a coin or [coin, multiasset]");
  const amount: Asset[] = [{ unit: "lovelace", quantity: reader.uint().toString() }];
  reader.each(reader.mapLength(), () => {
    const policy = toHex(reader.bytesValue());
    if (policy.length !== 56) throw new Error("a policy id is 28 bytes");
    reader.each(reader.mapLength(), () => {
      const name = toHex(reader.bytesValue());
      if (name.length > 64) throw new Error("an asset name is at most 32 bytes");
      amount.push({ unit: policy + name, quantity: reader.uint().toString() });
    });
  });
  if (length === null) reader.readBreak();
  return amount;
}

/** Reads the head of an array of two items; null when it is indefinite (its break follows them). */
function pair(reader: CborReader, what: string): null | 2 {
  const length = reader.arrayLength();
  if (length !== null && length !== 2) throw new Error(what);
  return length;
}

/** The item inside a tag 24 (CBOR-in-CBOR): its bytes. */
function readEmbedded(reader: CborReader): Uint8Array {
  if (reader.tag() !== 24n) throw new Error("expected CBOR-in-CBOR (tag 24)");
  return reader.bytesValue();
}

/**
 * An output's address as text. Byron outputs are refused: spending one needs a bootstrap witness,
 * which neither the fee estimate nor the signing flow of this service provides.
 */
function shelleyAddress(bytes: Uint8Array): string {
  if (bytes[0] !== undefined && bytes[0] >> 4 === 8)
    throw new Error("its address is a Byron address, and this service does not spend Byron outputs");
  return addressText(bytes);
}

/** Reads an output; `byron`: whether a Byron address is read (the ledger's own outputs) or refused (a client's UTxO to spend). */
function readOutput(reader: CborReader, byron = false): UTxO["output"] {
  const addressOf = byron ? addressText : shelleyAddress;
  // Every field present, as cardano-sdk gives them (undefined when absent).
  const output: UTxO["output"] = {
    address: "",
    amount: [],
    dataHash: undefined,
    plutusData: undefined,
    scriptRef: undefined,
  };
  const setDatum = (option: CborReader) => {
    const length = pair(option, "a datum option is [0, hash] or [1, data]");
    const kind = option.smallUint();
    if (kind === 0) output.dataHash = toHex(option.bytesValue());
    else if (kind === 1) {
      const data = readEmbedded(option);
      output.plutusData = toHex(data);
      output.dataHash = blake2b256(data);
    } else throw new Error(`unknown datum option ${kind}`);
    if (length === null) option.readBreak();
  };
  if (reader.peekMajor() === Major.Array) {
    // The Shelley-Mary form: [address, value, ?datum_hash].
    const length = reader.arrayLength();
    if (length !== null && length !== 2 && length !== 3) throw new Error("an output array has 2 or 3 items");
    output.address = addressOf(reader.bytesValue());
    output.amount = readAmount(reader);
    if (length === 3 || (length === null && !reader.atBreak())) output.dataHash = toHex(reader.bytesValue());
    if (length === null) reader.readBreak();
  } else {
    reader.each(reader.mapLength(), () => {
      const key = reader.smallUint();
      if (key === 0) output.address = addressOf(reader.bytesValue());
      else if (key === 1) output.amount = readAmount(reader);
      else if (key === 2) setDatum(reader);
      else if (key === 3) output.scriptRef = toHex(readEmbedded(reader));
      else throw new Error(`unknown output field ${key}`);
    });
    if (output.address === "" || output.amount.length === 0) throw new Error("an output needs an address and a value");
  }
  return output;
}

/** The CBOR of [input, output] → the UTxO; throws on anything else. */
export function readUtxo(bytes: Uint8Array): UTxO {
  const reader = new CborReader(bytes);
  const utxo = pair(reader, "a UTxO is [input, output]");
  const input = pair(reader, "an input is [transaction id, index]");
  const txHash = toHex(reader.bytesValue());
  if (txHash.length !== 64) throw new Error("a transaction id is 32 bytes");
  const outputIndex = reader.smallUint();
  if (input === null) reader.readBreak();
  const output = readOutput(reader);
  if (utxo === null) reader.readBreak();
  if (!reader.done) throw new Error("there are bytes after the UTxO");
  return { input: { txHash, outputIndex }, output };
}

/**
 * The UTxO at `txHash#index` whose output the ledger holds as `output` (CBOR): what a chain
 * backend decodes off its own ledger. Byron outputs are read (a ledger holds them); spending one
 * is refused where a client's UTxOs are read (decodeUtxo).
 */
export function utxoOfOutput(txHash: string, index: number, output: Uint8Array): UTxO {
  const reader = new CborReader(output);
  const decoded = readOutput(reader, true);
  if (!reader.done) throw new Error("there are bytes after the output");
  return { input: { txHash: txHash.toLowerCase(), outputIndex: index }, output: decoded };
}

/** Decodes one UTxO string; `field` names it in the 400 when it does not decode. */
export function decodeUtxo(cborHex: string, field: string): UTxO {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(cborHex))
    throw refusal(BadRequestError, (at) => `${at(field)} is not hex-encoded CBOR.`);
  requireCborWithinLimits(cborHex, field, "a UTxO (the CBOR of [input, output] that CIP-30 getUtxos() returns)");
  try {
    return readUtxo(Buffer.from(cborHex, "hex"));
  } catch (error) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} does not decode as a UTxO (the CBOR of [input, output] that CIP-30 getUtxos() returns): ${(error as Error).message}`,
    );
  }
}

export function decodeUtxos(cborHexes: readonly string[], field: string): UTxO[] {
  return cborHexes.map((hex, i) => decodeUtxo(hex, `${field}[${i}]`));
}

/**
 * An amount list as a value, written as cardano-js-sdk writes Mesh's (toValue): the coin of the
 * first lovelace entry; the other units, the last entry of a unit winning, in canonical order
 * (shorter keys first); a plain coin when there are none.
 */
function writeAmount(w: CborWriter, amount: readonly Asset[]): void {
  const lovelace = amount.find(isLovelace);
  const coin = BigInt(lovelace ? lovelace.quantity : 0);
  const units = new Map<string, bigint>();
  for (const { unit, quantity } of amount) if (!isLovelace({ unit, quantity })) units.set(unit, BigInt(quantity));
  if (units.size === 0) {
    w.uint(coin);
    return;
  }
  const canonical = (a: string, b: string): number => (a.length === b.length ? (a > b ? 1 : -1) : a.length - b.length);
  const policies = new Map<string, Map<string, bigint>>();
  for (const unit of [...units.keys()].sort(canonical)) {
    const policy = unit.slice(0, 56);
    if (!policies.has(policy)) policies.set(policy, new Map());
    policies.get(policy)!.set(unit.slice(56), units.get(unit)!);
  }
  w.array(2).uint(coin).map(policies.size);
  for (const policy of [...policies.keys()].sort(canonical)) {
    const names = policies.get(policy)!;
    w.bytes(Buffer.from(policy, "hex")).map(names.size);
    for (const name of [...names.keys()].sort(canonical)) w.bytes(Buffer.from(name, "hex")).int(names.get(name)!);
  }
}

/**
 * An output, written as cardano-js-sdk writes the one Mesh's toTxUnspentOutput builds: the array
 * form [address, value, ?datum hash] when it has neither an inline datum nor a script, else the
 * map form; an inline datum and a script are written as they are (tag 24 around their bytes).
 */
function writeUtxoOutput(w: CborWriter, output: UTxO["output"]): void {
  const address = bech32.fromWords(bech32.decode(output.address as `${string}1${string}`, false).words);
  const { dataHash, plutusData, scriptRef } = output;
  const datum = plutusData !== undefined || dataHash !== undefined;
  if (plutusData === undefined && scriptRef === undefined) {
    w.array(datum ? 3 : 2).bytes(address);
    writeAmount(w, output.amount);
    if (dataHash !== undefined) w.bytes(Buffer.from(dataHash, "hex"));
    return;
  }
  w.map(2 + Number(datum) + Number(scriptRef !== undefined))
    .uint(0)
    .bytes(address)
    .uint(1);
  writeAmount(w, output.amount);
  if (plutusData !== undefined) w.uint(2).array(2).uint(1).tag(24).bytes(Buffer.from(plutusData, "hex"));
  else if (dataHash !== undefined) w.uint(2).array(2).uint(0).bytes(Buffer.from(dataHash, "hex"));
  if (scriptRef !== undefined) w.uint(3).tag(24).bytes(Buffer.from(scriptRef, "hex"));
}

/** The CBOR of a transaction input: [transaction id, index]. */
export const inputBytes = (txHash: string, index: number): Uint8Array =>
  new CborWriter().array(2).bytes(Buffer.from(txHash, "hex")).uint(index).finish();

/** The CBOR of a UTxO's output, as the ledger's UTxO map holds it. */
export function outputBytes(output: UTxO["output"]): Uint8Array {
  const w = new CborWriter();
  writeUtxoOutput(w, output);
  return w.finish();
}

/**
 * The UTxO string (CBOR of [input, output]), the bytes cardano-js-sdk wrote for it (a test
 * compares the two). An inline datum and a reference script are written as they are, never
 * decoded: one over the CBOR limits (an output already on chain) is carried, not read.
 */
export function encodeUtxo(utxo: UTxO): string {
  const w = new CborWriter().array(2).raw(inputBytes(utxo.input.txHash, utxo.input.outputIndex));
  writeUtxoOutput(w, utxo.output);
  return toHex(w.finish());
}

/** Whether a UTxO's inline datum and reference script are within the CBOR limits: what coin selection may spend without decoding something it must not. */
export const utxoWithinCborLimits = (utxo: UTxO): boolean =>
  (utxo.output.plutusData === undefined || withinCborLimits(utxo.output.plutusData)) &&
  (utxo.output.scriptRef === undefined || withinCborLimits(utxo.output.scriptRef));

/**
 * Refuses a UTxO a request names to spend or read (`field`) whose inline datum or reference
 * script is over the CBOR limits (an output already on chain: the ledger has no depth limit):
 * building with it would hand that CBOR to Mesh, whose decoder takes time cubic in its depth.
 * A 400 (SVC_ERR_CBOR_LIMIT) naming the UTxO and the limit. Coin selection never picks such a
 * UTxO (it carries a datum or a script, see tx/build/inputs.ts), so the other UTxOs still pay.
 */
export function requireUtxoWithinLimits(utxo: UTxO, field: string): void {
  const parts = [
    ["inline datum", utxo.output.plutusData],
    ["reference script", utxo.output.scriptRef],
  ] as const;
  for (const [what, hex] of parts) {
    if (hex === undefined) continue;
    try {
      checkCborHexLimits(hex);
    } catch (error) {
      if (!(error instanceof CborLimitError)) throw error;
      const message = (at: (path: string) => string) =>
        `${at(field)} (${outRefOf(utxo)}): its ${what} ${error.message}. This service does not decode it, so it cannot spend or read this UTxO; ` +
        "build without it (coin selection leaves it out).";
      throw error.reason === "malformed" ? refusal(BadRequestError, message) : refusal(CborLimitExceededError, message);
    }
  }
}

/** `<txHash>#<index>`: the output reference string of the API. */
export const outRef = (txHash: string, index: number): string => `${txHash}#${index}`;

/** The output reference string of a UTxO. */
export const outRefOf = (utxo: UTxO): string => outRef(utxo.input.txHash, utxo.input.outputIndex);

/** `<txHash>#<index>` → its parts; the text was checked against the pattern by the request schema. */
export function parseOutRef(text: string): { txHash: string; index: number } {
  const [txHash, index] = text.toLowerCase().split("#") as [string, string];
  return { txHash, index: Number(index) };
}

/** Ledger order of inputs: by transaction id, then output index (the order validators see them in). */
export const ledgerOrder = (a: UTxO, b: UTxO): number =>
  a.input.txHash === b.input.txHash
    ? a.input.outputIndex - b.input.outputIndex
    : a.input.txHash < b.input.txHash
      ? -1
      : 1;

/** Whether an amount entry is ADA (Mesh writes its unit "lovelace", some sources ""). */
export const isLovelace = (asset: Asset): boolean => asset.unit === "lovelace" || asset.unit === "";

/** The lovelace a UTxO holds. */
export const lovelaceOf = (utxo: UTxO): bigint =>
  utxo.output.amount.filter(isLovelace).reduce((sum, a) => sum + BigInt(a.quantity), 0n);

/** Whether a UTxO holds ADA only, no token. */
export const adaOnly = (utxo: UTxO): boolean => utxo.output.amount.every(isLovelace);
