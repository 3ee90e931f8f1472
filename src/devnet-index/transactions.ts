// Blockfrost's /txs/{hash} and /txs/{hash}/redeemers of an accepted transaction, read from its
// CBOR: the counts, totals and validity of its content, and each redeemer with the script it runs
// and its fee at the devnet's prices.
import { Serialization, TxCBOR } from "@meshsdk/core-cst";
import { addressInfo } from "../cardano/addresses.js";
import { blake2b256, fromHex } from "../cardano/tx-cbor.js";
import type { OutRef, RedeemerBudget } from "../chain/port.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../chain/protocol-params.js";
import { blockHashOf } from "./blocks.js";
import type { TxEntry } from "./history.js";

/** The certificate kinds (CBOR tags of the ledger's certificate), as cardano-sdk numbers them. */
const CertificateKind = {
  StakeRegistration: 0,
  StakeDeregistration: 1,
  StakeDelegation: 2,
  PoolRegistration: 3,
  PoolRetirement: 4,
  MoveInstantaneousRewards: 6,
  Registration: 7,
  Unregistration: 8,
  StakeVoteDelegation: 10,
  StakeRegistrationDelegation: 11,
  VoteRegistrationDelegation: 12,
  StakeVoteRegistrationDelegation: 13,
} as const;

const TAGS: readonly RedeemerBudget["tag"][] = ["SPEND", "MINT", "CERT", "REWARD", "VOTE", "PROPOSE"];
const PURPOSES: Record<RedeemerBudget["tag"], string> = {
  SPEND: "spend",
  MINT: "mint",
  CERT: "cert",
  REWARD: "reward",
  VOTE: "vote",
  PROPOSE: "propose",
};

/**
 * /txs/{hash}: the transaction `cbor` (hex) accepted as `entry`, its block made at `blockTime`
 * (Unix seconds); `spentLovelace` is what its inputs held (its deposit is what the value
 * equation leaves: inputs + withdrawals - outputs - fee - donation; negative for a refund).
 */
export function txContent(
  entry: TxEntry,
  cbor: string,
  blockTime: number,
  spentLovelace: bigint,
): Record<string, unknown> {
  const tx = Serialization.Transaction.fromCbor(TxCBOR(cbor));
  const body = tx.body();
  const totals = new Map<string, bigint>([["lovelace", 0n]]);
  for (const o of body.outputs()) {
    totals.set("lovelace", (totals.get("lovelace") ?? 0n) + o.amount().coin());
    for (const [unit, q] of o.amount().multiasset() ?? new Map()) totals.set(unit, (totals.get(unit) ?? 0n) + q);
  }
  const certs = body.certs()?.values() ?? [];
  const kinds = certs.map((c) => c.kind());
  const count = (...k: number[]) => kinds.filter((x) => k.includes(x)).length;
  const start = body.validityStartInterval();
  const ttl = body.ttl();
  const withdrawn = [...(body.withdrawals() ?? new Map<string, bigint>()).values()].reduce((a, b) => a + b, 0n);
  const deposit = tx.isValid()
    ? spentLovelace + withdrawn - (totals.get("lovelace") ?? 0n) - body.fee() - (body.donation() ?? 0n)
    : 0n;
  return {
    hash: entry.hash,
    block: blockHashOf(entry.slot),
    block_height: entry.slot,
    block_time: blockTime,
    slot: entry.slot,
    index: entry.blockIndex,
    output_amount: [...totals].map(([unit, quantity]) => ({ unit, quantity: quantity.toString() })),
    fees: body.fee().toString(),
    deposit: deposit.toString(),
    size: cbor.length / 2,
    invalid_before: start === undefined ? null : String(start),
    invalid_hereafter: ttl === undefined ? null : String(ttl),
    utxo_count: body.inputs().size() + body.outputs().length,
    withdrawal_count: body.withdrawals()?.size ?? 0,
    mir_cert_count: count(CertificateKind.MoveInstantaneousRewards),
    delegation_count: count(
      CertificateKind.StakeDelegation,
      CertificateKind.StakeVoteDelegation,
      CertificateKind.StakeRegistrationDelegation,
      CertificateKind.StakeVoteRegistrationDelegation,
    ),
    stake_cert_count: count(
      CertificateKind.StakeRegistration,
      CertificateKind.StakeDeregistration,
      CertificateKind.Registration,
      CertificateKind.Unregistration,
      CertificateKind.StakeRegistrationDelegation,
      CertificateKind.VoteRegistrationDelegation,
      CertificateKind.StakeVoteRegistrationDelegation,
    ),
    pool_update_count: count(CertificateKind.PoolRegistration),
    pool_retire_count: count(CertificateKind.PoolRetirement),
    asset_mint_or_burn_count: body.mint()?.size ?? 0,
    redeemer_count: tx.witnessSet().redeemers()?.size() ?? 0,
    valid_contract: tx.isValid(),
    treasury_donation: (body.donation() ?? 0n).toString(),
  };
}

/** /txs/{hash}/redeemers; `spentAddressOf` tells the address of an input it spent (a spend redeemer's script is that address's). */
export async function txRedeemers(
  cbor: string,
  spentAddressOf: (ref: OutRef) => Promise<string>,
): Promise<Array<Record<string, unknown>>> {
  const tx = Serialization.Transaction.fromCbor(TxCBOR(cbor));
  const redeemers = tx.witnessSet().redeemers()?.values() ?? [];
  const p = DEVNET_PROTOCOL_PARAMETERS;
  const sortedInputs = tx
    .body()
    .inputs()
    .values()
    .map((i) => ({ txHash: i.transactionId().toString(), index: Number(i.index()) }))
    .sort((a, b) => (a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : a.index - b.index));
  const policies = [...new Set([...(tx.body().mint()?.keys() ?? [])].map((u) => u.toString().slice(0, 56)))].sort();
  const spentAddresses = await Promise.all(sortedInputs.map(spentAddressOf));
  return redeemers.map((r) => {
    const tag = TAGS[r.tag()] ?? "SPEND";
    const index = Number(r.index());
    let scriptHash: string | null = null;
    if (tag === "SPEND") {
      const address = spentAddresses[index];
      const payment = address ? addressInfo(address, "address").payment : undefined;
      scriptHash = payment?.isScript ? payment.hash : null;
    } else if (tag === "MINT") scriptHash = policies[index] ?? null;
    const data = r.data().toCbor().toString();
    const dataHash = blake2b256(fromHex(data));
    const mem = Number(r.exUnits().mem());
    const steps = Number(r.exUnits().steps());
    return {
      tx_index: index,
      purpose: PURPOSES[tag],
      script_hash: scriptHash,
      redeemer_data_hash: dataHash,
      datum_hash: dataHash,
      unit_mem: String(mem),
      unit_steps: String(steps),
      fee: String(Math.ceil(p.priceMem * mem + p.priceStep * steps)),
    };
  });
}
