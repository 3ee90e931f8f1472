// A whole transaction decoded by our own CBOR reader (./cbor.ts), reading only what the service
// looks at: the body's fields, the witness set, the validity flag and the auxiliary data's
// metadata. Every part keeps its original bytes next to what is read from it (outputs, datums,
// redeemer data, scripts, metadata), so that ids and hashes are taken over the bytes as encoded.
// Sets are read with or without tag 258, arrays and maps in definite or indefinite length;
// redeemers in both forms (the array, and Conway's map). A body or witness-set key this module
// does not know (a later era's) is skipped. Transactions from outside reach this module after
// the CBOR limits (./cbor-limits.ts); the reader's own work is linear in the bytes, and the one
// recursive reading (metadata) stops at the limits' depth.
import { bech32 } from "@scure/base";
import { CBOR_LIMITS } from "./cbor-limits.js";
import { CborReader, CborWriter, Major } from "./cbor.js";
import { blake2b160Bytes, blake2b224 } from "./hash.js";
import { scriptHash, type ScriptLanguage } from "./script-hash.js";
import { splitTransaction, toHex, txIdOfBody, type TransactionParts } from "./tx-cbor.js";

/** A transaction input: the id of the transaction that made the output, and its index there. */
export interface TxInputRef {
  readonly txHash: string;
  readonly index: number;
}

/** The body fields the service reads (Conway CDDL keys in comments); absent fields are empty or undefined. */
export interface TxBodyView {
  /** 0 */ readonly inputs: TxInputRef[];
  /** 1: each output as the transaction encoded it. */ readonly outputs: Uint8Array[];
  /** 2 */ readonly fee: bigint;
  /** 3 */ readonly ttl: bigint | undefined;
  /** 4: each certificate's kind (its CDDL tag: 0 stake_registration … 18). */ readonly certificateKinds: number[];
  /** 5: reward account bytes (hex) and amount, in encoded order. */
  readonly withdrawals: Array<{ readonly rewardAccount: string; readonly amount: bigint }>;
  /** 8 */ readonly validityStart: bigint | undefined;
  /** 9: unit (policy id ‖ asset name, hex) and quantity (negative for a burn), in canonical order. */
  readonly mint: Array<{ readonly unit: string; readonly quantity: bigint }>;
  /** 11 */ readonly scriptDataHash: string | undefined;
  /** 13 */ readonly collateral: TxInputRef[];
  /** 14: key hashes, hex. */ readonly requiredSigners: string[];
  /** 16: as encoded. */ readonly collateralReturn: Uint8Array | undefined;
  /** 17 */ readonly totalCollateral: bigint | undefined;
  /** 18 */ readonly referenceInputs: TxInputRef[];
  /** 22 */ readonly donation: bigint | undefined;
}

/** A redeemer: tag 0 spend, 1 mint, 2 cert, 3 reward, 4 vote, 5 propose. */
export interface RedeemerView {
  readonly tag: number;
  readonly index: number;
  /** Its Plutus data as encoded. */
  readonly data: Uint8Array;
  readonly mem: bigint;
  readonly steps: bigint;
}

/** A script the witness set or an output carries: its language, its ledger bytes and hash. */
export interface ScriptView {
  readonly language: ScriptLanguage;
  /** The bytes the ledger hashes after the language tag: a native script's CBOR, a Plutus script's compiled code (a CBOR byte string). */
  readonly bytes: Uint8Array;
  readonly hash: string;
}

export interface WitnessSetView {
  /** 0: each [vkey, signature] witness. */
  readonly vkeys: Array<{ readonly vkey: Uint8Array; readonly signature: Uint8Array }>;
  /** 1, 3, 6, 7: native scripts first, then Plutus V1, V2, V3. */
  readonly scripts: ScriptView[];
  /** 4: each datum as encoded. */
  readonly datums: Uint8Array[];
  /** 5: in encoded order, whichever form the set used. */
  readonly redeemers: RedeemerView[];
}

export interface TransactionView {
  readonly txHash: string;
  /** The body, byte for byte as received. */
  readonly bodyBytes: Uint8Array;
  readonly witnessSetBytes: Uint8Array;
  readonly body: TxBodyView;
  readonly witnessSet: WitnessSetView;
  /** False when the transaction is marked invalid (a phase-2 failure that takes the collateral). */
  readonly isValid: boolean;
  /** The auxiliary data as encoded, or undefined (absent or null). */
  readonly auxiliaryData: Uint8Array | undefined;
}

/** A transaction metadatum (the ledger's: integer, text, bytes, list, map). */
export type Metadatum = bigint | string | Uint8Array | Metadatum[] | Map<Metadatum, Metadatum>;

const SET_TAG = 258n;
const FALSE = 0xf4;
const TRUE = 0xf5;
const NULL = 0xf6;

/** Any integer (major type 0 or 1). */
export function readInt(reader: CborReader): bigint {
  if (reader.peekMajor() === Major.Nint) {
    const { value } = reader.head();
    if (value === null) throw new Error("an integer cannot have an indefinite length");
    return -1n - value;
  }
  return reader.uint();
}

/** A text string (definite, or indefinite made of chunks). */
export function readText(reader: CborReader): string {
  if (reader.peekMajor() !== Major.Text)
    throw new Error(`expected a text string, found CBOR major type ${reader.peekMajor()}`);
  const raw = reader.raw();
  const inner = new CborReader(raw);
  const { value } = inner.head();
  if (value !== null) return Buffer.from(raw.subarray(inner.position)).toString("utf8");
  const chunks: Buffer[] = [];
  while (!inner.atBreak()) {
    const chunk = inner.raw();
    const head = new CborReader(chunk);
    head.head();
    chunks.push(Buffer.from(chunk.subarray(head.position)));
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The items of a set (tag 258 or not) or array, each read by `item`. */
function readSetOf<T>(reader: CborReader, item: (reader: CborReader) => T): T[] {
  if (reader.peekMajor() === Major.Tag) {
    const tag = reader.tag();
    if (tag !== SET_TAG) throw new Error(`unexpected CBOR tag ${tag} where a set was expected`);
  }
  const items: T[] = [];
  reader.each(reader.arrayLength(), () => items.push(item(reader)));
  return items;
}

/** Reads a fixed-size array's items; throws unless it holds exactly `size`. */
function readTuple(reader: CborReader, size: number, what: string, items: () => void): void {
  const length = reader.arrayLength();
  if (length !== null && length !== size)
    throw new Error(`${what} is an array of ${size} items, this one has ${length}`);
  items();
  if (length === null) reader.readBreak();
}

function readInput(reader: CborReader): TxInputRef {
  let ref: TxInputRef | undefined;
  readTuple(reader, 2, "a transaction input", () => {
    const id = reader.bytesValue();
    if (id.length !== 32) throw new Error("a transaction input's id is 32 bytes");
    ref = { txHash: toHex(id), index: reader.smallUint() };
  });
  return ref!;
}

function readHash(reader: CborReader, size: number, what: string): string {
  const bytes = reader.bytesValue();
  if (bytes.length !== size) throw new Error(`${what} is ${size} bytes, this one has ${bytes.length}`);
  return toHex(bytes);
}

const canonically = ([a]: [string, unknown], [b]: [string, unknown]): number =>
  a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

function readMint(reader: CborReader): TxBodyView["mint"] {
  const byPolicy = new Map<string, Map<string, bigint>>();
  reader.each(reader.mapLength(), () => {
    const policy = readHash(reader, 28, "a policy id");
    const assets = byPolicy.get(policy) ?? new Map<string, bigint>();
    byPolicy.set(policy, assets);
    reader.each(reader.mapLength(), () => {
      const name = reader.bytesValue();
      if (name.length > 32) throw new Error("an asset name is at most 32 bytes");
      assets.set(toHex(name), readInt(reader));
    });
  });
  // In canonical order (shorter first, then bytewise) of policies and of names, as cardano-js-sdk answers.
  return [...byPolicy]
    .sort(canonically)
    .flatMap(([policy, assets]) =>
      [...assets].sort(canonically).map(([name, quantity]) => ({ unit: policy + name, quantity })),
    );
}

function readCertificateKind(reader: CborReader): number {
  const certificate = new CborReader(reader.raw());
  certificate.arrayLength();
  return certificate.smallUint();
}

/** Reads a transaction body (a map with unsigned keys); unknown keys are skipped. */
export function readBody(bytes: Uint8Array): TxBodyView {
  const reader = new CborReader(bytes);
  const body: { -readonly [K in keyof TxBodyView]: TxBodyView[K] } = {
    inputs: [],
    outputs: [],
    fee: 0n,
    ttl: undefined,
    certificateKinds: [],
    withdrawals: [],
    validityStart: undefined,
    mint: [],
    scriptDataHash: undefined,
    collateral: [],
    requiredSigners: [],
    collateralReturn: undefined,
    totalCollateral: undefined,
    referenceInputs: [],
    donation: undefined,
  };
  const keys = new Set<number>();
  reader.each(reader.mapLength(), () => {
    const key = reader.smallUint();
    keys.add(key);
    switch (key) {
      case 0:
        body.inputs = readSetOf(reader, readInput);
        break;
      case 1:
        reader.each(reader.arrayLength(), () => body.outputs.push(reader.raw()));
        break;
      case 2:
        body.fee = reader.uint();
        break;
      case 3:
        body.ttl = reader.uint();
        break;
      case 4:
        body.certificateKinds = readSetOf(reader, readCertificateKind);
        break;
      case 5:
        reader.each(reader.mapLength(), () => {
          const rewardAccount = toHex(reader.bytesValue());
          body.withdrawals.push({ rewardAccount, amount: reader.uint() });
        });
        break;
      case 8:
        body.validityStart = reader.uint();
        break;
      case 9:
        body.mint = readMint(reader);
        break;
      case 11:
        body.scriptDataHash = readHash(reader, 32, "the script data hash");
        break;
      case 13:
        body.collateral = readSetOf(reader, readInput);
        break;
      case 14:
        body.requiredSigners = readSetOf(reader, (r) => readHash(r, 28, "a required signer"));
        break;
      case 16:
        body.collateralReturn = reader.raw();
        break;
      case 17:
        body.totalCollateral = reader.uint();
        break;
      case 18:
        body.referenceInputs = readSetOf(reader, readInput);
        break;
      case 22:
        body.donation = reader.uint();
        break;
      default:
        reader.raw();
    }
  });
  if (!reader.done) throw new Error("there are bytes after the transaction body");
  for (const [key, name] of REQUIRED_BODY_KEYS)
    if (!keys.has(key)) throw new Error(`the transaction body has no ${name}`);
  return body;
}

/** The body fields every era requires (the ledger's CDDL): a body without one is not a transaction's. */
const REQUIRED_BODY_KEYS = [
  [0, "inputs (key 0)"],
  [1, "outputs (key 1)"],
  [2, "fee (key 2)"],
] as const;

function readExUnits(reader: CborReader): { mem: bigint; steps: bigint } {
  let units = { mem: 0n, steps: 0n };
  readTuple(reader, 2, "execution units", () => (units = { mem: reader.uint(), steps: reader.uint() }));
  return units;
}

/** Witness-set field 5: an array of [tag, index, data, ex_units], or a map {[tag, index]: [data, ex_units]}. */
function readRedeemers(reader: CborReader): RedeemerView[] {
  const redeemers: RedeemerView[] = [];
  if (reader.peekMajor() === Major.Map) {
    reader.each(reader.mapLength(), () => {
      let tag = 0;
      let index = 0;
      readTuple(reader, 2, "a redeemer key", () => {
        tag = reader.smallUint();
        index = reader.smallUint();
      });
      readTuple(reader, 2, "a redeemer value", () =>
        redeemers.push({ tag, index, data: reader.raw(), ...readExUnits(reader) }),
      );
    });
    return redeemers;
  }
  reader.each(reader.arrayLength(), () =>
    readTuple(reader, 4, "a redeemer", () => {
      const tag = reader.smallUint();
      const index = reader.smallUint();
      redeemers.push({ tag, index, data: reader.raw(), ...readExUnits(reader) });
    }),
  );
  return redeemers;
}

function readVkeyWitness(reader: CborReader): WitnessSetView["vkeys"][number] {
  let witness: WitnessSetView["vkeys"][number] | undefined;
  readTuple(reader, 2, "a vkey witness", () => {
    // Their sizes are not checked here (nor by cardano-js-sdk): submission refuses a wrong one in its own words (tx-cbor.ts vkeyOfWitness).
    witness = { vkey: reader.bytesValue(), signature: reader.bytesValue() };
  });
  return witness!;
}

const WITNESS_LANGUAGES: ReadonlyMap<number, ScriptLanguage> = new Map([
  [1, "native"],
  [3, "V1"],
  [6, "V2"],
  [7, "V3"],
]);
const LANGUAGE_ORDER: readonly ScriptLanguage[] = ["native", "V1", "V2", "V3"];

/** A script given as the ledger holds it in a witness set: native CBOR, or a Plutus script's byte string. */
function scriptOf(language: ScriptLanguage, item: Uint8Array): ScriptView {
  const bytes = language === "native" ? item : new CborWriter().bytes(new CborReader(item).bytesValue()).finish();
  const hashed = language === "native" ? item : new CborReader(item).bytesValue();
  return { language, bytes, hash: scriptHash(language, hashed) };
}

/** Reads a witness set (a map with unsigned keys); unknown keys are skipped. */
export function readWitnessSet(bytes: Uint8Array): WitnessSetView {
  const reader = new CborReader(bytes);
  const view: { -readonly [K in keyof WitnessSetView]: WitnessSetView[K] } = {
    vkeys: [],
    scripts: [],
    datums: [],
    redeemers: [],
  };
  reader.each(reader.mapLength(), () => {
    const key = reader.smallUint();
    const language = WITNESS_LANGUAGES.get(key);
    if (key === 0) view.vkeys = readSetOf(reader, readVkeyWitness);
    else if (language !== undefined)
      view.scripts.push(...readSetOf(reader, (r) => r.raw()).map((item) => scriptOf(language, item)));
    else if (key === 4) view.datums = readSetOf(reader, (r) => r.raw());
    else if (key === 5) view.redeemers = readRedeemers(reader);
    else reader.raw();
  });
  if (!reader.done) throw new Error("there are bytes after the witness set");
  view.scripts.sort((a, b) => LANGUAGE_ORDER.indexOf(a.language) - LANGUAGE_ORDER.indexOf(b.language));
  return view;
}

/** Decodes a whole transaction; throws when it does not decode. */
export function readTransaction(bytes: Uint8Array): TransactionView {
  return viewOfParts(splitTransaction(bytes));
}

/** readTransaction of a transaction already split (splitTransaction): the body and the witness set decoded, once. */
export function viewOfParts({ body, witnessSet, rest }: TransactionParts): TransactionView {
  let isValid = true;
  let aux = rest[0];
  if (rest.length === 2) {
    const flag = rest[0]!;
    if (flag.length !== 1 || (flag[0] !== TRUE && flag[0] !== FALSE))
      throw new Error("the transaction's third item (is_valid) is not a boolean");
    isValid = flag[0] === TRUE;
    aux = rest[1];
  }
  return {
    txHash: txIdOfBody(body),
    bodyBytes: body,
    witnessSetBytes: witnessSet,
    body: readBody(body),
    witnessSet: readWitnessSet(witnessSet),
    isValid,
    auxiliaryData: aux === undefined || (aux.length === 1 && aux[0] === NULL) ? undefined : aux,
  };
}

/** The transaction id of a transaction (CBOR hex): blake2b-256 of its body's bytes. */
export const txHashOf = (txCbor: string): string =>
  txIdOfBody(splitTransaction(new Uint8Array(Buffer.from(txCbor, "hex"))).body);

/** The key hash (blake2b-224, hex) of a verification key. */
export const keyHashOf = (vkey: Uint8Array): string => blake2b224(vkey);

/**
 * The metadata of auxiliary data (any of its three forms: a bare map, [map, scripts], tag 259
 * {0: map, …}): each label with its metadatum as encoded. Empty when it carries none.
 */
export function metadataEntries(auxiliaryData: Uint8Array): Array<{ label: bigint; value: Uint8Array }> {
  const reader = new CborReader(auxiliaryData);
  let metadata: Uint8Array | undefined;
  const major = reader.peekMajor();
  if (major === Major.Map) metadata = reader.raw();
  else if (major === Major.Array) {
    reader.arrayLength();
    metadata = reader.raw();
  } else {
    const tag = reader.tag();
    if (tag !== 259n) throw new Error(`expected tag 259 on auxiliary data, found tag ${tag}`);
    reader.each(reader.mapLength(), () => {
      if (reader.smallUint() === 0) metadata = reader.raw();
      else reader.raw();
    });
  }
  if (metadata === undefined) return [];
  const map = new CborReader(metadata);
  const entries: Array<{ label: bigint; value: Uint8Array }> = [];
  map.each(map.mapLength(), () => entries.push({ label: map.uint(), value: map.raw() }));
  return entries;
}

/** One metadatum as encoded, decoded; deeper than the CBOR limits' depth throws. */
export function readMetadatum(bytes: Uint8Array): Metadatum {
  return metadatumOf(new CborReader(bytes), 0);
}

function metadatumOf(reader: CborReader, depth: number): Metadatum {
  if (depth > CBOR_LIMITS.depth) throw new Error(`metadata nested deeper than ${CBOR_LIMITS.depth}`);
  switch (reader.peekMajor()) {
    case Major.Uint:
    case Major.Nint:
      return readInt(reader);
    case Major.Bytes:
      return reader.bytesValue();
    case Major.Text:
      return readText(reader);
    case Major.Array: {
      const list: Metadatum[] = [];
      reader.each(reader.arrayLength(), () => list.push(metadatumOf(reader, depth + 1)));
      return list;
    }
    case Major.Map: {
      const map = new Map<Metadatum, Metadatum>();
      reader.each(reader.mapLength(), () => {
        const key = metadatumOf(reader, depth + 1);
        map.set(key, metadatumOf(reader, depth + 1));
      });
      return map;
    }
    default:
      throw new Error(`a metadatum cannot be of CBOR major type ${reader.peekMajor()}`);
  }
}

/** A reference script ([language tag, script], a UTxO's scriptRef) read as the ledger holds it; undefined for an unknown language. */
export function scriptOfRef(scriptRef: Uint8Array): ScriptView | undefined {
  const reader = new CborReader(scriptRef);
  let script: ScriptView | undefined;
  readTuple(reader, 2, "a script", () => {
    const language = LANGUAGE_ORDER[reader.smallUint()];
    const item = reader.raw();
    if (language !== undefined) script = scriptOf(language, item);
  });
  return script;
}

/** An output's value: its lovelace and each native asset's quantity by unit (either output form). */
export function outputValue(output: Uint8Array): { coin: bigint; assets: Array<{ unit: string; quantity: bigint }> } {
  const reader = new CborReader(output);
  let value: Uint8Array | undefined;
  if (reader.peekMajor() === Major.Array) {
    reader.arrayLength();
    reader.raw();
    value = reader.raw();
  } else {
    reader.each(reader.mapLength(), () => {
      if (reader.smallUint() === 1) value = reader.raw();
      else reader.raw();
    });
  }
  if (value === undefined) throw new Error("an output without a value");
  const v = new CborReader(value);
  if (v.peekMajor() === Major.Uint) return { coin: v.uint(), assets: [] };
  let coin = 0n;
  let assets: Array<{ unit: string; quantity: bigint }> = [];
  readTuple(v, 2, "a value", () => {
    coin = v.uint();
    assets = readMint(v);
  });
  return { coin, assets };
}

/** CIP-14's asset fingerprint: bech32 "asset" of blake2b-160 over policy id ‖ asset name. */
export function assetFingerprint(policyId: string, assetNameHex: string): string {
  const digest = blake2b160Bytes(Buffer.from(policyId + assetNameHex, "hex"));
  return bech32.encode("asset", bech32.toWords(digest));
}
