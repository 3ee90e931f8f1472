// Delegations (the hosted API's `delegations[]`): the account of a base or reward address
// delegates its stake to a pool and/or its vote to a DRep. Phase 1 reads the entries (the
// address's stake credential, the pool or DRep id) and merges those of one account; phase 3 reads
// each account on chain and writes its certificates, in this order:
// - a stake registration when the credential is not registered yet: Conway's reg_cert (7), which
//   states the deposit (the protocol's stakeAddressDeposit, paid by the inputs like an output) and
//   is witnessed by the stake key, rather than the legacy stake_registration (0), which Conway
//   still accepts but marks for removal in the next era and which anyone can submit unwitnessed;
// - a stake delegation (2) to the pool, a vote delegation (9) to the DRep.
// Separate certificates rather than the combined kinds (10 to 13, a few bytes shorter): as the
// hosted API emits them, each saying one thing a wallet shows its user before signing. Every one
// of them needs the stake key's signature, which the fee counts (CertificatesDraft.signers).
import { bech32 } from "@scure/base";
import { stakeCredentialOn } from "../../cardano/address-rules.js";
import { writeCertificate, type Certificate } from "../../cardano/certificates.js";
import { parseDRep, poolKeyHash, type DRep } from "../../cardano/delegatees.js";
import type { CertificatesDraft } from "../../txcore/balance.js";
import type { ChainPort, Protocol } from "../../chain/port.js";
import { familyOf, type Network } from "../../config.js";
import { BadRequestError, refusal } from "../../errors.js";
import type { DelegationIntent, PlannedDelegation } from "./request.js";

/** The reward address (bech32) of a stake key hash on `network`'s family. */
function rewardAddressOf(stakeKeyHash: string, network: Network): string {
  const mainnet = familyOf(network) === "mainnet";
  const bytes = Buffer.concat([Uint8Array.of(0xe0 | (mainnet ? 1 : 0)), Buffer.from(stakeKeyHash, "hex")]);
  return bech32.encode(mainnet ? "stake" : "stake_test", bech32.toWords(bytes), 120);
}

/** Phase 1: the request's delegations, one entry per stake credential, or a 400 naming the field. */
export function planDelegations(
  entries: readonly DelegationIntent[] | undefined,
  network: Network,
): PlannedDelegation[] {
  const byCredential = new Map<
    string,
    {
      stakeKeyHash: string;
      pool: string | null;
      drep: DRep | null;
      fields: string[];
      poolField?: string;
      drepField?: string;
    }
  >();
  (entries ?? []).forEach((entry, i) => {
    const field = `delegations[${i}]`;
    const stake = stakeCredentialOn(network, entry.address, `${field}.address`, "a delegation certificate");
    if (stake.isScript) {
      throw refusal(
        BadRequestError,
        (at) =>
          `${at(`${field}.address`)} has a script stake credential (${stake.hash}): its certificates would need that script to run (a certificate redeemer), ` +
          "which this endpoint does not build. Delegate an account whose stake credential is a key.",
      );
    }
    let planned = byCredential.get(stake.hash);
    if (!planned)
      byCredential.set(stake.hash, (planned = { stakeKeyHash: stake.hash, pool: null, drep: null, fields: [] }));
    planned.fields.push(field);
    if (entry.type === "pool") {
      const pool = poolKeyHash(entry.keyHash, `${field}.keyHash`);
      const earlier = planned.poolField;
      if (earlier !== undefined)
        throw refusal(
          BadRequestError,
          (at) =>
            `${at(field)} delegates the stake of the same account as ${at(earlier)} does: give one pool per account.`,
        );
      planned.pool = pool;
      planned.poolField = field;
    } else if (entry.type === "drep") {
      const drep = parseDRep(entry.keyHash, `${field}.keyHash`);
      const earlier = planned.drepField;
      if (earlier !== undefined)
        throw refusal(
          BadRequestError,
          (at) =>
            `${at(field)} delegates the vote of the same account as ${at(earlier)} does: give one DRep per account.`,
        );
      planned.drep = drep;
      planned.drepField = field;
    } else {
      throw refusal(
        BadRequestError,
        (at) => `${at(`${field}.type`)} must be "pool" (stake delegation) or "drep" (vote delegation).`,
      );
    }
  });
  return [...byCredential.values()].map(({ stakeKeyHash, pool, drep, fields }) => ({
    stakeKeyHash,
    rewardAddress: rewardAddressOf(stakeKeyHash, network),
    pool,
    drep,
    fields,
  }));
}

/**
 * Phase 3: the certificates of the planned delegations, each account's registration read from
 * the chain (a registered one is not registered again, and pays no second deposit); undefined
 * when there are none.
 */
export async function delegationCertificates(
  delegations: readonly PlannedDelegation[],
  chain: ChainPort,
  params: Protocol,
): Promise<CertificatesDraft | undefined> {
  if (delegations.length === 0) return undefined;
  const accounts = await Promise.all(delegations.map((d) => chain.stakeAccount(d.rewardAddress)));
  const keyDeposit = BigInt(params.keyDeposit);
  const certificates: Certificate[] = [];
  let deposit = 0n;
  delegations.forEach((d, i) => {
    const credential = { kind: "key" as const, hash: d.stakeKeyHash };
    if (!accounts[i]!.registered) {
      certificates.push({ type: "stake-registration", credential, deposit: keyDeposit });
      deposit += keyDeposit;
    }
    if (d.pool !== null) certificates.push({ type: "delegation", credential, pool: d.pool });
    if (d.drep !== null) certificates.push({ type: "delegation", credential, drep: d.drep });
  });
  return { cbor: certificates.map(writeCertificate), deposit, signers: delegations.map((d) => d.stakeKeyHash) };
}
