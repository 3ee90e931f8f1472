// Blockfrost's evaluate endpoints: POST /utils/txs/evaluate (the transaction's CBOR, as hex text or
// bytes, Content-Type application/cbor) and POST /utils/txs/evaluate/utxos (JSON {cbor,
// additionalUtxoSet}, also spelled additionalUtxoset). Answers in Ogmios v5's form, v6's with
// ?version=6 (src/devnet-index/evaluation.ts).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { toHex } from "../../../cardano/tx-cbor.js";
import { requireCborWithinLimits } from "../../../cardano/cbor-limits.js";
import { additionalUtxos, evaluationAnswer } from "../../../devnet-index/evaluation.js";
import { BadRequestError } from "../../../errors.js";
import type { BlockfrostRouteOptions } from "./http.js";

const HIDDEN = { schema: { hide: true } };

const versionOf = (request: FastifyRequest): 5 | 6 =>
  (request.query as Record<string, unknown>)["version"] === "6" ? 6 : 5;

/** The CBOR of the body: hex text as Blockfrost takes it, or the bytes themselves. */
function cborOf(body: unknown): string {
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw new BadRequestError(
      "The body must be the transaction's CBOR (hex), sent with Content-Type: application/cbor.",
    );
  const text = body.toString("latin1").trim();
  const hex = /^[0-9a-fA-F]+$/.test(text) && text.length % 2 === 0 ? text.toLowerCase() : toHex(body);
  requireCborWithinLimits(hex, "body", "a Cardano transaction");
  return hex;
}

export default async function evaluateRoutes(app: FastifyInstance, _options: BlockfrostRouteOptions): Promise<void> {
  app.post("/utils/txs/evaluate", HIDDEN, (request) =>
    evaluationAnswer(app.chain, cborOf(request.body), [], versionOf(request)),
  );
  app.post("/utils/txs/evaluate/utxos", HIDDEN, async (request) => {
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== "object" || typeof body["cbor"] !== "string" || !/^[0-9a-fA-F]+$/.test(body["cbor"])) {
      throw new BadRequestError("body.cbor is required: the transaction's CBOR in hex.");
    }
    requireCborWithinLimits(body["cbor"], "body.cbor", "a Cardano transaction");
    const field = "additionalUtxoSet" in body ? "additionalUtxoSet" : "additionalUtxoset";
    return evaluationAnswer(
      app.chain,
      body["cbor"].toLowerCase(),
      await additionalUtxos(body[field], `body.${field}`, async (ref) => (await app.chain.utxosByRef([ref]))[0]),
      versionOf(request),
    );
  });
}
