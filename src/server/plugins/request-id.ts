// Request ids: every request has one, in each of its log lines (`reqId`, Fastify's label), in the
// `X-Request-Id` header of its answer and in the `requestId` of an error body, so that a user can
// quote it and an operator find the request's log lines. A client's own `X-Request-Id` is kept
// when it is a sane token (1 to 128 characters of letters, digits and `-_.:`); anything else is
// replaced by a new UUID, so that a header cannot forge log lines or carry markup.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export const REQUEST_ID_HEADER = "x-request-id";

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the client's X-Request-Id when sane, else a new UUID. */
export function genReqId(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === "string" && SANE_ID.test(sent) ? sent : randomUUID();
}

async function requestIdPlugin(app: FastifyInstance): Promise<void> {
  app.addHook("onRequest", async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
}

export default fp(requestIdPlugin, { name: "request-id", fastify: "5.x" });
