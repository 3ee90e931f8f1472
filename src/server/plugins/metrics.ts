// Prometheus metrics (prom-client) for GET /metrics. One Registry per instance, so that the
// instances tests build side by side count apart. Everything is counted here, in onResponse, from
// the route's pattern and the answer's status, except the backend calls (the chain plugin wraps
// the port with src/chain/metrics.ts, reporting to app.metrics) and the devnet's ledger size (read
// when scraped). docs/operations.md lists the metrics and what to alert on.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { ChainCallObserver } from "../../chain/metrics.js";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's metrics: the registry GET /metrics renders, and the observer of backend calls. */
    readonly metrics: ServiceMetrics;
  }
}

/** The operations that build an unsigned transaction, by operationId (the OpenAPI's, tested to exist). */
export const BUILD_OPERATIONS: ReadonlySet<string> = new Set([
  "buildTransaction",
  "createTournament",
  "registerToTournament",
  "unregisterFromTournament",
  "addTournamentParticipants",
  "settleTournament",
  "cancelTournament",
  "refundTournament",
]);

/** The operations that submit a signed transaction. */
export const SUBMIT_OPERATIONS: ReadonlySet<string> = new Set(["submitTransaction", "submitTournamentTransaction"]);

/** Histogram buckets, in seconds, for requests and backend calls: from 5 ms to a minute (waits, slow backends). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** What became of a build or submit, from its status: the words an alert can use. */
export function outcomeOfStatus(status: number): string {
  if (status < 400) return "ok";
  if (status === 422) return "rejected";
  if (status === 401 || status === 429) return "refused";
  if (status === 503) return "unavailable";
  if (status < 500) return "invalid";
  return "error";
}

export interface ServiceMetrics extends ChainCallObserver {
  readonly registry: Registry;
  /** Adds the devnet ledger's UTxO count, read from `read` when scraped (the chain plugin calls it on the devnet). */
  setLedgerSize(read: () => number): void;
}

function createMetrics(): ServiceMetrics & { onResponse(request: FastifyRequest, reply: FastifyReply): void } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route pattern and status.",
    labelNames: ["method", "route", "status"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const builds = new Counter({
    name: "tx_builds_total",
    help: "Transaction builds answered, by operation and outcome (ok, invalid, rejected, refused, unavailable, error).",
    labelNames: ["operation", "outcome"],
    registers: [registry],
  });
  const submits = new Counter({
    name: "tx_submits_total",
    help: "Transaction submits answered, by operation and outcome (ok, invalid, rejected, refused, unavailable, error).",
    labelNames: ["operation", "outcome"],
    registers: [registry],
  });
  const refusals = new Counter({
    name: "quota_refusals_total",
    help: "Requests refused with 429, by reason: rate (the per-second bucket) or daily (the day's quota).",
    labelNames: ["reason"],
    registers: [registry],
  });
  const calls = new Counter({
    name: "chain_backend_calls_total",
    help: "Calls to the chain backend, by backend, method and outcome.",
    labelNames: ["backend", "method", "outcome"],
    registers: [registry],
  });
  const callLatency = new Histogram({
    name: "chain_backend_call_duration_seconds",
    help: "Seconds a chain backend call took (retries included), by backend, method and outcome.",
    labelNames: ["backend", "method", "outcome"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    setLedgerSize(read) {
      // Registered only on the devnet: a real network has no ledger of its own to count.
      new Gauge({
        name: "devnet_ledger_utxos",
        help: "Unspent outputs in the devnet's ledger.",
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },
    observe({ backend, method, outcome, seconds }) {
      calls.inc({ backend, method, outcome });
      callLatency.observe({ backend, method, outcome }, seconds);
    },
    onResponse(request, reply) {
      const status = reply.statusCode;
      // The pattern, never the raw URL: one series per route, whatever the path parameters.
      const route = request.routeOptions.url ?? "unmatched";
      const labels = { method: request.method, route: request.is404 ? "unmatched" : route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
      const operation = request.routeOptions.schema?.operationId;
      if (operation !== undefined && BUILD_OPERATIONS.has(operation))
        builds.inc({ operation, outcome: outcomeOfStatus(status) });
      if (operation !== undefined && SUBMIT_OPERATIONS.has(operation))
        submits.inc({ operation, outcome: outcomeOfStatus(status) });
      if (status === 429) {
        // The auth plugin refuses with the day's remainder in RateLimit-Remaining: 0 once the day's quota is spent.
        refusals.inc({ reason: String(reply.getHeader("ratelimit-remaining")) === "0" ? "daily" : "rate" });
      }
    },
  };
}

async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const metrics = createMetrics();
  app.decorate("metrics", metrics);
  app.addHook("onResponse", async (request, reply) => metrics.onResponse(request, reply));
}

export default fp(metricsPlugin, { name: "metrics", fastify: "5.x" });
