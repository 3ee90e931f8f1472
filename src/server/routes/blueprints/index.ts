// The blueprint endpoints: store (create or update), list, delete the caller's CIP-57 blueprints,
// and apply parameters to validators. Thin: each handler finds the caller's owner, hands the
// request to one method of app.blueprints (src/blueprints/library.ts) and returns what it answers.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { MAX_BLUEPRINTS_PER_OWNER } from "../../../blueprints/library.js";
import { cursorAsSent, PAGINATION_NOTE } from "../../pagination.js";
import { errorResponses } from "../../schemas.js";
import { BLUEPRINT_ERRORS } from "./examples.js";
import { jsonBodyParser } from "../../validation.js";
import { within } from "../within.js";
import {
  AppliedParams,
  ApplyParamsBody,
  BlueprintList,
  BlueprintParams,
  Deleted,
  IDENTITY,
  ListQuery,
  OWNERSHIP,
  SaveBody,
  SavedBlueprint,
} from "./schemas.js";
import { applyParamsInput, DEFAULT_PAGE, listInput, saveInput } from "./to-domain.js";

/** The OpenAPI tag of the blueprint and validator endpoints. */
export const SMART_CONTRACT_TAGS = ["Smart contracts"];

export default async function blueprintRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { blueprints } = app;

  app.post(
    "/blueprints",
    {
      schema: {
        operationId: "upsertBlueprint",
        summary: "Store a blueprint (create or update), and where its validators are deployed",
        description:
          `Stores a CIP-57 blueprint (an Aiken plutus.json) for your API key and answers its validators and their script addresses. ${IDENTITY} ` +
          "Send it again with `refs` to record where validators are deployed as reference scripts (after submitting the transaction that " +
          "deploys them to their scriptAddresses): builds then spend and mint with them by reference. " +
          `${OWNERSHIP} A blueprint that is not CIP-57, a hash that is not its compiledCode's, a ref naming a hash the blueprint does not ` +
          `hold, or a new blueprint beyond the ${MAX_BLUEPRINTS_PER_OWNER} one key may store is 400 naming the field; a body over the ` +
          "service's body limit (BODY_LIMIT, 1 MiB by default) is 413.",
        tags: SMART_CONTRACT_TAGS,
        body: SaveBody,
        response: { 200: SavedBlueprint, ...errorResponses(BLUEPRINT_ERRORS.upsert) },
      },
    },
    async (request) => {
      const owner = await app.blueprintOwner(request);
      return within("body", () => blueprints.save(owner, saveInput(request.body)));
    },
  );

  app.get(
    "/blueprints",
    {
      schema: {
        operationId: "listBlueprints",
        summary: "Your blueprints, with filters",
        description:
          "The blueprints stored with your API key that match every filter given: `title` and `version` (the preamble's, exactly), `hash` " +
          `(holds a validator of that hash). Oldest first, in pages of \`limit\` (default ${DEFAULT_PAGE}).${PAGINATION_NOTE} \`pageState\` is the hosted API's ` +
          "name for the cursor, in the query and in the answer (absent on the last page). A page also ends before the blueprint that would bring the stored JSON it reads over " +
          `${Math.round(app.config.limits.listMaxBytes / 1024)} KiB (LIST_MAX_BYTES; a page holds at least one blueprint), so a page of large blueprints may hold fewer than \`limit\`: ` +
          "follow cursor until it is null. Each result describes the blueprint (validators, addresses, refs); with `include=blueprint` it also " +
          `carries the blueprint JSON as stored. ${OWNERSHIP}`,
        tags: SMART_CONTRACT_TAGS,
        querystring: ListQuery,
        response: { 200: BlueprintList, ...errorResponses(BLUEPRINT_ERRORS.list) },
      },
    },
    async (request) => {
      const owner = await app.blueprintOwner(request);
      const page = await within("querystring", () =>
        cursorAsSent(request.query, "pageState", () => blueprints.list(owner, listInput(request.query))),
      );
      return { ...page, cursor: page.pageState ?? null };
    },
  );

  // DELETE in a context of its own whose JSON parser takes an empty body: clients that send
  // Content-Type: application/json on every call (the hosted API's examples do) send it here too.
  await app.register(async (child) => {
    child.removeContentTypeParser("application/json");
    child.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
      if ((typeof body === "string" ? body : body.toString("utf8")).trim() === "") done(null, undefined);
      else jsonBodyParser(request, body, done);
    });
    child.withTypeProvider<TypeBoxTypeProvider>().delete(
      "/blueprints/:id",
      {
        schema: {
          operationId: "deleteBlueprint",
          summary: "Delete one of your blueprints",
          description:
            "Deletes the blueprint of this ID that you store, with its recorded refs (the reference scripts stay on chain). " +
            `A blueprint you do not store, whether another key's or none at all, is 404. ${OWNERSHIP}`,
          tags: SMART_CONTRACT_TAGS,
          params: BlueprintParams,
          response: { 200: Deleted, ...errorResponses(404, BLUEPRINT_ERRORS.delete) },
        },
      },
      async (request) => {
        const owner = await app.blueprintOwner(request);
        await blueprints.delete(owner, request.params.id);
        return { id: request.params.id, deleted: true as const };
      },
    );
  });

  app.post(
    "/blueprints/apply-params",
    {
      schema: {
        operationId: "applyBlueprintParams",
        summary: "Apply parameters to validators",
        description:
          "Applies parameter values to parameterized validators by UPLC application (Plutus V1, V2 and V3), and answers the applied " +
          "validators as a preloaded script to build with, and their addresses by their new hashes. `params` gives, for each validator " +
          "hash (as in the blueprint, before application), the values of all its parameters in order, each as JSON by the parameter's " +
          "schema (bytes as hex, for a ByteArray) or as Plutus data CBOR hex. The blueprint is the one sent, or the one of yours that " +
          "`blueprint: {title, version?}` names, or else the one of yours that holds the hashes (404 naming the hash when none does). " +
          "Nothing is stored. A hash the blueprint does not hold, a wrong number of values, or a value that does not match its " +
          `parameter's schema is 400 naming it (body.params.<hash>[i]). ${OWNERSHIP}`,
        tags: SMART_CONTRACT_TAGS,
        body: ApplyParamsBody,
        response: { 200: AppliedParams, ...errorResponses(404, BLUEPRINT_ERRORS.applyParams) },
      },
    },
    async (request) => {
      const owner = await app.blueprintOwner(request);
      return within("body", () => blueprints.applyParams(owner, applyParamsInput(request.body)));
    },
  );
}
