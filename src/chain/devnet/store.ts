// The devnet's durable state in SQLite (DATA_DIR/devnet.sqlite): its start time, clock offset,
// faucet key, the UTxO set as the emulator encodes it, datums seen by hash, the last slot, the
// ids of accepted transactions, the history of outputs that held native assets (./asset-history.ts)
// and the stake state its certificates made (./stake-state.ts).
// Every write is one synchronous SQLite transaction, so that a submit answers only after its
// effect is on disk.

import Database from "better-sqlite3";
import type { OutRef } from "../port.js";
import type { AssetOutputRecord, AssetSpend } from "./asset-history.js";
import { credentialKey, drepKey, drepOfKey, type StakeState } from "./stake-state.js";
import type { Certificate, Credential } from "../../cardano/certificates.js";
import type { StakeAccount } from "../port.js";
import { privateFile } from "../../private-files.js";

export interface DevnetSnapshot {
  readonly systemStartMs: number;
  readonly offsetSeconds: number;
  /** The last slot the devnet reached (it never goes back, even if the wall clock does). */
  readonly slot: number;
  /** The devnet's own faucet signing key: 32 bytes, hex. */
  readonly faucetKey: string;
  /** The UTxO map (CBOR Map[TxIn, TxOut]) as the emulator returned it. */
  readonly utxos: Uint8Array;
  readonly datums: ReadonlyArray<{ hash: string; datum: string }>;
  /** Registered stake credentials, pools and DReps, for the emulator to start from. */
  readonly stake: StakeState;
}

export interface AcceptedTx {
  readonly txHash: string;
  readonly slot: number;
  readonly utxos: Uint8Array;
  readonly datums: ReadonlyArray<{ hash: string; datum: string }>;
  /** Its outputs that hold native assets. */
  readonly assetOutputs?: readonly AssetOutputRecord[];
  /** How it spent outputs of the asset history. */
  readonly assetSpends?: readonly AssetSpend[];
  /** Its certificates, in order; a legacy registration's deposit resolved (the protocol's). */
  readonly certificates?: readonly Certificate[];
  /** The whole transaction as submitted (CBOR). */
  readonly cbor?: Uint8Array;
  /** The outputs it spent: its inputs, or its collateral when it is marked invalid. */
  readonly spent?: readonly OutRef[];
}

/** One accepted transaction as the store lists them in order (acceptedAfter). */
export interface AcceptedRow {
  readonly seq: number;
  readonly txHash: string;
  readonly slot: number;
  readonly cbor: Uint8Array | null;
}

/** The last output that held a unit, as the asset history keeps it. */
export interface StoredAssetOutput {
  readonly txHash: string;
  readonly index: number;
  readonly output: Uint8Array;
  readonly spentBy: string | null;
  readonly redeemer: string | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS devnet_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS devnet_ledger (id INTEGER PRIMARY KEY CHECK (id = 1), utxos BLOB NOT NULL, slot INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS devnet_datums (hash TEXT PRIMARY KEY, datum TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS devnet_txs (seq INTEGER PRIMARY KEY AUTOINCREMENT, tx_hash TEXT NOT NULL UNIQUE, slot INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS devnet_stake (credential TEXT PRIMARY KEY, deposit TEXT NOT NULL, pool TEXT, drep TEXT) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS devnet_pools (pool TEXT PRIMARY KEY, certificate BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS devnet_dreps (credential TEXT PRIMARY KEY, deposit TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS devnet_tx_cbor (tx_hash TEXT PRIMARY KEY, cbor BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS devnet_spends (tx_hash TEXT NOT NULL, output_index INTEGER NOT NULL, spent_by TEXT NOT NULL, PRIMARY KEY (tx_hash, output_index)) WITHOUT ROWID;
`;
// devnet_tx_cbor and devnet_spends came after the first release: a store created before them
// holds no bodies nor spends of the transactions it accepted earlier (transaction and spentBy
// answer null for those).

// The asset history (added after the first release: a store without it gets it on open). One row
// per output that held native assets, and one per (unit, output), keyed so that the last output
// of a unit is the first row of a descending index scan. \`seq\` is the accepting transaction's
// devnet_txs.seq (0 for outputs indexed from the UTxO set of a store that predates the history).
const ASSET_HISTORY = `
CREATE TABLE devnet_asset_outputs (
  tx_hash TEXT NOT NULL, output_index INTEGER NOT NULL, output BLOB NOT NULL,
  spent_by TEXT, redeemer TEXT,
  PRIMARY KEY (tx_hash, output_index)
) WITHOUT ROWID;
CREATE TABLE devnet_asset_units (
  unit TEXT NOT NULL, seq INTEGER NOT NULL, output_index INTEGER NOT NULL, tx_hash TEXT NOT NULL,
  PRIMARY KEY (unit, seq, output_index, tx_hash)
) WITHOUT ROWID;
`;

export class DevnetStore {
  readonly #db: Database.Database;
  /** True when this open created the asset history in a store that already held a devnet. */
  readonly assetHistoryIsNew: boolean;

  private constructor(db: Database.Database, assetHistoryIsNew: boolean) {
    this.#db = db;
    this.assetHistoryIsNew = assetHistoryIsNew;
  }

  /** Opens (or creates) the store at `path`; `:memory:` keeps it in memory. */
  static open(path: string): DevnetStore {
    // The faucet's signing key is in this file: 0600 in a 0700 directory.
    const db = new Database(privateFile(path));
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    db.exec(SCHEMA);
    const hasHistory = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'devnet_asset_outputs'").get() !== undefined;
    if (!hasHistory) db.exec(ASSET_HISTORY);
    const hasLedger = db.prepare("SELECT 1 FROM devnet_ledger WHERE id = 1").get() !== undefined;
    return new DevnetStore(db, !hasHistory && hasLedger);
  }

  /** The saved state, or null when this store has never held a devnet. */
  load(): DevnetSnapshot | null {
    const meta = new Map(
      (this.#db.prepare("SELECT key, value FROM devnet_meta").all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]),
    );
    const ledger = this.#db.prepare("SELECT utxos, slot FROM devnet_ledger WHERE id = 1").get() as { utxos: Buffer; slot: number } | undefined;
    const systemStart = meta.get("system_start_ms");
    const faucetKey = meta.get("faucet_key");
    if (!ledger || systemStart === undefined || faucetKey === undefined) return null;
    const datums = this.#db.prepare("SELECT hash, datum FROM devnet_datums").all() as Array<{ hash: string; datum: string }>;
    const stake: StakeState = {
      credentials: (this.#db.prepare("SELECT credential, deposit, pool, drep FROM devnet_stake").all() as Array<{ credential: string; deposit: string; pool: string | null; drep: string | null }>).map(
        (r) => ({ key: r.credential, deposit: BigInt(r.deposit), pool: r.pool, drep: r.drep }),
      ),
      pools: (this.#db.prepare("SELECT pool, certificate FROM devnet_pools").all() as Array<{ pool: string; certificate: Buffer }>).map((r) => ({ pool: r.pool, certificate: new Uint8Array(r.certificate) })),
      dreps: (this.#db.prepare("SELECT credential, deposit FROM devnet_dreps").all() as Array<{ credential: string; deposit: string }>).map((r) => ({ key: r.credential, deposit: BigInt(r.deposit) })),
    };
    return {
      systemStartMs: Number(systemStart),
      offsetSeconds: Number(meta.get("offset_seconds") ?? "0"),
      slot: ledger.slot,
      faucetKey,
      utxos: new Uint8Array(ledger.utxos),
      datums,
      stake,
    };
  }

  /** Saves a new devnet's genesis: its start, faucet key and initial UTxO set. */
  saveGenesis(genesis: { systemStartMs: number; faucetKey: string; utxos: Uint8Array }): void {
    this.#db.transaction(() => {
      const setMeta = this.#db.prepare("INSERT OR REPLACE INTO devnet_meta (key, value) VALUES (?, ?)");
      setMeta.run("system_start_ms", String(genesis.systemStartMs));
      setMeta.run("faucet_key", genesis.faucetKey);
      setMeta.run("offset_seconds", "0");
      this.#db.prepare("INSERT OR REPLACE INTO devnet_ledger (id, utxos, slot) VALUES (1, ?, 0)").run(Buffer.from(genesis.utxos));
    })();
  }

  /** Records an accepted transaction and the ledger state after it, atomically. */
  saveAccepted(accepted: AcceptedTx): void {
    this.#db.transaction(() => {
      this.#db.prepare("UPDATE devnet_ledger SET utxos = ?, slot = MAX(slot, ?) WHERE id = 1").run(Buffer.from(accepted.utxos), accepted.slot);
      const { lastInsertRowid } = this.#db.prepare("INSERT OR IGNORE INTO devnet_txs (tx_hash, slot) VALUES (?, ?)").run(accepted.txHash, accepted.slot);
      const putDatum = this.#db.prepare("INSERT OR IGNORE INTO devnet_datums (hash, datum) VALUES (?, ?)");
      for (const { hash, datum } of accepted.datums) putDatum.run(hash, datum);
      this.#putAssetOutputs(accepted.assetOutputs ?? [], Number(lastInsertRowid));
      const spend = this.#db.prepare("UPDATE devnet_asset_outputs SET spent_by = ?, redeemer = ? WHERE tx_hash = ? AND output_index = ?");
      for (const { ref, spentBy, redeemer } of accepted.assetSpends ?? []) spend.run(spentBy, redeemer, ref.txHash, ref.index);
      for (const certificate of accepted.certificates ?? []) this.#applyCertificate(certificate);
      if (accepted.cbor) this.#db.prepare("INSERT OR IGNORE INTO devnet_tx_cbor (tx_hash, cbor) VALUES (?, ?)").run(accepted.txHash, Buffer.from(accepted.cbor));
      const spent = this.#db.prepare("INSERT OR REPLACE INTO devnet_spends (tx_hash, output_index, spent_by) VALUES (?, ?, ?)");
      for (const ref of accepted.spent ?? []) spent.run(ref.txHash, ref.index, accepted.txHash);
    })();
  }

  /** What one accepted certificate changes in the stake state (inside saveAccepted's transaction). */
  #applyCertificate(cert: Certificate): void {
    const db = this.#db;
    switch (cert.type) {
      case "stake-registration":
        db.prepare("INSERT OR REPLACE INTO devnet_stake (credential, deposit, pool, drep) VALUES (?, ?, NULL, NULL)").run(credentialKey(cert.credential), String(cert.deposit ?? 0n));
        return;
      case "stake-deregistration":
        db.prepare("DELETE FROM devnet_stake WHERE credential = ?").run(credentialKey(cert.credential));
        return;
      case "delegation": {
        const key = credentialKey(cert.credential);
        if (cert.deposit !== undefined) db.prepare("INSERT OR REPLACE INTO devnet_stake (credential, deposit, pool, drep) VALUES (?, ?, NULL, NULL)").run(key, String(cert.deposit));
        if (cert.pool !== undefined) db.prepare("UPDATE devnet_stake SET pool = ? WHERE credential = ?").run(cert.pool, key);
        if (cert.drep !== undefined) db.prepare("UPDATE devnet_stake SET drep = ? WHERE credential = ?").run(drepKey(cert.drep), key);
        return;
      }
      case "pool-registration":
        db.prepare("INSERT OR REPLACE INTO devnet_pools (pool, certificate) VALUES (?, ?)").run(cert.pool, Buffer.from(cert.cbor));
        return;
      case "drep-registration":
        db.prepare("INSERT OR REPLACE INTO devnet_dreps (credential, deposit) VALUES (?, ?)").run(credentialKey(cert.credential), String(cert.deposit));
        return;
      case "drep-deregistration":
        db.prepare("DELETE FROM devnet_dreps WHERE credential = ?").run(credentialKey(cert.credential));
        return;
      case "other":
        return;
    }
  }

  /** The account of a stake credential as the accepted certificates left it. */
  stakeAccount(credential: Credential): StakeAccount {
    const row = this.#db.prepare("SELECT pool, drep FROM devnet_stake WHERE credential = ?").get(credentialKey(credential)) as { pool: string | null; drep: string | null } | undefined;
    if (!row) return { registered: false, pool: null, drep: null };
    return { registered: true, pool: row.pool, drep: row.drep === null ? null : drepOfKey(row.drep) };
  }

  isPoolRegistered(pool: string): boolean {
    return this.#db.prepare("SELECT 1 FROM devnet_pools WHERE pool = ?").get(pool) !== undefined;
  }

  isDRepRegistered(credential: Credential): boolean {
    return this.#db.prepare("SELECT 1 FROM devnet_dreps WHERE credential = ?").get(credentialKey(credential)) !== undefined;
  }

  /** Registers a pool seeded by its id (its certificate: seededPoolCertificate); false, changing nothing, when it is registered already. */
  seedPool(pool: string, certificate: Uint8Array): boolean {
    return this.#db.prepare("INSERT OR IGNORE INTO devnet_pools (pool, certificate) VALUES (?, ?)").run(pool, Buffer.from(certificate)).changes === 1;
  }

  /** Registers a DRep seeded by its credential, with no deposit (none was paid); false, changing nothing, when it is registered already. */
  seedDRep(credential: Credential): boolean {
    return this.#db.prepare("INSERT OR IGNORE INTO devnet_dreps (credential, deposit) VALUES (?, '0')").run(credentialKey(credential)).changes === 1;
  }

  /** Indexes outputs of the UTxO set of a store that predates the asset history (their order among themselves is unknown). */
  backfillAssetOutputs(outputs: readonly AssetOutputRecord[]): void {
    this.#db.transaction(() => this.#putAssetOutputs(outputs, 0))();
  }

  #putAssetOutputs(outputs: readonly AssetOutputRecord[], seq: number): void {
    if (outputs.length === 0) return;
    const putOutput = this.#db.prepare("INSERT OR IGNORE INTO devnet_asset_outputs (tx_hash, output_index, output) VALUES (?, ?, ?)");
    const putUnit = this.#db.prepare("INSERT OR IGNORE INTO devnet_asset_units (unit, seq, output_index, tx_hash) VALUES (?, ?, ?, ?)");
    for (const { txHash, index, output, units } of outputs) {
      putOutput.run(txHash, index, Buffer.from(output));
      for (const unit of units) putUnit.run(unit, seq, index, txHash);
    }
  }

  /** Which of `refs` the asset history holds (one primary-key lookup each). */
  assetOutputsAmong(refs: readonly OutRef[]): OutRef[] {
    const has = this.#db.prepare("SELECT 1 FROM devnet_asset_outputs WHERE tx_hash = ? AND output_index = ?");
    return refs.filter((r) => has.get(r.txHash, r.index) !== undefined);
  }

  /** The last output that held `unit` (the latest accepted transaction's, its highest index), or null. */
  lastAssetOutput(unit: string): StoredAssetOutput | null {
    const row = this.#db
      .prepare(
        `SELECT o.tx_hash, o.output_index, o.output, o.spent_by, o.redeemer FROM devnet_asset_units u
         JOIN devnet_asset_outputs o ON o.tx_hash = u.tx_hash AND o.output_index = u.output_index
         WHERE u.unit = ? ORDER BY u.seq DESC, u.output_index DESC LIMIT 1`,
      )
      .get(unit) as { tx_hash: string; output_index: number; output: Buffer; spent_by: string | null; redeemer: string | null } | undefined;
    if (!row) return null;
    return { txHash: row.tx_hash, index: row.output_index, output: new Uint8Array(row.output), spentBy: row.spent_by, redeemer: row.redeemer };
  }

  /** Records a clock move: the new offset and the slot reached. */
  saveClock(offsetSeconds: number, slot: number): void {
    this.#db.transaction(() => {
      this.#db.prepare("INSERT OR REPLACE INTO devnet_meta (key, value) VALUES ('offset_seconds', ?)").run(String(offsetSeconds));
      this.#db.prepare("UPDATE devnet_ledger SET slot = MAX(slot, ?) WHERE id = 1").run(slot);
    })();
  }

  /** A small write that tells whether the disk takes writes again (health, after a failed one). */
  saveProbe(now: number): void {
    this.#db.prepare("INSERT OR REPLACE INTO devnet_meta (key, value) VALUES ('last_write_check', ?)").run(String(now));
  }

  hasTx(txHash: string): boolean {
    return this.#db.prepare("SELECT 1 FROM devnet_txs WHERE tx_hash = ?").get(txHash) !== undefined;
  }

  /** The slot at which the devnet accepted the transaction, or null when it did not. */
  txSlot(txHash: string): number | null {
    const row = this.#db.prepare("SELECT slot FROM devnet_txs WHERE tx_hash = ?").get(txHash) as { slot: number } | undefined;
    return row?.slot ?? null;
  }

  /** The whole transaction the devnet accepted as `txHash` (CBOR), or null. */
  txCbor(txHash: string): Uint8Array | null {
    const row = this.#db.prepare("SELECT cbor FROM devnet_tx_cbor WHERE tx_hash = ?").get(txHash) as { cbor: Buffer } | undefined;
    return row ? new Uint8Array(row.cbor) : null;
  }

  /** The id of the accepted transaction that spent `ref`, or null. */
  spender(ref: OutRef): string | null {
    const row = this.#db.prepare("SELECT spent_by FROM devnet_spends WHERE tx_hash = ? AND output_index = ?").get(ref.txHash, ref.index) as { spent_by: string } | undefined;
    return row?.spent_by ?? null;
  }

  /**
   * The accepted transactions after `seq` (devnet_txs.seq), in the order the devnet accepted
   * them, at most `limit`: what an indexer tailing the devnet reads (the Blockfrost-compatible
   * API's history, src/devnet-index/). `cbor` is null for one accepted before bodies were kept.
   */
  acceptedAfter(seq: number, limit: number): AcceptedRow[] {
    const rows = this.#db
      .prepare("SELECT t.seq, t.tx_hash, t.slot, c.cbor FROM devnet_txs t LEFT JOIN devnet_tx_cbor c ON c.tx_hash = t.tx_hash WHERE t.seq > ? ORDER BY t.seq LIMIT ?")
      .all(seq, limit) as Array<{ seq: number; tx_hash: string; slot: number; cbor: Buffer | null }>;
    return rows.map((r) => ({ seq: r.seq, txHash: r.tx_hash, slot: r.slot, cbor: r.cbor === null ? null : new Uint8Array(r.cbor) }));
  }

  /** The id of the transaction accepted as number `seq`, or null (an indexer checks that the history it read is still there). */
  txHashAt(seq: number): string | null {
    const row = this.#db.prepare("SELECT tx_hash FROM devnet_txs WHERE seq = ?").get(seq) as { tx_hash: string } | undefined;
    return row?.tx_hash ?? null;
  }

  /** A datum some accepted transaction carried in its witness set, by hash (CBOR hex), or null. */
  witnessDatum(hash: string): string | null {
    const row = this.#db.prepare("SELECT datum FROM devnet_datums WHERE hash = ?").get(hash) as { datum: string } | undefined;
    return row?.datum ?? null;
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }
}
