// Blockfrost's /assets: a unit (with its CIP-25 metadata), its holders and transactions, a policy's units.
import type { FastifyInstance } from "fastify";
import { BadRequestError } from "../../../errors.js";
import type { BlockfrostRouteOptions } from "./http.js";
import { pagingOf } from "./http.js";

type Params = Record<string, string>;
const HIDDEN = { schema: { hide: true } };

function unitOf(params: unknown): string {
  const unit = (params as Params)["asset"] ?? "";
  if (!/^[0-9a-fA-F]{56}([0-9a-fA-F]{2}){0,32}$/.test(unit))
    throw new BadRequestError(
      `Invalid or malformed asset: ${unit} (a policy id, 56 hex digits, followed by the asset name in hex).`,
    );
  return unit.toLowerCase();
}

export default async function assetRoutes(app: FastifyInstance, { view }: BlockfrostRouteOptions): Promise<void> {
  app.get("/assets/:asset", HIDDEN, (request) => view.asset(unitOf(request.params)));
  app.get("/assets/:asset/addresses", HIDDEN, (request) =>
    view.assetAddresses(unitOf(request.params), pagingOf(request.query)),
  );
  app.get("/assets/:asset/transactions", HIDDEN, (request) =>
    view.assetTransactions(unitOf(request.params), pagingOf(request.query)),
  );
  app.get("/assets/policy/:policy", HIDDEN, (request) => {
    const policy = (request.params as Params)["policy"] ?? "";
    if (!/^[0-9a-fA-F]{56}$/.test(policy))
      throw new BadRequestError(`Invalid or malformed policy id: ${policy} (56 hex digits).`);
    return view.policyAssets(policy.toLowerCase(), pagingOf(request.query));
  });
}
