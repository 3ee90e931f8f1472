// Blockfrost's /scripts: the scripts transactions carried (witnesses, reference scripts) and the datums they saw.
import type { FastifyInstance } from "fastify";
import { BadRequestError } from "../../../errors.js";
import type { BlockfrostRouteOptions } from "./http.js";

type Params = Record<string, string>;
const HIDDEN = { schema: { hide: true } };

function hexParam(params: unknown, name: string, digits: number, what: string): string {
  const value = (params as Params)[name] ?? "";
  if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(value))
    throw new BadRequestError(`Invalid or malformed ${what}: ${value} (${digits} hex digits).`);
  return value.toLowerCase();
}

export default async function scriptRoutes(app: FastifyInstance, { view }: BlockfrostRouteOptions): Promise<void> {
  app.get("/scripts/:hash", HIDDEN, (request) => view.script(hexParam(request.params, "hash", 56, "script hash")));
  app.get("/scripts/:hash/cbor", HIDDEN, (request) =>
    view.scriptCbor(hexParam(request.params, "hash", 56, "script hash")),
  );
  app.get("/scripts/:hash/json", HIDDEN, (request) =>
    view.scriptJson(hexParam(request.params, "hash", 56, "script hash")),
  );
  app.get("/scripts/datum/:hash/cbor", HIDDEN, (request) =>
    view.datumCbor(hexParam(request.params, "hash", 64, "datum hash")),
  );
}
