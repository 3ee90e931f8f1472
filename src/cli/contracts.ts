// `contracts show | deploy`: the default tournament contract (v3) and its reference-script deployment.
// On real networks the operator deploys: `deploy` builds the unsigned transaction that puts the
// contract's scripts (v3: the tournament script #0, the batch validator #1) at the vault (an address
// nobody holds a key for), prints it, and records the expected reference UTxOs in DATA_DIR; the service uses it as soon as it is on chain and attaches the
// script inline until then. On the devnet the service deploys by itself.
import { paymentAddressOn } from "../cardano/address-rules.js";
import type { Address } from "../cardano/addresses.js";
import { createChain, noChainBackend } from "../chain/index.js";
import { StoreUnavailableError } from "../errors.js";
import { openStores, type Stores } from "../store/open.js";
import { defaultContract, prepareDeployment } from "../tournament/deployment.js";
import { vaultAddress } from "../tournament/devnet-deploy.js";
import { CommandFailed, UsageError, parseCommandArgs, type CliContext, type CommandGroup } from "./command.js";

const HELP = `Usage: npm run cli -- contracts <command> [options]

Commands:
  show           The default tournament contract (title, version, script hashes, addresses) and
                 its recorded reference-script deployments on this NETWORK, if any.
  deploy --from ADDRESS [--change ADDRESS]
                 Builds the unsigned transaction that deploys the default contract's scripts as
                 reference scripts at the vault address (no key exists for it), paid from the UTxOs
                 of ADDRESS, and records output #0 (the tournament script) and #1 (v3's batch
                 validator) as the deployment. Sign it (e.g. scripts/sign.ts) and submit
                 it (POST /v2/services/transactions/submit); until it is on chain the service keeps
                 attaching the script inline. Not needed on the devnet: the service deploys there.

Deployments are recorded in DATA_DIR/tournament-deployments.sqlite, or in PostgreSQL when DATABASE_URL is set.`;

/** The stores of the config; an unreachable database as a one-line failure instead of a stack trace. */
async function open(context: CliContext): Promise<Stores> {
  try {
    return await openStores(context.config);
  } catch (error) {
    throw error instanceof StoreUnavailableError ? new CommandFailed(error.message) : error;
  }
}

async function show(context: CliContext): Promise<number> {
  const { network } = context.config;
  const c = defaultContract(network);
  context.out(`contractTitle    ${c.contractTitle}`);
  context.out(`contractVersion  ${c.contractVersion}`);
  context.out(`scriptHash       ${c.script.hash} (the NFT policy id)`);
  context.out(`address          ${c.address.bech32}`);
  context.out(`vault            ${vaultAddress(network)}`);
  if (c.tree !== undefined) context.out(`batchScriptHash  ${c.tree.batch.hash} (the batch validator)`);
  const stores = await open(context);
  try {
    const deployment = async (hash: string) => {
      const record = await stores.deployments.find(network, c.contractTitle, c.contractVersion, hash);
      return record
        ? `${record.txHash}#${record.outputIndex} (recorded ${new Date(record.createdAt).toISOString()})`
        : "none recorded: the script is attached inline";
    };
    context.out(`deployment       ${await deployment(c.script.hash)}`);
    if (c.tree !== undefined) context.out(`batchDeployment  ${await deployment(c.tree.batch.hash)}`);
  } finally {
    await stores.close();
  }
  return 0;
}

async function deploy(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    { from: { type: "string" }, change: { type: "string" } },
    "contracts deploy",
  );
  const { network } = context.config;
  if (values.from === undefined)
    throw new UsageError("contracts deploy needs --from ADDRESS (whose UTxOs pay).", "contracts deploy");
  if (network === "devnet") {
    throw new CommandFailed("On the devnet the service deploys the tournament script by itself when it starts.");
  }
  let from: Address;
  let change: Address;
  try {
    from = paymentAddressOn(network, values.from, "--from");
    change = values.change === undefined ? from : paymentAddressOn(network, values.change, "--change");
  } catch (error) {
    throw new UsageError((error as Error).message, "contracts deploy");
  }
  const chain = await createChain(context.config);
  if (!chain) throw new CommandFailed(`${noChainBackend(network)}.`);
  let stores;
  try {
    stores = await open(context);
  } catch (error) {
    await chain.close();
    throw error;
  }
  try {
    const c = defaultContract(network);
    let prepared;
    try {
      prepared = await prepareDeployment(chain, network, stores.deployments, from, change);
    } catch (error) {
      throw new CommandFailed(`The deployment cannot be built: ${(error as Error).message}`);
    }
    const batch = c.tree === undefined ? "" : `, and its batch validator ${c.tree.batch.hash} as ${prepared.hash}#1`;
    context.err(
      `Deployment of ${c.contractTitle} ${c.contractVersion} (script ${c.script.hash}) recorded as ${prepared.outputRef}${batch} at ${prepared.vault}.`,
    );
    context.err(
      "Sign the transaction below with the key of --from and submit it; the service uses the reference once it is on chain.",
    );
    context.out(
      JSON.stringify({ transaction: prepared.transaction, hash: prepared.hash, outputRef: prepared.outputRef }),
    );
    return 0;
  } finally {
    await stores.close();
    await chain.close();
  }
}

export const contractsCommand: Omit<CommandGroup, "summary"> = {
  name: "contracts",
  async run(args, context) {
    const [command, ...rest] = args;
    if (command === undefined || command === "--help" || command === "-h" || command === "help") {
      context.out(HELP);
      return command === undefined ? 2 : 0;
    }
    if (command === "show") return show(context);
    if (command === "deploy") return deploy(rest, context);
    throw new UsageError(`Unknown contracts command "${command}".`, "contracts");
  },
};
