// Blockfrost's genesis, epochs and blocks on the devnet (one block per slot, one epoch: src/devnet-index/blocks.ts).
import type { FastifyInstance } from "fastify";
import { isDevnet } from "../../../chain/port.js";
import { genesisOf } from "../../../devnet-index/blocks.js";
import { BadRequestError } from "../../../errors.js";
import type { BlockfrostRouteOptions } from "./http.js";
import { pagingOf } from "./http.js";

type Params = Record<string, string>;
const HIDDEN = { schema: { hide: true } };

function epochNumber(text: string): number {
  if (!/^\d+$/.test(text))
    throw new BadRequestError(`The epoch must be a whole number or latest; it is ${JSON.stringify(text)}.`);
  return Number(text);
}

export default async function chainRoutes(app: FastifyInstance, { view }: BlockfrostRouteOptions): Promise<void> {
  const chain = app.chain;
  // Lucid Evolution and the Evolution SDK take a custom network's slot ↔ time from it.
  if (isDevnet(chain)) app.get("/genesis", HIDDEN, () => genesisOf(chain.systemStartMs));
  app.get("/epochs/latest", HIDDEN, () => view.latestEpoch());
  app.get("/epochs/latest/parameters", HIDDEN, () => view.parameters("latest"));
  app.get("/epochs/:number", HIDDEN, (request) => view.epoch(epochNumber((request.params as Params)["number"] ?? "")));
  app.get("/epochs/:number/parameters", HIDDEN, (request) =>
    view.parameters(epochNumber((request.params as Params)["number"] ?? "")),
  );
  app.get("/blocks/latest", HIDDEN, () => view.latestBlock());
  app.get("/blocks/latest/txs", HIDDEN, async (request) =>
    view.blockTxs(String(((await view.latestBlock()) as { slot: number }).slot), pagingOf(request.query)),
  );
  app.get("/blocks/:hashOrNumber", HIDDEN, (request) => view.block((request.params as Params)["hashOrNumber"] ?? ""));
  app.get("/blocks/:hashOrNumber/txs", HIDDEN, (request) =>
    view.blockTxs((request.params as Params)["hashOrNumber"] ?? "", pagingOf(request.query)),
  );
}
