// The level of a request's log lines, by its answer's status: a 5xx (the service failed) at error,
// everything else at info, a 4xx (the client's mistake, answered with the fix) included, so that an
// operator alerting on error lines sees the service's failures and not its users' typos. Fastify's
// own "request completed" line keeps its form ({res: {statusCode}, responseTime}); only its level
// follows the status.
import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

export type RequestLogLevel = "info" | "error";

/** error for a 5xx answer, info for any other. */
export const levelFor = (statusCode: number): RequestLogLevel => (statusCode >= 500 ? "error" : "info");

/** Fastify's log controller with "request completed" at levelFor(status) instead of always info. */
export class RequestLogController extends LogController {
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || this.isLogDisabled(request)) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log[levelFor(reply.statusCode)]({ res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}
