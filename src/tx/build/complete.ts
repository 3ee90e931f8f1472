// Phase 4: the plan, settled outputs and resolved inputs → a draft for the one assembly path
// (src/txcore/assemble.ts: coin selection, exact fee, change, the scripts' budgets, the ledger's
// limits, failures as actionable 4xx, with this request's advice), and the result split into
// {hash, fee, complete, stripped, witnessSet, auxiliaryData}.
import type { Output, UTxO } from "../../cardano/types.js";
import { isKeyAddress } from "../../cardano/address-rules.js";
import { CborWriter } from "../../cardano/cbor.js";
import { toHex } from "../../cardano/tx-cbor.js";
import type { ChainParameters, ChainPort } from "../../chain/port.js";
import { BadRequestError } from "../../errors.js";
import { assemble, draftOf, type Advice } from "../../txcore/assemble.js";
import type { CertificatesDraft, PlutusDraft, TxDraft } from "../../txcore/balance.js";
import type { ResolvedInputs } from "./inputs.js";
import type { BuildPlan } from "./request.js";

export interface BuildResult {
  hash: string;
  /** The fee the transaction pays, lovelace (decimal string, as the tournament answers give it). */
  fee: string;
  complete: string;
  stripped: string;
  witnessSet: string;
  auxiliaryData?: string;
}

export interface Assembly {
  readonly plan: BuildPlan;
  readonly outputs: readonly Output[];
  readonly inputs: ResolvedInputs;
  /** The chain's parameters, with its cost models. */
  readonly params: ChainParameters;
  /** Slots of the validity bounds; null: unbounded. */
  readonly slots: { readonly start: number | null; readonly end: number | null };
  /** The delegations' certificates (./delegations.ts); absent: none. */
  readonly certificates?: CertificatesDraft | undefined;
  /** The Plutus scripts run, resolved on chain (./plutus-inputs.ts); null: none. */
  readonly plutus?: PlutusDraft | null;
}

const EMPTY_MAP = Uint8Array.of(0xa0);
const NULL = Uint8Array.of(0xf6);

/** Coin selection signs for what it spends: a UTxO at a script address cannot be spent that way. */
function refuseScriptUtxos(pool: readonly UTxO[]): void {
  if (pool.some((utxo) => !isKeyAddress(utxo.output.address))) {
    throw new BadRequestError(
      "Coin selection spends only UTxOs at key-hash (wallet) addresses: leave UTxOs at script addresses out of utxos.",
    );
  }
}

/** unit → quantity of every mint and burn of the plan. */
export function mintOf(plan: BuildPlan): Map<string, bigint> {
  const mint = new Map<string, bigint>();
  for (const m of plan.mints)
    mint.set(m.policyId + m.assetNameHex, (mint.get(m.policyId + m.assetNameHex) ?? 0n) + m.quantity);
  return mint;
}

function draftFor(a: Assembly): TxDraft {
  // Plutus policies' mints are the core's plutus.mints; the native ones stay in `mint`.
  const plutusPolicies = new Set(a.plutus?.mints.map((m) => m.policyId) ?? []);
  const mint = new Map([...mintOf(a.plan)].filter(([unit]) => !plutusPolicies.has(unit.slice(0, 56))));
  const policies = [...new Set(a.plan.mints.map((m) => m.policyId))].filter((policy) => !plutusPolicies.has(policy));
  return draftOf({
    inputs: a.inputs.required,
    outputs: a.outputs,
    mint,
    nativeScripts: policies.map((policy) => a.plan.mintScripts.get(policy)!),
    referenceInputs: a.inputs.references,
    requiredSigners: a.plan.requiredSigners,
    metadata: a.plan.metadata,
    validity: a.slots,
    ...(a.certificates ? { certificates: a.certificates } : {}),
    ...(a.plutus ? { plutus: a.plutus } : {}),
  });
}

/** What a build request's user should do, for each way assembly can fail (src/txcore/assemble.ts). */
function adviceFor(a: Assembly): Advice {
  const scripts = (a.plutus?.spends.length ?? 0) + (a.plutus?.mints.length ?? 0);
  return {
    utxos: (at) => at("utxos"),
    fund: () => "Fund the change address or pass more utxos.",
    tooLarge: () => "send fewer outputs or shorter metadata, or split it into several transactions",
    tooManyInputs: () =>
      "consolidate small UTxOs first (send them to yourself in a few transactions) or pass larger ones in utxos",
    overBudget: () => "run fewer scripts in one transaction",
    scriptRefuses: (message) =>
      `A Plutus script of this transaction refuses it (${scripts} script run${scripts === 1 ? "" : "s"} from scriptInteractions): ${message.replace(/\s*\n\s*/g, " ")} ` +
      "Check each redeemer, the datum of each UTxO spent, requiredSigners, and the outputs the validator expects.",
  };
}

/**
 * Balances and serializes the transaction, or throws a 4xx that says what to change. With Plutus
 * scripts, their budgets come from the chain's evaluator; a script's refusal is a 422 with its trace.
 */
export async function completeTransaction(a: Assembly, chain: ChainPort): Promise<BuildResult> {
  refuseScriptUtxos(a.inputs.pool);
  const tx = await assemble(
    draftFor(a),
    { pool: a.inputs.pool, changeAddress: a.plan.changeAddress, params: a.params },
    chain,
    adviceFor(a),
  );
  const result: BuildResult = {
    hash: tx.txHash,
    fee: tx.fee.toString(),
    complete: toHex(tx.cbor),
    stripped: toHex(
      new CborWriter()
        .array(4)
        .raw(tx.body)
        .raw(EMPTY_MAP)
        .bool(true)
        .raw(tx.auxiliaryData ?? NULL)
        .finish(),
    ),
    witnessSet: toHex(tx.witnessSet),
  };
  if (tx.auxiliaryData) result.auxiliaryData = toHex(tx.auxiliaryData);
  return result;
}
