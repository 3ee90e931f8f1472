// `npm run cli -- <group> <command> ...`: operator commands, with the service's own environment
// (.env, then loadConfig). Each command group lives in its own module and is listed in GROUPS.
// Exit codes: 0 done, 1 the operation failed (or the configuration is wrong), 2 wrong arguments.
import { ConfigError, loadConfig, loadDotEnv } from "../config.js";
import { CommandFailed, UsageError, type CliContext, type CommandGroup } from "./command.js";
import { keysCommand } from "./keys.js";

/**
 * The contracts group loads the Helios compiler and the chain backends (seconds of start-up):
 * imported only when it runs, so that the key commands start in a moment.
 */
const contractsGroup: CommandGroup = {
  name: "contracts",
  summary: "Tournament contract: show it, build its reference-script deployment.",
  run: async (args, context) => (await import("./contracts.js")).contractsCommand.run(args, context),
};

const GROUPS: readonly CommandGroup[] = [keysCommand, contractsGroup];

function help(): string {
  const width = Math.max(...GROUPS.map((g) => g.name.length)) + 2;
  return [
    "Usage: npm run cli -- <group> <command> [options]",
    "",
    "Groups:",
    ...GROUPS.map((g) => `  ${g.name.padEnd(width)}${g.summary}`),
    "",
    "Run `npm run cli -- <group> --help` for a group's commands. Settings (DATA_DIR, NETWORK...)",
    "come from the environment or a .env file, as for `npm start`.",
  ].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    out(help());
    return 0;
  }
  const group = GROUPS.find((g) => g.name === name);
  if (!group) {
    err(name === undefined ? "A command group is required." : `Unknown command group "${name}".`);
    err(help());
    return 2;
  }
  let context: CliContext;
  try {
    loadDotEnv();
    context = { config: loadConfig(), out, err };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    err(error.message);
    return 1;
  }
  try {
    return await group.run(rest, context);
  } catch (error) {
    if (error instanceof UsageError) {
      err(error.message);
      err(`Run \`npm run cli -- ${error.command.split(" ")[0]} --help\` for usage.`);
      return 2;
    }
    if (error instanceof CommandFailed) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`The command failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
