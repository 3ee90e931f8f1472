// GET /health: the service's version and network, and whether the chain backend answers.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import type { Static } from "typebox";
import { isObservedChain } from "../../../chain/backend.js";
import { hasEvaluationCheck } from "../../../chain/cross-checked-evaluation.js";
import { VERSION } from "../../../version.js";
import { noChainBackend } from "../../../chain/index.js";
import { withExamples } from "../../schemas.js";
import * as X from "./examples.js";
import { Health } from "./schemas.js";
import { publicText } from "../../../url-display.js";

/**
 * How long health waits for a real-network backend's tip: one attempt, no retries (probe()), so
 * that a hanging backend makes health answer "degraded" in about this long rather than after the
 * backend's whole retry budget (25 s).
 */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000;

/** A backend that keeps state on the local disk (the devnet) and tells when it cannot write there. */
const hasStorageCheck = (chain: object): chain is { storageProblem(): Promise<string | null> } =>
  typeof (chain as { storageProblem?: unknown }).storageProblem === "function";

export default async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/health",
    {
      schema: {
        // Served twice (under the base path, and at the root for load balancers): one operationId each.
        operationId: app.prefix === "" ? "getRootHealth" : "getHealth",
        summary: "Service health and chain tip",
        description:
          "Never needs an API key. Answers 503 with status degraded when the chain backend is unreachable or not configured, when the devnet cannot write to its disk (full or failing), or when PostgreSQL (DATABASE_URL) or Redis (REDIS_URL) cannot be reached. A real-network backend is asked for its tip once, with a 2 s timeout and no retries, so that health answers within about 3 s even when the backend hangs.",
        tags: ["Health"],
        security: [],
        response: { 200: withExamples(Health, X.HEALTH_OK), 503: withExamples(Health, X.HEALTH_DEGRADED) },
      },
      config: { public: true },
    },
    async (_request, reply) => {
      const chain = app.chain;
      const base = {
        network: app.config.network,
        version: VERSION,
        backend: app.chainConfigured ? chain.backendName : null,
        ...(hasEvaluationCheck(chain) ? { evaluationCheck: chain.evaluationCheck() } : {}),
      };
      // Each problem is a sentence of `reason`; the chain's tip is asked for only when nothing else is wrong.
      const problems: string[] = [];
      // PostgreSQL or Redis unreachable: every keyed request answers 503 until it is back.
      const store = await app.storeProblem();
      if (store !== null)
        problems.push(`The service cannot serve keyed requests: ${store}. They answer 503 until it is back.`);
      if (!app.chainConfigured) problems.push(`${noChainBackend(app.config.network)}.`);
      // A full or failing disk under DATA_DIR: submits answer 503 until it takes writes again.
      const storage = app.chainConfigured && hasStorageCheck(chain) ? await chain.storageProblem() : null;
      if (storage !== null) {
        problems.push(
          `The ${chain.backendName} cannot save transactions: ${storage}. Free space there; health turns ok once a write succeeds.`,
        );
      }
      // Health is public: a backend is named by scheme and host, never by port, path, query or credentials.
      if (problems.length > 0)
        return reply.status(503).send({ ...base, status: "degraded", reason: publicText(problems.join(" ")) });
      try {
        const tip = await (isObservedChain(chain) ? chain.probe(HEALTH_PROBE_TIMEOUT_MS) : chain.tip());
        return { ...base, status: "ok", tip } satisfies Static<typeof Health>;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return reply.status(503).send({
          ...base,
          status: "degraded",
          reason: publicText(`The ${chain.backendName} backend is unreachable: ${reason}`),
        });
      }
    },
  );
}
