import type { FastifyInstance } from "fastify";

export default async function transactionsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
