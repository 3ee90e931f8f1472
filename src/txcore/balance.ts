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
// the fee without the user asking. An output holds at most 2^64 - 1 of each unit: when the inputs
// together hold more (several UTxOs of one large supply spent at once), the change is split over
// as many outputs as that takes, the ADA in the first and each other holding its minimum; so it is
// when the change holds more assets than one output's value may (the ledger's maxValSize). An
// asset the outputs or burns need beyond what the inputs and the pool hold is refused, naming it
// and how much is missing, before anything is written.
//
// Plutus (draft.plutus): script inputs spent with their inline datum, script mints, scripts by
// reference or in the witness set, redeemers, the script data hash, collateral. The redeemers'
// budgets are inputs of balanceTransaction; balanceAndEvaluate (./evaluate.ts) finds them with
// the chain's evaluator, rebuilding until the budgets declared are those the scripts need.
import type { Metadatum, Output, Protocol, UTxO } from "../cardano/types.js";
import { CborWriter, headSize } from "../cardano/cbor.js";
import {
  exUnitsFee,
  hash256,
  minLovelace,
  nativeScriptSigners,
  languageViews,
  RedeemerTag,
  referenceScriptSize,
  referenceScriptsFee,
  scriptDataHash,
  SET_TAG,
  writeAuxiliaryData,
  writeMint,
  writeOutput,
  writeRedeemers,
  type ExUnits,
  type Redeemer,
} from "../cardano/tx-encode.js";
import { fromHex, toHex } from "../cardano/tx-cbor.js";
import type { Address } from "../cardano/addresses.js";
import { paymentCredentialOf, knownAddress } from "../cardano/address-rules.js";
import { ledgerOrder, lovelaceOf, outRefOf } from "../cardano/utxo.js";
import { add, byUnit, fromAssets, subtract, sum, valueOf, ZERO, type Value } from "../cardano/value.js";

export type { ExUnits };

export interface TxDraft {
  /** Spent whatever coin selection does. */
  readonly inputs: readonly UTxO[];
  /** With their lovelace settled; an "Embedded" datum goes to the witness set, its hash to the output. */
  readonly outputs: readonly Output[];
  /** unit → quantity minted (negative: burnt), under native-script policies (Plutus mints: plutus.mints). */
  readonly mint: ReadonlyMap<string, bigint>;
  /** Native scripts (CBOR hex) for the witness set: the mints' policies. */
  readonly nativeScripts: readonly string[];
  readonly referenceInputs: readonly UTxO[];
  /** Key hashes the ledger must see a signature of. */
  readonly requiredSigners: readonly string[];
  readonly metadata: ReadonlyMap<bigint, Metadatum>;
  /** Slots; null: unbounded. */
  readonly validity: { readonly start: number | null; readonly end: number | null };
  /** What runs Plutus scripts; absent: none does. */
  readonly plutus?: PlutusDraft;
  /** Certificates (body field 4); absent: none. */
  readonly certificates?: CertificatesDraft;
}

/** The certificates of a transaction, in order, and what they cost beyond their bytes. */
export interface CertificatesDraft {
  /** Each certificate's CBOR. */
  readonly cbor: readonly Uint8Array[];
  /** Deposits they take less refunds they give back, lovelace: the inputs pay it as they pay an output. */
  readonly deposit: bigint;
  /** Key hashes that must witness them (stake keys): their signatures are priced, not written as required signers. */
  readonly signers: readonly string[];
}

/** What a draft may leave out: no inputs, mint, scripts, references, signers or metadata, no validity bounds. */
const EMPTY_DRAFT: TxDraft = {
  inputs: [],
  outputs: [],
  mint: new Map<string, bigint>(),
  nativeScripts: [],
  referenceInputs: [],
  requiredSigners: [],
  metadata: new Map<bigint, Metadatum>(),
  validity: { start: null, end: null },
};

/** A draft from what it holds, every part left out empty: `draftOf({ outputs })` only pays (coin selection adds the inputs and the change). */
export const draftOf = (parts: Partial<TxDraft> & { readonly outputs: readonly Output[] }): TxDraft => ({
  ...EMPTY_DRAFT,
  ...parts,
});

/** A redeemer that names input positions: given the final inputs ("txHash#index", in ledger order). */
export type PositionalRedeemer = (sortedInputs: readonly string[]) => string;

/** A UTxO at a Plutus script address, spent with its inline datum or the datum its hash names. */
export interface PlutusSpend {
  readonly utxo: UTxO;
  /** Plutus data, CBOR hex, or a function of the final inputs (called each time the body is written). */
  readonly redeemer: string | PositionalRedeemer;
  /** The datum (CBOR hex) when the UTxO holds only its hash: the witness set must carry it. */
  readonly datum?: string;
}

/** A mint or burn under a Plutus policy. */
export interface PlutusMint {
  readonly policyId: string;
  /** Asset name (hex) → quantity (negative: burnt). */
  readonly assets: ReadonlyMap<string, bigint>;
  /** Plutus data, CBOR hex. */
  readonly redeemer: string;
}

export type PlutusVersion = "V1" | "V2" | "V3";

/** A Plutus script in the witness set. */
export interface InlineScript {
  readonly version: PlutusVersion;
  /** The witness item, CBOR hex: a byte string holding the blueprint's compiledCode (cardano-cli's cborHex). */
  readonly code: string;
}

/** The witness-set key of each version's scripts. */
const SCRIPT_WITNESS_KEY: Record<PlutusVersion, number> = { V1: 3, V2: 6, V3: 7 };

/** A reference input that carries a script the transaction runs by reference. */
export interface ScriptReference {
  readonly txHash: string;
  readonly index: number;
  /** The size the ledger charges for its script (a Plutus script: its flat-encoded program's CBOR bytes). */
  readonly scriptSize: number;
}

export interface PlutusDraft {
  readonly spends: readonly PlutusSpend[];
  readonly mints: readonly PlutusMint[];
  /** Plutus scripts carried in the witness set (keys 3, 6, 7 by version). */
  readonly inlineScripts: readonly InlineScript[];
  /** Scripts run by reference: their reference inputs (key 18), priced by their size. */
  readonly scriptReferences: readonly ScriptReference[];
  /**
   * The network's cost model of each Plutus version the transaction runs (inline or by
   * reference): the script data hash covers their language views.
   */
  readonly costModels: Partial<Readonly<Record<PlutusVersion, readonly number[]>>>;
  /**
   * The collateral input. `total`: what the ledger takes should a script fail, the rest going back
   * to its address (collateral return); null: the whole input, with no return output.
   */
  readonly collateral: { readonly utxo: UTxO; readonly total: bigint | null };
  /** The budget of each redeemer, by purposeOf…; absent: 0 (a first build, before evaluation). */
  readonly budgets: ReadonlyMap<string, ExUnits>;
}

/** The key of a redeemer's budget: what it is for, stable whatever position coin selection gives it. */
export const spendPurpose = (utxo: UTxO): string => `spend:${outRefOf(utxo)}`;
export const mintPurpose = (policyId: string): string => `mint:${policyId}`;

export interface Balancing {
  /** Candidates for coin selection (the draft's inputs left out). */
  readonly pool: readonly UTxO[];
  readonly changeAddress: Address;
  readonly params: Protocol;
}

/** A redeemer of the transaction: its purpose key, where it points and the budget it declares. */
export interface RedeemerSlot {
  readonly purpose: string;
  readonly tag: "SPEND" | "MINT";
  readonly index: number;
  readonly budget: ExUnits;
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
  /** Every input, in ledger order. */
  readonly inputs: readonly UTxO[];
  /** The redeemers, as the witness set holds them (none without Plutus). */
  readonly redeemers: readonly RedeemerSlot[];
  /** The sum of their budgets. */
  readonly exUnits: ExUnits;
}

export type BalanceFailure =
  /** The pool cannot pay: the outputs need `sent`, the fee is about `fee`, the change needs `changeMin`, all inputs hold `held`. */
  | {
      readonly kind: "insufficient-ada";
      readonly sent: bigint;
      readonly fee: bigint;
      readonly changeMin: bigint;
      readonly held: bigint;
    }
  /** The inputs and the pool hold `missing` too little of `unit`. */
  | { readonly kind: "insufficient-asset"; readonly unit: string; readonly missing: bigint }
  /** The transaction is `size` bytes with the fewest inputs it can have: more than `max`. */
  | { readonly kind: "too-large"; readonly size: number; readonly max: number }
  /** Paying needs more inputs than fit in `max` bytes. */
  | { readonly kind: "too-many-inputs"; readonly max: number }
  /** The collateral covers `held` lovelace; the ledger asks for `needed` (collateralPercent of the fee). */
  | { readonly kind: "insufficient-collateral"; readonly needed: bigint; readonly held: bigint };

export class BalanceError extends Error {
  constructor(readonly failure: BalanceFailure) {
    super(`the transaction cannot be balanced: ${failure.kind}`);
  }
}

/** A vkey witness once signed: [32-byte key, 64-byte signature]. */
const VKEY_WITNESS_SIZE = 1 + 2 + 32 + 2 + 64;

/** The Plutus parts that do not change while coin selection adds inputs and the fee settles. */
interface FixedPlutus {
  readonly spends: readonly PlutusSpend[];
  /** Sorted policy ids of the whole mint, native ones included: a mint redeemer points into them. */
  readonly policies: readonly string[];
  readonly mints: readonly PlutusMint[];
  readonly budgets: ReadonlyMap<string, ExUnits>;
  readonly languageViews: Uint8Array;
  readonly collateral: UTxO;
  readonly totalCollateral: bigint | null;
  /** The collateral return output's CBOR; null without a total. */
  readonly collateralReturn: Uint8Array | null;
  /** The price of the declared budgets. */
  readonly exUnitsFee: bigint;
  readonly exUnits: ExUnits;
}

/** What does not change while coin selection adds inputs and the fee settles. */
interface Fixed {
  readonly draft: TxDraft;
  readonly params: Protocol;
  readonly changeAddress: Address;
  /** The inputs spent whatever coin selection does: the draft's and the script inputs. */
  readonly spent: readonly UTxO[];
  /** Native and Plutus mints together. */
  readonly mint: ReadonlyMap<string, bigint>;
  /** The same, as a value (burns negative). */
  readonly minted: Value;
  readonly outputs: readonly Uint8Array[];
  /** What the outputs hold, and the certificates' deposits as lovelace. */
  readonly sent: Value;
  readonly aux: Uint8Array | null;
  readonly auxHash: Uint8Array | null;
  /** Witness-set fields that do not depend on the inputs: native scripts, datums, Plutus V2 scripts. */
  readonly witnessEntries: ReadonlyArray<readonly [number, Uint8Array]>;
  /** The datums field (key 4), for the script data hash. */
  readonly datums: Uint8Array | null;
  /** Reference inputs, sorted "txHash#index" → [txHash, index]. */
  readonly references: ReadonlyArray<readonly [string, number]>;
  /** The bytes of reference scripts read through the reference inputs. */
  readonly referenceScriptBytes: number;
  /** Key hashes that sign whatever the inputs: required signers, native script keys, the collateral's key. */
  readonly signers: ReadonlySet<string>;
  readonly plutus: FixedPlutus | null;
}

function taggedSet(items: readonly Uint8Array[]): Uint8Array {
  const w = new CborWriter().tag(SET_TAG).array(items.length);
  for (const item of items) w.raw(item);
  return w.finish();
}

/** Items once each (a set the ledger decodes refuses duplicates). */
const unique = (items: readonly Uint8Array[]): Uint8Array[] => [...new Map(items.map((d) => [toHex(d), d])).values()];

function mintOf(draft: TxDraft): Map<string, bigint> {
  const mint = new Map(draft.mint);
  for (const m of draft.plutus?.mints ?? []) {
    for (const [name, quantity] of m.assets)
      mint.set(m.policyId + name, (mint.get(m.policyId + name) ?? 0n) + quantity);
  }
  return mint;
}

function referencesOf(draft: TxDraft): { references: Array<[string, number]>; scriptBytes: number } {
  const byRef = new Map<string, { txHash: string; index: number; scriptBytes: number }>();
  for (const u of draft.referenceInputs) {
    byRef.set(outRefOf(u), {
      txHash: u.input.txHash,
      index: u.input.outputIndex,
      scriptBytes: u.output.scriptRef ? referenceScriptSize(u.output.scriptRef) : 0,
    });
  }
  for (const r of draft.plutus?.scriptReferences ?? [])
    byRef.set(`${r.txHash}#${r.index}`, { txHash: r.txHash, index: r.index, scriptBytes: r.scriptSize });
  const sorted = [...byRef.values()].sort((a, b) =>
    a.txHash === b.txHash ? a.index - b.index : a.txHash < b.txHash ? -1 : 1,
  );
  return {
    references: sorted.map((r) => [r.txHash, r.index]),
    scriptBytes: sorted.reduce((sum, r) => sum + r.scriptBytes, 0),
  };
}

function preparePlutus(plutus: PlutusDraft, mint: ReadonlyMap<string, bigint>, params: Protocol): FixedPlutus {
  const policies = [...new Set([...mint.keys()].map((unit) => unit.slice(0, 56)))].sort();
  let mem = 0n;
  let steps = 0n;
  for (const purpose of [
    ...plutus.spends.map((s) => spendPurpose(s.utxo)),
    ...plutus.mints.map((m) => mintPurpose(m.policyId)),
  ]) {
    const budget = plutus.budgets.get(purpose);
    mem += budget?.mem ?? 0n;
    steps += budget?.steps ?? 0n;
  }
  const { utxo, total } = plutus.collateral;
  let collateralReturn: Uint8Array | null = null;
  if (total !== null) {
    // A total over what the collateral holds would make its return output negative.
    const held = lovelaceOf(utxo);
    if (total > held) throw new BalanceError({ kind: "insufficient-collateral", needed: total, held });
    const back = subtract(fromAssets(utxo.output.amount), valueOf(total));
    collateralReturn = writeOutput(new CborWriter(), {
      address: knownAddress(utxo.output.address),
      value: back,
    }).finish();
  }
  return {
    spends: plutus.spends,
    policies,
    mints: plutus.mints,
    budgets: plutus.budgets,
    languageViews: languageViews(plutus.costModels),
    collateral: utxo,
    totalCollateral: total,
    collateralReturn,
    exUnitsFee: exUnitsFee({ mem, steps }, params.priceMem, params.priceStep),
    exUnits: { mem, steps },
  };
}

function prepare(draft: TxDraft, balancing: Balancing): Fixed {
  const sent = sum([...draft.outputs.map((o) => o.value), valueOf(draft.certificates?.deposit ?? 0n)]);
  const mint = mintOf(draft);
  const aux = draft.metadata.size > 0 ? writeAuxiliaryData(draft.metadata) : null;
  const datums = unique([
    ...draft.outputs.filter((o) => o.datum?.type === "Embedded").map((o) => fromHex(o.datum!.data.content as string)),
    ...(draft.plutus?.spends ?? []).flatMap((s) => (s.datum === undefined ? [] : [fromHex(s.datum)])),
  ]);
  const datumsField = datums.length > 0 ? taggedSet(datums) : null;
  // Witness-set keys in ascending order; the redeemers (5) are placed among them once written.
  const witnessEntries: Array<[number, Uint8Array]> = [];
  if (draft.nativeScripts.length > 0) witnessEntries.push([1, taggedSet(draft.nativeScripts.map(fromHex))]);
  if (datumsField) witnessEntries.push([4, datumsField]);
  for (const version of ["V1", "V2", "V3"] as const) {
    const scripts = unique(
      (draft.plutus?.inlineScripts ?? []).filter((s) => s.version === version).map((s) => fromHex(s.code)),
    );
    if (scripts.length > 0) witnessEntries.push([SCRIPT_WITNESS_KEY[version], taggedSet(scripts)]);
  }
  witnessEntries.sort(([a], [b]) => a - b);
  const plutus = draft.plutus ? preparePlutus(draft.plutus, mint, balancing.params) : null;
  const signers = new Set(draft.requiredSigners.map((s) => s.toLowerCase()));
  for (const script of draft.nativeScripts) for (const key of nativeScriptSigners(script)) signers.add(key);
  for (const key of draft.certificates?.signers ?? []) signers.add(key);
  const collateralKey = plutus ? keyHashOf(plutus.collateral.output.address) : null;
  if (collateralKey) signers.add(collateralKey);
  const { references, scriptBytes } = referencesOf(draft);
  return {
    draft,
    params: balancing.params,
    changeAddress: balancing.changeAddress,
    spent: [...draft.inputs, ...(draft.plutus?.spends ?? []).map((s) => s.utxo)],
    mint,
    minted: valueOf(0n, mint),
    outputs: draft.outputs.map((o) => writeOutput(new CborWriter(), o).finish()),
    sent,
    aux,
    auxHash: aux ? fromHex(hash256(aux)) : null,
    witnessEntries,
    datums: datumsField,
    references,
    referenceScriptBytes: scriptBytes,
    signers,
    plutus,
  };
}

/** The witness-set fields and script data hash for these inputs (the redeemers point into them). */
interface Witnesses {
  readonly entries: ReadonlyArray<readonly [number, Uint8Array]>;
  readonly scriptDataHash: Uint8Array | null;
  readonly redeemers: readonly RedeemerSlot[];
}

function redeemersOf(p: FixedPlutus, inputs: readonly UTxO[]): { slots: RedeemerSlot[]; redeemers: Redeemer[] } {
  const refs = inputs.map(outRefOf);
  const zero: ExUnits = { mem: 0n, steps: 0n };
  const entries: Array<{ slot: RedeemerSlot; data: string }> = [];
  for (const spend of p.spends) {
    const purpose = spendPurpose(spend.utxo);
    const index = refs.indexOf(outRefOf(spend.utxo));
    const data = typeof spend.redeemer === "function" ? spend.redeemer(refs) : spend.redeemer;
    entries.push({ slot: { purpose, tag: "SPEND", index, budget: p.budgets.get(purpose) ?? zero }, data });
  }
  for (const mint of p.mints) {
    const purpose = mintPurpose(mint.policyId);
    entries.push({
      slot: { purpose, tag: "MINT", index: p.policies.indexOf(mint.policyId), budget: p.budgets.get(purpose) ?? zero },
      data: mint.redeemer,
    });
  }
  entries.sort((a, b) => (a.slot.tag === b.slot.tag ? a.slot.index - b.slot.index : a.slot.tag === "SPEND" ? -1 : 1));
  return {
    slots: entries.map((e) => e.slot),
    redeemers: entries.map((e) => ({
      tag: e.slot.tag === "SPEND" ? RedeemerTag.Spend : RedeemerTag.Mint,
      index: e.slot.index,
      data: fromHex(e.data),
      budget: e.slot.budget,
    })),
  };
}

function witnessesFor(f: Fixed, inputs: readonly UTxO[]): Witnesses {
  const { slots, redeemers } = f.plutus ? redeemersOf(f.plutus, inputs) : { slots: [], redeemers: [] };
  if (!f.plutus || redeemers.length === 0) {
    // Datums without redeemers still need the script data hash (over A0 | datums | A0).
    return {
      entries: f.witnessEntries,
      scriptDataHash: f.datums ? scriptDataHash(f.datums, null) : null,
      redeemers: [],
    };
  }
  const field = writeRedeemers(redeemers);
  const entries = [...f.witnessEntries, [5, field] as const].sort(([a], [b]) => a - b);
  return {
    entries,
    scriptDataHash: scriptDataHash(f.datums, { redeemers: field, languageViews: f.plutus.languageViews }),
    redeemers: slots,
  };
}

function writeInputs(w: CborWriter, refs: ReadonlyArray<readonly [string, number]>): void {
  w.array(refs.length);
  for (const [txHash, index] of refs) w.array(2).bytes(fromHex(txHash)).uint(index);
}

const refsOf = (utxos: readonly UTxO[]): Array<[string, number]> =>
  utxos.map((u) => [u.input.txHash, u.input.outputIndex]);

function writeBody(
  f: Fixed,
  inputs: readonly UTxO[],
  change: readonly Output[],
  fee: bigint,
  dataHash: Uint8Array | null,
): Uint8Array {
  const { draft, plutus } = f;
  const fields =
    3 +
    (draft.validity.end !== null ? 1 : 0) +
    (draft.certificates?.cbor.length ? 1 : 0) +
    (f.auxHash ? 1 : 0) +
    (draft.validity.start !== null ? 1 : 0) +
    (f.mint.size > 0 ? 1 : 0) +
    (dataHash ? 1 : 0) +
    (plutus ? 1 : 0) +
    (draft.requiredSigners.length > 0 ? 1 : 0) +
    (plutus?.collateralReturn ? 2 : 0) +
    (f.references.length > 0 ? 1 : 0);
  const w = new CborWriter().map(fields);
  writeInputs(w.uint(0), refsOf(inputs));
  w.uint(1).array(f.outputs.length + change.length);
  for (const output of f.outputs) w.raw(output);
  for (const output of change) writeOutput(w, output);
  w.uint(2).uint(fee);
  if (draft.validity.end !== null) w.uint(3).uint(draft.validity.end);
  if (draft.certificates?.cbor.length) {
    // Untagged, as the body's other sets are: the shortest form, and one form throughout the body.
    w.uint(4).array(draft.certificates.cbor.length);
    for (const certificate of draft.certificates.cbor) w.raw(certificate);
  }
  if (f.auxHash) w.uint(7).bytes(f.auxHash);
  if (draft.validity.start !== null) w.uint(8).uint(draft.validity.start);
  if (f.mint.size > 0) writeMint(w.uint(9), f.mint);
  if (dataHash) w.uint(11).bytes(dataHash);
  if (plutus) writeInputs(w.uint(13), refsOf([plutus.collateral]));
  if (draft.requiredSigners.length > 0) {
    w.uint(14).array(draft.requiredSigners.length);
    for (const signer of draft.requiredSigners) w.bytes(fromHex(signer));
  }
  if (plutus?.collateralReturn) w.uint(16).raw(plutus.collateralReturn).uint(17).uint(plutus.totalCollateral!);
  if (f.references.length > 0) writeInputs(w.uint(18), f.references);
  return w.finish();
}

function writeWitnessSet(entries: ReadonlyArray<readonly [number, Uint8Array]>): Uint8Array {
  const w = new CborWriter().map(entries.length);
  for (const [key, value] of entries) w.uint(key).raw(value);
  return w.finish();
}

/** The payment key hash of a UTxO's address; null for a script credential (or an address without a payment credential). */
function keyHashOf(address: string): string | null {
  const payment = paymentCredentialOf(address);
  return payment === null || payment.isScript ? null : payment.hash;
}

/** How many keys sign: those of the key-address inputs, the required signers, the native scripts' keys and the collateral's. */
function signerCount(f: Fixed, inputs: readonly UTxO[]): number {
  const keys = new Set(f.signers);
  for (const utxo of inputs) {
    const key = keyHashOf(utxo.output.address);
    if (key) keys.add(key);
  }
  return keys.size;
}

/** The witness set's size once `signers` vkey witnesses are added (key 0, a tagged set, first). */
function signedWitnessSetSize(entries: ReadonlyArray<readonly [number, Uint8Array]>, signers: number): number {
  const count = entries.length + (signers > 0 ? 1 : 0);
  let size = headSize(count);
  for (const [, value] of entries) size += 1 + value.length;
  if (signers > 0) size += 1 + 3 + headSize(signers) + signers * VKEY_WITNESS_SIZE;
  return size;
}

/** The ledger's size of the signed transaction: [body, witnesses, auxiliary data], without is_valid. */
const ledgerSize = (f: Fixed, body: Uint8Array, witnessSetSize: number): number =>
  1 + body.length + witnessSetSize + (f.aux ? f.aux.length : 1);

/** The fee for reference scripts: those of the spent inputs and of the reference inputs. */
function referenceFee(f: Fixed, inputs: readonly UTxO[]): bigint {
  let size = f.referenceScriptBytes;
  for (const utxo of inputs) if (utxo.output.scriptRef) size += referenceScriptSize(utxo.output.scriptRef);
  return referenceScriptsFee(size, f.params.minFeeRefScriptCostPerByte ?? 0);
}

interface Priced {
  readonly body: Uint8Array;
  readonly witnesses: Witnesses;
  readonly fee: bigint;
  readonly signedSize: number;
  /** Lovelace still missing for the change outputs (0: balanced). */
  readonly short: bigint;
  readonly changeMin: bigint;
}

/** The most of one unit an output holds: the ledger's unsigned 64-bit quantity. */
const U64_MAX = 2n ** 64n - 1n;

/** The size of a CBOR byte string of `length` bytes. */
const bytesSize = (length: number): number => headSize(length) + length;
/** A policy id in the multi-asset map: a byte string of 28 bytes. */
const POLICY_SIZE = bytesSize(28);
/** [coin, multiasset] without assets, the coin at its largest (9 bytes): what every change value starts from. */
const EMPTY_VALUE_SIZE = 1 + 9 + headSize(0);

/** One change output's assets while they are dealt out, and the size of its value so far. */
interface Chunk {
  readonly assets: Map<string, bigint>;
  /** policy → how many of its names the chunk holds. */
  readonly names: Map<string, number>;
  size: number;
}

/**
 * The change's assets (each positive, in unit order) dealt into the fewest outputs in order: each
 * holds at most 2^64 - 1 of a unit (a larger quantity is split, a piece to each of the next
 * outputs) and a value of at most `maxValSize` bytes, its coin counted at its largest (the ledger
 * refuses an output whose value is larger: OutputTooBigUTxO). Each unit goes to the first output
 * that does not hold it yet and has room for it. A change that fits one output stays whole.
 */
function changeChunks(
  assets: ReadonlyArray<readonly [string, bigint]>,
  maxValSize: number,
): Array<Map<string, bigint>> {
  const max = maxValSize > 0 ? maxValSize : Infinity;
  const chunks: Chunk[] = [{ assets: new Map(), names: new Map(), size: EMPTY_VALUE_SIZE }];
  /** What adding `unit` (of `quantity`) adds to the chunk's value size. */
  const growth = (chunk: Chunk, unit: string, quantity: bigint): number => {
    const entry = bytesSize((unit.length - 56) / 2) + headSize(quantity);
    const names = chunk.names.get(unit.slice(0, 56));
    if (names !== undefined) return entry + headSize(names + 1) - headSize(names);
    const policies = chunk.names.size;
    return entry + POLICY_SIZE + headSize(1) + headSize(policies + 1) - headSize(policies);
  };
  for (const [unit, total] of assets) {
    let from = 0;
    for (let left = total; left > 0n; left -= U64_MAX) {
      const quantity = left > U64_MAX ? U64_MAX : left;
      let i = from;
      for (; i < chunks.length; i++) {
        const chunk = chunks[i]!;
        if (!chunk.assets.has(unit) && (chunk.assets.size === 0 || chunk.size + growth(chunk, unit, quantity) <= max))
          break;
      }
      const chunk = (chunks[i] ??= { assets: new Map(), names: new Map(), size: EMPTY_VALUE_SIZE });
      chunk.size += growth(chunk, unit, quantity);
      const policy = unit.slice(0, 56);
      chunk.names.set(policy, (chunk.names.get(policy) ?? 0) + 1);
      chunk.assets.set(unit, quantity);
      from = i + 1;
    }
  }
  return chunks.map((chunk) => chunk.assets);
}

/**
 * The change outputs for `lovelace` (negative: short, written as 0) and `assets` (each positive):
 * one, or more when a quantity is over 2^64 - 1 or the assets' value is over the ledger's
 * maxValSize (changeChunks). The assets' other outputs hold their minimum ADA and the first the
 * rest, itself shared out evenly over ADA-only outputs when over 2^64 - 1 (inputs no ledger holds,
 * but a request can claim). `min`: the lovelace the outputs need together.
 */
function changeOutputs(
  f: Fixed,
  lovelace: bigint,
  assets: ReadonlyArray<readonly [string, bigint]>,
): { outputs: Output[]; min: bigint } {
  const chunks = changeChunks(assets, Number(f.params.maxValSize));
  const output = (coin: bigint, units: ReadonlyMap<string, bigint> = ZERO.assets): Output => ({
    address: f.changeAddress,
    value: { lovelace: coin, assets: units },
  });
  const minOf = (o: Output): bigint => minLovelace(o, f.params.coinsPerUtxoSize);
  const others = chunks.slice(1).map((units) => output(minOf(output(0n, units)), units));
  let min = others.reduce((sum, o) => sum + o.value.lovelace, 0n);
  const rest = lovelace - min;
  // Over 2^64 - 1: n ADA outputs of about rest / n each (at least half the maximum, far above a minimum).
  const n = rest > U64_MAX ? (rest + U64_MAX - 1n) / U64_MAX : 1n;
  const coins = Array.from({ length: Number(n) }, (_, i) => rest / n + (BigInt(i) < rest % n ? 1n : 0n));
  const first = output(rest > 0n ? coins[0]! : 0n, chunks[0]);
  const ada = coins.slice(1).map((coin) => output(coin));
  min += minOf(first) + ada.reduce((sum, o) => sum + minOf(o), 0n);
  return { outputs: [first, ...others, ...ada], min };
}

/**
 * The fee and change for these inputs (`held`: what they hold together): the fee is raised to the
 * minimum of the transaction it is in until they agree (the fee's and the change's own sizes move
 * with it).
 */
function price(f: Fixed, inputs: readonly UTxO[], held: Value, startFee: bigint): Priced {
  const a = BigInt(f.params.minFeeA);
  const b = BigInt(f.params.minFeeB);
  const scriptFees = referenceFee(f, inputs) + (f.plutus?.exUnitsFee ?? 0n);
  const witnesses = witnessesFor(f, inputs);
  const witnessSize = signedWitnessSetSize(witnesses.entries, signerCount(f, inputs));
  const total = subtract(add(held, f.minted), f.sent);
  const changeAssets = [...total.assets].sort(([x], [y]) => byUnit(x, y));
  // An asset the outputs and burns take more of than the inputs hold: nothing to write, say which.
  const missing = changeAssets.find(([, quantity]) => quantity < 0n);
  if (missing) throw new BalanceError({ kind: "insufficient-asset", unit: missing[0], missing: -missing[1] });
  const available = total.lovelace;
  let fee = startFee;
  for (let round = 0; ; round++) {
    const lovelace = available - fee;
    // A change output unless the inputs pay the outputs and the fee exactly; while they fall
    // short, it is priced (and its minimum counted as missing) at the coin it will need.
    const change =
      changeAssets.length > 0 || lovelace !== 0n ? changeOutputs(f, lovelace, changeAssets) : { outputs: [], min: 0n };
    const body = writeBody(f, inputs, change.outputs, fee, witnesses.scriptDataHash);
    const signedSize = ledgerSize(f, body, witnessSize);
    const minFee = a * BigInt(signedSize) + b + scriptFees;
    if (minFee <= fee || round >= 8) {
      const short = change.min > lovelace ? change.min - lovelace : 0n;
      return { body, witnesses, fee, signedSize, short, changeMin: change.min };
    }
    fee = minFee;
  }
}

/** The ledger's collateral rule: the collateral covers collateralPercent of the fee (a failed script costs that). */
function checkCollateral(f: Fixed, fee: bigint): void {
  if (!f.plutus) return;
  const held = f.plutus.totalCollateral ?? lovelaceOf(f.plutus.collateral);
  const percent = BigInt(f.params.collateralPercent);
  if (held * 100n < fee * percent)
    throw new BalanceError({ kind: "insufficient-collateral", needed: (fee * percent + 99n) / 100n, held });
}

/** Balances `draft` with UTxOs of `balancing.pool`; throws a BalanceError saying what is missing. */
export function balanceTransaction(draft: TxDraft, balancing: Balancing): BalancedTx {
  const f = prepare(draft, balancing);
  const max = Number(balancing.params.maxTxSize);
  const spent = new Set(f.spent.map(outRefOf));
  const pool = balancing.pool.filter((u) => !spent.has(outRefOf(u)));
  // Each UTxO's amount list (the chain port's) read once, as a value.
  const values = new Map<UTxO, Value>();
  for (const utxo of [...f.spent, ...pool]) values.set(utxo, fromAssets(utxo.output.amount));
  const valueAt = (utxo: UTxO): Value => values.get(utxo)!;
  const selected: UTxO[] = [...f.spent];
  const taken = new Set<UTxO>();
  const take = (utxo: UTxO) => {
    taken.add(utxo);
    selected.push(utxo);
  };

  // Assets first: for each unit short after the inputs given, its holders, largest first.
  const need = subtract(subtract(f.sent, f.minted), sum(f.spent.map(valueAt)));
  for (const [unit, missing] of need.assets) {
    if (missing <= 0n) continue;
    const holders = pool
      .map((utxo) => ({ utxo, quantity: valueAt(utxo).assets.get(unit) ?? 0n }))
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
  // Each UTxO's lovelace read once, not in every comparison of the sort.
  const byLovelace = pool
    .filter((u) => !taken.has(u))
    .map((utxo) => ({ utxo, lovelace: valueAt(utxo).lovelace }))
    .sort((x, y) => (y.lovelace > x.lovelace ? 1 : y.lovelace < x.lovelace ? -1 : 0))
    .map((entry) => entry.utxo);
  let next = 0;
  let fee = 0n;
  for (;;) {
    const ordered = [...selected].sort(ledgerOrder);
    const exhausted = next >= byLovelace.length;
    const priced = price(f, ordered, sum(ordered.map(valueAt)), fee);
    fee = priced.fee;
    if (priced.short === 0n) {
      if (priced.signedSize > max) throw tooLarge(f, ordered, max);
      checkCollateral(f, priced.fee);
      return finish(f, priced, ordered);
    }
    if (exhausted) {
      const held = [...f.spent, ...pool].reduce((total, u) => total + valueAt(u).lovelace, 0n);
      throw new BalanceError({
        kind: "insufficient-ada",
        sent: f.sent.lovelace,
        fee: priced.fee,
        changeMin: priced.changeMin,
        held,
      });
    }
    // Each new input costs its bytes in the body and, perhaps, a signature: count both.
    const perInput = BigInt(f.params.minFeeA) * BigInt(40 + VKEY_WITNESS_SIZE);
    let gathered = 0n;
    while (next < byLovelace.length && gathered < priced.short) {
      const utxo = byLovelace[next++]!;
      take(utxo);
      gathered += valueAt(utxo).lovelace - perInput;
    }
    if (priced.signedSize > max && selected.length > f.spent.length) throw tooLarge(f, ordered, max);
  }
}

function finish(f: Fixed, priced: Priced, inputs: readonly UTxO[]): BalancedTx {
  const witnessSet = writeWitnessSet(priced.witnesses.entries);
  const tail = f.aux ?? Uint8Array.of(0xf6);
  const cbor = new CborWriter().array(4).raw(priced.body).raw(witnessSet).bool(true).raw(tail).finish();
  return {
    cbor,
    body: priced.body,
    witnessSet,
    auxiliaryData: f.aux,
    txHash: hash256(priced.body),
    fee: priced.fee,
    signedSize: priced.signedSize,
    inputs,
    redeemers: priced.witnesses.redeemers,
    exUnits: f.plutus?.exUnits ?? { mem: 0n, steps: 0n },
  };
}

/** Too large with its fewest inputs (those given, or one), or too many inputs for the pool's UTxOs. */
function tooLarge(f: Fixed, inputs: readonly UTxO[], max: number): BalanceError {
  const fewest = f.spent.length > 0 ? [...f.spent].sort(ledgerOrder) : inputs.slice(0, 1);
  const witnesses = witnessesFor(f, fewest);
  const body = writeBody(f, fewest, [], 0n, witnesses.scriptDataHash);
  const size = ledgerSize(f, body, signedWitnessSetSize(witnesses.entries, signerCount(f, fewest)));
  return new BalanceError(size > max ? { kind: "too-large", size, max } : { kind: "too-many-inputs", max });
}
