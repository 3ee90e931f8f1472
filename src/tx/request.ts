// The build request as it arrives in JSON (after schema validation; the route passes the body as
// it is, so these types are as wide as the schema), and the domain plan it is normalized into:
// bigint amounts, hex asset units, decoded UTxOs, CBOR datums, slots. Error messages name the
// request's fields by their path in it (`outputs[0].address`).
import type { Metadatum, UTxO } from "@meshsdk/common";
import type { OutRef } from "../chain/port.js";
import type { AssetNameSpec } from "../cardano/metadata.js";

export type JsonAmount = number | string;

/**
 * Native script JSON schema (cardano-cli / CIP-1854 style). The schema lets an atLeast leave out
 * `required` (one object describes all, any and atLeast): the builder refuses it, naming the node.
 */
export type NativeScriptJson =
  | { type: "sig"; keyHash: string }
  | { type: "all" | "any"; scripts: NativeScriptJson[] }
  | { type: "atLeast"; required?: number | undefined; scripts: NativeScriptJson[] }
  | { type: "before" | "after"; slot: JsonAmount };

export interface DatumRequest {
  type: "inline" | "hash";
  /** CBOR hex, or Plutus data in the detailed JSON schema. */
  value: string | object;
}

export interface OutputRequest {
  address: string;
  lovelace?: JsonAmount;
  assets?: { policyId: string; assetName: string | AssetNameSpec; quantity: JsonAmount }[];
  datum?: DatumRequest;
}

export interface MintRequest {
  version: "cip25" | "cip68";
  assetName: AssetNameSpec;
  metadata?: unknown;
  policyId: string;
  quantity: JsonAmount;
  destAddress?: string;
}

/** A native script the mints use, with its declared hash (the policy id). */
export interface NativePreloadedScript {
  type: "simple";
  script: NativeScriptJson;
  hash: string;
}

/** A preloaded script: a native one, or another kind of the hosted API's (refused by name). */
export type PreloadedScript = NativePreloadedScript | { type: string };

export interface BuildRequest {
  changeAddress: string;
  utxos?: string[];
  requiredInputs?: string[];
  outputs?: OutputRequest[];
  mint?: MintRequest[];
  preloadedScripts?: PreloadedScript[];
  message?: string | string[];
  metadata?: Record<string, unknown>;
  meta?: { label?: string | number; data: unknown }[];
  validityInterval?: { start?: number | false; end?: number | false };
  requiredSigners?: string[];
  referenceInputs?: (string | { txHash: string; index: JsonAmount })[];
}

// ── The domain plan ───────────────────────────────────────────────────────────────────
export interface PlannedDatum {
  readonly kind: "inline" | "hash";
  /** Plutus data as CBOR hex. */
  readonly cbor: string;
}

export interface PlannedOutput {
  readonly address: string;
  /** null: the ledger minimum for this output. */
  readonly lovelace: bigint | null;
  /** unit (policy id + asset name hex) → quantity. */
  readonly assets: ReadonlyMap<string, bigint>;
  readonly datum?: PlannedDatum | undefined;
  /** The path of the request field this output came from, for error messages (`outputs[0]`, `mint destAddress <address>`). */
  readonly field: string;
}

export interface PlannedMint {
  readonly policyId: string;
  readonly assetNameHex: string;
  /** Negative burns. */
  readonly quantity: bigint;
  /** The path of the request field it came from (`mint[0]`). */
  readonly field: string;
}

/** Slots a minting policy's native script forces on the validity interval. */
export interface TimeLock {
  readonly policyId: string;
  /** The transaction must end (invalid hereafter) at or before this slot. */
  readonly before?: number;
  /** The transaction must start (invalid before) at or after this slot. */
  readonly after?: number;
}

export interface BuildPlan {
  readonly changeAddress: string;
  /** UTxOs the builder may select from; null: read the change address's UTxOs from the chain. */
  readonly utxos: readonly UTxO[] | null;
  readonly requiredInputs: readonly UTxO[];
  readonly outputs: readonly PlannedOutput[];
  readonly mints: readonly PlannedMint[];
  /** policy id → native script CBOR, for every policy the mints use. */
  readonly mintScripts: ReadonlyMap<string, string>;
  readonly metadata: ReadonlyMap<bigint, Metadatum>;
  /** Unix seconds; null: no bound. `explicit*`: the request set that bound (else a default). */
  readonly validity: { readonly start: number | null; readonly end: number | null; readonly explicitStart: boolean; readonly explicitEnd: boolean };
  /** The time locks of the policies the mints use. */
  readonly timeLocks: readonly TimeLock[];
  readonly requiredSigners: readonly string[];
  readonly referenceInputs: readonly OutRef[];
}
