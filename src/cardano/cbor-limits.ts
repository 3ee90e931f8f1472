// The one limit on CBOR that comes from outside (request fields, UTxOs and datums read from a
// backend, transactions and witness sets to submit): how deep it nests and how many items it
// holds. checkCborLimits scans the bytes once, with a loop and an explicit stack (no recursion,
// so no input can overflow the call stack), before any library decodes them: the decoders behind
// it (Mesh's cardano-sdk, CSL, Helios, Scalus, our own CborReader) recurse once per level, and
// cardano-sdk's Plutus data decoder costs cubic time in the depth (a datum nested 1,000 deep took
// 29 s). It is written by hand because it must run before any library touches the bytes.
//
// The limits:
// - Depth 128: the number of arrays, maps, tags and indefinite-length strings around the deepest
//   item. A whole transaction's own structure nests 7 levels (transaction → body → outputs →
//   output → value → policy → asset); a native script of `all`/`any` of depth d adds 2d; Plutus
//   data adds 2 per constructor (tag and fields) and 1 per list or map. The datums and redeemers
//   of the contracts in use (tournaments, CIP-68, the hosted API's programs) stay under 12
//   levels; 128 leaves room for a datum of 58 nested constructors inside a transaction. The
//   ledger itself has no depth limit (only maxTxSize): an output already on chain may nest
//   deeper, and is then shown with its datum left raw (src/tx/view/decoded-view.ts).
// - 16,384 items: one item takes at least one byte, and the ledger's maximum transaction is
//   16,384 bytes, so no transaction, and no output, datum, script or witness set taken out of
//   one, holds more.
// A declared length longer than the bytes that remain is an error, never an allocation; so is a
// reserved head (28–30), a break outside an indefinite-length item, an indefinite-length string
// chunk of another type, and bytes after the item. Non-canonical heads (a length written in more
// bytes than it needs) are accepted, as the ledger accepts them.

import { BadRequestError, CborLimitExceededError, refusal } from "../errors.js";

/** The limits of checkCborLimits (see the module's comment for why these numbers). */
export const CBOR_LIMITS = { depth: 128, items: 16_384 } as const;

export type CborLimits = { readonly depth: number; readonly items: number };

/** Why some CBOR was refused: over a limit, or not well-formed CBOR at all. */
export class CborLimitError extends Error {
  constructor(
    readonly reason: "depth" | "items" | "malformed",
    message: string,
    /** For a malformed item, what is wrong with it ("the CBOR ends too early"). */
    readonly detail = message,
  ) {
    super(message);
    this.name = "CborLimitError";
  }
}

const BREAK = 0xff;
/** Stack entries for open indefinite-length items (a definite container stores its remaining items, ≥ 0). */
const OPEN_CONTAINER = -1;
const OPEN_BYTES = -2;
const OPEN_TEXT = -3;

/** Messages are predicates ("nests deeper than …"): the caller puts the field's name before them. */
const malformed = (message: string) => new CborLimitError("malformed", `is not well-formed CBOR: ${message}`, message);

/**
 * Checks that `bytes` are exactly one well-formed CBOR item within `limits`, in one pass over the
 * bytes (time linear in their length, memory linear in the depth). Throws a CborLimitError saying
 * what is wrong; the caller names the field.
 */
export function checkCborLimits(bytes: Uint8Array, limits: CborLimits = CBOR_LIMITS): void {
  const end = cborItemEnd(bytes, 0, limits);
  if (end !== bytes.length) throw malformed(`${bytes.length - end} bytes follow the CBOR item`);
}

const UNLIMITED: CborLimits = { depth: Infinity, items: Infinity };

/**
 * Where the CBOR item that starts at `start` ends, found by the same scan (no recursion): what
 * CborReader uses to skip an item, at any depth. Throws a CborLimitError when it is malformed or
 * over `limits` (none by default).
 */
export function cborItemEnd(bytes: Uint8Array, start: number, limits: CborLimits = UNLIMITED): number {
  const length = bytes.length;
  // The open items, innermost last (a count is at most twice the bytes that remain: an Int32Array holds it); it grows with the depth.
  let stack = new Int32Array(16);
  let depth = 0;
  let pos = start;
  let items = 0;
  do {
    if (pos >= length) throw malformed(length === 0 ? "it is empty" : "the CBOR ends too early");
    const initial = bytes[pos++]!;
    // The innermost open item (0 at the top level, where no item is open).
    const top = depth > 0 ? stack[depth - 1]! : 0;
    if (initial === BREAK) {
      if (top >= 0) throw malformed(`a break byte (0xff) at byte ${pos - 1} ends nothing`);
      depth--;
    } else {
      const major = initial >> 5;
      const info = initial & 0x1f;
      if ((top === OPEN_BYTES || top === OPEN_TEXT) && (major !== (top === OPEN_BYTES ? 2 : 3) || info === 31)) {
        throw malformed(
          `a chunk of an indefinite-length string at byte ${pos - 1} is not a definite string of the same type`,
        );
      }
      if (++items > limits.items)
        throw new CborLimitError("items", `holds more than ${limits.items} items, the limit on CBOR item count`);
      if (top > 0) stack[depth - 1] = top - 1;
      // The head's argument: a number up to 2^64 - 1 (as a float beyond 2^53, which only ever
      // compares larger than the bytes that remain).
      let argument = info;
      if (info >= 24 && info <= 27) {
        const size = 1 << (info - 24);
        if (pos + size > length) throw malformed("the CBOR ends too early");
        argument = 0;
        for (let i = 0; i < size; i++) argument = argument * 256 + bytes[pos++]!;
      } else if (info >= 28 && info <= 30) {
        throw malformed(`byte ${pos - 1} (0x${initial.toString(16)}) is a reserved CBOR head`);
      }
      const indefinite = info === 31;
      const remaining = length - pos;
      // What the item opens (its remaining items, or an OPEN_ mark); 0 when it opens nothing.
      let opens = 0;
      switch (major) {
        case 0:
        case 1:
        case 6:
          if (indefinite)
            throw malformed(`byte ${pos - 1} (0x${initial.toString(16)}) cannot have an indefinite length`);
          if (major === 6) opens = 1;
          break;
        case 2:
        case 3:
          if (indefinite) opens = major === 2 ? OPEN_BYTES : OPEN_TEXT;
          else if (argument > remaining)
            throw malformed(`a string declares ${argument} bytes where ${remaining} remain`);
          else pos += argument;
          break;
        case 4:
        case 5: {
          if (indefinite) {
            opens = OPEN_CONTAINER;
            break;
          }
          opens = major === 5 ? argument * 2 : argument;
          if (opens > remaining)
            throw malformed(
              `${major === 4 ? "an array" : "a map"} declares ${argument} ${major === 4 ? "items" : "entries"} where ${remaining} bytes remain`,
            );
          break;
        }
        default:
          // Simple values and floats: the head is the whole item. A lone 0xff was a break above.
          if (indefinite) throw malformed(`a break byte (0xff) at byte ${pos - 1} ends nothing`);
      }
      if (opens !== 0) {
        if (depth >= limits.depth)
          throw new CborLimitError(
            "depth",
            `nests deeper than ${limits.depth} levels, the limit on CBOR nesting depth`,
          );
        if (depth === stack.length) {
          const grown = new Int32Array(stack.length * 2);
          grown.set(stack);
          stack = grown;
        }
        stack[depth++] = opens;
      }
    }
    // Close every definite container whose last item just ended.
    while (depth > 0 && stack[depth - 1] === 0) depth--;
  } while (depth > 0);
  return pos;
}

/** checkCborLimits over hex (the form requests and backends give CBOR in); a CborLimitError when it is not hex. */
export function checkCborHexLimits(hex: string, limits: CborLimits = CBOR_LIMITS): void {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw malformed("it is not hex");
  checkCborLimits(Buffer.from(hex, "hex"), limits);
}

/**
 * A CBOR hex field of a request, checked before anything decodes it: a 400 naming `field` (its
 * path, see refusal) when it is over a limit (SVC_ERR_CBOR_LIMIT) or not well-formed CBOR
 * (SVC_ERR_BAD_REQUEST). Malformed CBOR is refused here too, not left to the field's decoder:
 * the scan stops at a length that claims more than the bytes hold, where a decoder would go on
 * reading (cardano-sdk's took 3 s over the 50,000 items after such a head) or allocate it.
 * `decodesAs` names what the field should be, for the message of malformed CBOR.
 */
export function requireCborWithinLimits(hex: string, field: string, decodesAs?: string): void {
  try {
    checkCborHexLimits(hex);
  } catch (error) {
    if (!(error instanceof CborLimitError)) throw error;
    if (error.reason !== "malformed") throw refusal(CborLimitExceededError, (at) => `${at(field)} ${error.message}.`);
    // With `decodesAs` ("a UTxO (…)"), in the words the field's own decoder uses.
    throw refusal(BadRequestError, (at) =>
      decodesAs === undefined
        ? `${at(field)} ${error.message}.`
        : `${at(field)} does not decode as ${decodesAs}: ${error.detail}.`,
    );
  }
}

/** Whether hex CBOR passes checkCborLimits (for CBOR read from the chain, shown raw when it does not). */
export function withinCborLimits(hex: string): boolean {
  try {
    checkCborHexLimits(hex);
    return true;
  } catch {
    return false;
  }
}

/**
 * The pre-scan of CBOR a chain backend hands out (an inline datum, a reference script), run before
 * anything decodes it: whether it is within the limits. Over them, the caller keeps the raw bytes
 * undecoded (the ledger has no depth limit, so such outputs exist): consumers test
 * withinCborLimits before decoding (displays show it raw, builds refuse to spend it, coin
 * selection never picks it). Malformed CBOR throws an Error naming `what`: the backend answered
 * nonsense.
 */
export function scanChainCbor(hex: string, what: string): boolean {
  try {
    checkCborHexLimits(hex);
    return true;
  } catch (error) {
    if (error instanceof CborLimitError && error.reason !== "malformed") return false;
    throw new Error(`${what} ${(error as Error).message}`);
  }
}
