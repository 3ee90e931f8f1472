// POST /transactions/build, POST /transactions/submit and GET /transactions/{txHash}. The submit
// route is also registered as POST /tournaments/submit-tx (registerSubmitRoute), so both share it exactly.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { buildTransaction } from "../../../tx/build.js";
import { submitSigned } from "../../../tx/submit.js";
import { errorResponses } from "../../schemas.js";
import { within } from "../within.js";
import { BuildBody, BuildResponse, SubmitBody, SubmitResponse, TxParams, TxStatusResponse } from "./schemas.js";
import { txHashOf } from "./to-domain.js";

const SUBMIT_DESCRIPTION =
  "Adds the vkey witnesses of `signatures` to the transaction (its body, hence its id, stays byte for byte the same) and submits it. " +
  "A transaction the ledger already accepted answers 200 with the same txHash. A transaction the ledger rejects is 422 with the ledger's reason; " +
  "hex or CBOR that does not decode is 400 naming the field.";

/** Registers a submit route at `path` (POST /transactions/submit, POST /tournaments/submit-tx). */
export function registerSubmitRoute(fastify: FastifyInstance, path: string, meta: { summary: string; tag: string }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    path,
    {
      schema: {
        summary: meta.summary,
        description: SUBMIT_DESCRIPTION,
        tags: [meta.tag],
        body: SubmitBody,
        response: { 200: SubmitResponse, ...errorResponses(422, 503) },
      },
    },
    async (request) => {
      const { transaction, signatures = [] } = request.body;
      return { txHash: await within("body", () => submitSigned(app.chain, transaction, signatures)) };
    },
  );
}

export default async function transactionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    "/transactions/build",
    {
      schema: {
        summary: "Build an unsigned transaction",
        description:
          "Builds and balances an unsigned transaction (payments, native-script mints and burns, metadata, datums, validity, reference inputs, stake and vote delegations, CIP-68 metadata updates) with coin selection over `utxos` " +
          "(or the change address's UTxOs). Returns it ready to sign: sign `complete` and submit it with POST /transactions/submit. " +
          "Missing funds, assets that cannot be burned, a missing or mismatched policy script, an address of the other network family, an output below the ledger minimum, " +
          "an undecodable UTxO string or a transaction over the ledger's 16,384 bytes are 400 with a message saying what to change.",
        tags: ["Transactions"],
        body: BuildBody,
        response: { 200: BuildResponse, ...errorResponses(422, 503) },
      },
    },
    async (request) => {
      // Scripts the request names are looked up in the caller's stored blueprints (after its preloadedScripts).
      const scripts = app.blueprints.catalog(await app.blueprintOwner(request));
      return within("body", () => buildTransaction(request.body, { network: app.config.network, chain: app.chain, eraHistory: app.eraHistory, scripts }));
    },
  );

  registerSubmitRoute(app, "/transactions/submit", { summary: "Submit a signed transaction", tag: "Transactions" });

  app.get(
    "/transactions/:txHash",
    {
      schema: {
        summary: "Transaction status",
        description: "confirmed when the ledger accepted the transaction, unknown otherwise (never seen, rejected, or not yet on the chain).",
        tags: ["Transactions"],
        params: TxParams,
        response: { 200: TxStatusResponse, ...errorResponses(503) },
      },
    },
    async (request) => {
      const txHash = txHashOf(request.params);
      return { txHash, status: await app.chain.txStatus(txHash) };
    },
  );
}
