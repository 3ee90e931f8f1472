// Ledger refusals in words a user can act on. The ledger's reason arrives as each backend writes
// it: the devnet's Scalus emulator ("Missing key hashes … Set(…)"), Ogmios (a failure code's
// message and JSON data: missingSignatories, validityInterval, unknownOutputReferences,
// minimumRequiredFee, valueConsumed…) or Blockfrost (the node's own text: MissingVKeyWitnessesUTXOW,
// OutsideValidityIntervalUTxO, BadInputsUTxO, FeeTooSmallUTxO, ValueNotConservedUTxO). A reason
// of a known kind becomes a sentence that says what to do; the ledger's text stays in the error's
// `detail`. Any other reason is left as it is.
import type { UTxO } from "../../cardano/types.js";
import { paymentCredentialOf } from "../../cardano/address-rules.js";
import { eraHistoryFor } from "../../cardano/era-history.js";
import { fromHex } from "../../cardano/tx-cbor.js";
import { readTransaction } from "../../cardano/tx-view.js";
import { isDevnet, spenderOf, type ChainPort } from "../../chain/port.js";
import { LedgerRejectedError } from "../../errors.js";

const PREFIX = /^The ledger rejected the transaction: /;

/** What the caller knows around a refusal, to name addresses and times. */
export interface RefusalContext {
  /** The address of each payment key hash that the transaction's inputs are locked by. */
  readonly keyAddresses?: ReadonlyMap<string, string>;
  /** The address and role of payment key hashes the caller knows more of (a tournament's admin, a registrant); before keyAddresses. */
  readonly keyRoles?: ReadonlyMap<string, KeyRole>;
  /** A slot's Unix time in milliseconds (the network's era history). */
  readonly slotTime?: (slot: number) => number;
  /** The transaction that spent each output (`txHash#index`), where the backend can tell. */
  readonly spenders?: ReadonlyMap<string, string>;
}

/** An address whose payment key a transaction needs, and the role that key signs in ("the admin of tournament …"). */
export interface KeyRole {
  readonly address: string;
  readonly role: string;
}

/** What a caller knows of the keys a transaction needs, from the outputs it spends (e.g. src/tournament/signers.ts). */
export type KeyRoles = (spent: readonly UTxO[]) => ReadonlyMap<string, KeyRole>;

const KEY_HASH = /(?<![0-9a-fA-F])[0-9a-fA-F]{56}(?![0-9a-fA-F])/g;

/** The sentence for a ledger reason of a known kind, or null. */
export function explainLedgerRefusal(reason: string, context: RefusalContext = {}): string | null {
  return (
    missingSignatures(reason, context) ??
    outsideValidity(reason, context) ??
    badInputs(reason, context) ??
    feeTooSmall(reason) ??
    valueNotConserved(reason)
  );
}

function missingSignatures(reason: string, { keyAddresses, keyRoles }: RefusalContext): string | null {
  let text: string;
  if (/^Missing key hashes/.test(reason)) {
    // Scalus lists each kind of missing witness as a Set(…) or TreeSet(…); the transaction id is 64 hex, not a key hash.
    text = [...reason.matchAll(/key hashes: (?:Tree)?Set\(([^)]*)\)/g)].map((m) => m[1] ?? "").join(" ");
  } else if (/missingSignatories|MissingVKeyWitnesses/.test(reason)) {
    text = reason;
  } else return null;
  const hashes = [...new Set([...text.matchAll(KEY_HASH)].map((m) => m[0].toLowerCase()))];
  if (hashes.length === 0)
    return "a signature is missing. Sign `complete` with every key the transaction needs and submit it again.";
  const named = hashes.map((hash) => {
    const role = keyRoles?.get(hash);
    if (role !== undefined) return `${hash} (the payment key of ${role.address}, ${role.role})`;
    const address = keyAddresses?.get(hash);
    return address === undefined ? hash : `${hash} (the payment key of ${address})`;
  });
  const which = hashes.length === 1 ? "the key with hash" : "the keys with hashes";
  return `a signature is missing: ${which} ${named.join(", ")} must sign it. Sign \`complete\` with ${hashes.length === 1 ? "that key" : "those keys"} too and submit it again with every signature (the transaction itself stays the same).`;
}

const slotNumber = (text: string | undefined): number | null =>
  text === undefined || !/^\d+$/.test(text) ? null : Number(text);

function outsideValidity(reason: string, { slotTime }: RefusalContext): string | null {
  let from: number | null;
  let to: number | null;
  let current: number | null;
  let m = /ValidityInterval\((None|Some\((\d+)\)),\s*(None|Some\((\d+)\))\) for slot (\d+)/.exec(reason);
  if (m) {
    [from, to, current] = [slotNumber(m[2]), slotNumber(m[4]), slotNumber(m[5])];
  } else if ((m = /OutsideValidityIntervalUTxO/.exec(reason))) {
    // The node: ValidityInterval {invalidBefore = SJust (SlotNo 5), invalidHereafter = SJust (SlotNo 25)}) (SlotNo 65)
    from = slotNumber(/invalidBefore = SJust \(SlotNo (\d+)\)/.exec(reason)?.[1]);
    to = slotNumber(/invalidHereafter = SJust \(SlotNo (\d+)\)/.exec(reason)?.[1]);
    current = slotNumber(
      /\}\)?\s*\(SlotNo (\d+)\)\s*\)?\s*$/.exec(reason)?.[1] ?? /\(SlotNo (\d+)\)[^(]*$/.exec(reason)?.[1],
    );
  } else if (/"validityInterval"/.test(reason) && /"currentSlot"/.test(reason)) {
    // Ogmios 3118: {"validityInterval":{"invalidBefore":5,"invalidAfter":25},"currentSlot":65}
    from = slotNumber(/"invalidBefore":\s*(\d+)/.exec(reason)?.[1]);
    to = slotNumber(/"invalid(?:After|Hereafter)":\s*(\d+)/.exec(reason)?.[1]);
    current = slotNumber(/"currentSlot":\s*(\d+)/.exec(reason)?.[1]);
  } else return null;
  const when = (slot: number) => {
    let ms: number | undefined;
    try {
      ms = slotTime?.(slot);
    } catch {
      // A slot the era history cannot place: named by its number alone.
    }
    return ms === undefined ? `slot ${slot}` : `slot ${slot}, ${new Date(ms).toISOString().replace(".000Z", "Z")}`;
  };
  const window = `from ${from === null ? "any time" : when(from)} until ${to === null ? "any time" : `before ${when(to)}`}`;
  const now = current === null ? "" : ` The chain is at ${when(current)}.`;
  if (from !== null && current !== null && current < from) {
    return `the transaction is not valid yet: its validity interval runs ${window}.${now} Submit it once the interval has begun, or rebuild the transaction with an earlier validityInterval.start and sign it again.`;
  }
  return `the transaction's validity interval has ended: it ran ${window}.${now} Rebuild the transaction (POST /transactions/build gives it a new validity interval) and sign it again.`;
}

/** The inputs (`txHash#index`) a bad-inputs refusal names; null for a refusal of another kind. */
function badInputRefs(reason: string): string[] | null {
  if (/^Missing inputs, collateral inputs or reference inputs/.test(reason)) {
    // Scalus: missing inputs: TreeSet(TransactionInput("<id>",0)), missing collateral inputs: …, missing reference inputs: …
    return [...reason.matchAll(/TransactionInput\("?([0-9a-fA-F]{64})"?,\s*(\d+)\)/g)].map(
      (m) => `${m[1]!.toLowerCase()}#${m[2]}`,
    );
  }
  if (/BadInputsUTxO/.test(reason)) {
    return [...reason.matchAll(/([0-9a-fA-F]{64})[^(]*\(TxIx (\d+)\)/g)].map((m) => `${m[1]!.toLowerCase()}#${m[2]}`);
  }
  if (/unknownOutputReferences/.test(reason)) {
    return [...reason.matchAll(/"id":\s*"([0-9a-fA-F]{64})"\s*\}\s*,\s*"index":\s*(\d+)/g)].map(
      (m) => `${m[1]!.toLowerCase()}#${m[2]}`,
    );
  }
  return null;
}

function badInputs(reason: string, { spenders }: RefusalContext): string | null {
  const refs = badInputRefs(reason);
  if (refs === null) return null;
  const advice = "Rebuild the transaction from the address's current UTxOs and sign it again.";
  const spent = refs.filter((ref) => spenders?.has(ref));
  if (refs.length > 0 && spent.length === refs.length) {
    // Every one is known spent, and by which transaction: say so plainly.
    const each = spent.map((ref) => `${ref} by transaction ${spenders!.get(ref)}`);
    return `${refs.length === 1 ? "the input" : "the inputs"} ${refs.length === 1 ? "was" : "were"} spent already: ${each.join(", ")}. ${advice}`;
  }
  const named =
    refs.length === 0 ? "an input" : refs.length === 1 ? `the input ${refs[0]}` : `the inputs ${refs.join(", ")}`;
  const known =
    spent.length === 0
      ? ""
      : ` (${spent.map((ref) => `${ref} was spent by transaction ${spenders!.get(ref)}`).join(", ")})`;
  return `${named} ${refs.length > 1 ? "are" : "is"} not among the chain's unspent outputs: another transaction has spent ${refs.length > 1 ? "them" : "it"} already (or ${refs.length > 1 ? "they" : "it"} never existed)${known}. ${advice}`;
}

function feeTooSmall(reason: string): string | null {
  let paid: string | undefined;
  let minimum: string | undefined;
  let m = /fee Coin\((\d+)\) is less than minimum required Coin\((\d+)\)/.exec(reason);
  if (m) [paid, minimum] = [m[1], m[2]];
  else if (/FeeTooSmallUTxO/.test(reason)) {
    // The node: FeeTooSmallUTxO (Mismatch {mismatchSupplied = Coin 1, mismatchExpected = Coin 2}), or (Coin min) (Coin paid) before Conway.
    paid = /mismatchSupplied = Coin (\d+)/.exec(reason)?.[1];
    minimum = /mismatchExpected = Coin (\d+)/.exec(reason)?.[1];
    m = /\(Coin (\d+)\)\s*\(Coin (\d+)\)/.exec(reason);
    if (m) [minimum, paid] = [m[1], m[2]];
  } else if (/minimumRequiredFee/.test(reason)) {
    minimum = /"minimumRequiredFee":\s*\{"ada":\s*\{"lovelace":\s*(\d+)/.exec(reason)?.[1];
    paid = /"providedFee":\s*\{"ada":\s*\{"lovelace":\s*(\d+)/.exec(reason)?.[1];
  } else return null;
  const amounts =
    paid !== undefined && minimum !== undefined
      ? ` (${paid} lovelace, the minimum for this transaction is ${minimum})`
      : "";
  return `the fee is too small${amounts}: the transaction was changed after it was built, or carries more signatures or scripts than it was built for. Rebuild it with POST /transactions/build (which prices the fee for its signers) and sign it again.`;
}

function valueNotConserved(reason: string): string | null {
  let amounts = "";
  const m = /consumed: (Value\(.*?\)), produced: (Value\(.*?\))$/.exec(reason);
  if (/^Value not conserved/.test(reason)) {
    if (m) amounts = ` (the inputs bring ${m[1]}, the outputs, fee and deposits take ${m[2]})`;
  } else if (!/ValueNotConservedUTxO|valueConsumed|"consumedValue"/.test(reason)) return null;
  return `the transaction does not balance${amounts}: what its inputs, withdrawals and mints bring must equal what its outputs, fee and deposits take. It was changed after it was built: rebuild it with POST /transactions/build, which balances it, and sign it again.`;
}

const MISSING_SIGNATURES = /^Missing key hashes|missingSignatories|MissingVKeyWitnesses/;

/** The transaction's inputs that the chain still holds. */
async function spentInputs(chain: ChainPort, txCbor: string): Promise<UTxO[]> {
  return chain.utxosByRef(readTransaction(fromHex(txCbor.toLowerCase())).body.inputs);
}

/** The payment key hash → address of the inputs locked by a key. */
function inputKeyAddresses(spent: readonly UTxO[]): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const utxo of spent) {
    const credential = paymentCredentialOf(utxo.output.address);
    if (credential && !credential.isScript) byKey.set(credential.hash, utxo.output.address);
  }
  return byKey;
}

/** The spending transaction of each of `refs` that the chain can name (a lookup that fails names none). */
async function spendersOf(chain: ChainPort, refs: readonly string[]): Promise<Map<string, string>> {
  const spenders = new Map<string, string>();
  await Promise.all(
    refs.slice(0, 16).map(async (ref) => {
      const [txHash, index] = ref.split("#") as [string, string];
      try {
        const spender = await spenderOf(chain, { txHash, index: Number(index) });
        if (spender !== null) spenders.set(ref, spender);
      } catch {
        // The sentence then says "spent already (or never existed)", as without a lookup.
      }
    }),
  );
  return spenders;
}

/**
 * A LedgerRejectedError of `chain` about `txCbor` in words a user can act on: the same code, a
 * sentence that says what to do, and the ledger's text as `detail`. Any other error, or a reason
 * of another kind, is returned as it is. `keyRoles`: what the caller knows of the keys the spent
 * outputs need (a missing signature then names the address and the role).
 */
export async function readableRejection(
  error: unknown,
  chain: ChainPort,
  txCbor: string,
  keyRoles?: KeyRoles,
): Promise<unknown> {
  if (!(error instanceof LedgerRejectedError)) return error;
  const reason = error.message.replace(PREFIX, "");
  let keyAddresses: Map<string, string> | undefined;
  let roles: ReadonlyMap<string, KeyRole> | undefined;
  if (MISSING_SIGNATURES.test(reason)) {
    try {
      const spent = await spentInputs(chain, txCbor);
      keyAddresses = inputKeyAddresses(spent);
      roles = keyRoles?.(spent);
    } catch {
      // Without the inputs' addresses the sentence names the key hashes alone.
    }
  }
  const spenders = await spendersOf(chain, badInputRefs(reason) ?? []);
  const eras = eraHistoryFor(chain.network, isDevnet(chain) ? chain.systemStartMs : undefined);
  const slotTime = (slot: number): number => eras.slotToTime(slot);
  const sentence = explainLedgerRefusal(reason, { keyAddresses, keyRoles: roles, slotTime, spenders });
  if (sentence === null) return error;
  return Object.assign(new LedgerRejectedError(sentence, { cause: error }), { detail: reason });
}
