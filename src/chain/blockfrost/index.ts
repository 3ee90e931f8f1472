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
//   txStatus           → GET /txs/{hash} (its block height), GET /blocks/latest (the tip's)
//   stakeAccount       → GET /accounts/{stake_address} (404: never registered)
//   transaction        → GET /txs/{hash}/cbor (404: not in a block; then the CBOR of a
//                        transaction this process submitted, ../shared/submitted-transactions.ts)
//   spentBy            → GET /txs/{hash}/utxos (the output's consumed_by_tx)
//   lastOutputWith     → GET /assets/{unit}/transactions?order=desc&count=1 (the last transaction
//                        with an output holding the unit), GET /txs/{hash}/utxos (that output,
//                        and consumed_by_tx); when a script spent it: GET /txs/{spender}/redeemers
//                        (+ GET /txs/{spender}/utxos when several spend redeemers run that
//                        script) and GET /scripts/datum/{redeemer_data_hash}/cbor
//   assetHistory       → GET /assets/{unit}/transactions?order=asc (100 a page, at most
//                        HISTORY_MAX_PAGES), then GET /txs/{hash}/utxos of each (its outputs
//                        holding the unit, and their consumed_by_tx)
//   consumedBy         → GET /txs/{hash}/utxos (its inputs, not collateral nor reference ones)
import { rewardCredential } from "../../cardano/address-rules.js";
import type { Network } from "../../config.js";
import { BadRequestError, LedgerRejectedError, NotFoundError } from "../../errors.js";
import type { ChainBackend, EpochInfo } from "../backend.js";
import type {
  AssetOutput,
  ChainParameters,
  HeldOutput,
  OutRef,
  RedeemerBudget,
  StakeAccount,
  Tip,
  TxStatus,
  UTxO,
} from "../port.js";
import { assetUnitOf, inLedgerOrder, paymentScriptHash, spendIndexOf } from "../shared/asset-output.js";
import { BackendError } from "../resilience/backend-error.js";
import { SubmittedTransactions } from "../shared/submitted-transactions.js";
import type { TokenBucket } from "../resilience/rate-limiter.js";
import { BACKEND, BlockfrostClient } from "./client.js";
import {
  additionalUtxoSet,
  evaluationFromBlockfrost,
  plutusScriptRef,
  protocolFromBlockfrost,
  stakeAccountFromBlockfrost,
  timelockScriptRef,
  utxoFromBlockfrost,
  type BlockfrostParameters,
  type BlockfrostScript,
  type BlockfrostTxOutput,
  type BlockfrostUtxo,
} from "./translate.js";
import type { components } from "@blockfrost/openapi";

type Schemas = components["schemas"];
type BlockfrostTxInput = Schemas["tx_content_utxo"]["inputs"][number];

/** The hosted Blockfrost API of a network. */
export const blockfrostUrl = (network: Exclude<Network, "devnet">): string =>
  `https://cardano-${network}.blockfrost.io/api/v0`;

const PAGE_SIZE = 100;
/** 100,000 UTxOs at one address; beyond that the caller needs an indexer, not a page loop. */
const MAX_PAGES = 1000;
const SCRIPT_CACHE_SIZE = 512;
/**
 * An asset history reads one page of transactions per 100 and one request per transaction: 200
 * transactions (a v3 tournament has some 30) cost 202 requests, about what one call's deadline
 * allows at Blockfrost's sustained 10 a second after its burst.
 */
const HISTORY_MAX_PAGES = 2;
/** The /txs/{hash}/utxos requests of a history in flight at once. */
const HISTORY_CONCURRENCY = 8;
const HEX64 = /^[0-9a-f]{64}$/;

export interface BlockfrostOptions {
  readonly network: Exclude<Network, "devnet">;
  readonly projectId: string;
  /** Defaults to the hosted API of `network`. */
  readonly baseUrl?: string;
  /** Sent as the Authorization header of every request (BLOCKFROST_AUTHORIZATION). */
  readonly authorization?: string;
  readonly requestTimeoutMs?: number;
  readonly limiter?: TokenBucket;
}

export class BlockfrostBackend implements ChainBackend {
  readonly backendName = BACKEND;
  readonly network: Network;
  readonly #client: BlockfrostClient;
  /** Scripts never change under their hash: resolved once (bounded, oldest dropped first). */
  readonly #scripts = new Map<string, Promise<{ scriptRef: string; scriptHash: string }>>();
  /** The transactions this process submitted, for those not in a block yet. */
  readonly #submitted = new SubmittedTransactions();

  constructor(options: BlockfrostOptions) {
    this.network = options.network;
    this.#client = new BlockfrostClient({
      baseUrl: (options.baseUrl ?? blockfrostUrl(options.network)).replace(/\/+$/, ""),
      projectId: options.projectId,
      ...(options.authorization === undefined ? {} : { authorization: options.authorization }),
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
      ...(options.limiter ? { limiter: options.limiter } : {}),
    });
  }

  async tip(): Promise<Tip> {
    const block = await this.#client.get<Schemas["block_content"]>("/blocks/latest");
    return this.#translate("/blocks/latest", () => {
      if (typeof block.slot !== "number" || typeof block.time !== "number")
        throw new Error("the latest block has no slot or time");
      return { slot: block.slot, time: block.time * 1000 };
    });
  }

  async currentEpoch(): Promise<EpochInfo> {
    const epoch = await this.#client.get<Schemas["epoch_content"]>("/epochs/latest");
    return this.#translate("/epochs/latest", () => {
      if (typeof epoch.epoch !== "number" || typeof epoch.end_time !== "number")
        throw new Error("the latest epoch has no number or end time");
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
    return utxos.sort(
      (a, b) =>
        (order.get(`${a.input.txHash}#${a.input.outputIndex}`) ?? 0) -
        (order.get(`${b.input.txHash}#${b.input.outputIndex}`) ?? 0),
    );
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
    const txId = await this.#client.post<unknown>(
      "/tx/submit",
      bytes,
      "application/cbor",
      (message) => new LedgerRejectedError(message),
    );
    if (typeof txId !== "string" || !HEX64.test(txId))
      throw new BackendError(BACKEND, "server", "POST /tx/submit: the answer is not a transaction id");
    this.#submitted.accepted(txCbor, txId);
    return txId;
  }

  async transaction(txHash: string): Promise<string | null> {
    const id = txHash.toLowerCase();
    if (!HEX64.test(id)) throw new BadRequestError(`${txHash} is not a transaction id (64 hex digits).`);
    // 404: not in a block (yet): one this process submitted is still known by its CBOR.
    const answer = await this.#client.get<Schemas["tx_content_cbor"] | null>(`/txs/${id}/cbor`, null);
    if (answer === null) return this.#submitted.cborOf(id);
    return this.#translate(`/txs/${id}/cbor`, () => {
      if (typeof answer.cbor !== "string" || !/^(?:[0-9a-fA-F]{2})+$/.test(answer.cbor))
        throw new Error("the answer holds no CBOR");
      return answer.cbor.toLowerCase();
    });
  }

  async spentBy(ref: OutRef): Promise<string | null> {
    const id = ref.txHash.toLowerCase();
    if (!HEX64.test(id)) throw new BadRequestError(`${ref.txHash} is not a transaction id (64 hex digits).`);
    const tx = await this.#client.get<Schemas["tx_content_utxo"] | null>(`/txs/${id}/utxos`, null);
    if (tx === null) return null;
    const output = (tx.outputs ?? []).find((o) => o.output_index === ref.index && !o.collateral);
    const spender = output?.consumed_by_tx ?? null;
    if (spender !== null && !HEX64.test(spender))
      throw new BackendError(BACKEND, "server", `/txs/${id}/utxos: consumed_by_tx ${spender} is not a transaction id`);
    return spender;
  }

  async txStatus(txHash: string): Promise<TxStatus> {
    const path = `/txs/${encodeURIComponent(txHash.toLowerCase())}`;
    const tx = await this.#client.get<Schemas["tx_content"] | null>(path, null);
    if (tx === null) return { status: "unknown" };
    const tip = await this.#client.get<Schemas["block_content"]>("/blocks/latest");
    return this.#translate(path, () => {
      if (typeof tx.block_height !== "number") throw new Error("the transaction has no block height");
      if (typeof tip.height !== "number") throw new Error("the latest block has no height");
      return { status: "confirmed", confirmations: Math.max(1, tip.height - tx.block_height + 1) };
    });
  }

  async stakeAccount(rewardAddress: string): Promise<StakeAccount> {
    rewardCredential(rewardAddress); // a 400 for anything but a reward address, before asking
    const path = `/accounts/${encodeURIComponent(rewardAddress)}`;
    // 404: Blockfrost has never seen the account, so it was never registered.
    const account = await this.#client.get<Schemas["account_content"] | null>(path, null);
    if (account === null) return { registered: false, pool: null, drep: null };
    return this.#translate(path, () => stakeAccountFromBlockfrost(account));
  }

  /**
   * Blockfrost lists a unit's transactions by the outputs that hold it (a burn, which only spends
   * it, is not listed): the newest one's last output holding the unit is the last holder, and its
   * consumed_by_tx says whether (and by what) it was spent since.
   */
  async lastOutputWith(unit: string): Promise<AssetOutput | null> {
    const asset = assetUnitOf(unit);
    // 404: Blockfrost has never seen the unit.
    const latest = await this.#client.get<Schemas["asset_transactions"] | null>(
      `/assets/${asset.unit}/transactions?order=desc&count=1&page=1`,
      null,
    );
    if (latest === null) return null;
    if (!Array.isArray(latest))
      throw new BackendError(BACKEND, "server", `GET /assets/${asset.unit}/transactions: the answer is not a list`);
    const txHash = latest[0]?.tx_hash;
    if (txHash === undefined) return null;
    if (!HEX64.test(txHash))
      throw new BackendError(
        BACKEND,
        "server",
        `GET /assets/${asset.unit}/transactions: ${txHash} is not a transaction id`,
      );
    const tx = await this.#client.get<Schemas["tx_content_utxo"]>(`/txs/${txHash}/utxos`);
    const holder = this.#translate(`/txs/${txHash}/utxos`, () => {
      const holding = (tx.outputs ?? []).filter(
        (o) =>
          !o.collateral &&
          o.amount.some((a) => a.unit === asset.unit && /^\d+$/.test(a.quantity) && BigInt(a.quantity) > 0n),
      );
      const last = holding.sort((a, b) => b.output_index - a.output_index)[0];
      if (!last) throw new Error(`no output holds ${asset.unit}, though Blockfrost lists the transaction for it`);
      return last;
    });
    const [utxo] = await this.#toUtxos([[txHash, holder.output_index, holder]]);
    if (!utxo)
      throw new BackendError(
        BACKEND,
        "server",
        `/txs/${txHash}/utxos: output ${holder.output_index} did not translate`,
      );
    // A spender that moved the unit to a new output would itself be the newest listed transaction;
    // only one accepted between the two calls above makes `spentBy` name it (a true answer, one block old).
    const spender = holder.consumed_by_tx ?? null;
    if (spender === null) return { utxo, spentBy: null };
    if (!HEX64.test(spender))
      throw new BackendError(
        BACKEND,
        "server",
        `/txs/${txHash}/utxos: consumed_by_tx ${spender} is not a transaction id`,
      );
    const ref = { txHash, index: holder.output_index };
    return {
      utxo,
      spentBy: {
        txHash: spender,
        redeemer: await this.#spendRedeemer(spender, ref, paymentScriptHash(holder.address)),
      },
    };
  }

  /**
   * The unit's transactions oldest first (Blockfrost lists those with an output holding it), then
   * each one's outputs holding it, with their consumed_by_tx.
   */
  async assetHistory(unit: string): Promise<HeldOutput[]> {
    const asset = assetUnitOf(unit);
    const path = `/assets/${asset.unit}/transactions`;
    const txHashes: string[] = [];
    for (let page = 1; ; page++) {
      // 404: Blockfrost has never seen the unit.
      const batch = await this.#client.get<Schemas["asset_transactions"]>(
        `${path}?order=asc&count=${PAGE_SIZE}&page=${page}`,
        [],
      );
      if (!Array.isArray(batch)) throw new BackendError(BACKEND, "server", `GET ${path}: the answer is not a list`);
      if (page > HISTORY_MAX_PAGES && batch.length > 0)
        throw new BackendError(
          BACKEND,
          "refused",
          `GET ${path}: more than ${HISTORY_MAX_PAGES * PAGE_SIZE} transactions hold ${asset.unit}; its history is read up to that many`,
        );
      for (const { tx_hash } of batch) {
        if (!HEX64.test(tx_hash))
          throw new BackendError(BACKEND, "server", `GET ${path}: ${tx_hash} is not a transaction id`);
        if (!txHashes.includes(tx_hash)) txHashes.push(tx_hash);
      }
      if (batch.length < PAGE_SIZE) break;
    }
    const history: HeldOutput[] = [];
    for (let start = 0; start < txHashes.length; start += HISTORY_CONCURRENCY) {
      const chunk = txHashes.slice(start, start + HISTORY_CONCURRENCY);
      const held = await Promise.all(chunk.map((txHash) => this.#outputsHolding(txHash, asset.unit)));
      history.push(...held.flat());
    }
    return history;
  }

  /** The outputs of `txHash` that hold `unit`, by index, with the transactions that spent them. */
  async #outputsHolding(txHash: string, unit: string): Promise<HeldOutput[]> {
    const path = `/txs/${txHash}/utxos`;
    const tx = await this.#client.get<Schemas["tx_content_utxo"]>(path);
    const holding = this.#translate(path, () =>
      (tx.outputs ?? [])
        .filter(
          (o) =>
            !o.collateral &&
            o.amount.some((a) => a.unit === unit && /^\d+$/.test(a.quantity) && BigInt(a.quantity) > 0n),
        )
        .sort((a, b) => a.output_index - b.output_index)
        .map((o) => {
          const spender = o.consumed_by_tx ?? null;
          if (spender !== null && !HEX64.test(spender))
            throw new Error(`consumed_by_tx ${spender} is not a transaction id`);
          return { output: o, spentBy: spender };
        }),
    );
    const utxos = await this.#toUtxos(holding.map(({ output }) => [txHash, output.output_index, output] as const));
    return utxos.map((utxo, i) => ({ utxo, spentBy: holding[i]!.spentBy }));
  }

  async consumedBy(txHash: string): Promise<UTxO[]> {
    const id = txHash.toLowerCase();
    if (!HEX64.test(id)) throw new BadRequestError(`${txHash} is not a transaction id (64 hex digits).`);
    const path = `/txs/${id}/utxos`;
    // 404: not in a block (never seen, or still in the mempool).
    const tx = await this.#client.get<Schemas["tx_content_utxo"] | null>(path, null);
    if (tx === null) throw new NotFoundError(`Blockfrost knows no transaction ${id} in a block.`);
    const inputs = this.#translate(path, () => {
      const spent = (tx.inputs ?? []).filter((i) => !i.collateral && !i.reference);
      const byRef = new Map(spent.map((i) => [`${i.tx_hash.toLowerCase()}#${i.output_index}`, i]));
      return inLedgerOrder(spent.map((i) => ({ txHash: i.tx_hash, index: i.output_index }))).map(
        (ref) => [ref.txHash.toLowerCase(), ref.index, byRef.get(`${ref.txHash.toLowerCase()}#${ref.index}`)!] as const,
      );
    });
    return this.#toUtxos(inputs);
  }

  /** The redeemer `spender` gave its input `ref`, locked by `script` (null: a key, so none). */
  async #spendRedeemer(spender: string, ref: OutRef, script: string | null): Promise<string | null> {
    if (script === null) return null;
    const redeemers = await this.#client.get<Schemas["tx_content_redeemers"]>(`/txs/${spender}/redeemers`);
    if (!Array.isArray(redeemers))
      throw new BackendError(BACKEND, "server", `GET /txs/${spender}/redeemers: the answer is not a list`);
    let mine = redeemers.filter((r) => r.purpose === "spend" && r.script_hash === script);
    // None: a native script locks the output (no redeemer). One: it is this input's, since every
    // input a Plutus script locks has its own. Several: the input's position in the sorted input set says which.
    if (mine.length === 0) return null;
    if (mine.length > 1) {
      const spending = await this.#client.get<Schemas["tx_content_utxo"]>(`/txs/${spender}/utxos`);
      const inputs = (spending.inputs ?? [])
        .filter((i) => !i.collateral && !i.reference)
        .map((i) => ({ txHash: i.tx_hash, index: i.output_index }));
      const position = spendIndexOf(inputs, ref);
      mine = mine.filter((r) => r.tx_index === position);
      if (mine.length !== 1)
        throw new BackendError(
          BACKEND,
          "server",
          `GET /txs/${spender}/redeemers: no single spend redeemer for input ${position} (${ref.txHash}#${ref.index})`,
        );
    }
    const dataHash = mine[0]!.redeemer_data_hash;
    if (!HEX64.test(dataHash))
      throw new BackendError(
        BACKEND,
        "server",
        `GET /txs/${spender}/redeemers: redeemer_data_hash ${dataHash} is not a hash`,
      );
    // Blockfrost serves redeemer data under the datum endpoint (it looks the hash up in both tables).
    const { cbor } = await this.#client.get<Schemas["script_datum_cbor"]>(`/scripts/datum/${dataHash}/cbor`);
    if (typeof cbor !== "string" || !/^([0-9a-f]{2})+$/.test(cbor))
      throw new BackendError(BACKEND, "server", `GET /scripts/datum/${dataHash}/cbor: the answer holds no CBOR`);
    return cbor;
  }

  async close(): Promise<void> {
    this.#scripts.clear();
  }

  async #toUtxos(
    entries: readonly (readonly [string, number, BlockfrostTxOutput | BlockfrostTxInput | BlockfrostUtxo])[],
  ): Promise<UTxO[]> {
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
