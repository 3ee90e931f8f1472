// Entry point of `npm start`: reads the environment, builds the app and listens.
import { ConfigError, loadConfig, loadDotEnv } from "./config.js";
import { build } from "./server/app.js";
import { BASE_PATH } from "./server/paths.js";

async function main(): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await build(config);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, "shutting down");
      void app.close().then(() => process.exit(0));
    });
  }
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info({ network: config.network, docs: `${address}${BASE_PATH}/docs` }, `serving ${address}${BASE_PATH} on ${config.network}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`The service could not start: ${error instanceof Error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
