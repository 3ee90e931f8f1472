// signAndSubmit: signs a build answer's `complete` with a CIP-30 wallet or a private key, and
// submits the transaction with its witness sets (POST /transactions/submit, or
// /tournaments/submit-tx). The service never sees a key: only what it signed.
import { bech32 } from "@scure/base";
import type { Client, OutputOf } from "./client.js";

/** A CIP-30 wallet (or anything shaped like one: a MeshWallet): signTx(tx, true) answers the witness set, CBOR hex. */
export interface Cip30Signer {
  signTx(txCbor: string, partialSign: boolean): Promise<string>;
}

/**
 * A private payment (or stake) key: bech32 `ed25519_sk1…`, 64 hex digits, the CBOR hex of a
 * cardano-cli key file (`5820` + 64 hex digits), or that key file's JSON (`{ cborHex }`).
 */
export type PrivateKey = string | { readonly cborHex: string };

export type Signer = Cip30Signer | PrivateKey;

export interface SignAndSubmitOptions {
  /** Submit through POST /tournaments/submit-tx (the same route under the tournament API's name). Default: POST /transactions/submit. */
  via?: "transactions" | "tournaments";
  /** After submitting, wait with GET /transactions/{hash}/wait until the transaction has this many confirmations; throws if it is rejected or the wait times out. */
  wait?: { confirmations?: number; timeout?: number };
}

export interface Submitted {
  txHash: string;
  /** The wait's answer, when `wait` was asked for. */
  status?: OutputOf<"waitForTransaction">;
}

/**
 * Signs `built.complete` with every signer (a payment key and, for a delegation, a stake key) and
 * submits it with the witness sets. Resolves to the transaction's hash.
 */
export async function signAndSubmit(
  client: Client,
  built: { readonly complete: string; readonly hash?: string },
  signer: Signer | readonly Signer[],
  options: SignAndSubmitOptions = {},
): Promise<Submitted> {
  const signers: readonly Signer[] = Array.isArray(signer) ? signer : [signer as Signer];
  const signatures = await Promise.all(signers.map((one) => witnessSet(built.complete, one)));
  const body = { transaction: built.complete, signatures };
  const { txHash } =
    options.via === "tournaments"
      ? await client.submitTournamentTransaction({ body })
      : await client.submitTransaction({ body });
  if (built.hash !== undefined && txHash !== built.hash)
    throw new Error(`signAndSubmit: the service answered ${txHash}, not the built transaction ${built.hash}`);
  if (!options.wait) return { txHash };
  const status = await waitFor(client, txHash, options.wait);
  return { txHash, status };
}

/** GET /transactions/{hash}/wait; throws unless the transaction reached the depth (rejected, or timed out). */
export async function waitFor(
  client: Client,
  txHash: string,
  { confirmations = 1, timeout = 60 }: { confirmations?: number; timeout?: number } = {},
) {
  const status = await client.waitForTransaction({ path: { txHash }, query: { confirmations, timeout } });
  if (status.status === "rejected")
    throw new Error(`transaction ${txHash} was rejected: ${status.reason ?? "no reason given"}`);
  if (status.timedOut)
    throw new Error(
      `transaction ${txHash} is ${status.status} after ${timeout} s, short of ${confirmations} confirmation(s)`,
    );
  return status;
}

/** The witness set (CBOR hex, CIP-30 signTx(tx, true) form) of one signer over `txCbor`. */
export async function witnessSet(txCbor: string, signer: Signer): Promise<string> {
  if (typeof signer === "object" && "signTx" in signer) return signer.signTx(txCbor, true);
  return keyWitnessSet(txCbor, cliKeyHex(signer));
}

/** A private key as the CBOR hex of a cardano-cli signing key: 5820 + 32 bytes. */
export function cliKeyHex(key: PrivateKey): string {
  const text = (typeof key === "string" ? key : key.cborHex).trim();
  if (/^ed25519_sk1/i.test(text)) {
    const { prefix, words } = bech32.decode(text as `${string}1${string}`, 1023);
    const bytes = bech32.fromWords(words);
    if (prefix !== "ed25519_sk" || bytes.length !== 32)
      throw new TypeError("a bech32 private key must be ed25519_sk1… holding 32 bytes");
    return `5820${Buffer.from(bytes).toString("hex")}`;
  }
  if (/^[0-9a-f]{64}$/i.test(text)) return `5820${text.toLowerCase()}`;
  if (/^5820[0-9a-f]{64}$/i.test(text)) return text.toLowerCase();
  throw new TypeError(
    "a private key must be ed25519_sk1… (bech32), 64 hex digits, or 5820 + 64 hex digits (a cardano-cli key's cborHex)",
  );
}

/** A private key that knows its enterprise address: a Signer like a CIP-30 wallet. */
export interface KeyWallet extends Cip30Signer {
  /** The key's enterprise address (addr_test1v… on the test networks and the devnet, addr1v… on mainnet). */
  readonly address: string;
}

/** A private key (any PrivateKey form) as a wallet: its enterprise address, and signTx. `networkId`: 0 for the devnet and test networks (default), 1 for mainnet. */
export async function keyWallet(key: PrivateKey, { networkId = 0 }: { networkId?: 0 | 1 } = {}): Promise<KeyWallet> {
  const wallet = await meshWallet(cliKeyHex(key), networkId);
  const address = wallet.getAddresses().enterpriseAddressBech32;
  if (!address) throw new Error("keyWallet: no enterprise address for this key");
  return { address, signTx: (txCbor) => wallet.signTx(txCbor, true, false) };
}

/** Signs with Mesh's wallet (the library the repo's walkthrough signer uses), loaded on first use. */
async function keyWitnessSet(txCbor: string, cborHex: string): Promise<string> {
  return (await meshWallet(cborHex, 0)).signTx(txCbor, true, false);
}

async function meshWallet(cborHex: string, networkId: 0 | 1) {
  const { MeshWallet } = await import("@meshsdk/wallet");
  const wallet = new MeshWallet({ networkId, key: { type: "cli", payment: cborHex } });
  await wallet.init();
  return wallet;
}
