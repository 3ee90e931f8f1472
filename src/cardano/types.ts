// The shapes the engine passes between its layers: UTxOs, outputs, amounts, protocol parameters
// and metadata. A UTxO keeps the field names Mesh made familiar (a `unit`/`quantity` amount list,
// an `input`/`output` pair), because the chain port's backends and the HTTP API speak them; an
// output to build carries a bigint Value (./value.ts), what the engine computes with. They are
// ours: nothing at run time comes from Mesh, and each type says only what the service uses.
import type { Value } from "./value.js";

/** One amount: `lovelace`, or an asset's policy id ‖ asset name (hex), with a decimal quantity. */
export interface Asset {
  unit: string;
  quantity: string;
}

export interface TxInput {
  txHash: string;
  outputIndex: number;
}

export interface TxOutput {
  address: string;
  amount: Asset[];
  /** The datum hash, hex, when the output carries one (or its inline datum's hash). */
  dataHash?: string | undefined;
  /** The inline datum, CBOR hex. */
  plutusData?: string | undefined;
  /** The reference script, in its CBOR `script` form (hex). */
  scriptRef?: string | undefined;
  scriptHash?: string | undefined;
}

export interface UTxO {
  input: TxInput;
  output: TxOutput;
}

/** A datum an output is built with: its CBOR, placed as a hash, inline, or as a hash plus the datum in the witness set. */
export interface OutputDatum {
  type: "Hash" | "Inline" | "Embedded";
  data: { type: "CBOR"; content: string };
}

export interface PlutusScript {
  version: "V1" | "V2" | "V3";
  /** The script in Mesh's `code` form: the compiled code wrapped once more in a CBOR byte string, hex. */
  code: string;
}

/** An output to build. */
export interface Output {
  address: string;
  value: Value;
  datum?: OutputDatum | undefined;
  referenceScript?: PlutusScript | undefined;
}

/** A native script in its JSON form (the timelock language). */
export type NativeScript =
  | { type: "after" | "before"; slot: string }
  | { type: "all" | "any"; scripts: NativeScript[] }
  | { type: "atLeast"; required: number; scripts: NativeScript[] }
  | { type: "sig"; keyHash: string };

/** A transaction metadatum: integer, bytes, text, list or map. */
export type Metadatum = bigint | number | string | Uint8Array | Map<Metadatum, Metadatum> | Metadatum[];

/** The protocol parameters the builder prices and checks with. */
export interface Protocol {
  epoch: number;
  minFeeA: number;
  minFeeB: number;
  maxBlockSize: number;
  maxTxSize: number;
  maxBlockHeaderSize: number;
  keyDeposit: number;
  poolDeposit: number;
  decentralisation: number;
  minPoolCost: string;
  priceMem: number;
  priceStep: number;
  maxTxExMem: string;
  maxTxExSteps: string;
  maxBlockExMem: string;
  maxBlockExSteps: string;
  maxValSize: number;
  collateralPercent: number;
  maxCollateralInputs: number;
  coinsPerUtxoSize: number;
  minFeeRefScriptCostPerByte: number;
}
