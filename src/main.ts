// Entry point of the server: reads the environment, takes the data directory's lock, builds the
// app and listens. `npm start` (and start:prod) exec `node scripts/start.mjs` from npm's shell (it
// transpiles src/ where changed and imports this file's output in its own process), so that npm's
// SIGTERM and SIGINT reach the handlers below; a supervisor runs node itself (docs/operations.md).
import type { FastifyInstance } from "fastify";
import { DataDirLock, DataDirLockedError } from "./chain/devnet/data-dir-lock.js";
import { ConfigError, loadConfig, loadDotEnv, type Config } from "./config.js";
import { build } from "./server/app.js";
import { BASE_PATH } from "./server/paths.js";
import { logText } from "./url-display.js";
import { makePrivate } from "./private-files.js";

/**
 * Whether this server writes state into DATA_DIR that a second server must not share: the
 * devnet's ledger, and the key store unless the keys live in PostgreSQL (DATABASE_URL).
 */
const ownsDataDir = (config: Config): boolean => config.network === "devnet" || config.databaseUrl === undefined;

/**
 * SIGTERM or SIGINT: stop accepting connections, let in-flight requests finish for up to
 * SHUTDOWN_TIMEOUT_MS (then cut their connections), close the stores (app.close runs the onClose
 * hooks), release the lock and exit 0. A second signal exits at once.
 */
function exitOnSignals(app: FastifyInstance, config: Config, lock: DataDirLock | null): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, "second signal: exiting without waiting for in-flight requests");
      process.exit(1);
    }
    stopping = true;
    app.log.info(
      { signal, drainMs: config.shutdownTimeoutMs },
      "shutting down: no new connections, draining in-flight requests",
    );
    const force = setTimeout(() => {
      app.log.warn(
        { timeoutMs: config.shutdownTimeoutMs },
        "in-flight requests still running at the shutdown timeout: closing their connections",
      );
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    force.unref();
    app.close().then(
      () => {
        lock?.release();
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, "the service did not close cleanly");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

async function main(): Promise<void> {
  loadDotEnv();
  let config;
  let lock: DataDirLock | null = null;
  try {
    config = loadConfig();
    // DATA_DIR holds secrets: 0700, its files 0600 (also those an older version made 0644).
    makePrivate(config.dataDir);
    if (ownsDataDir(config)) lock = DataDirLock.acquire(config.dataDir);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      process.stderr.write(`${logText(error.message)}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await build(config);
  exitOnSignals(app, config, lock);
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { network: config.network, docs: `${address}${BASE_PATH}/docs` },
    `serving ${address}${BASE_PATH} on ${config.network}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The service could not start: ${logText(error instanceof Error && error.stack ? error.stack : String(error))}\n`,
  );
  process.exit(1);
});
