// The embedded devnet's faucet, clock, and the stake pools and DReps it seeds by id (so that
// delegations to a real network's pool or DRep run here unchanged); what it tells of itself, its
// reset and its named snapshots (./controls.ts). On other networks all answer 404 saying so.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { isDevnet, type DevnetPort } from "../../../chain/port.js";
import { NotFoundError } from "../../../errors.js";
import { BASE_PATH } from "../../paths.js";
import { errorResponses, withExamples } from "../../schemas.js";
import { required } from "../examples.js";
import * as X from "./examples.js";
import { SubmitResponse } from "../transactions/schemas.js";
import { within } from "../within.js";
import { drepIdOf, poolIdOf } from "../../../cardano/delegatees.js";
import {
  AdvanceBody,
  DRepBody,
  DRepResponse,
  FaucetBody,
  StakePoolBody,
  StakePoolResponse,
  TipResponse,
} from "./schemas.js";
import { drepToSeed, faucetRequest, FAUCET_ABOVE_MAX, poolToSeed } from "./to-domain.js";
import devnetControls from "./controls.js";

export default async function devnetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /** The devnet, or a 404 saying the endpoint exists only there. */
  const devnet = (endpoint: string): DevnetPort => {
    const chain = app.chain;
    if (app.config.network === "devnet" && isDevnet(chain)) return chain;
    throw new NotFoundError(`${endpoint} exists only on the devnet; this instance serves ${app.config.network}.`);
  };

  app.post(
    "/devnet/faucet",
    {
      schema: {
        operationId: "fundDevnetAddress",
        summary: "Fund an address (devnet only)",
        description:
          "Sends lovelace from the devnet's genesis faucet to an address, in a transaction the ledger validates like any other. " +
          "Answers once the transaction is accepted and saved. At most DEVNET_FAUCET_MAX_LOVELACE a request (1,000,000 ADA by default; GET /devnet tells it): " +
          "more is a 400 naming the maximum. 404 on other networks.",
        tags: ["Devnet"],
        body: withExamples(FaucetBody, X.FAUCET_REQUEST),
        response: {
          200: withExamples(SubmitResponse, X.FAUCET_ANSWER),
          ...errorResponses(404, 422, {
            400: FAUCET_ABOVE_MAX,
            404: X.devnetOnly(`POST ${BASE_PATH}/devnet/faucet`),
            422: X.FAUCET_OUTPUT_TOO_SMALL,
          }),
        },
      },
    },
    async (request) => {
      const chain = devnet(`POST ${BASE_PATH}/devnet/faucet`);
      const txHash = await within("body", () => {
        const { address, lovelace } = faucetRequest(
          app.config.network,
          request.body,
          app.config.devnet.faucetMaxLovelace,
        );
        return chain.faucet(address, lovelace);
      });
      return { txHash };
    },
  );

  app.post(
    "/devnet/advance",
    {
      schema: {
        operationId: "advanceDevnetClock",
        summary: "Move the devnet clock forward (devnet only)",
        description:
          "Moves the devnet's clock forward by `seconds` slots (one slot per second); afterwards it keeps following wall time from there. " +
          "Slot-to-time conversion does not change: slot N always starts at the devnet's start + N seconds. 404 on other networks.",
        tags: ["Devnet"],
        body: withExamples(AdvanceBody, X.ADVANCE_REQUEST),
        response: {
          200: withExamples(TipResponse, X.ADVANCE_ANSWER),
          ...errorResponses(404, { 400: required("seconds"), 404: X.devnetOnly(`POST ${BASE_PATH}/devnet/advance`) }),
        },
      },
    },
    async (request) => {
      const chain = devnet(`POST ${BASE_PATH}/devnet/advance`);
      return chain.advance(request.body.seconds);
    },
  );

  const SEEDED =
    "Nobody holds its keys and no deposit is paid: it exists so that accounts can delegate to it, as they would on the network where it is registered " +
    "(the devnet refuses a delegation to a pool or DRep it does not know, as the ledger does). Saved with the devnet's state: it stays registered across restarts. " +
    "Idempotent: registering it again answers created: false and changes nothing. 404 on other networks.";

  app.post(
    "/devnet/stake-pools",
    {
      schema: {
        operationId: "registerDevnetStakePool",
        summary: "Register a stake pool by its id (devnet only)",
        description: `Registers a stake pool on the devnet by its id alone, as an operator seeds a test chain (e.g. a preprod pool that the hosted API's examples delegate to). ${SEEDED}`,
        tags: ["Devnet"],
        body: StakePoolBody,
        response: {
          200: StakePoolResponse,
          ...errorResponses(404, {
            400: {
              code: "SVC_ERR_BAD_REQUEST",
              message:
                "body.poolId is not a stake pool id: give its bech32 id (pool1…, 28 bytes; checksum included) or the pool's key hash as 56 hex digits.",
            },
            404: X.devnetOnly(`POST ${BASE_PATH}/devnet/stake-pools`),
          }),
        },
      },
    },
    async (request) => {
      const chain = devnet(`POST ${BASE_PATH}/devnet/stake-pools`);
      const keyHash = await within("body", () => poolToSeed(request.body));
      return { poolId: poolIdOf(keyHash), keyHash, created: await chain.seedPool(keyHash) };
    },
  );

  app.post(
    "/devnet/dreps",
    {
      schema: {
        operationId: "registerDevnetDRep",
        summary: "Register a DRep by its id (devnet only)",
        description: `Registers a key or script DRep on the devnet by its id alone, as an operator seeds a test chain (e.g. a preprod DRep that the hosted API's examples delegate votes to). ${SEEDED}`,
        tags: ["Devnet"],
        body: DRepBody,
        response: {
          200: DRepResponse,
          ...errorResponses(404, {
            400: {
              code: "SVC_ERR_BAD_REQUEST",
              message:
                "body.drepId is always-abstain, a predefined DRep that every chain knows: it needs no registration. Give a key or script DRep's id.",
            },
            404: X.devnetOnly(`POST ${BASE_PATH}/devnet/dreps`),
          }),
        },
      },
    },
    async (request) => {
      const chain = devnet(`POST ${BASE_PATH}/devnet/dreps`);
      const drep = await within("body", () => drepToSeed(request.body));
      return { drepId: drepIdOf(drep), kind: drep.kind, hash: drep.hash, created: await chain.seedDRep(drep) };
    },
  );

  await app.register(devnetControls, { devnet });
}
