// The storage interfaces: API keys and their quota counters, blueprints, contract deployments, events.
// SQLite (sqlite/) is the embedded default; a fleet of instances shares PostgreSQL (postgres/),
// which is why every method returns a Promise even though SQLite answers at once. open.ts picks
// one from the config. The rules both implement the same way (what a valid key or blueprint is,
// the refusals' words) live here, so that the two cannot drift apart; test/support/store-suite.ts
// checks the rest of the contract on both.
import type { ChainEvent, EventFilter, NewEvent } from "../events/types.js";

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

/** A checked NewKey: the name trimmed, the env known, the limits filled in; throws KeyStoreError INVALID. */
export function resolveNewKey(input: NewKey): {
  readonly name: string;
  readonly env: KeyEnv;
  readonly limits: KeyLimits;
} {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100 || /[\p{Cc}]/u.test(name)) {
    throw new KeyStoreError("INVALID", "name must be 1 to 100 printable characters.");
  }
  if (input.env !== "testnet" && input.env !== "mainnet") {
    throw new KeyStoreError("INVALID", `env must be testnet or mainnet, not ${String(input.env)}.`);
  }
  return { name, env: input.env, limits: resolveLimits(input.limits) };
}

/** Throws the KeyStoreError of revoking or rotating `id` when it is unknown or already revoked. */
export function assertActiveKey(id: string, record: { readonly revokedAt: number | null } | undefined): void {
  if (!record) throw new KeyStoreError("NOT_FOUND", `No key has the ID ${id}.`);
  if (record.revokedAt !== null) {
    throw new KeyStoreError(
      "REVOKED",
      `The key ${id} was already revoked on ${new Date(record.revokedAt).toISOString()}.`,
    );
  }
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
      throw new KeyStoreError(
        "INVALID",
        `${name} must be a whole number from 1 to ${MAX_LIMIT}, not ${String(value)}.`,
      );
    }
    resolved[name] = value;
  }
  return Object.freeze(resolved);
}

// ── Blueprints (CIP-57) ──────────────────────────────────────────────────────────────────
// Stored per owner (an API key's ID; see src/blueprints/library.ts for who the owner of a
// request is). A blueprint's identity within its owner is the set of its validators' hashes:
// storing one whose hashes are those of a stored one updates it (new JSON, refs merged), and any
// other is a new blueprint. The store keeps the JSON as given and never reads it: the domain
// parses it and passes the title, version and hashes alongside.

/** Where a validator is deployed as a reference script: the output `txHash#index`. */
export interface ScriptRef {
  readonly txHash: string;
  readonly index: number;
}

export interface NewBlueprint {
  /** The preamble's title, for filters. */
  readonly title: string;
  /** The preamble's version ("" when it has none), for filters. */
  readonly version: string;
  /** The blueprint JSON, as text. */
  readonly json: string;
  /** Its validators' distinct hashes (56 lowercase hex): the blueprint's identity. */
  readonly hashes: readonly string[];
  /** Reference scripts to record, by validator hash (every key one of `hashes`); merged into the stored ones. */
  readonly refs: Readonly<Record<string, ScriptRef>>;
}

export interface StoredBlueprint {
  /** 12 lowercase hex characters, random: what DELETE /blueprints/{id} names. */
  readonly id: string;
  readonly title: string;
  readonly version: string;
  readonly json: string;
  /** The validators' distinct hashes, in the order they were given. */
  readonly hashes: readonly string[];
  /** The recorded reference scripts, by validator hash. */
  readonly refs: Readonly<Record<string, ScriptRef>>;
  /** Unix milliseconds. */
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface BlueprintFilter {
  /** Only blueprints whose title is exactly this. */
  readonly title?: string;
  /** Only blueprints whose version is exactly this. */
  readonly version?: string;
  /** Only blueprints that hold a validator of this hash. */
  readonly hash?: string;
  /** At most this many (1 or more). */
  readonly limit: number;
  /** Only blueprints stored after the one this cursor (from a previous page's `next`) names. */
  readonly after?: number;
  /**
   * The page ends before the blueprint whose JSON would bring the page's JSON over this many
   * characters (the first blueprint is always taken): a page of large blueprints is read, held and
   * answered within a bounded size, and `next` continues from there. Absent: `limit` alone.
   */
  readonly maxBytes?: number;
}

export interface BlueprintPage {
  readonly blueprints: StoredBlueprint[];
  /** The cursor of the next page (`after`); undefined on the last page. */
  readonly next?: number;
}

export interface FoundValidator {
  /** The owner's most recently updated blueprint that holds the validator. */
  readonly blueprint: StoredBlueprint;
  /** Where the validator is deployed: that blueprint's ref for it, else the most recently recorded one among the owner's blueprints; null when none. */
  readonly ref: ScriptRef | null;
}

/**
 * The distinct hashes of a blueprint to store and its identity (the sorted hashes, comma-joined);
 * throws when there is no hash or a ref names a hash the blueprint does not hold.
 */
export function blueprintIdentity(blueprint: NewBlueprint): { readonly hashes: string[]; readonly identity: string } {
  const hashes = [...new Set(blueprint.hashes)];
  if (hashes.length === 0) throw new Error("A blueprint to store has at least one validator hash.");
  for (const hash of Object.keys(blueprint.refs)) {
    if (!hashes.includes(hash)) throw new Error(`A ref names ${hash}, which is not a validator of the blueprint.`);
  }
  return { hashes, identity: [...hashes].sort().join(",") };
}

export interface SaveOptions {
  /**
   * Most blueprints the owner may store: a save that would create one more than this throws
   * BlueprintLimitError (an update of a stored one passes). Checked and inserted as one atomic
   * step, so that concurrent saves, on any number of instances, never store more.
   */
  readonly limit?: number;
}

/** A save refused because the blueprint would be new and its owner already stores `limit` (SaveOptions.limit). */
export class BlueprintLimitError extends Error {
  constructor(readonly limit: number) {
    super(`The owner already stores ${limit} blueprints, the limit: this one would be new.`);
    this.name = "BlueprintLimitError";
  }
}

export interface BlueprintStore {
  /** Creates the owner's blueprint, or updates the one with the same hashes (JSON replaced, refs merged). */
  save(
    owner: string,
    blueprint: NewBlueprint,
    options?: SaveOptions,
  ): Promise<{ readonly blueprint: StoredBlueprint; readonly created: boolean }>;
  /** The owner's blueprints that match the filter, oldest first. */
  list(owner: string, filter: BlueprintFilter): Promise<BlueprintPage>;
  /** The owner's blueprint of this ID; undefined when the owner has none (another owner's is none). */
  get(owner: string, id: string): Promise<StoredBlueprint | undefined>;
  /** Deletes the owner's blueprint of this ID; false when the owner has none. */
  delete(owner: string, id: string): Promise<boolean>;
  /** The owner's blueprint holding the validator of this hash, with its reference script; undefined when none. */
  findValidator(owner: string, hash: string): Promise<FoundValidator | undefined>;
  /** How many blueprints the owner stores. */
  count(owner: string): Promise<number>;
}

// ── Contract deployments ─────────────────────────────────────────────────────────────────
// Where the tournament contracts are deployed as reference scripts, per network and contract
// (title, version, script hash), so that a restarted service (and the CLI, which records the
// deployments it builds) reuses the same reference UTxOs.

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

export interface DeploymentStore {
  /** The recorded deployment of this contract and script on the network; null when none. */
  find(
    network: string,
    contractTitle: string,
    contractVersion: string,
    scriptHash: string,
  ): Promise<DeploymentRecord | null>;
  /** Records (or replaces) the reference UTxO of a deployment. */
  save(record: DeploymentRecord): Promise<void>;
}

// ── Events (issue #24) ───────────────────────────────────────────────────────────────────
// The log of src/events/'s events, in the order of their ids, with their filter keys (type, tx
// hash, tournament, the addresses they touch) beside them so that a filter is an indexed lookup.
// Pruned oldest first (retention by age and count); `prunedThrough` remembers the highest id
// pruned, so that a reader resuming below it is told it missed some (a stream.gap) rather than
// a skipped id being taken for a pruned one. The followers' positions are kept here too, written
// in the same transaction as the events they produced: a restart resumes without a gap or a repeat.

/** Where the log stands: the oldest id kept (null when empty), the highest pruned (0: none), the latest given (0: none). */
export interface EventLogBounds {
  readonly oldest: number | null;
  readonly prunedThrough: number;
  readonly latest: number;
}

/** A follower's position, written with the events it produced (append). */
export interface FollowerPosition {
  /** The follower's name ("devnet"). */
  readonly follower: string;
  /** Its position as JSON text: the follower alone reads it. */
  readonly position: string;
  /**
   * The position the follower started this step from (null: none saved). When given, the append
   * is refused with FollowerMovedError, and nothing is appended, if the saved one differs: another
   * instance of a fleet recorded this step first. Each block's events are then recorded once
   * however many instances follow the chain.
   */
  readonly previous?: string | null;
}

/** An append whose follower position another writer moved first (FollowerPosition.previous). */
export class FollowerMovedError extends Error {
  constructor(follower: string) {
    super(`the ${follower} follower's position was moved by another writer; read it again`);
    this.name = "FollowerMovedError";
  }
}

/** Whether the saved `current` position is the `expected` one of a compare-and-set append (undefined: none asked). */
export const positionHolds = (expected: string | null | undefined, current: string | null): boolean =>
  expected === undefined || expected === current;

export interface EventStore {
  /**
   * Appends the events in their order, each given the next id and `createdAt`, and saves `position`
   * (when given) in the same transaction; answers them as stored. Appends are serialized: ids are
   * visible in the order they are given, so a reader that saw id n never later finds a smaller one.
   */
  append(events: readonly NewEvent[], createdAt: number, position?: FollowerPosition): Promise<ChainEvent[]>;
  /** The events after id `after` that pass `filter`, oldest first, at most `limit`. */
  after(after: number, filter: EventFilter, limit: number): Promise<ChainEvent[]>;
  bounds(): Promise<EventLogBounds>;
  /** Deletes the events recorded before `createdBefore` (Unix ms) and all but the newest `keep`; answers how many. */
  prune(createdBefore: number, keep: number): Promise<number>;
  /** A follower's saved position (FollowerPosition.position), or null when it never saved one. */
  position(follower: string): Promise<string | null>;
}
