// The instance's events (src/events/service.ts) as `app.events`: the log in the store
// (app.stores.events), retention by EVENT_RETENTION_HOURS and EVENT_RETENTION_MAX, and the
// follower of the instance's chain, started once the instance is ready: the devnet's history, or
// on a real network its backend's (Ogmios chain synchronisation, or Blockfrost's blocks through
// the same rate limiter as the chain port), with the tournament events derived after each block
// (src/events/tournament-events.ts, reading tournaments as app.tournaments does). Before the
// instance closes its connections (preClose), the service ends every stream: an open GET /events
// would otherwise hold the close until its client leaves.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { BackendSettings, Network } from "../../config.js";
import { BlockfrostClient } from "../../chain/blockfrost/client.js";
import { blockfrostUrl } from "../../chain/blockfrost/index.js";
import { KupoClient } from "../../chain/ogmios-kupo/kupo.js";
import { consumedByOf, type ChainPort } from "../../chain/port.js";
import { blockfrostLimiterFor } from "../../chain/real-networks.js";
import { DEFAULT_RESILIENCE } from "../../chain/resilience/resilient.js";
import { hasHistory } from "../../devnet-index/history.js";
import { BlockfrostFollower } from "../../events/blockfrost-follower.js";
import { DevnetFollower } from "../../events/devnet-follower.js";
import { OgmiosFollower } from "../../events/ogmios-follower.js";
import { EventService } from "../../events/service.js";
import { TournamentEvents } from "../../events/tournament-events.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The event log and its readers (GET /events), and what records tx.submitted. */
    readonly events: EventService;
  }
}

async function eventsPlugin(app: FastifyInstance): Promise<void> {
  const { retentionHours, retentionMax } = app.config.events;
  const service = await EventService.start({
    store: app.stores.events,
    retention: { hours: retentionHours, max: retentionMax },
    log: app.log,
  });
  app.decorate("events", service);
  const chain = app.chain;
  // The tournament events read tournaments as the tournament routes do (app.tournaments).
  const tournamentEvents = new TournamentEvents({ context: () => app.tournaments.context(), log: app.log });
  const { network, backend } = app.config;
  if (!app.config.events.follow) app.log.info("events: EVENT_FOLLOWER=off: the chain is not followed for events");
  else if (network === "devnet" && hasHistory(chain))
    app.addHook("onReady", async () => service.follow(new DevnetFollower(chain), [tournamentEvents]));
  else if (network !== "devnet" && backend !== null) {
    const follower = networkFollower(network, backend, chain, () => service.watchedAddresses());
    app.addHook("onReady", async () => service.follow(follower, [tournamentEvents], "watched"));
    app.addHook("onClose", async () => follower.close());
  }
  app.addHook("preClose", async () => service.close());
  app.addHook("onClose", async () => service.close());
}

/** The follower of a real network's backend, as configured (the chain port resolves spent outputs on Blockfrost). */
function networkFollower(
  network: Exclude<Network, "devnet">,
  backend: BackendSettings,
  chain: ChainPort,
  /** The addresses whose spent outputs it resolves (src/events/watched.ts). */
  watched: () => ReadonlySet<string>,
): OgmiosFollower | BlockfrostFollower {
  const requestTimeoutMs = DEFAULT_RESILIENCE.attemptTimeoutMs;
  if (backend.kind === "ogmios-kupo")
    return new OgmiosFollower({
      ogmiosUrl: backend.ogmiosUrl,
      network,
      kupo: new KupoClient(backend.kupoUrl, requestTimeoutMs, backend.kupoAuthorization),
      watched,
      requestTimeoutMs,
    });
  return new BlockfrostFollower({
    client: new BlockfrostClient({
      baseUrl: (backend.url ?? blockfrostUrl(network)).replace(/\/+$/, ""),
      projectId: backend.projectId,
      ...(backend.authorization === undefined ? {} : { authorization: backend.authorization }),
      requestTimeoutMs,
      limiter: blockfrostLimiterFor(backend),
    }),
    watched,
    consumedBy: (txHash) => consumedByOf(chain, txHash),
  });
}

export default fp(eventsPlugin, {
  name: "events",
  fastify: "5.x",
  dependencies: ["stores", "chain", "tournaments"],
  decorators: { fastify: ["config"] },
});
