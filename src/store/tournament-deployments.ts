// Where the tournament contracts are deployed as reference scripts, per network and contract
// (title, version): one SQLite file in DATA_DIR, so that a restarted service (and the CLI, which
// records the deployments it builds) reuses the same reference UTxOs.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";

export interface DeploymentRecord {
  readonly network: string;
  readonly contractTitle: string;
  readonly contractVersion: string;
  /** Hash of the deployed script: a record whose hash differs from the compiled script is stale. */
  readonly scriptHash: string;
  readonly txHash: string;
  readonly outputIndex: number;
  readonly createdAt: number;
}

export function deploymentsPath(dataDir: string): string {
  return join(dataDir, "tournament-deployments.sqlite");
}

export class DeploymentStore {
  readonly #db: Database.Database;

  private constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Opens (creating if needed) the store at `path`; `:memory:` for one that forgets. */
  static open(path: string): DeploymentStore {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const db = new Database(path, { timeout: 5000 });
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
    } catch (error) {
      db.close();
      throw error;
    }
    return new DeploymentStore(db);
  }

  find(network: string, contractTitle: string, contractVersion: string, scriptHash: string): DeploymentRecord | null {
    const row = this.#db
      .prepare(
        `SELECT network, contract_title, contract_version, script_hash, tx_hash, output_index, created_at
           FROM tournament_deployments WHERE network = ? AND contract_title = ? AND contract_version = ? AND script_hash = ?`,
      )
      .get(network, contractTitle, contractVersion, scriptHash) as
      | {
          network: string;
          contract_title: string;
          contract_version: string;
          script_hash: string;
          tx_hash: string;
          output_index: number;
          created_at: number;
        }
      | undefined;
    if (!row) return null;
    return {
      network: row.network,
      contractTitle: row.contract_title,
      contractVersion: row.contract_version,
      scriptHash: row.script_hash,
      txHash: row.tx_hash,
      outputIndex: row.output_index,
      createdAt: row.created_at,
    };
  }

  /** Records (or replaces) the reference UTxO of a deployment. */
  save(record: DeploymentRecord): void {
    this.#db
      .prepare(
        `INSERT INTO tournament_deployments (network, contract_title, contract_version, script_hash, tx_hash, output_index, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (network, contract_title, contract_version, script_hash)
         DO UPDATE SET tx_hash = excluded.tx_hash, output_index = excluded.output_index, created_at = excluded.created_at`,
      )
      .run(
        record.network,
        record.contractTitle,
        record.contractVersion,
        record.scriptHash,
        record.txHash,
        record.outputIndex,
        record.createdAt,
      );
  }

  close(): void {
    this.#db.close();
  }
}
