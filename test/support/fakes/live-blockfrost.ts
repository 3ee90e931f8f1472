// The fake Blockfrost's live mode: its endpoints answered from a LiveLedger, in the shapes of the
// recorded examples (test/fixtures/blockfrost, which stay the reference: a recorded answer is
// the template, and every field the ledger knows is replaced by the ledger's value). The answers
// are checked against @blockfrost/openapi by test/chain/real-networks/live-answers.test.ts.
import type { UTxO } from "@meshsdk/common";
import { Serialization, TxCBOR } from "@meshsdk/core-cst";
import { addressCredentials } from "../../../src/cardano/addresses.js";
import { drepIdOf, poolIdOf } from "../../../src/cardano/delegatees.js";
import { blake2b256, fromHex } from "../../../src/cardano/tx-cbor.js";
import { DEVNET_PROTOCOL_PARAMETERS } from "../../../src/chain/protocol-params.js";
import { amountOf as blockfrostAmount } from "../../../src/devnet-index/blockfrost.js";
import { additionalUtxos } from "../../../src/devnet-index/evaluation.js";
import { parametersAnswer } from "../../../src/devnet-index/parameters.js";
import { paymentScriptHash } from "../../../src/chain/shared/asset-output.js";
import { scriptOfRef, wrapByteString } from "../../../src/chain/shared/script-ref.js";
import { fixture } from "./server.js";
import { evaluationAnswer } from "./live-ogmios-kupo.js";
import {
  epochOfSlot,
  holdsUnit,
  ledgerReason,
  scriptHashOf,
  type LiveLedger,
  type RedeemerRecord,
  type TxRecord,
} from "./live-ledger.js";

export interface LiveAnswer {
  readonly status: number;
  readonly body: string;
}

const json = (status: number, value: unknown): LiveAnswer => ({ status, body: JSON.stringify(value) });
const error = (status: number, message: string): LiveAnswer =>
  json(status, { status_code: status, error: status === 404 ? "Not Found" : "Bad Request", message });
const notFound = (): LiveAnswer => error(404, "The requested component has not been found.");

/** Mesh's amounts in Blockfrost's order: lovelace first (the devnet's own Blockfrost-compatible reading). */
const amountOf = (utxo: UTxO) => blockfrostAmount(utxo.output.amount);

/** Blockfrost's three datum / script fields of an output. */
function datumFields(utxo: UTxO) {
  return {
    data_hash: utxo.output.dataHash ?? null,
    inline_datum: utxo.output.plutusData ?? null,
    reference_script_hash: scriptHashOf(utxo),
  };
}

async function addressUtxos(ledger: LiveLedger, address: string, url: URL): Promise<LiveAnswer> {
  const utxos = await ledger.devnet.utxosAt(address);
  if (utxos.length === 0 && !ledger.hasSeen(address)) return notFound();
  const count = Math.min(100, Math.max(1, Number(url.searchParams.get("count") ?? "100")));
  const page = Math.max(1, Number(url.searchParams.get("page") ?? "1"));
  const sorted = [...utxos].sort(
    (a, b) =>
      slotOf(ledger, a) - slotOf(ledger, b) ||
      a.input.txHash.localeCompare(b.input.txHash) ||
      a.input.outputIndex - b.input.outputIndex,
  );
  return json(
    200,
    sorted.slice((page - 1) * count, page * count).map((u) => ({
      address: u.output.address,
      tx_hash: u.input.txHash,
      tx_index: u.input.outputIndex,
      output_index: u.input.outputIndex,
      amount: amountOf(u),
      block: ledger.blockHash(slotOf(ledger, u)),
      ...datumFields(u),
    })),
  );
}

/** The slot an output was made in (genesis outputs: the first Shelley slot the ledger knows, 0 for none). */
const slotOf = (ledger: LiveLedger, utxo: UTxO): number =>
  ledger.producer({ txHash: utxo.input.txHash, index: utxo.input.outputIndex })?.slot ?? 0;

function txUtxos(record: TxRecord): LiveAnswer {
  return json(200, {
    hash: record.hash,
    inputs: record.inputs.map((u) => ({
      address: u.output.address,
      amount: amountOf(u),
      tx_hash: u.input.txHash,
      output_index: u.input.outputIndex,
      ...datumFields(u),
      collateral: false,
      reference: false,
    })),
    outputs: record.outputs.map((u) => ({
      address: u.output.address,
      amount: amountOf(u),
      output_index: u.input.outputIndex,
      ...datumFields(u),
      collateral: false,
      consumed_by_tx: record.spentBy.get(u.input.outputIndex)?.txHash ?? null,
    })),
  });
}

function txContent(ledger: LiveLedger, record: TxRecord): LiveAnswer {
  const totals = new Map<string, bigint>();
  for (const u of record.outputs)
    for (const { unit, quantity } of amountOf(u)) totals.set(unit, (totals.get(unit) ?? 0n) + BigInt(quantity));
  const template = fixture<Record<string, unknown>>("blockfrost/txs.json");
  return json(200, {
    ...template,
    hash: record.hash,
    block: ledger.blockHash(record.slot),
    block_height: record.slot,
    block_time: Math.floor(ledger.devnet.systemStartMs / 1000) + record.slot,
    slot: record.slot,
    index: 0,
    output_amount: [...totals].map(([unit, quantity]) => ({ unit, quantity: quantity.toString() })),
    fees: record.fee.toString(),
    deposit: "0",
    size: record.size,
    invalid_before: record.invalidBefore === undefined ? null : String(record.invalidBefore),
    invalid_hereafter: record.invalidHereafter === undefined ? null : String(record.invalidHereafter),
    utxo_count: record.inputs.length + record.outputs.length,
    withdrawal_count: 0,
    mir_cert_count: 0,
    delegation_count: 0,
    stake_cert_count: 0,
    pool_update_count: 0,
    pool_retire_count: 0,
    asset_mint_or_burn_count: 0,
    redeemer_count: record.redeemers,
    valid_contract: true,
    treasury_donation: "0",
  });
}

/**
 * /assets/{asset}/transactions: the transactions with an output holding the unit (Blockfrost
 * lists an asset's transactions by its outputs, so a burn is not among them), one per block here.
 */
function assetTransactions(ledger: LiveLedger, unit: string, url: URL): LiveAnswer {
  const listed = [...ledger.records()].filter((r) => r.outputs.some((u) => holdsUnit(u, unit)));
  if (listed.length === 0) return notFound();
  if (url.searchParams.get("order") === "desc") listed.reverse();
  const count = Math.min(100, Math.max(1, Number(url.searchParams.get("count") ?? "100")));
  const page = Math.max(1, Number(url.searchParams.get("page") ?? "1"));
  return json(
    200,
    listed.slice((page - 1) * count, page * count).map((r) => ({
      tx_hash: r.hash,
      tx_index: 0,
      block_height: r.slot,
      block_time: Math.floor(ledger.devnet.systemStartMs / 1000) + r.slot,
    })),
  );
}

const PURPOSES: Record<RedeemerRecord["tag"], string> = {
  SPEND: "spend",
  MINT: "mint",
  CERT: "cert",
  REWARD: "reward",
  VOTE: "vote",
  PROPOSE: "propose",
};

/** The script a redeemer runs: the spent input's payment script, or the minting policy. */
function scriptOfRedeemer(record: TxRecord, redeemer: RedeemerRecord): string {
  if (redeemer.tag === "SPEND") {
    const ref = record.sortedInputs[redeemer.index];
    const input = record.inputs.find((u) => u.input.txHash === ref?.txHash && u.input.outputIndex === ref?.index);
    const hash = input ? paymentScriptHash(input.output.address) : null;
    if (!hash) throw new Error(`spend redeemer ${redeemer.index} of ${record.hash} points at no script input`);
    return hash;
  }
  if (redeemer.tag === "MINT") {
    const mint = Serialization.Transaction.fromCbor(TxCBOR(record.cbor)).body().mint();
    const policies = [...new Set([...(mint?.keys() ?? [])].map((unit) => unit.toString().slice(0, 56)))].sort();
    const policy = policies[redeemer.index];
    if (!policy) throw new Error(`mint redeemer ${redeemer.index} of ${record.hash} points at no policy`);
    return policy;
  }
  throw new Error(`the live fake serves spend and mint redeemers only, not ${redeemer.tag}`);
}

/** /txs/{hash}/redeemers, fees at the ledger's prices. */
function txRedeemers(record: TxRecord): LiveAnswer {
  const p = DEVNET_PROTOCOL_PARAMETERS;
  return json(
    200,
    record.redeemerList.map((r) => {
      const dataHash = blake2b256(fromHex(r.data));
      return {
        tx_index: r.index,
        purpose: PURPOSES[r.tag],
        script_hash: scriptOfRedeemer(record, r),
        redeemer_data_hash: dataHash,
        datum_hash: dataHash,
        unit_mem: String(r.mem),
        unit_steps: String(r.steps),
        fee: String(Math.ceil(p.priceMem * r.mem + p.priceStep * r.steps)),
      };
    }),
  );
}

/** /scripts/datum/{hash}/cbor: a datum or redeemer the ledger saw (Blockfrost looks in both). */
function dataCbor(ledger: LiveLedger, hash: string): LiveAnswer {
  for (const record of ledger.records()) {
    for (const r of record.redeemerList) if (blake2b256(fromHex(r.data)) === hash) return json(200, { cbor: r.data });
    for (const u of record.outputs)
      if (u.output.plutusData !== undefined && blake2b256(fromHex(u.output.plutusData)) === hash)
        return json(200, { cbor: u.output.plutusData });
  }
  return notFound();
}

/** The block of `slot` (every slot of the ledger stands for one, its height the slot number), over the recorded one. */
function blockContent(ledger: LiveLedger, slot: number, tip: number): Record<string, unknown> {
  const epoch = epochOfSlot(slot);
  const txs = txsInSlot(ledger, slot);
  return {
    ...fixture<Record<string, unknown>>("blockfrost/blocks-latest.json"),
    time: Math.floor(ledger.devnet.systemStartMs / 1000) + slot,
    height: slot,
    hash: ledger.blockHash(slot),
    slot,
    epoch: epoch.epoch,
    epoch_slot: slot - epoch.startSlot,
    size: txs.reduce((sum, r) => sum + r.size, 0),
    tx_count: txs.length,
    output: null,
    fees: null,
    previous_block: ledger.blockHash(slot - 1),
    next_block: slot < tip ? ledger.blockHash(slot + 1) : null,
    confirmations: tip - slot,
  };
}

/** The transactions the ledger accepted in the block of `slot`, in order. */
const txsInSlot = (ledger: LiveLedger, slot: number): TxRecord[] =>
  [...ledger.records()].filter((r) => r.slot === slot);

/** The tip's block, sealed: a follower starts from it, and a transaction after must not join it (LiveLedger.readSealed). */
async function latestBlock(ledger: LiveLedger): Promise<LiveAnswer> {
  const { slot } = await ledger.tip();
  return json(200, await ledger.readSealed(slot, () => blockContent(ledger, slot, slot)));
}

/** The slot of /blocks/{hash_or_number}: a height (the slot) up to the tip, or the hash of a block on the chain now; null for none. */
async function blockSlot(ledger: LiveLedger, hashOrNumber: string): Promise<number | null> {
  const { slot: tip } = await ledger.tip();
  if (/^\d+$/.test(hashOrNumber)) {
    const height = Number(hashOrNumber);
    return height <= tip ? height : null;
  }
  return ledger.slotOfHash(hashOrNumber);
}

/** ?count (1 to 100, 100 by default) and ?page (from 1) of a Blockfrost list. */
function pageOf<T>(items: readonly T[], url: URL): T[] {
  const count = Math.min(100, Math.max(1, Number(url.searchParams.get("count") ?? "100")));
  const page = Math.max(1, Number(url.searchParams.get("page") ?? "1"));
  const ordered = url.searchParams.get("order") === "desc" ? [...items].reverse() : items;
  return ordered.slice((page - 1) * count, page * count);
}

/** /blocks/{hash_or_number}, …/next, …/txs and …/txs/cbor. */
async function block(ledger: LiveLedger, hashOrNumber: string, part: string, url: URL): Promise<LiveAnswer> {
  const slot = await blockSlot(ledger, hashOrNumber);
  if (slot === null) return notFound();
  const { slot: tip } = await ledger.tip();
  // A block a follower reads gains no transaction afterwards (see LiveLedger.readSealed).
  if (part === "") return json(200, await ledger.readSealed(slot, () => blockContent(ledger, slot, tip)));
  if (part === "/next") {
    // Pages of the blocks after it, computed for the page asked only (the chain can be long).
    const count = Math.min(100, Math.max(1, Number(url.searchParams.get("count") ?? "100")));
    const page = Math.max(1, Number(url.searchParams.get("page") ?? "1"));
    const first = slot + 1 + (page - 1) * count;
    const last = Math.min(tip, first + count - 1);
    return json(
      200,
      await ledger.readSealed(last, () =>
        Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => blockContent(ledger, first + i, tip)),
      ),
    );
  }
  // Its transactions are read once for all too: none may join the block after.
  const txs = await ledger.readSealed(slot, () => txsInSlot(ledger, slot));
  if (part === "/txs")
    return json(
      200,
      pageOf(txs, url).map((r) => r.hash),
    );
  return json(
    200,
    pageOf(txs, url).map((r) => ({ tx_hash: r.hash, cbor: r.cbor })),
  );
}

/**
 * /addresses/{address}/transactions: the transactions with an input or an output at the address,
 * oldest first, within ?from and ?to (block heights, inclusive; here slots); 404 for an address
 * the ledger never saw.
 */
function addressTransactions(ledger: LiveLedger, address: string, url: URL): LiveAnswer {
  if (!ledger.hasSeen(address)) return notFound();
  const bound = (name: string): number | null => {
    const value = url.searchParams.get(name);
    return value === null ? null : Number(value.split(":")[0]);
  };
  const [from, to] = [bound("from"), bound("to")];
  const listed = [...ledger.records()].filter(
    (r) =>
      (from === null || r.slot >= from) &&
      (to === null || r.slot <= to) &&
      [...r.inputs, ...r.outputs].some((u) => u.output.address === address),
  );
  return json(
    200,
    pageOf(listed, url).map((r) => ({
      tx_hash: r.hash,
      tx_index: txsInSlot(ledger, r.slot).indexOf(r),
      block_height: r.slot,
      block_time: Math.floor(ledger.devnet.systemStartMs / 1000) + r.slot,
    })),
  );
}

async function latestEpoch(ledger: LiveLedger): Promise<LiveAnswer> {
  const { slot } = await ledger.tip();
  const epoch = epochOfSlot(slot);
  const seconds = (s: number) => Math.floor(ledger.devnet.systemStartMs / 1000) + s;
  return json(200, {
    ...fixture<Record<string, unknown>>("blockfrost/epochs-latest.json"),
    epoch: epoch.epoch,
    start_time: seconds(epoch.startSlot),
    end_time: seconds(epoch.endSlot),
    first_block_time: seconds(epoch.startSlot),
    last_block_time: seconds(slot),
  });
}

/** The ledger's parameters in Blockfrost's shape: the devnet's own Blockfrost-compatible answer (src/devnet-index/parameters.ts), at preprod's epoch. */
async function latestParameters(ledger: LiveLedger): Promise<LiveAnswer> {
  const { epoch } = epochOfSlot((await ledger.tip()).slot);
  return json(200, parametersAnswer(epoch));
}

async function submit(ledger: LiveLedger, body: Buffer): Promise<LiveAnswer> {
  try {
    return json(200, await ledger.submit(body.toString("hex")));
  } catch (failure) {
    if ((failure as { code?: string }).code !== "CHAIN_ERR_LEDGER_REJECTED") throw failure;
    return error(400, ledgerReason(failure));
  }
}

async function evaluate(ledger: LiveLedger, path: string, body: Buffer): Promise<LiveAnswer> {
  if (path.endsWith("/utxos")) {
    let request: { cbor: string; additionalUtxoSet?: unknown; additionalUtxoset?: unknown };
    let utxos: UTxO[];
    try {
      request = JSON.parse(body.toString("utf8")) as typeof request;
      // The devnet's own reading of the set (both spellings, the SDKs' value and script forms).
      const field = "additionalUtxoSet" in request ? "additionalUtxoSet" : "additionalUtxoset";
      utxos = await additionalUtxos(request[field], field, async (ref) => (await ledger.devnet.utxosByRef([ref]))[0]);
    } catch (failure) {
      return error(400, (failure as Error).message);
    }
    return { status: 200, body: await evaluationAnswer(ledger, request.cbor, utxos) };
  }
  return { status: 200, body: await evaluationAnswer(ledger, body.toString("utf8").trim(), []) };
}

/** Reference scripts: the ledger's UTxOs carry them; found by hash among the outputs it made. */
function script(ledger: LiveLedger, hash: string, what: "info" | "cbor"): LiveAnswer {
  const scriptRef = ledger.scriptByHash(hash);
  if (!scriptRef) return notFound();
  const { language, cbor } = scriptOfRef(scriptRef);
  if (language === "native")
    return what === "info" ? json(200, { script_hash: hash, type: "timelock", serialised_size: null }) : notFound();
  const type = language === "plutus:v1" ? "plutusV1" : language === "plutus:v2" ? "plutusV2" : "plutusV3";
  // Blockfrost wraps the ledger's bytes once more in a CBOR byte string (see shared/script-ref.ts).
  return what === "info"
    ? json(200, { script_hash: hash, type, serialised_size: cbor.length / 2 })
    : json(200, { cbor: wrapByteString(cbor) });
}

/**
 * /accounts/{stake_address}: the account as the ledger's stake state has it (the devnet's,
 * ../../../src/chain/devnet/stake-state.ts). An account that is not registered is 404, as
 * Blockfrost answers for one it never saw (one registered and then deregistered would be 200
 * with registered false there; the ledger keeps no trace of it). No rewards on this ledger: 0.
 */
async function account(ledger: LiveLedger, stakeAddress: string): Promise<LiveAnswer> {
  let state;
  try {
    state = await ledger.devnet.stakeAccount(stakeAddress);
  } catch (failure) {
    return error(400, (failure as Error).message);
  }
  if (!state.registered) return notFound();
  const stake = addressCredentials(stakeAddress, "stake_address").stake;
  let controlled = 0n;
  for (const record of ledger.records()) {
    for (const u of record.outputs) {
      if (record.spentBy.has(u.input.outputIndex) || stakeOf(u.output.address) !== stake) continue;
      controlled += amountOf(u)
        .filter((a) => a.unit === "lovelace")
        .reduce((sum, a) => sum + BigInt(a.quantity), 0n);
    }
  }
  return json(200, {
    stake_address: stakeAddress,
    active: state.pool !== null,
    registered: true,
    active_epoch: epochOfSlot((await ledger.tip()).slot).epoch,
    controlled_amount: controlled.toString(),
    rewards_sum: "0",
    withdrawals_sum: "0",
    reserves_sum: "0",
    treasury_sum: "0",
    withdrawable_amount: "0",
    pool_id: state.pool === null ? null : poolIdOf(state.pool),
    drep_id: state.drep === null ? null : drepIdOf(state.drep),
  });
}

/** The stake credential hash of an address, or undefined (an enterprise or Byron address). */
function stakeOf(address: string): string | undefined {
  try {
    return addressCredentials(address, "address").stake;
  } catch {
    return undefined;
  }
}

/** The live answer to a Blockfrost request (path after /api/v0), or undefined for an unknown route (404). */
export async function liveBlockfrost(
  ledger: LiveLedger,
  method: string,
  path: string,
  url: URL,
  body: Buffer,
): Promise<LiveAnswer | undefined> {
  let m: RegExpExecArray | null;
  if (method === "GET") {
    if (path === "/blocks/latest") return latestBlock(ledger);
    if ((m = /^\/blocks\/([0-9a-f]{64}|\d+)(|\/next|\/txs|\/txs\/cbor)$/.exec(path)))
      return block(ledger, m[1] ?? "", m[2] ?? "", url);
    if ((m = /^\/addresses\/([^/]+)\/transactions$/.exec(path)))
      return addressTransactions(ledger, decodeURIComponent(m[1] ?? ""), url);
    if (path === "/epochs/latest") return latestEpoch(ledger);
    if (path === "/epochs/latest/parameters") return latestParameters(ledger);
    if ((m = /^\/addresses\/([^/]+)\/utxos$/.exec(path)))
      return addressUtxos(ledger, decodeURIComponent(m[1] ?? ""), url);
    if ((m = /^\/txs\/([0-9a-f]{64})\/utxos$/.exec(path))) {
      const record = ledger.record(m[1] ?? "");
      return record ? txUtxos(record) : notFound();
    }
    if ((m = /^\/txs\/([0-9a-f]{64})$/.exec(path))) {
      const record = ledger.record(m[1] ?? "");
      return record ? txContent(ledger, record) : notFound();
    }
    if ((m = /^\/txs\/([0-9a-f]{64})\/cbor$/.exec(path))) {
      const record = ledger.record(m[1] ?? "");
      return record ? json(200, { cbor: record.cbor }) : notFound();
    }
    if ((m = /^\/txs\/([0-9a-f]{64})\/redeemers$/.exec(path))) {
      const record = ledger.record(m[1] ?? "");
      return record ? txRedeemers(record) : notFound();
    }
    if ((m = /^\/assets\/([0-9a-f]{56,120})\/transactions$/.exec(path)))
      return assetTransactions(ledger, m[1] ?? "", url);
    if ((m = /^\/scripts\/datum\/([0-9a-f]{64})\/cbor$/.exec(path))) return dataCbor(ledger, m[1] ?? "");
    if ((m = /^\/accounts\/([^/]+)$/.exec(path))) return account(ledger, decodeURIComponent(m[1] ?? ""));
    if ((m = /^\/scripts\/([0-9a-f]{56})$/.exec(path))) return script(ledger, m[1] ?? "", "info");
    if ((m = /^\/scripts\/([0-9a-f]{56})\/cbor$/.exec(path))) return script(ledger, m[1] ?? "", "cbor");
    return undefined;
  }
  if (method === "POST" && path === "/tx/submit") return submit(ledger, body);
  if (method === "POST" && /^\/utils\/txs\/evaluate(\/utxos)?$/.test(path)) return evaluate(ledger, path, body);
  return undefined;
}
