// Builds a tournament transaction from a plan on the transaction-building core
// (txcore/balance.ts): script inputs (each script by reference or attached inline), key inputs
// that must be spent, an optional mint or burn, the outputs in the order the validators read them,
// required signers, the validity interval the settlement deadline asks for, collateral, and
// balancing from the client's UTxOs (every operation's input field `utxos`, which the messages
// name). Redeemer budgets come from the chain's own evaluator; the result is checked against the
// ledger's size and ExUnits limits before it is handed out.
import type { Asset, Output, Protocol, UTxO } from "@meshsdk/common";
import { isKeyAddress } from "../cardano/address-rules.js";
import { collateralFrom, type Collateral } from "../cardano/collateral.js";
import {
  BalanceError,
  type BalancedTx,
  type BalanceFailure,
  type PlutusDraft,
  type PositionalRedeemer,
  type TxDraft,
} from "../txcore/balance.js";
import { toHex } from "../cardano/tx-cbor.js";
import { balanceAndEvaluate } from "../txcore/evaluate.js";
import { minLovelace } from "../cardano/tx-encode.js";
import { isLovelace, outRefOf, utxoWithinCborLimits } from "../cardano/utxo.js";
import type { ChainParameters, ChainPort } from "../chain/port.js";
import { maxTxExUnits, meshCostModels } from "../chain/protocol-params.js";
import {
  BadRequestError,
  InsufficientFundsError,
  LedgerRejectedError,
  refusal,
  TxTooLargeError,
  UnprocessableError,
  type FieldWords,
} from "../errors.js";
import type { CompiledScript } from "./contracts.js";
import { explainTraces } from "./traces.js";

export type { PositionalRedeemer };

/** A script as a transaction uses it: from a reference UTxO, or attached to the witness set. */
export type ScriptSource =
  | { readonly kind: "reference"; readonly txHash: string; readonly index: number; readonly script: CompiledScript }
  | { readonly kind: "inline"; readonly script: CompiledScript };

export interface ScriptInput {
  readonly utxo: UTxO;
  /** Redeemer, CBOR hex, or a function of the final input order. */
  readonly redeemer: string | PositionalRedeemer;
  readonly source: ScriptSource;
}

/** An output of a tournament transaction, final: what it pays and its inline datum. */
export interface TxOutput {
  readonly address: string;
  readonly amount: Asset[];
  /** Inline datum, CBOR hex. */
  readonly datum?: string;
}

export interface TournamentTxPlan {
  readonly scriptInputs: readonly ScriptInput[];
  /** Key-locked inputs that must be spent (the seed of a tournament). */
  readonly keyInputs: readonly UTxO[];
  readonly mint?: {
    readonly source: ScriptSource;
    readonly assetName: string;
    readonly quantity: bigint;
    readonly redeemer: string;
  };
  readonly outputs: readonly TxOutput[];
  readonly requiredSigners: readonly string[];
  /** The client's UTxOs (the operation's input field `utxos`): coin selection and collateral come from them. */
  readonly utxos: readonly UTxO[];
  readonly changeAddress: string;
  /** What to change when the transaction exceeds the ledger's size or ExUnits limits. */
  readonly tooLarge?: FieldWords;
  /** Validity interval, slots: invalid before `validFrom` (a refund starts after the deadline)… */
  readonly validFrom?: number;
  /** …and invalid from `validTo` on (an add or settlement ends before it). */
  readonly validTo?: number;
}

export interface BuiltTx {
  readonly hash: string;
  readonly complete: string;
  readonly fee: bigint;
}

const atKey = (u: UTxO): boolean => isKeyAddress(u.output.address);

/** Collateral from the client's UTxOs: an ADA-only one, else (a wallet whose every UTxO holds tokens, as after a mint) one with tokens and a collateral return. */
function collateralOf(plan: TournamentTxPlan, params: ChainParameters): Collateral {
  const collateral = collateralFrom(plan.utxos, params.coinsPerUtxoSize);
  if (collateral === undefined) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at("utxos")} must include a UTxO holding only ADA, at least 5 ADA, at a key address (or one that also holds tokens and enough ADA more to give them back): ` +
        "the transaction runs a script and needs it as collateral.",
    );
  }
  return collateral;
}

/** An output as the core writes it: its inline datum, and min-UTxO lovelace when the plan gives none. */
function outputOf(o: TxOutput, params: Protocol): Output {
  const output: Output = {
    address: o.address,
    amount: o.amount,
    ...(o.datum === undefined ? {} : { datum: { type: "Inline", data: { type: "CBOR", content: o.datum } } }),
  };
  if (o.amount.some(isLovelace)) return output;
  return {
    ...output,
    amount: [{ unit: "lovelace", quantity: minLovelace(output, params.coinsPerUtxoSize).toString() }, ...o.amount],
  };
}

/** The Plutus half of the draft: script inputs, the mint, where each script comes from, collateral. */
function plutusOf(plan: TournamentTxPlan, params: ChainParameters): PlutusDraft {
  const collateral = collateralOf(plan, params);
  // Every tournament script is Plutus V2: the script data hash covers the network's V2 cost model (a 503 without one).
  const v2CostModel = meshCostModels(params, ["PlutusV2"])[1]!;
  const sources = [...plan.scriptInputs.map((s) => s.source), ...(plan.mint ? [plan.mint.source] : [])];
  const m = plan.mint;
  return {
    spends: plan.scriptInputs.map((s) => ({ utxo: s.utxo, redeemer: s.redeemer })),
    mints: m
      ? [{ policyId: m.source.script.hash, assets: new Map([[m.assetName, m.quantity]]), redeemer: m.redeemer }]
      : [],
    inlineScripts: sources.flatMap((s) =>
      s.kind === "inline" ? [{ version: "V2" as const, code: s.script.code }] : [],
    ),
    // The ledger charges a reference script by the bytes of its program's CBOR (the blueprint's compiledCode).
    scriptReferences: sources.flatMap((s) =>
      s.kind === "reference"
        ? [{ txHash: s.txHash, index: s.index, scriptSize: s.script.compiledCode.length / 2 }]
        : [],
    ),
    costModels: { V2: v2CostModel },
    // Should a script fail, the ledger takes 5 ADA (150% of any possible fee) and returns the rest.
    collateral,
    budgets: new Map(),
  };
}

function draftOf(plan: TournamentTxPlan, params: ChainParameters): TxDraft {
  const runsScripts = plan.scriptInputs.length > 0 || plan.mint !== undefined;
  return {
    inputs: plan.keyInputs,
    outputs: plan.outputs.map((o) => outputOf(o, params)),
    mint: new Map(),
    nativeScripts: [],
    referenceInputs: [],
    requiredSigners: plan.requiredSigners,
    metadata: new Map(),
    validity: { start: plan.validFrom ?? null, end: plan.validTo ?? null },
    ...(runsScripts ? { plutus: plutusOf(plan, params) } : {}),
  };
}

/**
 * What coin selection may spend: the client's key-locked UTxOs the plan does not spend already.
 * UTxOs that carry a reference script are left out: spending one adds its script's fee for nothing.
 * So are UTxOs whose inline datum is over the CBOR limits (anyone can pay one to a wallet): the
 * builder would decode it (src/cardano/cbor-limits.ts).
 */
function poolOf(plan: TournamentTxPlan): UTxO[] {
  const used = new Set([...plan.keyInputs.map(outRefOf), ...plan.scriptInputs.map((s) => outRefOf(s.utxo))]);
  return plan.utxos.filter((u) => !used.has(outRefOf(u)) && !u.output.scriptRef && atKey(u) && utxoWithinCborLimits(u));
}

/** The 4xx that says what to change, for each way balancing can fail. */
function refusalOf(failure: BalanceFailure, advice: FieldWords): Error {
  switch (failure.kind) {
    case "insufficient-ada": {
      const missing = failure.sent + failure.fee + failure.changeMin - failure.held;
      return refusal(
        InsufficientFundsError,
        (at) =>
          `Not enough ADA in ${at("utxos")}: this transaction needs about ${missing > 0n ? missing : 0n} lovelace more (its outputs, the fee and a change output). ` +
          "Pass more or larger UTxOs.",
      );
    }
    case "insufficient-asset":
      return refusal(
        InsufficientFundsError,
        (at) =>
          `Not enough of asset ${failure.unit.slice(0, 56)}.${failure.unit.slice(56)} in ${at("utxos")}: ${failure.missing} missing. Pass the UTxOs that hold it.`,
      );
    case "insufficient-collateral":
      return refusal(
        InsufficientFundsError,
        (at) =>
          `The collateral from ${at("utxos")} covers ${failure.held} lovelace; the ledger asks for ${failure.needed} (its collateral percentage of the fee). Pass a larger ADA-only UTxO.`,
      );
    case "too-large":
      return refusal(
        TxTooLargeError,
        (at) =>
          `The transaction would be ${failure.size} bytes, more than the ledger's maximum of ${failure.max}: ${advice(at)}.`,
      );
    case "too-many-inputs":
      return new TxTooLargeError(
        `The transaction does not fit in the ledger's maximum size: pass fewer, larger UTxOs or add fewer registrations.`,
      );
  }
}

/**
 * A failure of the build as the answer says it: balancing's in words, a script's refusal (the
 * evaluator's, which the chain port gives as UnprocessableError or LedgerRejectedError) with its
 * trace codes named; anything else (the backend unreachable) as it is.
 */
function explain(error: unknown, advice: FieldWords): unknown {
  if (error instanceof BalanceError) return refusalOf(error.failure, advice);
  if (error instanceof UnprocessableError || error instanceof LedgerRejectedError) {
    // The scripts trace short codes; the answer names each rule in words (traces.ts).
    return new UnprocessableError(`A tournament script refuses this transaction: ${explainTraces(error.message)}`);
  }
  return error;
}

/** The ledger's per-transaction ExUnits limit (the size limit is balancing's). */
function checkExUnits(tx: BalancedTx, params: Protocol, advice: FieldWords): void {
  const { mem, steps } = tx.exUnits;
  const max = maxTxExUnits(params);
  if (mem > max.mem || steps > max.steps) {
    throw refusal(
      TxTooLargeError,
      (at) =>
        `The scripts of this transaction need ${mem} memory units and ${steps} steps, more than the ledger allows per transaction ` +
        `(${max.mem} and ${max.steps}): ${advice(at)}.`,
    );
  }
}

/**
 * Balances, evaluates and serializes the plan; throws a 4xx that says what to change. `params`
 * are the ones the operation priced its outputs with: fetched once per request.
 */
export async function buildTournamentTx(
  plan: TournamentTxPlan,
  chain: ChainPort,
  params: ChainParameters,
): Promise<BuiltTx> {
  const advice = plan.tooLarge ?? ((at) => `pass fewer, larger UTxOs in ${at("utxos")}`);
  const draft = draftOf(plan, params);
  let tx: BalancedTx;
  try {
    tx = await balanceAndEvaluate(
      draft,
      { pool: poolOf(plan), changeAddress: plan.changeAddress, params },
      (cbor, utxos) => chain.evaluate(cbor, utxos),
    );
  } catch (error) {
    throw explain(error, advice);
  }
  checkExUnits(tx, params, advice);
  return { hash: tx.txHash, complete: toHex(tx.cbor), fee: tx.fee };
}
