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

// ── Webhooks (issue #24) ─────────────────────────────────────────────────────────────────
// Each owner's webhooks (an owner: the first key of an API key's rotation chain, as blueprints'),
// and their deliveries: one row per webhook and event, so that queueing an event twice (two
// instances of a fleet reading the same log, a restart) is harmless. The queueing worker's cursor
// in the event log is kept here, with the highest block height it saw (a webhook asking for
// `confirmations` waits on it). Claims hand a due delivery to one worker at a time: a lease
// (a token and an expiry) that the attempt's record must still hold; PostgreSQL takes the rows
// with FOR UPDATE SKIP LOCKED, so instances of a fleet never claim the same one.
//
// The secret is stored as it is, unlike the API keys' hashes: the service signs every delivery
// with it, so it must have it back; it leaves the store only towards the signer (claims, the test
// delivery) and the creation's one answer.

export type WebhookState = "active" | "paused";
/** cancelled: a tx.confirmed waiting for its depth whose transaction was rolled back first. */
export type DeliveryState = "pending" | "delivered" | "failed" | "cancelled";

/** A webhook to create: what POST /webhooks checked. */
export interface NewWebhook {
  readonly owner: string;
  readonly url: string;
  readonly filter: EventFilter;
  /** tx.confirmed is delivered once its block is this deep (1: at once). */
  readonly confirmations: number;
  readonly secret: string;
  /**
   * The log's latest id at creation: the webhook receives the events after it. The store raises it
   * to the queueing cursor when the cursor is past it (events the worker already matched without
   * this webhook), so that "after fromEvent" always holds, exactly.
   */
  readonly fromEvent: number;
  readonly createdAt: number;
}

export interface StoredWebhook extends NewWebhook {
  /** "wh_" and 24 lowercase hex characters, random. */
  readonly id: string;
  /** The store's order of creation (queue's `matchedThrough`). */
  readonly seq: number;
  readonly state: WebhookState;
  /** Why it was paused (null while active). */
  readonly pausedReason: string | null;
  readonly pausedAt: number | null;
  /** Failed attempts in a row (any delivery of the webhook); a 2xx sets it back to 0. */
  readonly failures: number;
  /** Unix ms of the first failed attempt of the current run of failures; null when none. */
  readonly failingSince: number | null;
}

export interface WebhookPage {
  readonly webhooks: StoredWebhook[];
  /** The cursor of the next page; undefined on the last page. */
  readonly next?: string;
}

/** A delivery to queue: `body` is the event's JSON as GET /events sends it, signed at each attempt. */
export interface NewDelivery {
  readonly webhookId: string;
  readonly eventId: number;
  readonly eventType: string;
  readonly body: string;
  /** The block height the chain's tip must reach before the delivery is due (confirmations); null: due at once. */
  readonly minHeight: number | null;
  /** The event's transaction (a rollback of it cancels the delivery while it waits for its depth). */
  readonly txHash: string | null;
}

/** Pending deliveries waiting for their depth (a min height) of a transaction rolled back at event `rollback`: cancelled. */
export interface RolledBack {
  readonly txHash: string;
  /** The tx.rolled_back event's id: deliveries of later events (a confirmation again) stay. */
  readonly rollback: number;
  readonly reason: string;
}

/** A row of a webhook's delivery log. */
export interface DeliveryRecord {
  readonly webhookId: string;
  readonly eventId: number;
  readonly eventType: string;
  readonly state: DeliveryState;
  readonly attempts: number;
  /** The receiver's last HTTP status; null before an answer (none yet, a timeout, a refused connection). */
  readonly lastStatus: number | null;
  /** Why the last attempt failed; null when it did not. */
  readonly lastError: string | null;
  /** When the next attempt is due (Unix ms); null once delivered or failed. */
  readonly nextAttemptAt: number | null;
  readonly minHeight: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface DeliveryPage {
  readonly deliveries: DeliveryRecord[];
  readonly next?: string;
}

/** A claimed delivery: what an attempt needs, the lease it must still hold to record its answer. */
export interface ClaimedDelivery {
  readonly webhookId: string;
  readonly eventId: number;
  readonly body: string;
  readonly url: string;
  readonly secret: string;
  /** The webhook's owner (an attempt is made only while it holds an active key). */
  readonly owner: string;
  /** Attempts before this one. */
  readonly attempts: number;
  readonly lease: string;
}

/** What an attempt ended in. */
export interface AttemptOutcome {
  readonly state: DeliveryState;
  readonly status: number | null;
  readonly error: string | null;
  /** Unix ms of the next attempt when `state` is pending. */
  readonly nextAttemptAt: number | null;
}

/** Where the queueing worker stands in the event log. */
export interface WebhookCursor {
  /** The last event id read. */
  readonly after: number;
  /** The highest block height of the events read (0: none). */
  readonly tipHeight: number;
  /**
   * To queue: the highest webhook seq the events were matched against. When webhooks were created
   * since, the cursor moves no further than the smallest of their starts (`fromEvent`): the next
   * round matches the events after it again, with them (the deliveries already queued stay once).
   */
  readonly matchedThrough?: number;
}

/** A creation refused because the owner has `limit` webhooks already. */
export class WebhookLimitError extends Error {
  constructor(readonly limit: number) {
    super(`The owner has ${limit} webhooks already, the limit.`);
    this.name = "WebhookLimitError";
  }
}

export interface WebhookStore {
  /** Creates the webhook unless its owner has `limit` already (checked and inserted atomically: WebhookLimitError). */
  create(webhook: NewWebhook, limit: number): Promise<StoredWebhook>;
  /** The owner's webhook of this id; undefined when the owner has none (another owner's is none). */
  get(owner: string, id: string): Promise<StoredWebhook | undefined>;
  /** The owner's webhooks, oldest first, `limit` a page, after the cursor a previous page gave. */
  list(owner: string, limit: number, cursor?: string): Promise<WebhookPage>;
  /** Deletes the owner's webhook and its deliveries; false when the owner has none of this id. */
  delete(owner: string, id: string): Promise<boolean>;
  /** Sets the owner's webhook active again, its failures forgotten and its pending deliveries due at `now`. */
  resume(owner: string, id: string, now: number): Promise<StoredWebhook | undefined>;
  /** Pauses the webhook (a worker decided it, any owner's) with `reason`. */
  pause(id: string, reason: string, at: number): Promise<void>;
  /** Every webhook, of every owner, oldest first (the queueing worker matches events against them). */
  all(): Promise<StoredWebhook[]>;

  cursor(): Promise<WebhookCursor>;
  /**
   * Queues the deliveries (one already queued for the same webhook and event stays as it is) and
   * moves the cursor forward to `cursor` (never back: a slower instance's older cursor is ignored),
   * in one transaction with the cancellations of `rolledBack`.
   */
  queue(
    deliveries: readonly NewDelivery[],
    cursor: WebhookCursor,
    now: number,
    rolledBack?: readonly RolledBack[],
  ): Promise<void>;
  /**
   * Claims up to `limit` due deliveries of active webhooks (next attempt at or before `now`, the
   * tip at their min height, no lease held) for `leaseMs`; oldest due first.
   */
  /**
   * `tipHeight`: the chain's height now, as the events follower holds it (it goes down on a
   * rollback, and up on blocks with nothing recorded); without it, the highest block height the
   * queued events named.
   */
  claim(now: number, limit: number, leaseMs: number, tipHeight?: number): Promise<ClaimedDelivery[]>;
  /**
   * Records an attempt of a claimed delivery, if its lease is still held: the delivery's new state,
   * and the webhook's run of failures (set back on a delivery, one more otherwise). Answers the
   * webhook as it is after (undefined when the lease was lost or the webhook deleted).
   */
  record(claimed: ClaimedDelivery, outcome: AttemptOutcome, at: number): Promise<StoredWebhook | undefined>;
  /** The owner's webhook's deliveries, newest event first; undefined when the owner has no such webhook. */
  deliveries(owner: string, id: string, limit: number, cursor?: string): Promise<DeliveryPage | undefined>;
  /** Deletes delivered and failed deliveries last updated before `before`; answers how many. */
  prune(before: number): Promise<number>;
  /**
   * Gives up the pending deliveries queued before `queuedBefore` (a paused webhook's, a receiver
   * that never recovers): failed at `at` with `reason` as their last error, so that the log says so
   * and the table stays bounded. Answers how many.
   */
  expire(queuedBefore: number, at: number, reason: string): Promise<number>;
}
