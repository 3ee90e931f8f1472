// Stake pools, DReps and delegations for the delegation tests, made on whatever chain a test
// drives (a service over HTTP, or a chain port directly) with real certificates: transactions
// built by CSL's own builder (not the service's), signed by the funding wallet's payment and
// stake keys and by the operator's cold key or the DRep key. And the certificates of a built
// transaction, read back with CSL.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import CSL from "@emurgo/cardano-serialization-lib-nodejs";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../src/chain/protocol-params.js";
import { drepIdOf, poolIdOf } from "../../src/cardano/delegatees.js";
import { encodeUtxo } from "../../src/cardano/utxo.js";
import type { ChainPort } from "../../src/chain/port.js";
import type { RunningService } from "./service.js";
import { submitSigned } from "./transactions-api.js";
import { utxoStringsAt } from "./utxos.js";
import type { StakeWallet } from "./wallets.js";

/** Where the certificates go: UTxOs to pay with, and a submission. */
export interface CertificateChain {
  utxoStrings(address: string): Promise<string[]>;
  /** Submits a signed transaction whose id is `txHash`. */
  submit(signed: string, txHash: string): Promise<string>;
}

/** A service, over HTTP (POST /transactions/submit). */
export const viaService = (service: RunningService): CertificateChain => ({
  utxoStrings: (address) => utxoStringsAt(service, address),
  submit: (signed, txHash) => submitSigned(service, signed, txHash),
});

/** A chain port, directly. */
export const viaPort = (port: ChainPort): CertificateChain => ({
  utxoStrings: async (address) => (await port.utxosAt(address)).map(encodeUtxo),
  submit: (signed) => port.submit(signed),
});

const big = (n: number | string | bigint): CSL.BigNum => CSL.BigNum.from_str(String(n));

/**
 * CSL's builder with the chain's parameters (the devnet's, which the fakes' ledgers serve too),
 * its fee constant raised by 0.1 ADA: room for the signatures CSL does not count (cold key,
 * owner, DRep key). The ledger takes a fee above its minimum.
 */
function builder(): CSL.TransactionBuilder {
  const p = DEVNET_PROTOCOL_PARAMETERS;
  const price = (value: number) => CSL.UnitInterval.new(big(Math.round(value * 1e8)), big(1e8));
  const config = CSL.TransactionBuilderConfigBuilder.new()
    .fee_algo(CSL.LinearFee.new(big(p.minFeeA), big(p.minFeeB + 100_000)))
    .pool_deposit(big(p.poolDeposit))
    .key_deposit(big(p.keyDeposit))
    .max_value_size(Number(p.maxValSize))
    .max_tx_size(Number(p.maxTxSize))
    .coins_per_utxo_byte(big(p.coinsPerUtxoSize))
    .ex_unit_prices(CSL.ExUnitPrices.new(price(Number(p.priceMem)), price(Number(p.priceStep))))
    .ref_script_coins_per_byte(CSL.UnitInterval.new(big(p.minFeeRefScriptCostPerByte), big(1)))
    .build();
  return CSL.TransactionBuilder.new(config);
}

/** Builds with CSL a transaction carrying `certificates`, paid by `wallet`, signed by it and `extraKeys`; submits it. */
export async function submitCertificates(
  chain: CertificateChain,
  wallet: StakeWallet,
  list: readonly CSL.Certificate[],
  extraKeys: readonly CSL.PrivateKey[],
): Promise<string> {
  const tx = builder();
  const inputs = CSL.TxInputsBuilder.new();
  for (const hex of await chain.utxoStrings(wallet.address)) {
    const utxo = CSL.TransactionUnspentOutput.from_hex(hex);
    inputs.add_regular_utxo(utxo);
  }
  tx.set_inputs(inputs);
  const certificates = CSL.CertificatesBuilder.new();
  for (const certificate of list) certificates.add(certificate);
  tx.set_certs_builder(certificates);
  tx.add_change_if_needed(CSL.Address.from_bech32(wallet.address));
  const unsigned = CSL.FixedTransaction.new_from_body_bytes(tx.build().to_bytes());
  let signed = await wallet.sign(unsigned.to_hex());
  for (const key of extraKeys) {
    const fixed = CSL.FixedTransaction.from_hex(signed);
    fixed.sign_and_add_vkey_signature(key);
    signed = fixed.to_hex();
  }
  return chain.submit(signed, unsigned.transaction_hash().to_hex());
}

export interface RegisteredPool {
  /** The operator's key hash, hex. */
  readonly keyHash: string;
  /** pool1… */
  readonly id: string;
}

/**
 * Registers a stake pool operated by a fresh cold key, owned by `owner` (its reward account and
 * only owner), paying the pool deposit (500 ADA) and the minimum pool cost from `owner`'s UTxOs.
 */
export async function registerPool(chain: CertificateChain, owner: StakeWallet): Promise<RegisteredPool> {
  const { certificate, cold, pool } = poolRegistration(owner);
  await submitCertificates(chain, owner, [certificate], [cold]);
  return pool;
}

/** A pool registration certificate for a fresh cold key (which must sign it, as must `owner`'s stake key). */
export function poolRegistration(owner: StakeWallet): {
  certificate: CSL.Certificate;
  cold: CSL.PrivateKey;
  pool: RegisteredPool;
} {
  const cold = CSL.PrivateKey.generate_ed25519();
  const operator = cold.to_public().hash();
  const owners = CSL.Ed25519KeyHashes.new();
  owners.add(owner.stakeKey.to_public().hash());
  const params = CSL.PoolParams.new(
    operator,
    CSL.VRFKeyHash.from_bytes(randomBytes(32)),
    big(0),
    big(DEVNET_PROTOCOL_PARAMETERS.minPoolCost),
    CSL.UnitInterval.new(big(1), big(100)),
    CSL.RewardAddress.from_address(CSL.Address.from_bech32(owner.rewardAddress))!,
    owners,
    CSL.Relays.new(),
    undefined,
  );
  return {
    certificate: CSL.Certificate.new_pool_registration(CSL.PoolRegistration.new(params)),
    cold,
    pool: { keyHash: operator.to_hex(), id: poolIdOf(operator.to_hex()) },
  };
}

/** The devnet's DRep deposit as mainnet sets it (the emulator does not check the amount; the value conservation counts it). */
export const DREP_DEPOSIT = 500_000_000n;

/** Registers a key DRep (a fresh DRep key), the deposit paid by `wallet`; answers its CIP-129 id and key hash. */
export async function registerDRep(
  chain: CertificateChain,
  wallet: StakeWallet,
): Promise<{ id: string; keyHash: string }> {
  const key = CSL.PrivateKey.generate_ed25519();
  const hash = key.to_public().hash();
  const certificate = CSL.Certificate.new_drep_registration(
    CSL.DRepRegistration.new(CSL.Credential.from_keyhash(hash), big(DREP_DEPOSIT)),
  );
  await submitCertificates(chain, wallet, [certificate], [key]);
  return { id: drepIdOf({ kind: "key", hash: hash.to_hex() }), keyHash: hash.to_hex() };
}

/**
 * Registers `wallet`'s stake credential (a Conway reg_cert with the deposit `keyDeposit`) and
 * delegates it to `to.pool` (key hash) and its vote to `to.drep` (a CSL DRep), when given, in one
 * transaction CSL built.
 */
export async function delegateWithCsl(
  chain: CertificateChain,
  wallet: StakeWallet,
  keyDeposit: number | bigint,
  to: { pool?: string; drep?: CSL.DRep },
): Promise<string> {
  const credential = CSL.Credential.from_keyhash(wallet.stakeKey.to_public().hash());
  const list = [
    CSL.Certificate.new_stake_registration(
      CSL.StakeRegistration.new_with_explicit_deposit(credential, big(keyDeposit)),
    ),
  ];
  if (to.pool)
    list.push(
      CSL.Certificate.new_stake_delegation(CSL.StakeDelegation.new(credential, CSL.Ed25519KeyHash.from_hex(to.pool))),
    );
  if (to.drep) list.push(CSL.Certificate.new_vote_delegation(CSL.VoteDelegation.new(credential, to.drep)));
  return submitCertificates(chain, wallet, list, []);
}

/** Deregisters `wallet`'s stake credential (a Conway unreg_cert), the deposit `keyDeposit` refunded. */
export async function deregisterWithCsl(
  chain: CertificateChain,
  wallet: StakeWallet,
  keyDeposit: number | bigint,
): Promise<string> {
  const credential = CSL.Credential.from_keyhash(wallet.stakeKey.to_public().hash());
  return submitCertificates(
    chain,
    wallet,
    [
      CSL.Certificate.new_stake_deregistration(
        CSL.StakeDeregistration.new_with_explicit_refund(credential, big(keyDeposit)),
      ),
    ],
    [],
  );
}

/** A certificate of a transaction as the assertions compare them (read by CSL). */
export type CertificateView =
  | { kind: "reg"; stake: string; deposit: string | null }
  | { kind: "pool"; stake: string; pool: string }
  | { kind: "drep"; stake: string; drep: string }
  | { kind: "other"; cbor: string };

/** The certificates of `complete`, in order. */
export function certificatesOf(complete: string): CertificateView[] {
  const certs = CSL.Transaction.from_hex(complete).body().certs();
  const views: CertificateView[] = [];
  for (let i = 0; i < (certs?.len() ?? 0); i++) {
    const cert = certs!.get(i);
    const registration = cert.as_stake_registration();
    const delegation = cert.as_stake_delegation();
    const vote = cert.as_vote_delegation();
    if (registration)
      views.push({
        kind: "reg",
        stake: registration.stake_credential().to_keyhash()!.to_hex(),
        deposit: registration.coin()?.to_str() ?? null,
      });
    else if (delegation)
      views.push({
        kind: "pool",
        stake: delegation.stake_credential().to_keyhash()!.to_hex(),
        pool: delegation.pool_keyhash().to_hex(),
      });
    else if (vote) {
      const drep = vote.drep();
      const hash = drep.to_key_hash()?.to_hex() ?? drep.to_script_hash()?.to_hex();
      const name =
        drep.kind() === CSL.DRepKind.AlwaysAbstain
          ? "always-abstain"
          : drep.kind() === CSL.DRepKind.AlwaysNoConfidence
            ? "always-no-confidence"
            : `${drep.kind() === CSL.DRepKind.KeyHash ? "key" : "script"}:${hash}`;
      views.push({ kind: "drep", stake: vote.stake_credential().to_keyhash()!.to_hex(), drep: name });
    } else views.push({ kind: "other", cbor: cert.to_hex() });
  }
  return views;
}

/** The service's own chain port's reading of an account (the devnet, or the backend's adapter over its fake). */
export async function accountOf(service: RunningService, rewardAddress: string) {
  const account = await service.app.chain.stakeAccount(rewardAddress);
  assert.ok(account, "the port answers");
  return account;
}
