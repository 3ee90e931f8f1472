// Reads Cardano addresses of any network (CIP-19): Shelley base, pointer, enterprise and reward
// addresses in bech32 or hex, and Byron addresses in base58 or hex. The structure is checked
// strictly here, so that a malformed address is a 400 saying what is wrong (the libraries are
// lenient: they drop trailing bytes and accept truncated pointers). The credentials are read off
// the bytes, and the written forms are the ones cardano-js-sdk writes (a test cross-checks them):
// a pointer address's bech32 carries its pointer in the shortest form, a Byron address is written
// back canonically (its root, then its derivation path and protocol magic attributes, its type).
import { base58, bech32 } from "@scure/base";
import { BadRequestError, refusal, type FieldWords } from "../errors.js";
import { CborReader, CborWriter } from "./cbor.js";
import { crc32 } from "./crc32.js";
import type { AddressInfo, AddressType, CredentialInfo, Pointer } from "./types.js";
import { addressText } from "./utxo.js";

export type { Address, AddressInfo, AddressType, CredentialInfo, Pointer } from "./types.js";

/** The credentials of a Shelley address, as hashes: what /utils/addresses/parse answers. */
export interface AddressCredentials {
  readonly payment?: string;
  readonly stake?: string;
}

const MAINNET_PROTOCOL_MAGIC = 764_824_073;
const HASH_BYTES = 28;

/** Header type (high nibble of the first byte) → the kind of address it announces (CIP-19). */
const HEADER_TYPES: Readonly<
  Record<number, { type: AddressType; payment?: "key" | "script"; stake?: "key" | "script" | "pointer" }>
> = {
  0: { type: "base", payment: "key", stake: "key" },
  1: { type: "base", payment: "script", stake: "key" },
  2: { type: "base", payment: "key", stake: "script" },
  3: { type: "base", payment: "script", stake: "script" },
  4: { type: "pointer", payment: "key", stake: "pointer" },
  5: { type: "pointer", payment: "script", stake: "pointer" },
  6: { type: "enterprise", payment: "key" },
  7: { type: "enterprise", payment: "script" },
  8: { type: "byron" },
  14: { type: "reward", stake: "key" },
  15: { type: "reward", stake: "script" },
};

const KNOWN_PREFIXES = ["addr", "addr_test", "stake", "stake_test"];
const HEX = /^[0-9a-fA-F]+$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
const BECH32_LIKE = /^([a-z][a-z0-9_]*)1[02-9ac-hj-np-z]+$/;

const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");
/** A library's error message, without its final period, to end one of our sentences. */
const reasonOf = (error: unknown): string => String((error as Error).message ?? error).replace(/[.\s]+$/, "");

type Written =
  | { form: "bech32"; prefix: string; bytes: Uint8Array }
  | { form: "hex"; bytes: Uint8Array }
  | { form: "base58"; bytes: Uint8Array };

/** Decodes the text form of an address into its bytes, naming `field` in every refusal. */
function decodeText(input: string, field: string): Written {
  if (input.length === 0)
    throw refusal(BadRequestError, (at) => `${at(field)} is empty: send a bech32, hex or Byron base58 address.`);
  if (/\s/.test(input))
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} contains whitespace: send the address alone, without spaces or line breaks.`,
    );
  if (HEX.test(input)) {
    if (input.length % 2 !== 0)
      throw refusal(
        BadRequestError,
        (at) => `${at(field)} looks like hex but has an odd number of digits (${input.length}).`,
      );
    return { form: "hex", bytes: Buffer.from(input, "hex") };
  }
  const lower = input.toLowerCase();
  const separator = lower.lastIndexOf("1");
  const prefix = separator > 0 ? lower.slice(0, separator) : "";
  if (
    KNOWN_PREFIXES.includes(prefix) ||
    BECH32_LIKE.test(input) ||
    (input === input.toUpperCase() && BECH32_LIKE.test(lower))
  ) {
    let decoded;
    try {
      decoded = bech32.decode(input as `${string}1${string}`, false);
    } catch (error) {
      const reason = reasonOf(error);
      if (/checksum/i.test(reason)) {
        throw refusal(
          BadRequestError,
          (at) => `${at(field)} has an invalid bech32 checksum: a character is wrong, missing or in excess.`,
        );
      }
      throw refusal(BadRequestError, (at) => `${at(field)} is not valid bech32: ${reason.replace(/ in \S+:/, ":")}.`);
    }
    let bytes: Uint8Array;
    try {
      bytes = bech32.fromWords(decoded.words);
    } catch (error) {
      throw refusal(BadRequestError, (at) => `${at(field)} is not valid bech32: ${reasonOf(error)}.`);
    }
    return { form: "bech32", prefix: decoded.prefix, bytes };
  }
  if (BASE58.test(input)) {
    return { form: "base58", bytes: base58.decode(input) };
  }
  throw refusal(
    BadRequestError,
    (at) =>
      `${at(field)} is not a Cardano address: expected bech32 (addr1…, addr_test1…, stake1…, stake_test1…), hex bytes, or a Byron base58 address.`,
  );
}

/** Reads one base-128 variable-length unsigned integer of a pointer (CIP-19), from `offset`. */
function readVarUint(bytes: Uint8Array, offset: number, what: string, field: string): { value: number; next: number } {
  let value = 0;
  for (let i = offset; i < bytes.length; i++) {
    const byte = bytes[i]!;
    value = value * 128 + (byte & 0x7f);
    if (!Number.isSafeInteger(value))
      throw refusal(
        BadRequestError,
        (at) => `${at(field)} has a pointer whose ${what} is larger than this service reads (2^53 - 1).`,
      );
    if ((byte & 0x80) === 0) return { value, next: i + 1 };
  }
  throw refusal(BadRequestError, (at) => `${at(field)} is truncated: its pointer ends inside the ${what}.`);
}

function readPointer(bytes: Uint8Array, field: string): Pointer {
  const slot = readVarUint(bytes, 1 + HASH_BYTES, "slot", field);
  const txIndex = readVarUint(bytes, slot.next, "transaction index", field);
  const certIndex = readVarUint(bytes, txIndex.next, "certificate index", field);
  if (certIndex.next !== bytes.length) {
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} has ${bytes.length - certIndex.next} unexpected byte(s) after its pointer.`,
    );
  }
  return { slot: slot.value, txIndex: txIndex.value, certIndex: certIndex.value };
}

function describeNetwork(networkId: number): string {
  return networkId === 1 ? "mainnet" : "testnet";
}

/** A Byron address's content: [root, attributes, type], the attributes those cardano-js-sdk reads. */
interface ByronContent {
  readonly root: Uint8Array;
  readonly derivationPath?: Uint8Array;
  readonly magic?: number;
  readonly type: number;
}

/** Reads a Byron address: [tag 24 (bytes of [root, attributes, type]), crc32 of those bytes]. */
function readByron(bytes: Uint8Array): ByronContent {
  const outer = new CborReader(bytes);
  if (outer.arrayLength() !== 2) throw new Error("a Byron address is an array of two items");
  if (outer.tag() !== 24n) throw new Error("a Byron address holds its payload as CBOR-in-CBOR (tag 24)");
  const payload = outer.bytesValue();
  if (outer.uint() !== BigInt(crc32(payload))) throw new Error("its checksum (CRC32) does not match its payload");
  if (!outer.done) throw new Error("there are bytes after the address");
  const reader = new CborReader(payload);
  if (reader.arrayLength() !== 3) throw new Error("a Byron address payload is [root, attributes, type]");
  const root = reader.bytesValue();
  if (root.length !== HASH_BYTES) throw new Error(`its root is ${root.length} bytes, not ${HASH_BYTES}`);
  let derivationPath: Uint8Array | undefined;
  let magic: number | undefined;
  reader.each(reader.mapLength(), () => {
    const key = reader.uint();
    const value = new CborReader(reader.bytesValue());
    if (key === 1n) derivationPath = value.bytesValue();
    else if (key === 2n) magic = value.smallUint();
    else throw new Error(`it has the attribute ${key}, which Byron addresses do not carry`);
  });
  const type = reader.smallUint();
  if (!reader.done) throw new Error("there are bytes after its payload");
  return { root, type, ...(derivationPath && { derivationPath }), ...(magic !== undefined && { magic }) };
}

/** The Byron address's bytes written back as cardano-js-sdk writes them (a magic of 0 is left out, as there). */
function writeByron(content: ByronContent): Uint8Array {
  const hasPath = content.derivationPath !== undefined;
  const hasMagic = content.magic !== undefined && content.magic !== 0;
  const payload = new CborWriter()
    .array(3)
    .bytes(content.root)
    .map(Number(hasPath) + Number(hasMagic));
  if (hasPath) payload.uint(1).bytes(new CborWriter().bytes(content.derivationPath!).finish());
  if (hasMagic) payload.uint(2).bytes(new CborWriter().uint(content.magic!).finish());
  const data = payload.uint(content.type).finish();
  return new CborWriter().array(2).tag(24).bytes(data).uint(crc32(data)).finish();
}

function byronInfo(written: Written, field: string): AddressInfo {
  if (written.form === "bech32") {
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} holds a Byron address in bech32, but Byron addresses are written in base58 (or hex).`,
    );
  }
  let content: ByronContent;
  try {
    content = readByron(written.bytes);
  } catch (error) {
    const what =
      written.form === "base58" ? "looks like base58 but is not a Byron address" : "is not a valid Byron address";
    throw refusal(BadRequestError, (at) => `${at(field)} ${what}: ${reasonOf(error)}.`);
  }
  const magic = content.magic ?? MAINNET_PROTOCOL_MAGIC;
  const bytes = writeByron(content);
  return {
    type: "byron",
    networkId: magic === MAINNET_PROTOCOL_MAGIC ? 1 : 0,
    bech32: base58.encode(bytes),
    hex: toHex(bytes),
    bytes,
    protocolMagic: magic,
  };
}

/** A pointer's three numbers in the shortest base-128 form (CIP-19), as a pointer address's bech32 carries them. */
function pointerBytes(pointer: Pointer): Uint8Array {
  const out: number[] = [];
  for (const value of [pointer.slot, pointer.txIndex, pointer.certIndex]) {
    const groups = [value % 128];
    for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128))
      groups.unshift((rest % 128) | 0x80);
    out.push(...groups);
  }
  return Uint8Array.from(out);
}

/**
 * Everything an address says about itself. Throws a 400 naming `field` when it is malformed; with
 * `unreadable`, that message instead when the text does not even decode into address bytes.
 */
export function addressInfo(input: string, field: string, unreadable?: FieldWords): AddressInfo {
  let written: Written;
  try {
    written = decodeText(input, field);
    if (written.bytes.length === 0) throw refusal(BadRequestError, (at) => `${at(field)} holds no bytes.`);
  } catch (error) {
    throw unreadable === undefined ? error : refusal(BadRequestError, unreadable);
  }
  return readBytes(written, input, field);
}

/**
 * The Address of bytes this service made itself (a script address from its hash, an address from
 * its credentials): read as a request's would be, without a text to decode. Throws on malformed
 * bytes, a fault of the caller.
 */
export const addressOfBytes = (bytes: Uint8Array): AddressInfo => readBytes({ form: "hex", bytes }, "", "address");

/** What the bytes of an address say, `written` in `input` (refusals naming `field`). */
function readBytes(written: Written, input: string, field: string): AddressInfo {
  const { bytes } = written;
  const headerType = bytes[0]! >> 4;
  const kind = HEADER_TYPES[headerType];
  if (!kind) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} has the unknown header type ${headerType} (first byte 0x${bytes[0]!.toString(16).padStart(2, "0")}): ` +
        "Cardano addresses have types 0-7 (base, pointer, enterprise), 8 (Byron), 14 and 15 (reward).",
    );
  }
  if (kind.type === "byron") return byronInfo(written, field);
  if (written.form === "base58") {
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} is base58 but not a Byron address: Shelley addresses are written in bech32 or hex.`,
    );
  }

  const networkId = bytes[0]! & 0x0f;
  if (networkId > 1) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} has network id ${networkId} in its header; Cardano uses 1 for mainnet and 0 for the testnets.`,
    );
  }
  const expectedLength = kind.type === "base" ? 1 + 2 * HASH_BYTES : 1 + HASH_BYTES;
  if (kind.type === "pointer") {
    if (bytes.length < expectedLength + 3) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(field)} is truncated: a pointer address has at least ${expectedLength + 3} bytes, this one has ${bytes.length}.`,
      );
    }
  } else if (bytes.length !== expectedLength) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} is ${bytes.length < expectedLength ? "truncated" : "too long"}: ${kind.type === "enterprise" ? "an" : "a"} ${kind.type} address ` +
        `has ${expectedLength} bytes, this one has ${bytes.length}.`,
    );
  }
  const pointer = kind.type === "pointer" ? readPointer(bytes, field) : undefined;

  if (written.form === "bech32") {
    const expected = (kind.type === "reward" ? "stake" : "addr") + (networkId === 1 ? "" : "_test");
    if (written.prefix !== expected) {
      const known = KNOWN_PREFIXES.includes(written.prefix);
      throw refusal(BadRequestError, (at) =>
        known
          ? `${at(field)} has the prefix "${written.prefix}" but holds a ${describeNetwork(networkId)} ${kind.type} address, whose prefix is "${expected}".`
          : `${at(field)} has the prefix "${written.prefix}", which is not an address prefix: Cardano addresses start with addr, addr_test, stake or stake_test.`,
      );
    }
  }

  const hex = toHex(bytes);
  const hashAt = (offset: number): string => toHex(bytes.subarray(offset, offset + HASH_BYTES));
  const credential = (part: "key" | "script", offset: number): CredentialInfo => ({
    hash: hashAt(offset),
    isScript: part === "script",
  });
  // A reward address's only credential is its stake credential, right after the header.
  const shortest = pointer ? Buffer.concat([bytes.subarray(0, 1 + HASH_BYTES), pointerBytes(pointer)]) : bytes;
  const info: AddressInfo = {
    type: kind.type,
    networkId,
    // A bech32 input whose prefix is this address's (checked above) is already its canonical text,
    // lowercased: encoding the bytes again cost about 10 µs an address (each output of a build).
    // A pointer is written anew in its shortest form.
    bech32: written.form === "bech32" && !pointer ? input.toLowerCase() : addressText(shortest),
    hex,
    bytes,
    ...(kind.payment ? { payment: credential(kind.payment, 1) } : {}),
    ...(kind.stake === "pointer" && pointer ? { stake: { pointer } } : {}),
    ...(kind.stake && kind.stake !== "pointer"
      ? { stake: credential(kind.stake, kind.type === "reward" ? 1 : 1 + HASH_BYTES) }
      : {}),
  };
  return info;
}

/**
 * The credential hashes of a Shelley address: payment (absent for a reward address) and stake
 * (only when the address carries a stake credential hash: not for pointer or enterprise addresses).
 * A Byron address has neither: `byronHint` is appended to the 400 (where to read it instead).
 */
export const addressCredentials = (input: string, field: string, byronHint = ""): AddressCredentials =>
  credentialsOf(addressInfo(input, field), field, byronHint);

/** addressCredentials of an address read already (`field` names it in the refusal of a Byron address). */
export function credentialsOf(info: AddressInfo, field: string, byronHint = ""): AddressCredentials {
  if (info.type === "byron") {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} is a Byron address, which has no payment or stake credential hash.${byronHint ? ` ${byronHint}` : ""}`,
    );
  }
  const stake = info.stake && "hash" in info.stake ? info.stake.hash : undefined;
  return { ...(info.payment ? { payment: info.payment.hash } : {}), ...(stake ? { stake } : {}) };
}
