// The devnet's durable state in SQLite (DATA_DIR/devnet.sqlite): its start time, clock offset,
// faucet key, every output the ledger ever held (one row each, marked with its spender once
// spent), datums seen by hash, the last slot, the ids of accepted transactions, the history of
// outputs that held native assets (./asset-history.ts) and the stake state its certificates made
// (./stake-state.ts). An accepted transaction writes what it changes (its created outputs, the
// outputs it spent, its datums and certificates), never the whole UTxO set: a write costs the same
// however large the ledger. Every write is one synchronous SQLite transaction, so that a submit
// answers only after its effect is on disk.

import Database from "better-sqlite3";
import type { OutRef } from "../port.js";
import type { AssetOutputRecord, AssetSpend } from "./asset-history.js";
import { credentialKey, drepKey, drepOfKey, type StakeState } from "./stake-state.js";
import type { Certificate, Credential } from "../../cardano/certificates.js";
import type { StakeAccount } from "../port.js";
import { privateFile } from "../../private-files.js";
import { outputAddress, outRefOfInput, paymentCredentialOf, type CreatedOutput } from "./utxo-map.js";
import { readMapEntries } from "../../cardano/tx-cbor.js";

/** An unspent output as the store keeps it. */
export interface StoredUtxo {
  readonly txHash: string;
  readonly index: number;
  readonly output: Uint8Array;
}

export interface DevnetSnapshot {
  readonly systemStartMs: number;
  readonly offsetSeconds: number;
  /** The last slot the devnet reached (it never goes back, even if the wall clock does). */
  readonly slot: number;
  /** The devnet's own faucet signing key: 32 bytes, hex. */
  readonly faucetKey: string;
  /** Registered stake credentials, pools and DReps, for the emulator to start from. */
  readonly stake: StakeState;
}

export interface AcceptedTx {
  readonly txHash: string;
  readonly slot: number;
  /** The outputs it adds to the UTxO set (its outputs, or its collateral return when it is marked invalid). */
  readonly created: readonly CreatedOutput[];
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
  readonly spent: readonly OutRef[];
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

// The ledger's outputs, one row each (added with issue #21: a store that kept the UTxO
// set as one blob in devnet_ledger.utxos is converted once, on open, and its blob emptied). \`seq\`
// is the creating transaction's devnet_txs.seq (0: genesis, or converted from a blob); \`spent_by\`
// the id of the transaction that spent it, null while it is unspent (the row stays: the
// Blockfrost-compatible API resolves inputs of old transactions). \`address\` holds the address
// bytes and \`payment\` its payment credential's hash (null for a Byron address), both indexed with
// spent_by, so that the UTxOs of an address cost an index range, not a scan of the ledger.
const OUTPUTS = `
CREATE TABLE devnet_outputs (
  tx_hash TEXT NOT NULL, output_index INTEGER NOT NULL, output BLOB NOT NULL,
  address BLOB NOT NULL, payment TEXT, seq INTEGER NOT NULL, spent_by TEXT,
  PRIMARY KEY (tx_hash, output_index)
) WITHOUT ROWID;
CREATE INDEX devnet_outputs_address ON devnet_outputs (address, spent_by);
CREATE INDEX devnet_outputs_payment ON devnet_outputs (payment, spent_by);
`;

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

const EMPTY_MAP = Buffer.of(0xa0);
const PUT_OUTPUT =
  "INSERT OR IGNORE INTO devnet_outputs (tx_hash, output_index, output, address, payment, seq) VALUES (?, ?, ?, ?, ?, ?)";

function putOutputRow(put: Database.Statement, txHash: string, index: number, output: Uint8Array, seq: number): void {
  const address = outputAddress(output);
  put.run(
    txHash,
    index,
    Buffer.from(output.buffer, output.byteOffset, output.length),
    Buffer.from(address),
    paymentCredentialOf(address),
    seq,
  );
}

/** Writes every entry of a CBOR UTxO map as an unspent output row (seq 0). */
function putUtxoMap(db: Database.Database, map: Uint8Array): void {
  const put = db.prepare(PUT_OUTPUT);
  for (const [input, output] of readMapEntries(map)) {
    const { txHash, index } = outRefOfInput(input);
    putOutputRow(put, txHash, index, output, 0);
  }
}

/**
 * Creates devnet_outputs (inside a transaction) and, in a store that kept its UTxO set as one blob
 * (devnet_ledger.utxos, as releases before issue #21 did), moves the blob's entries into it and
 * empties the blob: once, on the first open by this code.
 */
function convertLedgerBlob(db: Database.Database): void {
  db.exec(OUTPUTS);
  const ledger = db.prepare("SELECT utxos FROM devnet_ledger WHERE id = 1").get() as { utxos: Buffer } | undefined;
  if (!ledger) return;
  putUtxoMap(db, new Uint8Array(ledger.utxos));
  db.prepare("UPDATE devnet_ledger SET utxos = ? WHERE id = 1").run(EMPTY_MAP);
}

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
    try {
      db.pragma("journal_mode = WAL");
      db.pragma("synchronous = FULL");
      db.exec(SCHEMA);
      const hasTable = (name: string) =>
        db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
      const hasHistory = hasTable("devnet_asset_outputs");
      if (!hasHistory) db.exec(ASSET_HISTORY);
      if (!hasTable("devnet_outputs")) db.transaction(() => convertLedgerBlob(db))();
      const hasLedger = db.prepare("SELECT 1 FROM devnet_ledger WHERE id = 1").get() !== undefined;
      return new DevnetStore(db, !hasHistory && hasLedger);
    } catch (error) {
      // A full disk fails the first write (the schema): the file is not left open (a reset retries it).
      db.close();
      throw error;
    }
  }

  /** The saved state, or null when this store has never held a devnet (the UTxO set: unspentOutputs). */
  load(): DevnetSnapshot | null {
    const meta = new Map(
      (this.#db.prepare("SELECT key, value FROM devnet_meta").all() as Array<{ key: string; value: string }>).map(
        (r) => [r.key, r.value],
      ),
    );
    const ledger = this.#db.prepare("SELECT slot FROM devnet_ledger WHERE id = 1").get() as
      { slot: number } | undefined;
    const systemStart = meta.get("system_start_ms");
    const faucetKey = meta.get("faucet_key");
    if (!ledger || systemStart === undefined || faucetKey === undefined) return null;
    return {
      systemStartMs: Number(systemStart),
      offsetSeconds: Number(meta.get("offset_seconds") ?? "0"),
      slot: ledger.slot,
      faucetKey,
      stake: this.stakeState(),
    };
  }

  /** The registered stake credentials, pools and DReps. */
  stakeState(): StakeState {
    return {
      credentials: (
        this.#db.prepare("SELECT credential, deposit, pool, drep FROM devnet_stake").all() as Array<{
          credential: string;
          deposit: string;
          pool: string | null;
          drep: string | null;
        }>
      ).map((r) => ({ key: r.credential, deposit: BigInt(r.deposit), pool: r.pool, drep: r.drep })),
      pools: (
        this.#db.prepare("SELECT pool, certificate FROM devnet_pools").all() as Array<{
          pool: string;
          certificate: Buffer;
        }>
      ).map((r) => ({ pool: r.pool, certificate: new Uint8Array(r.certificate) })),
      dreps: (
        this.#db.prepare("SELECT credential, deposit FROM devnet_dreps").all() as Array<{
          credential: string;
          deposit: string;
        }>
      ).map((r) => ({ key: r.credential, deposit: BigInt(r.deposit) })),
    };
  }

  /** Every unspent output, in no particular order (one scan of the outputs, at start). */
  *unspentOutputs(): Generator<StoredUtxo> {
    const rows = this.#db
      .prepare("SELECT tx_hash, output_index, output FROM devnet_outputs WHERE spent_by IS NULL")
      .raw()
      .iterate() as IterableIterator<[string, number, Buffer]>;
    for (const [txHash, index, output] of rows) yield { txHash, index, output };
  }

  /** The unspent outputs at an address (its bytes), ordered by reference: one index range. */
  unspentAt(address: Uint8Array): StoredUtxo[] {
    const rows = this.#db
      .prepare(
        "SELECT tx_hash, output_index, output FROM devnet_outputs WHERE address = ? AND spent_by IS NULL ORDER BY tx_hash, output_index",
      )
      .raw()
      .all(Buffer.from(address.buffer, address.byteOffset, address.length)) as Array<[string, number, Buffer]>;
    return rows.map(([txHash, index, output]) => ({ txHash, index, output }));
  }

  /** The datum (CBOR hex) whose hash is `hash`, as a transaction's witness set gave it; null when none did. */
  datum(hash: string): string | null {
    const row = this.#db.prepare("SELECT datum FROM devnet_datums WHERE hash = ?").get(hash) as
      { datum: string } | undefined;
    return row?.datum ?? null;
  }

  /** Saves a new devnet's genesis: its start, faucet key and initial UTxO set (a CBOR UTxO map). */
  saveGenesis(genesis: { systemStartMs: number; faucetKey: string; utxos: Uint8Array }): void {
    this.#db.transaction(() => {
      const setMeta = this.#db.prepare("INSERT OR REPLACE INTO devnet_meta (key, value) VALUES (?, ?)");
      setMeta.run("system_start_ms", String(genesis.systemStartMs));
      setMeta.run("faucet_key", genesis.faucetKey);
      setMeta.run("offset_seconds", "0");
      this.#db.prepare("INSERT OR REPLACE INTO devnet_ledger (id, utxos, slot) VALUES (1, ?, 0)").run(EMPTY_MAP);
      putUtxoMap(this.#db, genesis.utxos);
    })();
  }

  /**
   * Runs `work` in one SQLite transaction: the writes it makes (each saveAccepted of a batch) reach
   * the disk together, with one sync, or none of them does.
   */
  inTransaction<T>(work: () => T): T {
    return this.#db.transaction(work)();
  }

  /** Records an accepted transaction and what it changes in the ledger, atomically. */
  saveAccepted(accepted: AcceptedTx): void {
    this.#db.transaction(() => {
      this.#db.prepare("UPDATE devnet_ledger SET slot = MAX(slot, ?) WHERE id = 1").run(accepted.slot);
      const { lastInsertRowid } = this.#db
        .prepare("INSERT OR IGNORE INTO devnet_txs (tx_hash, slot) VALUES (?, ?)")
        .run(accepted.txHash, accepted.slot);
      const seq = Number(lastInsertRowid);
      const putDatum = this.#db.prepare("INSERT OR IGNORE INTO devnet_datums (hash, datum) VALUES (?, ?)");
      for (const { hash, datum } of accepted.datums) putDatum.run(hash, datum);
      const putOutput = this.#db.prepare(PUT_OUTPUT);
      for (const { index, output } of accepted.created) putOutputRow(putOutput, accepted.txHash, index, output, seq);
      this.#putAssetOutputs(accepted.assetOutputs ?? [], seq);
      const spend = this.#db.prepare(
        "UPDATE devnet_asset_outputs SET spent_by = ?, redeemer = ? WHERE tx_hash = ? AND output_index = ?",
      );
      for (const { ref, spentBy, redeemer } of accepted.assetSpends ?? [])
        spend.run(spentBy, redeemer, ref.txHash, ref.index);
      for (const certificate of accepted.certificates ?? []) this.#applyCertificate(certificate);
      if (accepted.cbor)
        this.#db
          .prepare("INSERT OR IGNORE INTO devnet_tx_cbor (tx_hash, cbor) VALUES (?, ?)")
          .run(accepted.txHash, Buffer.from(accepted.cbor));
      const spent = this.#db.prepare(
        "INSERT OR REPLACE INTO devnet_spends (tx_hash, output_index, spent_by) VALUES (?, ?, ?)",
      );
      const markSpent = this.#db.prepare(
        "UPDATE devnet_outputs SET spent_by = ? WHERE tx_hash = ? AND output_index = ?",
      );
      for (const ref of accepted.spent) {
        spent.run(ref.txHash, ref.index, accepted.txHash);
        markSpent.run(accepted.txHash, ref.txHash, ref.index);
      }
    })();
  }

  /** What one accepted certificate changes in the stake state (inside saveAccepted's transaction). */
  #applyCertificate(cert: Certificate): void {
    const db = this.#db;
    switch (cert.type) {
      case "stake-registration":
        db.prepare(
          "INSERT OR REPLACE INTO devnet_stake (credential, deposit, pool, drep) VALUES (?, ?, NULL, NULL)",
        ).run(credentialKey(cert.credential), String(cert.deposit ?? 0n));
        return;
      case "stake-deregistration":
        db.prepare("DELETE FROM devnet_stake WHERE credential = ?").run(credentialKey(cert.credential));
        return;
      case "delegation": {
        const key = credentialKey(cert.credential);
        if (cert.deposit !== undefined)
          db.prepare(
            "INSERT OR REPLACE INTO devnet_stake (credential, deposit, pool, drep) VALUES (?, ?, NULL, NULL)",
          ).run(key, String(cert.deposit));
        if (cert.pool !== undefined)
          db.prepare("UPDATE devnet_stake SET pool = ? WHERE credential = ?").run(cert.pool, key);
        if (cert.drep !== undefined)
          db.prepare("UPDATE devnet_stake SET drep = ? WHERE credential = ?").run(drepKey(cert.drep), key);
        return;
      }
      case "pool-registration":
        db.prepare("INSERT OR REPLACE INTO devnet_pools (pool, certificate) VALUES (?, ?)").run(
          cert.pool,
          Buffer.from(cert.cbor),
        );
        return;
      case "drep-registration":
        db.prepare("INSERT OR REPLACE INTO devnet_dreps (credential, deposit) VALUES (?, ?)").run(
          credentialKey(cert.credential),
          String(cert.deposit),
        );
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
    const row = this.#db
      .prepare("SELECT pool, drep FROM devnet_stake WHERE credential = ?")
      .get(credentialKey(credential)) as { pool: string | null; drep: string | null } | undefined;
    if (!row) return { registered: false, pool: null, drep: null };
    return { registered: true, pool: row.pool, drep: row.drep === null ? null : drepOfKey(row.drep) };
  }

  isPoolRegistered(pool: string): boolean {
    return this.#db.prepare("SELECT 1 FROM devnet_pools WHERE pool = ?").get(pool) !== undefined;
  }

  isDRepRegistered(credential: Credential): boolean {
    return (
      this.#db.prepare("SELECT 1 FROM devnet_dreps WHERE credential = ?").get(credentialKey(credential)) !== undefined
    );
  }

  /** Registers a pool seeded by its id (its certificate: seededPoolCertificate); false, changing nothing, when it is registered already. */
  seedPool(pool: string, certificate: Uint8Array): boolean {
    return (
      this.#db
        .prepare("INSERT OR IGNORE INTO devnet_pools (pool, certificate) VALUES (?, ?)")
        .run(pool, Buffer.from(certificate)).changes === 1
    );
  }

  /** Registers a DRep seeded by its credential, with no deposit (none was paid); false, changing nothing, when it is registered already. */
  seedDRep(credential: Credential): boolean {
    return (
      this.#db
        .prepare("INSERT OR IGNORE INTO devnet_dreps (credential, deposit) VALUES (?, '0')")
        .run(credentialKey(credential)).changes === 1
    );
  }

  /** Indexes outputs of the UTxO set of a store that predates the asset history (their order among themselves is unknown). */
  backfillAssetOutputs(outputs: readonly AssetOutputRecord[]): void {
    this.#db.transaction(() => this.#putAssetOutputs(outputs, 0))();
  }

  #putAssetOutputs(outputs: readonly AssetOutputRecord[], seq: number): void {
    if (outputs.length === 0) return;
    const putOutput = this.#db.prepare(
      "INSERT OR IGNORE INTO devnet_asset_outputs (tx_hash, output_index, output) VALUES (?, ?, ?)",
    );
    const putUnit = this.#db.prepare(
      "INSERT OR IGNORE INTO devnet_asset_units (unit, seq, output_index, tx_hash) VALUES (?, ?, ?, ?)",
    );
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
      .get(unit) as
      | { tx_hash: string; output_index: number; output: Buffer; spent_by: string | null; redeemer: string | null }
      | undefined;
    if (!row) return null;
    return {
      txHash: row.tx_hash,
      index: row.output_index,
      output: new Uint8Array(row.output),
      spentBy: row.spent_by,
      redeemer: row.redeemer,
    };
  }

  /** Records a clock move: the new offset and the slot reached. */
  saveClock(offsetSeconds: number, slot: number): void {
    this.#db.transaction(() => {
      this.#db
        .prepare("INSERT OR REPLACE INTO devnet_meta (key, value) VALUES ('offset_seconds', ?)")
        .run(String(offsetSeconds));
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
    const row = this.#db.prepare("SELECT slot FROM devnet_txs WHERE tx_hash = ?").get(txHash) as
      { slot: number } | undefined;
    return row?.slot ?? null;
  }

  /** The whole transaction the devnet accepted as `txHash` (CBOR), or null. */
  txCbor(txHash: string): Uint8Array | null {
    const row = this.#db.prepare("SELECT cbor FROM devnet_tx_cbor WHERE tx_hash = ?").get(txHash) as
      { cbor: Buffer } | undefined;
    return row ? new Uint8Array(row.cbor) : null;
  }

  /** The id of the accepted transaction that spent `ref`, or null. */
  spender(ref: OutRef): string | null {
    const row = this.#db
      .prepare("SELECT spent_by FROM devnet_spends WHERE tx_hash = ? AND output_index = ?")
      .get(ref.txHash, ref.index) as { spent_by: string } | undefined;
    return row?.spent_by ?? null;
  }

  /**
   * The accepted transactions after `seq` (devnet_txs.seq), in the order the devnet accepted
   * them, at most `limit`: what an indexer tailing the devnet reads (the Blockfrost-compatible
   * API's history, src/devnet-index/). `cbor` is null for one accepted before bodies were kept.
   */
  acceptedAfter(seq: number, limit: number): AcceptedRow[] {
    const rows = this.#db
      .prepare(
        "SELECT t.seq, t.tx_hash, t.slot, c.cbor FROM devnet_txs t LEFT JOIN devnet_tx_cbor c ON c.tx_hash = t.tx_hash WHERE t.seq > ? ORDER BY t.seq LIMIT ?",
      )
      .all(seq, limit) as Array<{ seq: number; tx_hash: string; slot: number; cbor: Buffer | null }>;
    return rows.map((r) => ({
      seq: r.seq,
      txHash: r.tx_hash,
      slot: r.slot,
      cbor: r.cbor === null ? null : new Uint8Array(r.cbor),
    }));
  }

  /** The id of the transaction accepted as number `seq`, or null (an indexer checks that the history it read is still there). */
  txHashAt(seq: number): string | null {
    const row = this.#db.prepare("SELECT tx_hash FROM devnet_txs WHERE seq = ?").get(seq) as
      { tx_hash: string } | undefined;
    return row?.tx_hash ?? null;
  }

  /** A datum some accepted transaction carried in its witness set, by hash (CBOR hex), or null. */
  witnessDatum(hash: string): string | null {
    const row = this.#db.prepare("SELECT datum FROM devnet_datums WHERE hash = ?").get(hash) as
      { datum: string } | undefined;
    return row?.datum ?? null;
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }

  /** The file this store is (`:memory:` for one in memory): snapshots copy it whole (./snapshots.ts). */
  get path(): string {
    return this.#db.name;
  }
}
