// The base of the port wrappers that change one or two methods of a real-network backend
// (the epoch cache, the evaluation cross-check): everything else goes to the wrapped port as is.
import type { BackendHealth, ChainBackend, EpochInfo, ObservedChain } from "./backend.js";
import {
  assetHistoryOf,
  consumedByOf,
  spenderOf,
  transactionOf,
  type AssetOutput,
  type ChainParameters,
  type HeldOutput,
  type OutRef,
  type RedeemerBudget,
  type StakeAccount,
  type Tip,
  type TxStatus,
  type UTxO,
} from "./port.js";

export abstract class ForwardingChain implements ChainBackend, ObservedChain {
  readonly network;
  readonly backendName;

  constructor(protected readonly inner: ChainBackend & ObservedChain) {
    this.network = inner.network;
    this.backendName = inner.backendName;
  }

  health(): BackendHealth {
    return this.inner.health();
  }
  tip(): Promise<Tip> {
    return this.inner.tip();
  }
  probe(timeoutMs?: number): Promise<Tip> {
    return this.inner.probe(timeoutMs);
  }
  currentEpoch(): Promise<EpochInfo> {
    return this.inner.currentEpoch();
  }
  protocolParameters(): Promise<ChainParameters> {
    return this.inner.protocolParameters();
  }
  utxosAt(address: string): Promise<UTxO[]> {
    return this.inner.utxosAt(address);
  }
  utxosByRef(refs: readonly OutRef[]): Promise<UTxO[]> {
    return this.inner.utxosByRef(refs);
  }
  evaluate(txCbor: string, additionalUtxos?: readonly UTxO[]): Promise<RedeemerBudget[]> {
    return this.inner.evaluate(txCbor, additionalUtxos);
  }
  submit(txCbor: string): Promise<string> {
    return this.inner.submit(txCbor);
  }
  txStatus(txHash: string): Promise<TxStatus> {
    return this.inner.txStatus(txHash);
  }
  lastOutputWith(unit: string): Promise<AssetOutput | null> {
    return this.inner.lastOutputWith(unit);
  }
  stakeAccount(rewardAddress: string): Promise<StakeAccount> {
    return this.inner.stakeAccount(rewardAddress);
  }
  transaction(txHash: string): Promise<string | null> {
    return transactionOf(this.inner, txHash);
  }
  spentBy(ref: OutRef): Promise<string | null> {
    return spenderOf(this.inner, ref);
  }
  assetHistory(unit: string): Promise<HeldOutput[]> {
    return assetHistoryOf(this.inner, unit);
  }
  consumedBy(txHash: string): Promise<UTxO[]> {
    return consumedByOf(this.inner, txHash);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
