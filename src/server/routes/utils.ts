import type { FastifyInstance } from "fastify";

export default async function utilsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
