// A tournament transaction from a plan, assembled on the one assembly path
// (src/txcore/assemble.ts): script inputs (each script by reference or attached inline), key inputs
// that must be spent, an optional mint or burn, the outputs in the order the validators read them,
// required signers, the validity interval the settlement deadline asks for, collateral, and
// balancing from the client's UTxOs (every operation's input field `utxos`, which the messages
// name). This file turns the plan into a draft and says what a tournament's user should do when it
// fails; the assembly path balances it, finds the redeemers' budgets with the chain's own
// evaluator and checks the result against the ledger's size and ExUnits limits.
import type { Output, UTxO } from "../cardano/types.js";
import type { Address } from "../cardano/addresses.js";
import { isKeyAddress } from "../cardano/address-rules.js";
import { collateralFrom, type Collateral } from "../cardano/collateral.js";
import { meshCostModels } from "../cardano/protocol-params.js";
import { toHex } from "../cardano/tx-cbor.js";
import { outRefOf, utxoWithinCborLimits } from "../cardano/utxo.js";
import type { Value } from "../cardano/value.js";
import type { ChainParameters, ChainPort } from "../chain/port.js";
import { BadRequestError, refusal, type FieldWords } from "../errors.js";
import { assemble, draftOf, type Advice } from "../txcore/assemble.js";
import type { PlutusDraft, PositionalRedeemer, TxDraft } from "../txcore/balance.js";
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

/** An output of a tournament transaction, final: what it pays (its lovelace at least its minimum) and its inline datum. */
export interface TxOutput {
  readonly address: Address;
  readonly value: Value;
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
  readonly changeAddress: Address;
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

/** An output as the core writes it: its inline datum. */
const outputOf = (o: TxOutput): Output => ({
  address: o.address,
  value: o.value,
  ...(o.datum === undefined ? {} : { datum: { type: "Inline", data: { type: "CBOR", content: o.datum } } }),
});

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

function draftFor(plan: TournamentTxPlan, params: ChainParameters): TxDraft {
  const runsScripts = plan.scriptInputs.length > 0 || plan.mint !== undefined;
  return draftOf({
    inputs: plan.keyInputs,
    outputs: plan.outputs.map(outputOf),
    requiredSigners: plan.requiredSigners,
    validity: { start: plan.validFrom ?? null, end: plan.validTo ?? null },
    ...(runsScripts ? { plutus: plutusOf(plan, params) } : {}),
  });
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

/** What a tournament operation's user should do, for each way assembly can fail (src/txcore/assemble.ts). */
function adviceFor(plan: TournamentTxPlan): Advice {
  const shrink = plan.tooLarge ?? ((at) => `pass fewer, larger UTxOs in ${at("utxos")}`);
  return {
    utxos: (at) => at("utxos"),
    fund: (at) => `Pass more or larger UTxOs in ${at("utxos")}.`,
    tooLarge: shrink,
    tooManyInputs: () => "pass fewer, larger UTxOs or add fewer registrations",
    overBudget: shrink,
    // The scripts trace short codes; the answer names each rule in words (traces.ts).
    scriptRefuses: (message) => `A tournament script refuses this transaction: ${explainTraces(message)}`,
  };
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
  const tx = await assemble(
    draftFor(plan, params),
    { pool: poolOf(plan), changeAddress: plan.changeAddress, params },
    chain,
    adviceFor(plan),
  );
  return { hash: tx.txHash, complete: toHex(tx.cbor), fee: tx.fee };
}
