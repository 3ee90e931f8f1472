// The shapes the engine passes between its layers: UTxOs, outputs, amounts, protocol parameters
// and metadata. A UTxO keeps the field names Mesh made familiar (a `unit`/`quantity` amount list,
// an `input`/`output` pair), because the chain port's backends and the HTTP API speak them; an
// output to build carries a bigint Value (./value.ts) and an Address (bytes and bech32), what the
// engine computes with and writes. They are ours: nothing at run time comes from Mesh, and each
// type says only what the service uses.
import type { Value } from "./value.js";

// ── Addresses (read and written by ./addresses.ts) ──────────────────────────────────
export type AddressType = "base" | "pointer" | "enterprise" | "reward" | "byron";

export interface CredentialInfo {
  /** The 28-byte key hash or script hash, lowercase hex. */
  readonly hash: string;
  readonly isScript: boolean;
}

export interface Pointer {
  readonly slot: number;
  readonly txIndex: number;
  readonly certIndex: number;
}

/**
 * The one address type: what an address says about itself, its bytes (raw and hex) and its bech32 form
 * together. It is decoded once, at the edge (the routes' to-domain.ts, through ./address-rules.ts),
 * and the domain passes it on without reading the text again.
 */
export type Address = AddressInfo;

export interface AddressInfo {
  readonly type: AddressType;
  /** 1 for mainnet, 0 for the testnets (Byron: 1 when the address carries no protocol magic or mainnet's). */
  readonly networkId: number;
  /** The bech32 form; for a Byron address, its base58 form. */
  readonly bech32: string;
  /** The address bytes, lowercase hex (for Byron, the CBOR found in transaction outputs). */
  readonly hex: string;
  /** The same bytes, what a transaction output carries (cardano/tx-encode.ts writes them as given). Not to be written to. */
  readonly bytes: Uint8Array;
  readonly payment?: CredentialInfo;
  readonly stake?: CredentialInfo | { readonly pointer: Pointer };
  /** Byron only: the protocol magic of the network the address belongs to. */
  readonly protocolMagic?: number;
}

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
  address: Address;
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
