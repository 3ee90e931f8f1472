// The validity interval: defaults, Unix seconds → slots with the era history, and the time locks
// of the minting policies (native `before`/`after`), which the interval must respect or the
// ledger refuses the mint.
import type { NativeScript } from "../../cardano/types.js";
import type { EraHistory } from "../../cardano/era-history.js";
import type { Tip } from "../../chain/port.js";
import { BadRequestError, refusal } from "../../errors.js";
import type { BuildPlan, BuildIntent, TimeLock } from "./request.js";

/** The default validity interval: from now to now + 2 hours. */
const DEFAULT_VALIDITY_SECONDS = 2 * 60 * 60;

/** Unix seconds past this (the year 5138) are milliseconds sent by mistake. */
const LATEST_SECONDS = 100_000_000_000;

export function planValidity(request: BuildIntent, nowSeconds: number): BuildPlan["validity"] {
  const interval = request.validityInterval ?? {};
  for (const bound of ["start", "end"] as const) {
    const value = interval[bound];
    if (typeof value === "number" && value >= LATEST_SECONDS) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`validityInterval.${bound}`)} is ${value}, after the year 5000: give Unix seconds, not milliseconds.`,
      );
    }
  }
  const start = interval.start === false ? null : (interval.start ?? nowSeconds);
  const end = interval.end === false ? null : (interval.end ?? (start ?? nowSeconds) + DEFAULT_VALIDITY_SECONDS);
  return { start, end, explicitStart: interval.start !== undefined, explicitEnd: interval.end !== undefined };
}

/**
 * The bounds a native script always requires: `before`/`after` reached through `all` (or an
 * `atLeast` that needs every sub-script). Bounds under `any` are alternatives and are not forced.
 */
export function timeLockOf(script: NativeScript): Omit<TimeLock, "policyId"> {
  switch (script.type) {
    case "before":
      return { before: BigInt(script.slot) };
    case "after":
      return { after: BigInt(script.slot) };
    case "all":
    case "atLeast": {
      if (script.type === "atLeast" && script.required < script.scripts.length) return {};
      const locks = script.scripts.map(timeLockOf);
      const befores = locks.flatMap((l) => (l.before === undefined ? [] : [l.before]));
      const afters = locks.flatMap((l) => (l.after === undefined ? [] : [l.after]));
      return {
        ...(befores.length ? { before: befores.reduce((a, b) => (b < a ? b : a)) } : {}),
        ...(afters.length ? { after: afters.reduce((a, b) => (b > a ? b : a)) } : {}),
      };
    }
    default:
      return {};
  }
}

type Slots = { start: number | null; end: number | null };

/**
 * "slot N (the UTC time it starts)"; a slot too far ahead for the era history or a Date to place
 * (a script's slot may be any 64-bit number) is named alone.
 */
function slotWords(slot: bigint, eras: EraHistory): string {
  if (slot > BigInt(Number.MAX_SAFE_INTEGER)) return `slot ${slot}`;
  let date: Date;
  try {
    date = new Date(eras.slotToTime(Number(slot)));
  } catch {
    return `slot ${slot}`; // its time is past what a safe integer of milliseconds holds
  }
  return Number.isNaN(date.getTime()) ? `slot ${slot}` : `slot ${slot} (${date.toISOString()})`;
}

function applyLock(lock: TimeLock, slots: Slots, plan: BuildPlan, tip: Tip, eras: EraHistory): Slots {
  const when = (slot: bigint) => slotWords(slot, eras);
  const policy = `The minting policy ${lock.policyId}`;
  const { start } = slots;
  let { end } = slots;
  const { before, after } = lock;
  if (before !== undefined) {
    if (before <= BigInt(tip.slot))
      throw new BadRequestError(
        `${policy} can no longer mint or burn: its script allows it only before ${when(before)}, and the chain is at slot ${tip.slot}.`,
      );
    if (end === null || BigInt(end) > before) {
      if (plan.validity.explicitEnd) {
        throw refusal(
          BadRequestError,
          (at) =>
            `${at("validityInterval.end")} must be at or before ${when(before)}: ${policy} allows minting only before it.`,
        );
      }
      end = Number(before); // below the request's own end: a safe integer
    }
  }
  if (after !== undefined && (start === null || BigInt(start) < after)) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${policy} allows minting only from ${when(after)}: ${plan.validity.explicitStart ? `set ${at("validityInterval.start")} at or after it` : "build the transaction from then on"}.`,
    );
  }
  if (start !== null && end !== null && end <= start)
    throw new BadRequestError(`${policy}'s time lock leaves no valid interval for this transaction.`);
  return { start, end };
}

/**
 * Bounds below this are slot numbers, not Unix seconds (the hosted API takes both): as Unix time
 * they would fall before 2001-09-09, before any Shelley-era network began.
 */
const SLOT_BOUND_LIMIT = 1_000_000_000;

function toSlot(value: number | null, bound: "start" | "end", eras: EraHistory): number | null {
  if (value === null) return null;
  return value < SLOT_BOUND_LIMIT ? value : eras.timeToSlot(value * 1000, `validityInterval.${bound}`);
}

/** The interval in slots, narrowed to the mint policies' time locks where the request left it to us. */
export function validitySlots(plan: BuildPlan, tip: Tip, eras: EraHistory): Slots {
  let slots: Slots = { start: toSlot(plan.validity.start, "start", eras), end: toSlot(plan.validity.end, "end", eras) };
  if (slots.start !== null && slots.end !== null && slots.end <= slots.start) {
    throw refusal(
      BadRequestError,
      (at) => `${at("validityInterval.end")} (slot ${slots.end}) must be after its start (slot ${slots.start}).`,
    );
  }
  for (const lock of plan.timeLocks) slots = applyLock(lock, slots, plan, tip, eras);
  if (slots.end !== null && slots.end <= tip.slot) {
    // The ledger takes a transaction only before its end: one whose end has passed can never be
    // accepted, so it is refused now rather than handed out to fail at submit.
    const when = (slot: number) => `slot ${slot}, ${new Date(eras.slotToTime(slot)).toISOString()}`;
    const end = slots.end;
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("validityInterval.end")} (${when(end)}) has already passed: the chain is at ${when(tip.slot)}, and the ledger accepts a ` +
        "transaction only before its end. Set a later end (Unix seconds or a slot), or leave it out for two hours from now.",
    );
  }
  return slots;
}
