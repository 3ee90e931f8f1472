// DeploymentStore (../types.ts) on a SQLite file of its own in DATA_DIR: the embedded default.
// The service and the CLI (which records the deployments it builds) open it as separate
// processes, hence WAL and a lock wait, as for the service's file (database.ts). PostgreSQL's
// counterpart is ../postgres/deployments.ts.
import { join } from "node:path";
import Database from "better-sqlite3";
import { deploymentRecordOf, type DeploymentRow } from "../rows.js";
import type { DeploymentRecord, DeploymentStore } from "../types.js";
import { privateFile } from "../../private-files.js";

export function deploymentsPath(dataDir: string): string {
  return join(dataDir, "tournament-deployments.sqlite");
}

export class SqliteDeploymentStore implements DeploymentStore {
  readonly #db: Database.Database;
  readonly #find: Database.Statement<[string, string, string, string], DeploymentRow>;
  readonly #save: Database.Statement<[string, string, string, string, string, number, number]>;

  private constructor(db: Database.Database) {
    this.#db = db;
    this.#find = db.prepare(
      `SELECT network, contract_title, contract_version, script_hash, tx_hash, output_index, created_at
         FROM tournament_deployments WHERE network = ? AND contract_title = ? AND contract_version = ? AND script_hash = ?`,
    );
    this.#save = db.prepare(
      `INSERT INTO tournament_deployments (network, contract_title, contract_version, script_hash, tx_hash, output_index, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (network, contract_title, contract_version, script_hash)
       DO UPDATE SET tx_hash = excluded.tx_hash, output_index = excluded.output_index, created_at = excluded.created_at`,
    );
  }

  /** Opens (creating if needed) the store at `path`; `:memory:` for one that forgets. */
  static async open(path: string): Promise<SqliteDeploymentStore> {
    const db = new Database(privateFile(path), { timeout: 5000 });
    try {
      db.pragma("journal_mode = WAL");
      db.pragma("synchronous = NORMAL");
      db.exec(`CREATE TABLE IF NOT EXISTS tournament_deployments (
        network          TEXT NOT NULL,
        contract_title   TEXT NOT NULL,
        contract_version TEXT NOT NULL,
        script_hash      TEXT NOT NULL,
        tx_hash          TEXT NOT NULL,
        output_index     INTEGER NOT NULL,
        created_at       INTEGER NOT NULL,
        PRIMARY KEY (network, contract_title, contract_version, script_hash)
      ) STRICT`);
      return new SqliteDeploymentStore(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async find(
    network: string,
    contractTitle: string,
    contractVersion: string,
    scriptHash: string,
  ): Promise<DeploymentRecord | null> {
    const row = this.#find.get(network, contractTitle, contractVersion, scriptHash);
    return row ? deploymentRecordOf(row) : null;
  }

  async save(record: DeploymentRecord): Promise<void> {
    const { network, contractTitle, contractVersion, scriptHash, txHash, outputIndex, createdAt } = record;
    this.#save.run(network, contractTitle, contractVersion, scriptHash, txHash, outputIndex, createdAt);
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}
