// `keys create | list | revoke | rotate`: API key management on the service's store (open.ts:
// PostgreSQL when DATABASE_URL is set, else the SQLite file in DATA_DIR).
// The key itself is printed once, at creation or rotation; the store keeps only its hash.
import { StoreUnavailableError } from "../errors.js";
import { openStores } from "../store/open.js";
import {
  DEFAULT_LIMITS,
  KEY_ENVS,
  KeyStoreError,
  MAX_LIMIT,
  type ApiKeyRecord,
  type CreatedKey,
  type KeyEnv,
  type KeyStore,
} from "../store/types.js";
import {
  CommandFailed,
  UsageError,
  integerFlag,
  parseCommandArgs,
  type CliContext,
  type CommandGroup,
} from "./command.js";

const HELP = `Usage: npm run cli -- keys <command> [options]

Commands:
  create --name NAME --env testnet|mainnet [--per-day N] [--per-second N] [--burst N]
                 Creates a key and prints it once, with its ID. Defaults: ${DEFAULT_LIMITS.perDay}/day,
                 ${DEFAULT_LIMITS.perSecond}/s, burst ${DEFAULT_LIMITS.burst}. A testnet key serves devnet, preview
                 and preprod; a mainnet key serves mainnet only.
  list           One line per key: ID, name, network, limits, state, creation time.
                 Never prints a key or its hash.
  revoke ID      Revokes a key; running servers refuse it from their next request on.
  rotate ID      Revokes a key and prints a new one with the same name, network and limits.

The keys live in DATA_DIR/service.sqlite (DATA_DIR from the environment or .env; default ./data),
or in PostgreSQL when DATABASE_URL is set (as for the service).`;

const CREATE_HELP = `Usage: npm run cli -- keys create --name NAME --env testnet|mainnet [--per-day N] [--per-second N] [--burst N]`;

const SUBCOMMANDS = ["create", "list", "revoke", "rotate"] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];

const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

function describeLimits(record: ApiKeyRecord): string {
  const { perDay, perSecond, burst } = record.limits;
  return `${perDay}/day  ${perSecond}/s  burst ${burst}`;
}

/** One `keys list` line: ID first; the name quoted so that spaces cannot shift the columns. */
function listLine(record: ApiKeyRecord): string {
  const state = record.revokedAt === null ? "active" : `revoked ${iso(record.revokedAt)}`;
  return [
    record.id,
    JSON.stringify(record.name),
    record.env,
    describeLimits(record),
    state,
    `created ${iso(record.createdAt)}`,
  ].join("  ");
}

function printCreated(context: CliContext, created: CreatedKey, verb: string): void {
  const { record, key } = created;
  context.out(`${verb} key ${record.id} (${JSON.stringify(record.name)}, ${record.env}, ${describeLimits(record)}).`);
  context.out("Store the key now: it is shown only this once.");
  context.out(key);
}

/** A refusal of the store, or its database being unreachable, as a one-line failure instead of a stack trace. */
function commandError(error: unknown): unknown {
  if (error instanceof KeyStoreError || error instanceof StoreUnavailableError) return new CommandFailed(error.message);
  return error;
}

async function withStore<T>(context: CliContext, action: (store: KeyStore) => Promise<T>): Promise<T> {
  const stores = await openStores(context.config).catch((error: unknown) => {
    throw commandError(error);
  });
  try {
    return await action(stores.keys);
  } catch (error) {
    throw commandError(error);
  } finally {
    await stores.close();
  }
}

function oneId(positionals: string[], command: string): string {
  const [id, ...extra] = positionals;
  if (id === undefined) throw new UsageError(`${command} needs the key's ID (the first column of keys list).`, command);
  if (extra.length > 0) throw new UsageError(`${command} takes one ID; unexpected "${extra[0]}".`, command);
  return id;
}

async function create(args: string[], context: CliContext): Promise<number> {
  const command = "keys create";
  const { values, positionals } = parseCommandArgs(
    args,
    {
      name: { type: "string" },
      env: { type: "string" },
      "per-day": { type: "string" },
      "per-second": { type: "string" },
      burst: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    command,
  );
  if (values.help) {
    context.out(CREATE_HELP);
    return 0;
  }
  if (positionals.length > 0)
    throw new UsageError(`${command} takes no positional arguments; unexpected "${positionals[0]}".`, command);
  const name = values.name?.trim();
  if (!name)
    throw new UsageError('--name is required: a label for the key\'s owner, e.g. --name "billing service".', command);
  if (name.length > 100 || /\p{Cc}/u.test(name))
    throw new UsageError("--name must be at most 100 printable characters.", command);
  if (values.env === undefined) throw new UsageError("--env is required: testnet or mainnet.", command);
  if (!(KEY_ENVS as readonly string[]).includes(values.env)) {
    throw new UsageError(`--env must be testnet or mainnet, not "${values.env}".`, command);
  }
  const limits = {
    perDay: integerFlag(values["per-day"], "--per-day", command, 1, MAX_LIMIT),
    perSecond: integerFlag(values["per-second"], "--per-second", command, 1, MAX_LIMIT),
    burst: integerFlag(values.burst, "--burst", command, 1, MAX_LIMIT),
  };
  const created = await withStore(context, (store) => store.create({ name, env: values.env as KeyEnv, limits }));
  printCreated(context, created, "Created");
  return 0;
}

async function list(args: string[], context: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, "keys list");
  if (positionals.length > 0)
    throw new UsageError(`keys list takes no arguments; unexpected "${positionals[0]}".`, "keys list");
  const records = await withStore(context, (store) => store.list());
  if (records.length === 0)
    context.err("No keys yet: create one with `npm run cli -- keys create --name NAME --env testnet`.");
  for (const record of records) context.out(listLine(record));
  return 0;
}

async function revoke(args: string[], context: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, "keys revoke");
  const id = oneId(positionals, "keys revoke");
  const record = await withStore(context, (store) => store.revoke(id));
  context.out(`Revoked key ${record.id} (${JSON.stringify(record.name)}, ${record.env}) at ${iso(record.revokedAt!)}.`);
  return 0;
}

async function rotate(args: string[], context: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, "keys rotate");
  const id = oneId(positionals, "keys rotate");
  const created = await withStore(context, (store) => store.rotate(id));
  context.out(`Revoked key ${id}.`);
  printCreated(context, created, "Created replacement");
  return 0;
}

const handlers: Record<Subcommand, (args: string[], context: CliContext) => Promise<number>> = {
  create,
  list,
  revoke,
  rotate,
};

export const keysCommand: CommandGroup = {
  name: "keys",
  summary: "Create, list, revoke and rotate API keys.",
  async run(args, context) {
    const [sub, ...rest] = args;
    if (sub === undefined) throw new UsageError(`keys needs a command: ${SUBCOMMANDS.join(", ")}.`, "keys");
    if (sub === "--help" || sub === "-h" || sub === "help") {
      context.out(HELP);
      return 0;
    }
    if (!(SUBCOMMANDS as readonly string[]).includes(sub)) {
      throw new UsageError(`Unknown keys command "${sub}": use one of ${SUBCOMMANDS.join(", ")}.`, "keys");
    }
    if (sub !== "create" && (rest.includes("--help") || rest.includes("-h"))) {
      context.out(HELP);
      return 0;
    }
    return handlers[sub as Subcommand](rest, context);
  },
};
