// The devnet's durable state in SQLite (DATA_DIR/devnet.sqlite): its start time, clock offset,
// faucet key, the UTxO set as the emulator encodes it, datums seen by hash, the last slot and the
// ids of accepted transactions. Every write is one synchronous SQLite transaction, so that a
// submit answers only after its effect is on disk.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

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
}

export interface AcceptedTx {
  readonly txHash: string;
  readonly slot: number;
  readonly utxos: Uint8Array;
  readonly datums: ReadonlyArray<{ hash: string; datum: string }>;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS devnet_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS devnet_ledger (id INTEGER PRIMARY KEY CHECK (id = 1), utxos BLOB NOT NULL, slot INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS devnet_datums (hash TEXT PRIMARY KEY, datum TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS devnet_txs (seq INTEGER PRIMARY KEY AUTOINCREMENT, tx_hash TEXT NOT NULL UNIQUE, slot INTEGER NOT NULL);
`;

export class DevnetStore {
  readonly #db: Database.Database;

  private constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Opens (or creates) the store at `path`; `:memory:` keeps it in memory. */
  static open(path: string): DevnetStore {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const db = new Database(path);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    db.exec(SCHEMA);
    return new DevnetStore(db);
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
    return {
      systemStartMs: Number(systemStart),
      offsetSeconds: Number(meta.get("offset_seconds") ?? "0"),
      slot: ledger.slot,
      faucetKey,
      utxos: new Uint8Array(ledger.utxos),
      datums,
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
      this.#db.prepare("INSERT OR IGNORE INTO devnet_txs (tx_hash, slot) VALUES (?, ?)").run(accepted.txHash, accepted.slot);
      const putDatum = this.#db.prepare("INSERT OR IGNORE INTO devnet_datums (hash, datum) VALUES (?, ?)");
      for (const { hash, datum } of accepted.datums) putDatum.run(hash, datum);
    })();
  }

  /** Records a clock move: the new offset and the slot reached. */
  saveClock(offsetSeconds: number, slot: number): void {
    this.#db.transaction(() => {
      this.#db.prepare("INSERT OR REPLACE INTO devnet_meta (key, value) VALUES ('offset_seconds', ?)").run(String(offsetSeconds));
      this.#db.prepare("UPDATE devnet_ledger SET slot = MAX(slot, ?) WHERE id = 1").run(slot);
    })();
  }

  hasTx(txHash: string): boolean {
    return this.#db.prepare("SELECT 1 FROM devnet_txs WHERE tx_hash = ?").get(txHash) !== undefined;
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }
}
