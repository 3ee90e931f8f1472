// Mint and burn: `mint[]` and `preloadedScripts[]` → planned mints, the outputs that carry the
// minted tokens (destAddress, CIP-68 reference token), the CIP-25 map and the policy scripts.
import type { Metadatum, NativeScript } from "../../cardano/types.js";
import type { Address } from "../../cardano/addresses.js";
import { assetNameHex, cip25Metadatum, cip67Prefix, cip68Datum } from "../../cardano/metadata.js";
import { nativeScriptBytes, nativeScriptHash } from "../../cardano/native-scripts.js";
import { BadRequestError, refusal } from "../../errors.js";
import { plutusJsonToCbor } from "./datum.js";
import type {
  BuildIntent,
  MintIntent,
  NativePreloadedScript,
  NativeScriptJson,
  PlannedMint,
  PlannedOutput,
} from "./request.js";

/** A policy's native script: CBOR for the witness set, Mesh's JSON for its time locks. */
export interface PolicyScript {
  readonly cbor: string;
  readonly json: NativeScript;
}

export interface MintPlan {
  readonly mints: PlannedMint[];
  readonly outputs: PlannedOutput[];
  /** policy id → script, for the policies the mints use. */
  readonly scripts: Map<string, PolicyScript>;
  readonly cip25: Metadatum | null;
}

/** The largest slot a native script can hold (the ledger's slots are unsigned 64-bit integers). */
const MAX_SLOT = 2n ** 64n - 1n;

/** Native script JSON schema → Mesh's NativeScript (slots as strings); `field` is the node's path. */
function toMeshNativeScript(script: NativeScriptJson, field: string): NativeScript {
  switch (script.type) {
    case "sig":
      if (!/^[0-9a-fA-F]{56}$/.test(script.keyHash))
        throw refusal(BadRequestError, (at) => `${at(`${field}.keyHash`)} must be a 56-hex key hash.`);
      return { type: "sig", keyHash: script.keyHash.toLowerCase() };
    case "before":
    case "after": {
      const slot = String(script.slot).replaceAll("_", "");
      if (!/^\d+$/.test(slot) || BigInt(slot) > MAX_SLOT) {
        throw refusal(
          BadRequestError,
          (at) =>
            `${at(`${field}.slot`)} is ${slot}, but a native script's slot is a whole number from 0 to 2^64 - 1 (${MAX_SLOT}): the ledger's slots are 64-bit.`,
        );
      }
      return { type: script.type, slot };
    }
    case "all":
    case "any":
      return {
        type: script.type,
        scripts: script.scripts.map((s, i) => toMeshNativeScript(s, `${field}.scripts[${i}]`)),
      };
    case "atLeast": {
      const { required, scripts } = script;
      if (required === undefined) {
        throw refusal(
          BadRequestError,
          (at) => `${at(`${field}.required`)} is missing: an atLeast script says how many of its scripts must hold.`,
        );
      }
      if (required > scripts.length) {
        throw refusal(
          BadRequestError,
          (at) => `${at(`${field}.required`)} is ${required} but the script lists only ${scripts.length} scripts.`,
        );
      }
      return {
        type: "atLeast",
        required,
        scripts: scripts.map((s, i) => toMeshNativeScript(s, `${field}.scripts[${i}]`)),
      };
    }
  }
}

/** policy id → script for every preloaded script (`preloadedScripts[i]` of the request), each checked against its declared hash. */
export function loadPreloadedScripts(preloaded: readonly NativePreloadedScript[]): Map<string, PolicyScript> {
  const scripts = new Map<string, PolicyScript>();
  preloaded.forEach((entry, i) => {
    const field = `preloadedScripts[${i}]`;
    const json = toMeshNativeScript(entry.script, `${field}.script`);
    const script = nativeScriptBytes(json);
    const hash = nativeScriptHash(script);
    if (hash !== entry.hash.toLowerCase()) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`${field}.hash`)} is ${entry.hash.toLowerCase()} but the script hashes to ${hash}: fix the hash or the script.`,
      );
    }
    scripts.set(hash, { cbor: Buffer.from(script).toString("hex"), json });
  });
  return scripts;
}

interface Units {
  readonly mints: PlannedMint[];
  /** bech32 → the destAddress and the assets routed to it. */
  readonly destAssets: Map<string, { readonly address: Address; readonly assets: Map<string, bigint> }>;
  readonly outputs: PlannedOutput[];
  readonly cip25: { policyId: string; assetNameHex: string; metadata: unknown; field: string }[];
  readonly placed: ReadonlySet<string>;
}

interface MintItem {
  readonly item: MintIntent;
  readonly policyId: string;
  readonly quantity: bigint;
  /** The item's destAddress, checked. */
  readonly destAddress: Address | undefined;
  readonly field: string;
}

function addMint(units: Units, mint: PlannedMint): void {
  if (units.mints.some((m) => m.policyId === mint.policyId && m.assetNameHex === mint.assetNameHex)) {
    throw refusal(
      BadRequestError,
      (at) => `${at(mint.field)} mints ${mint.policyId}.${mint.assetNameHex} a second time: list each asset once.`,
    );
  }
  units.mints.push(mint);
}

function routeTo(units: Units, address: Address | undefined, unit: string, quantity: bigint): void {
  if (address === undefined || quantity <= 0n) return; // without destAddress, minted tokens go to the change
  const dest = units.destAssets.get(address.bech32) ?? { address, assets: new Map<string, bigint>() };
  dest.assets.set(unit, (dest.assets.get(unit) ?? 0n) + quantity);
  units.destAssets.set(address.bech32, dest);
}

function planCip25(units: Units, { item, policyId, quantity, destAddress, field }: MintItem): void {
  const nameHex = assetNameHex(item.assetName, `${field}.assetName`);
  addMint(units, { policyId, assetNameHex: nameHex, quantity, field });
  routeTo(units, destAddress, policyId + nameHex, quantity);
  if (quantity > 0n && item.metadata !== undefined)
    units.cip25.push({ policyId, assetNameHex: nameHex, metadata: item.metadata, field: `${field}.metadata` });
}

/** Mints one CIP-68 reference token (label 100) into an output with the inline metadata datum. */
function mintReference(units: Units, m: MintItem, base: string, address: Address): void {
  const refName = cip67Prefix(100) + base;
  addMint(units, { policyId: m.policyId, assetNameHex: refName, quantity: 1n, field: m.field });
  // The request's outputs place it themselves (at a validator's address, with a datum of its schema).
  if (units.placed.has(m.policyId + refName)) return;
  units.outputs.push({
    address,
    lovelace: null,
    assets: new Map([[m.policyId + refName, 1n]]),
    datum: {
      kind: "inline",
      cbor: plutusJsonToCbor(cip68Datum(m.item.metadata, `${m.field}.metadata`), `${m.field}.metadata`),
    },
    field: `${m.field} (CIP-68 reference token)`,
  });
}

/**
 * CIP-68. A label-100 entry is the reference token itself (quantity 1, or -1 to burn), sent to
 * destAddress or the change address with the datum. A user-token entry (222 by default, 333, 444)
 * also mints the reference token, at the change address, unless the request lists it itself.
 */
function planCip68(units: Units, m: MintItem, explicitReferences: ReadonlySet<string>, changeAddress: Address): void {
  const { item, policyId, quantity, destAddress, field } = m;
  const label = item.assetName.label ?? 222;
  const base = assetNameHex({ ...item.assetName, label: undefined }, `${field}.assetName`);
  assetNameHex({ ...item.assetName, label }, `${field}.assetName`); // length check with the prefix
  if (label === 100) {
    if (quantity !== 1n && quantity !== -1n) {
      throw refusal(
        BadRequestError,
        (at) => `${at(`${field}.quantity`)} must be 1 (or -1 to burn): CIP-68 allows one reference token per asset.`,
      );
    }
    if (quantity < 0n) return addMint(units, { policyId, assetNameHex: cip67Prefix(100) + base, quantity, field });
    return mintReference(units, m, base, destAddress ?? changeAddress);
  }
  const userName = cip67Prefix(label) + base;
  addMint(units, { policyId, assetNameHex: userName, quantity, field });
  routeTo(units, destAddress, policyId + userName, quantity);
  if (quantity > 0n && !explicitReferences.has(policyId + base)) mintReference(units, m, base, changeAddress);
}

function policyScript(scripts: ReadonlyMap<string, PolicyScript>, policyId: string, field: string): PolicyScript {
  const script = scripts.get(policyId);
  if (script === undefined) {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(`${field}.policyId`)} ${policyId} has no policy script: add its native script to preloadedScripts as {type:"simple", script, hash}.`,
    );
  }
  return script;
}

/** What the rest of the request decides about the mints. */
export interface MintContext {
  /** Policies that are Plutus scripts (mint[] entries of type "plutus"): no native script for them. */
  readonly plutusPolicies: ReadonlySet<string>;
  /** Units the request's outputs send: a CIP-68 reference token among them is placed there, not routed again. */
  readonly placed: ReadonlySet<string>;
}

/** Plans the mints; `changeAddress` (checked) receives the CIP-68 reference tokens no destAddress claims. */
export function planMints(
  request: BuildIntent,
  changeAddress: Address,
  scripts: ReadonlyMap<string, PolicyScript>,
  context: MintContext,
): MintPlan {
  const units: Units = { mints: [], destAssets: new Map(), outputs: [], cip25: [], placed: context.placed };
  const used = new Map<string, PolicyScript>();
  const items: MintItem[] = (request.mint ?? []).map((item, i) => {
    const field = `mint[${i}]`;
    const policyId = item.policyId.toLowerCase();
    if (!context.plutusPolicies.has(policyId)) used.set(policyId, policyScript(scripts, policyId, field));
    const quantity = item.quantity;
    if (quantity === 0n)
      throw refusal(
        BadRequestError,
        (at) => `${at(`${field}.quantity`)} is 0: mint a positive quantity or burn a negative one.`,
      );
    return { item, policyId, quantity, destAddress: item.destAddress, field };
  });
  const explicitReferences = new Set(
    items
      .filter((m) => m.item.version === "cip68" && m.item.assetName.label === 100 && m.quantity > 0n)
      .map((m) => m.policyId + assetNameHex({ ...m.item.assetName, label: undefined }, `${m.field}.assetName`)),
  );
  for (const m of items) {
    if (m.item.version === "cip25") planCip25(units, m);
    else planCip68(units, m, explicitReferences, changeAddress);
  }
  for (const [bech32, { address, assets }] of units.destAssets) {
    units.outputs.push({ address, lovelace: null, assets, field: `mint destAddress ${bech32}` });
  }
  return {
    mints: units.mints,
    outputs: units.outputs,
    scripts: used,
    cip25: units.cip25.length > 0 ? cip25Metadatum(units.cip25) : null,
  };
}
