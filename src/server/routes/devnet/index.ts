// The embedded devnet's faucet and clock; on other networks both answer 404 saying so.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { isDevnet, type DevnetPort } from "../../../chain/port.js";
import { NotFoundError } from "../../../errors.js";
import { BASE_PATH } from "../../paths.js";
import { errorResponses } from "../../schemas.js";
import { SubmitResponse } from "../transactions/schemas.js";
import { within } from "../within.js";
import { AdvanceBody, FaucetBody, TipResponse } from "./schemas.js";
import { faucetRequest } from "./to-domain.js";

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
        summary: "Fund an address (devnet only)",
        description:
          "Sends lovelace from the devnet's genesis faucet to an address, in a transaction the ledger validates like any other. " +
          "Answers once the transaction is accepted and saved. 404 on other networks.",
        tags: ["Devnet"],
        body: FaucetBody,
        response: { 200: SubmitResponse, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const chain = devnet(`POST ${BASE_PATH}/devnet/faucet`);
      const txHash = await within("body", () => {
        const { address, lovelace } = faucetRequest(app.config.network, request.body);
        return chain.faucet(address, lovelace);
      });
      return { txHash };
    },
  );

  app.post(
    "/devnet/advance",
    {
      schema: {
        summary: "Move the devnet clock forward (devnet only)",
        description:
          "Moves the devnet's clock forward by `seconds` slots (one slot per second); afterwards it keeps following wall time from there. " +
          "Slot-to-time conversion does not change: slot N always starts at the devnet's start + N seconds. 404 on other networks.",
        tags: ["Devnet"],
        body: AdvanceBody,
        response: { 200: TipResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const chain = devnet(`POST ${BASE_PATH}/devnet/advance`);
      return chain.advance(request.body.seconds);
    },
  );
}
