// The Blockfrost adapter of the chain port: one Blockfrost endpoint (or a few) per operation,
// wire JSON translated to the domain in ./translate.ts. Failure handling (deadlines, retries,
// rate limit, 503s) is not here: createChain wraps this adapter (see ../resilience).
//
//   tip                → GET /blocks/latest
//   currentEpoch       → GET /epochs/latest
//   protocolParameters → GET /epochs/latest/parameters (cost models from cost_models_raw)
//   utxosAt            → GET /addresses/{address}/utxos?page=N (100 a page) + reference scripts
//   utxosByRef         → GET /txs/{hash}/utxos (outputs with consumed_by_tx set are spent)
//   reference scripts  → GET /scripts/{hash}, then /scripts/{hash}/cbor or /scripts/{hash}/json
//   evaluate           → POST /utils/txs/evaluate?version=6 (or /utils/txs/evaluate/utxos)
//   submit             → POST /tx/submit (raw CBOR bytes)
//   txStatus           → GET /txs/{hash}
import type { Network } from "../../config.js";
import { BadRequestError, LedgerRejectedError } from "../../errors.js";
import type { ChainBackend, EpochInfo } from "../backend.js";
import type { ChainParameters, OutRef, RedeemerBudget, Tip, TxStatus, UTxO } from "../port.js";
import { BackendError } from "../resilience/backend-error.js";
import type { TokenBucket } from "../resilience/rate-limiter.js";
import { BACKEND, BlockfrostClient } from "./client.js";
import {
  additionalUtxoSet,
  evaluationFromBlockfrost,
  plutusScriptRef,
  protocolFromBlockfrost,
  timelockScriptRef,
  utxoFromBlockfrost,
  type BlockfrostParameters,
  type BlockfrostScript,
  type BlockfrostTxOutput,
  type BlockfrostUtxo,
} from "./translate.js";
import type { components } from "@blockfrost/openapi";

type Schemas = components["schemas"];

/** The hosted Blockfrost API of a network. */
export const blockfrostUrl = (network: Exclude<Network, "devnet">): string => `https://cardano-${network}.blockfrost.io/api/v0`;

const PAGE_SIZE = 100;
/** 100,000 UTxOs at one address; beyond that the caller needs an indexer, not a page loop. */
const MAX_PAGES = 1000;
const SCRIPT_CACHE_SIZE = 512;
const HEX64 = /^[0-9a-f]{64}$/;

export interface BlockfrostOptions {
  readonly network: Exclude<Network, "devnet">;
  readonly projectId: string;
  /** Defaults to the hosted API of `network`. */
  readonly baseUrl?: string;
  readonly requestTimeoutMs?: number;
  readonly limiter?: TokenBucket;
}

export class BlockfrostBackend implements ChainBackend {
  readonly backendName = BACKEND;
  readonly network: Network;
  readonly #client: BlockfrostClient;
  /** Scripts never change under their hash: resolved once (bounded, oldest dropped first). */
  readonly #scripts = new Map<string, Promise<{ scriptRef: string; scriptHash: string }>>();

  constructor(options: BlockfrostOptions) {
    this.network = options.network;
    this.#client = new BlockfrostClient({
      baseUrl: (options.baseUrl ?? blockfrostUrl(options.network)).replace(/\/+$/, ""),
      projectId: options.projectId,
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
      ...(options.limiter ? { limiter: options.limiter } : {}),
    });
  }

  async tip(): Promise<Tip> {
    const block = await this.#client.get<Schemas["block_content"]>("/blocks/latest");
    return this.#translate("/blocks/latest", () => {
      if (typeof block.slot !== "number" || typeof block.time !== "number") throw new Error("the latest block has no slot or time");
      return { slot: block.slot, time: block.time * 1000 };
    });
  }

  async currentEpoch(): Promise<EpochInfo> {
    const epoch = await this.#client.get<Schemas["epoch_content"]>("/epochs/latest");
    return this.#translate("/epochs/latest", () => {
      if (typeof epoch.epoch !== "number" || typeof epoch.end_time !== "number") throw new Error("the latest epoch has no number or end time");
      return { epoch: epoch.epoch, endsAt: epoch.end_time * 1000 };
    });
  }

  async protocolParameters(): Promise<ChainParameters> {
    const parameters = await this.#client.get<BlockfrostParameters>("/epochs/latest/parameters");
    return this.#translate("/epochs/latest/parameters", () => protocolFromBlockfrost(parameters));
  }

  async utxosAt(address: string): Promise<UTxO[]> {
    const path = `/addresses/${encodeURIComponent(address)}/utxos`;
    const entries: BlockfrostUtxo[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      // 404: an address the chain has never seen holds nothing.
      const batch = await this.#client.get<BlockfrostUtxo[]>(`${path}?count=${PAGE_SIZE}&page=${page}`, []);
      if (!Array.isArray(batch)) throw new BackendError(BACKEND, "server", `GET ${path}: the answer is not a list`);
      entries.push(...batch);
      if (batch.length < PAGE_SIZE) return this.#toUtxos(entries.map((u) => [u.tx_hash, u.output_index, u] as const));
    }
    throw new BackendError(BACKEND, "refused", `GET ${path}: more than ${MAX_PAGES * PAGE_SIZE} UTxOs at one address`);
  }

  async utxosByRef(refs: readonly OutRef[]): Promise<UTxO[]> {
    const byTx = new Map<string, Set<number>>();
    for (const { txHash, index } of refs) {
      const hash = txHash.toLowerCase();
      if (!HEX64.test(hash)) throw new BadRequestError(`${txHash} is not a transaction id (64 hex digits).`);
      byTx.set(hash, (byTx.get(hash) ?? new Set()).add(index));
    }
    const found: (readonly [string, number, BlockfrostTxOutput])[] = [];
    for (const [txHash, indexes] of byTx) {
      const tx = await this.#client.get<Schemas["tx_content_utxo"] | null>(`/txs/${txHash}/utxos`, null);
      if (tx === null) continue;
      for (const output of tx.outputs ?? []) {
        if (indexes.has(output.output_index) && !output.consumed_by_tx && !output.collateral) {
          found.push([txHash, output.output_index, output] as const);
        }
      }
    }
    const utxos = await this.#toUtxos(found);
    // Keep the caller's order.
    const order = new Map(refs.map((r, i) => [`${r.txHash.toLowerCase()}#${r.index}`, i]));
    return utxos.sort((a, b) => (order.get(`${a.input.txHash}#${a.input.outputIndex}`) ?? 0) - (order.get(`${b.input.txHash}#${b.input.outputIndex}`) ?? 0));
  }

  async evaluate(txCbor: string, additionalUtxos: readonly UTxO[] = []): Promise<RedeemerBudget[]> {
    const rejected = (message: string) => new LedgerRejectedError(message);
    const body =
      additionalUtxos.length === 0
        ? await this.#client.post<unknown>("/utils/txs/evaluate?version=6", txCbor, "application/cbor", rejected)
        : await this.#client.post<unknown>(
            "/utils/txs/evaluate/utxos?version=6",
            JSON.stringify({ cbor: txCbor, additionalUtxoSet: additionalUtxoSet(additionalUtxos) }),
            "application/json",
            rejected,
          );
    const result = this.#translate("/utils/txs/evaluate", () => evaluationFromBlockfrost(body));
    if (!Array.isArray(result)) throw new LedgerRejectedError(result.rejected);
    return result;
  }

  async submit(txCbor: string): Promise<string> {
    const bytes = Buffer.from(txCbor, "hex");
    const txId = await this.#client.post<unknown>("/tx/submit", bytes, "application/cbor", (message) => new LedgerRejectedError(message));
    if (typeof txId !== "string" || !HEX64.test(txId)) throw new BackendError(BACKEND, "server", "POST /tx/submit: the answer is not a transaction id");
    return txId;
  }

  async txStatus(txHash: string): Promise<TxStatus> {
    const tx = await this.#client.get<Schemas["tx_content"] | null>(`/txs/${encodeURIComponent(txHash.toLowerCase())}`, null);
    return tx === null ? "unknown" : "confirmed";
  }

  async close(): Promise<void> {
    this.#scripts.clear();
  }

  async #toUtxos(entries: readonly (readonly [string, number, BlockfrostTxOutput | BlockfrostUtxo])[]): Promise<UTxO[]> {
    const out: UTxO[] = [];
    for (const [txHash, index, output] of entries) {
      const hash = output.reference_script_hash;
      const scriptRef = hash ? await this.#referenceScript(hash) : undefined;
      out.push(this.#translate("a UTxO", () => utxoFromBlockfrost(txHash, index, output, scriptRef)));
    }
    return out;
  }

  #referenceScript(hash: string): Promise<{ scriptRef: string; scriptHash: string }> {
    let pending = this.#scripts.get(hash);
    if (!pending) {
      pending = this.#fetchScript(hash);
      pending.catch(() => this.#scripts.delete(hash));
      if (this.#scripts.size >= SCRIPT_CACHE_SIZE) this.#scripts.delete(this.#scripts.keys().next().value as string);
      this.#scripts.set(hash, pending);
    }
    return pending;
  }

  async #fetchScript(hash: string): Promise<{ scriptRef: string; scriptHash: string }> {
    const info = await this.#client.get<BlockfrostScript>(`/scripts/${hash}`);
    if (info.type === "timelock") {
      const { json } = await this.#client.get<Schemas["script_json"]>(`/scripts/${hash}/json`);
      return this.#translate(`/scripts/${hash}/json`, () => timelockScriptRef(hash, json));
    }
    const { cbor } = await this.#client.get<Schemas["script_cbor"]>(`/scripts/${hash}/cbor`);
    return this.#translate(`/scripts/${hash}/cbor`, () => plutusScriptRef(hash, info.type as "plutusV1", cbor));
  }

  /** Runs a translation; an answer not of the documented shape is the backend's failure. */
  #translate<T>(what: string, run: () => T): T {
    try {
      return run();
    } catch (error) {
      throw new BackendError(BACKEND, "server", `${what}: ${(error as Error).message}`, { cause: error });
    }
  }
}
