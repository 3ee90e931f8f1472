// The devnet read as Blockfrost serves a chain: each method answers one Blockfrost endpoint with
// the object Blockfrost would (field names and types of @blockfrost/openapi: big numbers as
// strings, lovelace first in amounts), from the devnet's store on demand (DevnetChain.readRows:
// its transactions, outputs, stake state, and the index ./read-index.ts keeps of what only the
// bodies tell: blocks, assets, scripts, datums). Nothing per transaction is held in memory, and
// a list is read a page at a time where Blockfrost's order is the store's. Not found is a
// NotFoundError, a bad parameter a BadRequestError naming it; the routes
// (src/server/routes/blockfrost/) put them in Blockfrost's error body. No HTTP here.
import type { Asset, UTxO } from "../cardano/types.js";
import { base58, bech32 } from "@scure/base";
import { addressInfo } from "../cardano/addresses.js";
import { chainAddress } from "../cardano/address-rules.js";
import { drepIdOf, poolIdOf } from "../cardano/delegatees.js";
import { blake2b256, fromHex, toHex } from "../cardano/tx-cbor.js";
import {
  assetFingerprint,
  metadataEntries,
  outputValue,
  readMetadatum,
  readTransaction,
  scriptOfRef,
  type TransactionView,
  type TxInputRef,
} from "../cardano/tx-view.js";
import { utxoOfOutput } from "../cardano/utxo.js";
import type { DevnetReadRows, RowPage, StoredTx, StoredUtxo } from "../chain/devnet/store.js";
import { GENESIS_LOVELACE } from "../chain/devnet/faucet.js";
import type { DevnetPort } from "../chain/port.js";
import { nativeJsonOf, wrapByteString } from "../chain/shared/script-ref.js";
import { BadRequestError, NotFoundError } from "../errors.js";
import { blockHashOf, DEVNET_EPOCH, slotOfBlockHash } from "./blocks.js";
import type { HistorySource, ScriptRecord, TxEntry } from "./history.js";
import { catchUp } from "./read-index.js";
import { parametersAnswer } from "./parameters.js";
import { metadatumJson, readTx, txContent, txRedeemers } from "./transactions.js";

/** An accepted transaction (CBOR hex) decoded. */
const viewOf = (cbor: string): TransactionView => readTransaction(fromHex(cbor));

/** Blockfrost's list parameters: page from 1, count 1 to 100 (100 by default), order asc or desc. */
export interface Paging {
  readonly page?: number;
  readonly count?: number;
  readonly order?: "asc" | "desc";
}

export const NOT_FOUND = "The requested component has not been found.";
const notFound = (): Error => new NotFoundError(NOT_FOUND);

/** Blockfrost's page as the store reads it. */
function rowPage(paging: Paging): RowPage {
  const count = paging.count ?? 100;
  return { offset: ((paging.page ?? 1) - 1) * count, limit: count, desc: paging.order === "desc" };
}

const utxoOf = (u: StoredUtxo): UTxO => utxoOfOutput(u.txHash, u.index, u.output);

function pageOf<T>(items: readonly T[], paging: Paging): T[] {
  const count = paging.count ?? 100;
  const page = paging.page ?? 1;
  const ordered = paging.order === "desc" ? [...items].reverse() : items;
  return ordered.slice((page - 1) * count, page * count);
}

/** Mesh's amounts in Blockfrost's order: lovelace first, then each unit as the output lists it. */
export const amountOf = (amount: readonly Asset[]): Asset[] => {
  const lovelace = amount
    .filter((a) => a.unit === "lovelace" || a.unit === "")
    .reduce((s, a) => s + BigInt(a.quantity), 0n);
  return [
    { unit: "lovelace", quantity: lovelace.toString() },
    ...amount.filter((a) => a.unit !== "lovelace" && a.unit !== ""),
  ];
};

type Chain = DevnetPort & HistorySource & { readonly faucetAddress: string; readonly readRows: DevnetReadRows };

export class BlockfrostView {
  readonly #chain: Chain;

  constructor(chain: Chain) {
    this.#chain = chain;
  }

  /** The store's rows, their index caught up with the ledger (every answer starts here). */
  #h(): DevnetReadRows {
    const rows = this.#chain.readRows;
    catchUp(rows);
    return rows;
  }

  /** An accepted transaction by id (any case), or undefined. */
  #entry(hash: string): TxEntry | undefined {
    const stored = this.#h().storedTx(hash.toLowerCase());
    return stored
      ? {
          hash: stored.txHash,
          seq: stored.seq,
          slot: stored.slot,
          blockIndex: stored.blockIndex,
          hasBody: stored.hasBody,
        }
      : undefined;
  }

  /** An accepted transaction's CBOR (hex); null when the devnet did not keep its body. */
  async #cbor(entry: TxEntry | undefined): Promise<string | null> {
    return entry?.hasBody ? ((await this.#chain.transaction(entry.hash)) ?? null) : null;
  }

  /** The output `index` of an accepted transaction as it was made (spent or not), read from its body; undefined without one. */
  async #output(txHash: string, index: number): Promise<UTxO | undefined> {
    const cbor = await this.#cbor(this.#entry(txHash));
    if (cbor === null) return undefined;
    return readTx(fromHex(cbor))
      .outputs(txHash)
      .find((u) => u.input.outputIndex === index);
  }

  #listed(t: StoredTx) {
    return { tx_hash: t.txHash, tx_index: t.blockIndex, block_height: t.slot, block_time: this.#time(t.slot) };
  }

  #time(slot: number): number {
    return Math.floor(this.#chain.systemStartMs / 1000) + slot;
  }

  async #tipSlot(): Promise<number> {
    return (await this.#chain.tip()).slot;
  }

  /** An accepted transaction with its CBOR (hex); 404 for any other. */
  async #tx(hash: string): Promise<TxEntry & { cbor: string }> {
    const entry = this.#entry(hash);
    const cbor = await this.#cbor(entry);
    if (!entry || cbor === null) throw notFound();
    return { ...entry, cbor };
  }

  /** The slot of the output's transaction (0 for genesis outputs). */
  #slotOf(txHash: string): number {
    return this.#chain.readRows.txSlot(txHash) ?? 0;
  }

  #utxoJson(u: UTxO) {
    return {
      address: u.output.address,
      tx_hash: u.input.txHash,
      tx_index: u.input.outputIndex,
      output_index: u.input.outputIndex,
      amount: amountOf(u.output.amount),
      block: blockHashOf(this.#slotOf(u.input.txHash)),
      data_hash:
        u.output.dataHash ?? (u.output.plutusData === undefined ? null : blake2b256(fromHex(u.output.plutusData))),
      inline_datum: u.output.plutusData ?? null,
      reference_script_hash:
        u.output.scriptRef === undefined
          ? null
          : (u.output.scriptHash ?? scriptOfRef(fromHex(u.output.scriptRef))?.hash ?? null),
    };
  }

  /** A bech32 address of this network, or a 400 in Blockfrost's words. */
  #address(address: string): string {
    try {
      const info = addressInfo(address, "address");
      if (info.networkId !== 0) throw new Error("mainnet");
      return info.bech32;
    } catch {
      throw new BadRequestError(`Invalid address for this network or malformed address format: ${address}.`);
    }
  }

  // ── Parameters, blocks, epochs ───────────────────────────────────────────────────

  async parameters(epoch: "latest" | number): Promise<unknown> {
    if (epoch !== "latest" && epoch !== DEVNET_EPOCH) throw notFound();
    return parametersAnswer(DEVNET_EPOCH);
  }

  async latestBlock(): Promise<unknown> {
    const tip = await this.#tipSlot();
    return await this.#block(tip, tip);
  }

  async block(hashOrNumber: string): Promise<unknown> {
    const tip = await this.#tipSlot();
    let slot: number | null;
    if (/^\d+$/.test(hashOrNumber)) slot = Number(hashOrNumber);
    else if (/^[0-9a-fA-F]{64}$/.test(hashOrNumber))
      slot = slotOfBlockHash(hashOrNumber, tip, (h) => this.#h().indexedBlockSlot(h) ?? undefined);
    else throw new BadRequestError(`Invalid or malformed block hash or number: ${hashOrNumber}.`);
    if (slot === null || slot > tip) throw notFound();
    return await this.#block(slot, tip);
  }

  async blockTxs(hashOrNumber: string, paging: Paging): Promise<string[]> {
    const block = (await this.block(hashOrNumber)) as { slot: number };
    return pageOf(this.#h().txsInSlot(block.slot), paging);
  }

  async #block(slot: number, tip: number) {
    const txs = await Promise.all(
      this.#h()
        .txsInSlot(slot)
        .map((h) => this.#tx(h)),
    );
    let output = 0n;
    let fees = 0n;
    let size = 0;
    for (const t of txs) {
      const { body } = viewOf(t.cbor);
      fees += body.fee;
      for (const o of body.outputs) output += outputValue(o).coin;
      size += t.cbor.length / 2;
    }
    return {
      time: this.#time(slot),
      height: slot,
      hash: blockHashOf(slot),
      slot,
      epoch: DEVNET_EPOCH,
      epoch_slot: slot,
      slot_leader: "devnet",
      size,
      tx_count: txs.length,
      output: txs.length === 0 ? null : output.toString(),
      fees: txs.length === 0 ? null : fees.toString(),
      block_vrf: null,
      op_cert: null,
      op_cert_counter: null,
      previous_block: slot === 0 ? null : blockHashOf(slot - 1),
      next_block: slot >= tip ? null : blockHashOf(slot + 1),
      confirmations: tip - slot,
    };
  }

  async latestEpoch(): Promise<unknown> {
    const tip = await this.#tipSlot();
    return this.#epoch(tip);
  }

  async epoch(number: number): Promise<unknown> {
    if (number !== DEVNET_EPOCH) throw notFound();
    return this.#epoch(await this.#tipSlot());
  }

  #epoch(tip: number) {
    const txCount = this.#h().txCount();
    return {
      epoch: DEVNET_EPOCH,
      start_time: this.#time(0),
      // The devnet's epoch never ends: it lasts at least until the next slot.
      end_time: this.#time(tip + 1),
      first_block_time: this.#time(0),
      last_block_time: this.#time(tip),
      block_count: tip + 1,
      tx_count: txCount,
      output: "0",
      fees: "0",
      active_stake: null,
    };
  }

  // ── Addresses ────────────────────────────────────────────────────────────────────

  /**
   * The UTxOs of an address or of a payment credential (CIP-5 addr_vkh… or script…: the outputs
   * of every address the devnet saw with it), oldest first (by transaction, then index); a page of
   * them when `page` is given. 404 for an address no accepted transaction paid and without UTxOs.
   */
  #utxosOf(address: string, page?: RowPage): UTxO[] {
    const rows = this.#h();
    const credential = paymentCredentialOf(address);
    if (credential !== null) {
      if (!rows.paymentSeen(credential.hash)) throw notFound();
      return rows.unspentOfPayment(credential.hash, page).map(utxoOf);
    }
    const bytes = bytesOf(this.#address(address));
    const utxos = rows.unspentAtInOrder(bytes, page).map(utxoOf);
    if (
      utxos.length === 0 &&
      !rows.addressSeen(bytes) &&
      (page === undefined || rows.unspentAtInOrder(bytes, { offset: 0, limit: 1, desc: false }).length === 0)
    )
      throw notFound();
    return utxos;
  }

  async addressUtxos(address: string, paging: Paging, unit?: string): Promise<unknown[]> {
    if (unit === undefined) return this.#utxosOf(address, rowPage(paging)).map((u) => this.#utxoJson(u));
    const utxos = this.#utxosOf(address).filter((u) =>
      u.output.amount.some(
        (a) => (unit === "lovelace" ? a.unit === "lovelace" : a.unit === unit) && BigInt(a.quantity) > 0n,
      ),
    );
    return pageOf(utxos, paging).map((u) => this.#utxoJson(u));
  }

  async address(address: string): Promise<unknown> {
    const utxos = this.#utxosOf(address);
    const totals = new Map<string, bigint>([["lovelace", 0n]]);
    for (const u of utxos)
      for (const a of u.output.amount)
        totals.set(a.unit === "" ? "lovelace" : a.unit, (totals.get(a.unit) ?? 0n) + BigInt(a.quantity));
    const info = addressInfo(this.#address(address), "address");
    const stake = info.stake && "hash" in info.stake ? info.stake : undefined;
    return {
      address: info.bech32,
      amount: [...totals].map(([unit, quantity]) => ({ unit, quantity: quantity.toString() })),
      stake_address: stake ? rewardAddressOf(stake.hash, stake.isScript) : null,
      type: info.type === "byron" ? "byron" : "shelley",
      script: info.payment?.isScript ?? false,
    };
  }

  async addressTransactions(address: string, paging: Paging): Promise<unknown[]> {
    const bytes = bytesOf(this.#address(address));
    const rows = this.#h();
    if (!rows.addressSeen(bytes)) throw notFound();
    return rows.addressTxs(bytes, rowPage(paging)).map((t) => this.#listed(t));
  }

  // ── Transactions ─────────────────────────────────────────────────────────────────

  async tx(hash: string): Promise<unknown> {
    const entry = await this.#tx(hash);
    const tx = viewOf(entry.cbor);
    const spent = await Promise.all(tx.body.inputs.map((i) => this.#spentOutput(i.txHash, i.index)));
    const lovelace = spent.reduce((sum, u) => sum + BigInt(amountOf(u.output.amount)[0]?.quantity ?? "0"), 0n);
    return txContent(entry, tx, entry.cbor.length / 2, this.#time(entry.slot), lovelace);
  }

  async txCbor(hash: string): Promise<unknown> {
    return { cbor: (await this.#tx(hash)).cbor };
  }

  /** An input of an accepted transaction as it was on the ledger: from the history, or the genesis faucet's output. */
  async #spentOutput(txHash: string, index: number): Promise<UTxO> {
    const found = await this.#output(txHash, index);
    if (found) return found;
    return {
      input: { txHash, outputIndex: index },
      output: {
        address: this.#chain.faucetAddress,
        amount: [{ unit: "lovelace", quantity: GENESIS_LOVELACE.toString() }],
      },
    };
  }

  async txUtxos(hash: string): Promise<unknown> {
    const entry = await this.#tx(hash);
    const { body } = viewOf(entry.cbor);
    const datumFields = (u: UTxO) => {
      const j = this.#utxoJson(u);
      return { data_hash: j.data_hash, inline_datum: j.inline_datum, reference_script_hash: j.reference_script_hash };
    };
    const input = async (i: TxInputRef, collateral: boolean, reference: boolean) => {
      const u = await this.#spentOutput(i.txHash, i.index);
      return {
        address: u.output.address,
        amount: amountOf(u.output.amount),
        tx_hash: u.input.txHash,
        output_index: u.input.outputIndex,
        ...datumFields(u),
        collateral,
        reference,
      };
    };
    const outputs = await Promise.all(
      body.outputs.map(async (_, index) => {
        const u = await this.#output(entry.hash, index);
        if (!u) throw new Error(`the history lacks output ${index} of ${entry.hash}`);
        const spender = (await this.#chain.spentBy?.({ txHash: entry.hash, index })) ?? null;
        return {
          address: u.output.address,
          amount: amountOf(u.output.amount),
          output_index: index,
          ...datumFields(u),
          collateral: false,
          consumed_by_tx: spender,
        };
      }),
    );
    return {
      hash: entry.hash,
      inputs: await Promise.all([
        ...body.inputs.map((i) => input(i, false, false)),
        ...body.collateral.map((i) => input(i, true, false)),
        ...body.referenceInputs.map((i) => input(i, false, true)),
      ]),
      outputs,
    };
  }

  async txMetadata(hash: string, as: "json" | "cbor"): Promise<unknown[]> {
    const aux = viewOf((await this.#tx(hash)).cbor).auxiliaryData;
    if (aux === undefined) return [];
    return metadataEntries(aux).map(({ label, value }) =>
      as === "json"
        ? { label: label.toString(), json_metadata: metadatumJson(readMetadatum(value)) }
        : { label: label.toString(), cbor_metadata: `\\x${toHex(value)}`, metadata: toHex(value) },
    );
  }

  async txRedeemers(hash: string): Promise<unknown[]> {
    const entry = await this.#tx(hash);
    return txRedeemers(
      viewOf(entry.cbor),
      async (ref) => (await this.#spentOutput(ref.txHash, ref.index)).output.address,
    );
  }

  // ── Assets ───────────────────────────────────────────────────────────────────────

  async asset(unit: string): Promise<unknown> {
    const mints = this.#h().mints(unit);
    if (mints.length === 0) throw notFound();
    const policy = unit.slice(0, 56);
    const name = unit.slice(56);
    const lastMetadata = [...mints].reverse().find((m) => m.metadata !== null)?.metadata ?? null;
    return {
      asset: unit,
      policy_id: policy,
      asset_name: name === "" ? null : name,
      fingerprint: assetFingerprint(policy, name),
      quantity: mints.reduce((s, m) => s + m.quantity, 0n).toString(),
      initial_mint_tx_hash: mints[0]?.txHash ?? null,
      mint_or_burn_count: mints.length,
      onchain_metadata: lastMetadata,
      onchain_metadata_standard: lastMetadata === null ? null : "CIP25v1",
      onchain_metadata_extra: null,
      metadata: null,
    };
  }

  async assetAddresses(unit: string, paging: Paging): Promise<unknown[]> {
    const rows = this.#h();
    if (rows.mints(unit).length === 0) throw notFound();
    const byAddress = new Map<string, bigint>();
    for (const u of rows.unitHolders(unit).map(utxoOf)) {
      const q = u.output.amount.filter((a) => a.unit === unit).reduce((s, a) => s + BigInt(a.quantity), 0n);
      byAddress.set(u.output.address, (byAddress.get(u.output.address) ?? 0n) + q);
    }
    return pageOf([...byAddress], paging).map(([address, quantity]) => ({ address, quantity: quantity.toString() }));
  }

  async assetTransactions(unit: string, paging: Paging): Promise<unknown[]> {
    const rows = this.#h();
    const listed = rows.unitTxs(unit, rowPage(paging));
    if (listed.length === 0 && rows.unitTxs(unit, { offset: 0, limit: 1, desc: false }).length === 0) throw notFound();
    return listed.map((t) => this.#listed(t));
  }

  async policyAssets(policy: string, paging: Paging): Promise<unknown[]> {
    const rows = this.#h();
    const units = rows.unitsOfPolicy(policy);
    if (units.length === 0) throw notFound();
    return pageOf(units, paging).map((asset) => ({
      asset,
      quantity: rows
        .mints(asset)
        .reduce((s, m) => s + m.quantity, 0n)
        .toString(),
    }));
  }

  // ── Scripts and datums ───────────────────────────────────────────────────────────

  async script(hash: string): Promise<unknown> {
    const s = this.#script(hash);
    if (!s) throw notFound();
    return {
      script_hash: hash.toLowerCase(),
      type: s.type,
      serialised_size: s.type === "timelock" ? null : s.cbor.length / 2,
    };
  }

  async scriptCbor(hash: string): Promise<unknown> {
    const s = this.#script(hash);
    if (!s) throw notFound();
    // Blockfrost wraps the bytes the ledger hashes once more in a CBOR byte string (shared/script-ref.ts).
    return { cbor: s.type === "timelock" ? null : wrapByteString(s.cbor) };
  }

  async scriptJson(hash: string): Promise<unknown> {
    const s = this.#script(hash);
    if (!s) throw notFound();
    return { json: s.type === "timelock" ? nativeJsonOf(s.cbor) : null };
  }

  #script(hash: string): ScriptRecord | undefined {
    return (this.#h().indexedScript(hash.toLowerCase()) as ScriptRecord | null) ?? undefined;
  }

  async datumCbor(hash: string): Promise<unknown> {
    const wanted = hash.toLowerCase();
    const cbor = this.#h().indexedDatum(wanted) ?? this.#chain.witnessDatum(wanted);
    if (cbor === null) throw notFound();
    return { cbor };
  }

  // ── Accounts ─────────────────────────────────────────────────────────────────────

  async account(stakeAddress: string): Promise<unknown> {
    let info;
    try {
      info = addressInfo(stakeAddress, "stake_address");
    } catch {
      info = undefined;
    }
    if (info?.type !== "reward" || info.networkId !== 0)
      throw new BadRequestError(`Invalid or malformed stake address format: ${stakeAddress}.`);
    const state = await this.#chain.stakeAccount(info.bech32);
    if (!state.registered) throw notFound();
    const stake = info.stake && "hash" in info.stake ? info.stake.hash : "";
    let controlled = 0n;
    for (const u of this.#h().unspentOfStake(stake).map(utxoOf))
      controlled += BigInt(amountOf(u.output.amount)[0]?.quantity ?? "0");
    return {
      stake_address: info.bech32,
      active: true,
      active_epoch: DEVNET_EPOCH,
      controlled_amount: controlled.toString(),
      rewards_sum: "0",
      withdrawals_sum: "0",
      reserves_sum: "0",
      treasury_sum: "0",
      withdrawable_amount: "0",
      pool_id: state.pool === null ? null : poolIdOf(state.pool),
      drep_id: state.drep === null ? null : drepIdOf(state.drep),
      registered: true,
    };
  }
}

/** The bytes of an address's text (bech32, or base58 for Byron). */
function bytesOf(address: string): Uint8Array {
  const read = chainAddress(address);
  // A Byron address's bytes as written (base58), not its canonical form.
  return read !== null && read.type !== "byron" ? read.bytes : base58.decode(address);
}

/** The payment credential a CIP-5 bech32 key hash (addr_vkh…) or script hash (script…) names, or null for any other text. */
function paymentCredentialOf(text: string): { hash: string } | null {
  if (!text.startsWith("addr_vkh1") && !text.startsWith("script1")) return null;
  try {
    const { words } = bech32.decode(text as `${string}1${string}`, 1000);
    const bytes = bech32.fromWords(words);
    if (bytes.length !== 28) throw new Error("not 28 bytes");
    return { hash: Buffer.from(bytes).toString("hex") };
  } catch {
    throw new BadRequestError(`Invalid payment credential: ${text} (a CIP-5 addr_vkh… or script… of 28 bytes).`);
  }
}

/** The reward address (stake_test1…) of a stake credential on the devnet (a testnet). */
function rewardAddressOf(hash: string, isScript: boolean): string {
  const bytes = Buffer.from(`${isScript ? "f0" : "e0"}${hash}`, "hex");
  return bech32.encode("stake_test", bech32.toWords(bytes), 1000);
}
