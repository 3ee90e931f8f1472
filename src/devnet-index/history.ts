// What a chain indexer keeps and the devnet's ledger does not: for each accepted transaction,
// its block (the slot it was accepted at) and position in it, the addresses it touched, the
// assets it minted with their CIP-25 metadata, the scripts and inline datums it carried. Built by
// tailing the devnet's own store (DevnetChain.acceptedAfter: every accepted transaction with its
// CBOR, in order), lazily on the first question and then incrementally before each one, so that
// submits pay nothing for it and every transaction is in it (the faucet's, this service's own
// routes', the Blockfrost-compatible submit's). A history that went away under it (a reset, a
// snapshot restored) is noticed (the transaction it read last is no longer at its number) and
// read again from the start.
//
// In memory, with no HTTP. The Blockfrost-compatible routes no longer read it: they answer from
// the store's rows (./blockfrost.ts, ./read-index.ts), which hold the same facts without holding
// every transaction in memory. The class stays as the history of a source that gives no rows
// (test/devnet-index/history.test.ts); its readers of a transaction's body (readTx, mintsOf,
// scriptRecordOf, witnessScriptsOf) are the index's.
import type { UTxO } from "@meshsdk/common";
import { HexBlob, Serialization, TxCBOR } from "@meshsdk/core-cst";
import type { AcceptedRow, DevnetReadRows } from "../chain/devnet/store.js";
import { CborReader, Major } from "../cardano/cbor.js";
import { blake2b256, fromHex, toHex } from "../cardano/tx-cbor.js";
import type { OutRef } from "../chain/port.js";
import { blockHashOf } from "./blocks.js";
import { utxoOfOutput } from "../cardano/utxo.js";

/** The part of the devnet the history reads (DevnetChain has it). */
export interface HistorySource {
  acceptedAfter(seq: number, limit: number): AcceptedRow[];
  transaction(txHash: string): Promise<string | null>;
  txHashAt(seq: number): string | null;
  witnessDatum(hash: string): string | null;
}

/** Whether a chain port is a devnet that gives its history and the store's rows (the embedded devnet; a stand-in of the tests may not). */
export const hasHistory = <T extends object>(
  chain: T,
): chain is T & HistorySource & { readonly faucetAddress: string; readonly readRows: DevnetReadRows } =>
  typeof (chain as { readRows?: unknown }).readRows === "object" &&
  typeof (chain as Partial<HistorySource>).acceptedAfter === "function" &&
  typeof (chain as Partial<HistorySource>).txHashAt === "function" &&
  typeof (chain as Partial<HistorySource>).transaction === "function" &&
  typeof (chain as { faucetAddress?: unknown }).faucetAddress === "string";

/** One accepted transaction as the history keeps it (its body stays in the store). */
export interface TxEntry {
  readonly hash: string;
  readonly seq: number;
  readonly slot: number;
  /** Its position among the transactions of its block (its slot), in order of acceptance. */
  readonly blockIndex: number;
  /** Whether the devnet kept its body (not for one accepted before it kept bodies). */
  readonly hasBody: boolean;
}

/** A mint or burn of a unit, and the CIP-25 metadata the minting transaction gave it. */
export interface MintRecord {
  readonly txHash: string;
  readonly quantity: bigint;
  readonly metadata: unknown;
}

export interface ScriptRecord {
  readonly type: "timelock" | "plutusV1" | "plutusV2" | "plutusV3";
  /** The script as the ledger's `script` holds it after the language tag: a native script's CBOR, a Plutus script's (once-wrapped) bytes. */
  readonly cbor: string;
}

const BATCH = 500;
const refKey = (txHash: string, index: number): string => `${txHash}#${index}`;

export class DevnetHistory {
  readonly #source: HistorySource;
  #seq = 0;
  #lastHash: string | null = null;
  readonly #txs = new Map<string, TxEntry>();
  readonly #order: TxEntry[] = [];
  readonly #bySlot = new Map<number, string[]>();
  /** Block hash → slot, for the blocks holding a transaction. */
  readonly #blockSlots = new Map<string, number>();
  /** Address → the transactions that paid it or spent from it, in order. */
  readonly #addressTxs = new Map<string, string[]>();
  /** Every output the history saw → its address (to tell whom an input spent from). */
  readonly #outputAddress = new Map<string, string>();
  readonly #mints = new Map<string, MintRecord[]>();
  /** Unit → the unspent outputs that hold it (refKey). */
  readonly #holders = new Map<string, Set<string>>();
  /** Output (refKey) → the units it holds, for the outputs that hold any. */
  readonly #unitsOf = new Map<string, string[]>();
  /** Unit → the transactions with an output holding it, in order (Blockfrost's /assets/{asset}/transactions). */
  readonly #unitTxs = new Map<string, string[]>();
  readonly #scripts = new Map<string, ScriptRecord>();
  readonly #inlineDatums = new Map<string, string>();

  constructor(source: HistorySource) {
    this.#source = source;
  }

  /** Reads what the devnet accepted since the last call (all of it, the first time or after the history changed under it). */
  sync(): void {
    if (this.#lastHash !== null && this.#source.txHashAt(this.#seq) !== this.#lastHash) this.#clear();
    for (;;) {
      const rows = this.#source.acceptedAfter(this.#seq, BATCH);
      for (const row of rows) this.#add(row);
      if (rows.length < BATCH) return;
    }
  }

  tx(hash: string): TxEntry | undefined {
    return this.#txs.get(hash.toLowerCase());
  }

  /** The transactions of the block of `slot`, in order. */
  txsInSlot(slot: number): readonly string[] {
    return this.#bySlot.get(slot) ?? [];
  }

  /** The slot of a block holding a transaction, by the block's hash. */
  slotOfBlock(hash: string): number | undefined {
    return this.#blockSlots.get(hash.toLowerCase());
  }

  /** Whether the address ever held an output (Blockfrost answers 404 for one that never did). */
  hasSeen(address: string): boolean {
    return this.#addressTxs.has(address);
  }

  addressTxs(address: string): readonly TxEntry[] {
    return (this.#addressTxs.get(address) ?? []).flatMap((h) => this.#txs.get(h) ?? []);
  }

  /** The transactions with an output holding `unit`, oldest first. */
  unitTxs(unit: string): readonly TxEntry[] {
    return (this.#unitTxs.get(unit) ?? []).flatMap((h) => this.#txs.get(h) ?? []);
  }

  /** Every address that ever held an output. */
  addresses(): IterableIterator<string> {
    return this.#addressTxs.keys();
  }

  /** Every accepted transaction, oldest first. */
  all(): readonly TxEntry[] {
    return this.#order;
  }

  mints(unit: string): readonly MintRecord[] {
    return this.#mints.get(unit) ?? [];
  }

  /** The units minted under a policy. */
  unitsOfPolicy(policy: string): string[] {
    return [...this.#mints.keys()].filter((u) => u.startsWith(policy));
  }

  /** The unspent outputs ("txHash#index") holding `unit`. */
  holders(unit: string): readonly string[] {
    return [...(this.#holders.get(unit) ?? [])];
  }

  script(hash: string): ScriptRecord | undefined {
    return this.#scripts.get(hash);
  }

  /** A datum seen inline in an output or in a witness set, by hash (CBOR hex). */
  datum(hash: string): string | null {
    return this.#inlineDatums.get(hash) ?? this.#source.witnessDatum(hash);
  }

  /** An accepted transaction's CBOR (hex), from the devnet's store; null when it does not keep its body. */
  async cbor(txHash: string): Promise<string | null> {
    return this.#txs.get(txHash)?.hasBody ? ((await this.#source.transaction(txHash)) ?? null) : null;
  }

  /** The output `index` of an accepted transaction, as it was made (spent or not); undefined when the history does not have it. */
  async output(txHash: string, index: number): Promise<UTxO | undefined> {
    const cbor = await this.cbor(txHash);
    if (cbor === null) return undefined;
    return readTx(fromHex(cbor))
      .outputs(txHash)
      .find((u) => u.input.outputIndex === index);
  }

  #clear(): void {
    this.#seq = 0;
    this.#lastHash = null;
    for (const map of [
      this.#txs,
      this.#bySlot,
      this.#blockSlots,
      this.#addressTxs,
      this.#outputAddress,
      this.#mints,
      this.#holders,
      this.#unitsOf,
      this.#unitTxs,
      this.#scripts,
      this.#inlineDatums,
    ])
      map.clear();
    this.#order.length = 0;
  }

  #touch(address: string, txHash: string): void {
    const list = this.#addressTxs.get(address);
    if (!list) this.#addressTxs.set(address, [txHash]);
    else if (list[list.length - 1] !== txHash) list.push(txHash);
  }

  #add(row: AcceptedRow): void {
    this.#seq = row.seq;
    this.#lastHash = row.txHash;
    const inSlot = this.#bySlot.get(row.slot) ?? [];
    if (inSlot.length === 0) this.#blockSlots.set(blockHashOf(row.slot), row.slot);
    this.#bySlot.set(row.slot, inSlot);
    const entry: TxEntry = {
      hash: row.txHash,
      seq: row.seq,
      slot: row.slot,
      blockIndex: inSlot.length,
      hasBody: row.cbor !== null,
    };
    inSlot.push(row.txHash);
    this.#txs.set(row.txHash, entry);
    this.#order.push(entry);
    if (row.cbor === null) return;
    // Read with the project's own CBOR reader, not cardano-sdk's (a hundred times slower): the
    // history of a large devnet is read at the first question.
    const tx = readTx(row.cbor);
    for (const input of tx.valid ? tx.inputs : tx.collateral) {
      const key = refKey(input.txHash, input.index);
      const address = this.#outputAddress.get(key);
      if (address !== undefined) this.#touch(address, row.txHash);
      for (const unit of this.#unitsOf.get(key) ?? []) this.#holders.get(unit)?.delete(key);
      this.#unitsOf.delete(key);
      this.#outputAddress.delete(key);
    }
    for (const utxo of tx.outputs(row.txHash)) {
      const key = refKey(row.txHash, utxo.input.outputIndex);
      this.#outputAddress.set(key, utxo.output.address);
      this.#touch(utxo.output.address, row.txHash);
      const units = utxo.output.amount
        .filter((a) => a.unit !== "lovelace" && BigInt(a.quantity) > 0n)
        .map((a) => a.unit);
      if (units.length > 0) this.#unitsOf.set(key, units);
      for (const unit of units) {
        const txs = this.#unitTxs.get(unit) ?? [];
        if (txs[txs.length - 1] !== row.txHash) txs.push(row.txHash);
        this.#unitTxs.set(unit, txs);
        const set = this.#holders.get(unit) ?? new Set<string>();
        set.add(key);
        this.#holders.set(unit, set);
      }
      if (utxo.output.plutusData !== undefined)
        this.#inlineDatums.set(blake2b256(fromHex(utxo.output.plutusData)), utxo.output.plutusData);
      if (utxo.output.scriptRef !== undefined)
        this.#addScript(Serialization.Script.fromCbor(HexBlob(utxo.output.scriptRef)));
    }
    if (!tx.valid || !tx.hasScriptsOrMint) return;
    const full = Serialization.Transaction.fromCbor(TxCBOR(toHex(row.cbor)));
    this.#addMints(row.txHash, full);
    for (const script of witnessScriptsOf(full)) this.#addScript(script);
  }

  #addScript(script: Serialization.Script): void {
    const hash = script.hash().toString();
    if (this.#scripts.has(hash)) return;
    const record = scriptRecordOf(script);
    if (record) this.#scripts.set(hash, record);
  }

  #addMints(txHash: string, tx: Serialization.Transaction): void {
    for (const { unit, quantity, metadata } of mintsOf(tx)) {
      const list = this.#mints.get(unit) ?? [];
      list.push({ txHash, quantity, metadata });
      this.#mints.set(unit, list);
    }
  }
}

/** A script as the history keeps it (its language and the bytes the ledger holds after the tag); undefined for an unknown language. */
export function scriptRecordOf(script: Serialization.Script): ScriptRecord | undefined {
  const native = script.asNative();
  if (native) return { type: "timelock", cbor: native.toCbor().toString() };
  const v1 = script.asPlutusV1();
  const v2 = script.asPlutusV2();
  const v3 = script.asPlutusV3();
  if (v1) return { type: "plutusV1", cbor: v1.toCbor().toString() };
  if (v2) return { type: "plutusV2", cbor: v2.toCbor().toString() };
  if (v3) return { type: "plutusV3", cbor: v3.toCbor().toString() };
  return undefined;
}

/** Every script a transaction's witness set carries. */
export function witnessScriptsOf(tx: Serialization.Transaction): Serialization.Script[] {
  const witnesses = tx.witnessSet();
  return [
    ...(witnesses.nativeScripts()?.values() ?? []).map((s) => Serialization.Script.newNativeScript(s)),
    ...(witnesses.plutusV1Scripts()?.values() ?? []).map((s) => Serialization.Script.newPlutusV1Script(s)),
    ...(witnesses.plutusV2Scripts()?.values() ?? []).map((s) => Serialization.Script.newPlutusV2Script(s)),
    ...(witnesses.plutusV3Scripts()?.values() ?? []).map((s) => Serialization.Script.newPlutusV3Script(s)),
  ];
}

/** What a transaction mints or burns, each unit with the CIP-25 metadata it gives a mint (null for a burn). */
export function mintsOf(tx: Serialization.Transaction): Array<{ unit: string; quantity: bigint; metadata: unknown }> {
  const mint = tx.body().mint();
  if (!mint || mint.size === 0) return [];
  const cip25 = cip25Of(tx);
  return [...mint].map(([assetId, quantity]) => {
    const unit = assetId.toString();
    return { unit, quantity, metadata: quantity > 0n ? metadataFor(cip25, unit.slice(0, 56), unit.slice(56)) : null };
  });
}

/** What the history reads of a transaction's CBOR, read with the project's own reader. */
export interface TxSummary {
  /** False when the transaction is marked invalid (is_valid false): it spends its collateral and makes only its collateral return. */
  readonly valid: boolean;
  readonly inputs: readonly OutRef[];
  readonly collateral: readonly OutRef[];
  /** Whether it mints or carries scripts in its witness set (then cardano-sdk reads the rest). */
  readonly hasScriptsOrMint: boolean;
  /** The outputs the ledger made of it. */
  outputs(txHash: string): UTxO[];
}

/** The body keys and witness-set keys read here (CDDL of the Conway transaction). */
const BODY = { inputs: 0, outputs: 1, mint: 9, collateral: 13, collateralReturn: 16 } as const;
const SCRIPT_WITNESSES = new Set([1, 3, 6, 7]);

function mapOf(bytes: Uint8Array): Map<number, Uint8Array> {
  const reader = new CborReader(bytes);
  const map = new Map<number, Uint8Array>();
  reader.each(reader.mapLength(), () => {
    const key = reader.smallUint();
    map.set(key, reader.raw());
  });
  return map;
}

function refsOf(set: Uint8Array | undefined): OutRef[] {
  if (!set) return [];
  const reader = new CborReader(set);
  if (reader.peekMajor() === Major.Tag) reader.tag();
  const refs: OutRef[] = [];
  reader.each(reader.arrayLength(), () => {
    const length = reader.arrayLength();
    refs.push({ txHash: toHex(reader.bytesValue()), index: Number(reader.uint()) });
    if (length === null) reader.readBreak();
  });
  return refs;
}

export function readTx(bytes: Uint8Array): TxSummary {
  const reader = new CborReader(bytes);
  const items: Uint8Array[] = [];
  reader.each(reader.arrayLength(), () => items.push(reader.raw()));
  const [bodyBytes, witnessBytes, validity] = items;
  if (!bodyBytes || !witnessBytes) throw new Error("an accepted transaction is not [body, witnesses, …]");
  const body = mapOf(bodyBytes);
  const valid = !(validity?.length === 1 && validity[0] === 0xf4);
  const witnessKeys = [...mapOf(witnessBytes).keys()];
  return {
    valid,
    inputs: refsOf(body.get(BODY.inputs)),
    collateral: refsOf(body.get(BODY.collateral)),
    hasScriptsOrMint: body.has(BODY.mint) || witnessKeys.some((k) => SCRIPT_WITNESSES.has(k)),
    outputs(txHash) {
      const raw: Uint8Array[] = [];
      const list = body.get(BODY.outputs);
      if (list) {
        const r = new CborReader(list);
        r.each(r.arrayLength(), () => raw.push(r.raw()));
      }
      if (valid) return raw.map((o, index) => utxoOfOutput(txHash, index, o));
      const ret = body.get(BODY.collateralReturn);
      return ret ? [utxoOfOutput(txHash, raw.length, ret)] : [];
    },
  };
}

/** The transaction's metadata under label 721 (CIP-25) as JSON, or null. */
function cip25Of(tx: Serialization.Transaction): Record<string, unknown> | null {
  const label = tx.auxiliaryData()?.metadata()?.metadata()?.get(721n);
  if (!label) return null;
  const json = metadatumJson(label);
  return json !== null && typeof json === "object" && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
}

/** A CIP-25 entry: metadata[policy][name], the name as text (version 1) or hex (version 2). */
function metadataFor(cip25: Record<string, unknown> | null, policy: string, nameHex: string): unknown {
  if (!cip25) return null;
  const byPolicy = cip25[policy] as Record<string, unknown> | undefined;
  if (!byPolicy || typeof byPolicy !== "object") return null;
  const text = Buffer.from(nameHex, "hex").toString("utf8");
  return byPolicy[text] ?? byPolicy[nameHex] ?? null;
}

/** A transaction metadatum as JSON (Blockfrost's json_metadata): maps as objects (keys as text), bytes as hex. */
export function metadatumJson(m: Serialization.TransactionMetadatum): unknown {
  return coreJson(m.toCore());
}

function coreJson(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string") return value;
  if (value instanceof Uint8Array) return toHex(value);
  if (Array.isArray(value)) return value.map(coreJson);
  if (value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value as Map<unknown, unknown>) {
      const key = coreJson(k);
      out[typeof key === "string" ? key : JSON.stringify(key)] = coreJson(v);
    }
    return out;
  }
  return null;
}
