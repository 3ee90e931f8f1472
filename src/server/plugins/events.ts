// The instance's events (src/events/service.ts) as `app.events`: the log in the store
// (app.stores.events), retention by EVENT_RETENTION_HOURS and EVENT_RETENTION_MAX, and on the
// devnet its follower, started once the instance is ready, with the tournament events derived
// after each block (src/events/tournament-events.ts, reading tournaments as app.tournaments
// does). Before the instance closes its connections (preClose), the service ends every stream: an
// open GET /events would otherwise hold the close until its client leaves.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasHistory } from "../../devnet-index/history.js";
import { DevnetFollower } from "../../events/devnet-follower.js";
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
  if (app.config.network === "devnet" && hasHistory(chain))
    app.addHook("onReady", async () => service.follow(new DevnetFollower(chain), [tournamentEvents]));
  app.addHook("preClose", async () => service.close());
  app.addHook("onClose", async () => service.close());
}

export default fp(eventsPlugin, {
  name: "events",
  fastify: "5.x",
  dependencies: ["stores", "chain", "tournaments"],
  decorators: { fastify: ["config"] },
});
