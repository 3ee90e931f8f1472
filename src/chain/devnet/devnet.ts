// The embedded devnet: the Scalus Emulator validates each transaction behind the chain port; the
// ledger itself is the devnet's own. Its UTxO set lives in SQLite (one row per output, ./store.ts)
// and in memory (by input), both changed by what each accepted transaction spends and creates,
// read from the transaction itself; a restart reads the unspent rows back.
//
// The Scalus emulator (0.17) keeps its UTxO set as one immutable map whose only ways in and out
// are the whole set (withState, getUtxosCbor) and a scan by address (getUtxosForAddress): a
// long-lived emulator costs 1.5 s to start and ~300 MiB at 100,000 UTxOs, 70 ms a lookup by
// address, and serialising its set after each change is what made a submit slow as the ledger
// grew. So each submit validates in an emulator made for it (Emulator.withState) holding only the
// outputs the transaction names (inputs, collateral, reference inputs), the datums those outputs
// name by hash, and the stake state: its cost depends on the transaction, not on the ledger.
// One writer at a time: submits, faucet payments and clock moves go through one queue; the
// submits that arrive together are validated one after another and committed together, in one
// SQLite transaction (./pending-batch.ts), each answered once that commit is on disk. The stake
// state (registrations, pools, DReps, delegations) is the devnet's own, read from the
// certificates it accepts: see ./stake-state.ts for what the emulator leaves out.
import { renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import type { UTxO } from "../../cardano/types.js";
import { fromHex, splitTransaction, toHex, txIdOfBody, witnessDatums } from "../../cardano/tx-cbor.js";
import { utxoOfOutput } from "../../cardano/utxo.js";
import {
  BadRequestError,
  LedgerRejectedError,
  NotFoundError,
  StoreUnavailableError,
  UnprocessableError,
} from "../../errors.js";
import type {
  AssetOutput,
  ChainParameters,
  DevnetPort,
  DevnetRollback,
  DevnetStatus,
  HeldOutput,
  OutRef,
  RedeemerBudget,
  SnapshotInfo,
  StakeAccount,
  Tip,
  TxStatus,
} from "../port.js";
import { DEVNET_MAX_ROLLBACK } from "../port.js";
import { assetUnitOf, inLedgerOrder } from "../shared/asset-output.js";
import {
  assetOutputsOfBody,
  assetOutputsOfUtxoMap,
  collateralOfBody,
  inputsOfBody,
  spendsOf,
} from "./asset-history.js";
import { DEVNET_CHAIN_PARAMETERS, DEVNET_COST_MODELS, DEVNET_PROTOCOL_PARAMETERS } from "../protocol-params.js";
import { DevnetClock, SLOT_LENGTH_MS } from "./clock.js";
import { diskFaultError, diskProblem, isDiskFault } from "./disk-faults.js";
import { Faucet, GENESIS_LOVELACE, generateFaucetKey } from "./faucet.js";
import { exUnitsViolation } from "./limits.js";
import { DevnetStore, type AcceptedRow, type DevnetReadRows, type DevnetSnapshot } from "./store.js";
import {
  certificatesOfBody,
  delegateeViolation,
  emulatorStakeState,
  seededPoolCertificate,
  withDeposits,
} from "./stake-state.js";
import { chainAddress, rewardCredential } from "../../cardano/address-rules.js";
import type { Certificate, Credential } from "../../cardano/certificates.js";
import {
  createdOutputsOfBody,
  holdsAssets,
  inputCbor,
  outputDatumHash,
  resolvedInputsOf,
  utxoEntry,
  writeUtxoMap,
} from "./utxo-map.js";
import { base58 } from "@scure/base";
import { SerialQueue } from "../shared/queue.js";
import { DevnetSnapshots } from "./snapshots.js";
import { PendingBatch } from "./pending-batch.js";
import { EvaluationPool, type EvaluationPoolOptions } from "../shared/evaluation-pool.js";
import { maxTxExUnits } from "../protocol-params.js";
import { loadScalus, type Scalus } from "../shared/scalus-bundle.js";

type Emulator = InstanceType<Scalus["Emulator"]>;

/** The most transactions validated and committed together (the event loop waits for one batch). */
const MAX_BATCH = 32;

interface Submission {
  readonly txCbor: string;
  readonly resolve: (txHash: string) => void;
  readonly reject: (error: unknown) => void;
}

export interface DevnetOptions {
  /** The SQLite file that holds the devnet's state; `:memory:` for a devnet that forgets. */
  readonly path: string;
  /** The wall clock (tests). */
  readonly now?: () => number;
  /** The worker threads that run Plutus scripts (EVALUATION_WORKERS, EVALUATION_QUEUE). */
  readonly evaluation?: EvaluationPoolOptions;
  /** The system start of a new devnet (a reset keeps the era history); default: one slot before now. */
  readonly genesisStartMs?: number;
}

export class DevnetChain implements DevnetPort {
  readonly network = "devnet" as const;
  readonly backendName = "devnet";
  readonly systemStartMs: number;
  // Replaced together when the whole state is (replaceState: a reset, a snapshot's restore).
  #store: DevnetStore;
  readonly #clock: DevnetClock;
  #faucet: Faucet;
  /** The emulator's slot times; made with the first emulator (Scalus is loaded when first needed: ../shared/scalus-bundle.ts). */
  #slotConfig: InstanceType<Scalus["SlotConfig"]> | null = null;
  readonly #queue = new SerialQueue();
  /** Submits waiting for the next drain (in the write queue). */
  readonly #incoming: Submission[] = [];
  /** Where evaluate() runs the scripts, off the event loop; its workers start with the first evaluation. */
  readonly #evaluator: EvaluationPool;
  /**
   * The UTxO set by input (CBOR hex → output CBOR): read from the store's unspent rows at start,
   * then changed by each accepted transaction once it is on disk.
   */
  readonly #utxoIndex = new Map<string, Uint8Array>();
  /** The stake state in Emulator.withState's terms, read from the store again after a change. */
  #stake: ReturnType<typeof emulatorStakeState> | null = null;
  #closed = false;
  readonly #snapshots = new DevnetSnapshots(this);
  /** Where the store's file lives, for messages about its disk. */
  readonly #dir: string;
  /** What the last failed write said of the disk (full, failing), until a write succeeds again; null when fine. */
  #diskFault: string | null = null;

  private constructor(
    store: DevnetStore,
    snapshot: DevnetSnapshot,
    faucet: Faucet,
    now: () => number,
    dir: string,
    evaluation?: EvaluationPoolOptions,
  ) {
    this.#store = store;
    this.#evaluator = new EvaluationPool(evaluation);
    this.#dir = dir;
    this.systemStartMs = snapshot.systemStartMs;
    this.#clock = new DevnetClock(snapshot.systemStartMs, snapshot.offsetSeconds, snapshot.slot, now);
    this.#faucet = faucet;
    for (const [input, output] of store.unspentByInput()) this.#utxoIndex.set(input, output);
  }

  /** Opens the devnet saved at `options.path`, or starts a new one there. */
  static async create(options: DevnetOptions): Promise<DevnetChain> {
    const now = options.now ?? Date.now;
    const store = DevnetStore.open(options.path);
    try {
      let snapshot = store.load();
      if (!snapshot) {
        const faucetKey = generateFaucetKey();
        const faucet = await Faucet.create(faucetKey);
        // One slot in the past, so the tip is never slot 0: Mesh writes no validity start of 0
        // (it tests the number for truth), and the tournament contract needs a lower bound.
        const systemStartMs = options.genesisStartMs ?? (Math.floor(now() / SLOT_LENGTH_MS) - 1) * SLOT_LENGTH_MS;
        const { Emulator, SlotConfig } = loadScalus();
        const genesis = Emulator.withAddresses(
          [faucet.address],
          new SlotConfig(systemStartMs, 0, SLOT_LENGTH_MS),
          GENESIS_LOVELACE,
        );
        store.saveGenesis({ systemStartMs, faucetKey, utxos: genesis.getUtxosCbor() });
        snapshot = store.load();
        if (!snapshot) throw new Error("the devnet genesis was not saved");
        return new DevnetChain(store, snapshot, faucet, now, dirOf(options.path), options.evaluation);
      }
      // A devnet saved before the asset history existed: its current asset holders are indexed
      // (what was spent before cannot be recovered).
      const chain = new DevnetChain(
        store,
        snapshot,
        await Faucet.create(snapshot.faucetKey),
        now,
        dirOf(options.path),
        options.evaluation,
      );
      if (store.assetHistoryIsNew) store.backfillAssetOutputs(assetOutputsOfUtxoMap(writeUtxoMap(chain.#utxoIndex)));
      return chain;
    } catch (error) {
      store.close();
      throw error;
    }
  }

  /** The devnet of a data directory: DATA_DIR/devnet.sqlite. */
  static inDataDir(dataDir: string, evaluation?: EvaluationPoolOptions): Promise<DevnetChain> {
    return DevnetChain.create({ path: join(dataDir, "devnet.sqlite"), ...(evaluation ? { evaluation } : {}) });
  }

  /** The faucet's address (genesis funds sit there). */
  get faucetAddress(): string {
    return this.#faucet.address;
  }

  /** The number of unspent outputs in the ledger (GET /metrics). */
  utxoCount(): number {
    return this.#utxoIndex.size;
  }

  /**
   * Null when the disk takes the devnet's writes; else what is wrong with it (health reports it).
   * After a failed write, each call tries a small write, so that health recovers as soon as the
   * operator frees space, without waiting for a client to submit again.
   */
  storageProblem(): Promise<string | null> {
    if (this.#diskFault === null || this.#closed) return Promise.resolve(this.#diskFault);
    return this.#queue.run(() => {
      try {
        this.#persist("a health check", () => this.#store.saveProbe(Date.now()));
      } catch {
        // #persist kept the fault
      }
      return this.#diskFault;
    });
  }

  /**
   * Runs a write of the store: a full or failing disk becomes a 503 naming it (remembered for
   * health until a write succeeds), anything else is thrown as it is.
   */
  #persist<T>(what: string, write: () => T): T {
    try {
      const result = write();
      this.#diskFault = null;
      return result;
    } catch (error) {
      if (!isDiskFault(error)) throw error;
      this.#diskFault = diskProblem(this.#dir, error);
      throw diskFaultError(what, this.#diskFault);
    }
  }

  /**
   * An emulator for one transaction: the outputs it names that the ledger holds (as `batch`, the
   * transactions accepted before it and not yet committed, leaves it), the datums those outputs
   * name by hash (as the witness sets of accepted transactions gave them), the stake state.
   */
  #emulatorFor(tx: Uint8Array, batch: PendingBatch): Emulator {
    const resolved = new Map<string, Uint8Array>();
    const datums: Array<{ hash: string; datum: string }> = [];
    for (const input of resolvedInputsOf(tx)) {
      const output = batch.output(input, this.#utxoIndex);
      if (!output || resolved.has(input)) continue;
      resolved.set(input, output);
      const hash = outputDatumHash(output);
      const datum = hash === null ? null : (batch.datum(hash) ?? this.#store.datum(hash));
      if (hash !== null && datum !== null) datums.push({ hash, datum });
    }
    this.#stake ??= emulatorStakeState(this.#store.stakeState());
    const { Emulator, SlotConfig } = loadScalus();
    this.#slotConfig ??= new SlotConfig(this.systemStartMs, 0, SLOT_LENGTH_MS);
    return Emulator.withState({ utxos: writeUtxoMap(resolved), datums, ...this.#stake }, this.#slotConfig);
  }

  #tipAt(slot: number): Tip {
    return { slot, time: this.#clock.timeOf(slot) };
  }

  async tip(): Promise<Tip> {
    return this.#tipAt(this.#clock.slot());
  }

  /** Fixed: the emulator's parameters and the cost models its evaluation and submit apply. */
  async protocolParameters(): Promise<ChainParameters> {
    return { ...DEVNET_CHAIN_PARAMETERS };
  }

  /** One index range of the store (the ledger's outputs by address). */
  async utxosAt(address: string): Promise<UTxO[]> {
    const bytes = addressBytesOf(address);
    if (bytes === null) return [];
    return this.#store.unspentAt(bytes).map((u) => utxoOfOutput(u.txHash, u.index, u.output));
  }

  async utxosByRef(refs: readonly OutRef[]): Promise<UTxO[]> {
    if (refs.length === 0) return [];
    const utxos = this.#utxoIndex;
    return refs.flatMap((r) => {
      const output = utxos.get(inputCbor(r.txHash, r.index));
      return output ? [utxoOfOutput(r.txHash, r.index, output)] : [];
    });
  }

  /** One indexed lookup in the asset history the devnet keeps on disk (./asset-history.ts). */
  /** From the stake state the devnet keeps (./stake-state.ts): the emulator tells no registration nor DRep. */
  async stakeAccount(rewardAddress: string): Promise<StakeAccount> {
    return this.#store.stakeAccount(rewardCredential(rewardAddress));
  }

  async lastOutputWith(unit: string): Promise<AssetOutput | null> {
    const stored = this.#store.lastAssetOutput(assetUnitOf(unit).unit);
    if (!stored) return null;
    return {
      utxo: utxoOfOutput(stored.txHash, stored.index, stored.output),
      spentBy: stored.spentBy === null ? null : { txHash: stored.spentBy, redeemer: stored.redeemer },
    };
  }

  /** From the asset history the devnet keeps on disk (./asset-history.ts): one indexed read. */
  async assetHistory(unit: string): Promise<HeldOutput[]> {
    return this.#store.assetOutputs(assetUnitOf(unit).unit).map((stored) => ({
      utxo: utxoOfOutput(stored.txHash, stored.index, stored.output),
      spentBy: stored.spentBy,
    }));
  }

  /** The inputs of the accepted transaction's body, each read from the outputs the devnet keeps (spent ones included). */
  async consumedBy(txHash: string): Promise<UTxO[]> {
    const id = txHash.toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(id)) throw new BadRequestError(`${txHash} is not a transaction id (64 hex digits).`);
    const cbor = this.#store.txCbor(id);
    if (cbor === null) {
      if (this.#store.hasTx(id))
        throw new UnprocessableError(
          `The devnet accepted ${id} before it kept transaction bodies: which outputs it spent is not known.`,
        );
      throw new NotFoundError(`The devnet accepted no transaction ${id}.`);
    }
    return inLedgerOrder(inputsOfBody(splitTransaction(cbor).body)).map((ref) => {
      const output = this.#store.output(ref);
      if (output === null)
        throw new UnprocessableError(
          `The devnet no longer holds ${ref.txHash}#${ref.index}, which ${id} spent (spent before it kept spent outputs).`,
        );
      return utxoOfOutput(ref.txHash, ref.index, output);
    });
  }

  async evaluate(txCbor: string, additionalUtxos: readonly UTxO[] = []): Promise<RedeemerBudget[]> {
    // Only the inputs the transaction names, resolved: the evaluation costs the same however large the ledger.
    // The ledger's own bytes where it holds the input; a given UTxO is encoded only when it is
    // not on the ledger yet (an output of a transaction not submitted).
    const utxos = this.#utxoIndex;
    let given: Map<string, Uint8Array> | undefined;
    const givenEntry = (input: string) => (given ??= new Map(additionalUtxos.map(utxoEntry))).get(input);
    const resolved = new Map<string, Uint8Array>();
    let inputs: string[] = [];
    try {
      inputs = resolvedInputsOf(fromHex(txCbor));
    } catch {
      // Not a transaction: the evaluator says so in its own words below.
    }
    for (const input of inputs) {
      const output = utxos.get(input) ?? givenEntry(input);
      if (output) resolved.set(input, output);
    }
    // In a worker thread, each script stopped at the ledger's per-transaction budget (a 400 past it).
    return this.#evaluator.evaluate({
      txCbor,
      utxoMap: writeUtxoMap(resolved),
      slots: { zeroTimeMs: this.systemStartMs, zeroSlot: 0, slotLengthMs: SLOT_LENGTH_MS },
      costModels: DEVNET_COST_MODELS,
      limit: maxTxExUnits(DEVNET_PROTOCOL_PARAMETERS),
    });
  }

  /**
   * Queues the transaction: the submits that arrive together are validated one after another, in
   * their order, and those accepted are committed together (#drain); the answer comes once the
   * transaction is on disk.
   */
  submit(txCbor: string): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      this.#incoming.push({ txCbor, resolve, reject });
      if (this.#incoming.length === 1) this.#scheduleDrain();
    });
  }

  /**
   * A drain in the write queue, after the I/O callbacks of this turn of the event loop (so that the
   * requests read together are validated and committed together).
   */
  #scheduleDrain(): void {
    setImmediate(() => void this.#queue.run(() => this.#drain()));
  }

  /** The emulator has no blocks: a transaction's depth is the slots since it was accepted, plus one. */
  async txStatus(txHash: string): Promise<TxStatus> {
    const slot = this.#store.txSlot(txHash.toLowerCase());
    if (slot === null) return { status: "unknown" };
    return { status: "confirmed", confirmations: Math.max(1, this.#clock.slot() - slot + 1) };
  }

  /** Every transaction the devnet accepted, as submitted (a store older than this record has none of its earlier ones). */
  async transaction(txHash: string): Promise<string | null> {
    const cbor = this.#store.txCbor(txHash.toLowerCase());
    return cbor === null ? null : toHex(cbor);
  }

  /** From the spends the devnet records as it accepts transactions. */
  async spentBy(ref: OutRef): Promise<string | null> {
    return this.#store.spender({ txHash: ref.txHash.toLowerCase(), index: ref.index });
  }

  /** The transactions accepted after number `seq`, oldest first, at most `limit` (the store's acceptedAfter). */
  acceptedAfter(seq: number, limit: number): AcceptedRow[] {
    return this.#store.acceptedAfter(seq, limit);
  }

  /** The rows the Blockfrost-compatible read model answers from (src/devnet-index/): the current store's, a reset's too. */
  get readRows(): DevnetReadRows {
    return this.#store;
  }

  /** The transactions a rollback dropped while the last accepted one was numbered `from` to `through`, not accepted since (the events follower's tx.expired). */
  droppedBetween(from: number, through: number): string[] {
    return this.#store.droppedBetween(from, through);
  }

  /** The id of the transaction accepted as number `seq`, or null. */
  txHashAt(seq: number): string | null {
    return this.#store.txHashAt(seq);
  }

  /** A datum a transaction carried in its witness set, by its hash (CBOR hex), or null. */
  witnessDatum(hash: string): string | null {
    return this.#store.witnessDatum(hash.toLowerCase());
  }

  faucet(address: string, lovelace: bigint): Promise<string> {
    return this.#queue.run(async () => {
      const signed = await this.#faucet.pay(address, lovelace, await this.utxosAt(this.#faucet.address));
      const batch = new PendingBatch();
      const txHash = this.#validate(signed, batch);
      this.#commit(batch);
      return txHash;
    });
  }

  async advance(seconds: number): Promise<Tip> {
    if (!Number.isSafeInteger(seconds) || seconds < 0)
      throw new BadRequestError("seconds must be a non-negative whole number.");
    return this.#queue.run(() => {
      const slot = this.#clock.advance(seconds);
      this.#persist("the new time", () => this.#store.saveClock(this.#clock.offsetSeconds, slot));
      return this.#tipAt(slot);
    });
  }

  /**
   * Registers a pool by its operator's key hash, with a certificate nobody signed
   * (seededPoolCertificate) and no deposit; the next submit's emulator has it. False when the pool is registered already (by a certificate or seeded).
   */
  seedPool(keyHash: string): Promise<boolean> {
    const pool = keyHash.toLowerCase();
    return this.#queue.run(() =>
      this.#seed(() =>
        this.#store.seedPool(pool, seededPoolCertificate(pool, BigInt(DEVNET_PROTOCOL_PARAMETERS.minPoolCost))),
      ),
    );
  }

  /** Registers a key or script DRep by its credential, with no deposit; likewise. */
  seedDRep(drep: Credential): Promise<boolean> {
    return this.#queue.run(() =>
      this.#seed(() => this.#store.seedDRep({ kind: drep.kind, hash: drep.hash.toLowerCase() })),
    );
  }

  /** Runs a seeding write (inside the queue); when it registered something, the stake state is read again. */
  #seed(write: () => boolean): boolean {
    if (this.#closed) throw new Error("the devnet is closed");
    const created = this.#persist("the registration", write);
    if (created) this.#stake = null;
    return created;
  }

  // ── Reset and snapshots (./snapshots.ts): the whole state replaced, in the write queue ──

  /** The SQLite file of the devnet's state (`:memory:` for one that forgets). */
  get statePath(): string {
    return this.#store.path;
  }

  async status(): Promise<DevnetStatus> {
    return {
      systemStartMs: this.systemStartMs,
      slotLengthMs: SLOT_LENGTH_MS,
      tip: await this.tip(),
      faucetAddress: this.#faucet.address,
      utxoCount: this.utxoCount(),
    };
  }

  /** Runs `task` in the write queue: no transaction is applied meanwhile (a snapshot reads the state's file). */
  whileIdle<T>(task: () => T | Promise<T>): Promise<T> {
    return this.#queue.run(() => {
      if (this.#closed) throw new Error("the devnet is closed");
      return task();
    });
  }

  /**
   * Replaces the whole state by another file of the store, as a restart on it would: in the write
   * queue, `prepare` writes the new file beside the state's (at the path it is given) and answers
   * the slot to resume at (then the wall clock again; undefined: the file's own clock), which is
   * saved in it; it is renamed over the state's file (atomic: a crash leaves one or the other),
   * and the devnet reopens from it. The system start (the era history) never changes.
   */
  replaceState(prepare: (path: string) => Promise<number | undefined>): Promise<DevnetStatus> {
    return this.whileIdle(async () => {
      const path = this.#store.path;
      if (path === ":memory:")
        throw new UnprocessableError(
          "This devnet keeps its state in memory (no DATA_DIR file): it cannot be replaced.",
        );
      const prepared = `${path}.replacing`;
      const discard = () => {
        for (const file of [prepared, `${prepared}-wal`, `${prepared}-shm`, `${prepared}-journal`])
          rmSync(file, { force: true });
      };
      discard();
      try {
        const resumeAt = await prepare(prepared);
        const incoming = DevnetStore.open(prepared);
        try {
          if (resumeAt !== undefined) incoming.saveClock(this.#clock.offsetFor(resumeAt), resumeAt);
        } finally {
          incoming.close();
        }
      } catch (error) {
        // Nothing was replaced yet: the devnet goes on as it was.
        discard();
        if (!isDiskFault(error)) throw error;
        throw new StoreUnavailableError(
          `The devnet could not write its new state: ${diskProblem(this.#dir, error)}. It is unchanged; free space under the data directory (DATA_DIR) and try again.`,
        );
      }
      // From here to the new emulator nothing awaits: reads between two requests see the old state or the new one.
      this.#store.close();
      try {
        renameSync(prepared, path);
      } finally {
        this.#store = DevnetStore.open(path);
      }
      const snapshot = this.#store.load();
      if (!snapshot || snapshot.systemStartMs !== this.systemStartMs)
        throw new Error(`the replaced devnet state at ${path} is not of this devnet`);
      this.#clock.resume(snapshot.offsetSeconds, snapshot.slot);
      this.#utxoIndex.clear();
      for (const [input, output] of this.#store.unspentByInput()) this.#utxoIndex.set(input, output);
      this.#stake = null;
      this.#diskFault = null;
      this.#faucet = await Faucet.create(snapshot.faucetKey);
      return this.status();
    });
  }

  /** A new genesis in the same file: a new faucet key funded anew, the clock on wall time, the system start kept. */
  reset(): Promise<DevnetStatus> {
    return this.replaceState(async (path) => {
      const genesis = await DevnetChain.create({ path, genesisStartMs: this.systemStartMs });
      await genesis.close();
      return undefined;
    });
  }

  /**
   * Undoes the last `blocks` non-empty blocks (runs of transactions accepted at one slot), in the
   * write queue and in one store transaction: their outputs go, the outputs they spent are
   * unspent again, their rows leave the history. The clock does not go back: it moves to the slot
   * after the last block undone if it is not past it already, and the transactions are validated
   * again there, in their order (against the ledger as those before them leave it); those the
   * ledger refuses now (validity interval over, inputs spent meanwhile) expire (devnet_dropped
   * tells the events follower). Refused: a block with certificates (the stake state is not
   * journaled) or a transaction without its body (accepted before bodies were kept), and more
   * blocks than the devnet has.
   */
  rollback(blocks: number): Promise<DevnetRollback> {
    if (!Number.isSafeInteger(blocks) || blocks < 1 || blocks > DEVNET_MAX_ROLLBACK)
      throw new BadRequestError(`blocks must be a whole number from 1 to ${DEVNET_MAX_ROLLBACK}.`);
    return this.#queue.run(() => {
      if (this.#closed) throw new Error("the devnet is closed");
      const { slots, rows } = this.#store.lastBlocks(blocks);
      if (slots.length < blocks)
        throw new UnprocessableError(
          `The devnet holds ${slots.length} non-empty block${slots.length === 1 ? "" : "s"}: it cannot roll back ${blocks}.`,
        );
      const txs = rows.map((row) => {
        if (row.cbor === null)
          throw new UnprocessableError(
            `Block ${row.slot} holds ${row.txHash}, accepted before the devnet kept transaction bodies: it cannot be rolled back.`,
          );
        const { body, rest } = splitTransaction(row.cbor);
        if (certificatesOfBody(body).length > 0)
          throw new UnprocessableError(
            `Block ${row.slot} holds ${row.txHash}, which carries certificates: the devnet does not journal the stake state, so it cannot roll back over that block.`,
          );
        const valid = !(rest[0]?.length === 1 && rest[0][0] === 0xf4);
        return { ...row, cbor: row.cbor, spent: valid ? inputsOfBody(body) : collateralOfBody(body) };
      });
      const before = { offset: this.#clock.offsetSeconds, slot: this.#clock.slot() };
      try {
        return this.#persist("the rollback", () =>
          this.#store.inTransaction(() => {
            const change = this.#store.undoAccepted(txs[0]!.seq, txs);
            for (const { txHash, index } of change.removed) this.#utxoIndex.delete(inputCbor(txHash, index));
            for (const { txHash, index, output } of change.restored)
              this.#utxoIndex.set(inputCbor(txHash, index), new Uint8Array(output));
            const last = slots[slots.length - 1]!;
            if (this.#clock.slot() <= last) this.#clock.advance(last + 1 - this.#clock.slot());
            const slot = this.#clock.slot();
            this.#store.saveClock(this.#clock.offsetSeconds, slot);
            const batch = new PendingBatch();
            const expired: Array<{ txHash: string; reason: string }> = [];
            for (const tx of txs) {
              try {
                this.#validate(toHex(tx.cbor), batch);
              } catch (error) {
                expired.push({ txHash: tx.txHash, reason: (error as Error).message });
              }
            }
            this.#commit(batch);
            this.#store.saveDropped(expired.map((e) => e.txHash));
            return {
              rolledBack: txs.map((t) => ({ txHash: t.txHash, slot: t.slot })),
              reapplied: batch.txs.map((t) => t.txHash),
              expired,
              slot,
              tip: this.#tipAt(slot),
            };
          }),
        );
      } catch (error) {
        // Nothing was written: the memory goes back to what the store holds.
        this.#clock.resume(before.offset, before.slot);
        this.#utxoIndex.clear();
        for (const [input, output] of this.#store.unspentByInput()) this.#utxoIndex.set(input, output);
        throw error;
      }
    });
  }

  saveSnapshot(name: string, options: { readonly overwrite: boolean; readonly limit: number }): Promise<SnapshotInfo> {
    return this.#snapshots.save(name, options);
  }

  snapshots(): Promise<SnapshotInfo[]> {
    return this.#snapshots.list();
  }

  restoreSnapshot(name: string): Promise<DevnetStatus> {
    return this.#snapshots.restore(name);
  }

  deleteSnapshot(name: string): Promise<SnapshotInfo> {
    return this.#snapshots.delete(name);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#evaluator.close();
    await this.#queue.run(() => undefined);
    this.#store.close();
  }

  /**
   * Validates the submits waiting (at most MAX_BATCH), in the order they came, each against the
   * ledger as those accepted before it leave it, and commits the accepted ones together; runs in
   * the write queue. A refused transaction is answered at once; an accepted one after its commit.
   */
  #drain(): void {
    const submissions = this.#incoming.splice(0, MAX_BATCH);
    if (this.#incoming.length > 0) this.#scheduleDrain();
    let batch = new PendingBatch();
    for (const submission of submissions) {
      try {
        const txHash = this.#validate(submission.txCbor, batch);
        // One the ledger held already is answered now; one of the batch after its commit.
        if (batch.holds(txHash)) batch.waiters.push({ txHash, resolve: submission.resolve, reject: submission.reject });
        else submission.resolve(txHash);
      } catch (error) {
        submission.reject(error);
      }
      if (batch.mustCommit) {
        this.#commitAndAnswer(batch);
        batch = new PendingBatch();
      }
    }
    this.#commitAndAnswer(batch);
  }

  #commitAndAnswer(batch: PendingBatch): void {
    try {
      this.#commit(batch);
    } catch (error) {
      for (const waiter of batch.waiters) waiter.reject(error);
      return;
    }
    for (const waiter of batch.waiters) waiter.resolve(waiter.txHash);
  }

  /**
   * Writes the batch's transactions in one SQLite transaction, then applies them to the UTxO index
   * in their order. Not on disk, so not accepted: a failed write changes nothing in memory either.
   */
  #commit(batch: PendingBatch): void {
    if (batch.txs.length === 0) return;
    const store = this.#store;
    this.#persist(batch.txs.length === 1 ? "the transaction" : "the transactions", () =>
      store.inTransaction(() => {
        for (const tx of batch.txs) {
          // How it spent outputs of the asset history (the redeemer of each), read after the
          // transactions of the batch before it are written.
          const assetSpends = tx.valid
            ? spendsOf(tx.txHash, tx.inputs, tx.witnessSet, store.assetOutputsAmong(tx.inputs))
            : [];
          store.saveAccepted({ ...tx, assetSpends });
        }
      }),
    );
    batch.applyTo(this.#utxoIndex);
    if (batch.txs.some((tx) => (tx.certificates ?? []).length > 0)) this.#stake = null;
  }

  /**
   * Validates one transaction against the ledger as `batch` leaves it and, when the ledger
   * accepts it, adds it to the batch; answers its id (also for one the ledger or the batch holds
   * already: a submit is idempotent). Throws the ledger's refusal.
   */
  #validate(txCbor: string, batch: PendingBatch): string {
    if (this.#closed) throw new Error("the devnet is closed");
    const bytes = fromHex(txCbor);
    let parts;
    try {
      parts = splitTransaction(bytes);
    } catch (error) {
      throw new LedgerRejectedError(`the transaction does not decode: ${(error as Error).message}.`);
    }
    const txHash = txIdOfBody(parts.body);
    if (batch.holds(txHash) || this.#store.hasTx(txHash)) return txHash;

    let violation: string | null;
    let datums: Array<{ hash: string; datum: string }>;
    let inputs: OutRef[];
    let certificates: Certificate[];
    try {
      violation = exUnitsViolation(parts.witnessSet, DEVNET_PROTOCOL_PARAMETERS);
      datums = witnessDatums(parts.witnessSet);
      inputs = inputsOfBody(parts.body);
      certificates = certificatesOfBody(parts.body);
    } catch (error) {
      throw new LedgerRejectedError(
        `the transaction body or witness set does not decode: ${(error as Error).message}.`,
      );
    }
    violation ??= delegateeViolation(certificates, this.#store);
    if (violation) throw new LedgerRejectedError(violation);

    const slot = this.#clock.slot();
    let result;
    try {
      const emulator = this.#emulatorFor(bytes, batch);
      emulator.setSlot(slot);
      result = emulator.submitTx(bytes);
    } catch (error) {
      // The emulator throws (rather than answering) on CBOR it cannot read as a transaction.
      // (Qga: the message field of the Scala.js exception it throws.)
      const reason = (error as { Qga?: string }).Qga ?? (error as Error).message;
      throw new LedgerRejectedError(`the transaction does not decode as the ledger reads it (${reason}).`);
    }
    if (!result.isSuccess) {
      const logs = result.logs && result.logs.length > 0 ? ` Script logs: ${result.logs.join(" | ")}` : "";
      throw new LedgerRejectedError(`${result.error ?? "no reason given"}${logs}`);
    }
    if (result.txHash !== undefined && result.txHash !== txHash) {
      throw new Error(`the emulator accepted ${result.txHash} but the body hashes to ${txHash}`);
    }
    // What it changes: the outputs it spends and creates (its inputs and outputs; when it is marked
    // invalid, is_valid false, its collateral and collateral return), read from its own bytes.
    // The asset history: outputs holding native assets, and how this transaction spent any such
    // output (read at the commit). An invalid transaction's collateral moves are not recorded there.
    const valid = !(parts.rest[0]?.length === 1 && parts.rest[0][0] === 0xf4);
    const created = createdOutputsOfBody(parts.body, valid);
    batch.add({
      txHash,
      slot,
      created,
      datums,
      assetOutputs: valid && created.some((c) => holdsAssets(c.output)) ? assetOutputsOfBody(txHash, parts.body) : [],
      certificates: valid ? withDeposits(certificates, BigInt(DEVNET_PROTOCOL_PARAMETERS.keyDeposit)) : [],
      cbor: bytes,
      spent: valid ? inputs : collateralOfBody(parts.body),
      inputs,
      witnessSet: parts.witnessSet,
      valid,
    });
    return txHash;
  }
}

/** The bytes of an address's text (bech32, or base58 for Byron); null when it is neither. */
function addressBytesOf(address: string): Uint8Array | null {
  const read = chainAddress(address);
  if (read !== null && read.type !== "byron") return read.bytes;
  try {
    return base58.decode(address); // a Byron address's bytes as written, not its canonical form
  } catch {
    return null;
  }
}

/** The directory of a store's file (the data directory), or the path itself for `:memory:`. */
const dirOf = (path: string): string => (path === ":memory:" ? path : dirname(path));
