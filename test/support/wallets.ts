// Client-side keys for tests, and their funding. Each signs as a user's wallet would (CIP-30
// signTx); the service never sees these keys, it only receives what they signed.
// - newEnterpriseWallet: a fresh payment key (enterprise address), for the port-level tests and
//   the tournaments; newBaseWallet: a fresh mnemonic (base address, with a stake key), for the
//   build tests; newCslKey: a key held with CSL, as the hosted API's published examples do;
//   newStakeWallet: CSL payment and stake keys that both sign, for the delegations.
// - fund pays from the devnet faucet over HTTP; fundedWallet gives a fresh key already funded (by
//   that faucet, or by whatever funds an end-to-end target or a stand-in devnet) that reads its
//   own UTxOs back through the service.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import type { Protocol, UTxO } from "@meshsdk/common";
import { MeshTxBuilder } from "@meshsdk/core";
import { resolvePaymentKeyHash } from "@meshsdk/core-cst";
import { MeshWallet } from "@meshsdk/wallet";
import type { RunningService } from "./service.js";
import { policyIdOf } from "./tx-decode.js";
import { utxoStringsAt } from "./utxos.js";

export interface TestWallet {
  readonly address: string;
  readonly keyHash: string;
  /** CIP-30 signTx(tx, partialSign = true): the witness set alone, CBOR hex. */
  witnessSet(txHex: string): Promise<string>;
  /** The whole signed transaction. */
  sign(txHex: string): Promise<string>;
}

function walletOf(wallet: MeshWallet, address: string): TestWallet {
  return {
    address,
    keyHash: resolvePaymentKeyHash(address),
    witnessSet: (txHex) => wallet.signTx(txHex, true, false),
    sign: (txHex) => wallet.signTx(txHex, true, true),
  };
}

/** A fresh payment key (cardano-cli form); its address is the enterprise address. */
export async function newEnterpriseWallet(networkId: 0 | 1 = 0): Promise<TestWallet> {
  const wallet = new MeshWallet({ networkId, key: { type: "cli", payment: `5820${randomBytes(32).toString("hex")}` } });
  await wallet.init();
  const address = wallet.getAddresses().enterpriseAddressBech32;
  if (!address) throw new Error("no enterprise address");
  return walletOf(wallet, address);
}

/** A fresh testnet mnemonic; its address is the wallet's change address, a base address. */
export async function newBaseWallet(): Promise<TestWallet> {
  const wallet = new MeshWallet({ networkId: 0, key: { type: "mnemonic", words: MeshWallet.brew() as string[] } });
  await wallet.init();
  return walletOf(wallet, await wallet.getChangeAddress());
}

/** A key held with CSL, as the hosted API's examples do: enterprise testnet address, FixedTransaction signing. */
export interface CslKey {
  readonly address: string;
  readonly keyHash: string;
  /** Adds this key's vkey witness to `txHex` (the body stays byte for byte the same). */
  signTx(txHex: string): string;
}

export function newCslKey(): CslKey {
  const key = CSL.PrivateKey.generate_ed25519();
  const hash = key.to_public().hash();
  const address = CSL.EnterpriseAddress.new(0, CSL.Credential.from_keyhash(hash)).to_address().to_bech32(undefined);
  return {
    address,
    keyHash: hash.to_hex(),
    signTx(txHex) {
      const tx = CSL.FixedTransaction.from_hex(txHex);
      tx.sign_and_add_vkey_signature(key);
      return tx.to_hex();
    },
  };
}

/** A CSL account with a payment key and a stake key: a base address whose stake credential delegates. */
export interface StakeWallet extends TestWallet {
  /** The account's reward address (stake_test1…). */
  readonly rewardAddress: string;
  readonly stakeKeyHash: string;
  /** The same account signing with its payment key alone (a wallet that leaves the stake key out). */
  readonly paymentOnly: TestWallet;
  /** The stake signing key (a pool registration names it as owner, and needs its signature). */
  readonly stakeKey: CSL.PrivateKey;
}

/** The witness set (CBOR hex) of `keys` over the body of `txHex`, as CIP-30 signTx(tx, true) returns it. */
function witnessSetOf(txHex: string, keys: readonly CSL.PrivateKey[]): string {
  const hash = CSL.FixedTransaction.from_hex(txHex).transaction_hash();
  const vkeys = CSL.Vkeywitnesses.new();
  for (const key of keys) vkeys.add(CSL.make_vkey_witness(hash, key));
  const set = CSL.TransactionWitnessSet.new();
  set.set_vkeys(vkeys);
  return set.to_hex();
}

function cslWallet(address: string, keyHash: string, keys: readonly CSL.PrivateKey[]): TestWallet {
  return {
    address,
    keyHash,
    witnessSet: async (txHex) => witnessSetOf(txHex, keys),
    sign: async (txHex) => {
      const tx = CSL.FixedTransaction.from_hex(txHex);
      for (const key of keys) tx.sign_and_add_vkey_signature(key);
      return tx.to_hex();
    },
  };
}

/** A fresh testnet account with CSL keys: `witnessSet` and `sign` use the payment and the stake key, as a CIP-30 wallet signs a delegation. */
export function newStakeWallet(): StakeWallet {
  const payment = CSL.PrivateKey.generate_ed25519();
  const stakeKey = CSL.PrivateKey.generate_ed25519();
  const stakeCredential = CSL.Credential.from_keyhash(stakeKey.to_public().hash());
  const address = CSL.BaseAddress.new(0, CSL.Credential.from_keyhash(payment.to_public().hash()), stakeCredential)
    .to_address()
    .to_bech32(undefined);
  const keyHash = payment.to_public().hash().to_hex();
  return {
    ...cslWallet(address, keyHash, [payment, stakeKey]),
    rewardAddress: CSL.RewardAddress.new(0, stakeCredential).to_address().to_bech32(undefined),
    stakeKeyHash: stakeKey.to_public().hash().to_hex(),
    paymentOnly: cslWallet(address, keyHash, [payment]),
    stakeKey,
  };
}

/** An unsigned payment of `lovelace` to `to`, paid from `utxos`, change back to `from`. */
export async function buildPayment(
  params: Protocol,
  from: string,
  utxos: readonly UTxO[],
  to: string,
  lovelace: bigint,
  tweak: (builder: MeshTxBuilder) => MeshTxBuilder = (b) => b,
): Promise<string> {
  const builder = tweak(new MeshTxBuilder({ params }));
  return builder
    .txOut(to, [{ unit: "lovelace", quantity: lovelace.toString() }])
    .changeAddress(from)
    .selectUtxosFrom([...utxos])
    .complete();
}

/** Sends `lovelace` from the devnet faucet; resolves once the payment is on chain. */
export async function fund(service: RunningService, address: string, lovelace: number): Promise<string> {
  const response = await service.request<"fundDevnetAddress">("POST", "/devnet/faucet", { address, lovelace });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.txHash as string;
}

/** A wallet that reads its own UTxOs (CBOR hex strings, as requests take them) through the service. */
export interface Funded extends TestWallet {
  utxos(): Promise<string[]>;
}

/** A service and what funds wallets on its chain, where that is not its devnet faucet (an end-to-end target, a stand-in devnet). */
export interface Funder {
  readonly service: RunningService;
  fund(address: string, lovelace: number | bigint): Promise<unknown>;
}

/** A fresh key funded with `lovelace`: by the devnet faucet of a service, or by a funder's own `fund`. */
export async function fundedWallet(from: RunningService | Funder, lovelace: number): Promise<Funded> {
  const w = await newEnterpriseWallet();
  const service = "service" in from ? from.service : from;
  await ("service" in from ? from.fund(w.address, lovelace) : fund(service, w.address, lovelace));
  return { ...w, utxos: () => utxoStringsAt(service, w.address) };
}

/**
 * A minting policy only `wallet`'s key satisfies: the native script `all [sig keyHash]` (the JSON
 * form builds take), its policy id (computed by CSL) and the preloaded script a build names it by.
 */
export function signaturePolicy(wallet: Pick<TestWallet, "keyHash">) {
  const script = { type: "all", scripts: [{ type: "sig", keyHash: wallet.keyHash }] };
  const policyId = policyIdOf(wallet.keyHash);
  return { script, policyId, preloaded: { type: "simple", script, hash: policyId } };
}
