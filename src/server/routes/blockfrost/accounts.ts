// Blockfrost's /accounts/{stake_address}: registration and delegation from the devnet's stake state.
import type { FastifyInstance } from "fastify";
import type { BlockfrostRouteOptions } from "./http.js";

export default async function accountRoutes(app: FastifyInstance, { view }: BlockfrostRouteOptions): Promise<void> {
  app.get("/accounts/:stakeAddress", { schema: { hide: true } }, (request) =>
    view.account((request.params as Record<string, string>)["stakeAddress"] ?? ""),
  );
}
