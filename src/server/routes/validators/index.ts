// The validator endpoints: the address of a script hash, and a validator's datums and redeemers
// between JSON and Plutus data by the schema of the caller's stored blueprint. Thin: each handler
// converts the request with ./to-domain.ts and calls one method of app.blueprints
// (src/blueprints/library.ts).
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { errorResponses } from "../../schemas.js";
import { BLUEPRINT_ERRORS } from "../blueprints/examples.js";
import { SMART_CONTRACT_TAGS } from "../blueprints/index.js";
import { OWNERSHIP } from "../blueprints/schemas.js";
import { within } from "../within.js";
import { parseInput, serializeInput, stakePartOf, validatorHashOf } from "./to-domain.js";
import {
  AddressQuery,
  Parsed,
  ParseBody,
  ScriptAddress,
  Serialized,
  SerializeBody,
  ValidatorParams,
} from "./schemas.js";

/** JSON text of a value the data codec answers: big integers (bigint) as numbers when safe, else as decimal strings. */
const jsonText = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "bigint" ? (Number.isSafeInteger(Number(v)) ? Number(v) : v.toString()) : v,
  );

export default async function validatorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { blueprints } = app;
  const network = app.config.network;

  app.get(
    "/validators/:hash/address",
    {
      schema: {
        operationId: "getValidatorAddress",
        summary: "The address of a script",
        description:
          `The address of the script of this hash on this instance's network (${network}), bech32 and hex: the enterprise address (no ` +
          "stake part), or with `stakeKeyHash` or `stakeScriptHash` the base address that delegates to that credential. Any script hash " +
          "is answered, whether a blueprint holds it or not: the address is a function of the hash.",
        tags: SMART_CONTRACT_TAGS,
        params: ValidatorParams,
        querystring: AddressQuery,
        response: { 200: ScriptAddress, ...errorResponses(BLUEPRINT_ERRORS.validatorAddress) },
      },
    },
    async (request) =>
      within("querystring", () =>
        blueprints.scriptAddress(validatorHashOf(request.params), stakePartOf(request.query)),
      ),
  );

  app.post(
    "/validators/:hash/serialize",
    {
      schema: {
        operationId: "serializeValidatorData",
        summary: "A datum or redeemer as Plutus data, by the validator's schema",
        description:
          "Converts a datum or redeemer given as JSON into Plutus data (CBOR hex) by the schema that your stored blueprint holding this " +
          "validator gives it for `type` and `purpose`: what to put in an inline datum or a redeemer. No blueprint of yours holds the hash: " +
          "404 naming it. Data that does not match the schema is 400 naming the path in it that does not (body.data.owner, " +
          `body.data.fields[1]…). ${OWNERSHIP}`,
        tags: SMART_CONTRACT_TAGS,
        params: ValidatorParams,
        body: SerializeBody,
        response: { 200: Serialized, ...errorResponses(404, BLUEPRINT_ERRORS.validatorData) },
      },
    },
    async (request) => {
      const owner = await app.blueprintOwner(request);
      return within("body", () =>
        blueprints.serialize(owner, validatorHashOf(request.params), serializeInput(request.body)),
      );
    },
  );

  app.post(
    "/validators/:hash/parse",
    {
      schema: {
        operationId: "parseValidatorData",
        summary: "Plutus data as the JSON of a datum or redeemer, by the validator's schema",
        description:
          "Reads Plutus data (CBOR hex) as the JSON of a datum or redeemer, by the schema that your stored blueprint holding this validator " +
          "gives it for `type` and `purpose`; the answer is that JSON itself, the form serialize takes. No blueprint of yours holds the " +
          "hash: 404 naming it. Data that is not valid CBOR, or does not match the schema, is 400 naming where (body.data.hex, and the path " +
          `in the data). ${OWNERSHIP}`,
        tags: SMART_CONTRACT_TAGS,
        params: ValidatorParams,
        body: ParseBody,
        response: { 200: Parsed, ...errorResponses(404, BLUEPRINT_ERRORS.validatorData) },
      },
    },
    async (request, reply) => {
      const owner = await app.blueprintOwner(request);
      const { input, hexField } = parseInput(request.body);
      const parsed = await within("body", () =>
        blueprints.parse(owner, validatorHashOf(request.params), input, hexField),
      );
      // The answer is any JSON value, a bare string or number included: sent as JSON text, whatever its type.
      return reply.type("application/json; charset=utf-8").send(jsonText(parsed));
    },
  );
}
