// GET /metrics: this instance's metrics in Prometheus's text format (src/server/plugins/metrics.ts
// counts them). Served at the root only, where scrapers look; public like health, so that a
// scraper needs no API key and counts against no quota: bind HOST to a private interface or
// filter /metrics at the proxy when the numbers should stay private (docs/operations.md).
import type { FastifyInstance } from "fastify";

const EXAMPLE =
  '# HELP http_requests_total HTTP requests answered, by method, route pattern and status.\n# TYPE http_requests_total counter\nhttp_requests_total{method="GET",route="/health",status="200"} 3\n';

export default async function metricsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/metrics",
    {
      schema: {
        operationId: "getMetrics",
        summary: "Prometheus metrics",
        description:
          "Never needs an API key. The instance's counters, histograms and gauges in Prometheus's text exposition format: requests by route and status with latency, " +
          "builds and submits by outcome, chain backend calls by backend, method and outcome with latency, quota refusals, the devnet ledger's size and the process's own. " +
          "Each instance counts its own requests: scrape every instance of a fleet.",
        tags: ["Health"],
        security: [],
        response: {
          200: {
            description: "The metrics, as text/plain; version=0.0.4.",
            content: {
              "text/plain": {
                schema: { type: "string", description: "Prometheus text exposition format.", examples: [EXAMPLE] },
              },
            },
          },
        },
      },
      config: { public: true },
    },
    async (_request, reply) => {
      const { registry } = app.metrics;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}
