// Addresses written from their credentials (CIP-19): base and enterprise addresses for outputs,
// reward addresses for stake credentials. Reading addresses is addresses.ts's job.
import { addressOfBytes, type Address } from "./addresses.js";
import { addressText } from "./utxo.js";

export interface Credential {
  /** The 28-byte key hash or script hash, hex. */
  readonly hash: string;
  readonly isScript: boolean;
}

const HASH_HEX = /^[0-9a-fA-F]{56}$/;

function hashBytes(credential: Credential, role: string): Buffer {
  if (!HASH_HEX.test(credential.hash)) throw new Error(`the ${role} credential is not a 28-byte hash in hex`);
  return Buffer.from(credential.hash, "hex");
}

function checkNetwork(networkId: number): void {
  if (networkId !== 0 && networkId !== 1) throw new Error(`network id ${networkId} is neither 0 nor 1`);
}

/** The bytes of the base address (with `stake`) or enterprise address (without) of these credentials. */
function shelleyBytes(payment: Credential, stake: Credential | undefined, networkId: number): Buffer {
  checkNetwork(networkId);
  const paymentHash = hashBytes(payment, "payment");
  // Header types 0–3 are base addresses (bit 4: script payment, bit 5: script stake); 6–7 enterprise.
  if (stake === undefined) {
    const header = ((payment.isScript ? 7 : 6) << 4) | networkId;
    return Buffer.concat([Buffer.of(header), paymentHash]);
  }
  const type = (payment.isScript ? 1 : 0) | (stake.isScript ? 2 : 0);
  const header = (type << 4) | networkId;
  return Buffer.concat([Buffer.of(header), paymentHash, hashBytes(stake, "stake")]);
}

/** The bech32 base address (with `stake`) or enterprise address (without) of these credentials. */
export const shelleyAddress = (payment: Credential, stake: Credential | undefined, networkId: number): string =>
  addressText(shelleyBytes(payment, stake, networkId));

/** shelleyAddress as an Address (bytes and bech32), for an output to it. */
export const shelleyAddressOf = (payment: Credential, stake: Credential | undefined, networkId: number): Address =>
  addressOfBytes(shelleyBytes(payment, stake, networkId));

/** The bech32 reward (stake) address of a stake credential. */
export function rewardAddress(stake: Credential, networkId: number): string {
  checkNetwork(networkId);
  const header = ((stake.isScript ? 15 : 14) << 4) | networkId;
  return addressText(Buffer.concat([Buffer.of(header), hashBytes(stake, "stake")]));
}
