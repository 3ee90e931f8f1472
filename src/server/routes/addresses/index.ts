// GET /addresses/{address}/utxos: the chain query a client makes before building; with
// view=decoded, the same UTxOs as JSON a person reads (src/tx/view/decoded-view.ts).
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { encodeUtxo } from "../../../cardano/utxo.js";
import { decodedUtxo } from "../../../tx/view/decoded-view.js";
import { decodeOutputCursor, encodeOutputCursor, PAGINATION_NOTE } from "../../pagination.js";
import { errorResponses, withExamples, withParamExamples } from "../../schemas.js";
import { EXAMPLE_PLAYER } from "../examples.js";
import { within } from "../within.js";
import * as X from "./examples.js";
import { AddressParams, UtxosAnswer, UtxosQuery } from "./schemas.js";
import { utxoQueryAddress } from "./to-domain.js";

type Ref = { readonly input: { readonly txHash: string; readonly outputIndex: number } };

const outputRef = (u: Ref): string => `${u.input.txHash}#${u.input.outputIndex}`;

const refOf = (ref: string): Ref => {
  const [txHash = "", index = "0"] = ref.split("#");
  return { input: { txHash, outputIndex: Number(index) } };
};

/** Output reference order: the transaction hash, then the index. */
const byOutputRef = (a: Ref, b: Ref): number =>
  a.input.txHash < b.input.txHash
    ? -1
    : a.input.txHash > b.input.txHash
      ? 1
      : a.input.outputIndex - b.input.outputIndex;

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
          "Ordered by output reference (transaction hash, then index). " +
          "An address of the other network family, a reward address or a Byron address is 400, and so is a view other than cbor or decoded." +
          PAGINATION_NOTE +
          " Without `limit`, every UTxO comes in one answer (cursor null), as before.",
        tags: ["Chain"],
        params: withParamExamples(AddressParams, { address: EXAMPLE_PLAYER }),
        querystring: UtxosQuery,
        response: {
          200: withExamples(UtxosAnswer, X.UTXOS_ANSWER, X.DECODED_UTXOS_ANSWER),
          ...errorResponses(503, { 400: X.NOT_AN_ADDRESS }),
        },
      },
    },
    async (request) => {
      const address = await within("params", () => utxoQueryAddress(app.config.network, request.params));
      const { limit, cursor } = request.query;
      const after =
        cursor === undefined ? undefined : await within("querystring", () => decodeOutputCursor(cursor, "cursor"));
      const all = (await app.chain.utxosAt(address)).sort(byOutputRef);
      const rest = after === undefined ? all : all.filter((u) => byOutputRef(u, refOf(after)) > 0);
      const utxos = limit === undefined ? rest : rest.slice(0, limit);
      const last = utxos[utxos.length - 1];
      const next = rest.length > utxos.length && last !== undefined ? encodeOutputCursor(outputRef(last)) : null;
      return request.query.view === "decoded"
        ? { utxos: utxos.map(decodedUtxo), cursor: next }
        : { utxos: utxos.map(encodeUtxo), cursor: next };
    },
  );
}
