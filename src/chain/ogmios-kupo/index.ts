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
//   txStatus           → Kupo GET /matches/*@{txHash}, else queryLedgerState/utxo of its output 0;
//                        its depth: queryNetwork/blockHeight less the height of the block Kupo
//                        names (Kupo GET /checkpoints/{slot − 1}, findIntersection + nextBlock,
//                        cached by block); null when Kupo has not indexed it
//   stakeAccount       → queryLedgerState/rewardAccountSummaries {keys | scripts: [credential]}
//   transaction        → only one this process submitted (../shared/submitted-transactions.ts):
//                        Kupo indexes outputs, not transactions, and reading a body from the node
//                        would need its block (a chain-sync walk) and Ogmios's --include-cbor
//   spentBy            → Kupo GET /matches/*@{txHash}: the output's spent_at.transaction_id
//                        (Kupo v2.10 on; null before, or while Kupo has not indexed the output)
//   lastOutputWith     → Kupo GET /matches/{policy}.{name}?resolve_hashes (every output that held
//                        it, spent or not); for a spent one (but a key-locked one Kupo names the
//                        spender of): Kupo GET /checkpoints/{slot − 1}, then Ogmios
//                        findIntersection + nextBlock to read the spending block (./spending.ts)
//   assetHistory       → Kupo GET /matches/{policy}.{name}?resolve_hashes (oldest first, by block,
//                        then transaction, then output), then GET /matches/*?spent in the slot of
//                        the oldest one's block: its transaction spent something, or Kupo is pruned
//   consumedBy         → Kupo GET /matches/*@{txHash} (the block of the transaction), then GET
//                        /matches/*?spent&spent_after={slot}&spent_before={slot}&resolve_hashes
//                        (what that block spent), those whose spent_at names the transaction
import { LedgerStateQuery, TransactionSubmission } from "@cardano-ogmios/client";
import type { EraSummary } from "@cardano-ogmios/schema";
import type { Network } from "../../config.js";
import { BadRequestError, NotFoundError } from "../../errors.js";
import type { ChainBackend, EpochInfo } from "../backend.js";
import type {
  AssetOutput,
  ChainParameters,
  HeldOutput,
  OutRef,
  RedeemerBudget,
  SpentBy,
  StakeAccount,
  Tip,
  TxStatus,
  UTxO,
} from "../port.js";
import { BackendError } from "../resilience/backend-error.js";
import { assetUnitOf, inLedgerOrder, paymentScriptHash, type AssetUnit } from "../shared/asset-output.js";
import { SerialQueue } from "../shared/queue.js";
import { SubmittedTransactions } from "../shared/submitted-transactions.js";
import { budgetsFromOgmios, utxoFromOgmios, utxosToOgmios } from "../shared/ogmios-wire.js";
import { KupoClient, utxoFromKupo, type KupoMatch, type KupoPoint } from "./kupo.js";
import { BACKEND, OgmiosConnection } from "./ogmios.js";
import { blockAfter, spendInBlock } from "./spending.js";
import { epochEnd, protocolFromOgmios, slotToTime, stakeAccountFromOgmios, summariesCover } from "./translate.js";
import { rewardCredential } from "../../cardano/address-rules.js";

const HEX64 = /^[0-9a-f]{64}$/;
const SPEND_CACHE_SIZE = 512;

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Whether match `a` was made after match `b` (later block, then later in the block). */
const newer = (a: KupoMatch, b: KupoMatch): boolean =>
  a.created_at.slot_no !== b.created_at.slot_no
    ? a.created_at.slot_no > b.created_at.slot_no
    : a.transaction_index !== b.transaction_index
      ? a.transaction_index > b.transaction_index
      : a.output_index > b.output_index;

export interface OgmiosKupoOptions {
  readonly network: Network;
  readonly ogmiosUrl: string;
  readonly kupoUrl: string;
  /** Sent as the Authorization header of Kupo's requests (KUPO_AUTHORIZATION). */
  readonly kupoAuthorization?: string;
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
  /** Chain-synchronisation reads move the connection's one cursor: one at a time. */
  readonly #chainSync = new SerialQueue();
  /** How an output was spent, by output and spending block (a block never changes; bounded, oldest dropped first). */
  readonly #spends = new Map<string, SpentBy>();
  /** Block header hash → its height, for the depth of transactions (see #depthOf). */
  readonly #heights = new Map<string, number>();
  /** The transactions this process submitted: the only bodies this backend can give. */
  readonly #submitted = new SubmittedTransactions();

  readonly #requestTimeoutMs: number;

  constructor(options: OgmiosKupoOptions) {
    this.network = options.network;
    this.#requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.#ogmios = new OgmiosConnection(options.ogmiosUrl, options.network);
    this.#kupo = new KupoClient(options.kupoUrl, this.#requestTimeoutMs, options.kupoAuthorization);
  }

  async tip(): Promise<Tip> {
    const point = await this.#ogmios.run("queryNetwork/tip", "query", (c) => LedgerStateQuery.networkTip(c));
    if (point === "origin")
      throw new BackendError(
        BACKEND,
        "server",
        "Ogmios queryNetwork/tip: the node is at the origin (not synchronised)",
      );
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
      if (!HEX64.test(txHash.toLowerCase()))
        throw new BadRequestError(`${txHash} is not a transaction id (64 hex digits).`);
    }
    const outputReferences = refs.map((r) => ({ transaction: { id: r.txHash.toLowerCase() }, index: r.index }));
    const entries = await this.#ogmios.run("queryLedgerState/utxo", "query", (c) =>
      LedgerStateQuery.utxo(c, { outputReferences }),
    );
    const order = new Map(refs.map((r, i) => [`${r.txHash.toLowerCase()}#${r.index}`, i]));
    const position = (u: UTxO): number => order.get(`${u.input.txHash}#${u.input.outputIndex}`) ?? -1;
    // Only what was asked for, in the order asked.
    const utxos = entries.map((e) => this.#translate("UTxO", () => utxoFromOgmios(e))).filter((u) => position(u) >= 0);
    return utxos.sort((a, b) => position(a) - position(b));
  }

  async evaluate(txCbor: string, additionalUtxos: readonly UTxO[] = []): Promise<RedeemerBudget[]> {
    const extra = additionalUtxos.length > 0 ? utxosToOgmios(additionalUtxos) : undefined;
    const result = await this.#ogmios.run("evaluateTransaction", "evaluate", (c) =>
      TransactionSubmission.evaluateTransaction(c, txCbor, extra),
    );
    return this.#translate("evaluation", () => budgetsFromOgmios(result));
  }

  async submit(txCbor: string): Promise<string> {
    const txId = await this.#ogmios.run("submitTransaction", "submit", (c) =>
      TransactionSubmission.submitTransaction(c, txCbor),
    );
    this.#submitted.accepted(txCbor, txId);
    return txId;
  }

  /** Only a transaction this process submitted: Kupo keeps no transaction bodies (see the header). */
  async transaction(txHash: string): Promise<string | null> {
    const id = txHash.toLowerCase();
    if (!HEX64.test(id)) throw new BadRequestError(`${txHash} is not a transaction id (64 hex digits).`);
    return this.#submitted.cborOf(id);
  }

  async spentBy(ref: OutRef): Promise<string | null> {
    const id = ref.txHash.toLowerCase();
    if (!HEX64.test(id)) throw new BadRequestError(`${ref.txHash} is not a transaction id (64 hex digits).`);
    const match = (await this.#kupo.outputsOf(id)).find((m) => m.output_index === ref.index);
    const spender = match?.spent_at?.transaction_id ?? null;
    return typeof spender === "string" && HEX64.test(spender) ? spender : null;
  }

  async txStatus(txHash: string): Promise<TxStatus> {
    const id = txHash.toLowerCase();
    if (!HEX64.test(id)) throw new BadRequestError(`${txHash} is not a transaction id (64 hex digits).`);
    const [match] = await this.#kupo.outputsOf(id);
    if (match) return { status: "confirmed", confirmations: await this.#depthOf(match.created_at) };
    const outputs = await this.#ogmios.run("queryLedgerState/utxo", "query", (c) =>
      LedgerStateQuery.utxo(c, { outputReferences: [{ transaction: { id }, index: 0 }] }),
    );
    return outputs.length > 0 ? { status: "confirmed", confirmations: null } : { status: "unknown" };
  }

  /** Blocks from `block` to the tip (1: the tip itself); null when the chain moved or Kupo has no block before it. */
  async #depthOf(block: KupoPoint): Promise<number | null> {
    let height = this.#heights.get(block.header_hash);
    if (height === undefined) {
      const parent = await this.#kupo.checkpointAtOrBefore(block.slot_no - 1);
      if (parent === null) return null;
      const point = { slot: parent.slot_no, id: parent.header_hash };
      const found = await this.#chainSync.run(() =>
        withTimeout(
          this.#ogmios.run("findIntersection + nextBlock", "query", (c) => blockAfter(c, point)),
          this.#requestTimeoutMs,
          () =>
            new BackendError(
              BACKEND,
              "timeout",
              `Ogmios findIntersection + nextBlock: no block in ${this.#requestTimeoutMs} ms`,
            ),
        ),
      );
      if (found.id !== block.header_hash || typeof found.height !== "number") return null;
      height = found.height;
      if (this.#heights.size >= SPEND_CACHE_SIZE) this.#heights.delete(this.#heights.keys().next().value as string);
      this.#heights.set(block.header_hash, height);
    }
    const tip = await this.#ogmios.run("queryNetwork/blockHeight", "query", (c) =>
      LedgerStateQuery.networkBlockHeight(c),
    );
    return typeof tip === "number" ? Math.max(1, tip - height + 1) : null;
  }

  async stakeAccount(rewardAddress: string): Promise<StakeAccount> {
    const credential = rewardCredential(rewardAddress);
    const filter = credential.kind === "key" ? { keys: [credential.hash] } : { scripts: [credential.hash] };
    const result = await this.#ogmios.run("queryLedgerState/rewardAccountSummaries", "query", (c) =>
      LedgerStateQuery.rewardAccountSummaries(c, filter),
    );
    return this.#translate("reward account summaries", () => stakeAccountFromOgmios(result, credential));
  }

  /** Every match Kupo has of an output holding a positive quantity of `asset`, spent or not. */
  async #holding(asset: AssetUnit): Promise<KupoMatch[]> {
    // Kupo writes an asset as "{policy}.{name}", or "{policy}" when the name is empty.
    const key = asset.assetName === "" ? asset.policyId : `${asset.policyId}.${asset.assetName}`;
    const matches = await this.#kupo.holdersOf(asset.policyId, asset.assetName);
    return this.#translate("Kupo matches", () =>
      matches.filter((m) => {
        const quantity = m.value.assets?.[key];
        if (quantity === undefined) return false;
        if (!/^\d+$/.test(String(quantity)))
          throw new Error(`the quantity of ${key} in ${m.transaction_id}#${m.output_index} is not a whole number`);
        return BigInt(quantity) > 0n;
      }),
    );
  }

  async lastOutputWith(unit: string): Promise<AssetOutput | null> {
    const holding = await this.#holding(assetUnitOf(unit));
    if (holding.length === 0) return null;
    const last = holding.reduce((latest, m) => (newer(m, latest) ? m : latest));
    const utxo = this.#translate("Kupo match", () => utxoFromKupo(last));
    return { utxo, spentBy: last.spent_at === null ? null : await this.#spentBy(last) };
  }

  /**
   * Kupo's matches of the asset, oldest first. The oldest one's transaction spent at least one
   * output: when Kupo holds none, it forgot them (pruned), and the history may lack older outputs too.
   */
  async assetHistory(unit: string): Promise<HeldOutput[]> {
    const holding = await this.#holding(assetUnitOf(unit));
    const oldestFirst = holding.sort((a, b) => (newer(a, b) ? 1 : newer(b, a) ? -1 : 0));
    const oldest = oldestFirst[0];
    if (oldest !== undefined) await this.#inputsOf(oldest.transaction_id, oldest.created_at.slot_no);
    return oldestFirst.map((m) => {
      const ref = `${m.transaction_id}#${m.output_index}`;
      return this.#translate("Kupo match", () => {
        const spender = m.spent_at === null ? null : (m.spent_at.transaction_id ?? undefined);
        if (spender === undefined || (spender !== null && !HEX64.test(spender)))
          throw new Error(`Kupo names no transaction that spent ${ref} (Kupo before v2.10 does not: upgrade it)`);
        return { utxo: utxoFromKupo(m), spentBy: spender };
      });
    });
  }

  async consumedBy(txHash: string): Promise<UTxO[]> {
    const id = txHash.toLowerCase();
    if (!HEX64.test(id)) throw new BadRequestError(`${txHash} is not a transaction id (64 hex digits).`);
    const [made] = await this.#kupo.outputsOf(id);
    if (made === undefined)
      throw new NotFoundError(
        `Kupo indexed no output of transaction ${id}: it is not on the chain, or Kupo's --match patterns do not cover its outputs (run Kupo with --match "*").`,
      );
    const spent = await this.#inputsOf(id, made.created_at.slot_no);
    const byRef = new Map(spent.map((m) => [`${m.transaction_id}#${m.output_index}`, m]));
    return inLedgerOrder(spent.map((m) => ({ txHash: m.transaction_id, index: m.output_index }))).map((ref) =>
      this.#translate("Kupo match", () => utxoFromKupo(byRef.get(`${ref.txHash}#${ref.index}`)!)),
    );
  }

  /** The matches transaction `txHash`, in the block of `slot`, spent; a refusal naming the fix when Kupo holds none. */
  async #inputsOf(txHash: string, slot: number): Promise<KupoMatch[]> {
    const spent = (await this.#kupo.spentIn(slot)).filter((m) => m.spent_at?.transaction_id === txHash);
    if (spent.length === 0)
      throw new BackendError(
        BACKEND,
        "refused",
        `Kupo knows none of the outputs transaction ${txHash} spent. Kupo keeps no spent outputs: run it without --prune-utxo, with --match "*" (every address), at v2.10 or later (it names the spending transaction).`,
      );
    return spent;
  }

  /** How a match Kupo marks spent was spent (see ./spending.ts). */
  async #spentBy(match: KupoMatch): Promise<SpentBy> {
    const spent = match.spent_at;
    if (spent === null) throw new Error("the match is unspent");
    const ref = { txHash: match.transaction_id, index: match.output_index };
    const named =
      typeof spent.transaction_id === "string" && HEX64.test(spent.transaction_id) ? spent.transaction_id : null;
    // A key spends without a redeemer: Kupo's spending transaction is all there is to know.
    if (named !== null && paymentScriptHash(match.address) === null) return { txHash: named, redeemer: null };
    const cacheKey = `${ref.txHash}#${ref.index}@${spent.header_hash}`;
    const cached = this.#spends.get(cacheKey);
    if (cached) return cached;
    const parent = await this.#kupo.checkpointAtOrBefore(spent.slot_no - 1);
    if (parent === null) {
      throw new BackendError(
        BACKEND,
        "refused",
        `Kupo has no block before slot ${spent.slot_no}, where ${ref.txHash}#${ref.index} was spent (it started indexing there): its spending redeemer cannot be read`,
      );
    }
    const point = { slot: parent.slot_no, id: parent.header_hash };
    // Bounded, so that an Ogmios that never answers cannot hold the queue of later reads.
    const block = await this.#chainSync.run(() =>
      withTimeout(
        this.#ogmios.run("findIntersection + nextBlock", "query", (c) => blockAfter(c, point)),
        this.#requestTimeoutMs,
        () =>
          new BackendError(
            BACKEND,
            "timeout",
            `Ogmios findIntersection + nextBlock: no block in ${this.#requestTimeoutMs} ms`,
          ),
      ),
    );
    const found = block.id === spent.header_hash ? spendInBlock(block, ref, named) : null;
    if (!found) {
      throw new BackendError(
        BACKEND,
        "server",
        `the block Ogmios has after slot ${parent.slot_no} (${block.id}) does not spend ${ref.txHash}#${ref.index} as Kupo says block ${spent.header_hash} does: the chain moved (a rollback)`,
      );
    }
    if (this.#spends.size >= SPEND_CACHE_SIZE) this.#spends.delete(this.#spends.keys().next().value as string);
    this.#spends.set(cacheKey, found);
    return found;
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
    if (!Number.isFinite(systemStart) || summaries.length === 0)
      throw new BackendError(BACKEND, "server", "Ogmios returned no system start or era summaries");
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
