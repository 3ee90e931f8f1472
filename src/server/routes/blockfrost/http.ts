// What every Blockfrost-compatible route shares: Blockfrost's error body {status_code, error,
// message} for every error of the prefix (auth's 401 and 429 included), its list parameters, the
// 501 of a Blockfrost endpoint the devnet does not serve and the 404 of a path Blockfrost does not
// have (the endpoints are those of @blockfrost/openapi, the specification its answers follow).
import { readFileSync } from "node:fs";
import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { BlockfrostView, Paging } from "../../../devnet-index/blockfrost.js";
import { BadRequestError, ERROR_CODES, isErrorCode } from "../../../errors.js";
import { REQUEST_ID_HEADER } from "../../plugins/request-id.js";
import { levelFor } from "../../request-log.js";

/** The endpoints served under BLOCKFROST_PREFIX (the OpenAPI document lists them; a test checks each is registered). */
export const BLOCKFROST_ENDPOINTS: readonly string[] = [
  "GET /genesis",
  "GET /epochs/latest",
  "GET /epochs/latest/parameters",
  "GET /epochs/{number}",
  "GET /epochs/{number}/parameters",
  "GET /blocks/latest",
  "GET /blocks/latest/txs",
  "GET /blocks/{hash_or_number}",
  "GET /blocks/{hash_or_number}/txs",
  "GET /addresses/{address}",
  "GET /addresses/{address}/utxos",
  "GET /addresses/{address}/utxos/{asset}",
  "GET /addresses/{address}/transactions",
  "GET /txs/{hash}",
  "GET /txs/{hash}/utxos",
  "GET /txs/{hash}/cbor",
  "GET /txs/{hash}/metadata",
  "GET /txs/{hash}/metadata/cbor",
  "GET /txs/{hash}/redeemers",
  "GET /assets/{asset}",
  "GET /assets/{asset}/addresses",
  "GET /assets/{asset}/transactions",
  "GET /assets/policy/{policy_id}",
  "GET /scripts/{script_hash}",
  "GET /scripts/{script_hash}/cbor",
  "GET /scripts/{script_hash}/json",
  "GET /scripts/datum/{datum_hash}/cbor",
  "GET /accounts/{stake_address}",
  "POST /tx/submit",
  "POST /utils/txs/evaluate",
  "POST /utils/txs/evaluate/utxos",
];

/** What each group of routes is registered with: the devnet read as Blockfrost serves a chain. */
export interface BlockfrostRouteOptions {
  readonly view: BlockfrostView;
}

/** Where the devnet's Blockfrost-compatible API lives. */
export const BLOCKFROST_PREFIX = "/blockfrost/api/v0";

export function sendBlockfrostError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .status(status)
    .header(REQUEST_ID_HEADER, reply.request.id)
    .send({ status_code: status, error: STATUS_CODES[status] ?? "Error", message });
}

/** The status of an error under the prefix: its code's, except that a ledger refusal is Blockfrost's 400. */
function statusOf(error: FastifyError): number {
  if (error.validation) return 400;
  if (error.code === "CHAIN_ERR_LEDGER_REJECTED") return 400;
  if (isErrorCode(error.code)) {
    const status = ERROR_CODES[error.code];
    return typeof status === "number" ? status : (error.statusCode ?? 400);
  }
  if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500)
    return error.statusCode;
  return 500;
}

export function blockfrostErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = statusOf(error);
    const headers = (error as { headers?: Record<string, string> }).headers;
    if (headers) void reply.headers(headers);
    if (status >= 500 && !isErrorCode(error.code)) {
      request.log.error({ err: error }, "unhandled error");
      return sendBlockfrostError(reply, 500, "Internal error: this is a bug in the service, please report it.");
    }
    request.log[levelFor(status)]({ statusCode: status, reason: error.message }, "request failed");
    return sendBlockfrostError(reply, status, error.message);
  });
}

/** Blockfrost's path templates ("/addresses/{address}/utxos") as patterns, from its specification. */
const BLOCKFROST_PATHS: readonly RegExp[] = (() => {
  const file = new URL("json-schema.json", new URL("..", import.meta.resolve("@blockfrost/openapi")));
  const spec = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  return Object.keys(spec).map((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, "[^/]+")}/?$`));
})();

/** Whether `path` (after the prefix) is an endpoint of Blockfrost's API. */
export const isBlockfrostEndpoint = (path: string): boolean => BLOCKFROST_PATHS.some((p) => p.test(path));

/** The path after the prefix, without the query. */
export const pathOf = (request: FastifyRequest): string =>
  (request.url.split("?")[0] ?? "").slice(BLOCKFROST_PREFIX.length).replace(/\/{2,}/g, "/");

const whole = (value: unknown, field: string, min: number, max: number): number | undefined => {
  if (value === undefined) return undefined;
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new BadRequestError(
      `Query parameter ${field} must be a whole number from ${min} to ${max}; it is ${JSON.stringify(value)}.`,
    );
  return n;
};

/** Blockfrost's page, count and order query parameters, checked. */
export function pagingOf(query: unknown): Paging {
  const q = (query ?? {}) as Record<string, unknown>;
  const order = q["order"];
  if (order !== undefined && order !== "asc" && order !== "desc")
    throw new BadRequestError(`Query parameter order must be asc or desc; it is ${JSON.stringify(order)}.`);
  const page = whole(q["page"], "page", 1, 21_474_836);
  const count = whole(q["count"], "count", 1, 100);
  return {
    ...(page === undefined ? {} : { page }),
    ...(count === undefined ? {} : { count }),
    ...(order === undefined ? {} : { order }),
  };
}
