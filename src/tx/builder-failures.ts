// Mesh's MeshTxBuilder fails with plain Error messages. The tournaments' wrapper around it
// (../tournament/assemble.ts) reads those messages here, and only here, into the few failures it
// answers with a 4xx that says what to change. (The general builder, ./complete.ts, runs on the
// service's own core, cardano/tx-balance.ts, whose failures are typed.)
import { UnprocessableError } from "../errors.js";

export type BuilderFailure =
  /** A Plutus script refused the transaction; `reason` is the evaluator's, without the transaction's hex. */
  | { readonly kind: "script-refused"; readonly message: string; readonly reason: string }
  /** Coin selection needs more inputs than fit in a transaction (or the outputs alone do not fit). */
  | { readonly kind: "too-many-inputs"; readonly message: string }
  /** Coin selection met a UTxO at a script address: it spends key-hash (wallet) UTxOs only. */
  | { readonly kind: "script-utxo"; readonly message: string }
  /** The UTxOs do not hold enough to pay the outputs and the fee. */
  | { readonly kind: "insufficient"; readonly message: string }
  | { readonly kind: "other"; readonly message: string };

export function builderFailureOf(error: unknown): BuilderFailure {
  const message = String((error as Error)?.message ?? error);
  if (/Tx evaluation failed/i.test(message)) {
    const reason = message.replace(/\s*For txHex:[\s\S]*$/, "").replace(/^Tx evaluation failed:\s*/, "");
    return { kind: "script-refused", message, reason };
  }
  if (/Maximum Input Count Exceeded/i.test(message)) return { kind: "too-many-inputs", message };
  if (/Only KeyHash address/i.test(message)) return { kind: "script-utxo", message };
  if (/insufficient|depleted|UTxO Balance/i.test(message)) return { kind: "insufficient", message };
  return { kind: "other", message };
}

/** The answer to a failure no rule explains: Mesh's own message. */
export const cannotBuild = (failure: BuilderFailure): InstanceType<typeof UnprocessableError> =>
  new UnprocessableError(`The transaction cannot be built: ${failure.message}`);
