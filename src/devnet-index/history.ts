// What a chain indexer keeps and the devnet's ledger does not, as the devnet gives it: its
// accepted transactions in order, with their CBOR (DevnetChain.acceptedAfter), each at its block
// (the slot it was accepted at) and position in it. The Blockfrost-compatible read model answers
// from the store's rows (./blockfrost.ts) and the index it keeps of what only the bodies tell
// (./read-index.ts, reading each transaction with ./transactions.ts). No HTTP here.
import type { DevnetReadRows, AcceptedRow } from "../chain/devnet/store.js";

/** The part of the devnet the history reads (DevnetChain has it). */
export interface HistorySource {
  acceptedAfter(seq: number, limit: number): AcceptedRow[];
  transaction(txHash: string): Promise<string | null>;
  txHashAt(seq: number): string | null;
  witnessDatum(hash: string): string | null;
}

/** Whether a chain port is a devnet that gives its history and the store's rows (the embedded devnet; a stand-in of the tests may not). */
export const hasHistory = <T extends object>(
  chain: T,
): chain is T & HistorySource & { readonly faucetAddress: string; readonly readRows: DevnetReadRows } =>
  typeof (chain as { readRows?: unknown }).readRows === "object" &&
  typeof (chain as Partial<HistorySource>).acceptedAfter === "function" &&
  typeof (chain as Partial<HistorySource>).txHashAt === "function" &&
  typeof (chain as Partial<HistorySource>).transaction === "function" &&
  typeof (chain as { faucetAddress?: unknown }).faucetAddress === "string";

/** One accepted transaction as the history keeps it (its body stays in the store). */
export interface TxEntry {
  readonly hash: string;
  readonly seq: number;
  readonly slot: number;
  /** Its position among the transactions of its block (its slot), in order of acceptance. */
  readonly blockIndex: number;
  /** Whether the devnet kept its body (not for one accepted before it kept bodies). */
  readonly hasBody: boolean;
}

export interface ScriptRecord {
  readonly type: "timelock" | "plutusV1" | "plutusV2" | "plutusV3";
  /** The script as the ledger's `script` holds it after the language tag: a native script's CBOR, a Plutus script's (once-wrapped) bytes. */
  readonly cbor: string;
}
