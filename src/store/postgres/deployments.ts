// DeploymentStore on PostgreSQL: the table and answers of the SQLite store (../sqlite/deployments.ts).
import { deploymentRecordOf, type DeploymentRow } from "../rows.js";
import type { DeploymentRecord, DeploymentStore } from "../types.js";
import type { PgDatabase } from "./database.js";

export const DEPLOYMENTS_COMPONENT = "deployments";
/** Append only: each entry runs once, in order (see PgDatabase.migrate). */
export const DEPLOYMENTS_MIGRATIONS: readonly string[] = [
  `CREATE TABLE tournament_deployments (
     network          TEXT NOT NULL,
     contract_title   TEXT NOT NULL,
     contract_version TEXT NOT NULL,
     script_hash      TEXT NOT NULL,
     tx_hash          TEXT NOT NULL,
     output_index     INTEGER NOT NULL,
     created_at       BIGINT NOT NULL,
     PRIMARY KEY (network, contract_title, contract_version, script_hash)
   );`,
];

export class PostgresDeploymentStore implements DeploymentStore {
  readonly #db: PgDatabase;

  /** A store on `db`, whose deployments schema is migrated (open.ts does it). */
  constructor(db: PgDatabase) {
    this.#db = db;
  }

  async find(
    network: string,
    contractTitle: string,
    contractVersion: string,
    scriptHash: string,
  ): Promise<DeploymentRecord | null> {
    const [row] = await this.#db.query<DeploymentRow>(
      `SELECT network, contract_title, contract_version, script_hash, tx_hash, output_index, created_at
         FROM tournament_deployments WHERE network = $1 AND contract_title = $2 AND contract_version = $3 AND script_hash = $4`,
      [network, contractTitle, contractVersion, scriptHash],
    );
    return row ? deploymentRecordOf(row) : null;
  }

  async save(record: DeploymentRecord): Promise<void> {
    const { network, contractTitle, contractVersion, scriptHash, txHash, outputIndex, createdAt } = record;
    await this.#db.query(
      `INSERT INTO tournament_deployments (network, contract_title, contract_version, script_hash, tx_hash, output_index, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (network, contract_title, contract_version, script_hash)
       DO UPDATE SET tx_hash = excluded.tx_hash, output_index = excluded.output_index, created_at = excluded.created_at`,
      [network, contractTitle, contractVersion, scriptHash, txHash, outputIndex, createdAt],
    );
  }
}
