// GET /addresses/{address}/utxos: the chain query a client makes before building; with
// view=decoded, the same UTxOs as JSON a person reads (src/tx/decoded-view.ts).
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { encodeUtxo } from "../../../cardano/utxo.js";
import { decodedUtxo } from "../../../tx/decoded-view.js";
import { errorResponses, withExamples, withParamExamples } from "../../schemas.js";
import * as X from "../examples.js";
import { within } from "../within.js";
import { DECODED_UTXOS_ANSWER } from "./examples.js";
import { AddressParams, UtxosAnswer, UtxosQuery } from "./schemas.js";
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
          "The unspent outputs at a payment address, as UTxO strings (CIP-30 getUtxos() format), or with view=decoded as JSON: " +
          "lovelace and asset quantities as decimal strings, each asset's name as text when it is printable and its CIP-67 label (100, 222, 333, 444) when it has one, " +
          "the datum's hash and the inline datum as Plutus data JSON (detailed schema), the reference script's hash. " +
          "An address of the other network family, a reward address or a Byron address is 400, and so is a view other than cbor or decoded.",
        tags: ["Chain"],
        params: withParamExamples(AddressParams, { address: X.EXAMPLE_PLAYER }),
        querystring: UtxosQuery,
        response: {
          200: withExamples(UtxosAnswer, X.UTXOS_ANSWER, DECODED_UTXOS_ANSWER),
          ...errorResponses(503, { 400: X.NOT_AN_ADDRESS }),
        },
      },
    },
    async (request) => {
      const address = await within("params", () => utxoQueryAddress(app.config.network, request.params));
      const utxos = await app.chain.utxosAt(address);
      return request.query.view === "decoded" ? { utxos: utxos.map(decodedUtxo) } : { utxos: utxos.map(encodeUtxo) };
    },
  );
}
