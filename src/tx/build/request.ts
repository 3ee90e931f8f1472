// The build intent: what POST /transactions/build asks for, as its route's to-domain.ts hands it to
// the domain (the wire type is the TypeBox schema BuildBody alone). Addresses are read and checked
// there, once (Address: bytes and bech32), UTxO strings decoded, key hashes branded, quantities
// read into bigints, datums and redeemers given as CBOR or detailed-schema JSON into checked CBOR;
// what needs the stored scripts or the chain (data by a blueprint's schema, scripts, slots) stays
// for planning.
// Then the domain plan the intent is normalized into: bigint amounts, hex asset units, CBOR datums,
// slots. Error messages name the request's fields by their path in it (`outputs[0].address`).
import type { Address } from "../../cardano/addresses.js";
import type { KeyHash } from "../../cardano/brands.js";
import type { Metadatum, UTxO } from "../../cardano/types.js";
import type { OutRef } from "../../chain/port.js";
import type { DRep } from "../../cardano/delegatees.js";
import type { AssetNameSpec, PlutusJson } from "../../cardano/metadata.js";

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

/** Which schema of a stored or preloaded blueprint a JSON datum follows. */
export interface DatumShape {
  validatorHash: string;
  purpose: string;
}

export type DatumIntent =
  /** Given as CBOR hex or detailed-schema JSON: Plutus data CBOR, checked to decode (lowercase hex). */
  | { type: "inline" | "hash"; cbor: string }
  /** JSON of the schema of the blueprint validator `shape` names: converted in planning, with the scripts. */
  | { type: "inline" | "hash"; value: unknown; shape: DatumShape }
  /** The output carries the validator `hash` as a reference script (a deployment). */
  | { type: "script"; hash: string };

export interface OutputIntent {
  address: Address;
  /** Within 0 to 2^64 - 1. */
  lovelace?: bigint;
  /** Each quantity within 0 to 2^64 - 1 (0 is refused in planning). */
  assets?: { policyId: string; assetName: string | AssetNameSpec; quantity: bigint }[];
  datum?: DatumIntent;
}

export interface MintIntent {
  /** "plutus": the policy is a Plutus script (a blueprint's validator), its redeemer in scriptInteractions. */
  type?: "plutus" | "native";
  version: "cip25" | "cip68";
  assetName: AssetNameSpec;
  metadata?: unknown;
  policyId: string;
  /** Within -2^63 to 2^63 - 1, negative to burn (0 is refused in planning). */
  quantity: bigint;
  destAddress?: Address | undefined;
}

/** A native script the mints use, with its declared hash (the policy id). */
export interface NativePreloadedScript {
  type: "simple";
  script: NativeScriptJson;
  hash: string;
}

/** A Plutus script given with the request: a CIP-57 blueprint, as POST /blueprints/apply-params answers it. */
export interface PlutusPreloadedScript {
  type: "plutus";
  blueprint: unknown;
}

/** A preloaded script: a native one, a Plutus blueprint, or another kind (refused by name). */
export type PreloadedScript = NativePreloadedScript | PlutusPreloadedScript | { type: string };

/**
 * Plutus data given with a script interaction (a redeemer, a datum): CBOR, checked to decode
 * (lowercase hex), or JSON of the blueprint's schema, converted in planning.
 */
export type DataIntent = { type: "json"; value: unknown } | { type: "cbor"; cbor: string };

/** A Plutus script run by the transaction: spending a UTxO at its address, or minting under its policy. */
export interface ScriptInteractionIntent {
  purpose: "spend" | "mint";
  hash: string;
  /** spend: the UTxO spent. */
  outputRef?: { txHash: string; index: JsonAmount };
  redeemer?: DataIntent;
  /** spend, of a UTxO that holds only its datum's hash: its datum. */
  datum?: DataIntent;
}

/** A delegation of the hosted API: the account of `address` delegates to the pool or DRep `keyHash`. */
export interface DelegationIntent {
  type: "pool" | "drep";
  /** A base or reward address: its stake credential delegates. */
  address: Address;
  /** pool: a pool1… id or 56 hex; drep: a drep1… id (or another form, see cardano/delegatees.ts), "always-abstain", "always-no-confidence". */
  keyHash: string;
}

export interface BuildIntent {
  changeAddress: Address;
  /** UTxOs the builder may select from; null: read the change address's UTxOs from the chain. */
  utxos: readonly UTxO[] | null;
  requiredInputs: readonly UTxO[];
  outputs?: OutputIntent[];
  mint?: MintIntent[];
  preloadedScripts?: PreloadedScript[];
  message?: string | string[];
  metadata?: Record<string, unknown>;
  meta?: { label?: string | number; data: unknown }[];
  validityInterval?: { start?: number | false; end?: number | false };
  requiredSigners?: KeyHash[];
  referenceInputs?: (string | { txHash: string; index: JsonAmount })[];
  delegations?: DelegationIntent[];
  scriptInteractions?: ScriptInteractionIntent[];
  cip68MetadataUpdates?: Cip68MetadataUpdateRequest[];
}

/** A new datum for the CIP-68 reference token (label 100) `assetName` of `policyId`. */
export interface Cip68MetadataUpdateRequest {
  policyId: string;
  /** Hex with the 000643b0 prefix, or {name, format, label: 100}. */
  assetName: string | AssetNameSpec;
  /** The new metadata (JSON), as mint[] takes a cip68 entry's. */
  metadata: unknown;
  /** "update", the only action. */
  action: string;
}

// ── The domain plan ───────────────────────────────────────────────────────────────────
export interface PlannedDatum {
  readonly kind: "inline" | "hash";
  /** Plutus data as CBOR hex. */
  readonly cbor: string;
}

/** A Plutus script as a transaction carries it: its version and the blueprint's compiledCode (hex). */
export interface PlannedScript {
  readonly hash: string;
  readonly version: "V1" | "V2" | "V3";
  readonly compiledCode: string;
}

export interface PlannedOutput {
  readonly address: Address;
  /** null: the ledger minimum for this output. */
  readonly lovelace: bigint | null;
  /** unit (policy id + asset name hex) → quantity. */
  readonly assets: ReadonlyMap<string, bigint>;
  readonly datum?: PlannedDatum | undefined;
  /** A script the output carries for later transactions to run by reference. */
  readonly referenceScript?: PlannedScript | undefined;
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
  /** The transaction must end (invalid hereafter) at or before this slot (a bigint: a script's slot may pass 2^53). */
  readonly before?: bigint;
  /** The transaction must start (invalid before) at or after this slot. */
  readonly after?: bigint;
}

/** What one stake credential delegates to (the request's entries for it merged). */
export interface PlannedDelegation {
  /** The stake key hash (a script credential is refused in planning). */
  readonly stakeKeyHash: string;
  /** Its reward address, bech32: what the chain's stake account is read by. */
  readonly rewardAddress: string;
  /** The pool's key hash, hex; null: no stake delegation asked. */
  readonly pool: string | null;
  /** null: no vote delegation asked. */
  readonly drep: DRep | null;
  /** The request entries merged here (`delegations[0]`), for messages. */
  readonly fields: readonly string[];
}

export interface BuildPlan {
  readonly changeAddress: Address;
  /** UTxOs the builder may select from; null: read the change address's UTxOs from the chain. */
  readonly utxos: readonly UTxO[] | null;
  readonly requiredInputs: readonly UTxO[];
  readonly outputs: readonly PlannedOutput[];
  readonly mints: readonly PlannedMint[];
  /** policy id → native script CBOR, for every policy the mints use. */
  readonly mintScripts: ReadonlyMap<string, string>;
  readonly metadata: ReadonlyMap<bigint, Metadatum>;
  /** Unix seconds; null: no bound. `explicit*`: the request set that bound (else a default). */
  readonly validity: {
    readonly start: number | null;
    readonly end: number | null;
    readonly explicitStart: boolean;
    readonly explicitEnd: boolean;
  };
  /** The time locks of the policies the mints use. */
  readonly timeLocks: readonly TimeLock[];
  readonly requiredSigners: readonly string[];
  readonly referenceInputs: readonly OutRef[];
  /** One entry per stake credential, in the order the request first names them. */
  readonly delegations: readonly PlannedDelegation[];
  /** The Plutus scripts the transaction runs; null: none. */
  readonly plutus: PlutusPlan | null;
  /** The CIP-68 reference tokens whose datum the transaction rewrites (./cip68-updates.ts). */
  readonly cip68Updates: readonly PlannedCip68Update[];
}

/** `cip68MetadataUpdates[i]`, checked: the reference token and its new metadata. */
export interface PlannedCip68Update {
  /** Policy id followed by the asset name (000643b0…), lowercase hex. */
  readonly unit: string;
  /** The new metadata: the CIP-68 datum's map, as mint[] builds it (cardano/metadata.ts cip68Datum). */
  readonly metadata: PlutusJson;
  /** `cip68MetadataUpdates[i]`. */
  readonly field: string;
}

/** A UTxO at a script address to spend, with its redeemer (and datum, when it holds only the hash). */
export interface PlannedSpend {
  readonly outRef: OutRef;
  readonly hash: string;
  /** Plutus data, CBOR hex. */
  readonly redeemer: string;
  /** Plutus data, CBOR hex, for a UTxO that holds only its datum's hash. */
  readonly datum?: string;
  /** `scriptInteractions[i]`. */
  readonly field: string;
}

export interface PlutusPlan {
  /** Every script run, by hash, and where it was deployed as a reference script (its blueprint's refs). */
  readonly scripts: ReadonlyMap<string, PlannedScript & { readonly ref: OutRef | null }>;
  readonly spends: readonly PlannedSpend[];
  /** Policy id → redeemer (CBOR hex) of each Plutus policy the mints use. */
  readonly mintRedeemers: ReadonlyMap<string, string>;
}
