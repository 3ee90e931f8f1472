// Blockfrost's /txs/{hash}: the transaction, its UTxOs, CBOR, metadata and redeemers, for every
// transaction the devnet accepted (404 for any other: it was never accepted here).
import type { FastifyInstance } from "fastify";
import { BadRequestError } from "../../../errors.js";
import type { BlockfrostRouteOptions } from "./http.js";

type Params = Record<string, string>;
const HIDDEN = { schema: { hide: true } };

function hashOf(params: unknown): string {
  const hash = (params as Params)["hash"] ?? "";
  if (!/^[0-9a-fA-F]{64}$/.test(hash))
    throw new BadRequestError(`Invalid or malformed transaction hash: ${hash} (a transaction hash is 64 hex digits).`);
  return hash.toLowerCase();
}

export default async function txRoutes(app: FastifyInstance, { view }: BlockfrostRouteOptions): Promise<void> {
  app.get("/txs/:hash", HIDDEN, (request) => view.tx(hashOf(request.params)));
  app.get("/txs/:hash/utxos", HIDDEN, (request) => view.txUtxos(hashOf(request.params)));
  app.get("/txs/:hash/cbor", HIDDEN, (request) => view.txCbor(hashOf(request.params)));
  app.get("/txs/:hash/metadata", HIDDEN, (request) => view.txMetadata(hashOf(request.params), "json"));
  app.get("/txs/:hash/metadata/cbor", HIDDEN, (request) => view.txMetadata(hashOf(request.params), "cbor"));
  app.get("/txs/:hash/redeemers", HIDDEN, (request) => view.txRedeemers(hashOf(request.params)));
}
