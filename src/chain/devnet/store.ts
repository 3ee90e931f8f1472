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
import {
  createdOutputsOfBody,
  outputAddress,
  outRefOfInput,
  paymentCredentialOf,
  type CreatedOutput,
} from "./utxo-map.js";
import { readMapEntries, splitTransaction } from "../../cardano/tx-cbor.js";

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

/** An accepted transaction as the read model lists it: its number, slot and position in its slot's block. */
export interface StoredTx {
  readonly seq: number;
  readonly txHash: string;
  readonly slot: number;
  /** Its position among the transactions of its slot, in order of acceptance. */
  readonly blockIndex: number;
}

/** An output with the number of the transaction that made it (0: genesis). */
export interface StoredOutput extends StoredUtxo {
  readonly seq: number;
}

/** A page of a list, as the store reads it: `offset` rows skipped, at most `limit`, newest first when `desc`. */
export interface RowPage {
  readonly offset: number;
  readonly limit: number;
  readonly desc: boolean;
}

/** What the read model derives from one accepted transaction's body (src/devnet-index/history.ts). */
export interface IndexedTx {
  readonly seq: number;
  readonly txHash: string;
  readonly slot: number;
  readonly blockHash: string;
  /** Each created output's index and the units it holds. */
  readonly units: ReadonlyArray<{ readonly index: number; readonly units: readonly string[] }>;
  readonly mints: ReadonlyArray<{ readonly unit: string; readonly quantity: bigint; readonly metadata: unknown }>;
  readonly scripts: ReadonlyArray<{ readonly hash: string; readonly type: string; readonly cbor: string }>;
  readonly datums: ReadonlyArray<{ readonly hash: string; readonly datum: string }>;
}

/** A mint or burn of a unit as the read model indexed it. */
export interface StoredMint {
  readonly txHash: string;
  readonly quantity: bigint;
  readonly metadata: unknown;
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
CREATE TABLE IF NOT EXISTS devnet_dropped (tx_hash TEXT PRIMARY KEY, after_seq INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS devnet_dropped_after ON devnet_dropped (after_seq);
`;
// devnet_dropped (added with issue #24's rollback): the transactions a rollback took off the chain
// and could not apply again (POST /devnet/rollback), each with the devnet_txs.seq accepted last
// when it was dropped, so that the events follower tells them expired.
// devnet_tx_cbor came after the first release: a store created before it holds no bodies of the
// transactions it accepted earlier (transaction answers null for those). So did devnet_spends
// (the spender of each spent output), which devnet_outputs.spent_by replaces (READ_INDEX below).

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

// The read model of the Blockfrost-compatible API (src/devnet-index/) answers from these rows,
// not from memory (added with issue #21, item 2 leftover). What devnet_txs, devnet_tx_cbor and
// devnet_outputs already hold is read there; what only a transaction's body tells (the block of
// each slot by its hash, the units each output holds, mints with their CIP-25 metadata, scripts,
// inline datums) is indexed from the bodies by the read model into the devnet_index_* tables,
// lazily, up to devnet_meta.index_seq (the devnet_txs.seq indexed last): a restart reads nothing
// again. `quantity` is a decimal text (a mint may exceed 2^63), `metadata` JSON text or null.
const READ_INDEX = `
CREATE INDEX IF NOT EXISTS devnet_txs_slot ON devnet_txs (slot);
CREATE INDEX IF NOT EXISTS devnet_outputs_stake ON devnet_outputs (substr(address, 30, 28), spent_by)
  WHERE length(address) = 57 AND substr(address, 1, 1) < X'40';
CREATE TABLE IF NOT EXISTS devnet_index_blocks (hash TEXT PRIMARY KEY, slot INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS devnet_index_units (
  unit TEXT NOT NULL, seq INTEGER NOT NULL, output_index INTEGER NOT NULL, tx_hash TEXT NOT NULL,
  PRIMARY KEY (unit, seq, output_index)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS devnet_index_mints (
  unit TEXT NOT NULL, seq INTEGER NOT NULL, tx_hash TEXT NOT NULL, quantity TEXT NOT NULL, metadata TEXT,
  PRIMARY KEY (unit, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS devnet_index_scripts (hash TEXT PRIMARY KEY, type TEXT NOT NULL, cbor TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS devnet_index_datums (hash TEXT PRIMARY KEY, datum TEXT NOT NULL) WITHOUT ROWID;
`;

/**
 * The migration to the read model's rows, once, in one transaction, on a store written before it
 * (a new store only gets the tables and indexes). Outputs converted from a ledger blob (issue #21, item 1) got seq
 * 0: they get their transaction's seq. The spent outputs of transactions accepted before
 * devnet_outputs existed are not rows (the blob held only unspent ones): each with a recorded
 * spender is made a row from its transaction's body. Then devnet_spends says nothing
 * devnet_outputs.spent_by does not (every spend since devnet_outputs exists is written to both):
 * its covered rows go, and the table with them when none is left (a spend whose output has no
 * body to rebuild it from, a genesis output spent before issue #21, keeps it and spender reads it).
 */
function migrateToReadModel(db: Database.Database, hasSpends: boolean): void {
  db.exec(READ_INDEX);
  if (!hasSpends) return;
  db.prepare(
    "UPDATE devnet_outputs SET seq = (SELECT t.seq FROM devnet_txs t WHERE t.tx_hash = devnet_outputs.tx_hash) WHERE seq = 0 AND tx_hash IN (SELECT tx_hash FROM devnet_txs)",
  ).run();
  const lost = db
    .prepare(
      `SELECT s.tx_hash, s.output_index, s.spent_by, t.seq, c.cbor FROM devnet_spends s
       JOIN devnet_txs t ON t.tx_hash = s.tx_hash JOIN devnet_tx_cbor c ON c.tx_hash = s.tx_hash
       WHERE NOT EXISTS (SELECT 1 FROM devnet_outputs o WHERE o.tx_hash = s.tx_hash AND o.output_index = s.output_index)`,
    )
    .all() as Array<{ tx_hash: string; output_index: number; spent_by: string; seq: number; cbor: Buffer }>;
  const put = db.prepare(PUT_OUTPUT);
  const markSpent = db.prepare("UPDATE devnet_outputs SET spent_by = ? WHERE tx_hash = ? AND output_index = ?");
  for (const row of lost) {
    const output = createdOutputsOfTx(new Uint8Array(row.cbor)).find((c) => c.index === row.output_index);
    if (!output) continue;
    putOutputRow(put, row.tx_hash, row.output_index, output.output, row.seq);
    markSpent.run(row.spent_by, row.tx_hash, row.output_index);
  }
  db.prepare(
    "DELETE FROM devnet_spends WHERE EXISTS (SELECT 1 FROM devnet_outputs o WHERE o.tx_hash = devnet_spends.tx_hash AND o.output_index = devnet_spends.output_index AND o.spent_by = devnet_spends.spent_by)",
  ).run();
  if (db.prepare("SELECT 1 FROM devnet_spends LIMIT 1").get() === undefined) db.exec("DROP TABLE devnet_spends");
}

/** The outputs an accepted transaction (its whole CBOR) added to the UTxO set. */
function createdOutputsOfTx(tx: Uint8Array): readonly CreatedOutput[] {
  const { body, rest } = splitTransaction(tx);
  return createdOutputsOfBody(body, !(rest[0]?.length === 1 && rest[0][0] === 0xf4));
}

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

  /** Whether devnet_spends is left (spends the migration could not make rows of). */
  readonly #hasLegacySpends: boolean;

  /**
   * The statements of the submit path and of the point reads, each compiled once (by its SQL):
   * compiling them at each call was over a tenth of a simple payment's submit.
   */
  readonly #statements = new Map<string, Database.Statement>();

  /** One SQLite transaction around a function (made once: better-sqlite3 builds four wrappers at each db.transaction). */
  readonly #transaction: Database.Transaction<(work: () => unknown) => unknown>;

  private constructor(db: Database.Database, assetHistoryIsNew: boolean, hasLegacySpends: boolean) {
    this.#db = db;
    this.#transaction = db.transaction((work: () => unknown) => work());
    this.assetHistoryIsNew = assetHistoryIsNew;
    this.#hasLegacySpends = hasLegacySpends;
  }

  /** The statement of `sql`, compiled at its first use (not for .raw(), .pluck() or .iterate(), which change or hold it). */
  #sql(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
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
      if (!hasTable("devnet_index_blocks")) db.transaction(() => migrateToReadModel(db, hasTable("devnet_spends")))();
      const hasLedger = db.prepare("SELECT 1 FROM devnet_ledger WHERE id = 1").get() !== undefined;
      return new DevnetStore(db, !hasHistory && hasLedger, hasTable("devnet_spends"));
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

  /**
   * Every unspent output as [its input's CBOR (hex), output CBOR], in no particular order: the
   * ledger's in-memory index, read in one scan at start. The key is written by SQLite, as
   * inputCbor (./utxo-map.ts) writes it: [bytes(32) txHash, uint index]. Reading it so, all rows at
   * once, takes a third of the time that encoding each key here took (100,000 UTxOs: ~0.25 s).
   */
  unspentByInput(): Array<[string, Buffer]> {
    return this.#db
      .prepare(
        `SELECT '825820' || lower(tx_hash) || CASE
           WHEN output_index < 24 THEN printf('%02x', output_index)
           WHEN output_index < 256 THEN printf('18%02x', output_index)
           WHEN output_index < 65536 THEN printf('19%04x', output_index)
           ELSE printf('1a%08x', output_index) END, output
         FROM devnet_outputs WHERE spent_by IS NULL`,
      )
      .raw()
      .all() as Array<[string, Buffer]>;
  }

  /** Every unspent output, in no particular order (one scan of the outputs). */
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
    const row = this.#sql("SELECT datum FROM devnet_datums WHERE hash = ?").get(hash) as { datum: string } | undefined;
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
    return this.#transaction(work) as T;
  }

  /** Records an accepted transaction and what it changes in the ledger, atomically. */
  saveAccepted(accepted: AcceptedTx): void {
    this.#transaction(() => {
      this.#sql("UPDATE devnet_ledger SET slot = MAX(slot, ?) WHERE id = 1").run(accepted.slot);
      const { lastInsertRowid } = this.#sql("INSERT OR IGNORE INTO devnet_txs (tx_hash, slot) VALUES (?, ?)").run(
        accepted.txHash,
        accepted.slot,
      );
      const seq = Number(lastInsertRowid);
      const putDatum = this.#sql("INSERT OR IGNORE INTO devnet_datums (hash, datum) VALUES (?, ?)");
      for (const { hash, datum } of accepted.datums) putDatum.run(hash, datum);
      const putOutput = this.#sql(PUT_OUTPUT);
      for (const { index, output } of accepted.created) putOutputRow(putOutput, accepted.txHash, index, output, seq);
      this.#putAssetOutputs(accepted.assetOutputs ?? [], seq);
      const spend = this.#sql(
        "UPDATE devnet_asset_outputs SET spent_by = ?, redeemer = ? WHERE tx_hash = ? AND output_index = ?",
      );
      for (const { ref, spentBy, redeemer } of accepted.assetSpends ?? [])
        spend.run(spentBy, redeemer, ref.txHash, ref.index);
      for (const certificate of accepted.certificates ?? []) this.#applyCertificate(certificate);
      if (accepted.cbor)
        this.#sql("INSERT OR IGNORE INTO devnet_tx_cbor (tx_hash, cbor) VALUES (?, ?)").run(
          accepted.txHash,
          Buffer.from(accepted.cbor),
        );
      const markSpent = this.#sql("UPDATE devnet_outputs SET spent_by = ? WHERE tx_hash = ? AND output_index = ?");
      for (const ref of accepted.spent) markSpent.run(accepted.txHash, ref.txHash, ref.index);
    });
  }

  /** What one accepted certificate changes in the stake state (inside saveAccepted's transaction). */
  #applyCertificate(cert: Certificate): void {
    switch (cert.type) {
      case "stake-registration":
        this.#sql(
          "INSERT OR REPLACE INTO devnet_stake (credential, deposit, pool, drep) VALUES (?, ?, NULL, NULL)",
        ).run(credentialKey(cert.credential), String(cert.deposit ?? 0n));
        return;
      case "stake-deregistration":
        this.#sql("DELETE FROM devnet_stake WHERE credential = ?").run(credentialKey(cert.credential));
        return;
      case "delegation": {
        const key = credentialKey(cert.credential);
        if (cert.deposit !== undefined)
          this.#sql(
            "INSERT OR REPLACE INTO devnet_stake (credential, deposit, pool, drep) VALUES (?, ?, NULL, NULL)",
          ).run(key, String(cert.deposit));
        if (cert.pool !== undefined)
          this.#sql("UPDATE devnet_stake SET pool = ? WHERE credential = ?").run(cert.pool, key);
        if (cert.drep !== undefined)
          this.#sql("UPDATE devnet_stake SET drep = ? WHERE credential = ?").run(drepKey(cert.drep), key);
        return;
      }
      case "pool-registration":
        this.#sql("INSERT OR REPLACE INTO devnet_pools (pool, certificate) VALUES (?, ?)").run(
          cert.pool,
          Buffer.from(cert.cbor),
        );
        return;
      case "drep-registration":
        this.#sql("INSERT OR REPLACE INTO devnet_dreps (credential, deposit) VALUES (?, ?)").run(
          credentialKey(cert.credential),
          String(cert.deposit),
        );
        return;
      case "drep-deregistration":
        this.#sql("DELETE FROM devnet_dreps WHERE credential = ?").run(credentialKey(cert.credential));
        return;
      case "other":
        return;
    }
  }

  /** The account of a stake credential as the accepted certificates left it. */
  stakeAccount(credential: Credential): StakeAccount {
    const row = this.#sql("SELECT pool, drep FROM devnet_stake WHERE credential = ?").get(credentialKey(credential)) as
      { pool: string | null; drep: string | null } | undefined;
    if (!row) return { registered: false, pool: null, drep: null };
    return { registered: true, pool: row.pool, drep: row.drep === null ? null : drepOfKey(row.drep) };
  }

  isPoolRegistered(pool: string): boolean {
    return this.#sql("SELECT 1 FROM devnet_pools WHERE pool = ?").get(pool) !== undefined;
  }

  isDRepRegistered(credential: Credential): boolean {
    return this.#sql("SELECT 1 FROM devnet_dreps WHERE credential = ?").get(credentialKey(credential)) !== undefined;
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
    const putOutput = this.#sql(
      "INSERT OR IGNORE INTO devnet_asset_outputs (tx_hash, output_index, output) VALUES (?, ?, ?)",
    );
    const putUnit = this.#sql(
      "INSERT OR IGNORE INTO devnet_asset_units (unit, seq, output_index, tx_hash) VALUES (?, ?, ?, ?)",
    );
    for (const { txHash, index, output, units } of outputs) {
      putOutput.run(txHash, index, Buffer.from(output));
      for (const unit of units) putUnit.run(unit, seq, index, txHash);
    }
  }

  /** Which of `refs` the asset history holds (one primary-key lookup each). */
  assetOutputsAmong(refs: readonly OutRef[]): OutRef[] {
    const has = this.#sql("SELECT 1 FROM devnet_asset_outputs WHERE tx_hash = ? AND output_index = ?");
    return refs.filter((r) => has.get(r.txHash, r.index) !== undefined);
  }

  /** The last output that held `unit` (the latest accepted transaction's, its highest index), or null. */
  lastAssetOutput(unit: string): StoredAssetOutput | null {
    const row = this.#sql(
      `SELECT o.tx_hash, o.output_index, o.output, o.spent_by, o.redeemer FROM devnet_asset_units u
         JOIN devnet_asset_outputs o ON o.tx_hash = u.tx_hash AND o.output_index = u.output_index
         WHERE u.unit = ? ORDER BY u.seq DESC, u.output_index DESC LIMIT 1`,
    ).get(unit) as
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

  /** Every output that held `unit`, oldest first (by accepting transaction, then index; those indexed from an old UTxO set first). */
  assetOutputs(unit: string): StoredAssetOutput[] {
    const rows = this.#sql(
      `SELECT o.tx_hash, o.output_index, o.output, o.spent_by, o.redeemer FROM devnet_asset_units u
         JOIN devnet_asset_outputs o ON o.tx_hash = u.tx_hash AND o.output_index = u.output_index
         WHERE u.unit = ? ORDER BY u.seq, u.output_index, u.tx_hash`,
    ).all(unit) as Array<{
      tx_hash: string;
      output_index: number;
      output: Buffer;
      spent_by: string | null;
      redeemer: string | null;
    }>;
    return rows.map((row) => ({
      txHash: row.tx_hash,
      index: row.output_index,
      output: new Uint8Array(row.output),
      spentBy: row.spent_by,
      redeemer: row.redeemer,
    }));
  }

  /** The output `ref` as its transaction made it, spent or not; null when the ledger never held it as a row. */
  output(ref: OutRef): Uint8Array | null {
    const row = this.#sql("SELECT output FROM devnet_outputs WHERE tx_hash = ? AND output_index = ?").get(
      ref.txHash,
      ref.index,
    ) as { output: Buffer } | undefined;
    return row ? new Uint8Array(row.output) : null;
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
    return this.#sql("SELECT 1 FROM devnet_txs WHERE tx_hash = ?").get(txHash) !== undefined;
  }

  /** The slot at which the devnet accepted the transaction, or null when it did not. */
  txSlot(txHash: string): number | null {
    const row = this.#sql("SELECT slot FROM devnet_txs WHERE tx_hash = ?").get(txHash) as { slot: number } | undefined;
    return row?.slot ?? null;
  }

  /** The whole transaction the devnet accepted as `txHash` (CBOR), or null. */
  txCbor(txHash: string): Uint8Array | null {
    const row = this.#sql("SELECT cbor FROM devnet_tx_cbor WHERE tx_hash = ?").get(txHash) as
      { cbor: Buffer } | undefined;
    return row ? new Uint8Array(row.cbor) : null;
  }

  /** The id of the accepted transaction that spent `ref`, or null (devnet_spends: what a migrated store could not make rows of). */
  spender(ref: OutRef): string | null {
    const row = this.#sql("SELECT spent_by FROM devnet_outputs WHERE tx_hash = ? AND output_index = ?").get(
      ref.txHash,
      ref.index,
    ) as { spent_by: string | null } | undefined;
    if (row !== undefined || !this.#hasLegacySpends) return row?.spent_by ?? null;
    const legacy = this.#sql("SELECT spent_by FROM devnet_spends WHERE tx_hash = ? AND output_index = ?").get(
      ref.txHash,
      ref.index,
    ) as { spent_by: string } | undefined;
    return legacy?.spent_by ?? null;
  }

  /**
   * The accepted transactions after `seq` (devnet_txs.seq), in the order the devnet accepted
   * them, at most `limit`: what an indexer tailing the devnet reads (the Blockfrost-compatible
   * API's history, src/devnet-index/). `cbor` is null for one accepted before bodies were kept.
   */
  acceptedAfter(seq: number, limit: number): AcceptedRow[] {
    const rows = this.#sql(
      "SELECT t.seq, t.tx_hash, t.slot, c.cbor FROM devnet_txs t LEFT JOIN devnet_tx_cbor c ON c.tx_hash = t.tx_hash WHERE t.seq > ? ORDER BY t.seq LIMIT ?",
    ).all(seq, limit) as Array<{ seq: number; tx_hash: string; slot: number; cbor: Buffer | null }>;
    return rows.map((r) => ({
      seq: r.seq,
      txHash: r.tx_hash,
      slot: r.slot,
      cbor: r.cbor === null ? null : new Uint8Array(r.cbor),
    }));
  }

  /**
   * The transactions of the last `blocks` slots that hold any (the devnet's non-empty blocks), in
   * the order they were accepted, with their bodies (null for one accepted before bodies were
   * kept); fewer slots when the devnet has fewer.
   */
  lastBlocks(blocks: number): { slots: number[]; rows: AcceptedRow[] } {
    const slots = this.#db
      .prepare("SELECT DISTINCT slot FROM devnet_txs ORDER BY slot DESC LIMIT ?")
      .pluck()
      .all(blocks) as number[];
    const from = slots[slots.length - 1];
    if (from === undefined) return { slots: [], rows: [] };
    const first = this.#sql("SELECT MIN(seq) AS seq FROM devnet_txs WHERE slot >= ?").get(from) as { seq: number };
    return { slots: slots.reverse(), rows: this.acceptedAfter(first.seq - 1, Number.MAX_SAFE_INTEGER) };
  }

  /**
   * Takes the transactions accepted from number `fromSeq` on (the last ones) off the chain, inside
   * the caller's transaction (inTransaction): their rows, bodies and the outputs they created go
   * (the asset history's and the read model's rows with them), the outputs they spent (`spent`,
   * each transaction's) are unspent again. Answers the UTxO set's change: the inputs (CBOR hex keys
   * of the ledger's index) removed and those back with their outputs.
   */
  undoAccepted(
    fromSeq: number,
    txs: ReadonlyArray<{ readonly txHash: string; readonly slot: number; readonly spent: readonly OutRef[] }>,
  ): {
    removed: Array<{ txHash: string; index: number }>;
    restored: Array<{ txHash: string; index: number; output: Buffer }>;
  } {
    const removed = this.#db
      .prepare(
        "SELECT tx_hash AS txHash, output_index AS 'index' FROM devnet_outputs WHERE seq >= ? AND spent_by IS NULL",
      )
      .all(fromSeq) as Array<{ txHash: string; index: number }>;
    const rolledBack = new Set(txs.map((t) => t.txHash));
    const unspend = this.#sql(
      "UPDATE devnet_outputs SET spent_by = NULL WHERE tx_hash = ? AND output_index = ? AND spent_by = ?",
    );
    const unspendAsset = this.#sql(
      "UPDATE devnet_asset_outputs SET spent_by = NULL, redeemer = NULL WHERE tx_hash = ? AND output_index = ? AND spent_by = ?",
    );
    const outputAt = this.#sql("SELECT output FROM devnet_outputs WHERE tx_hash = ? AND output_index = ?");
    const restored: Array<{ txHash: string; index: number; output: Buffer }> = [];
    for (const tx of txs)
      for (const ref of tx.spent) {
        unspend.run(ref.txHash, ref.index, tx.txHash);
        unspendAsset.run(ref.txHash, ref.index, tx.txHash);
        // An output a rolled-back transaction created goes with it.
        if (rolledBack.has(ref.txHash)) continue;
        const row = outputAt.get(ref.txHash, ref.index) as { output: Buffer } | undefined;
        if (row !== undefined) restored.push({ ...ref, output: row.output });
      }
    const deleteAssetOutputs = this.#sql("DELETE FROM devnet_asset_outputs WHERE tx_hash = ?");
    const deleteBody = this.#sql("DELETE FROM devnet_tx_cbor WHERE tx_hash = ?");
    for (const tx of txs) {
      deleteAssetOutputs.run(tx.txHash);
      deleteBody.run(tx.txHash);
    }
    this.#sql("DELETE FROM devnet_outputs WHERE seq >= ?").run(fromSeq);
    this.#sql("DELETE FROM devnet_asset_units WHERE seq >= ?").run(fromSeq);
    this.#sql("DELETE FROM devnet_index_units WHERE seq >= ?").run(fromSeq);
    this.#sql("DELETE FROM devnet_index_mints WHERE seq >= ?").run(fromSeq);
    const deleteBlock = this.#sql("DELETE FROM devnet_index_blocks WHERE slot = ?");
    for (const slot of new Set(txs.map((t) => t.slot))) deleteBlock.run(slot);
    this.#sql("DELETE FROM devnet_txs WHERE seq >= ?").run(fromSeq);
    return { removed, restored };
  }

  /** Records that `txHashes` were dropped (inside the caller's transaction), after the transactions accepted so far. */
  saveDropped(txHashes: readonly string[]): void {
    const last = (this.#sql("SELECT MAX(seq) AS seq FROM devnet_txs").get() as { seq: number | null }).seq ?? 0;
    const put = this.#sql("INSERT OR REPLACE INTO devnet_dropped (tx_hash, after_seq) VALUES (?, ?)");
    for (const txHash of txHashes) put.run(txHash, last);
  }

  /** The transactions dropped while the last accepted one was numbered `from` to `through`, not accepted since. */
  droppedBetween(from: number, through: number): string[] {
    return this.#db
      .prepare(
        `SELECT d.tx_hash FROM devnet_dropped d WHERE d.after_seq BETWEEN ? AND ?
           AND NOT EXISTS (SELECT 1 FROM devnet_txs t WHERE t.tx_hash = d.tx_hash) ORDER BY d.after_seq`,
      )
      .pluck()
      .all(from, through) as string[];
  }

  /** The id of the transaction accepted as number `seq`, or null (an indexer checks that the history it read is still there). */
  txHashAt(seq: number): string | null {
    const row = this.#sql("SELECT tx_hash FROM devnet_txs WHERE seq = ?").get(seq) as { tx_hash: string } | undefined;
    return row?.tx_hash ?? null;
  }

  /** A datum some accepted transaction carried in its witness set, by hash (CBOR hex), or null. */
  witnessDatum(hash: string): string | null {
    const row = this.#sql("SELECT datum FROM devnet_datums WHERE hash = ?").get(hash) as { datum: string } | undefined;
    return row?.datum ?? null;
  }

  // ── The read model's rows (src/devnet-index/): every answer one indexed query ──

  /** The devnet_txs.seq up to which the read model indexed the bodies (devnet_index_*). */
  indexedSeq(): number {
    const row = this.#db.prepare("SELECT value FROM devnet_meta WHERE key = 'index_seq'").get() as
      { value: string } | undefined;
    return row === undefined ? 0 : Number(row.value);
  }

  /** Saves what the read model derived from `txs` (in order) and that it indexed up to `seq`, atomically. */
  saveIndexed(txs: readonly IndexedTx[], seq: number): void {
    const db = this.#db;
    db.transaction(() => {
      const block = db.prepare("INSERT OR IGNORE INTO devnet_index_blocks (hash, slot) VALUES (?, ?)");
      const unit = db.prepare(
        "INSERT OR IGNORE INTO devnet_index_units (unit, seq, output_index, tx_hash) VALUES (?, ?, ?, ?)",
      );
      const mint = db.prepare(
        "INSERT OR IGNORE INTO devnet_index_mints (unit, seq, tx_hash, quantity, metadata) VALUES (?, ?, ?, ?, ?)",
      );
      const script = db.prepare("INSERT OR IGNORE INTO devnet_index_scripts (hash, type, cbor) VALUES (?, ?, ?)");
      const datum = db.prepare("INSERT OR IGNORE INTO devnet_index_datums (hash, datum) VALUES (?, ?)");
      for (const tx of txs) {
        block.run(tx.blockHash, tx.slot);
        for (const o of tx.units) for (const u of o.units) unit.run(u, tx.seq, o.index, tx.txHash);
        for (const m of tx.mints)
          mint.run(
            m.unit,
            tx.seq,
            tx.txHash,
            m.quantity.toString(),
            m.metadata == null ? null : JSON.stringify(m.metadata),
          );
        for (const sc of tx.scripts) script.run(sc.hash, sc.type, sc.cbor);
        for (const d of tx.datums) datum.run(d.hash, d.datum);
      }
      db.prepare("INSERT OR REPLACE INTO devnet_meta (key, value) VALUES ('index_seq', ?)").run(String(seq));
    })();
  }

  /** An accepted transaction by id, with its position in its block and whether its body is kept; null when the devnet did not accept it. */
  storedTx(txHash: string): (StoredTx & { hasBody: boolean }) | null {
    const row = this.#db
      .prepare(
        `SELECT t.seq, t.tx_hash, t.slot,
           (SELECT COUNT(*) FROM devnet_txs u WHERE u.slot = t.slot AND u.seq < t.seq) AS block_index,
           EXISTS (SELECT 1 FROM devnet_tx_cbor c WHERE c.tx_hash = t.tx_hash) AS has_body
         FROM devnet_txs t WHERE t.tx_hash = ?`,
      )
      .get(txHash) as { seq: number; tx_hash: string; slot: number; block_index: number; has_body: number } | undefined;
    if (!row) return null;
    return {
      seq: row.seq,
      txHash: row.tx_hash,
      slot: row.slot,
      blockIndex: row.block_index,
      hasBody: row.has_body === 1,
    };
  }

  /** The transactions accepted at `slot`, in order. */
  txsInSlot(slot: number): string[] {
    return this.#db.prepare("SELECT tx_hash FROM devnet_txs WHERE slot = ? ORDER BY seq").pluck().all(slot) as string[];
  }

  /** How many transactions the devnet accepted. */
  txCount(): number {
    return this.#db.prepare("SELECT COUNT(*) FROM devnet_txs").pluck().get() as number;
  }

  /** The slot of an indexed block holding a transaction, by the block's hash, or null. */
  indexedBlockSlot(hash: string): number | null {
    return (
      (this.#db.prepare("SELECT slot FROM devnet_index_blocks WHERE hash = ?").pluck().get(hash) as
        number | undefined) ?? null
    );
  }

  /** Whether an accepted transaction ever paid the address (its bytes). */
  addressSeen(address: Uint8Array): boolean {
    return (
      this.#db
        .prepare("SELECT 1 FROM devnet_outputs WHERE address = ? AND seq > 0 LIMIT 1")
        .get(Buffer.from(address)) !== undefined
    );
  }

  /** Whether an accepted transaction ever paid an address of this payment credential (its hash). */
  paymentSeen(payment: string): boolean {
    return (
      this.#db.prepare("SELECT 1 FROM devnet_outputs WHERE payment = ? AND seq > 0 LIMIT 1").get(payment) !== undefined
    );
  }

  /** The unspent outputs at an address (its bytes), oldest first (by transaction, then index); a page of them when `page` is given. */
  unspentAtInOrder(address: Uint8Array, page?: RowPage): StoredOutput[] {
    return this.#outputs("address = ?", [Buffer.from(address)], page);
  }

  /** The unspent outputs of every address of a payment credential (its hash), oldest first. */
  unspentOfPayment(payment: string, page?: RowPage): StoredOutput[] {
    return this.#outputs("payment = ?", [payment], page);
  }

  /** The unspent outputs at base addresses whose stake credential's hash is `stake`, at addresses an accepted transaction paid. */
  unspentOfStake(stake: string): StoredOutput[] {
    return this.#outputs(
      `length(address) = 57 AND substr(address, 1, 1) < X'40' AND substr(address, 30, 28) = ?
       AND EXISTS (SELECT 1 FROM devnet_outputs s WHERE s.address = o.address AND s.seq > 0)`,
      [Buffer.from(stake, "hex")],
    );
  }

  #outputs(where: string, params: unknown[], page?: RowPage): StoredOutput[] {
    const order = page?.desc ? "DESC" : "ASC";
    const limit = page ? ` LIMIT ${page.limit} OFFSET ${page.offset}` : "";
    const rows = this.#db
      .prepare(
        `SELECT tx_hash, output_index, output, seq FROM devnet_outputs o WHERE ${where} AND spent_by IS NULL
         ORDER BY seq ${order}, output_index ${order}, tx_hash ${order}${limit}`,
      )
      .raw()
      .all(...params) as Array<[string, number, Buffer, number]>;
    return rows.map(([txHash, index, output, seq]) => ({ txHash, index, output: new Uint8Array(output), seq }));
  }

  /** The transactions that paid the address (its bytes) or spent from it what one paid it, in order of acceptance: a page. */
  addressTxs(address: Uint8Array, page: RowPage): StoredTx[] {
    return this.#txList(
      `SELECT o.seq FROM devnet_outputs o WHERE o.address = :address AND o.seq > 0
       UNION SELECT t.seq FROM devnet_outputs o JOIN devnet_txs t ON t.tx_hash = o.spent_by
         WHERE o.address = :address AND o.seq > 0 AND o.spent_by IS NOT NULL`,
      { address: Buffer.from(address) },
      page,
    );
  }

  /** The transactions with an output holding `unit`, in order of acceptance: a page. */
  unitTxs(unit: string, page: RowPage): StoredTx[] {
    return this.#txList("SELECT seq FROM devnet_index_units WHERE unit = :unit", { unit }, page);
  }

  #txList(seqs: string, params: Record<string, unknown>, page: RowPage): StoredTx[] {
    const rows = this.#db
      .prepare(
        `SELECT t.seq, t.tx_hash, t.slot,
           (SELECT COUNT(*) FROM devnet_txs u WHERE u.slot = t.slot AND u.seq < t.seq) AS block_index
         FROM devnet_txs t WHERE t.seq IN (${seqs})
         ORDER BY t.seq ${page.desc ? "DESC" : "ASC"} LIMIT :limit OFFSET :offset`,
      )
      .all({ ...params, limit: page.limit, offset: page.offset }) as Array<{
      seq: number;
      tx_hash: string;
      slot: number;
      block_index: number;
    }>;
    return rows.map((r) => ({ seq: r.seq, txHash: r.tx_hash, slot: r.slot, blockIndex: r.block_index }));
  }

  /** The unspent outputs holding `unit`, in the order they were made. */
  unitHolders(unit: string): StoredUtxo[] {
    const rows = this.#db
      .prepare(
        `SELECT o.tx_hash, o.output_index, o.output FROM devnet_index_units u
         JOIN devnet_outputs o ON o.tx_hash = u.tx_hash AND o.output_index = u.output_index
         WHERE u.unit = ? AND o.spent_by IS NULL ORDER BY u.seq, u.output_index`,
      )
      .raw()
      .all(unit) as Array<[string, number, Buffer]>;
    return rows.map(([txHash, index, output]) => ({ txHash, index, output: new Uint8Array(output) }));
  }

  /** The mints and burns of `unit`, oldest first. */
  mints(unit: string): StoredMint[] {
    const rows = this.#db
      .prepare("SELECT tx_hash, quantity, metadata FROM devnet_index_mints WHERE unit = ? ORDER BY seq")
      .all(unit) as Array<{ tx_hash: string; quantity: string; metadata: string | null }>;
    return rows.map((r) => ({
      txHash: r.tx_hash,
      quantity: BigInt(r.quantity),
      metadata: r.metadata === null ? null : (JSON.parse(r.metadata) as unknown),
    }));
  }

  /** The units minted under a policy, in the order of their first mint. */
  unitsOfPolicy(policy: string): string[] {
    return this.#db
      .prepare(
        "SELECT unit FROM devnet_index_mints WHERE unit >= ? AND unit < ? || 'g' AND substr(unit, 1, length(?)) = ? GROUP BY unit ORDER BY MIN(seq)",
      )
      .pluck()
      .all(policy, policy, policy, policy) as string[];
  }

  /** A script an accepted transaction carried (witness set or reference script), by hash. */
  indexedScript(hash: string): { type: string; cbor: string } | null {
    return (
      (this.#db.prepare("SELECT type, cbor FROM devnet_index_scripts WHERE hash = ?").get(hash) as
        { type: string; cbor: string } | undefined) ?? null
    );
  }

  /** An inline datum of an output an accepted transaction made, by hash (CBOR hex). */
  indexedDatum(hash: string): string | null {
    return (
      (this.#db.prepare("SELECT datum FROM devnet_index_datums WHERE hash = ?").pluck().get(hash) as
        string | undefined) ?? null
    );
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }

  /** The file this store is (`:memory:` for one in memory): snapshots copy it whole (./snapshots.ts). */
  get path(): string {
    return this.#db.name;
  }
}

/** The store's rows the Blockfrost-compatible read model answers from and indexes into (src/devnet-index/). */
export type DevnetReadRows = Pick<
  DevnetStore,
  | "acceptedAfter"
  | "indexedSeq"
  | "saveIndexed"
  | "storedTx"
  | "txSlot"
  | "txsInSlot"
  | "txCount"
  | "indexedBlockSlot"
  | "addressSeen"
  | "paymentSeen"
  | "unspentAtInOrder"
  | "unspentOfPayment"
  | "unspentOfStake"
  | "addressTxs"
  | "unitTxs"
  | "unitHolders"
  | "mints"
  | "unitsOfPolicy"
  | "indexedScript"
  | "indexedDatum"
>;
