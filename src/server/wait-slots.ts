// How many GET /transactions/{hash}/wait long-polls the instance holds open: each holds a
// connection and a polling timer for up to five minutes, so they are counted per API key
// (keyless requests: per client IP) and in total, and one beyond either cap is refused at once
// (429 for the key's, 503 for the instance's) rather than held.

/** A held slot: give it back once, when the wait ends (answered, timed out, or its client gone). */
export type ReleaseSlot = () => void;

export class WaitSlots {
  readonly #byHolder = new Map<string, number>();
  #total = 0;

  constructor(
    readonly perHolder: number,
    readonly total: number,
  ) {}

  /** Waits held now, in all and by `holder`. */
  held(holder?: string): number {
    return holder === undefined ? this.#total : (this.#byHolder.get(holder) ?? 0);
  }

  /** A slot for `holder`, or which cap is reached: "holder" (its own) or "total" (the instance's). */
  take(holder: string): ReleaseSlot | "holder" | "total" {
    const mine = this.#byHolder.get(holder) ?? 0;
    if (mine >= this.perHolder) return "holder";
    if (this.#total >= this.total) return "total";
    this.#byHolder.set(holder, mine + 1);
    this.#total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total--;
      const left = (this.#byHolder.get(holder) ?? 1) - 1;
      if (left === 0) this.#byHolder.delete(holder);
      else this.#byHolder.set(holder, left);
    };
  }
}
