// What the devnet remembers of outputs that held native assets, beyond the UTxO set the
// emulator keeps: each such output (its CBOR, by reference, with the units it held) and, once
// it is spent, the spending transaction and the redeemer that transaction gave it. Enough for
// lastOutputWith (a tournament read after its NFT was burnt) on a devnet that restarts.
// Decoding goes through our transaction view (src/cardano/tx-view.ts), from the accepted bytes.
import { CborReader } from "../../cardano/cbor.js";
import { readMapEntries, toHex } from "../../cardano/tx-cbor.js";
import { outputValue, readWitnessSet } from "../../cardano/tx-view.js";
import type { OutRef } from "../port.js";
import { spendIndexOf } from "../shared/asset-output.js";
import { outRefOfInput, refsOfBodyField } from "./utxo-map.js";

/** The redeemer tag of a spend. */
const SPEND = 0;

/** An output that held at least one native asset. */
export interface AssetOutputRecord {
  readonly txHash: string;
  readonly index: number;
  /** The output as the transaction encoded it. */
  readonly output: Uint8Array;
  /** The units (policy id + asset name, hex) it held a positive quantity of. */
  readonly units: readonly string[];
}

/** How one indexed output was spent. */
export interface AssetSpend {
  readonly ref: OutRef;
  readonly spentBy: string;
  /** The spend redeemer's Plutus data (CBOR hex), or null when the input had none. */
  readonly redeemer: string | null;
}

function recordOf(txHash: string, index: number, bytes: Uint8Array): AssetOutputRecord | null {
  const units = outputValue(bytes)
    .assets.filter(({ quantity }) => quantity > 0n)
    .map(({ unit }) => unit);
  return units.length === 0 ? null : { txHash, index, output: bytes, units };
}

/** The outputs of a transaction body that hold native assets, each with its own bytes. */
export function assetOutputsOfBody(txHash: string, body: Uint8Array): AssetOutputRecord[] {
  const outputsEntry = readMapEntries(body).find(([key]) => key.length === 1 && key[0] === 1);
  if (!outputsEntry) return [];
  const reader = new CborReader(outputsEntry[1]);
  const records: AssetOutputRecord[] = [];
  reader.each(reader.arrayLength(), (index) => {
    const record = recordOf(txHash, index, reader.raw());
    if (record) records.push(record);
  });
  return records;
}

/** The outputs of an emulator UTxO map that hold native assets (to index a devnet saved before this history existed). */
export function assetOutputsOfUtxoMap(map: Uint8Array): AssetOutputRecord[] {
  const records: AssetOutputRecord[] = [];
  for (const [input, output] of readMapEntries(map)) {
    const ref = outRefOfInput(input);
    const record = recordOf(ref.txHash, ref.index, output);
    if (record) records.push(record);
  }
  return records;
}

/** The inputs a transaction body spends (not its reference inputs nor its collateral). */
export const inputsOfBody = (body: Uint8Array): OutRef[] => refsOfBodyField(body, 0);

/** The collateral inputs of a transaction body: what it spends when it is marked invalid. */
export const collateralOfBody = (body: Uint8Array): OutRef[] => refsOfBodyField(body, 13);

/**
 * How `spent` (some of the transaction's inputs) were spent: by `txHash`, each with the spend
 * redeemer whose index is its position in the sorted input set, or null when there is none.
 */
export function spendsOf(
  txHash: string,
  inputs: readonly OutRef[],
  witnessSet: Uint8Array,
  spent: readonly OutRef[],
): AssetSpend[] {
  if (spent.length === 0) return [];
  const byIndex = new Map<number, string>();
  for (const redeemer of readWitnessSet(witnessSet).redeemers) {
    if (redeemer.tag === SPEND) byIndex.set(redeemer.index, toHex(redeemer.data));
  }
  return spent.map((ref) => ({ ref, spentBy: txHash, redeemer: byIndex.get(spendIndexOf(inputs, ref)) ?? null }));
}
