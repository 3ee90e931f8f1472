// The transaction-building core: from what must be in a transaction (inputs, outputs, mints,
// scripts, metadata, validity, signers) and a pool of UTxOs to pay with, a balanced transaction
// whose fee is the ledger's minimum for its size once signed.
//
// Ours rather than a library's builder because of what the service promises: the fee is exact
// (Conway prices the transaction without its is_valid byte, and the signed size depends on how
// many keys sign and how wallets write their witnesses, tag 258 included), nothing is attached
// that was not asked for, and a build costs microseconds, not the milliseconds of serializing and
// cloning a builder body several times over.
//
// Coin selection: the inputs given are always spent; then, for each asset the outputs and burns
// need beyond them, the pool's UTxOs holding it, largest quantity first; then ADA, largest first,
// until the change can pay for itself. What is left after the outputs and the fee goes to one
// change output; a remainder too small to make one is refused as not enough ADA, never given to
// the fee without the user asking.
import type { Metadatum, Output, Protocol, UTxO } from "@meshsdk/common";
import { CborWriter, headSize } from "./cbor.js";
import {
  addValue,
  hash256,
  minLovelace,
  nativeScriptSigners,
  paymentKeyHashOf,
  referenceScriptSize,
  referenceScriptsFee,
  SET_TAG,
  valueOf,
  writeAuxiliaryData,
  writeMint,
  writeOutput,
  type Value,
} from "./tx-encode.js";
import { fromHex } from "./tx-cbor.js";
import { ledgerOrder, lovelaceOf } from "./utxo.js";

export interface TxDraft {
  /** Spent whatever coin selection does. */
  readonly inputs: readonly UTxO[];
  /** With their lovelace settled; an "Embedded" datum goes to the witness set, its hash to the output. */
  readonly outputs: readonly Output[];
  /** unit → quantity minted (negative: burnt). */
  readonly mint: ReadonlyMap<string, bigint>;
  /** Native scripts (CBOR hex) for the witness set: the mints' policies. */
  readonly nativeScripts: readonly string[];
  readonly referenceInputs: readonly UTxO[];
  /** Key hashes the ledger must see a signature of. */
  readonly requiredSigners: readonly string[];
  readonly metadata: ReadonlyMap<bigint, Metadatum>;
  /** Slots; null: unbounded. */
  readonly validity: { readonly start: number | null; readonly end: number | null };
}

export interface Balancing {
  /** Candidates for coin selection (the draft's inputs left out). */
  readonly pool: readonly UTxO[];
  readonly changeAddress: string;
  readonly params: Protocol;
}

export interface BalancedTx {
  /** The unsigned transaction: [body, witness set, true, auxiliary data or null]. */
  readonly cbor: Uint8Array;
  readonly body: Uint8Array;
  readonly witnessSet: Uint8Array;
  readonly auxiliaryData: Uint8Array | null;
  readonly txHash: string;
  readonly fee: bigint;
  /** The size the ledger charges for once every expected key has signed. */
  readonly signedSize: number;
  readonly inputs: readonly UTxO[];
}

export type BalanceFailure =
  /** The pool cannot pay: the outputs need `sent`, the fee is about `fee`, the change needs `changeMin`, all inputs hold `held`. */
  | { readonly kind: "insufficient-ada"; readonly sent: bigint; readonly fee: bigint; readonly changeMin: bigint; readonly held: bigint }
  /** The inputs and the pool hold `missing` too little of `unit`. */
  | { readonly kind: "insufficient-asset"; readonly unit: string; readonly missing: bigint }
  /** The transaction is `size` bytes with the fewest inputs it can have: more than `max`. */
  | { readonly kind: "too-large"; readonly size: number; readonly max: number }
  /** Paying needs more inputs than fit in `max` bytes. */
  | { readonly kind: "too-many-inputs"; readonly max: number };

export class BalanceError extends Error {
  constructor(readonly failure: BalanceFailure) {
    super(`the transaction cannot be balanced: ${failure.kind}`);
  }
}

/** A vkey witness once signed: [32-byte key, 64-byte signature]. */
const VKEY_WITNESS_SIZE = 1 + 2 + 32 + 2 + 64;

/** What does not change while coin selection adds inputs and the fee settles. */
interface Fixed {
  readonly draft: TxDraft;
  readonly params: Protocol;
  readonly changeAddress: string;
  readonly outputs: readonly Uint8Array[];
  readonly sent: Value;
  readonly aux: Uint8Array | null;
  readonly auxHash: Uint8Array | null;
  readonly witnessEntries: ReadonlyArray<readonly [number, Uint8Array]>;
  readonly scriptDataHash: Uint8Array | null;
  /** Key hashes that sign whatever the inputs: required signers and native script keys. */
  readonly signers: ReadonlySet<string>;
}

function taggedSet(items: readonly Uint8Array[]): Uint8Array {
  const w = new CborWriter().tag(SET_TAG).array(items.length);
  for (const item of items) w.raw(item);
  return w.finish();
}

function prepare(draft: TxDraft, balancing: Balancing): Fixed {
  const sent: Value = new Map();
  for (const output of draft.outputs) addValue(sent, valueOf(output.amount));
  const aux = draft.metadata.size > 0 ? writeAuxiliaryData(draft.metadata) : null;
  const datums = draft.outputs.filter((o) => o.datum?.type === "Embedded").map((o) => fromHex(o.datum!.data.content as string));
  const uniqueDatums = [...new Map(datums.map((d) => [Buffer.from(d).toString("hex"), d])).values()];
  const witnessEntries: Array<[number, Uint8Array]> = [];
  if (draft.nativeScripts.length > 0) witnessEntries.push([1, taggedSet(draft.nativeScripts.map(fromHex))]);
  let scriptDataHash: Uint8Array | null = null;
  if (uniqueDatums.length > 0) {
    const field = taggedSet(uniqueDatums);
    witnessEntries.push([4, field]);
    // Datums without redeemers: the integrity hash covers [A0 | datums | A0] (Conway's CDDL).
    scriptDataHash = fromHex(hash256(Buffer.concat([Uint8Array.of(0xa0), field, Uint8Array.of(0xa0)])));
  }
  const signers = new Set(draft.requiredSigners.map((s) => s.toLowerCase()));
  for (const script of draft.nativeScripts) for (const key of nativeScriptSigners(script)) signers.add(key);
  return {
    draft,
    params: balancing.params,
    changeAddress: balancing.changeAddress,
    outputs: draft.outputs.map((o) => writeOutput(new CborWriter(), o).finish()),
    sent,
    aux,
    auxHash: aux ? fromHex(hash256(aux)) : null,
    witnessEntries,
    scriptDataHash,
    signers,
  };
}

function writeInputs(w: CborWriter, utxos: readonly UTxO[]): void {
  w.array(utxos.length);
  for (const u of utxos) w.array(2).bytes(fromHex(u.input.txHash)).uint(u.input.outputIndex);
}

function writeBody(f: Fixed, inputs: readonly UTxO[], change: Output | null, fee: bigint): Uint8Array {
  const { draft } = f;
  const fields =
    3 +
    (draft.validity.end !== null ? 1 : 0) +
    (f.auxHash ? 1 : 0) +
    (draft.validity.start !== null ? 1 : 0) +
    (draft.mint.size > 0 ? 1 : 0) +
    (f.scriptDataHash ? 1 : 0) +
    (draft.requiredSigners.length > 0 ? 1 : 0) +
    (draft.referenceInputs.length > 0 ? 1 : 0);
  const w = new CborWriter().map(fields);
  writeInputs(w.uint(0), inputs);
  w.uint(1).array(f.outputs.length + (change ? 1 : 0));
  for (const output of f.outputs) w.raw(output);
  if (change) writeOutput(w, change);
  w.uint(2).uint(fee);
  if (draft.validity.end !== null) w.uint(3).uint(draft.validity.end);
  if (f.auxHash) w.uint(7).bytes(f.auxHash);
  if (draft.validity.start !== null) w.uint(8).uint(draft.validity.start);
  if (draft.mint.size > 0) writeMint(w.uint(9), draft.mint);
  if (f.scriptDataHash) w.uint(11).bytes(f.scriptDataHash);
  if (draft.requiredSigners.length > 0) {
    w.uint(14).array(draft.requiredSigners.length);
    for (const signer of draft.requiredSigners) w.bytes(fromHex(signer));
  }
  if (draft.referenceInputs.length > 0) writeInputs(w.uint(18), [...draft.referenceInputs].sort(ledgerOrder));
  return w.finish();
}

function writeWitnessSet(entries: ReadonlyArray<readonly [number, Uint8Array]>): Uint8Array {
  const w = new CborWriter().map(entries.length);
  for (const [key, value] of entries) w.uint(key).raw(value);
  return w.finish();
}

/** How many keys sign: those of the key-address inputs, the required signers and the native scripts' keys. */
function signerCount(f: Fixed, inputs: readonly UTxO[]): number {
  const keys = new Set(f.signers);
  for (const utxo of inputs) {
    const key = paymentKeyHashOf(utxo.output.address);
    if (key) keys.add(key);
  }
  return keys.size;
}

/** The witness set's size once `signers` vkey witnesses are added (key 0, a tagged set, first). */
function signedWitnessSetSize(f: Fixed, signers: number): number {
  const entries = f.witnessEntries.length + (signers > 0 ? 1 : 0);
  let size = headSize(entries);
  for (const [, value] of f.witnessEntries) size += 1 + value.length;
  if (signers > 0) size += 1 + 3 + headSize(signers) + signers * VKEY_WITNESS_SIZE;
  return size;
}

/** The ledger's size of the signed transaction: [body, witnesses, auxiliary data], without is_valid. */
const ledgerSize = (f: Fixed, body: Uint8Array, witnessSetSize: number): number => 1 + body.length + witnessSetSize + (f.aux ? f.aux.length : 1);

function referenceFee(f: Fixed, inputs: readonly UTxO[]): bigint {
  let size = 0;
  for (const utxo of [...inputs, ...f.draft.referenceInputs]) if (utxo.output.scriptRef) size += referenceScriptSize(utxo.output.scriptRef);
  return referenceScriptsFee(size, Number(f.params.minFeeRefScriptCostPerByte ?? 0));
}

interface Priced {
  readonly body: Uint8Array;
  readonly fee: bigint;
  readonly signedSize: number;
  /** Lovelace still missing for the change output (0: balanced). */
  readonly short: bigint;
  readonly changeMin: bigint;
  /** Negative holdings of an asset after the outputs (an asset the inputs do not cover). */
  readonly missingAsset: { unit: string; missing: bigint } | null;
}

/**
 * The fee and change for these inputs: the fee is raised to the minimum of the transaction it
 * is in until they agree (the fee's and the change's own sizes move with it).
 */
function price(f: Fixed, inputs: readonly UTxO[], startFee: bigint): Priced {
  const a = BigInt(f.params.minFeeA);
  const b = BigInt(f.params.minFeeB);
  const refFee = referenceFee(f, inputs);
  const witnessSize = signedWitnessSetSize(f, signerCount(f, inputs));
  const total: Value = new Map();
  for (const utxo of inputs) addValue(total, valueOf(utxo.output.amount));
  addValue(total, f.draft.mint);
  addValue(total, f.sent, -1n);
  let missingAsset: Priced["missingAsset"] = null;
  const changeAssets = [...total].filter(([unit, q]) => unit !== "lovelace" && q !== 0n);
  for (const [unit, quantity] of changeAssets) if (quantity < 0n) missingAsset = { unit, missing: -quantity };
  const available = total.get("lovelace") ?? 0n;
  let fee = startFee;
  for (let round = 0; ; round++) {
    const lovelace = available - fee;
    let change: Output | null = null;
    let changeMin = 0n;
    // A change output unless the inputs pay the outputs and the fee exactly; while they fall
    // short, it is priced (and its minimum counted as missing) at the coin it will need.
    if (changeAssets.length > 0 || lovelace !== 0n) {
      const amount = [{ unit: "lovelace", quantity: (lovelace > 0n ? lovelace : 0n).toString() }, ...changeAssets.map(([unit, q]) => ({ unit, quantity: q.toString() }))];
      change = { address: f.changeAddress, amount };
      changeMin = minLovelace(change, f.params.coinsPerUtxoSize);
    }
    const body = writeBody(f, inputs, change, fee);
    const signedSize = ledgerSize(f, body, witnessSize);
    const minFee = a * BigInt(signedSize) + b + refFee;
    if (minFee <= fee || round >= 8) {
      const short = change && changeMin > lovelace ? changeMin - lovelace : 0n;
      return { body, fee, signedSize, short, changeMin, missingAsset };
    }
    fee = minFee;
  }
}

/** Balances `draft` with UTxOs of `balancing.pool`; throws a BalanceError saying what is missing. */
export function balanceTransaction(draft: TxDraft, balancing: Balancing): BalancedTx {
  const f = prepare(draft, balancing);
  const max = Number(balancing.params.maxTxSize);
  const spent = new Set(draft.inputs.map((u) => `${u.input.txHash}#${u.input.outputIndex}`));
  const pool = balancing.pool.filter((u) => !spent.has(`${u.input.txHash}#${u.input.outputIndex}`));
  const selected: UTxO[] = [...draft.inputs];
  const taken = new Set<UTxO>();
  const take = (utxo: UTxO) => {
    taken.add(utxo);
    selected.push(utxo);
  };

  // Assets first: for each unit short after the inputs given, its holders, largest first.
  const need: Value = addValue(new Map(f.sent), draft.mint, -1n);
  for (const utxo of draft.inputs) addValue(need, valueOf(utxo.output.amount), -1n);
  for (const [unit, missing] of need) {
    if (unit === "lovelace" || missing <= 0n) continue;
    const holders = pool
      .map((utxo) => ({ utxo, quantity: valueOf(utxo.output.amount).get(unit) ?? 0n }))
      .filter((h) => h.quantity > 0n && !taken.has(h.utxo))
      .sort((x, y) => (y.quantity > x.quantity ? 1 : y.quantity < x.quantity ? -1 : 0));
    let left = missing;
    for (const holder of holders) {
      if (left <= 0n) break;
      take(holder.utxo);
      left -= holder.quantity;
    }
    // Held elsewhere in the selection already (a UTxO taken for another asset) or missing: price() says.
  }

  // Then ADA, largest first, adding in bulk what the last pricing says is missing.
  const byLovelace = pool.filter((u) => !taken.has(u)).sort((x, y) => (lovelaceOf(y) > lovelaceOf(x) ? 1 : lovelaceOf(y) < lovelaceOf(x) ? -1 : 0));
  let next = 0;
  let fee = 0n;
  for (;;) {
    const ordered = [...selected].sort(ledgerOrder);
    const exhausted = next >= byLovelace.length;
    const priced = price(f, ordered, fee);
    fee = priced.fee;
    if (priced.missingAsset) throw new BalanceError({ kind: "insufficient-asset", ...priced.missingAsset });
    if (priced.short === 0n) {
      if (priced.signedSize > max) throw tooLarge(f, ordered, max);
      const witnessSet = writeWitnessSet(f.witnessEntries);
      const tail = f.aux ?? Uint8Array.of(0xf6);
      const cbor = new CborWriter().array(4).raw(priced.body).raw(witnessSet).bool(true).raw(tail).finish();
      return { cbor, body: priced.body, witnessSet, auxiliaryData: f.aux, txHash: hash256(priced.body), fee: priced.fee, signedSize: priced.signedSize, inputs: ordered };
    }
    if (exhausted) {
      const held = [...draft.inputs, ...pool].reduce((sum, u) => sum + lovelaceOf(u), 0n);
      throw new BalanceError({ kind: "insufficient-ada", sent: f.sent.get("lovelace") ?? 0n, fee: priced.fee, changeMin: priced.changeMin, held });
    }
    // Each new input costs its bytes in the body and, perhaps, a signature: count both.
    const perInput = BigInt(f.params.minFeeA) * BigInt(40 + VKEY_WITNESS_SIZE);
    let gathered = 0n;
    while (next < byLovelace.length && gathered < priced.short) {
      const utxo = byLovelace[next++]!;
      take(utxo);
      gathered += lovelaceOf(utxo) - perInput;
    }
    if (priced.signedSize > max && selected.length > draft.inputs.length) throw tooLarge(f, ordered, max);
  }
}

/** Too large with its fewest inputs (those given, or one), or too many inputs for the pool's UTxOs. */
function tooLarge(f: Fixed, inputs: readonly UTxO[], max: number): BalanceError {
  const fewest = f.draft.inputs.length > 0 ? [...f.draft.inputs] : inputs.slice(0, 1);
  const body = writeBody(f, fewest, null, 0n);
  const size = ledgerSize(f, body, signedWitnessSetSize(f, signerCount(f, fewest)));
  return new BalanceError(size > max ? { kind: "too-large", size, max } : { kind: "too-many-inputs", max });
}
