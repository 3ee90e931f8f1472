// The devnet's clock: one slot per second of wall time since the devnet's start, plus the seconds
// that `advance` added. Slot N starts at systemStartMs + N·1000 whatever the offset, so the era
// history (slot ↔ time) never changes; advancing only moves "now" ahead of the wall clock.
// The slot never goes back, even when the wall clock does; only a replaced state does that (a
// snapshot's restore resumes at the snapshot's slot, a reset at the wall clock: see resume).

export const SLOT_LENGTH_MS = 1000;

export class DevnetClock {
  readonly systemStartMs: number;
  #offsetSeconds: number;
  #lastSlot: number;
  readonly #now: () => number;

  constructor(systemStartMs: number, offsetSeconds: number, lastSlot: number, now: () => number = Date.now) {
    this.systemStartMs = systemStartMs;
    this.#offsetSeconds = offsetSeconds;
    this.#lastSlot = lastSlot;
    this.#now = now;
  }

  get offsetSeconds(): number {
    return this.#offsetSeconds;
  }

  /** The current slot. */
  slot(): number {
    const wall = Math.floor((this.#now() - this.systemStartMs) / SLOT_LENGTH_MS) + this.#offsetSeconds;
    if (wall > this.#lastSlot) this.#lastSlot = wall;
    return this.#lastSlot;
  }

  /** Unix milliseconds of the start of `slot`. */
  timeOf(slot: number): number {
    return this.systemStartMs + slot * SLOT_LENGTH_MS;
  }

  /** The offset at which `slot` is the current slot now (negative when `slot` is behind the wall clock). */
  offsetFor(slot: number): number {
    return slot - Math.floor((this.#now() - this.systemStartMs) / SLOT_LENGTH_MS);
  }

  /** Continues from a replaced state's clock: its offset and the last slot it reached, even behind this clock's. */
  resume(offsetSeconds: number, lastSlot: number): void {
    this.#offsetSeconds = offsetSeconds;
    this.#lastSlot = lastSlot;
  }

  /** Moves the clock `seconds` ahead of where it is now; returns the new slot. */
  advance(seconds: number): number {
    const before = this.slot();
    this.#offsetSeconds += seconds;
    this.#lastSlot = Math.max(this.#lastSlot, before + seconds);
    return this.slot();
  }
}
