// Client-side keys for tests, and their funding. Each signs as a user's wallet would (CIP-30
// signTx); the service never sees these keys, it only receives what they signed.
// - newEnterpriseWallet: a fresh payment key (enterprise address), for the port-level tests and
//   the tournaments; newBaseWallet: fresh payment and stake keys (base address; the payment key
//   signs, as a CIP-30 wallet signs a payment), for the build tests; newCslKey: a key held with
//   CSL, as the hosted API's published examples do; newStakeWallet: CSL payment and stake keys
//   that both sign, for the delegations.
// - The first two sign with src/cardano/sign.ts (Node's Ed25519), not with a wallet library: loading
//   MeshWallet cost each test process about 2 s of CPU, and its signing was slow. The cross-checks
//   of our signer against Mesh's are in test/cardano/sign.test.ts.
// - fund pays from the devnet faucet over HTTP; fundedWallet gives a fresh key already funded (by
//   that faucet, or by whatever funds an end-to-end target or a stand-in devnet) that reads its
//   own UTxOs back through the service.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import type { Protocol, UTxO } from "@meshsdk/common";
import type { MeshTxBuilder } from "@meshsdk/core";
import { shelleyAddress } from "../../src/cardano/credential-address.js";
import { SigningKey, signTransaction } from "../../src/cardano/sign.js";
import { fromHex, joinTransaction, splitTransaction, toHex } from "../../src/cardano/tx-cbor.js";
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

/** An empty witness set (a CBOR map of no entries). */
const NO_WITNESSES = Uint8Array.of(0xa0);

/** A wallet of one payment key at `address`: its witness set holds that key's vkey witness alone, in a Conway set (tag 258). */
function walletOf(key: SigningKey, address: string): TestWallet {
  return {
    address,
    keyHash: key.keyHash,
    witnessSet: (txHex) => {
      const unwitnessed = { ...splitTransaction(fromHex(txHex)), witnessSet: NO_WITNESSES };
      return Promise.resolve(toHex(splitTransaction(signTransaction(joinTransaction(unwitnessed), key)).witnessSet));
    },
    sign: (txHex) => Promise.resolve(toHex(signTransaction(fromHex(txHex), key))),
  };
}

const freshKey = (): SigningKey => new SigningKey(new Uint8Array(randomBytes(32)));

/** A fresh payment key (cardano-cli form); its address is the enterprise address. */
export function newEnterpriseWallet(networkId: 0 | 1 = 0): Promise<TestWallet> {
  const key = freshKey();
  return Promise.resolve(walletOf(key, key.enterpriseAddress(networkId)));
}

/** Fresh testnet payment and stake keys; the address is their base address, and the payment key signs. */
export function newBaseWallet(): Promise<TestWallet> {
  const key = freshKey();
  const stake = freshKey();
  const address = shelleyAddress({ hash: key.keyHash, isScript: false }, { hash: stake.keyHash, isScript: false }, 0);
  return Promise.resolve(walletOf(key, address));
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
  // Loaded here, not at the top: only the files that build with Mesh pay for loading it.
  const { MeshTxBuilder } = await import("@meshsdk/core");
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
