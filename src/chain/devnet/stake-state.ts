// The devnet's stake state: which stake credentials are registered and whom they delegate to,
// which pools and DReps are registered. The Scalus emulator (0.17) validates stake certificates
// (deposits, witnesses, a delegation of an unregistered credential) but exposes only a
// credential's pool (getDelegation: no registration flag, no DRep), accepts delegations to pools
// and DReps nobody registered, and forgets all of it when the devnet restarts (its state is
// restored from the UTxO set). So the devnet reads the certificates of every transaction it
// accepts into its store (./store.ts), answers stakeAccount from there, refuses what the ledger
// would refuse and the emulator does not (a delegation to an unregistered pool or DRep: the
// Conway DELEG rule's DelegateeStakePoolNotRegistered and DelegateeDRepNotRegistered), and
// hands the state back to the emulator when it starts (Emulator.withState). A pool or DRep can also
// be seeded by its id alone, without its keys or a deposit (DevnetChain.seedPool, seedDRep: POST
// /devnet/stake-pools and /devnet/dreps), so that delegations to another network's pool or DRep
// run here: a pool then gets a certificate nobody signed (seededPoolCertificate), a DRep a deposit of 0.
import { blake2b } from "@noble/hashes/blake2b";
import { readCertificates, type Certificate, type Credential } from "../../cardano/certificates.js";
import { drepIdOf, poolIdOf, type DRep } from "../../cardano/delegatees.js";
import { CborReader, CborWriter } from "../../cardano/cbor.js";

/** What the store keeps, keyed by credentialKey / drepKey. */
export interface StakeState {
  readonly credentials: ReadonlyArray<{
    readonly key: string;
    readonly deposit: bigint;
    readonly pool: string | null;
    readonly drep: string | null;
  }>;
  /** Registered pools and their registration certificate (CBOR), as Emulator.withState takes them. */
  readonly pools: ReadonlyArray<{ readonly pool: string; readonly certificate: Uint8Array }>;
  readonly dreps: ReadonlyArray<{ readonly key: string; readonly deposit: bigint }>;
}

/** "key:<hash>" or "script:<hash>". */
export const credentialKey = (c: Credential): string => `${c.kind}:${c.hash}`;

function credentialOfKey(key: string): Credential {
  const [kind, hash] = key.split(":");
  return { kind: kind === "script" ? "script" : "key", hash: hash ?? "" };
}

/** A DRep as the store writes it: a credential key, or the predefined DRep's name. */
export const drepKey = (drep: DRep): string =>
  drep.kind === "key" || drep.kind === "script" ? credentialKey(drep) : drep.kind;

export function drepOfKey(key: string): DRep {
  if (key === "always-abstain" || key === "always-no-confidence") return { kind: key };
  return credentialOfKey(key);
}

/** The certificates of a transaction body (CBOR), in order; none when it has no field 4. */
export function certificatesOfBody(body: Uint8Array): Certificate[] {
  const reader = new CborReader(body);
  let field: Uint8Array | null = null;
  reader.each(reader.mapLength(), () => {
    if (reader.smallUint() === 4) field = reader.raw();
    else reader.raw();
  });
  return field ? readCertificates(field) : [];
}

/** What the ledger's registration state says, as far as the checks below ask. */
export interface Registrations {
  isPoolRegistered(pool: string): boolean;
  isDRepRegistered(credential: Credential): boolean;
}

/**
 * Why the ledger would refuse these certificates where the emulator does not, or null: a
 * delegation to a pool or a DRep that is not registered, counting those the same transaction
 * registers (or retires) before it, as the ledger applies certificates in order.
 */
export function delegateeViolation(certificates: readonly Certificate[], registered: Registrations): string | null {
  const pools = new Set<string>();
  const dreps = new Map<string, boolean>();
  for (const [i, cert] of certificates.entries()) {
    if (cert.type === "pool-registration") pools.add(cert.pool);
    if (cert.type === "drep-registration") dreps.set(credentialKey(cert.credential), true);
    if (cert.type === "drep-deregistration") dreps.set(credentialKey(cert.credential), false);
    if (cert.type !== "delegation") continue;
    if (cert.pool !== undefined && !pools.has(cert.pool) && !registered.isPoolRegistered(cert.pool)) {
      return `DelegateeStakePoolNotRegisteredDELEG: certificate ${i} delegates to the stake pool ${poolIdOf(cert.pool)} (${cert.pool}), which is not registered.`;
    }
    const drep = cert.drep;
    if (drep !== undefined && (drep.kind === "key" || drep.kind === "script")) {
      const known = dreps.get(credentialKey(drep)) ?? registered.isDRepRegistered(drep);
      if (!known)
        return `DelegateeDRepNotRegisteredDELEG: certificate ${i} delegates the vote to the DRep ${drepIdOf(drep)} (${drep.kind} ${drep.hash}), which is not registered.`;
    }
  }
  return null;
}

/** A legacy registration's deposit resolved to the protocol's (`keyDeposit`), for the store to keep. */
export const withDeposits = (certificates: readonly Certificate[], keyDeposit: bigint): Certificate[] =>
  certificates.map((c) => (c.type === "stake-registration" && c.deposit === null ? { ...c, deposit: keyDeposit } : c));

/**
 * The registration certificate the devnet keeps for a pool seeded by its id alone
 * (DevnetChain.seedPool), as the emulator takes pools: the operator `keyHash`, a VRF key hash
 * derived from it (32 bytes of blake2b-256, one per pool), no pledge, the minimum cost `cost`, no
 * margin, the reward account of a key credential of the same hash, no owners, relays nor metadata.
 * Nobody holds its keys: it exists so that accounts can delegate to it.
 */
export function seededPoolCertificate(keyHash: string, cost: bigint): Uint8Array {
  const operator = Buffer.from(keyHash, "hex");
  const rewardAccount = Buffer.concat([Uint8Array.of(0xe0), operator]);
  const w = new CborWriter()
    .array(10)
    .uint(3)
    .bytes(operator)
    .bytes(blake2b(operator, { dkLen: 32 }))
    .uint(0)
    .uint(cost);
  w.tag(30).array(2).uint(0).uint(1);
  return w.bytes(rewardAccount).array(0).array(0).raw(Uint8Array.of(0xf6)).finish();
}

/** The stake state in Emulator.withState's terms. */
export function emulatorStakeState(state: StakeState) {
  return {
    stakeRegistrations: state.credentials.map((c) => {
      const { kind, hash } = credentialOfKey(c.key);
      return {
        credentialType: kind,
        credentialHash: hash,
        rewards: 0n,
        ...(c.pool === null ? {} : { delegatedTo: c.pool }),
      };
    }),
    poolRegistrations: state.pools.map((p) => ({ params: p.certificate })),
    drepRegistrations: state.dreps.map((d) => {
      const { kind, hash } = credentialOfKey(d.key);
      return { credentialType: kind, credentialHash: hash, deposit: d.deposit };
    }),
  };
}
