// A real ledger for the fake Blockfrost, Ogmios and Kupo servers to answer from: the project's
// embedded devnet (the Scalus emulator) plus the little history a chain indexer keeps and the
// emulator does not (which transaction made or spent an output, and when). Every transaction goes
// through `submit`, the faucet's payments included, so that history is complete; what the fakes
// serve is read from the ledger or from that history, never made up.
//
// The devnet's clock is set so that its slots are preprod's: its system start is the instant
// preprod's slot 0 would have begun had every slot lasted one second (preprod's Shelley start
// minus 86,400 one-second slots), so that from the Shelley era on, slot N of the devnet begins
// when slot N of preprod begins, and the service's preprod era history converts the fake's tip and
// validity bounds as the ledger does.
// The emulator has no blocks: each slot stands for a block (its height the slot number) whose
// hash is derived from the slot, until a test forks the chain (fork()): the last blocks then get
// new hashes, their transactions staying where they are (a fork that included the same
// transactions), so that the followers see a rollback to the common ancestor and new blocks.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { UTxO } from "@meshsdk/common";
import { HexBlob, Script, Serialization, TxCBOR } from "@meshsdk/core-cst";
import { DevnetChain } from "../../../src/chain/devnet/devnet.js";
import { Faucet } from "../../../src/chain/devnet/faucet.js";
import { DevnetStore } from "../../../src/chain/devnet/store.js";
import type { OutRef, RedeemerBudget, Tip } from "../../../src/chain/port.js";
import { PUBLIC_ERAS } from "../../../src/cardano/era-history.js";
import { blockHashOf as blockHashOfSlot } from "../../../src/devnet-index/blocks.js";

const [byron, shelley] = PUBLIC_ERAS.preprod;
if (!byron || !shelley) throw new Error("preprod's era history has a Byron and a Shelley era");
/** Unix ms at which preprod's slot 0 would have begun with 1-second slots all along. */
export const PREPROD_ONE_SECOND_ORIGIN_MS = shelley.startMs - shelley.startSlot * 1000;
/** Preprod's Shelley-era epochs: 432,000 slots from epoch 4 at slot 86,400 (its genesis files). */
export const PREPROD_EPOCH = { length: 432_000, firstShelleyEpoch: 4, firstShelleySlot: shelley.startSlot } as const;

export interface EpochSpan {
  readonly epoch: number;
  readonly startSlot: number;
  /** The first slot of the next epoch. */
  readonly endSlot: number;
}

export function epochOfSlot(slot: number): EpochSpan {
  const { length, firstShelleyEpoch, firstShelleySlot } = PREPROD_EPOCH;
  if (slot < firstShelleySlot)
    throw new Error(`slot ${slot} is in preprod's Byron era, which the live ledger never reaches`);
  const n = Math.floor((slot - firstShelleySlot) / length);
  const startSlot = firstShelleySlot + n * length;
  return { epoch: firstShelleyEpoch + n, startSlot, endSlot: startSlot + length };
}

/** The hash standing for the block of `slot` (the emulator has no blocks): the devnet's own convention. */
export { blockHashOf } from "../../../src/devnet-index/blocks.js";

/** A fork of the ledger's chain: the blocks after `ancestor` up to `tip` (the tip then) were replaced. */
export interface Fork {
  readonly ancestor: number;
  readonly tip: number;
}

export interface Spend {
  readonly txHash: string;
  readonly slot: number;
  /** Its position in the spending transaction's input set, as the ledger orders it (by id, then index). */
  readonly inputIndex: number;
  /** How many inputs the spending transaction has. */
  readonly inputCount: number;
}

/** A redeemer of an accepted transaction. */
export interface RedeemerRecord {
  readonly tag: RedeemerBudget["tag"];
  readonly index: number;
  /** Its Plutus data, CBOR hex, as the transaction encoded it. */
  readonly data: string;
  readonly mem: number;
  readonly steps: number;
}

/** A transaction the ledger accepted, as an indexer remembers it. */
export interface TxRecord {
  readonly hash: string;
  readonly cbor: string;
  readonly slot: number;
  /** Position among all accepted transactions (the block height, one transaction per block). */
  readonly height: number;
  /** The outputs it spent, as they were on the ledger before it. */
  readonly inputs: readonly UTxO[];
  /** Its outputs as the ledger holds them after it. */
  readonly outputs: readonly UTxO[];
  /** Output index → the transaction that spent it. */
  readonly spentBy: Map<number, Spend>;
  readonly fee: bigint;
  readonly size: number;
  readonly invalidBefore: number | undefined;
  readonly invalidHereafter: number | undefined;
  readonly redeemers: number;
  /** Its redeemers, in the witness set's order. */
  readonly redeemerList: readonly RedeemerRecord[];
  /** Its inputs' references in the ledger's order (sorted), what a spend redeemer's index points into. */
  readonly sortedInputs: readonly OutRef[];
}

const TAGS: readonly RedeemerBudget["tag"][] = ["SPEND", "MINT", "CERT", "REWARD", "VOTE", "PROPOSE"];
const compareRefs = (a: OutRef, b: OutRef): number =>
  a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : a.index - b.index;

/** The hash of an output's reference script (the devnet's UTxOs carry the script, not its hash). */
export const scriptHashOf = (utxo: UTxO): string | null =>
  utxo.output.scriptRef === undefined
    ? null
    : (utxo.output.scriptHash ?? Script.fromCbor(HexBlob(utxo.output.scriptRef)).hash().toString());

/** Whether an output holds a positive quantity of `unit` (policy id + asset name, hex). */
export const holdsUnit = (utxo: UTxO, unit: string): boolean =>
  utxo.output.amount.some((a) => a.unit === unit && BigInt(a.quantity) > 0n);

/** The LedgerRejectedError message without its "The ledger rejected the transaction: " prefix. */
export const ledgerReason = (error: unknown): string =>
  (error as Error).message.replace(/^The ledger rejected the transaction: /, "");

export class LiveLedger {
  readonly #history = new Map<string, TxRecord>();
  /** Every address that ever held an output (Blockfrost answers 404 for the others). */
  readonly #seen = new Set<string>();
  #queue: Promise<unknown> = Promise.resolve();
  /** Submissions held by hold(), not yet applied; null when not holding. */
  #mempool: string[] | null = null;
  /** The forks made so far, oldest first. */
  readonly #forks: Fork[] = [];
  /** The last slot whose block a follower has read (-1: none): a later transaction goes in a later slot. */
  #sealed = -1;

  private constructor(
    readonly devnet: DevnetChain,
    readonly faucet: Faucet,
    readonly dir: string,
  ) {}

  /** A fresh ledger in a temporary directory, its slots aligned with preprod's. */
  static async create(): Promise<LiveLedger> {
    const dir = mkdtempSync(join(tmpdir(), "live-ledger-"));
    const path = join(dir, "ledger.sqlite");
    // The devnet takes its system start from the first reading of its clock (one slot before it),
    // then counts wall time from there: the first reading is one second after preprod's 1-second
    // origin, the rest the wall clock.
    let first = true;
    const now = (): number => {
      if (!first) return Date.now();
      first = false;
      return PREPROD_ONE_SECOND_ORIGIN_MS + 1000;
    };
    const devnet = await DevnetChain.create({ path, now });
    if (devnet.systemStartMs !== PREPROD_ONE_SECOND_ORIGIN_MS) {
      await devnet.close();
      throw new Error(
        `the devnet started at ${devnet.systemStartMs}, not at preprod's origin ${PREPROD_ONE_SECOND_ORIGIN_MS}`,
      );
    }
    // The faucet's key, read back from the devnet's own store, so that its payments can be built
    // here and submitted like any other transaction (and so be in the history with their CBOR).
    const store = DevnetStore.open(path);
    const snapshot = store.load();
    store.close();
    if (!snapshot) throw new Error("the devnet saved no genesis");
    return new LiveLedger(devnet, await Faucet.create(snapshot.faucetKey), dir);
  }

  async tip(): Promise<Tip> {
    return this.devnet.tip();
  }

  /**
   * The hash of the block of `slot` on the chain as it is now: blockHashOf(slot) until a fork
   * replaced that block, then a hash naming how many forks did.
   */
  blockHash(slot: number): string {
    const replaced = this.#forks.filter((f) => f.ancestor < slot && slot <= f.tip).length;
    if (replaced === 0) return blockHashOfSlot(slot);
    return createHash("sha256").update(`live-ledger block at slot ${slot}, fork ${replaced}`).digest("hex");
  }

  /** The slot of a block hash of the chain as it is now, looking back `depth` slots from the tip at most (a block with a transaction is always found); null for a block no longer on it. */
  async slotOfHash(hash: string, depth = 3_000): Promise<number | null> {
    const wanted = hash.toLowerCase();
    for (const record of this.#history.values()) if (this.blockHash(record.slot) === wanted) return record.slot;
    const { slot: tip } = await this.tip();
    for (let slot = tip; slot >= 0 && slot > tip - depth; slot--) if (this.blockHash(slot) === wanted) return slot;
    return null;
  }

  /**
   * Forks the chain: the last `blocks` blocks (slots, up to the tip) are replaced by blocks with new
   * hashes, holding the same transactions. Chain-synchronisation sessions past the common ancestor
   * roll back to it; Blockfrost answers the new hashes. Answers the fork.
   */
  async fork(blocks: number): Promise<Fork> {
    if (!Number.isInteger(blocks) || blocks < 1) throw new Error(`a fork replaces 1 block or more, not ${blocks}`);
    const { slot } = await this.tip();
    return this.#fork(slot - blocks, slot);
  }

  /**
   * Forks the chain after the block of `ancestor`: every block after it up to the tip is replaced,
   * as fork() does. For a test that needs an exact common ancestor, whereas the tip (the clock)
   * may move on between reading it and fork(blocks).
   */
  async forkAfter(ancestor: number): Promise<Fork> {
    const { slot } = await this.tip();
    if (!Number.isInteger(ancestor) || ancestor >= slot)
      throw new Error(`a fork's common ancestor is a slot before the tip (${slot}), not ${ancestor}`);
    return this.#fork(ancestor, slot);
  }

  #fork(ancestor: number, tip: number): Fork {
    const fork = { ancestor, tip };
    this.#forks.push(fork);
    return fork;
  }

  /** The forks made so far, oldest first. */
  get forks(): readonly Fork[] {
    return this.#forks;
  }

  /**
   * Runs `read` (a follower reading the block of `slot`) between two transactions, and from then on
   * puts every transaction in a slot after it (moving the clock a slot on when needed): a block a
   * follower has read does not gain transactions afterwards, as on a real chain.
   */
  readSealed<T>(slot: number, read: () => T | Promise<T>): Promise<T> {
    return this.#serial(async () => {
      this.#sealed = Math.max(this.#sealed, slot);
      return read();
    });
  }

  /**
   * Moves the ledger's clock `seconds` ahead (one slot per second), after any transaction already
   * queued: what the fakes report as the tip, and the slot the ledger checks validity intervals
   * against, from then on. For tests that need a deadline to have passed.
   */
  advance(seconds: number): Promise<Tip> {
    return this.#serial(() => this.devnet.advance(seconds));
  }

  /** Pays `lovelace` from the genesis faucet to `address`; resolves once the ledger took it. */
  async fund(address: string, lovelace: bigint): Promise<string> {
    return this.#serial(async () => {
      const signed = await this.faucet.pay(address, lovelace, await this.devnet.utxosAt(this.faucet.address));
      return this.#submitNow(signed);
    });
  }

  /**
   * Submits a signed transaction (CBOR hex) to the ledger and records it; LedgerRejectedError passes
   * through. While the ledger holds submissions (hold()), it only answers the transaction's id.
   */
  submit(cbor: string): Promise<string> {
    if (this.#mempool !== null) {
      this.#mempool.push(cbor);
      return Promise.resolve(Serialization.Transaction.fromCbor(TxCBOR(cbor)).getId().toString());
    }
    return this.#serial(() => this.#submitNow(cbor));
  }

  /**
   * From now on submissions are accepted unchecked and wait, as in a mempool, until release():
   * a transaction accepted but not yet in a block, as a real network has them for a while.
   */
  hold(): void {
    this.#mempool ??= [];
  }

  /** Stops holding: the held submissions go to the ledger, oldest first; their ids. */
  async release(): Promise<string[]> {
    const held = this.#mempool ?? [];
    this.#mempool = null;
    const ids: string[] = [];
    for (const cbor of held) ids.push(await this.submit(cbor));
    return ids;
  }

  record(txHash: string): TxRecord | undefined {
    return this.#history.get(txHash.toLowerCase());
  }

  /** The transaction that made an output, when it went through this ledger (not genesis). */
  producer(ref: OutRef): TxRecord | undefined {
    return this.#history.get(ref.txHash);
  }

  /** The CBOR of a reference script some output made through this ledger carries. */
  scriptByHash(hash: string): string | undefined {
    for (const record of this.#history.values()) {
      const found = record.outputs.find((u) => scriptHashOf(u) === hash);
      if (found) return found.output.scriptRef;
    }
    return undefined;
  }

  /** Every transaction the ledger accepted, oldest first. */
  records(): IterableIterator<TxRecord> {
    return this.#history.values();
  }

  hasSeen(address: string): boolean {
    return this.#seen.has(address);
  }

  /** How many transactions the ledger accepted. */
  get height(): number {
    return this.#history.size;
  }

  async close(): Promise<void> {
    await this.#queue.catch(() => undefined);
    await this.devnet.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  #serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(run, run);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #submitNow(cbor: string): Promise<string> {
    const { slot: now } = await this.devnet.tip();
    if (now <= this.#sealed) await this.devnet.advance(this.#sealed - now + 1);
    let tx: Serialization.Transaction | undefined;
    try {
      tx = Serialization.Transaction.fromCbor(TxCBOR(cbor));
    } catch {
      tx = undefined; // the ledger says why
    }
    const refs = tx
      ? tx
          .body()
          .inputs()
          .values()
          .map((i) => ({ txHash: i.transactionId().toString(), index: Number(i.index()) }))
      : [];
    const inputs = refs.length > 0 ? await this.devnet.utxosByRef(refs) : [];
    const txHash = await this.devnet.submit(cbor);
    if (!tx || this.#history.has(txHash)) return txHash;
    const { slot } = await this.devnet.tip();
    const body = tx.body();
    const count = body.outputs().length;
    const outputs = await this.devnet.utxosByRef(Array.from({ length: count }, (_, index) => ({ txHash, index })));
    if (outputs.length !== count)
      throw new Error(`the ledger holds ${outputs.length} of the ${count} outputs of ${txHash}`);
    const sortedInputs = [...refs].sort(compareRefs);
    for (const input of inputs) {
      const inputIndex = sortedInputs.findIndex(
        (r) => r.txHash === input.input.txHash && r.index === input.input.outputIndex,
      );
      this.#history
        .get(input.input.txHash)
        ?.spentBy.set(input.input.outputIndex, { txHash, slot, inputIndex, inputCount: refs.length });
    }
    const redeemerList = (tx.witnessSet().redeemers()?.values() ?? []).map((r) => ({
      tag: TAGS[r.tag()] ?? "SPEND",
      index: Number(r.index()),
      data: r.data().toCbor().toString(),
      mem: Number(r.exUnits().mem()),
      steps: Number(r.exUnits().steps()),
    }));
    for (const output of outputs) this.#seen.add(output.output.address);
    const ttl = body.ttl();
    const start = body.validityStartInterval();
    this.#history.set(txHash, {
      hash: txHash,
      cbor,
      slot,
      height: this.#history.size + 1,
      inputs,
      outputs,
      spentBy: new Map(),
      fee: body.fee(),
      size: cbor.length / 2,
      invalidBefore: start === undefined ? undefined : Number(start),
      invalidHereafter: ttl === undefined ? undefined : Number(ttl),
      redeemers: redeemerList.length,
      redeemerList,
      sortedInputs,
    });
    return txHash;
  }
}
