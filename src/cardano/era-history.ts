// Slot ↔ time for one network, from its era history: every era that changed the slot length,
// with the slot and Unix time at which it began. Constants come from each network's genesis
// files (input-output-hk/cardano-configurations; see COMPAT-NOTES §6): Byron slots last 20 s,
// Shelley and later 1 s. The devnet has one era of 1-second slots from its own system start.
import type { Network } from "../config.js";
import { BadRequestError, refusal, type FieldWords } from "../errors.js";

/** A 400 about a slot or a time: a refusal about the caller's input field when it named one, else a plain 400 about a value of the service's own. */
const outOfRange = (field: string | undefined, words: FieldWords): Error =>
  field === undefined ? new BadRequestError(words((path) => path)) : refusal(BadRequestError, words);

/** One era of constant slot length: slots from `startSlot` on last `slotLengthMs`, `startSlot` begins at `startMs`. */
export interface Era {
  readonly name: string;
  readonly startSlot: number;
  readonly startMs: number;
  readonly slotLengthMs: number;
}

const BYRON_SLOT_MS = 20_000;
const SHELLEY_SLOT_MS = 1_000;

/** The era histories of the public networks (genesis files: Byron startTime, Shelley zeroSlot/zeroTime). */
export const PUBLIC_ERAS: Readonly<Record<Exclude<Network, "devnet">, readonly Era[]>> = Object.freeze({
  mainnet: [
    { name: "Byron", startSlot: 0, startMs: 1_506_203_091_000, slotLengthMs: BYRON_SLOT_MS },
    { name: "Shelley", startSlot: 4_492_800, startMs: 1_596_059_091_000, slotLengthMs: SHELLEY_SLOT_MS },
  ],
  preprod: [
    { name: "Byron", startSlot: 0, startMs: 1_654_041_600_000, slotLengthMs: BYRON_SLOT_MS },
    { name: "Shelley", startSlot: 86_400, startMs: 1_655_769_600_000, slotLengthMs: SHELLEY_SLOT_MS },
  ],
  // Preview forked to Shelley at epoch 0 (TestShelleyHardForkAtEpoch: 0): it never had a Byron slot.
  preview: [{ name: "Shelley", startSlot: 0, startMs: 1_666_656_000_000, slotLengthMs: SHELLEY_SLOT_MS }],
});

/**
 * The devnet's start when the chain backend does not say (the devnet backend is absent or not a
 * DevnetPort): 2024-01-01T00:00:00Z. A running devnet always reports its own `systemStartMs`.
 */
export const DEVNET_FALLBACK_START_MS = Date.UTC(2024, 0, 1);

const iso = (ms: number): string => new Date(ms).toISOString();

export class EraHistory {
  readonly eras: readonly Era[];

  /** `eras` in order, the first starting at slot 0; each starts where the previous one's slots end. */
  constructor(
    readonly network: Network,
    eras: readonly Era[],
  ) {
    if (eras.length === 0 || eras[0]?.startSlot !== 0) throw new Error("An era history starts at slot 0.");
    for (let i = 1; i < eras.length; i++) {
      const previous = eras[i - 1]!;
      const era = eras[i]!;
      const expected = previous.startMs + (era.startSlot - previous.startSlot) * previous.slotLengthMs;
      if (era.startSlot <= previous.startSlot || era.startMs !== expected) {
        throw new Error(`The ${era.name} era of ${network} does not start where the ${previous.name} era ends.`);
      }
    }
    this.eras = Object.freeze(eras.map((era) => Object.freeze({ ...era })));
  }

  /** Unix milliseconds of slot 0. */
  get startMs(): number {
    return this.eras[0]!.startMs;
  }

  /**
   * Unix milliseconds at which `slot` begins. `field` names the caller's input field the slot comes
   * from, and the 400 is a refusal about it; without one, the slot is the service's own and the 400 calls it "slot".
   */
  slotToTime(slot: number, field?: string): number {
    const name = field ?? "slot";
    if (!Number.isSafeInteger(slot) || slot < 0) {
      throw outOfRange(
        field,
        (at) =>
          `${at(name)} must be a non-negative whole number no larger than ${Number.MAX_SAFE_INTEGER}; got ${slot}.`,
      );
    }
    const era = this.#eraOfSlot(slot);
    const time = era.startMs + (slot - era.startSlot) * era.slotLengthMs;
    if (!Number.isSafeInteger(time)) {
      throw outOfRange(
        field,
        (at) => `${at(name)} ${slot} is too large: its time would not be a safe integer number of milliseconds.`,
      );
    }
    return time;
  }

  /** The slot that contains the instant `time` (Unix milliseconds); `field` as for slotToTime (the 400 calls it "time" without one). */
  timeToSlot(time: number, field?: string): number {
    const name = field ?? "time";
    if (!Number.isSafeInteger(time) || time < 0) {
      throw outOfRange(
        field,
        (at) =>
          `${at(name)} must be a non-negative whole number of Unix milliseconds no larger than ${Number.MAX_SAFE_INTEGER}; got ${time}.`,
      );
    }
    if (time < this.startMs) {
      throw outOfRange(
        field,
        (at) =>
          `${at(name)} ${time} (${iso(time)}) is before the start of ${this.network} at ${this.startMs} (${iso(this.startMs)}): no slot contains it.`,
      );
    }
    const era = this.#eraOfTime(time);
    return era.startSlot + Math.floor((time - era.startMs) / era.slotLengthMs);
  }

  #eraOfSlot(slot: number): Era {
    let found = this.eras[0]!;
    for (const era of this.eras) if (era.startSlot <= slot) found = era;
    return found;
  }

  #eraOfTime(time: number): Era {
    let found = this.eras[0]!;
    for (const era of this.eras) if (era.startMs <= time) found = era;
    return found;
  }
}

/**
 * The era history of `network`. For the devnet, `devnetStartMs` is its system start (slot 0, one
 * slot per second from there); without it, DEVNET_FALLBACK_START_MS.
 */
export function eraHistoryFor(network: Network, devnetStartMs?: number): EraHistory {
  if (network === "devnet") {
    const startMs = devnetStartMs ?? DEVNET_FALLBACK_START_MS;
    if (!Number.isSafeInteger(startMs) || startMs < 0)
      throw new Error(`The devnet system start must be Unix milliseconds; got ${startMs}.`);
    return new EraHistory(network, [{ name: "devnet", startSlot: 0, startMs, slotLengthMs: SHELLEY_SLOT_MS }]);
  }
  return new EraHistory(network, PUBLIC_ERAS[network]);
}
