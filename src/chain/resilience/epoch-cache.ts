// Protocol parameters change only at an epoch boundary, so they are read once per epoch: the
// cache keeps them until the epoch the backend reported ends, then asks again. Concurrent
// callers share one request. Nothing else is cached here: submit and evaluate never are, and
// UTxOs and the tip change with every block.
import type { ChainBackend, ObservedChain } from "../backend.js";
import { ForwardingChain } from "../forwarding.js";
import type { ChainParameters } from "../port.js";

interface Cached {
  readonly parameters: ChainParameters;
  readonly validUntil: number;
}

class EpochCachedChain extends ForwardingChain {
  readonly #now: () => number;
  #cached: Cached | undefined;
  #pending: Promise<ChainParameters> | undefined;

  constructor(inner: ChainBackend & ObservedChain, now: () => number) {
    super(inner);
    this.#now = now;
  }

  override protocolParameters(): Promise<ChainParameters> {
    if (this.#cached && this.#now() < this.#cached.validUntil) return Promise.resolve(this.#cached.parameters);
    this.#pending ??= this.#refresh().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  async #refresh(): Promise<ChainParameters> {
    const [epoch, parameters] = await Promise.all([this.inner.currentEpoch(), this.inner.protocolParameters()]);
    // Parameters read across a boundary may belong to either epoch: keep them only if they match.
    if (parameters.epoch === epoch.epoch) this.#cached = { parameters, validUntil: epoch.endsAt };
    else this.#cached = undefined;
    return parameters;
  }
}

/** Caches protocol parameters until the end of the epoch they belong to. */
export function withEpochCache(
  inner: ChainBackend & ObservedChain,
  now: () => number = Date.now,
): ChainBackend & ObservedChain {
  return new EpochCachedChain(inner, now);
}
