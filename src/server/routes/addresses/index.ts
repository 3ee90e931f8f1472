// GET /addresses/{address}/utxos: the chain query a client makes before building.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { encodeUtxo } from "../../../cardano/utxo.js";
import { errorResponses, withExamples, withParamExamples } from "../../schemas.js";
import * as X from "../examples.js";
import { within } from "../within.js";
import { AddressParams, UtxosResponse } from "./schemas.js";
import { utxoQueryAddress } from "./to-domain.js";

export default async function addressRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/addresses/:address/utxos",
    {
      schema: {
        operationId: "getAddressUtxos",
        summary: "UTxOs at an address",
        description:
          "The unspent outputs at a payment address, as UTxO strings (CIP-30 getUtxos() format). An address of the other network family, " +
          "a reward address or a Byron address is 400.",
        tags: ["Chain"],
        params: withParamExamples(AddressParams, { address: X.EXAMPLE_PLAYER }),
        response: { 200: withExamples(UtxosResponse, X.UTXOS_ANSWER), ...errorResponses(503, { 400: X.NOT_AN_ADDRESS }) },
      },
    },
    async (request) => {
      const address = await within("params", () => utxoQueryAddress(app.config.network, request.params));
      const utxos = await app.chain.utxosAt(address);
      return { utxos: utxos.map(encodeUtxo) };
    },
  );
}
