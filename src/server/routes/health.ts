import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { isObservedChain } from "../../chain/backend.js";
import { hasEvaluationCheck } from "../../chain/cross-checked-evaluation.js";
import { VERSION } from "../../version.js";

/**
 * How long health waits for a real-network backend's tip: one attempt, no retries (probe()), so
 * that a hanging backend makes health answer "degraded" in about this long rather than after the
 * backend's whole retry budget (25 s).
 */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000;

const Health = Type.Object({
  status: Type.Union([Type.Literal("ok"), Type.Literal("degraded")], { description: "ok when the chain backend answers." }),
  network: Type.String({ description: "The network this instance serves: devnet, preview, preprod or mainnet." }),
  version: Type.String({ description: "The service version." }),
  backend: Type.Union([Type.String(), Type.Null()], { description: "The chain backend: devnet, blockfrost, ogmios-kupo, or null when none is configured." }),
  tip: Type.Optional(
    Type.Object(
      {
        slot: Type.Integer({ description: "The current slot." }),
        time: Type.Integer({ description: "Unix milliseconds of the current slot's start." }),
      },
      { description: "The chain tip, when the backend answers." },
    ),
  ),
  reason: Type.Optional(Type.String({ description: "Why the service is degraded." })),
  evaluationCheck: Type.Optional(
    Type.Object(
      {
        agreed: Type.Integer({ description: "Evaluations where the local one gave the backend's budgets (or both refused)." }),
        disagreed: Type.Integer({ description: "Evaluations where they differed (the backend's answer was used; each is logged as a warning)." }),
        localFailed: Type.Integer({ description: "Evaluations the local evaluator could not run (e.g. an input it could not resolve)." }),
      },
      { description: "Real networks: how the backend's script evaluations compared with the service's local Scalus evaluation since start." },
    ),
  ),
}, { description: "The service's health: ok with the chain tip, or degraded with the reason." });

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/health",
    {
      schema: {
        summary: "Service health and chain tip",
        description:
          "Never needs an API key. Answers 503 with status degraded when the chain backend is unreachable or not configured. A real-network backend is asked for its tip once, with a 2 s timeout and no retries, so that health answers within about 3 s even when the backend hangs.",
        tags: ["Health"],
        security: [],
        response: { 200: Health, 503: Health },
      },
      config: { public: true },
    },
    async (_request, reply) => {
      const base = {
        network: app.config.network,
        version: VERSION,
        backend: app.chain?.backendName ?? null,
        ...(app.chain && hasEvaluationCheck(app.chain) ? { evaluationCheck: app.chain.evaluationCheck() } : {}),
      };
      if (!app.chain) {
        return reply.status(503).send({
          ...base,
          status: "degraded",
          reason: `No chain backend is configured for ${app.config.network}: set BLOCKFROST_PROJECT_ID, or OGMIOS_URL and KUPO_URL.`,
        });
      }
      try {
        const chain = app.chain;
        const tip = await (isObservedChain(chain) ? chain.probe(HEALTH_PROBE_TIMEOUT_MS) : chain.tip());
        return { ...base, status: "ok", tip };
      } catch (error) {
        return reply.status(503).send({ ...base, status: "degraded", reason: `The ${app.chain.backendName} backend is unreachable: ${(error as Error).message}` });
      }
    },
  );
}
