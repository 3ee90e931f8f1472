// What a command group of the CLI is, and the error that means "wrong arguments" (exit code 2).
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { Config } from "../config.js";

/** Where a command writes; the process's streams in main.ts, buffers in tests if ever needed. */
export interface CliContext {
  readonly config: Config;
  out(line: string): void;
  err(line: string): void;
}

export interface CommandGroup {
  /** The first word on the command line, e.g. `keys`. */
  readonly name: string;
  /** One line for the top-level help. */
  readonly summary: string;
  /** Runs the group with the arguments after its name; resolves to the exit code. */
  run(args: string[], context: CliContext): Promise<number>;
}

/** Wrong or missing arguments: main.ts prints the message and a pointer to --help, and exits 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose --help to point at, e.g. `keys create`. */
    readonly command: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

/** An operation that could not be done (unknown ID, already revoked...): exit 1. */
export class CommandFailed extends Error {
  override name = "CommandFailed";
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** node:util parseArgs in strict mode, its errors turned into UsageErrors that name the flag. */
export function parseCommandArgs<O extends Options>(args: string[], options: O, command: string) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, ".");
    throw new UsageError(message, command);
  }
}

/** A whole number in [min, max] for `flag`, or a UsageError naming it. */
export function integerFlag(
  value: string | undefined,
  flag: string,
  command: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const text = value.replaceAll("_", "");
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not "${value}".`, command);
  }
  return Number(text);
}
