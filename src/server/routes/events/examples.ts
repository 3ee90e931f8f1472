// GET /events's example: a stream as a faucet payment produces it on the devnet.
import { EXAMPLE_PLAYER, TX_HASH } from "../examples.js";

const BLOCK = "6f4a1c0de2b9a8f4c6a3e1d0b2c9f8e7d6c5b4a392817065f4e3d2c1b0a99887";
const point = { slot: 1742, blockHash: BLOCK, blockHeight: 12, txHash: TX_HASH };

const frame = (id: number, type: string, data: unknown): string =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify({ id: String(id), type, point, createdAt: 1764250000000, data })}\n\n`;

export const EVENTS_EXAMPLE =
  ": stream open\n\n" +
  frame(41, "tx.confirmed", { txHash: TX_HASH, status: "confirmed", confirmations: 1 }) +
  frame(42, "address.received", {
    txHash: TX_HASH,
    index: 0,
    address: EXAMPLE_PLAYER,
    lovelace: "25000000",
    assets: [],
    datum: null,
    referenceScriptHash: null,
  });
