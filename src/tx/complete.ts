// Phase 4: the plan, settled outputs and resolved inputs → the transaction-building core
// (txcore/balance.ts: coin selection, exact fee, change), its failures → actionable 4xx, and
// the result split into {hash, fee, complete, stripped, witnessSet, auxiliaryData}.
import type { Output, UTxO } from "@meshsdk/common";
import {
  BalanceError,
  balanceTransaction,
  type BalancedTx,
  type BalanceFailure,
  type CertificatesDraft,
  type PlutusDraft,
  type TxDraft,
} from "../txcore/balance.js";
import { balanceAndEvaluate } from "../txcore/evaluate.js";
import { isKeyAddress } from "../cardano/address-rules.js";
import { CborWriter } from "../cardano/cbor.js";
import { toHex } from "../cardano/tx-cbor.js";
import type { ChainParameters, ChainPort } from "../chain/port.js";
import { maxTxExUnits } from "../chain/protocol-params.js";
import {
  BadRequestError,
  InsufficientFundsError,
  LedgerRejectedError,
  TxTooLargeError,
  UnprocessableError,
} from "../errors.js";
import type { ResolvedInputs } from "./inputs.js";
import { describeLovelace } from "./outputs.js";
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

const unitName = (unit: string): string => `${unit.slice(0, 56)}.${unit.slice(56)}`;

/** The 4xx that says what to change, for each way balancing can fail; `deposit`: the certificates' deposits (balancing counts them with the outputs). */
function refusalOf(failure: BalanceFailure, deposit = 0n): Error {
  switch (failure.kind) {
    case "too-large":
      return new TxTooLargeError(
        `The transaction would be at least ${failure.size} bytes, more than the ledger's maximum of ${failure.max} bytes: ` +
          "send fewer outputs or shorter metadata, or split it into several transactions.",
      );
    case "too-many-inputs":
      return new TxTooLargeError(
        `Paying these outputs needs more inputs than fit in the ledger's maximum of ${failure.max} bytes per transaction: ` +
          "consolidate small UTxOs first (send them to yourself in a few transactions) or pass larger ones in utxos.",
      );
    case "insufficient-collateral":
      // Only a draft that runs Plutus scripts has collateral; /transactions/build never makes one.
      return new InsufficientFundsError(
        `The collateral covers ${describeLovelace(failure.held)}; the ledger asks for ${describeLovelace(failure.needed)}.`,
      );
    case "insufficient-asset":
      return new InsufficientFundsError(
        `Not enough of asset ${unitName(failure.unit)}: the available UTxOs hold ${failure.missing} too few. Pass the UTxOs that hold them in utxos.`,
      );
    case "insufficient-ada": {
      const needed = failure.sent + failure.fee + failure.changeMin;
      return new InsufficientFundsError(
        `Not enough ADA: the outputs need ${describeLovelace(failure.sent - deposit)}${deposit !== 0n ? `, the stake registration deposits ${describeLovelace(deposit)}` : ""}, the fee about ${describeLovelace(failure.fee)} and the change output at least ` +
          `${describeLovelace(failure.changeMin)}, but the available UTxOs hold ${describeLovelace(failure.held)}: about ${describeLovelace(needed - failure.held)} missing. ` +
          "Fund the change address or pass more utxos.",
      );
    }
  }
}

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

function draftOf(a: Assembly): TxDraft {
  // Plutus policies' mints are the core's plutus.mints; the native ones stay in `mint`.
  const plutusPolicies = new Set(a.plutus?.mints.map((m) => m.policyId) ?? []);
  const mint = new Map([...mintOf(a.plan)].filter(([unit]) => !plutusPolicies.has(unit.slice(0, 56))));
  const policies = [...new Set(a.plan.mints.map((m) => m.policyId))].filter((policy) => !plutusPolicies.has(policy));
  return {
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
  };
}

/** The ledger's per-transaction ExUnits limit (the size limit is balancing's). */
function checkExUnits(tx: BalancedTx, params: ChainParameters): void {
  const { mem, steps } = tx.exUnits;
  const max = maxTxExUnits(params);
  if (mem > max.mem || steps > max.steps) {
    throw new TxTooLargeError(
      `The scripts of this transaction need ${mem} memory units and ${steps} steps, more than the ledger allows per transaction (${max.mem} and ${max.steps}): ` +
        "run fewer scripts in one transaction.",
    );
  }
}

/**
 * Balances and serializes the transaction, or throws a 4xx that says what to change. With Plutus
 * scripts, their budgets come from the chain's evaluator; a script's refusal is a 422 with its trace.
 */
export async function completeTransaction(a: Assembly, chain: ChainPort): Promise<BuildResult> {
  refuseScriptUtxos(a.inputs.pool);
  try {
    const draft = draftOf(a);
    const balancing = { pool: a.inputs.pool, changeAddress: a.plan.changeAddress, params: a.params };
    // With Plutus scripts, the budgets come from the chain's evaluator (txcore/evaluate.ts).
    const tx = draft.plutus
      ? await balanceAndEvaluate(draft, balancing, (cbor, utxos) => chain.evaluate(cbor, utxos))
      : balanceTransaction(draft, balancing);
    checkExUnits(tx, a.params);
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
  } catch (error) {
    if (error instanceof BalanceError) throw refusalOf(error.failure, a.certificates?.deposit);
    // The evaluator's refusal (the chain port's UnprocessableError or LedgerRejectedError) carries the script's trace.
    if (error instanceof UnprocessableError || error instanceof LedgerRejectedError) {
      const scripts = (a.plutus?.spends.length ?? 0) + (a.plutus?.mints.length ?? 0);
      throw new UnprocessableError(
        `A Plutus script of this transaction refuses it (${scripts} script run${scripts === 1 ? "" : "s"} from scriptInteractions): ${error.message.replace(/\s*\n\s*/g, " ")} ` +
          "Check each redeemer, the datum of each UTxO spent, requiredSigners, and the outputs the validator expects.",
      );
    }
    throw error;
  }
}
