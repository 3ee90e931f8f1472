// Protocol parameters change only at an epoch boundary, so they are read once per epoch: the
// cache keeps them until the epoch the backend reported ends, then asks again. Concurrent
// callers share one request. Nothing else is cached here: submit and evaluate never are, and
// UTxOs and the tip change with every block.
import type { BackendHealth, ChainBackend, EpochInfo, ObservedChain } from "../backend.js";
import type { ChainParameters, OutRef, RedeemerBudget, Tip, TxStatus, UTxO } from "../port.js";

interface Cached {
  readonly parameters: ChainParameters;
  readonly validUntil: number;
}

class EpochCachedChain implements ChainBackend, ObservedChain {
  readonly network;
  readonly backendName;
  readonly #inner: ChainBackend & ObservedChain;
  readonly #now: () => number;
  #cached: Cached | undefined;
  #pending: Promise<ChainParameters> | undefined;

  constructor(inner: ChainBackend & ObservedChain, now: () => number) {
    this.#inner = inner;
    this.network = inner.network;
    this.backendName = inner.backendName;
    this.#now = now;
  }

  protocolParameters(): Promise<ChainParameters> {
    if (this.#cached && this.#now() < this.#cached.validUntil) return Promise.resolve(this.#cached.parameters);
    this.#pending ??= this.#refresh().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  async #refresh(): Promise<ChainParameters> {
    const [epoch, parameters] = await Promise.all([this.#inner.currentEpoch(), this.#inner.protocolParameters()]);
    // Parameters read across a boundary may belong to either epoch: keep them only if they match.
    if (parameters.epoch === epoch.epoch) this.#cached = { parameters, validUntil: epoch.endsAt };
    else this.#cached = undefined;
    return parameters;
  }

  health(): BackendHealth {
    return this.#inner.health();
  }
  tip(): Promise<Tip> {
    return this.#inner.tip();
  }
  probe(timeoutMs?: number): Promise<Tip> {
    return this.#inner.probe(timeoutMs);
  }
  currentEpoch(): Promise<EpochInfo> {
    return this.#inner.currentEpoch();
  }
  utxosAt(address: string): Promise<UTxO[]> {
    return this.#inner.utxosAt(address);
  }
  utxosByRef(refs: readonly OutRef[]): Promise<UTxO[]> {
    return this.#inner.utxosByRef(refs);
  }
  evaluate(txCbor: string, additionalUtxos?: readonly UTxO[]): Promise<RedeemerBudget[]> {
    return this.#inner.evaluate(txCbor, additionalUtxos);
  }
  submit(txCbor: string): Promise<string> {
    return this.#inner.submit(txCbor);
  }
  txStatus(txHash: string): Promise<TxStatus> {
    return this.#inner.txStatus(txHash);
  }
  close(): Promise<void> {
    return this.#inner.close();
  }
}

/** Caches protocol parameters until the end of the epoch they belong to. */
export function withEpochCache(inner: ChainBackend & ObservedChain, now: () => number = Date.now): ChainBackend & ObservedChain {
  return new EpochCachedChain(inner, now);
}
