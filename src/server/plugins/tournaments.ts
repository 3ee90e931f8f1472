// The tournaments service of the instance: `app.tournaments` hands the tournament routes what every
// operation works with (the chain, the network, its era history, the contract deployments, kept in
// app.stores.deployments, which the stores plugin opens and closes; the reader of v3 seats and its
// cache). On the devnet it deploys the contracts' scripts as reference scripts at start.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isDevnet } from "../../chain/port.js";
import type { TournamentContext } from "../../tournament/context.js";
import { defaultContract, Deployments } from "../../tournament/deployment.js";
import { SeatReader } from "../../tournament/seats.js";

declare module "fastify" {
  interface FastifyInstance {
    readonly tournaments: Tournaments;
  }
}

export interface Tournaments {
  /** What every tournament operation works with (call it once the instance is ready). */
  context(): TournamentContext;
}

async function tournamentsPlugin(app: FastifyInstance): Promise<void> {
  const { network } = app.config;
  const deployments = new Deployments(app.chain, network, app.stores.deployments);
  const seats = new SeatReader(network);

  const tournaments: Tournaments = {
    context() {
      return { chain: app.chain, network, eraHistory: app.eraHistory, deployments, seats };
    },
  };
  app.decorate("tournaments", tournaments);

  // On the devnet the default contract's scripts (v3: the tournament and the batch scripts) are
  // deployed as reference scripts when the service starts (once per DATA_DIR: the records are reused
  // after a restart); another deployment's on its first use. A failure is logged, not fatal: the
  // first tournament request tries again.
  app.addHook("onReady", async () => {
    if (network !== "devnet" || !isDevnet(app.chain)) return;
    try {
      const context = tournaments.context();
      await context.deployments.sources(defaultContract(network));
    } catch (error) {
      app.log.warn(
        { err: error },
        "Deploying the tournament script on the devnet failed; the first tournament request tries again.",
      );
    }
  });
}

export default fp(tournamentsPlugin, {
  name: "tournaments",
  fastify: "5.x",
  dependencies: ["stores", "chain"],
  decorators: { fastify: ["config"] },
});
