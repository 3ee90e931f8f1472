// The storage interfaces for API keys and their quota counters. SQLite (sqlite.ts) is the
// embedded default; a fleet of instances would implement them on PostgreSQL or Redis, which is
// why every method returns a Promise even though SQLite answers at once.

/** The network family a key belongs to: a testnet key serves devnet, preview and preprod. */
export type KeyEnv = "testnet" | "mainnet";
export const KEY_ENVS: readonly KeyEnv[] = ["testnet", "mainnet"];

export interface KeyLimits {
  /** Requests per UTC day (the counter resets at 00:00 UTC). */
  readonly perDay: number;
  /** Tokens added to the bucket per second. */
  readonly perSecond: number;
  /** Size of the token bucket: how many requests may arrive at once. */
  readonly burst: number;
}

export const DEFAULT_LIMITS: KeyLimits = Object.freeze({ perDay: 50_000, perSecond: 10, burst: 500 });
/** Upper bound of every limit: keeps counters far inside SQLite's and JavaScript's safe integers. */
export const MAX_LIMIT = 1_000_000_000;

export interface ApiKeyRecord {
  /** Short printable identifier, shown by the CLI; never the key. */
  readonly id: string;
  readonly name: string;
  readonly env: KeyEnv;
  readonly limits: KeyLimits;
  /** Unix milliseconds. */
  readonly createdAt: number;
  /** Unix milliseconds, or null while the key is active. */
  readonly revokedAt: number | null;
  /** The ID of the key this one was rotated from, if any. */
  readonly rotatedFrom: string | null;
}

/** A key as it exists only at creation: the plaintext is returned once and never stored. */
export interface CreatedKey {
  readonly record: ApiKeyRecord;
  readonly key: string;
}

export interface NewKey {
  readonly name: string;
  readonly env: KeyEnv;
  readonly limits?: Partial<KeyLimits>;
}

export interface KeyStore {
  create(input: NewKey): Promise<CreatedKey>;
  /** The key whose hash (see key-material.ts) this is, revoked or not; undefined when unknown. */
  findByHash(hash: string): Promise<ApiKeyRecord | undefined>;
  findById(id: string): Promise<ApiKeyRecord | undefined>;
  /** Every key, oldest first. */
  list(): Promise<ApiKeyRecord[]>;
  /** Revokes an active key. Throws KeyStoreError NOT_FOUND or REVOKED. */
  revoke(id: string): Promise<ApiKeyRecord>;
  /** Revokes an active key and creates its successor (same name, env, limits) in one transaction. */
  rotate(id: string): Promise<CreatedKey>;
}

export interface DailyUsage {
  /** Whether this request was counted (false: the quota was already used up). */
  readonly allowed: boolean;
  /** Requests counted for the key on that day, this one included when allowed. */
  readonly used: number;
}

export interface QuotaStore {
  /**
   * Counts one request for the key on the UTC day `day` (YYYY-MM-DD) unless `limit` requests
   * were already counted. Check and increment are one atomic step, so parallel requests,
   * and several processes on one store, can never exceed the limit.
   */
  consumeDaily(keyId: string, day: string, limit: number): Promise<DailyUsage>;
  /** Requests counted for the key on that day. */
  usedOn(keyId: string, day: string): Promise<number>;
}

export type KeyStoreErrorCode = "NOT_FOUND" | "REVOKED" | "INVALID";

export class KeyStoreError extends Error {
  constructor(
    readonly code: KeyStoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "KeyStoreError";
  }
}

/** Checks limits and fills in the defaults; throws KeyStoreError INVALID naming the limit. */
export function resolveLimits(limits: Partial<KeyLimits> = {}): KeyLimits {
  const resolved = { ...DEFAULT_LIMITS };
  for (const name of ["perDay", "perSecond", "burst"] as const) {
    const value = limits[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1 || value > MAX_LIMIT) {
      throw new KeyStoreError("INVALID", `${name} must be a whole number from 1 to ${MAX_LIMIT}, not ${String(value)}.`);
    }
    resolved[name] = value;
  }
  return Object.freeze(resolved);
}
