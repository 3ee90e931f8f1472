// API keys and quotas (filled in by the keys-and-quotas work).
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

async function authPlugin(app: FastifyInstance): Promise<void> {
  void app;
}

export default fp(authPlugin, { name: "auth", fastify: "5.x" });
