// Whom a stake credential delegates to, in the forms people write them. A stake pool: its
// `pool1…` id (bech32 of the operator's 28-byte key hash) or that hash in hex. A DRep: its `drep1…`
// id in CIP-129's form (a header byte, 0x22 for a key and 0x23 for a script, before the 28-byte
// hash), the older `drep1…` of a bare key hash (cardano-cli and wallets before CIP-129; the hosted
// API's examples send one), CIP-105's `drep_vkh1…` (a key hash), `drep_script1…` (a script hash)
// and `drep_vk1…` (the key itself), hex of a key hash or of CIP-129's bytes, or one of the two
// predefined DReps: always abstain and always no confidence. Read strictly: a refusal names the
// field and what it expects.
import { blake2b } from "@noble/hashes/blake2b";
import { bech32 } from "@scure/base";
import { BadRequestError, refusal } from "../errors.js";

/** A DRep as the ledger knows it: a key or script credential, or one of the predefined two. */
export type DRep =
  | { readonly kind: "key" | "script"; readonly hash: string }
  | { readonly kind: "always-abstain" }
  | { readonly kind: "always-no-confidence" };

const HASH28 = /^[0-9a-fA-F]{56}$/;
const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

/** bech32 `text` with one of `prefixes` → [prefix, bytes]; null when it is not that. */
function bech32Of(text: string, prefixes: readonly string[]): [string, Uint8Array] | null {
  const lower = text.toLowerCase();
  if (!prefixes.some((p) => lower.startsWith(`${p}1`))) return null;
  try {
    const decoded = bech32.decode(text as `${string}1${string}`, 120);
    return prefixes.includes(decoded.prefix) ? [decoded.prefix, bech32.fromWords(decoded.words)] : null;
  } catch {
    return null;
  }
}

/** The 28-byte key hash (hex) of a pool id (`pool1…` or 56 hex digits), or a 400 naming `field`. */
export function poolKeyHash(text: string, field: string): string {
  if (HASH28.test(text)) return text.toLowerCase();
  const decoded = bech32Of(text, ["pool"]);
  if (decoded && decoded[1].length === 28) return toHex(decoded[1]);
  throw refusal(
    BadRequestError,
    (at) =>
      `${at(field)} is not a stake pool id: give its bech32 id (pool1…, 28 bytes; ${decoded ? `this one holds ${decoded[1].length}` : "checksum included"}) ` +
      "or the pool's key hash as 56 hex digits.",
  );
}

/** The bech32 id (pool1…) of a pool's 28-byte key hash (hex). */
export const poolIdOf = (keyHash: string): string =>
  bech32.encode("pool", bech32.toWords(Buffer.from(keyHash, "hex")), 120);

/** The predefined DReps by the names clients send (case, `_`, `-` and spaces aside), Blockfrost's drep_always_… ids included. */
const PREDEFINED: Readonly<Record<string, DRep>> = {
  alwaysabstain: { kind: "always-abstain" },
  abstain: { kind: "always-abstain" },
  alwaysnoconfidence: { kind: "always-no-confidence" },
  noconfidence: { kind: "always-no-confidence" },
};

/** CIP-129's header byte of a DRep id: 0x22 a key hash, 0x23 a script hash. */
const CIP129_KIND: Readonly<Record<number, "key" | "script">> = { 0x22: "key", 0x23: "script" };

/** The DRep of 29 CIP-129 bytes or 28 bytes of a key hash; null for other bytes. */
function drepOfBytes(bytes: Uint8Array, bare: "key" | "script"): DRep | null {
  if (bytes.length === 28) return { kind: bare, hash: toHex(bytes) };
  const kind = CIP129_KIND[bytes[0] ?? -1];
  return bytes.length === 29 && kind ? { kind, hash: toHex(bytes.subarray(1)) } : null;
}

/** The DRep of an id in any of the accepted forms (see the header); null when `text` is none of them. */
export function drepOf(text: string): DRep | null {
  const word = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
  const predefined = PREDEFINED[word.startsWith("drep") ? word.slice(4) : word];
  if (predefined) return predefined;
  if (/^(?:[0-9a-fA-F]{2}){28,29}$/.test(text)) return drepOfBytes(Buffer.from(text, "hex"), "key");
  const decoded = bech32Of(text, ["drep", "drep_vkh", "drep_script", "drep_vk"]);
  if (!decoded) return null;
  const [prefix, bytes] = decoded;
  if (prefix === "drep_vk")
    return bytes.length === 32 ? { kind: "key", hash: toHex(blake2b(bytes, { dkLen: 28 })) } : null;
  return drepOfBytes(bytes, prefix === "drep_script" ? "script" : "key");
}

/** drepOf, or a 400 naming `field` that lists the forms. */
export function parseDRep(text: string, field: string): DRep {
  const drep = drepOf(text);
  if (drep) return drep;
  throw refusal(
    BadRequestError,
    (at) =>
      `${at(field)} is not a DRep: give a drep1… id (CIP-129, or the older form of a key hash), drep_vkh1…, drep_script1…, drep_vk1…, its hex, ` +
      `"always-abstain" or "always-no-confidence".`,
  );
}

/** The CIP-129 id of a DRep (drep1…), or Blockfrost's names of the predefined two. */
export function drepIdOf(drep: DRep): string {
  if (drep.kind === "always-abstain") return "drep_always_abstain";
  if (drep.kind === "always-no-confidence") return "drep_always_no_confidence";
  const header = drep.kind === "key" ? 0x22 : 0x23;
  return bech32.encode(
    "drep",
    bech32.toWords(Buffer.concat([Uint8Array.of(header), Buffer.from(drep.hash, "hex")])),
    120,
  );
}
