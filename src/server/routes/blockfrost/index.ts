// The devnet's Blockfrost-compatible API under /blockfrost/api/v0 (docs: README "Use Mesh, Lucid,
// Blaze against the devnet"): the endpoints the SDKs' Blockfrost providers call, answered from
// the devnet (src/devnet-index/), in Blockfrost's shapes and error body. An SDK's project id
// travels in the project_id header; the auth plugin reads it as the API key when keys are
// required (src/server/plugins/auth.ts). A path served under other methods is a 405 with Allow, a
// Blockfrost endpoint served by none of the routes a 501 naming it, any other path a 404; on a real network the whole prefix is a 404 saying it
// exists only on the devnet. Each group of routes is one file; none is in the service's OpenAPI
// document, which describes the prefix in its "Blockfrost-compatible (devnet)" tag instead
// (Blockfrost's own specification, @blockfrost/openapi, is the reference for each answer).
import type { FastifyInstance } from "fastify";
import { isDevnet } from "../../../chain/port.js";
import { methodNotAllowedFor } from "../../plugins/methods.js";
import { BlockfrostView } from "../../../devnet-index/blockfrost.js";
import { hasHistory } from "../../../devnet-index/history.js";
import accountRoutes from "./accounts.js";
import addressRoutes from "./addresses.js";
import assetRoutes from "./assets.js";
import chainRoutes from "./chain.js";
import evaluateRoutes from "./evaluate.js";
import { BLOCKFROST_PREFIX, blockfrostErrors, isBlockfrostEndpoint, pathOf, sendBlockfrostError } from "./http.js";
import scriptRoutes from "./scripts.js";
import submitRoutes from "./submit.js";
import txRoutes from "./txs.js";

export { BLOCKFROST_PREFIX } from "./http.js";

export default async function blockfrostRoutes(app: FastifyInstance): Promise<void> {
  blockfrostErrors(app);
  const chain = app.chain;
  const devnet = app.config.network === "devnet" && isDevnet(chain) && hasHistory(chain);
  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request);
    if (!devnet) {
      return sendBlockfrostError(
        reply,
        404,
        `The Blockfrost-compatible API (${BLOCKFROST_PREFIX}) exists only on the devnet; this instance serves ${app.config.network}.`,
      );
    }
    // A path served under other methods: 405 with Allow, in Blockfrost's error body.
    const wrongMethod = methodNotAllowedFor(app.routeMethods, request);
    if (wrongMethod !== undefined) {
      void reply.headers(wrongMethod.headers);
      return sendBlockfrostError(reply, 405, wrongMethod.message);
    }
    if (isBlockfrostEndpoint(path)) {
      return sendBlockfrostError(
        reply,
        501,
        `${request.method} ${BLOCKFROST_PREFIX}${path} is a Blockfrost endpoint that the devnet's Blockfrost-compatible API does not implement.`,
      );
    }
    return sendBlockfrostError(
      reply,
      404,
      `${request.method} ${BLOCKFROST_PREFIX}${path} is not a Blockfrost endpoint.`,
    );
  });
  if (!devnet) return;
  const view = new BlockfrostView(chain);
  // Blockfrost's submit takes the transaction's bytes (application/cbor); its evaluate the CBOR as hex text.
  app.addContentTypeParser("application/cbor", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  app.addContentTypeParser("text/plain", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  for (const routes of [
    chainRoutes,
    addressRoutes,
    txRoutes,
    assetRoutes,
    scriptRoutes,
    accountRoutes,
    evaluateRoutes,
    submitRoutes,
  ]) {
    await app.register(routes, { view });
  }
}
