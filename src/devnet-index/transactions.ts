// Blockfrost's /txs/{hash} and /txs/{hash}/redeemers of an accepted transaction, read from its
// CBOR: the counts, totals and validity of its content, and each redeemer with the script it runs
// and its fee at the devnet's prices. And what the read model's index (./read-index.ts) reads of
// a transaction: a summary of its inputs and outputs by our own reader (readTx), what it mints with
// the CIP-25 metadata it gives (mintsOf), the scripts it carries (scriptRecordOf), its metadata as
// Blockfrost's JSON (metadatumJson). All through our transaction view (src/cardano/tx-view.ts).
import type { UTxO } from "../cardano/types.js";
import { addressInfo } from "../cardano/addresses.js";
import { CborReader, Major } from "../cardano/cbor.js";
import { blake2b256, toHex } from "../cardano/tx-cbor.js";
import {
  metadataEntries,
  outputValue,
  readMetadatum,
  type Metadatum,
  type ScriptView,
  type TransactionView,
} from "../cardano/tx-view.js";
import { utxoOfOutput } from "../cardano/utxo.js";
import type { OutRef, RedeemerBudget } from "../chain/port.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../chain/protocol-params.js";
import { blockHashOf } from "./blocks.js";
import type { ScriptRecord, TxEntry } from "./history.js";

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
  tx: TransactionView,
  size: number,
  blockTime: number,
  spentLovelace: bigint,
): Record<string, unknown> {
  const { body } = tx;
  const totals = new Map<string, bigint>([["lovelace", 0n]]);
  for (const o of body.outputs) {
    const value = outputValue(o);
    totals.set("lovelace", (totals.get("lovelace") ?? 0n) + value.coin);
    for (const { unit, quantity } of value.assets) totals.set(unit, (totals.get(unit) ?? 0n) + quantity);
  }
  const kinds = body.certificateKinds;
  const count = (...k: number[]) => kinds.filter((x) => k.includes(x)).length;
  const start = body.validityStart;
  const ttl = body.ttl;
  const withdrawn = body.withdrawals.reduce((sum, w) => sum + w.amount, 0n);
  const deposit = tx.isValid
    ? spentLovelace + withdrawn - (totals.get("lovelace") ?? 0n) - body.fee - (body.donation ?? 0n)
    : 0n;
  return {
    hash: entry.hash,
    block: blockHashOf(entry.slot),
    block_height: entry.slot,
    block_time: blockTime,
    slot: entry.slot,
    index: entry.blockIndex,
    output_amount: [...totals].map(([unit, quantity]) => ({ unit, quantity: quantity.toString() })),
    fees: body.fee.toString(),
    deposit: deposit.toString(),
    size,
    invalid_before: start === undefined ? null : String(start),
    invalid_hereafter: ttl === undefined ? null : String(ttl),
    utxo_count: body.inputs.length + body.outputs.length,
    withdrawal_count: new Set(body.withdrawals.map((w) => w.rewardAccount)).size,
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
    asset_mint_or_burn_count: body.mint.length,
    redeemer_count: tx.witnessSet.redeemers.length,
    valid_contract: tx.isValid,
    treasury_donation: (body.donation ?? 0n).toString(),
  };
}

/** /txs/{hash}/redeemers; `spentAddressOf` tells the address of an input it spent (a spend redeemer's script is that address's). */
export async function txRedeemers(
  tx: TransactionView,
  spentAddressOf: (ref: OutRef) => Promise<string>,
): Promise<Array<Record<string, unknown>>> {
  const p = DEVNET_PROTOCOL_PARAMETERS;
  const sortedInputs = [...tx.body.inputs].sort((a, b) =>
    a.txHash < b.txHash ? -1 : a.txHash > b.txHash ? 1 : a.index - b.index,
  );
  const policies = [...new Set(tx.body.mint.map((m) => m.unit.slice(0, 56)))].sort();
  const spentAddresses = await Promise.all(sortedInputs.map(spentAddressOf));
  return tx.witnessSet.redeemers.map((r) => {
    const tag = TAGS[r.tag] ?? "SPEND";
    const index = r.index;
    let scriptHash: string | null = null;
    if (tag === "SPEND") {
      const address = spentAddresses[index];
      const payment = address ? addressInfo(address, "address").payment : undefined;
      scriptHash = payment?.isScript ? payment.hash : null;
    } else if (tag === "MINT") scriptHash = policies[index] ?? null;
    const dataHash = blake2b256(r.data);
    const mem = Number(r.mem);
    const steps = Number(r.steps);
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

/** A script as the index keeps it (its language and the bytes the ledger holds after the tag). */
export function scriptRecordOf(script: ScriptView): ScriptRecord {
  const type = script.language === "native" ? "timelock" : (`plutus${script.language}` as const);
  return { type, cbor: toHex(script.bytes) };
}

/** What a transaction mints or burns, each unit with the CIP-25 metadata it gives a mint (null for a burn). */
export function mintsOf(tx: TransactionView): Array<{ unit: string; quantity: bigint; metadata: unknown }> {
  if (tx.body.mint.length === 0) return [];
  const cip25 = cip25Of(tx);
  return tx.body.mint.map(({ unit, quantity }) => ({
    unit,
    quantity,
    metadata: quantity > 0n ? metadataFor(cip25, unit.slice(0, 56), unit.slice(56)) : null,
  }));
}

/** The transaction's metadata under label 721 (CIP-25) as JSON, or null. */
function cip25Of(tx: TransactionView): Record<string, unknown> | null {
  if (tx.auxiliaryData === undefined) return null;
  const label = metadataEntries(tx.auxiliaryData).findLast((e) => e.label === 721n);
  if (!label) return null;
  const json = metadatumJson(readMetadatum(label.value));
  return json !== null && typeof json === "object" && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
}

/** A CIP-25 entry: metadata[policy][name], the name as text (version 1) or hex (version 2). */
function metadataFor(cip25: Record<string, unknown> | null, policy: string, nameHex: string): unknown {
  if (!cip25) return null;
  const byPolicy = cip25[policy] as Record<string, unknown> | undefined;
  if (!byPolicy || typeof byPolicy !== "object") return null;
  const text = Buffer.from(nameHex, "hex").toString("utf8");
  return byPolicy[text] ?? byPolicy[nameHex] ?? null;
}

/** A transaction metadatum as JSON (Blockfrost's json_metadata): maps as objects (keys as text), bytes as hex. */
export function metadatumJson(value: Metadatum): unknown {
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string") return value;
  if (value instanceof Uint8Array) return toHex(value);
  if (Array.isArray(value)) return value.map(metadatumJson);
  const out: Record<string, unknown> = {};
  for (const [k, v] of value) {
    const key = metadatumJson(k);
    out[typeof key === "string" ? key : JSON.stringify(key)] = metadatumJson(v);
  }
  return out;
}

/** What the index reads of a transaction's CBOR, read with the project's own reader. */
export interface TxSummary {
  /** False when the transaction is marked invalid (is_valid false): it spends its collateral and makes only its collateral return. */
  readonly valid: boolean;
  readonly inputs: readonly OutRef[];
  readonly collateral: readonly OutRef[];
  /** Whether it mints or carries scripts in its witness set (then the whole transaction is read). */
  readonly hasScriptsOrMint: boolean;
  /** The end of its validity interval (body key 3: the first slot it is no longer valid at), null without one. */
  readonly invalidHereafter: number | null;
  /** The outputs the ledger made of it. */
  outputs(txHash: string): UTxO[];
}

/** The body keys and witness-set keys read here (CDDL of the Conway transaction). */
const BODY = { inputs: 0, outputs: 1, ttl: 3, mint: 9, collateral: 13, collateralReturn: 16 } as const;
const SCRIPT_WITNESSES = new Set([1, 3, 6, 7]);

function mapOf(bytes: Uint8Array): Map<number, Uint8Array> {
  const reader = new CborReader(bytes);
  const map = new Map<number, Uint8Array>();
  reader.each(reader.mapLength(), () => {
    const key = reader.smallUint();
    map.set(key, reader.raw());
  });
  return map;
}

function refsOf(set: Uint8Array | undefined): OutRef[] {
  if (!set) return [];
  const reader = new CborReader(set);
  if (reader.peekMajor() === Major.Tag) reader.tag();
  const refs: OutRef[] = [];
  reader.each(reader.arrayLength(), () => {
    const length = reader.arrayLength();
    refs.push({ txHash: toHex(reader.bytesValue()), index: Number(reader.uint()) });
    if (length === null) reader.readBreak();
  });
  return refs;
}

export function readTx(bytes: Uint8Array): TxSummary {
  const reader = new CborReader(bytes);
  const items: Uint8Array[] = [];
  reader.each(reader.arrayLength(), () => items.push(reader.raw()));
  const [bodyBytes, witnessBytes, validity] = items;
  if (!bodyBytes || !witnessBytes) throw new Error("an accepted transaction is not [body, witnesses, …]");
  const body = mapOf(bodyBytes);
  const valid = !(validity?.length === 1 && validity[0] === 0xf4);
  const witnessKeys = [...mapOf(witnessBytes).keys()];
  const ttl = body.get(BODY.ttl);
  return {
    valid,
    inputs: refsOf(body.get(BODY.inputs)),
    collateral: refsOf(body.get(BODY.collateral)),
    hasScriptsOrMint: body.has(BODY.mint) || witnessKeys.some((k) => SCRIPT_WITNESSES.has(k)),
    invalidHereafter: ttl === undefined ? null : Number(new CborReader(ttl).uint()),
    outputs(txHash) {
      const raw: Uint8Array[] = [];
      const list = body.get(BODY.outputs);
      if (list) {
        const r = new CborReader(list);
        r.each(r.arrayLength(), () => raw.push(r.raw()));
      }
      if (valid) return raw.map((o, index) => utxoOfOutput(txHash, index, o));
      const ret = body.get(BODY.collateralReturn);
      return ret ? [utxoOfOutput(txHash, raw.length, ret)] : [];
    },
  };
}
