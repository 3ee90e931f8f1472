// Submission of what the client signed: the vkey witnesses of each witness set (a CIP-30 signTx
// result) are merged into the transaction's witness set, at the level of raw CBOR so that the
// body, the auxiliary data and every other witness keep their bytes (the transaction id and the
// script data hash depend on them), then the transaction goes to the chain.
import { CborReader, CborWriter } from "../../cardano/cbor.js";
import {
  fromHex,
  joinTransaction,
  readMapEntries,
  readSet,
  splitTransaction,
  toHex,
  txIdOfBody,
  vkeyOfWitness,
  witnessSetEntries,
  writeMap,
  writeSet,
} from "../../cardano/tx-cbor.js";
import { requireCborWithinLimits } from "../../cardano/cbor-limits.js";
import { readWitnessSet, viewOfParts } from "../../cardano/tx-view.js";
import type { ChainPort } from "../../chain/port.js";
import { BadRequestError, LedgerRejectedError, refusal } from "../../errors.js";
import { readableRejection, type KeyRoles } from "./ledger-refusals.js";
import type { SubmissionLog } from "./status.js";

const VKEY_WITNESSES = 0;
const HEX = /^(?:[0-9a-fA-F]{2})+$/;

export interface SignedTransaction {
  /** The transaction with the merged witnesses, CBOR hex. */
  readonly cbor: string;
  /** Its id: the hash of the body, which merging never changes. */
  readonly txHash: string;
}

/** The transaction's parts; a 400 about `transaction` when it does not decode. */
function decodeTransaction(hex: string) {
  if (!HEX.test(hex)) throw refusal(BadRequestError, (at) => `${at("transaction")} is not hex-encoded CBOR.`);
  requireCborWithinLimits(hex, "transaction", "a Cardano transaction");
  try {
    const parts = splitTransaction(fromHex(hex));
    // One decode of the body and the witness set catches one that is CBOR but not a transaction's
    // (a body without inputs, outputs or fee among them); the parts keep their bytes for the merge.
    viewOfParts(parts);
    return parts;
  } catch (error) {
    throw refusal(
      BadRequestError,
      (at) => `${at("transaction")} does not decode as a Cardano transaction: ${(error as Error).message}`,
    );
  }
}

/** The encoded vkey witnesses of one witness-set hex (the input's field `field`), checked one by one. */
function vkeyWitnessesOf(hex: string, field: string): Uint8Array[] {
  if (!HEX.test(hex)) throw refusal(BadRequestError, (at) => `${at(field)} is not hex-encoded CBOR.`);
  requireCborWithinLimits(hex, field, "a witness set (the CBOR map that CIP-30 signTx returns, e.g. a10081825820…)");
  let witnesses: Uint8Array[];
  try {
    const bytes = fromHex(hex);
    readWitnessSet(bytes);
    const entry = witnessSetEntries(bytes).find(([key]) => key === VKEY_WITNESSES);
    witnesses = entry ? readSet(entry[1]).items : [];
    for (const witness of witnesses) vkeyOfWitness(witness);
  } catch (error) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} does not decode as a witness set (the CBOR map that CIP-30 signTx returns, e.g. a10081825820…): ${(error as Error).message}`,
    );
  }
  if (witnesses.length === 0) throw refusal(BadRequestError, (at) => `${at(field)} holds no vkey witnesses.`);
  return witnesses;
}

/**
 * Adds the vkey witnesses of `signatures` to the transaction. A witness whose key the
 * transaction already carries is skipped. The body and every other part keep their bytes.
 * The 400s name the input's fields `transaction` and `signatures[i]`.
 */
export function mergeSignatures(transactionHex: string, signatures: readonly string[] = []): SignedTransaction {
  const parts = decodeTransaction(transactionHex);
  const txHash = txIdOfBody(parts.body);
  const added = signatures.flatMap((hex, i) => vkeyWitnessesOf(hex, `signatures[${i}]`));
  if (added.length === 0) return { cbor: toHex(joinTransaction(parts)), txHash };

  let entries: Array<[Uint8Array, Uint8Array]>;
  let index: number;
  let existing: { tagged: boolean; items: Uint8Array[] };
  try {
    entries = readMapEntries(parts.witnessSet);
    index = entries.findIndex(([key]) => new CborReader(key).smallUint() === VKEY_WITNESSES);
    // A new vkey set is written with tag 258, as wallets write it: the fee was priced for that form.
    existing = index >= 0 ? readSet((entries[index] as [Uint8Array, Uint8Array])[1]) : { tagged: true, items: [] };
    existing.items.forEach(vkeyOfWitness);
  } catch (error) {
    throw refusal(
      BadRequestError,
      (at) => `${at("transaction")} has vkey witnesses that do not decode: ${(error as Error).message}`,
    );
  }
  // One witness per key: a signature sent now replaces one the transaction carried for the same
  // key (a placeholder, or a stale signature); an identical one changes nothing.
  const byKey = new Map<string, Uint8Array>(existing.items.map((item) => [vkeyOfWitness(item), item]));
  let changed = false;
  for (const witness of added) {
    const vkey = vkeyOfWitness(witness);
    const current = byKey.get(vkey);
    if (current && toHex(current) === toHex(witness)) continue;
    byKey.set(vkey, witness);
    changed = true;
  }
  if (!changed) return { cbor: toHex(joinTransaction(parts)), txHash };
  const items = [...byKey.values()];

  const value = writeSet(items, existing.tagged);
  if (index >= 0) entries[index] = [(entries[index] as [Uint8Array, Uint8Array])[0], value];
  else entries.unshift([new CborWriter().uint(VKEY_WITNESSES).finish(), value]);
  const merged = joinTransaction({ ...parts, witnessSet: writeMap(entries) });
  return { cbor: toHex(merged), txHash };
}

/**
 * Merges the signatures and submits. A transaction the chain already accepted answers with its
 * id again (idempotent); a rejection is a LedgerRejectedError carrying the ledger's reason. With a
 * `log`, the outcome is remembered there (accepted: pending; refused: rejected with the reason).
 * `keyRoles` names the address and role of keys a refusal for a missing signature names.
 */
export async function submitSigned(
  chain: ChainPort,
  transactionHex: string,
  signatures: readonly string[] = [],
  log?: SubmissionLog,
  keyRoles?: KeyRoles,
): Promise<string> {
  const { cbor, txHash } = mergeSignatures(transactionHex, signatures);
  if ((await chain.txStatus(txHash)).status === "confirmed") return txHash;
  try {
    const accepted = await chain.submit(cbor);
    if (accepted !== txHash) throw new Error(`the chain answered the transaction id ${accepted}, expected ${txHash}`);
    log?.accepted(txHash);
    return txHash;
  } catch (error) {
    if (!(error instanceof LedgerRejectedError)) throw error;
    // Accepted meanwhile (a concurrent submit of the same transaction): the same answer.
    if ((await chain.txStatus(txHash)).status === "confirmed") return txHash;
    // In words that say what to do (the ledger's own text kept as `detail`); remembered as the 422 said it.
    const readable = await readableRejection(error, chain, cbor, keyRoles);
    log?.rejected(txHash, readable instanceof Error ? readable.message : error.message);
    throw readable;
  }
}
