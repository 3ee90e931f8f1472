// Conway certificates: the stake ones this service writes (registration with its deposit, stake
// delegation to a pool, vote delegation to a DRep), and a reading of every certificate of a body
// for the devnet, which keeps the stake state the Scalus emulator does not expose
// (chain/devnet/stake-state.ts). CDDL (conway.cddl):
//   0 stake_registration [0, cred]          7 reg_cert [7, cred, coin]
//   1 stake_deregistration [1, cred]        8 unreg_cert [8, cred, coin]
//   2 stake_delegation [2, cred, pool]      9 vote_deleg_cert [9, cred, drep]
//   10 stake_vote_deleg_cert [10, cred, pool, drep]
//   11 stake_reg_deleg_cert [11, cred, pool, coin]   12 vote_reg_deleg_cert [12, cred, drep, coin]
//   13 stake_vote_reg_deleg_cert [13, cred, pool, drep, coin]
//   3 pool_registration [3, operator, vrf, pledge, cost, margin, reward account, owners, relays, metadata]
//   4 pool_retirement [4, pool, epoch]     16 reg_drep_cert [16, cred, coin, anchor / null]
//   17 unreg_drep_cert [17, cred, coin]    18 update_drep_cert [18, cred, anchor / null]
//   cred = [0, addr_keyhash] / [1, script_hash]; drep = [0, keyhash] / [1, scripthash] / [2] abstain / [3] no confidence
import { CborReader, CborWriter } from "./cbor.js";
import type { DRep } from "./delegatees.js";
import { readSet } from "./tx-cbor.js";

/** A stake (or DRep) credential: a key hash or a script hash, 28 bytes hex. */
export interface Credential {
  readonly kind: "key" | "script";
  readonly hash: string;
}

export type Certificate =
  /** 0 (deposit null: the protocol's) or 7 (deposit given). */
  | { readonly type: "stake-registration"; readonly credential: Credential; readonly deposit: bigint | null }
  /** 1 or 8. */
  | { readonly type: "stake-deregistration"; readonly credential: Credential }
  /** 2, 9, 10 (pool, DRep or both); 11, 12, 13 register the credential too, with `deposit`. */
  | {
      readonly type: "delegation";
      readonly credential: Credential;
      readonly pool?: string;
      readonly drep?: DRep;
      readonly deposit?: bigint;
    }
  /** 3: `pool` is the operator's key hash (the pool id); `cbor` the whole certificate. */
  | { readonly type: "pool-registration"; readonly pool: string; readonly cbor: Uint8Array }
  /** 16. */
  | { readonly type: "drep-registration"; readonly credential: Credential; readonly deposit: bigint }
  /** 17. */
  | { readonly type: "drep-deregistration"; readonly credential: Credential }
  /** Any other (pool retirement, DRep update, committee certificates). */
  | { readonly type: "other"; readonly tag: number };

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

function writeCredential(w: CborWriter, c: Credential): CborWriter {
  return w
    .array(2)
    .uint(c.kind === "key" ? 0 : 1)
    .bytes(Buffer.from(c.hash, "hex"));
}

function writeDRep(w: CborWriter, drep: DRep): CborWriter {
  if (drep.kind === "always-abstain") return w.array(1).uint(2);
  if (drep.kind === "always-no-confidence") return w.array(1).uint(3);
  return w
    .array(2)
    .uint(drep.kind === "key" ? 0 : 1)
    .bytes(Buffer.from(drep.hash, "hex"));
}

const REGISTERING = { 2: 11, 9: 12, 10: 13 } as const;

/** The CBOR of a stake registration, deregistration or delegation certificate (the kinds the builder writes). */
export function writeCertificate(cert: Certificate): Uint8Array {
  const w = new CborWriter();
  switch (cert.type) {
    case "stake-registration":
      if (cert.deposit === null) return writeCredential(w.array(2).uint(0), cert.credential).finish();
      return writeCredential(w.array(3).uint(7), cert.credential).uint(cert.deposit).finish();
    case "delegation": {
      const { pool, drep, deposit } = cert;
      const tag =
        pool !== undefined && drep !== undefined ? 10 : pool !== undefined ? 2 : drep !== undefined ? 9 : null;
      if (tag === null) throw new Error("a delegation certificate names a pool, a DRep or both");
      const registering = deposit !== undefined;
      // With a deposit, the same delegation registers the credential too: 2 → 11, 9 → 12, 10 → 13.
      w.array(2 + (pool !== undefined ? 1 : 0) + (drep !== undefined ? 1 : 0) + (registering ? 1 : 0)).uint(
        registering ? REGISTERING[tag] : tag,
      );
      writeCredential(w, cert.credential);
      if (pool !== undefined) w.bytes(Buffer.from(pool, "hex"));
      if (drep !== undefined) writeDRep(w, drep);
      if (registering) w.uint(deposit);
      return w.finish();
    }
    default:
      throw new Error(`this builder does not write ${cert.type} certificates`);
  }
}

function readCredential(r: CborReader): Credential {
  r.arrayLength();
  const kind = r.smallUint();
  if (kind > 1) throw new Error(`a credential of kind ${kind}`);
  return { kind: kind === 0 ? "key" : "script", hash: hex(r.bytesValue()) };
}

function readDRep(r: CborReader): DRep {
  const length = r.arrayLength();
  const kind = r.smallUint();
  const drep: DRep =
    kind === 2
      ? { kind: "always-abstain" }
      : kind === 3
        ? { kind: "always-no-confidence" }
        : { kind: kind === 0 ? "key" : "script", hash: hex(r.bytesValue()) };
  if (length === null) r.readBreak();
  return drep;
}

/** One certificate, from its CBOR. */
export function readCertificate(bytes: Uint8Array): Certificate {
  const r = new CborReader(bytes);
  r.arrayLength();
  const tag = r.smallUint();
  switch (tag) {
    case 0:
      return { type: "stake-registration", credential: readCredential(r), deposit: null };
    case 7: {
      const credential = readCredential(r);
      return { type: "stake-registration", credential, deposit: r.uint() };
    }
    case 1:
    case 8:
      return { type: "stake-deregistration", credential: readCredential(r) };
    case 2:
    case 11: {
      const credential = readCredential(r);
      const pool = hex(r.bytesValue());
      return tag === 2
        ? { type: "delegation", credential, pool }
        : { type: "delegation", credential, pool, deposit: r.uint() };
    }
    case 9:
    case 12: {
      const credential = readCredential(r);
      const drep = readDRep(r);
      return tag === 9
        ? { type: "delegation", credential, drep }
        : { type: "delegation", credential, drep, deposit: r.uint() };
    }
    case 10:
    case 13: {
      const credential = readCredential(r);
      const pool = hex(r.bytesValue());
      const drep = readDRep(r);
      return tag === 10
        ? { type: "delegation", credential, pool, drep }
        : { type: "delegation", credential, pool, drep, deposit: r.uint() };
    }
    case 3:
      return { type: "pool-registration", pool: hex(r.bytesValue()), cbor: bytes };
    case 16: {
      const credential = readCredential(r);
      return { type: "drep-registration", credential, deposit: r.uint() };
    }
    case 17:
      return { type: "drep-deregistration", credential: readCredential(r) };
    default:
      return { type: "other", tag };
  }
}

/** The certificates of a body's field 4 (a set, tagged 258 or not), in their order. */
export const readCertificates = (field: Uint8Array): Certificate[] => readSet(field).items.map(readCertificate);
