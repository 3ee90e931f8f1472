import type { FastifyInstance } from "fastify";

export default async function tournamentsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
