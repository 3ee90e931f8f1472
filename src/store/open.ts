// The one place that picks the storage backend: PostgreSQL when DATABASE_URL is set (one pool
// shared by every store, for a fleet of instances), else the SQLite files in DATA_DIR (one
// instance, plus the CLI as a separate process). The server (src/server/plugins/stores.ts) and the
// CLI both open their stores here, so `DATABASE_URL=… npm run cli -- keys create` writes where
// the fleet reads.
import type { Config } from "../config.js";
import { StoreUnavailableError } from "../errors.js";
import { PostgresBlueprintStore, BLUEPRINTS_COMPONENT, BLUEPRINTS_MIGRATIONS } from "./postgres/blueprints.js";
import { PgDatabase } from "./postgres/database.js";
import { PostgresDeploymentStore, DEPLOYMENTS_COMPONENT, DEPLOYMENTS_MIGRATIONS } from "./postgres/deployments.js";
import { PostgresEventStore, EVENTS_COMPONENT, EVENTS_MIGRATIONS } from "./postgres/events.js";
import { PostgresKeyStore, KEYS_COMPONENT, KEYS_MIGRATIONS } from "./postgres/keys.js";
import { PostgresWebhookStore, WEBHOOKS_COMPONENT, WEBHOOKS_MIGRATIONS } from "./postgres/webhooks.js";
import { SqliteBlueprintStore } from "./sqlite/blueprints.js";
import { storePath } from "./sqlite/database.js";
import { deploymentsPath, SqliteDeploymentStore } from "./sqlite/deployments.js";
import { SqliteEventStore } from "./sqlite/events.js";
import { SqliteKeyStore } from "./sqlite/keys.js";
import { SqliteWebhookStore } from "./sqlite/webhooks.js";
import type { BlueprintStore, DeploymentStore, EventStore, KeyStore, QuotaStore, WebhookStore } from "./types.js";

export interface Stores {
  /** Which backend these are, for logs and diagnostics. */
  readonly backend: "sqlite" | "postgres";
  readonly keys: KeyStore & QuotaStore;
  readonly blueprints: BlueprintStore;
  readonly deployments: DeploymentStore;
  /** The event log (src/events/) and its followers' positions. */
  readonly events: EventStore;
  /** Each key's webhooks, their deliveries and the queueing worker's cursor (src/webhooks/). */
  readonly webhooks: WebhookStore;
  /** Closes every store (the pool or the files) once; later calls wait for the same close. */
  close(): Promise<void>;
  /** Why the stores cannot be used right now (for health), or null when they can. */
  problem(): Promise<string | null>;
}

export interface OpenStoresOptions {
  /** Unix milliseconds for the keys' and blueprints' times (tests inject one); Date.now by default. */
  readonly clock?: () => number;
}

/** Opens and migrates the stores `config` selects; what fails to open is closed again before the error is thrown. */
export async function openStores(
  config: Pick<Config, "dataDir" | "databaseUrl">,
  options: OpenStoresOptions = {},
): Promise<Stores> {
  return config.databaseUrl === undefined
    ? openSqlite(config.dataDir, options)
    : openPostgres(config.databaseUrl, options);
}

/**
 * PostgreSQL's stores. When PostgreSQL cannot be reached, they open anyway, degraded: every use
 * answers StoreUnavailableError (503) until it is back, and the first one that finds it back
 * applies the migrations (PgDatabase.ready), so an instance of a fleet can start, or restart,
 * during an outage of the database. A migration that fails for any other reason stops the open.
 */
async function openPostgres(url: string, { clock = Date.now }: OpenStoresOptions): Promise<Stores> {
  const db = new PgDatabase(url, [
    { component: KEYS_COMPONENT, migrations: KEYS_MIGRATIONS },
    { component: BLUEPRINTS_COMPONENT, migrations: BLUEPRINTS_MIGRATIONS },
    { component: DEPLOYMENTS_COMPONENT, migrations: DEPLOYMENTS_MIGRATIONS },
    { component: EVENTS_COMPONENT, migrations: EVENTS_MIGRATIONS },
    { component: WEBHOOKS_COMPONENT, migrations: WEBHOOKS_MIGRATIONS },
  ]);
  try {
    await db.ready();
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) {
      await db.close();
      throw error;
    }
  }
  return {
    backend: "postgres",
    keys: new PostgresKeyStore(db, clock),
    blueprints: new PostgresBlueprintStore(db, clock),
    deployments: new PostgresDeploymentStore(db),
    events: new PostgresEventStore(db),
    webhooks: new PostgresWebhookStore(db),
    close: () => db.close(),
    problem: () => db.problem(),
  };
}

async function openSqlite(dataDir: string, { clock = Date.now }: OpenStoresOptions): Promise<Stores> {
  const opened: { close(): Promise<void> }[] = [];
  const track = <T extends { close(): Promise<void> }>(store: T): T => {
    opened.push(store);
    return store;
  };
  const closeAll = async (): Promise<void> => {
    await Promise.all(opened.map((store) => store.close()));
  };
  try {
    const keys = track(await SqliteKeyStore.open(storePath(dataDir), { clock }));
    const blueprints = track(await SqliteBlueprintStore.open(storePath(dataDir), { clock }));
    const deployments = track(await SqliteDeploymentStore.open(deploymentsPath(dataDir)));
    const events = track(await SqliteEventStore.open(storePath(dataDir)));
    const webhooks = track(await SqliteWebhookStore.open(storePath(dataDir)));
    let closing: Promise<void> | null = null;
    // The files are local: a full disk shows in the devnet's own storage check and in the write that fails.
    return {
      backend: "sqlite",
      keys,
      blueprints,
      deployments,
      events,
      webhooks,
      close: () => (closing ??= closeAll()),
      problem: () => Promise.resolve(null),
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
