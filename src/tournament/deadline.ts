// The settlement deadline (settleBy, Unix ms in the datum) as transactions see it. "Now" is the
// chain's tip, never the service's clock (on the devnet the clock can be advanced). The contract
// reads a transaction's validity interval: adds and settlements must end before the deadline
// (Helios `is_before`), a refund must start after it (`is_after`), and creation needs an upper
// bound before it. Times become slots with the network's era history.
import type { EraHistory } from "../cardano/era-history.js";
import type { Tip } from "../chain/port.js";
import { BadRequestError } from "../errors.js";

/** How long a tournament transaction stays valid at most: two hours, as the general builder's default. */
const TX_VALIDITY_MS = 2 * 60 * 60 * 1000;

export const iso = (ms: number): string => new Date(ms).toISOString();

/** The slot containing `time`, or -1 before the network's first slot (a hand-made datum could say so). */
function slotAt(eras: EraHistory, time: number): number {
  return time < eras.startMs ? -1 : eras.timeToSlot(time);
}

/** Whether the deadline has passed: adding, settling and registering are over, and anyone may refund. */
export const isExpired = (settleBy: number, tip: Tip): boolean => tip.time >= settleBy;

/**
 * The upper validity bound (slot) of a transaction that must happen before the deadline: two hours
 * from now, or the last slot that ends before `settleBy` if that comes first. Null when no slot
 * after the tip is left before the deadline.
 */
export function beforeDeadline(eras: EraHistory, tip: Tip, settleBy: number): number | null {
  const last = slotAt(eras, settleBy) - 1;
  const validTo = Math.min(eras.timeToSlot(tip.time + TX_VALIDITY_MS), last);
  return validTo > tip.slot ? validTo : null;
}

/** The first slot wholly after the deadline: a refund's lower validity bound. */
export function afterDeadline(eras: EraHistory, settleBy: number): number {
  return slotAt(eras, settleBy) + 1;
}

/** A 400 for an operation that the deadline has closed; `then` says what is left to do. */
export function deadlinePassed(tournamentId: string, settleBy: number, tip: Tip, what: string, then: string): Error {
  return new BadRequestError(
    `Tournament ${tournamentId} expired: its settlement deadline (settleBy ${settleBy}, ${iso(settleBy)}) has passed ` +
      `(the chain's time is ${iso(tip.time)}), so ${what}. ${then}`,
  );
}

/** What the 400s of an expired tournament advise. */
export const REFUND_ADVICE = (tournamentId: string): string =>
  `Anyone can now refund it: POST /tournaments/${tournamentId}/refund pays every participant's entry fee back and the rest to the admin.`;

/**
 * The upper validity bound of a transaction `what` (e.g. "no participant can be added") that the
 * contract allows only before the deadline; a 400 when the deadline has passed or is under a slot away.
 */
export function requireBeforeDeadline(
  eras: EraHistory,
  tip: Tip,
  tournamentId: string,
  settleBy: number,
  what: string,
): number {
  if (isExpired(settleBy, tip)) throw deadlinePassed(tournamentId, settleBy, tip, what, REFUND_ADVICE(tournamentId));
  const validTo = beforeDeadline(eras, tip, settleBy);
  if (validTo === null) {
    throw new BadRequestError(
      `Tournament ${tournamentId}'s settlement deadline (settleBy ${settleBy}, ${iso(settleBy)}) is less than a slot after the chain's time ` +
        `(${iso(tip.time)}): no transaction can end its validity before it any more, so ${what}. ${REFUND_ADVICE(tournamentId)}`,
    );
  }
  return validTo;
}
