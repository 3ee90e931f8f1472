import type { FastifyInstance } from "fastify";

export default async function chainRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
