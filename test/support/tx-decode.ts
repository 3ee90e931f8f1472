// Reads what the tests assert on out of a transaction, with an independent library (CSL) so that
// assertions do not go through the code under test. The validity interval is read once, in two forms: validityOf
// answers CSL's {start, ttl}, null when open, validityBoundsOf the same as {from, to}, undefined
// when open (each suite's assertions are written against its form). oneLovelaceLess rewrites a
// transaction for the exact-fee tests with the service's own CBOR code: there the devnet's ledger,
// not this code, is the judge.
import assert from "node:assert/strict";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { CborReader, CborWriter } from "../../src/cardano/cbor.js";
import { fromHex, joinTransaction, readMapEntries, splitTransaction, toHex } from "../../src/cardano/tx-cbor.js";
import { writeOutput } from "../../src/cardano/tx-encode.js";
import { knownAddress } from "../../src/cardano/address-rules.js";
import { readUtxo } from "../../src/cardano/utxo.js";
import { add, fromAssets, valueOf } from "../../src/cardano/value.js";

export const txOf = (hex: string) => CSL.Transaction.from_hex(hex);

export const bodyHash = (hex: string): string => CSL.FixedTransaction.from_hex(hex).transaction_hash().to_hex();

export function inputsOf(hex: string): string[] {
  const inputs = txOf(hex).body().inputs();
  const refs: string[] = [];
  for (let i = 0; i < inputs.len(); i++)
    refs.push(`${inputs.get(i).transaction_id().to_hex()}#${inputs.get(i).index()}`);
  return refs.sort();
}

export function referenceInputsOf(hex: string): string[] {
  const inputs = txOf(hex).body().reference_inputs();
  const refs: string[] = [];
  for (let i = 0; i < (inputs?.len() ?? 0); i++)
    refs.push(`${inputs!.get(i).transaction_id().to_hex()}#${inputs!.get(i).index()}`);
  return refs.sort();
}

export function requiredSignersOf(hex: string): string[] {
  const signers = txOf(hex).body().required_signers();
  const out: string[] = [];
  for (let i = 0; i < (signers?.len() ?? 0); i++) out.push(signers!.get(i).to_hex());
  return out.sort();
}

export function feeOf(hex: string): bigint {
  return BigInt(txOf(hex).body().fee().to_str());
}

export function validityOf(hex: string): { start: number | null; ttl: number | null } {
  const body = txOf(hex).body();
  const start = body.validity_start_interval_bignum();
  const ttl = body.ttl_bignum();
  return { start: start ? Number(start.to_str()) : null, ttl: ttl ? Number(ttl.to_str()) : null };
}

/** validityOf as {from, to}, slots, undefined when open. */
export function validityBoundsOf(complete: string): { from: number | undefined; to: number | undefined } {
  const { start, ttl } = validityOf(complete);
  return { from: start ?? undefined, to: ttl ?? undefined };
}

/** The mint field of an unsigned transaction: [unit (policy id ‖ asset name, hex), quantity] pairs. */
export function mintOf(complete: string): [string, bigint][] {
  const mint = txOf(complete).body().mint();
  const out: [string, bigint][] = [];
  if (!mint) return out;
  const policies = mint.keys();
  for (let i = 0; i < policies.len(); i++) {
    const policy = policies.get(i);
    const groups = mint.get(policy)!;
    for (let g = 0; g < groups.len(); g++) {
      const assets = groups.get(g)!;
      const names = assets.keys();
      for (let n = 0; n < names.len(); n++) {
        const name = names.get(n);
        const unit = policy.to_hex() + Buffer.from(name.name()).toString("hex");
        out.push([unit, BigInt(assets.get(name)!.to_str())]);
      }
    }
  }
  return out;
}

/** The metadatum at `label` as JSON (CSL's no-conversions schema: text as strings, lists, maps). */
export function metadataJson(hex: string, label: number): unknown {
  const metadata = txOf(hex).auxiliary_data()?.metadata();
  const value = metadata?.get(CSL.BigNum.from_str(String(label)));
  if (!value) return undefined;
  return JSON.parse(CSL.decode_metadatum_to_json_str(value, CSL.MetadataJsonSchema.NoConversions));
}

export function metadataLabels(hex: string): number[] {
  const metadata = txOf(hex).auxiliary_data()?.metadata();
  const keys = metadata?.keys();
  const out: number[] = [];
  for (let i = 0; i < (keys?.len() ?? 0); i++) out.push(Number(keys!.get(i).to_str()));
  return out.sort((a, b) => a - b);
}

/** Plutus data CBOR → detailed-schema JSON. */
export function datumJson(cbor: string): unknown {
  return JSON.parse(CSL.PlutusData.from_hex(cbor).to_json(CSL.PlutusDatumSchema.DetailedSchema));
}

/** The hash of Plutus data, computed by CSL. */
export function datumHash(cbor: string): string {
  return CSL.hash_plutus_data(CSL.PlutusData.from_hex(cbor)).to_hex();
}

export function witnessDatums(hex: string): string[] {
  const data = txOf(hex).witness_set().plutus_data();
  const out: string[] = [];
  for (let i = 0; i < (data?.len() ?? 0); i++) out.push(data!.get(i).to_hex());
  return out;
}

export function nativeScriptHashesOf(hex: string): string[] {
  const scripts = txOf(hex).witness_set().native_scripts();
  const out: string[] = [];
  for (let i = 0; i < (scripts?.len() ?? 0); i++) out.push(scripts!.get(i).hash().to_hex());
  return out.sort();
}

export function vkeyCount(witnessSetHex: string): number {
  return CSL.TransactionWitnessSet.from_hex(witnessSetHex).vkeys()?.len() ?? 0;
}

/** The policy id of `all [sig keyHash, before?, after?]`, computed by CSL. */
export function policyIdOf(keyHash: string, lock: { before?: number; after?: number } = {}): string {
  const scripts = CSL.NativeScripts.new();
  scripts.add(CSL.NativeScript.new_script_pubkey(CSL.ScriptPubkey.new(CSL.Ed25519KeyHash.from_hex(keyHash))));
  if (lock.before !== undefined)
    scripts.add(
      CSL.NativeScript.new_timelock_expiry(
        CSL.TimelockExpiry.new_timelockexpiry(CSL.BigNum.from_str(String(lock.before))),
      ),
    );
  if (lock.after !== undefined)
    scripts.add(
      CSL.NativeScript.new_timelock_start(CSL.TimelockStart.new_timelockstart(CSL.BigNum.from_str(String(lock.after)))),
    );
  return CSL.NativeScript.new_script_all(CSL.ScriptAll.new(scripts)).hash().to_hex();
}

/** An output's CBOR (no datum, no script: a change output) with one lovelace more, written as the builder writes outputs. */
function plusOneLovelace(output: Uint8Array): { bytes: Uint8Array; address: string } {
  const utxo = readUtxo(new CborWriter().array(2).array(2).bytes(new Uint8Array(32)).uint(0).raw(output).finish());
  assert.equal(utxo.output.plutusData, undefined, "the change output has no datum");
  const value = add(fromAssets(utxo.output.amount), valueOf(1n));
  return {
    bytes: writeOutput(new CborWriter(), { address: knownAddress(utxo.output.address), value }).finish(),
    address: utxo.output.address,
  };
}

/**
 * `complete` with its fee one lovelace lower and its change output (the last, at `changeAddress`)
 * one lovelace higher: value still conserved, the size unchanged, so the ledger can refuse it for
 * its fee alone (the exact-fee tests).
 */
export function oneLovelaceLess(complete: string, changeAddress: string): string {
  const parts = splitTransaction(fromHex(complete));
  const entries = readMapEntries(parts.body);
  const w = new CborWriter().map(entries.length);
  for (const [key, value] of entries) {
    w.raw(key);
    const field = new CborReader(key).smallUint();
    if (field === 2) {
      w.uint(new CborReader(value).uint() - 1n);
    } else if (field === 1) {
      const reader = new CborReader(value);
      const count = reader.arrayLength()!;
      const outputs = Array.from({ length: count }, () => reader.raw());
      const change = plusOneLovelace(outputs[count - 1]!);
      assert.equal(change.address, changeAddress, "the change output is the last");
      outputs[count - 1] = change.bytes;
      w.array(count);
      for (const output of outputs) w.raw(output);
    } else {
      w.raw(value);
    }
  }
  const lowered = toHex(joinTransaction({ ...parts, body: w.finish() }));
  assert.equal(lowered.length, complete.length, "the lowered transaction has the same size");
  return lowered;
}
