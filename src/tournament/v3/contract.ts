// Contracts v3 as the builders take them (contracts/V3-DESIGN.md §5): the tournament script (NFT
// policy and pool validator in one), the batch validator (one address for every tournament) and a
// tournament's registration validator (v2.1's source with v3's tournament hash), each a compiled
// script, the first two with where a transaction finds them (a reference UTxO, or attached inline),
// and the seat tree's shape they were compiled for: the service's Contract (deployment.ts) of layout
// "tree", its sources resolved. The builders take it as a parameter: where the programs come from
// (the blueprint, a deployment) is the caller's business.
import type { Address } from "../../cardano/addresses.js";
import type { Network } from "../../config.js";
import type { ScriptSource } from "../assemble.js";
import { scriptAddressOf, V3_CONTRACT, type CompiledScript } from "../contracts.js";
import type { Contract, SeatTree } from "../deployment.js";
import type { TreeShape } from "../seat-tree.js";

/** The three programs of a v3 build. */
export interface V3Scripts {
  readonly shape: TreeShape;
  readonly tournament: CompiledScript;
  readonly batch: CompiledScript;
  /** The registration validator of one tournament. */
  readonly registration: (tournamentId: string) => CompiledScript;
}

/** A reference UTxO that carries a script. */
export interface ScriptRef {
  readonly txHash: string;
  readonly index: number;
}

/**
 * A v3 contract as the builders take it: the service's Contract of layout "tree" (deployment.ts),
 * with how its transactions use the tournament and batch scripts (reference UTxOs, or inline).
 */
export interface V3Contract extends Contract {
  readonly layout: "tree";
  readonly tree: SeatTree;
  readonly shape: TreeShape;
  /** The batch validator's enterprise address (the same for every tournament). */
  readonly batchAddress: Address;
  /** How transactions use the tournament script. */
  readonly tournament: ScriptSource;
  /** How transactions use the batch validator. */
  readonly batch: ScriptSource;
  /** The registration validator of one tournament (attached inline, as v2.1's). */
  readonly registration: (tournamentId: string) => CompiledScript;
}

const sourceOf = (script: CompiledScript, ref: ScriptRef | undefined): ScriptSource =>
  ref === undefined ? { kind: "inline", script } : { kind: "reference", ...ref, script };

/** A "tree" contract with the sources of its two scripts; a list contract is refused (a bug of the caller). */
export function withSources(contract: Contract, tournament: ScriptSource, batch: ScriptSource): V3Contract {
  const tree = contract.tree;
  if (contract.layout !== "tree" || tree === undefined)
    throw new Error(`Contract "${contract.contractTitle}" version "${contract.contractVersion}" has no seat tree.`);
  return {
    ...contract,
    layout: "tree",
    tree,
    shape: tree.shape,
    batchAddress: tree.batchAddress,
    tournament,
    batch,
    registration: contract.registrationOf,
  };
}

/** A v3 contract on `network` of these scripts: used from their reference UTxOs where given, else inline. */
export function v3Contract(
  scripts: V3Scripts,
  network: Network,
  names: { readonly contractTitle: string; readonly contractVersion: string },
  refs: { readonly tournament?: ScriptRef; readonly batch?: ScriptRef } = {},
): V3Contract {
  const contract: Contract = {
    ...names,
    descriptor: V3_CONTRACT,
    script: scripts.tournament,
    policyId: scripts.tournament.hash,
    address: scriptAddressOf(scripts.tournament.hash, network),
    layout: "tree",
    registrationOf: scripts.registration,
    tree: {
      shape: scripts.shape,
      batch: scripts.batch,
      batchAddress: scriptAddressOf(scripts.batch.hash, network),
    },
  };
  return withSources(contract, sourceOf(scripts.tournament, refs.tournament), sourceOf(scripts.batch, refs.batch));
}

/** Seats per batch of the contract's tree. */
export const batchSeats = (c: V3Contract): number => 2 ** c.shape.batchHeight;

/** The largest bracket of the contract's tree. */
export const maxBracket = (c: V3Contract): number => 2 ** c.shape.depth;

/**
 * What a too-large transaction's message adds when the tournament script travels inline: the
 * fix is the operator's (a reference deployment, about 10 KB less per transaction), not the
 * caller's. Empty when the script is used by reference.
 */
export function inlineScriptAdvice(contract: V3Contract): string {
  if (contract.tournament.kind === "reference") return "";
  const bytes = contract.tournament.script.compiledCode.length / 2;
  return (
    `; its tournament script (${bytes.toLocaleString("en-US")} bytes) travels inline because no reference deployment of contract ` +
    `version ${contract.contractVersion} is recorded on this network: the operator deploys it once (npm run cli -- contracts deploy ` +
    "--from <address>, see the README), after which the same request fits"
  );
}
