// Blockfrost's POST /tx/submit: the signed transaction's bytes (application/cbor) to the devnet's
// ledger; the answer is its id as a JSON string once it is applied and on disk. A transaction the
// ledger refuses is Blockfrost's 400 with the ledger's reason.
import type { FastifyInstance } from "fastify";
import { BadRequestError } from "../../../errors.js";
import { toHex } from "../../../cardano/tx-cbor.js";
import { requireCborWithinLimits } from "../../../cardano/cbor-limits.js";
import type { BlockfrostRouteOptions } from "./http.js";

export default async function submitRoutes(app: FastifyInstance, _options: BlockfrostRouteOptions): Promise<void> {
  app.post("/tx/submit", { schema: { hide: true } }, async (request, reply) => {
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
      throw new BadRequestError(
        "The body must be the signed transaction's CBOR bytes, sent with Content-Type: application/cbor.",
      );
    }
    const hex = toHex(request.body);
    // Bounded before any decoder reads it, as POST /transactions/submit is.
    requireCborWithinLimits(hex, "body", "a Cardano transaction");
    const txHash = await app.chain.submit(hex);
    request.log.info({ txHash }, "transaction submitted");
    return reply.type("application/json").send(JSON.stringify(txHash));
  });
}
