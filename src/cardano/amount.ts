// Amounts as JSON carries them (a safe integer, or a decimal string with `_` separators) → bigint,
// within what the ledger can hold: an output's lovelace or token quantity is an unsigned 64-bit
// integer; a mint or burn quantity is a signed 64-bit one (the CDDL's nonZeroInt64), so a mint of
// 2^63 would build and then be refused at submission.
import { BadRequestError, refusal } from "../errors.js";

const U64_MAX = 2n ** 64n - 1n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * A JSON amount → bigint; `field` names it in the 400. Unsigned: 0 to 2^64 - 1 (output quantities).
 * Signed: -2^63 to 2^63 - 1 (mint quantities, negative to burn).
 */
export function parseAmount(value: number | string, field: string, { signed = false } = {}): bigint {
  const text = typeof value === "number" ? String(value) : value.replaceAll("_", "");
  if (typeof value === "number" && !Number.isSafeInteger(value))
    throw refusal(BadRequestError, (at) => `${at(field)} must be a whole safe integer.`);
  if (!/^-?[0-9]+$/.test(text)) throw refusal(BadRequestError, (at) => `${at(field)} must be a whole number.`);
  const n = BigInt(text);
  if (!signed && n < 0n) throw refusal(BadRequestError, (at) => `${at(field)} must not be negative.`);
  if (signed && (n < INT64_MIN || n > INT64_MAX)) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} is ${n}, outside the range the ledger allows for a mint or burn quantity (-2^63 to 2^63 - 1).`,
    );
  }
  if (n > U64_MAX) throw refusal(BadRequestError, (at) => `${at(field)} is larger than the ledger allows (2^64 - 1).`);
  return n;
}

const formatAda = (lovelace: bigint): string => {
  const whole = lovelace / 1_000_000n;
  const fraction = (lovelace % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return fraction.length > 0 ? `${whole}.${fraction}` : `${whole}`;
};

/** "1234567 lovelace (1.234567 ADA)". */
export const describeLovelace = (lovelace: bigint): string => `${lovelace} lovelace (${formatAda(lovelace)} ADA)`;
