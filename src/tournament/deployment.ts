// Contract deployments: which tournament script a request means (contractTitle, contractVersion)
// and where it lives as a reference script. The service knows the contracts of DEPLOYMENTS (title
// and version from each one's blueprint preamble; the first is the default: v3, from
// contracts/plutus.json; then v2.1, contracts/v2.1/plutus.json, whose tournaments stay readable,
// settleable and refundable); anything else is a 404. A contract's
// layout tells the two apart: v2.1 keeps the participant list in its datum ("list"), v3 a seat
// tree ("tree", with its batch validator). A deployment's reference UTxOs (v3: the tournament and
// the batch scripts, each its own record) are read from the store and checked on chain before
// every use; while none exists, the script is attached inline. On the devnet the service deploys
// them itself (at start, or on first use); elsewhere the operator does, from the unsigned
// transaction prepareDeployment builds and records. The transactions are built in ./devnet-deploy.ts.
import type { Network } from "../config.js";
import { fromHex, splitTransaction, txIdOfBody } from "../cardano/tx-cbor.js";
import type { ChainPort } from "../chain/port.js";
import { isDevnet } from "../chain/port.js";
import { NotFoundError } from "../errors.js";
import type { DeploymentStore } from "../store/types.js";
import type { ScriptSource } from "./assemble.js";
import type { Address } from "../cardano/addresses.js";
import {
  batchScript,
  loadBlueprint,
  scriptAddressOf,
  tournamentScript,
  V2_1_CONTRACT,
  V3_CONTRACT,
  type CompiledScript,
  type ContractDescriptor,
} from "./contracts.js";
import { registrationScriptOf } from "./registration-script.js";
import { buildDeployTx, deployOnDevnet, vaultAddress } from "./devnet-deploy.js";
import type { TreeShape } from "./seat-tree.js";

/** The contracts a request may select, the default first. */
export const DEPLOYMENTS: readonly ContractDescriptor[] = [V3_CONTRACT, V2_1_CONTRACT];

/** What a v3 contract has beyond v2.1's: its seat tree's shape and the batch validator. */
export interface SeatTree {
  readonly shape: TreeShape;
  /** The batch validator: one address for every tournament. */
  readonly batch: CompiledScript;
  readonly batchAddress: Address;
}

export interface Contract {
  /** Where its sources, blueprint and registration template are. */
  readonly descriptor: ContractDescriptor;
  readonly contractTitle: string;
  readonly contractVersion: string;
  readonly script: CompiledScript;
  /** Policy id of the tournament NFTs (= the script hash). */
  readonly policyId: string;
  /** Address of the tournament validator on this network. */
  readonly address: Address;
  /** "list": the participants in the datum (v2.1); "tree": a seat tree, closes split into batches (v3). */
  readonly layout: "list" | "tree";
  /** The registration validator of one tournament (its template with the tournament ID put in). */
  readonly registrationOf: (tournamentId: string) => CompiledScript;
  /** A "tree" contract's seat tree and batch validator; absent for "list". */
  readonly tree?: SeatTree;
}

export interface ContractSelector {
  readonly contractTitle?: string | undefined;
  readonly contractVersion?: string | undefined;
}

/** A contract of its blueprint on a network. */
export function contractOf(descriptor: ContractDescriptor, network: Network): Contract {
  const { title, version } = loadBlueprint(descriptor).preamble;
  const script = tournamentScript(descriptor);
  const base = {
    descriptor,
    contractTitle: title,
    contractVersion: version,
    script,
    policyId: script.hash,
    address: scriptAddressOf(script.hash, network),
    registrationOf: (id: string) => registrationScriptOf(id, descriptor),
  };
  if (descriptor.tree === undefined) return { ...base, layout: "list" };
  const batch = batchScript();
  return {
    ...base,
    layout: "tree",
    tree: { shape: descriptor.tree, batch, batchAddress: scriptAddressOf(batch.hash, network) },
  };
}

/** The scripts of contracts v3. */
export interface V3ContractScripts {
  /** The tournament script (NFT policy + pool validator) of contracts/plutus.json. */
  readonly tournament: CompiledScript;
  /** The batch validator of contracts/plutus.json: one address for every tournament. */
  readonly batch: CompiledScript;
  /** Tournament `id`'s registration validator: contracts/registration-template.json with the ID put in. */
  readonly registrationOf: (id: string) => CompiledScript;
}

/** v3's scripts (V3_CONTRACT: contracts/plutus.json 3.0.0 and its registration template), each read and checked once. */
export const v3Scripts = (): V3ContractScripts => ({
  tournament: tournamentScript(V3_CONTRACT),
  batch: batchScript(),
  registrationOf: (id) => registrationScriptOf(id, V3_CONTRACT),
});

/** The default deployment: the first of DEPLOYMENTS. */
export const defaultContract = (network: Network): Contract => contractOf(DEPLOYMENTS[0]!, network);

/** The contracts a request may mean: the one it names, or, when it names none, every one (a read by tournament ID). */
export function candidateContracts(network: Network, selector: ContractSelector): Contract[] {
  if (selector.contractTitle !== undefined || selector.contractVersion !== undefined)
    return [selectContract(network, selector)];
  return DEPLOYMENTS.map((d) => contractOf(d, network));
}

/** The contract a request selects (the default's title and version where it names none), or a 404 naming what exists. */
export function selectContract(network: Network, selector: ContractSelector): Contract {
  const known = DEPLOYMENTS.map((d) => contractOf(d, network));
  const title = selector.contractTitle ?? known[0]!.contractTitle;
  const version = selector.contractVersion ?? known[0]!.contractVersion;
  const found = known.find((c) => c.contractTitle === title && c.contractVersion === version);
  if (found === undefined) {
    const names = known.map((c) => `"${c.contractTitle}" version "${c.contractVersion}"`).join(" and ");
    throw new NotFoundError(
      `No tournament contract deployment "${title}" version "${version}": this service knows ${names}.`,
    );
  }
  return found;
}

export class Deployments {
  readonly #chain: ChainPort;
  readonly #network: Network;
  readonly #store: DeploymentStore;
  readonly #devnetDeploys = new Map<string, Promise<ScriptSource>>();

  constructor(chain: ChainPort, network: Network, store: DeploymentStore) {
    this.#chain = chain;
    this.#network = network;
    this.#store = store;
  }

  /** The reference UTxO of `script` (the contract's) if it is recorded and still unspent on chain with the same script. */
  async #recorded(contract: Contract, script: CompiledScript): Promise<ScriptSource | null> {
    const record = await this.#store.find(this.#network, contract.contractTitle, contract.contractVersion, script.hash);
    if (!record) return null;
    const [utxo] = await this.#chain.utxosByRef([{ txHash: record.txHash, index: record.outputIndex }]);
    if (!utxo || !utxo.output.scriptRef) return null;
    // The reference must carry this very script (a changed blueprint has another hash, hence another record).
    if (!utxo.output.scriptRef.includes(script.compiledCode)) return null;
    return { kind: "reference", txHash: record.txHash, index: record.outputIndex, script };
  }

  /**
   * How a transaction uses the tournament script: by reference when a deployment exists (on the
   * devnet one is made when missing), else attached inline.
   */
  tournamentSource(contract: Contract): Promise<ScriptSource> {
    return this.scriptSource(contract, contract.script);
  }

  /** How a transaction uses one of the contract's scripts (the tournament script, v3's batch validator), as tournamentSource. */
  async scriptSource(contract: Contract, script: CompiledScript): Promise<ScriptSource> {
    const recorded = await this.#recorded(contract, script);
    if (recorded) return recorded;
    const chain = this.#chain;
    if (!isDevnet(chain)) return { kind: "inline", script };
    // One deployment of a script at a time; forgotten once settled, so that a devnet reset or
    // restore that removed it (the record then points at nothing) gets a new one.
    let deploy = this.#devnetDeploys.get(script.hash);
    if (deploy === undefined) {
      deploy = (async () => {
        const ref = await deployOnDevnet(chain, script);
        await this.#store.save({
          network: this.#network,
          contractTitle: contract.contractTitle,
          contractVersion: contract.contractVersion,
          scriptHash: script.hash,
          txHash: ref.txHash,
          outputIndex: ref.index,
          createdAt: Date.now(),
        });
        return { kind: "reference", txHash: ref.txHash, index: ref.index, script } as const;
      })();
      this.#devnetDeploys.set(script.hash, deploy);
    }
    try {
      return await deploy;
    } finally {
      if (this.#devnetDeploys.get(script.hash) === deploy) this.#devnetDeploys.delete(script.hash);
    }
  }

  /** Every script of the contract, each as tournamentSource gives it (v3: the tournament script, then the batch validator). */
  async sources(contract: Contract): Promise<ScriptSource[]> {
    const sources = [await this.tournamentSource(contract)];
    if (contract.tree !== undefined) sources.push(await this.scriptSource(contract, contract.tree.batch));
    return sources;
  }
}

export interface PreparedDeployment {
  /** The unsigned transaction, CBOR hex: the key of `from` signs it. */
  readonly transaction: string;
  readonly hash: string;
  /** The reference UTxO it makes, recorded as the deployment. */
  readonly outputRef: string;
  readonly vault: string;
}

/**
 * What `contracts deploy` does: builds the unsigned deployment of a tournament contract (the
 * default unless named), paid from the UTxOs of `from`, and records output #0 as its deployment
 * (v3: and #1 as its batch validator's). The service checks on chain
 * before every use, so the record is harmless until the transaction is submitted.
 */
export async function prepareDeployment(
  chain: ChainPort,
  network: Network,
  store: DeploymentStore,
  from: Address,
  change = from,
  contract = defaultContract(network),
): Promise<PreparedDeployment> {
  const utxos = await chain.utxosAt(from.bech32);
  if (utxos.length === 0) throw new Error(`${from.bech32} holds no UTxOs to pay the deployment.`);
  // Every script of the contract, output i the i-th (v3: the tournament script #0, the batch validator #1).
  const scripts = contract.tree === undefined ? [contract.script] : [contract.script, contract.tree.batch];
  const transaction = buildDeployTx(network, await chain.protocolParameters(), scripts, utxos, change);
  const hash = txIdOfBody(splitTransaction(fromHex(transaction)).body);
  for (const [outputIndex, script] of scripts.entries()) {
    await store.save({
      network,
      contractTitle: contract.contractTitle,
      contractVersion: contract.contractVersion,
      scriptHash: script.hash,
      txHash: hash,
      outputIndex,
      createdAt: Date.now(),
    });
  }
  return { transaction, hash, outputRef: `${hash}#0`, vault: vaultAddress(network) };
}
