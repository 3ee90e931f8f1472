// The chain port: the one interface through which domain code reads the chain and submits.
// Every backend (devnet, Blockfrost, Ogmios + Kupo) implements it; signatures use domain
// types only (Mesh's UTxO and Protocol shapes), never a backend's wire format.
import type { Protocol, UTxO } from "../cardano/types.js";
import type { DRep } from "../cardano/delegatees.js";
import type { Network } from "../config.js";
import { ChainUnavailableError } from "../errors.js";

export type { DRep, Protocol, UTxO };

export interface OutRef {
  readonly txHash: string;
  readonly index: number;
}

export interface Tip {
  readonly slot: number;
  /** Unix milliseconds of the start of `slot`. */
  readonly time: number;
}

/** Execution budget of one redeemer, as the ledger evaluates it. */
export interface RedeemerBudget {
  readonly tag: "SPEND" | "MINT" | "CERT" | "REWARD" | "VOTE" | "PROPOSE";
  readonly index: number;
  readonly budget: { readonly mem: number; readonly steps: number };
}

/**
 * What the chain says of a transaction: `confirmed` (on the chain) with its depth, `confirmations`:
 * the blocks from its own to the tip, 1 when it is in the tip block, null when the backend cannot
 * tell (the devnet has no blocks: each slot stands for one, so it counts the slots since it
 * accepted the transaction, plus one); or `unknown` (not on the chain: never seen, refused, or
 * not yet in a block).
 */
export type TxStatus =
  { readonly status: "confirmed"; readonly confirmations: number | null } | { readonly status: "unknown" };

/** The Plutus languages the ledger has cost models for. */
export type PlutusLanguage = "PlutusV1" | "PlutusV2" | "PlutusV3";

/**
 * The network's Plutus cost models: per language, the ledger's ordered list of integer cost
 * parameters (the order of the ledger's `costModels` protocol parameter). A language is absent
 * when the backend did not give a usable list for it.
 */
export type CostModels = { readonly [L in PlutusLanguage]?: readonly number[] };

/**
 * Protocol parameters in Mesh's shape, plus what Mesh's `Protocol` lacks: the cost models. The
 * script data hash of a transaction that runs a script covers the cost model of its language,
 * so the builder must use the network's (the ledger refuses any other: PPViewHashesDontMatch).
 */
export interface ChainParameters extends Protocol {
  readonly costModels: CostModels;
}

/** How an output was spent: the spending transaction, and the redeemer it gave that input. */
export interface SpentBy {
  readonly txHash: string;
  /** The spending redeemer's Plutus data, CBOR hex; null for a key-locked output. */
  readonly redeemer: string | null;
}

/**
 * A stake credential's account on the ledger: whether it is registered (its deposit paid), and
 * whom it delegates to. A credential the chain has never seen is not registered.
 */
export interface StakeAccount {
  readonly registered: boolean;
  /** The pool it delegates its stake to: the pool's key hash, hex; null for none. */
  readonly pool: string | null;
  /** The DRep it delegates its vote to; null for none. */
  readonly drep: DRep | null;
}

/** An output that held an asset, unspent (`spentBy` null) or spent. */
export interface AssetOutput {
  readonly utxo: UTxO;
  readonly spentBy: SpentBy | null;
}

/** An output that held an asset, and the id of the transaction that spent it (null while unspent). */
export interface HeldOutput {
  readonly utxo: UTxO;
  readonly spentBy: string | null;
}

export interface ChainPort {
  readonly network: Network;
  /** A short name for health and error messages: "devnet", "blockfrost", "ogmios-kupo". */
  readonly backendName: string;
  tip(): Promise<Tip>;
  /**
   * The protocol parameters of the current epoch, with the cost models the ledger applies
   * (real-network backends read them once per epoch). Both come from one answer, so they agree.
   */
  protocolParameters(): Promise<ChainParameters>;
  /** Unspent outputs at a bech32 address. */
  utxosAt(address: string): Promise<UTxO[]>;
  /** Unspent outputs by reference; references that are spent or unknown are left out. */
  utxosByRef(refs: readonly OutRef[]): Promise<UTxO[]>;
  /** Evaluates the scripts of a transaction (CBOR hex), with extra UTxOs not yet on chain. */
  evaluate(txCbor: string, additionalUtxos?: readonly UTxO[]): Promise<RedeemerBudget[]>;
  /**
   * Submits a signed transaction (CBOR hex) and resolves to its id once the backend accepted it.
   * Throws LedgerRejectedError with the ledger's reason when the ledger refuses it.
   */
  submit(txCbor: string): Promise<string>;
  /** Whether the transaction is on the chain, and how deep (see TxStatus). */
  txStatus(txHash: string): Promise<TxStatus>;
  /**
   * The last output that held the asset `unit` (policy id followed by asset name, hex), with its
   * datum, and how it was spent if it was; null when no output ever held it. A tournament is
   * read from here once its NFT is burnt (which transaction ended it, and with which redeemer).
   */
  lastOutputWith(unit: string): Promise<AssetOutput | null>;
  /** The account of a reward address (bech32, stake1… or stake_test1…). */
  stakeAccount(rewardAddress: string): Promise<StakeAccount>;
  /**
   * The whole transaction (CBOR hex, witnesses and auxiliary data included) by its id, or null
   * when the backend cannot give it. The devnet keeps every transaction it accepted; Blockfrost
   * gives those in a block; Ogmios + Kupo keep no transaction bodies, so it knows only those this
   * process submitted (in memory, the last 1,000). A real-network backend also answers a
   * transaction this process submitted that is not in a block yet.
   * Optional on the port: a port without it knows no transaction (`transactionOf` reads it).
   */
  transaction?(txHash: string): Promise<string | null>;
  /**
   * The id of the transaction that spent the output `ref`; null when it is unspent, unknown, or
   * the backend cannot tell (Kupo before v2.10 names no spending transaction; the devnet knows the
   * spends it accepted since it began recording them). `spenderOf` reads it on any port.
   */
  spentBy?(ref: OutRef): Promise<string | null>;
  /**
   * Every output that ever held the asset `unit` (policy id followed by asset name, hex), oldest
   * first (by transaction, then output index), each with the id of the transaction that spent it
   * (null while unspent); empty when no output ever held it. A v3 tournament's seats are read
   * from its NFT's history (contracts/V3-DESIGN.md §5.6). Bounded per backend (docs/networks.md).
   * Optional on the port: `assetHistoryOf` reads it on any port.
   */
  assetHistory?(unit: string): Promise<HeldOutput[]>;
  /**
   * The outputs the transaction `txHash` spent (its inputs, not its reference inputs nor its
   * collateral), as UTxOs with their datums, in the ledger's order of its input set (by
   * transaction id, then output index: the order spend redeemers point into). A NotFoundError
   * when the backend knows no such transaction. Optional on the port: `consumedByOf` reads it on any port.
   */
  consumedBy?(txHash: string): Promise<UTxO[]>;
  close(): Promise<void>;
}

/** The transaction `txHash` (CBOR hex) from a port, null when the port cannot give it. */
export const transactionOf = (chain: ChainPort, txHash: string): Promise<string | null> =>
  chain.transaction ? chain.transaction(txHash) : Promise.resolve(null);

/** The id of the transaction that spent `ref`, null when the port cannot tell or it is unspent. */
export const spenderOf = (chain: ChainPort, ref: OutRef): Promise<string | null> =>
  chain.spentBy ? chain.spentBy(ref) : Promise.resolve(null);

/** What a port without a history read answers: a 503 naming the backend. */
const noHistory = (chain: Pick<ChainPort, "backendName">, what: string): Promise<never> =>
  Promise.reject(
    new ChainUnavailableError(
      `The chain backend ${chain.backendName} cannot read ${what}: use the devnet, Blockfrost, or Ogmios with Kupo.`,
    ),
  );

/** Every output that held `unit`, oldest first, from a port; a 503 when the port cannot read histories. */
export const assetHistoryOf = (chain: ChainPort, unit: string): Promise<HeldOutput[]> =>
  chain.assetHistory ? chain.assetHistory(unit) : noHistory(chain, "an asset's history");

/** The outputs transaction `txHash` spent, in ledger order, from a port; a 503 when the port cannot read them. */
export const consumedByOf = (chain: Pick<ChainPort, "backendName" | "consumedBy">, txHash: string): Promise<UTxO[]> =>
  chain.consumedBy ? chain.consumedBy(txHash) : noHistory(chain, "the outputs a transaction spent");

/** Operations only the embedded devnet has. */
export interface DevnetPort extends ChainPort {
  /** Unix milliseconds of slot 0 of this devnet (its era history: one slot per second from here). */
  readonly systemStartMs: number;
  /** Sends `lovelace` from the genesis faucet to `address`; resolves to the transaction id. */
  faucet(address: string, lovelace: bigint): Promise<string>;
  /** Moves the devnet clock forward by `seconds` (one slot per second). */
  advance(seconds: number): Promise<Tip>;
  /**
   * Registers a stake pool by its operator's key hash (hex) alone, without its keys or deposit, as
   * an operator seeds a test chain: delegations to it are then accepted. False when it was registered already.
   */
  seedPool(keyHash: string): Promise<boolean>;
  /** Registers a key or script DRep by its credential alone, likewise (no deposit). False when it was registered already. */
  seedDRep(drep: { readonly kind: "key" | "script"; readonly hash: string }): Promise<boolean>;
  /** Its clock, tip, faucet and ledger size, as GET /devnet shows them. */
  status(): Promise<DevnetStatus>;
  /**
   * Starts a new genesis in place of the whole ledger (a new faucet key, funded anew; the clock back
   * on the wall clock; the system start kept), in the write queue: submits queued before it apply
   * first, those after it apply to the new ledger.
   */
  reset(): Promise<DevnetStatus>;
  /**
   * Undoes the last `blocks` non-empty blocks (1 to DEVNET_MAX_ROLLBACK), as a fork would, and
   * applies their transactions again at the next slot, each that is still valid.
   */
  rollback(blocks: number): Promise<DevnetRollback>;
  /** Saves the whole state as the snapshot `name`; refused when it exists (unless `overwrite`) or when `limit` snapshots exist. */
  saveSnapshot(name: string, options: { readonly overwrite: boolean; readonly limit: number }): Promise<SnapshotInfo>;
  /** The saved snapshots, oldest first. */
  snapshots(): Promise<SnapshotInfo[]>;
  /** Puts the devnet back as the snapshot `name` holds it: its ledger, and its clock at the snapshot's slot. */
  restoreSnapshot(name: string): Promise<DevnetStatus>;
  /** Deletes the snapshot `name` (a 404 when there is none). */
  deleteSnapshot(name: string): Promise<SnapshotInfo>;
}

/** What the devnet tells of itself (GET /devnet). */
export interface DevnetStatus {
  /** Unix milliseconds of slot 0. */
  readonly systemStartMs: number;
  /** Milliseconds per slot; one block per slot, so also the block interval. */
  readonly slotLengthMs: number;
  readonly tip: Tip;
  readonly faucetAddress: string;
  /** Unspent outputs in the ledger. */
  readonly utxoCount: number;
}

/** The deepest devnet rollback (POST /devnet/rollback): the event service's journal holds as many blocks (src/events/journal.ts). */
export const DEVNET_MAX_ROLLBACK = 100;

/** What a devnet rollback did. */
export interface DevnetRollback {
  /** The transactions taken off the chain, in the order they had been accepted, each with its slot. */
  readonly rolledBack: ReadonlyArray<{ readonly txHash: string; readonly slot: number }>;
  /** Those applied again, in that order, at `slot`. */
  readonly reapplied: readonly string[];
  /** Those that could not be (validity interval over, inputs spent since): expired, with the ledger's reason. */
  readonly expired: ReadonlyArray<{ readonly txHash: string; readonly reason: string }>;
  /** The slot they were applied again at (the clock's, one after the last block undone at least). */
  readonly slot: number;
  readonly tip: Tip;
}

/** A saved snapshot of the devnet. */
export interface SnapshotInfo {
  readonly name: string;
  /** The devnet's slot when it was saved (a restore resumes there). */
  readonly slot: number;
  /** Unix milliseconds of the save. */
  readonly savedAt: number;
  /** The snapshot file's size. */
  readonly bytes: number;
}

export const isDevnet = (chain: ChainPort): chain is DevnetPort => "faucet" in chain && "advance" in chain;
