// The blueprint library of the instance: `app.blueprints` (src/blueprints/library.ts) over the
// blueprint store of the stores plugin (app.stores: SQLite in DATA_DIR, or PostgreSQL), and
// `app.blueprintOwner(request)`, whose blueprints a request sees: its key's (the first key of the
// key's rotation chain), or the keyless requests' own (KEYLESS_OWNER). The blueprint and
// validator routes use both, and so does the transaction builder to find a validator by hash.
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { BlueprintLibrary, ownerOf } from "../../blueprints/library.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Each owner's CIP-57 blueprints: store, list, delete, find by validator hash, apply parameters. */
    readonly blueprints: BlueprintLibrary;
    /** The owner whose blueprints `request` sees (call it after the auth hook, i.e. in a handler). */
    blueprintOwner(request: FastifyRequest): Promise<string>;
  }
}

async function blueprintsPlugin(app: FastifyInstance): Promise<void> {
  // app.stores is closed by the stores plugin, which opened it.
  app.decorate(
    "blueprints",
    new BlueprintLibrary(app.stores.blueprints, app.config.network, app.config.limits.listMaxBytes),
  );
  app.decorate("blueprintOwner", (request: FastifyRequest) => ownerOf(request.apiKey, app.stores.keys));
}

export default fp(blueprintsPlugin, {
  name: "blueprints",
  fastify: "5.x",
  dependencies: ["stores", "auth"],
  decorators: { fastify: ["config"] },
});
