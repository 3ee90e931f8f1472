// Blockfrost's /addresses: UTxOs (all, or those holding a unit), the summary, the transactions.
// An address the devnet never saw is 404, as on Blockfrost; a page past the end is [].
import type { FastifyInstance } from "fastify";
import type { BlockfrostRouteOptions } from "./http.js";
import { pagingOf } from "./http.js";

type Params = Record<string, string>;
const HIDDEN = { schema: { hide: true } };

export default async function addressRoutes(app: FastifyInstance, { view }: BlockfrostRouteOptions): Promise<void> {
  app.get("/addresses/:address", HIDDEN, (request) => view.address((request.params as Params)["address"] ?? ""));
  app.get("/addresses/:address/utxos", HIDDEN, (request) =>
    view.addressUtxos((request.params as Params)["address"] ?? "", pagingOf(request.query)),
  );
  app.get("/addresses/:address/utxos/:asset", HIDDEN, (request) => {
    const params = request.params as Params;
    return view.addressUtxos(params["address"] ?? "", pagingOf(request.query), (params["asset"] ?? "").toLowerCase());
  });
  app.get("/addresses/:address/transactions", HIDDEN, (request) =>
    view.addressTransactions((request.params as Params)["address"] ?? "", pagingOf(request.query)),
  );
}
