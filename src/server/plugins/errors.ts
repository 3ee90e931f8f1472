// Renders every error as {statusCode, error, message}: validation errors name the field,
// coded errors keep their status, anything else is a bug (500, logged with its stack).
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorObject } from "ajv";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { BASE_PATH } from "../paths.js";

type ValidationContext = "body" | "querystring" | "params" | "headers";

/** The path of a URL for a message, without the query and cut to a readable length. */
function shortPath(url: string): string {
  const path = url.split("?")[0] ?? "";
  return path.length > 120 ? `${path.slice(0, 100)}…` : path;
}

/** `/outputs/0/address` in the body → `body.outputs[0].address`. */
function fieldName(context: ValidationContext, instancePath: string, extra?: string): string {
  const parts = instancePath.split("/").slice(1).map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"));
  if (extra !== undefined) parts.push(extra);
  let name = context === "querystring" ? "query" : context;
  for (const part of parts) name += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
  return name;
}

function describeValidation(context: ValidationContext, errors: ErrorObject[]): string {
  // With a union (anyOf) the branch errors come first and the anyOf error last: report the union.
  const error = errors.find((e) => e.keyword === "anyOf" || e.keyword === "oneOf") ?? errors[0];
  if (!error) return `${context} is invalid.`;
  const field = fieldName(context, error.instancePath);
  const described = (error.parentSchema as { description?: string } | undefined)?.description;
  switch (error.keyword) {
    case "required":
      return `${fieldName(context, error.instancePath, String(error.params["missingProperty"]))} is required.`;
    case "additionalProperties":
      return `${field} has an unknown field "${String(error.params["additionalProperty"])}".`;
    case "anyOf":
    case "oneOf":
      return described ? `${field} is invalid: ${described}` : `${field} does not match any of the accepted forms.`;
    case "pattern":
      return described ? `${field} is invalid: ${described}` : `${field} has the wrong format.`;
    case "type":
      return `${field} must be ${String(error.params["type"]).replace(",", " or ")}.`;
    default:
      return `${field} ${error.message ?? "is invalid"}.`;
  }
}

function messageFor(error: FastifyError, statusCode: number): string {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is larger than this service accepts.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "The request body must be JSON: send the header Content-Type: application/json.";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is empty: send a JSON object.";
    case "FST_ERR_CTP_INVALID_JSON_BODY": {
      const cause = (error as { cause?: unknown }).cause;
      return `The request body is not valid JSON${cause instanceof Error ? `: ${cause.message}` : "."}`;
    }
  }
  if (error instanceof SyntaxError) return `The request body is not valid JSON: ${error.message}`;
  if (statusCode >= 500 && statusCode !== 503) return "Internal error: this is a bug in the service, please report it.";
  return error.message;
}

/**
 * Fastify's `frameworkErrors` option: errors raised while routing, before any handler or hook
 * (a malformed percent-encoding in the URL, an over-long path parameter), get the same body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const path = shortPath(request.url);
  let statusCode = typeof error.statusCode === "number" && error.statusCode >= 400 ? error.statusCode : 500;
  let message: string;
  switch (error.code) {
    case "FST_ERR_BAD_URL":
      statusCode = 400;
      message = `The URL ${path} is not valid: it has a malformed percent-encoding.`;
      break;
    case "FST_ERR_MAX_PARAM_LENGTH":
      statusCode = 414;
      message = `A path parameter of ${path} is longer than this service accepts.`;
      break;
    default:
      message = messageFor(error, statusCode);
  }
  if (statusCode >= 500) request.log.error({ err: error }, "routing error");
  void reply.status(statusCode).send({ statusCode, error: STATUS_CODES[statusCode] ?? "Error", message });
}

/**
 * Fastify's `clientErrorHandler` option: a request that is not valid HTTP, or whose headers are
 * too large, never reaches a route; it is answered in the same shape before the socket closes.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  let statusCode = 400;
  let message = "The request is not valid HTTP/1.1.";
  if (error.code === "HPE_HEADER_OVERFLOW") {
    statusCode = 431;
    message = "The request headers are larger than this service accepts.";
  } else if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    statusCode = 408;
    message = "The request did not arrive in time.";
  }
  const body = JSON.stringify({ statusCode, error: STATUS_CODES[statusCode], message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const context = (error.validationContext ?? "body") as ValidationContext;
      return reply.status(400).send({
        statusCode: 400,
        error: STATUS_CODES[400],
        message: describeValidation(context, error.validation as ErrorObject[]),
      });
    }
    let statusCode = typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode <= 599 ? error.statusCode : 500;
    if (error instanceof SyntaxError && statusCode === 500) statusCode = 400;
    if (statusCode >= 500 && statusCode !== 503) request.log.error({ err: error }, "unhandled error");
    else request.log.info({ code: error.code, statusCode, msg: error.message }, "request failed");
    const headers = (error as { headers?: Record<string, string> }).headers;
    if (headers) void reply.headers(headers);
    return reply.status(statusCode).send({ statusCode, error: STATUS_CODES[statusCode] ?? "Error", message: messageFor(error, statusCode) });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = shortPath(request.url);
    return reply.status(404).send({
      statusCode: 404,
      error: STATUS_CODES[404],
      message: `The endpoint ${request.method} ${path} is incorrect: every endpoint lives under ${BASE_PATH} (see ${BASE_PATH}/docs).`,
    });
  });
}

export default fp(errorsPlugin, { name: "errors", fastify: "5.x" });
