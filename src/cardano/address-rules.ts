// What an address in a request may be: one strict reading (addressInfo, in bech32 or hex, as
// CIP-30 wallets hand them out) and named rules on what was read. Wherever an address is to hold
// UTxOs (a payment, an output, a change address, a UTxO query) it must be a Shelley address that
// can (base, enterprise or pointer: not Byron, not reward) of this instance's network family. A
// request's address is read once, at the edge (a route's to-domain.ts), and the domain goes on
// with the Address (bytes and bech32): the rules below take it, none reads the text again. The
// tournament contracts add two rules of their own: a key payment credential where someone signs,
// no pointer where a datum holds the address. Addresses the chain gives (a UTxO's) are text, read
// through the same cache where their bytes or credential are needed (chainAddress).
import { familyOf, type Network } from "../config.js";
import { BadRequestError, refusal } from "../errors.js";
import { addressInfo, type Address, type CredentialInfo } from "./addresses.js";

/**
 * Whose words a refusal is in. The rules are the same everywhere; the build endpoint words two of
 * them its own way (the reward address, the network family), and its clients match on them.
 */
type Voice = "service" | "build";

/**
 * The one strict reading of an address in a request, at the edge (a route's to-domain.ts): a text
 * that does not decode into address bytes gets the short 400 naming `field`. The domain is handed
 * the Address and applies the rules below to it without reading the text again.
 */
export function readAddress(input: string, field: string): Address {
  const known = readings.get(input);
  if (known) return known;
  return remember(
    input,
    addressInfo(input, field, (at) => `${at(field)} is not a Cardano address (bech32 or hex).`),
  );
}

/**
 * An address the chain gives, as text (a UTxO's: well-formed there), read through the same cache:
 * the many UTxOs at one address cost one reading. Null when it does not read.
 */
export function chainAddress(text: string): Address | null {
  const known = readings.get(text);
  if (known) return known;
  const address = readQuietly(text);
  return address === null ? null : remember(text, address);
}

/** chainAddress of an address the chain or a datum gave, well-formed there: an Error (a fault, not a request's) when it does not read. */
export function knownAddress(text: string): Address {
  const address = chainAddress(text);
  if (address === null) throw new Error(`${text} is not an address this service reads`);
  return address;
}

function remember(text: string, address: Address): Address {
  if (readings.size >= READINGS_KEPT) readings.clear();
  readings.set(text, address);
  return address;
}

/**
 * The addresses read lately, by their text: a client sends the same ones request after request
 * (its change address, its players, a bench's hundred outputs), and a bech32 reading costs about
 * 10 µs. An Address holds nothing of the request (the field is only in refusals, which are not
 * kept), and is read-only. Bounded: emptied when full.
 */
const readings = new Map<string, Address>();
const READINGS_KEPT = 10_000;

/** A reading of an address the chain or a datum gave (already well-formed there): null when it does not read. */
function readQuietly(input: string): Address | null {
  try {
    return addressInfo(input, "address");
  } catch {
    return null;
  }
}

/** Rule: not Byron. Byron addresses still exist on chain, but nothing this service builds pays one. */
function refuseByron(a: Address, field: string): void {
  if (a.type === "byron")
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} is a Byron address; use a Shelley address (base, pointer or enterprise).`,
    );
}

/** Rule: holds UTxOs. A reward (stake) address holds rewards, never an output. */
function refuseReward(a: Address, field: string, voice: Voice): void {
  if (a.type !== "reward") return;
  throw refusal(BadRequestError, (at) =>
    voice === "build"
      ? `${at(field)} is a stake (reward) address, which cannot hold outputs: give a payment address.`
      : `${at(field)} is a reward (stake) address, which holds no UTxOs; use a payment address.`,
  );
}

/** Rule: of this instance's network family (network id 1 for mainnet, 0 for the testnets). */
function requireFamily(a: Address, network: Network, field: string, voice: Voice): void {
  const wanted = familyOf(network);
  const expected = wanted === "mainnet" ? 1 : 0;
  if (a.networkId === expected) return;
  const given = a.networkId === 1 ? "mainnet" : "testnet";
  throw refusal(BadRequestError, (at) =>
    voice === "build"
      ? `${at(field)} is a ${given} address but this service builds for ${network}: use a ${wanted === "mainnet" ? "mainnet (addr1…)" : "testnet (addr_test1…)"} address.`
      : `${at(field)} is a ${given} address, but this instance serves ${network} (a ${wanted} network, network id ${expected}).`,
  );
}

function utxoAddressOn(network: Network, input: string, field: string, voice: Voice): Address {
  const a = readAddress(input, field);
  refuseByron(a, field);
  refuseReward(a, field, voice);
  requireFamily(a, network, field, voice);
  return a;
}

/** `address` (bech32 or hex) read, an address that holds UTxOs on `network`, or a 400 naming `field`. */
export const paymentAddressOn = (network: Network, address: string, field: string): Address =>
  utxoAddressOn(network, address, field, "service");

/** paymentAddressOn in the words of the build endpoint. */
export const outputAddressOn = (network: Network, address: string, field: string): Address =>
  utxoAddressOn(network, address, field, "build");

/**
 * Rule: carries a stake credential (a base or reward address, bech32 or hex) of this instance's
 * network family, which this returns: what a delegation certificate names. `why` ends the
 * refusals of the addresses that carry none (what the credential is needed for).
 */
export function stakeCredentialOn(network: Network, a: Address, field: string, why: string): CredentialInfo {
  const missing =
    a.type === "enterprise"
      ? "an enterprise address"
      : a.type === "byron"
        ? "a Byron address"
        : a.type === "pointer"
          ? "a pointer address"
          : null;
  if (missing !== null || !a.stake || !("hash" in a.stake)) {
    const pointer =
      a.type === "pointer"
        ? " (it points at a registration instead, and pointers no longer delegate since Conway)"
        : "";
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} is ${missing ?? "an address"} without a stake credential${pointer}: ${why} needs one. Give the account's base address (addr…) or its reward address (stake…).`,
    );
  }
  requireFamily(a, network, field, "build");
  return a.stake;
}

/** The stake credential of a reward address (what the chain port's stakeAccount reads), or a 400. */
export function rewardCredential(rewardAddress: string): { readonly kind: "key" | "script"; readonly hash: string } {
  const a = readQuietly(rewardAddress);
  if (a?.type !== "reward" || !a.stake || !("hash" in a.stake))
    throw new BadRequestError(`${rewardAddress} is not a reward (stake) address.`);
  return { kind: a.stake.isScript ? "script" : "key", hash: a.stake.hash };
}

/** The payment credential of an address, or null (a reward or Byron address, or no address at all). */
export const paymentCredentialOf = (address: string): CredentialInfo | null => chainAddress(address)?.payment ?? null;

/** Whether an address has a key payment credential: only a key signs. */
export const isKeyAddress = (address: string): boolean => paymentCredentialOf(address)?.isScript === false;

/** Rule: a key payment credential, whose hash this returns; `why` says who signs with it. */
export const paymentKeyHash = (a: Address, field: string, why: string): string =>
  keyHashOf(a.payment ?? null, field, why);

/** paymentKeyHash of an address a UTxO holds (as the chain or the client's UTxO string gives it, in text). */
export const utxoPaymentKeyHash = (address: string, field: string, why: string): string =>
  keyHashOf(paymentCredentialOf(address), field, why);

function keyHashOf(payment: CredentialInfo | null, field: string, why: string): string {
  if (!payment || payment.isScript)
    throw refusal(
      BadRequestError,
      (at) => `${at(field)} must be an address with a key payment credential (not a script): ${why}.`,
    );
  return payment.hash;
}

/**
 * Rule: no pointer address where a tournament datum would hold it: pointers no longer delegate
 * since Conway, the contract refuses them as participants, and the datum codec has none.
 */
export function checkNotPointer(a: Address, field: string): void {
  if (a.type === "pointer") {
    throw refusal(
      BadRequestError,
      (at) =>
        `${at(field)} is a pointer address: tournaments hold base or enterprise addresses only (pointer addresses no longer delegate since Conway). ` +
        "Use the base or enterprise address of the same payment credential.",
    );
  }
}
