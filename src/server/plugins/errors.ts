// Renders every error as {statusCode, error, code, message, requestId} (plus `detail`, the
// ledger's own words, on a translated ledger refusal), `code` from the registry
// (src/errors.ts, documented in docs/errors.md): coded errors keep their code and status,
// validation errors name the field, Fastify's and Node's own errors get the code of the
// situation they describe, and anything else is a bug (500, logged with its stack).
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorObject } from "ajv";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ERROR_CODES, isErrorCode, type ErrorCode } from "../../errors.js";
import { BASE_PATH } from "../paths.js";
import { corsForRoutingError } from "./cors.js";
import { methodNotAllowedFor } from "./methods.js";
import { suggestionsFor } from "../unknown-field-rules.js";
import { REQUEST_ID_HEADER } from "./request-id.js";
import { levelFor } from "../request-log.js";
import { logText, publicText } from "../../url-display.js";

type ValidationContext = "body" | "querystring" | "params" | "headers";

/** What an error answer says: the body is this plus the status's reason phrase. */
interface ErrorAnswer {
  statusCode: number;
  code: ErrorCode;
  message: string;
  /** The backend's own words behind a translated message (a ledger refusal's text). */
  detail?: string;
}

/**
 * Fastify's own errors, under the public code that says the same to a client (FST_ERR_* codes
 * never reach a client; the log keeps them as `errorCode`). Validation errors (FST_ERR_VALIDATION)
 * are told apart by their keyword in `validationAnswer`.
 */
export const FASTIFY_CODES: ReadonlyMap<string, ErrorCode> = new Map([
  ["FST_ERR_CTP_EMPTY_JSON_BODY", "HTTP_ERR_INVALID_JSON"],
  ["FST_ERR_CTP_INVALID_JSON_BODY", "HTTP_ERR_INVALID_JSON"],
  ["FST_ERR_CTP_INVALID_CONTENT_LENGTH", "HTTP_ERR_MALFORMED"],
  ["FST_ERR_CTP_BODY_TOO_LARGE", "HTTP_ERR_BODY_TOO_LARGE"],
  ["FST_ERR_CTP_INVALID_MEDIA_TYPE", "HTTP_ERR_UNSUPPORTED_MEDIA_TYPE"],
  ["FST_ERR_BAD_URL", "HTTP_ERR_BAD_URL"],
  ["FST_ERR_MAX_PARAM_LENGTH", "HTTP_ERR_PARAM_TOO_LONG"],
  ["FST_ERR_NOT_FOUND", "HTTP_ERR_UNKNOWN_ENDPOINT"],
]);

const INTERNAL_MESSAGE = "Internal error: this is a bug in the service, please report it.";

/** The path of a URL for a message, without the query and cut to a readable length. */
function shortPath(url: string): string {
  const path = url.split("?")[0] ?? "";
  return path.length > 120 ? `${path.slice(0, 100)}…` : path;
}

/** `/outputs/0/address` in the body → `body.outputs[0].address`. */
function fieldName(context: ValidationContext, instancePath: string, extra?: string): string {
  const parts = instancePath
    .split("/")
    .slice(1)
    .map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"));
  if (extra !== undefined) parts.push(extra);
  let name = context === "querystring" ? "query" : context;
  for (const part of parts) name += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
  return name;
}

function describeValidation(context: ValidationContext, error: ErrorObject | undefined): string {
  if (!error) return `${context} is invalid.`;
  const field = fieldName(context, error.instancePath);
  const described = (error.parentSchema as { description?: string } | undefined)?.description;
  switch (error.keyword) {
    case "required": {
      const missing = String(error.params["missingProperty"]);
      // A field that takes one value (a confirmation): the message says which.
      const property = (
        error.parentSchema as { properties?: Record<string, { const?: unknown; description?: string }> } | undefined
      )?.properties?.[missing];
      const only =
        property && "const" in property
          ? `: send ${JSON.stringify(property.const)}.${property.description ? ` ${property.description}` : ""}`
          : ".";
      return `${fieldName(context, error.instancePath, missing)} is required${only}`;
    }
    case "const":
      return `${field} must be ${JSON.stringify(error.params["allowedValue"])}.${described ? ` ${described}` : ""}`;
    case "additionalProperties": {
      // Unknown fields are checked before validation (unknown-field-guard.ts); this is the fallback, with the same "did you mean".
      const unknown = String(error.params["additionalProperty"]);
      const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const meant = suggestionsFor(unknown, known);
      return `${field} has an unknown field "${unknown}"${meant.length > 0 ? `; did you mean ${meant.join(" or ")}?` : "."}`;
    }
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

function validationAnswer(context: ValidationContext, errors: ErrorObject[]): ErrorAnswer {
  // With a union (anyOf) the branch errors come first and the anyOf error last: report the union.
  const error = errors.find((e) => e.keyword === "anyOf" || e.keyword === "oneOf") ?? errors[0];
  const code = error?.keyword === "additionalProperties" ? "SVC_ERR_UNKNOWN_FIELD" : "SVC_ERR_VALIDATION";
  return { statusCode: 400, code, message: describeValidation(context, error) };
}

function messageFor(error: FastifyError, code: ErrorCode): string {
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
  if (code === "SVC_ERR_INTERNAL") return INTERNAL_MESSAGE;
  if (error instanceof SyntaxError) return `The request body is not valid JSON: ${error.message}`;
  return error.message;
}

/** The public code of an error that is not a validation error. */
function codeOf(error: FastifyError, thrownStatus: number | undefined): ErrorCode {
  if (isErrorCode(error.code)) return error.code;
  const fastify = FASTIFY_CODES.get(error.code);
  if (fastify) return fastify;
  // An uncoded SyntaxError is a JSON.parse that failed: rendered as a body that is not valid JSON.
  if (error instanceof SyntaxError) return "HTTP_ERR_INVALID_JSON";
  // Another 4xx of the HTTP machinery (the docs page's static files: 403, 412, 416) keeps its status.
  if (thrownStatus !== undefined && thrownStatus < 500) return "HTTP_ERR_REFUSED";
  return "SVC_ERR_INTERNAL";
}

/** The answer to an error raised while handling a request: its code decides its status. */
function answerFor(error: FastifyError): ErrorAnswer {
  if (error.validation)
    return validationAnswer(
      (error.validationContext ?? "body") as ValidationContext,
      error.validation as ErrorObject[],
    );
  const thrownStatus =
    typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode <= 599
      ? error.statusCode
      : undefined;
  const code = codeOf(error, thrownStatus);
  const status = ERROR_CODES[code];
  // Only HTTP_ERR_REFUSED has no fixed status, and codeOf gives it only with a thrown 4xx.
  const answer: ErrorAnswer = {
    statusCode: typeof status === "number" ? status : (thrownStatus ?? 400),
    code,
    message: messageFor(error, code),
  };
  const detail = (error as { detail?: unknown }).detail;
  if (code !== "SVC_ERR_INTERNAL" && typeof detail === "string") answer.detail = detail;
  return answer;
}

/**
 * Sends an error answer and logs it: a bug (500) with its stack, anything else as one line with its
 * code, at error for a 5xx and info for a 4xx (levelFor).
 */
function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ErrorAnswer,
  error?: FastifyError,
): FastifyReply {
  const { statusCode, code } = answer;
  // A failing backend or store is named by scheme and host in the answer, with its port in the log; never a path, query or password.
  const message = statusCode >= 500 ? publicText(answer.message) : answer.message;
  const detail = answer.detail === undefined || statusCode < 500 ? answer.detail : publicText(answer.detail);
  if (code === "SVC_ERR_INTERNAL") request.log.error({ err: error, code }, "unhandled error");
  else {
    const errorCode = error?.code !== undefined && error.code !== code ? { errorCode: error.code } : {};
    request.log[levelFor(statusCode)](
      { code, statusCode, reason: logText(answer.message), ...errorCode, ...(detail === undefined ? {} : { detail }) },
      "request failed",
    );
  }
  const body = {
    statusCode,
    error: STATUS_CODES[statusCode] ?? "Error",
    code,
    message,
    ...(detail === undefined ? {} : { detail }),
    requestId: request.id,
  };
  return reply.status(statusCode).header(REQUEST_ID_HEADER, request.id).send(body);
}

/**
 * Fastify's `frameworkErrors` option: errors raised while routing, before any handler or hook
 * (a malformed percent-encoding in the URL, an over-long path parameter), get the same body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const answer = answerFor(error);
  const path = shortPath(request.url);
  if (answer.code === "HTTP_ERR_BAD_URL")
    answer.message = `The URL ${path} is not valid: it has a malformed percent-encoding.`;
  if (answer.code === "HTTP_ERR_PARAM_TOO_LONG")
    answer.message = `A path parameter of ${path} is longer than this service accepts.`;
  // No hook ran: the CORS headers the plugin would have set, so that a page can read this answer too.
  corsForRoutingError(request, reply);
  void sendAnswer(request, reply, answer, error);
}

/** What Node's HTTP parser refuses, by its error code; anything else is not valid HTTP. */
function clientErrorAnswer(error: NodeJS.ErrnoException): ErrorAnswer {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return {
        statusCode: 431,
        code: "HTTP_ERR_HEADERS_TOO_LARGE",
        message: "The request headers are larger than this service accepts.",
      };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { statusCode: 408, code: "HTTP_ERR_TIMEOUT", message: "The request did not arrive in time." };
    default:
      return { statusCode: 400, code: "HTTP_ERR_MALFORMED", message: "The request is not valid HTTP/1.1." };
  }
}

/**
 * Fastify's `clientErrorHandler` option: a request that is not valid HTTP, or whose headers are
 * too large, never reaches a route; it is answered in the same shape before the socket closes.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { statusCode, code, message } = clientErrorAnswer(error);
  // No request was parsed, so none of its headers can be trusted: the id is always a new one.
  const requestId = randomUUID();
  const body = JSON.stringify({ statusCode, error: STATUS_CODES[statusCode], code, message, requestId });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json\r\nX-Request-Id: ${requestId}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const headers = (error as { headers?: Record<string, string> }).headers;
    if (headers) void reply.headers(headers);
    return sendAnswer(request, reply, answerFor(error), error);
  });

  // The methods plugin, when registered (app.ts does, before this one): a path served under other methods is a 405.
  const routes = app.hasDecorator("routeMethods") ? app.routeMethods : undefined;
  app.setNotFoundHandler((request, reply) => {
    const wrongMethod = routes === undefined ? undefined : methodNotAllowedFor(routes, request);
    if (wrongMethod !== undefined) {
      void reply.headers(wrongMethod.headers);
      return sendAnswer(request, reply, answerFor(wrongMethod), wrongMethod);
    }
    const path = shortPath(request.url);
    return sendAnswer(request, reply, {
      statusCode: 404,
      code: "HTTP_ERR_UNKNOWN_ENDPOINT",
      message: `The endpoint ${request.method} ${path} is incorrect: every endpoint lives under ${BASE_PATH} (see ${BASE_PATH}/docs).`,
    });
  });
}

export default fp(errorsPlugin, { name: "errors", fastify: "5.x" });
