// Devnet helpers of the benchmark, independent of the code being measured (src/tx, src/cardano):
// wallets that sign as a client's would, UTxOs as the strings requests carry, keyless addresses,
// many outputs paid at once straight through the devnet chain (multi-output transactions built
// with MeshTxBuilder, signed here and submitted to DevnetPort.submit: no HTTP, a few hundred
// outputs per transaction), and the devnet's UTxO count read from its SQLite file.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Protocol, UTxO } from "@meshsdk/common";
import { MeshTxBuilder, pubKeyAddress, serializeAddressObj } from "@meshsdk/core";
import { toTxUnspentOutput } from "@meshsdk/core-cst";
import { MeshWallet } from "@meshsdk/wallet";
import type { DevnetPort } from "../src/chain/port.js";
import { mapSize } from "./cbor.js";

export interface BenchWallet {
  readonly address: string;
  /** Signs with the wallet's payment key (partial signing allowed); the whole signed transaction. */
  sign(txHex: string): Promise<string>;
}

/** A fresh key: a mnemonic with its base address ("base"), or a payment key alone with its enterprise address. */
export async function newWallet(kind: "base" | "enterprise"): Promise<BenchWallet> {
  const wallet =
    kind === "base"
      ? new MeshWallet({ networkId: 0, key: { type: "mnemonic", words: MeshWallet.brew() as string[] } })
      : new MeshWallet({ networkId: 0, key: { type: "cli", payment: `5820${randomBytes(32).toString("hex")}` } });
  await wallet.init();
  const address = kind === "base" ? await wallet.getChangeAddress() : wallet.getAddresses().enterpriseAddressBech32;
  if (!address) throw new Error("the wallet has no address");
  return { address, sign: (txHex) => wallet.signTx(txHex, true, true) };
}

/** A testnet address of random key hashes nobody holds: base (payment and stake) or enterprise. */
export const keylessAddress = (kind: "base" | "enterprise" = "base"): string =>
  serializeAddressObj(
    kind === "base"
      ? pubKeyAddress(randomBytes(28).toString("hex"), randomBytes(28).toString("hex"))
      : pubKeyAddress(randomBytes(28).toString("hex")),
    0,
  );

/** UTxOs as the requests carry them: the CBOR of [input, output], as CIP-30 getUtxos() returns them. */
export const utxoStrings = (utxos: readonly UTxO[]): string[] => utxos.map((u) => toTxUnspentOutput(u).toCbor());

/** UTxOs at `address` as request strings. */
export async function utxoStringsAt(chain: DevnetPort, address: string): Promise<string[]> {
  return utxoStrings(await chain.utxosAt(address));
}

/** An output to pay: lovelace only, with an inline datum (CBOR hex) or none. */
export interface Payment {
  readonly address: string;
  readonly lovelace: bigint;
  readonly datum?: string;
}

/** Bytes of a bech32 address's payload. */
const addressBytes = (bech32: string): number =>
  Math.floor(((bech32.length - bech32.lastIndexOf("1") - 1 - 6) * 5) / 8);
/** An upper estimate of an output's encoded size. */
const outputBytes = (p: Payment): number =>
  addressBytes(p.address) + 16 + (p.datum === undefined ? 0 : p.datum.length / 2 + 8);
/** What one transaction's outputs may take, well under the ledger's 16,384 bytes. */
const OUTPUT_BYTES_PER_TX = 13_000;

/**
 * Pays every output, in transactions of as many outputs as fit (about 200 to base addresses),
 * from a funder key the faucet pays once; each transaction is submitted to the chain before the
 * next is built from its change. Returns the number of transactions.
 */
export async function payMany(chain: DevnetPort, payments: readonly Payment[], params?: Protocol): Promise<number> {
  if (payments.length === 0) return 0;
  const protocol = params ?? (await chain.protocolParameters());
  const chunks: Payment[][] = [[]];
  let bytes = 0;
  for (const p of payments) {
    const size = outputBytes(p);
    if (bytes + size > OUTPUT_BYTES_PER_TX && chunks.at(-1)!.length > 0) {
      chunks.push([]);
      bytes = 0;
    }
    chunks.at(-1)!.push(p);
    bytes += size;
  }
  const total = payments.reduce((sum, p) => sum + p.lovelace, 0n);
  const funder = await newWallet("enterprise");
  await chain.faucet(funder.address, total + BigInt(chunks.length) * 3_000_000n + 5_000_000n);
  for (const chunk of chunks) {
    const builder = new MeshTxBuilder({ params: protocol });
    for (const p of chunk) {
      builder.txOut(p.address, [{ unit: "lovelace", quantity: p.lovelace.toString() }]);
      if (p.datum !== undefined) builder.txOutInlineDatumValue(p.datum, "CBOR");
    }
    const unsigned = await builder
      .changeAddress(funder.address)
      .selectUtxosFrom(await chain.utxosAt(funder.address))
      .complete();
    await chain.submit(await funder.sign(unsigned));
  }
  return chunks.length;
}

/** The number of UTxOs the devnet of a DATA_DIR holds (its unspent output rows, or the UTxO map a store before issue #21 saved), or null when it cannot be read. */
export function devnetUtxoCount(dataDir: string): number | null {
  let db: Database.Database | undefined;
  try {
    db = new Database(join(dataDir, "devnet.sqlite"), { readonly: true, fileMustExist: true });
    const rows =
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'devnet_outputs'").get() !== undefined;
    if (rows)
      return (db.prepare("SELECT count(*) AS n FROM devnet_outputs WHERE spent_by IS NULL").get() as { n: number }).n;
    const row = db.prepare("SELECT utxos FROM devnet_ledger WHERE id = 1").get() as { utxos: Buffer } | undefined;
    return row ? mapSize(new Uint8Array(row.utxos)) : null;
  } catch {
    return null;
  } finally {
    db?.close();
  }
}
