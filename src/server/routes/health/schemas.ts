// The health answer: ok with the chain tip, or degraded with the reason.
import { Type } from "typebox";

export const Health = Type.Object(
  {
    status: Type.Union([Type.Literal("ok"), Type.Literal("degraded")], {
      description: "ok when the chain backend answers (and, on the devnet, its disk takes writes).",
    }),
    network: Type.String({ description: "The network this instance serves: devnet, preview, preprod or mainnet." }),
    version: Type.String({ description: "The service version." }),
    backend: Type.Union([Type.String(), Type.Null()], {
      description: "The chain backend: devnet, blockfrost, ogmios-kupo, or null when none is configured.",
    }),
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
          agreed: Type.Integer({
            description: "Evaluations where the local one gave the backend's budgets (or both refused).",
          }),
          disagreed: Type.Integer({
            description:
              "Evaluations where they differed (the backend's answer was used; each is logged as a warning).",
          }),
          localFailed: Type.Integer({
            description: "Evaluations the local evaluator could not run (e.g. an input it could not resolve).",
          }),
        },
        {
          description:
            "Real networks: how the backend's script evaluations compared with the service's local Scalus evaluation since start.",
        },
      ),
    ),
  },
  { description: "The service's health: ok with the chain tip, or degraded with the reason." },
);
