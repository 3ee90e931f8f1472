// Conversions between the emulator's CBOR UTxO maps (Map[TransactionInput, TransactionOutput])
// and Mesh's UTxO shape, the domain type of the chain port. Decoding and encoding are ours
// (cardano/utxo.ts): cardano-sdk's took milliseconds for an output with a large inline datum.
import type { UTxO } from "../../cardano/types.js";
import { CborReader, CborWriter, Major } from "../../cardano/cbor.js";
import { fromHex, readMapEntries, toHex, writeMap } from "../../cardano/tx-cbor.js";
import { inputBytes, outputBytes, utxoOfOutput } from "../../cardano/utxo.js";

/** Decodes every entry of a UTxO map, or only those whose input's CBOR (hex) is in `inputs`. */
export function utxosOfMap(map: Uint8Array, inputs?: ReadonlySet<string>): UTxO[] {
  const entries = readMapEntries(map);
  return (inputs ? entries.filter(([input]) => inputs.has(toHex(input))) : entries).map(([input, output]) => {
    const reader = new CborReader(input);
    reader.arrayLength();
    const txHash = toHex(reader.bytesValue());
    return utxoOfOutput(txHash, Number(reader.uint()), output);
  });
}

/** The CBOR (hex) of a transaction input, as the ledger's UTxO map keys it. */
export function inputCbor(txHash: string, index: number): string {
  return toHex(new CborWriter().array(2).bytes(fromHex(txHash.toLowerCase())).uint(index).finish());
}

/** Decodes several one-entry (or larger) maps, as Emulator.getUtxosForAddress returns them. */
export function utxosOfMaps(maps: readonly Uint8Array[]): UTxO[] {
  return maps.flatMap((map) => utxosOfMap(map));
}

/**
 * One UTxO map made of `base` (an emulator map) and `extra` UTxOs, the latter winning where both
 * hold the same input. The base entries keep their bytes.
 */
export function mergeUtxoMap(base: Uint8Array, extra: readonly UTxO[]): Uint8Array {
  const entries = new Map<string, [Uint8Array, Uint8Array]>();
  for (const [input, output] of readMapEntries(base)) entries.set(toHex(input), [input, output]);
  for (const utxo of extra) {
    const input = inputBytes(utxo.input.txHash, utxo.input.outputIndex);
    entries.set(toHex(input), [input, outputBytes(utxo.output)]);
  }
  return writeMap([...entries.values()]);
}

/** input CBOR (hex) → output CBOR, for every entry of a UTxO map: read once, then looked up. */
export function indexUtxoMap(map: Uint8Array): Map<string, Uint8Array> {
  const reader = new CborReader(map);
  const index = new Map<string, Uint8Array>();
  reader.each(reader.mapLength(), () => {
    const input = reader.raw();
    index.set(toHex(input), reader.raw());
  });
  return index;
}

/** Body fields holding inputs a script sees resolved: spent (0), collateral (13), reference (18). */
const INPUT_FIELDS = new Set([0, 13, 18]);

/** The inputs of a transaction that its evaluation needs resolved, as the ledger's map keys them (hex). */
export function resolvedInputsOf(tx: Uint8Array): string[] {
  const reader = new CborReader(tx);
  reader.arrayLength();
  const body = new CborReader(reader.raw());
  const inputs: string[] = [];
  body.each(body.mapLength(), () => {
    const field = body.smallUint();
    if (!INPUT_FIELDS.has(field)) {
      body.raw();
      return;
    }
    if (body.peekMajor() === Major.Tag) body.tag();
    body.each(body.arrayLength(), () => {
      body.arrayLength();
      const id = body.bytesValue();
      inputs.push(toHex(new CborWriter().array(2).bytes(id).uint(body.uint()).finish()));
    });
  });
  return inputs;
}

/** A UTxO map of the given entries (input CBOR hex → output CBOR). */
export function writeUtxoMap(entries: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const w = new CborWriter().map(entries.size);
  for (const [input, output] of entries) w.raw(Buffer.from(input, "hex")).raw(output);
  return w.finish();
}

/** A UTxO as a UTxO map entry: [input CBOR hex, output CBOR]. */
export function utxoEntry(utxo: UTxO): [string, Uint8Array] {
  return [toHex(inputBytes(utxo.input.txHash, utxo.input.outputIndex)), outputBytes(utxo.output)];
}

/** An output a transaction creates: its index in the transaction and its bytes as the transaction encoded them. */
export interface CreatedOutput {
  readonly index: number;
  readonly output: Uint8Array;
}

/**
 * The outputs an accepted transaction adds to the UTxO set, read from its body: its outputs (field
 * 1) when it is valid; when it is marked invalid, its collateral return (field 16) alone, at the
 * index that follows its outputs (the Babbage rule), or nothing.
 */
export function createdOutputsOfBody(body: Uint8Array, valid: boolean): CreatedOutput[] {
  const reader = new CborReader(body);
  const outputs: Uint8Array[] = [];
  let collateralReturn: Uint8Array | null = null;
  reader.each(reader.mapLength(), () => {
    const field = reader.smallUint();
    if (field === 1) reader.each(reader.arrayLength(), () => outputs.push(reader.raw()));
    else if (field === 16) collateralReturn = reader.raw();
    else reader.raw();
  });
  if (valid) return outputs.map((output, index) => ({ index, output }));
  return collateralReturn === null ? [] : [{ index: outputs.length, output: collateralReturn }];
}

/** The address of an output (either form: [address, value, …] or {0: address, …}), as bytes. */
export function outputAddress(output: Uint8Array): Uint8Array {
  const reader = new CborReader(output);
  if (reader.peekMajor() === Major.Array) {
    reader.arrayLength();
    return reader.bytesValue();
  }
  let address: Uint8Array | null = null;
  reader.each(reader.mapLength(), () => {
    if (reader.smallUint() === 0) address = reader.bytesValue();
    else reader.raw();
  });
  if (address === null) throw new Error("an output without an address");
  return address;
}

/** The payment credential's hash (hex) of a Shelley address's bytes; null for Byron and reward addresses. */
export function paymentCredentialOf(address: Uint8Array): string | null {
  const header = address[0];
  if (header === undefined || header >> 4 > 7 || address.length < 29) return null;
  return toHex(address.subarray(1, 29));
}

/** The datum hash an output names (a legacy third item, or datum option [0, hash]); null when it has none or an inline datum. */
export function outputDatumHash(output: Uint8Array): string | null {
  const reader = new CborReader(output);
  if (reader.peekMajor() === Major.Array) {
    const length = reader.arrayLength();
    reader.raw();
    reader.raw();
    return length === 3 || (length === null && !reader.atBreak()) ? toHex(reader.bytesValue()) : null;
  }
  let hash: string | null = null;
  reader.each(reader.mapLength(), () => {
    if (reader.smallUint() !== 2) {
      reader.raw();
      return;
    }
    const option = new CborReader(reader.raw());
    option.arrayLength();
    if (option.smallUint() === 0) hash = toHex(option.bytesValue());
  });
  return hash;
}

/** The [txHash, index] of a transaction input's CBOR. */
export function outRefOfInput(input: Uint8Array): { txHash: string; index: number } {
  const reader = new CborReader(input);
  reader.arrayLength();
  const txHash = toHex(reader.bytesValue());
  return { txHash, index: Number(reader.uint()) };
}

/** The output references of a body field holding inputs (0: inputs, 13: collateral), in their order, each once; none when the field is absent. */
export function refsOfBodyField(body: Uint8Array, field: number): Array<{ txHash: string; index: number }> {
  const reader = new CborReader(body);
  const refs = new Map<string, { txHash: string; index: number }>();
  reader.each(reader.mapLength(), () => {
    if (reader.smallUint() !== field) {
      reader.raw();
      return;
    }
    if (reader.peekMajor() === Major.Tag) reader.tag();
    reader.each(reader.arrayLength(), () => {
      const ref = outRefOfInput(reader.raw());
      refs.set(`${ref.txHash}#${ref.index}`, ref);
    });
  });
  return [...refs.values()];
}

/** Whether an output's value holds native assets (a [coin, multiasset] value rather than a coin). */
export function holdsAssets(output: Uint8Array): boolean {
  const reader = new CborReader(output);
  if (reader.peekMajor() === Major.Array) {
    reader.arrayLength();
    reader.raw();
    return reader.peekMajor() === Major.Array;
  }
  let assets = false;
  reader.each(reader.mapLength(), () => {
    if (reader.smallUint() === 1) assets = reader.peekMajor() === Major.Array;
    reader.raw();
  });
  return assets;
}
