// The Ogmios + Kupo adapter of the chain port, for a cardano-node of one's own: Ogmios (through
// its official client) answers ledger-state queries, evaluates and submits; Kupo indexes
// addresses. Failure handling is not here: createChain wraps this adapter (../resilience).
//
//   tip                → queryNetwork/tip, time from queryNetwork/startTime + queryLedgerState/eraSummaries
//   currentEpoch       → queryLedgerState/epoch (+ era summaries for its end)
//   protocolParameters → queryLedgerState/protocolParameters (cost models from plutusCostModels)
//   utxosAt            → Kupo GET /matches/{address}?unspent&resolve_hashes
//   utxosByRef         → queryLedgerState/utxo {outputReferences}
//   evaluate           → evaluateTransaction (with additionalUtxo)
//   submit             → submitTransaction
//   txStatus           → Kupo GET /matches/*@{txHash}, else queryLedgerState/utxo of its output 0
import { LedgerStateQuery, TransactionSubmission } from "@cardano-ogmios/client";
import type { EraSummary } from "@cardano-ogmios/schema";
import type { Network } from "../../config.js";
import { BadRequestError } from "../../errors.js";
import type { ChainBackend, EpochInfo } from "../backend.js";
import type { ChainParameters, OutRef, RedeemerBudget, Tip, TxStatus, UTxO } from "../port.js";
import { BackendError } from "../resilience/backend-error.js";
import { budgetsFromOgmios, utxoFromOgmios, utxosToOgmios } from "../shared/ogmios-wire.js";
import { KupoClient, utxoFromKupo } from "./kupo.js";
import { BACKEND, OgmiosConnection } from "./ogmios.js";
import { epochEnd, protocolFromOgmios, slotToTime, summariesCover } from "./translate.js";

const HEX64 = /^[0-9a-f]{64}$/;

export interface OgmiosKupoOptions {
  readonly network: Network;
  readonly ogmiosUrl: string;
  readonly kupoUrl: string;
  readonly requestTimeoutMs?: number;
}

interface TimeBase {
  readonly systemStart: number;
  readonly summaries: readonly EraSummary[];
}

export class OgmiosKupoBackend implements ChainBackend {
  readonly backendName = BACKEND;
  readonly network: Network;
  readonly #ogmios: OgmiosConnection;
  readonly #kupo: KupoClient;
  /** System start and era summaries change only at a hard fork: re-read when a slot passes their horizon. */
  #timeBase: TimeBase | undefined;

  constructor(options: OgmiosKupoOptions) {
    this.network = options.network;
    this.#ogmios = new OgmiosConnection(options.ogmiosUrl, options.network);
    this.#kupo = new KupoClient(options.kupoUrl, options.requestTimeoutMs ?? 10_000);
  }

  async tip(): Promise<Tip> {
    const point = await this.#ogmios.run("queryNetwork/tip", "query", (c) => LedgerStateQuery.networkTip(c));
    if (point === "origin") throw new BackendError(BACKEND, "server", "Ogmios queryNetwork/tip: the node is at the origin (not synchronised)");
    const base = await this.#timeBaseFor(point.slot);
    return { slot: point.slot, time: slotToTime(point.slot, base.systemStart, base.summaries) };
  }

  async currentEpoch(): Promise<EpochInfo> {
    const epoch = await this.#ogmios.run("queryLedgerState/epoch", "query", (c) => LedgerStateQuery.epoch(c));
    const base = await this.#timeBaseFor(undefined);
    return { epoch, endsAt: this.#translate("era summaries", () => epochEnd(epoch, base.systemStart, base.summaries)) };
  }

  async protocolParameters(): Promise<ChainParameters> {
    const [parameters, epoch] = await Promise.all([
      this.#ogmios.run("queryLedgerState/protocolParameters", "query", (c) => LedgerStateQuery.protocolParameters(c)),
      this.#ogmios.run("queryLedgerState/epoch", "query", (c) => LedgerStateQuery.epoch(c)),
    ]);
    return this.#translate("protocol parameters", () => protocolFromOgmios(parameters, epoch));
  }

  async utxosAt(address: string): Promise<UTxO[]> {
    const matches = await this.#kupo.unspentAt(address);
    return matches.map((m) => this.#translate("Kupo match", () => utxoFromKupo(m)));
  }

  async utxosByRef(refs: readonly OutRef[]): Promise<UTxO[]> {
    if (refs.length === 0) return [];
    for (const { txHash } of refs) {
      if (!HEX64.test(txHash.toLowerCase())) throw new BadRequestError(`${txHash} is not a transaction id (64 hex digits).`);
    }
    const outputReferences = refs.map((r) => ({ transaction: { id: r.txHash.toLowerCase() }, index: r.index }));
    const entries = await this.#ogmios.run("queryLedgerState/utxo", "query", (c) => LedgerStateQuery.utxo(c, { outputReferences }));
    const order = new Map(refs.map((r, i) => [`${r.txHash.toLowerCase()}#${r.index}`, i]));
    const position = (u: UTxO): number => order.get(`${u.input.txHash}#${u.input.outputIndex}`) ?? -1;
    // Only what was asked for, in the order asked.
    const utxos = entries.map((e) => this.#translate("UTxO", () => utxoFromOgmios(e))).filter((u) => position(u) >= 0);
    return utxos.sort((a, b) => position(a) - position(b));
  }

  async evaluate(txCbor: string, additionalUtxos: readonly UTxO[] = []): Promise<RedeemerBudget[]> {
    const extra = additionalUtxos.length > 0 ? utxosToOgmios(additionalUtxos) : undefined;
    const result = await this.#ogmios.run("evaluateTransaction", "evaluate", (c) => TransactionSubmission.evaluateTransaction(c, txCbor, extra));
    return this.#translate("evaluation", () => budgetsFromOgmios(result));
  }

  async submit(txCbor: string): Promise<string> {
    return this.#ogmios.run("submitTransaction", "submit", (c) => TransactionSubmission.submitTransaction(c, txCbor));
  }

  async txStatus(txHash: string): Promise<TxStatus> {
    const id = txHash.toLowerCase();
    if (!HEX64.test(id)) throw new BadRequestError(`${txHash} is not a transaction id (64 hex digits).`);
    if ((await this.#kupo.outputsOf(id)).length > 0) return "confirmed";
    const outputs = await this.#ogmios.run("queryLedgerState/utxo", "query", (c) =>
      LedgerStateQuery.utxo(c, { outputReferences: [{ transaction: { id }, index: 0 }] }),
    );
    return outputs.length > 0 ? "confirmed" : "unknown";
  }

  close(): Promise<void> {
    return this.#ogmios.close();
  }

  async #timeBaseFor(slot: number | undefined): Promise<TimeBase> {
    const current = this.#timeBase;
    if (current && (slot === undefined || summariesCover(slot, current.summaries))) return current;
    const [start, summaries] = await Promise.all([
      this.#ogmios.run("queryNetwork/startTime", "query", (c) => LedgerStateQuery.networkStartTime(c)),
      this.#ogmios.run("queryLedgerState/eraSummaries", "query", (c) => LedgerStateQuery.eraSummaries(c)),
    ]);
    const systemStart = new Date(start).getTime();
    if (!Number.isFinite(systemStart) || summaries.length === 0) throw new BackendError(BACKEND, "server", "Ogmios returned no system start or era summaries");
    this.#timeBase = { systemStart, summaries };
    return this.#timeBase;
  }

  #translate<T>(what: string, run: () => T): T {
    try {
      return run();
    } catch (error) {
      throw new BackendError(BACKEND, "server", `${what}: ${(error as Error).message}`, { cause: error });
    }
  }
}
