// The rows both store backends read (SQLite in sqlite/, PostgreSQL in postgres/): the same tables and columns on each, so one set of row types and one mapping from a
// row to the domain's record, whichever database answered.
import type { ApiKeyRecord, DeploymentRecord, KeyEnv, ScriptRef, StoredBlueprint } from "./types.js";

export interface KeyRow {
  id: string;
  name: string;
  env: KeyEnv;
  per_day: number;
  per_second: number;
  burst: number;
  created_at: number;
  revoked_at: number | null;
  rotated_from: string | null;
}

export const KEY_COLUMNS = "id, name, env, per_day, per_second, burst, created_at, revoked_at, rotated_from";

export function keyRecordOf(row: KeyRow): ApiKeyRecord {
  return Object.freeze({
    id: row.id,
    name: row.name,
    env: row.env,
    limits: Object.freeze({ perDay: row.per_day, perSecond: row.per_second, burst: row.burst }),
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    rotatedFrom: row.rotated_from,
  });
}

export interface BlueprintRow {
  seq: number;
  id: string;
  title: string;
  version: string;
  json: string;
  created_at: number;
  updated_at: number;
}

export interface ValidatorRow {
  hash: string;
  ref_tx_hash: string | null;
  ref_index: number | null;
}

/** The columns of BlueprintRow, from the table aliased `b`. */
export const BLUEPRINT_COLUMNS = "b.seq, b.id, b.title, b.version, b.json, b.created_at, b.updated_at";

/** The reference script a validator row records; null when none (or no row). */
export function refOf(row: ValidatorRow | undefined): ScriptRef | null {
  if (!row || row.ref_tx_hash === null || row.ref_index === null) return null;
  return Object.freeze({ txHash: row.ref_tx_hash, index: row.ref_index });
}

/** A blueprint from its row and its validators' rows (in their stored order). */
export function blueprintOf(row: BlueprintRow, validators: readonly ValidatorRow[]): StoredBlueprint {
  const refs: Record<string, ScriptRef> = {};
  for (const validator of validators) {
    const ref = refOf(validator);
    if (ref) refs[validator.hash] = ref;
  }
  return Object.freeze({
    id: row.id,
    title: row.title,
    version: row.version,
    json: row.json,
    hashes: Object.freeze(validators.map((v) => v.hash)),
    refs: Object.freeze(refs),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

export interface DeploymentRow {
  network: string;
  contract_title: string;
  contract_version: string;
  script_hash: string;
  tx_hash: string;
  output_index: number;
  created_at: number;
}

/** A row of tournament_deployments (either implementation) as a record. */
export function deploymentRecordOf(row: DeploymentRow): DeploymentRecord {
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
